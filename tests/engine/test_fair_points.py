"""Fair points: forces built to a points limit, the fit at even odds with Fieller's interval, and the mirror fixture
(``tests/engine/skirmish.py``): two identical forces, one copy of a squad priced 30% under its twin."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from pnpforge.engine.fair_fit import fit
from pnpforge.engine.fair_points import analysis, fit_points, spend, trial_values

from tests.conftest import DATA
from tests.engine.registered import pack_at
from tests.engine.skirmish import MARGIN, PACKAGE, force


def test_spend_buys_models_in_turn_while_the_points_last() -> None:
    models, left = spend(23, [("a", 5, 10, 1, 12), ("b", 4, 3, 1, 20)])
    assert models == {"a": 12, "b": 6} and left == 1  # a to its most, then b while four points remain


def test_spend_sheds_models_when_over_the_limit_and_never_below_the_fewest() -> None:
    models, left = spend(-12, [("a", 5, 10, 8, 12), ("b", 0, 3, 3, 3)])
    assert models == {"a": 8, "b": 3} and left == -2  # two models off; the squad may lose no more


def test_trial_values_are_whole_points_around_the_printed_cost() -> None:
    assert trial_values(70, (0.5, 0.75, 1.0, 1.25, 1.5)) == (35, 52, 70, 88, 105)
    assert trial_values(1, (0.5, 1.0, 1.5)) == (1, 2)


def test_the_fit_finds_even_odds_where_the_share_crosses_a_half() -> None:
    values = [10, 20, 30]
    rng = random.Random(1)  # units of two games whose win chance falls as the cost rises: 80%, 50%, 20%
    per_trial = [
        {u: (float(sum(rng.random() < chance for _ in range(2))), 2) for u in range(200)} for chance in (0.8, 0.5, 0.2)
    ]
    found = fit(values, per_trial)
    assert found.fitted is not None and 17 < found.fitted < 23
    assert found.low is not None and found.high is not None and found.low < found.fitted < found.high
    assert found.high - found.low < 8
    assert found.slope < 0 and found.excludes(25) == (found.high < 25)


def test_a_share_that_does_not_move_with_the_cost_is_not_fitted() -> None:
    flat = {u: (1.0 if u % 2 else 0.0, 1) for u in range(40)}
    found = fit([10, 20, 30], [flat, flat, flat])
    assert found.fitted is None and found.low is None and not found.excludes(5)


def test_the_mirror_fixture_forces_differ_only_by_the_points_the_cheap_pikes_leave() -> None:
    pack = pack_at(DATA / "skirmish")
    assert (force(pack, "red"), force(pack, "blue")) == (66, 60)  # 30 points buy six models at 5


def test_the_fit_finds_the_cheap_pikes_outside_their_interval_near_their_twins_cost() -> None:
    pack = pack_at(DATA / "skirmish")
    plan = replace(PACKAGE.fair_points(pack), units=40)
    rows = fit_points(pack, PACKAGE, plan, seed=3)
    (row,) = rows
    assert row.printed == 70 and row.outside
    assert row.fitted is not None and abs(row.fitted - 100) <= 10  # the twin's cost
    assert row.low is not None and row.high is not None and not row.low <= 70 <= row.high
    values = [value for value, _, _ in row.trials]
    assert values == [35, 52, 70, 88, 105] and all(games == 80 for _, _, games in row.trials)
    report = analysis(plan, rows)
    assert report.to_json()["fair_points"] == [row.to_json()]
    assert {"section", "printed", "fitted", "low", "high"} <= set(report.fair_points[0])
    (warning,) = report.findings
    assert warning.severity == "warning" and warning.rule == "fair-points" and "printed at 70" in warning.message
    assert report.tables[0].rows[0][:3] == ["red-pikes", 70, str(row.fitted)]
    assert report.tables[0].rows[0][-1].startswith("35: ")  # the win shares at each trial cost, cheapest first


@pytest.mark.parametrize("seed", [3, 4])
def test_the_fit_by_the_score_margin_finds_the_cheap_pikes_near_their_twins_cost(seed: int) -> None:
    """Judged by the margin of models left rather than by the win share, the fit needs two trial values and a
    handful of units to find the cut-price squad outside its interval, near its twin's cost."""
    pack = pack_at(DATA / "skirmish")
    plan = replace(MARGIN.fair_points(pack), units=12, factors=(0.5, 1.5))
    (row,) = fit_points(pack, MARGIN, plan, seed=seed)
    assert row.printed == 70 and row.outside and row.statistic == "margin"
    assert row.fitted is not None and abs(row.fitted - 100) <= 10
    assert row.low is not None and row.high is not None and row.high - row.low <= 20
    assert [value for value, _, _ in row.trials] == [35, 105]
    assert row.trials[0][1] > 0 > row.trials[1][1]  # Red ahead at half its cost, behind at one and a half
    report = analysis(plan, rows=[row])
    assert report.summary["fair_points"]["statistic"] == "margin"
    assert "its score margin is even at" in report.findings[0].message
    assert report.tables[0].rows[0][-1].startswith("35: +")  # the mean margins at each trial cost
    assert "margin" in report.fair_points[0]["trials"][0]


