"""The simulation validator: determinism, and mutations of the pack that its findings must catch."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.games.legion_siberian_story.helpers import PACK_DIR
from tests.helpers import run_cli


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "legion-siberian-story"
    shutil.copytree(PACK_DIR, target, ignore=shutil.ignore_patterns("examples"))
    return target


def validate(pack: Path, out: Path, *extra: str):
    """``pnpforge validate`` of the base mode unless ``extra`` names another."""
    mode = () if "--mode" in extra else ("--mode", "base")
    return run_cli("validate", str(pack), "--out", str(out), "--jobs", "2", *mode, *extra)


def test_the_same_seed_gives_byte_identical_reports(tmp_path: Path) -> None:
    for run in ("a", "b"):
        result = validate(PACK_DIR, tmp_path / run, "--games", "6", "--players", "2", "--seed", "9")
        assert result.code in (0, 1), result.output
    for name in ("report.json", "report.html"):
        first = (tmp_path / "a" / "legion-siberian-story" / "validation" / name).read_bytes()
        second = (tmp_path / "b" / "legion-siberian-story" / "validation" / name).read_bytes()
        assert first == second, name
    html = (tmp_path / "a" / "legion-siberian-story" / "validation" / "report.html").read_text()
    assert "<svg" in html and not re.search(r'(src|href)="https?://', html)  # nothing fetched


def test_a_weakened_faction_gets_a_win_share_finding(copy: Path, tmp_path: Path) -> None:
    text = (copy / "characters.yaml").read_text(encoding="utf-8")
    blocks = text.split("\n- id: ")
    out = []
    for block in blocks:
        if "\n  faction: warlords\n" in block:
            lines = block.split("\n")
            lines = [f"  combat_power: {max(0, int(line.split(':')[1]) - 2)}" if line.startswith("  combat_power:")
                     else line for line in lines]
            block = "\n".join(lines)
        out.append(block)
    (copy / "characters.yaml").write_text("\n- id: ".join(out), encoding="utf-8")
    result = validate(copy, tmp_path, "--games", "auto", "--max-games", "200", "--players", "2")
    findings = [line for line in result.lines if "faction 'warlords' wins too rarely" in line]
    assert findings and f"{copy}/game.yaml:73:5: warning:" in findings[0]


def test_a_plot_nobody_can_enter_is_never_entered(copy: Path, tmp_path: Path) -> None:
    schema = (copy / "schema.yaml").read_text(encoding="utf-8")
    schema = schema.replace("        of: {kind: enum, values: [combat, charisma, intelligence]}\n        min_items: 1\n"
                            "        max_items: 2", "        of: {kind: enum, values: [combat, charisma, intelligence, "
                            "sailing]}\n        min_items: 1\n        max_items: 2", 1)
    (copy / "schema.yaml").write_text(schema, encoding="utf-8")
    plots = (copy / "plots.yaml").read_text(encoding="utf-8")
    plots = plots.replace("- id: water-tower-ambush\n  name: Ambush at the Water Tower\n  entry: [combat]",
                          "- id: water-tower-ambush\n  name: Ambush at the Water Tower\n  entry: [sailing]")
    (copy / "plots.yaml").write_text(plots, encoding="utf-8")
    result = validate(copy, tmp_path, "--games", "20", "--players", "3")
    assert result.code == 1  # the static check already refuses it
    found = [line for line in result.lines if "plot 'water-tower-ambush': undecided" in line]
    assert found and "info: plot 'water-tower-ambush': undecided: never entered in the" in found[0]  # too few draws
    game = (copy / "game.yaml").read_text(encoding="utf-8")
    (copy / "game.yaml").write_text(game.replace("thresholds:\n", "thresholds:\n  min_rate: 0.1\n"), encoding="utf-8")
    result = validate(copy, tmp_path, "--games", "auto", "--max-games", "100", "--players", "3")
    # at a minimum rate of 10%, 44 rounds drawn and never entered decide it: auto plays past them
    assert any("warning: plot 'water-tower-ambush': never entered in the" in line for line in result.lines)


def test_a_despatch_that_cannot_score_is_never_scored(copy: Path, tmp_path: Path) -> None:
    text = (copy / "despatches.yaml").read_text(encoding="utf-8")
    text = text.replace("scoring: {condition: supplies_left, at_least: 4, vp: 3}",
                        "scoring: {condition: plots_won, plot_type: any, at_least: 20, vp: 3}")
    (copy / "despatches.yaml").write_text(text, encoding="utf-8")
    game = (copy / "game.yaml").read_text(encoding="utf-8")
    (copy / "game.yaml").write_text(game.replace("thresholds:\n", "thresholds:\n  min_rate: 0.1\n"), encoding="utf-8")
    result = validate(copy, tmp_path, "--games", "60", "--players", "4", "--mode", "despatches")
    assert any("warning: despatch 'black-market-contact': never scored" in line for line in result.lines)


def test_replay_of_a_seed_prints_the_game() -> None:
    result = run_cli("replay", "legion-siberian-story", "--seed", "3", "--players", "3", "--bots", "greedy")
    assert result.code == 0
    assert result.lines[0].startswith("seed 3: player 0 ")
    assert "round 4" in result.output and "over: returns" in result.output


def test_a_validation_game_tallies_what_each_player_held() -> None:
    from pnpforge.engine.playout import Run, play_seed
    from pnpforge.engine.results import TWELFTHS
    from pnpforge.engine.simulate import play_and_tally
    from pnpforge.games.legion_siberian_story import PACKAGE
    from pnpforge.games.legion_siberian_story.log import PlotScored, Sent

    from tests.games.legion_siberian_story.helpers import pack

    run = Run(players=3, analyse=True)
    played = play_seed(PACKAGE, pack(), run, 4)
    tally = play_and_tally(PACKAGE, pack(), run, 4)
    sent = {(e.character, e.player) for e in played.state.log if isinstance(e, Sent)}
    won = {(e.plot, p) for e in played.state.log if isinstance(e, PlotScored) for p in e.winners}
    for item, player in sent | won:
        side = played.seating.sides[player]
        assert tally.get(f"held/{item}/side/{side}") == 1, item
    winners = [p for p, r in enumerate(played.state.returns()) if r]
    character, holder = sorted(sent)[0]
    assert tally.get(f"held/{character}/wins") == (round(played.state.returns()[holder] * TWELFTHS))
    assert winners and not play_and_tally(PACKAGE, pack(), Run(players=3), 4).keys("held/")  # plain runs skip it
