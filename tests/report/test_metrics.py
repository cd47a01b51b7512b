"""The standard metrics every validation report shows, with their intervals, and the skill ladder."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from pnpforge.engine.executors import LocalExecutor
from pnpforge.engine.ladder import skill_ladder, steps
from pnpforge.engine.matches import Pairing
from pnpforge.engine.metrics import balance, endings, first_player, length, standard_metrics
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import Settings, simulate_pack
from pnpforge.report.validation import report_data, write_html, write_json

from tests.conftest import DATA
from tests.engine.dice_race import PACKAGE, greedy_bot
from pnpforge.engine.loop import random_bot
from tests.engine.registered import pack_at


def tally_of(counts: dict[str, int]) -> Tally:
    tally = Tally()
    for key, amount in counts.items():
        tally.add(key, amount)
    return tally


def test_two_sides_that_meet_in_every_game_have_one_interval_for_their_gap() -> None:
    # 60 of 100 games to the first seat, 40 to the second: a gap of 20 points, twice the first seat's interval
    tally = tally_of({"games": 100, "played/seat/0": 100, "played/seat/1": 100, "wins/seat/0": 60 * TWELFTHS,
                      "wins/seat/1": 40 * TWELFTHS})
    found = balance(tally)
    assert (found["by"], found["most"], found["least"], found["gap"]) == ("seat", "seat 1", "seat 2", 0.2)
    assert found["low"] == pytest.approx(0.004, abs=2e-4) and found["high"] == pytest.approx(0.3812, abs=2e-4)
    first = first_player(tally)
    assert first["share"] == 0.6 and first["equal_share"] == 0.5 and first["advantage"] == pytest.approx(0.1)
    assert first["advantage_low"] < 0.1 < first["advantage_high"]


def test_sides_that_rotate_are_weighed_as_sides_with_a_wider_interval_for_more_than_two() -> None:
    tally = tally_of({"games": 90, **{f"played/side/{s}": 60 for s in "abc"}, "wins/side/a": 30 * TWELFTHS,
                      "wins/side/b": 20 * TWELFTHS, "wins/side/c": 10 * TWELFTHS})
    found = balance(tally)
    assert (found["by"], found["most"], found["least"]) == ("side", "a", "c")
    assert found["gap"] == pytest.approx(1 / 3, abs=1e-4) and 0 < found["low"] < 1 / 3 < found["high"] < 1


def test_length_has_its_mean_spread_median_and_the_ideal_band() -> None:
    tally = tally_of({"length/10": 2, "length/20": 6, "length/30": 2})
    found = length(tally, (15.0, 25.0))
    assert (found["games"], found["mean"], found["median"], found["min"], found["max"]) == (10, 20.0, 20, 10, 30)
    assert found["sd"] == pytest.approx(6.67, abs=0.01) and found["low"] == pytest.approx(15.87, abs=0.01)
    assert found["ideal"]["verdict"] == "inside"
    assert length(tally, (None, 18.0))["ideal"]["verdict"] == "undecided"
    assert length(tally, (30.0, None))["ideal"]["verdict"] == "outside"
    assert "ideal" not in length(tally)


def test_draws_and_games_ended_by_a_limit_are_shares_with_intervals() -> None:
    found = endings(tally_of({"games": 50, "draws": 5, "ended/turn-limit": 4, "ended/king": 46}))
    assert found["draws"]["share"] == 0.1 and found["draws"]["low"] < 0.1 < found["draws"]["high"]
    assert found["limit"]["share"] == 0.08 and found["limit_rules"] == ["turn-limit"] and found["rules_reported"]
    assert not endings(tally_of({"games": 5}))["rules_reported"]


def test_every_report_has_the_metrics_blocks_with_intervals(tmp_path: Path) -> None:
    pack = pack_at(DATA / "dice-race")
    settings = Settings(30, (2,), "base", 1, 1, ("greedy", "random"))
    tallies = simulate_pack(pack, PACKAGE, settings)
    analysis = PACKAGE.analyse(pack, tallies, settings)
    analysis.metrics = {"configurations": standard_metrics(tallies, {"length_min": 4, "length_max": 30}),
                        "skill_ladder": {"played": False, "steps": [], "why": "not by this test"}}
    data = report_data(pack.id, settings, [], analysis)
    write_json(tmp_path / "report.json", data)
    write_html(tmp_path / "report.html", data, analysis)
    block = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["metrics"]["configurations"]["2"]
    assert set(block) == {"balance", "first_player", "endings", "length"}
    for found in (block["balance"], block["first_player"], block["endings"]["draws"], block["length"]):
        assert found["low"] <= found.get("gap", found.get("share", found.get("mean"))) <= found["high"]
    assert block["length"]["ideal"]["min"] == 4
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Standard metrics" in html and "Skill ladder" in html and "not by this test" in html


def test_the_ladder_holds_where_the_stronger_bot_wins_and_warns_where_it_does_not() -> None:
    pack = pack_at(DATA / "dice-race")
    assert [p.bots for p in steps(PACKAGE)] == [("greedy", "random"), ("search", "greedy")]
    package = replace(PACKAGE, matches=(Pairing(("greedy", "random")),))
    block, findings = skill_ladder(pack, package, 1, LocalExecutor(1), most=80)
    assert block["holds"] and block["steps"][0]["verdict"] == "holds" and not findings
    assert block["steps"][0]["low_together"] > block["steps"][0]["equal_share"]
    swapped = replace(package, bots={"greedy": random_bot, "random": greedy_bot})  # the "stronger" bot is weaker
    block, findings = skill_ladder(pack, swapped, 1, LocalExecutor(1), most=80)
    assert not block["holds"] and block["steps"][0]["verdict"] == "fails"
    assert [(f.severity, f.rule, f.subject) for f in findings] == [("warning", "skill-ladder", "greedy over random")]


def test_a_team_ladder_against_the_game_holds_where_the_stronger_team_wins_more_and_warns_where_it_wins_less(
) -> None:
    pack = pack_at(DATA / "dice-race")
    rungs = (Pairing(("random",), mode="co-op"), Pairing(("greedy",), mode="co-op"))
    package = replace(PACKAGE, matches=rungs)
    block, findings = skill_ladder(pack, package, 1, LocalExecutor(1), most=80)
    (step,) = block["teams"]
    assert (step["stronger"], step["weaker"], step["verdict"]) == ("greedy", "random", "holds") and not findings
    assert step["low_together"] > 0 and step["stronger_share"]["share"] > step["weaker_share"]["share"]
    swapped = replace(package, bots={"greedy": random_bot, "random": greedy_bot})  # the "stronger" team is weaker
    block, findings = skill_ladder(pack, swapped, 1, LocalExecutor(1), most=80)
    assert not block["holds"] and block["teams"][0]["verdict"] == "fails"
    assert [(f.severity, f.rule, f.subject) for f in findings] == [("warning", "skill-ladder", "greedy over random")]