def test_every_trial_value_plays_the_same_deals() -> None:
    """Common random numbers: the printed value played as a trial gives exactly the games of the published pack's
    costs, whatever the other trials, and the fit is the same run twice."""
    pack = pack_at(DATA / "skirmish")
    plan = replace(PACKAGE.fair_points(pack), units=10)
    first = fit_points(pack, PACKAGE, plan, seed=5)
    again = fit_points(pack, PACKAGE, replace(plan, factors=(1.0, 1.5)), seed=5)
    assert first[0].trials[2] == again[0].trials[0]  # the value 70 on the same deals


def test_validate_fit_points_writes_the_rows_and_flags_the_cheap_pikes(tmp_path, monkeypatch) -> None:
    import json

    import pnpforge.games

    from tests.helpers import run_cli

    monkeypatch.setattr(pnpforge.games, "load_package", lambda name: PACKAGE)
    run = run_cli(
        "validate", str(DATA / "skirmish"), "--fit-points", "--games", "20", "--jobs", "1", "--out", str(tmp_path)
    )
    assert run.code == 0, run.output  # a warning, not --strict
    report = json.loads((tmp_path / "skirmish" / "validation" / "fair-points" / "report.json").read_text())
    (row,) = report["fair_points"]
    assert row["section"] == "red-pikes" and row["printed"] == 70 and row["outside"]
    assert "warning: red-pikes: printed at 70 points" in run.output
    html = (tmp_path / "skirmish" / "validation" / "fair-points" / "report.html").read_text()
    assert "Printed and fitted costs" in html and "outside" in html
    strict = run_cli(
        "validate",
        str(DATA / "skirmish"),
        "--fit-points",
        "--games",
        "20",
        "--jobs",
        "1",
        "--strict",
        "--out",
        str(tmp_path),
    )
    assert strict.code == 1


def test_sweep_applies_the_fitted_cost_to_a_copy_and_plays_it_beside_the_published_pack(tmp_path, monkeypatch) -> None:
    import json

    import pnpforge.games

    from tests.helpers import run_cli

    monkeypatch.setattr(pnpforge.games, "load_package", lambda name: PACKAGE)
    report = tmp_path / "report.json"
    rows = [
        {
            "section": "red-pikes",
            "printed": 70,
            "fitted": 99,
            "low": 96,
            "high": 102,
            "outside": True,
            "target": "squad:red-pikes.points",
        },
        {
            "section": "red-shot",
            "printed": 100,
            "fitted": 98,
            "low": 90,
            "high": 110,
            "outside": False,
            "target": "squad:red-shot.points",
        },
    ]
    report.write_text(json.dumps({"fair_points": rows}))
    run = run_cli(
        "sweep",
        str(DATA / "skirmish"),
        "--apply-points",
        str(report),
        "--games",
        "40",
        "--jobs",
        "1",
        "--bots",
        "random",
        "--out",
        str(tmp_path / "out"),
    )
    assert run.code == 0, run.output
    copy = tmp_path / "out" / "skirmish" / "sweep" / "fitted-pack"
    original = (DATA / "skirmish" / "squads.yaml").read_text()
    assert (copy / "squads.yaml").read_text() == original.replace("points: 70", "points: 99", 1)  # only the outside
    assert (copy / "game.yaml").read_text() == (DATA / "skirmish" / "game.yaml").read_text()
    published, fitted = (
        float(re.search(r"red ([\d.]+)%", line).group(1)) for line in run.lines if line[:2] in ("#0", "#1")
    )
    assert published > 75 and 35 < fitted < 65  # the even force the fit promised
    report.write_text("{}")
    assert run_cli("sweep", str(DATA / "skirmish"), "--apply-points", str(report), "--out", str(tmp_path)).code == 2


