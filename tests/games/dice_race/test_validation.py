"""The dice race's validation reports and matches: a loss for all and the ghost's wins are outcomes of their own,
counted game by game, never as draws."""

from __future__ import annotations

import json
from pathlib import Path

from pnpforge.engine.matches import Pairing, play_match
from pnpforge.engine.playout import play_seed
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.seating import unit_size
from pnpforge.engine.simulate import game_seed
from pnpforge.engine.validate import Settings, configurations, simulate_pack
from pnpforge.report.validation import report_data, terminal_summary, write_html, write_json

from tests.conftest import DATA
from tests.engine.dice_race import PACKAGE
from tests.engine.registered import pack_at

GAMES = 60


def validated(mode: str, bots: tuple[str, ...], folder: Path):
    """The report of ``GAMES`` two-runner races in ``mode``, written to ``folder``, and the returns of each race."""
    pack = pack_at(DATA / "dice-race")
    settings = Settings(GAMES, (2,), mode, 1, 1, bots)
    tallies = simulate_pack(pack, PACKAGE, settings)
    analysis = PACKAGE.analyse(pack, tallies, settings)
    data = report_data(pack.id, settings, [], analysis)
    write_json(folder / "report.json", data)
    write_html(folder / "report.html", data, analysis)
    run = configurations(pack, PACKAGE, settings)[2]
    unit = unit_size(PACKAGE, pack, run)  # the validator's games come in paired units
    returns = [play_seed(PACKAGE, pack, run, game_seed(1, run, i, unit)).state.returns() for i in range(GAMES)]
    return json.loads((folder / "report.json").read_text(encoding="utf-8")), analysis, tallies[2], returns


def test_a_co_op_report_counts_each_loss_for_all_as_such(tmp_path: Path) -> None:
    data, analysis, tally, returns = validated("co-op", ("greedy", "random"), tmp_path)
    lost = sum(r == [0.0, 0.0] for r in returns)
    assert 0 < lost < GAMES and tally.get("lost-by-all") == lost * TWELFTHS and tally.get("draws") == 0
    summary = data["summary"]["2p"]
    assert summary["lost by all"]["share"] == round(lost / GAMES, 4)
    assert summary["won by the players"]["share"] == round(1 - lost / GAMES, 4) and "drawn" not in summary
    line = terminal_summary(data, analysis.findings).splitlines()[0]
    assert line == (f"2p: games {GAMES}; lost by all {lost / GAMES:.1%}; "
                    f"won by the players {(GAMES - lost) / GAMES:.1%}")
    assert f"lost by all: {lost / GAMES:.1%} (95% CI" in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_a_report_of_random_runners_warns_that_they_nearly_always_lose_together(tmp_path: Path) -> None:
    data, _, tally, returns = validated("co-op", ("random",), tmp_path)
    warning = [f for f in data["findings"] if f["severity"] == "warning"]
    assert [(f["rule"], f["line"]) for f in warning] == [("lost-by-all", 20)]  # game.yaml's lost_by_all_max
    lost = sum(r == [0.0, 0.0] for r in returns)
    assert warning[0]["message"].startswith(f"every player loses in {lost / GAMES:.1%} of {GAMES} 2-player games")
    assert warning[0]["message"].endswith("--mode co-op --bots greedy`")


def test_a_ghost_report_counts_the_ghosts_wins_apart_from_the_runners(tmp_path: Path) -> None:
    data, _, tally, returns = validated("ghost", ("greedy",), tmp_path)
    haunted = sum(1 - sum(r) for r in returns)
    assert 0 < haunted < GAMES and tally.get("wins/automaton/ghost") == round(haunted * TWELFTHS)
    assert data["summary"]["2p"]["won by ghost"]["share"] == round(haunted / GAMES, 4)
    assert "lost by all" not in data["summary"]["2p"] and not tally.get("lost-by-all")
    assert tally.get("draws") == sum(r == [0.5, 0.5] for r in returns)


def test_a_match_with_the_ghost_reports_its_wins_beside_the_bots() -> None:
    games = 40
    result = play_match(PACKAGE, pack_at(DATA / "dice-race"), Pairing(("greedy", "random"), mode="ghost"), games)
    ghost = result["automaton"]
    assert ghost["side"] == "ghost" and 0 < ghost["share"] < 1 and "lost_by_all" not in result
    assert result["equal_share"] == round((1 - ghost["share"]) / 2, 4)
    assert result["stronger"] == (result["low"] > (1 - ghost["share"]) / 2)