@pytest.mark.slow
def test_over_forty_seeds_the_fit_flags_the_cheap_pikes_and_covers_their_fair_cost() -> None:
    """The models are equal when the pikes cost 96 to 100 (a model costs 5): the interval should hold that crossing
    about 95% of the time, and every fit should flag the printed 70 and land within 10% of 100."""
    pack = pack_at(DATA / "skirmish")
    plan = replace(PACKAGE.fair_points(pack), units=40)
    rows = [fit_points(pack, PACKAGE, plan, seed=seed)[0] for seed in range(100, 140)]
    assert all(r.outside and r.fitted is not None and abs(r.fitted - 100) <= 10 for r in rows)
    covered = sum(r.low is not None and r.high is not None and r.low <= 98 <= r.high for r in rows)
    assert covered >= 34, [(r.fitted, r.low, r.high) for r in rows]


def test_a_crossing_beyond_the_trials_gets_a_second_look_around_it() -> None:
    pack = pack_at(DATA / "skirmish")
    plan = replace(PACKAGE.fair_points(pack), units=40, factors=(0.8, 0.9, 1.0))  # 56 to 70: the crossing is ~100
    (row,) = fit_points(pack, PACKAGE, plan, seed=3)
    values = [value for value, _, _ in row.trials]
    assert values[:3] == [56, 63, 70] and len(values) == 6 and max(values) > 95
    assert row.outside and row.fitted is not None and abs(row.fitted - 100) <= 10


def test_a_stepped_fit_stops_once_it_decides_and_shares_its_error_over_the_looks() -> None:
    pack = pack_at(DATA / "skirmish")
    plan = replace(PACKAGE.fair_points(pack), units=200, step=20)
    assert plan.looks == 10
    (row,) = fit_points(pack, PACKAGE, plan, seed=3)
    games = {played for _, _, played in row.trials}
    assert row.outside and row.fitted is not None and abs(row.fitted - 100) <= 10
    assert len(games) == 1 and games.pop() < 400  # decided before the last step's units
    assert "over 10 looks each" in analysis(plan, [row]).tables[0].title


def test_an_accepted_cost_is_info_with_its_reason_and_other_runs_leave_its_entry_alone(tmp_path, monkeypatch) -> None:
    import shutil

    import pnpforge.games
    from pnpforge.check.accepted import unmatched

    from tests.helpers import run_cli

    shutil.copytree(DATA / "skirmish", tmp_path / "skirmish")
    game = tmp_path / "skirmish" / "game.yaml"
    reason = "the pikes are priced low on purpose"
    game.write_text(game.read_text() + f"accepted:\n  - {{rule: fair-points, subject: red-pikes, reason: {reason}}}\n")
    monkeypatch.setattr(pnpforge.games, "load_package", lambda name: PACKAGE)
    args = ["validate", str(tmp_path / "skirmish"), "--fit-points", "--jobs", "1", "--strict", "--out", str(tmp_path)]
    run = run_cli(*args, "--games", "20")
    assert run.code == 0, run.output  # the warning is info now: --strict passes
    assert "info: red-pikes: printed at 70 points" in run.output and f"[accepted: {reason}]" in run.output
    pack = pack_at(tmp_path / "skirmish")
    assert unmatched(pack, [False], complete=True) == []  # a plain run does not look for fitted costs
    (stale,) = unmatched(pack, [False], complete=True, fit=True)
    assert stale.severity == "warning" and "fair-points" in stale.message


def test_a_share_that_rises_with_the_cost_is_not_fitted() -> None:
    """A side winning more as its item costs more (chance, or a force that plays better smaller) has no fair cost."""
    rng = random.Random(2)
    per_trial = [
        {u: (float(sum(rng.random() < chance for _ in range(2))), 2) for u in range(200)} for chance in (0.2, 0.8)
    ]
    found = fit([10, 30], per_trial)
    assert found.slope > 0 and found.fitted is None and found.low is None


def test_scores_are_counted_only_for_kept_units_so_plain_tallies_stay_as_they_were() -> None:
    """A plain game's tally (the validator's, the speed fingerprint's) has no score keys; a kept unit's has each
    side's score and the others'."""
    from pnpforge.engine.playout import Run
    from pnpforge.engine.simulate import play_and_tally

    pack = pack_at(DATA / "skirmish")
    plain = play_and_tally(MARGIN, pack, Run(players=2, bots=("random",)), 3)
    assert not plain.keys("score/side/") and not plain.keys("against/side/")
    kept = play_and_tally(MARGIN, pack, Run(players=2, bots=("random",)), 3, margins=True)
    sides = {key.rsplit("/", 1)[1] for key in kept.keys("score/side/")}
    assert sides == {"red", "blue"}
    assert kept.get("score/side/red") == kept.get("against/side/blue")
