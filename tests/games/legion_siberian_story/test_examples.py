"""Every scenario in the pack's examples/ replays to the outcome it states, through the CLI as users run it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from pnpforge.engine.replay import replay_and_check
from pnpforge.games.legion_siberian_story import PACKAGE

from tests.games.legion_siberian_story.helpers import PACK_DIR, pack, rules
from tests.helpers import run_cli

@rules("plot-winner-vp", "assault-step")
def test_the_rulebook_example_through_the_cli() -> None:
    example = PACK_DIR / "examples" / "rulebook-assault-and-scoring.yaml"
    result = run_cli("replay", "legion-siberian-story", str(example))
    assert result.code == 0, result.output
    outcome = json.loads(result.output)
    assert outcome["plots"][0]["power"] == {"legionnaires": 5, "reds": 3, "whites": 7}
    assert outcome["plots"][0]["winners"] == ["whites"]


def test_a_changed_stated_outcome_is_reported(tmp_path: Path) -> None:
    source = PACK_DIR / "examples" / "rulebook-assault-and-scoring.yaml"
    copy = tmp_path / source.name
    shutil.copy(source, copy)
    body = yaml.safe_load(copy.read_text(encoding="utf-8"))
    body["expect"]["plots"][0]["power"]["whites"] = 8
    copy.write_text(yaml.safe_dump(body, sort_keys=False), encoding="utf-8")
    _, outcome = replay_and_check(PACKAGE, pack(), copy)
    assert [f.message for f in outcome.findings] == [f"example '{copy.stem}': expect.plots[0].power.whites: stated 8, "
                                                     "engine gives 7"]


@pytest.mark.parametrize("edit, message", [
    (("target: whites}", "target: legionnaires}"),
     ":28:5: error: choice 3: not allowed here (the options are: target whites; target reds)"),
    (("character: green-scout}", "character: red-guard}"),
     ":31:5: error: choice 6: not allowed here (the options are: wound green-gunner; wound green-officer; "
     "wound green-scout)"),
    (("winner_vp: 2", "winner_vp: two"), ":11:5: error: plots[0].winner_vp: expected an integer, found 'two'"),
])
def test_an_invalid_scenario_exits_2_with_its_location(tmp_path: Path, edit, message) -> None:
    source = (PACK_DIR / "examples" / "rulebook-assault-and-scoring.yaml").read_text(encoding="utf-8")
    copy = tmp_path / "bad.yaml"
    copy.write_text(source.replace(*edit), encoding="utf-8")
    result = run_cli("replay", "legion-siberian-story", str(copy))
    assert result.code == 2
    assert result.lines[0] == f"{copy}{message}"


@rules("end-scoring", "end-tie-supplies", "end-tie-deaths", "end-tie-shared")
@pytest.mark.parametrize("stem, won_by", [
    ("end-most-points-wins", ["reds"]), ("end-the-dead-count-against", ["reds"]),
    ("end-tie-goes-to-supplies", ["whites"]), ("end-tie-goes-to-fewer-dead", ["reds"]),
    ("end-tie-shared", ["whites", "reds"]),
])
def test_a_whole_game_scenario_replays_to_the_end_of_the_game(stem: str, won_by: list[str]) -> None:
    result = run_cli("replay", "legion-siberian-story", str(PACK_DIR / "examples" / f"{stem}.yaml"))
    assert result.code == 0, result.output
    outcome = json.loads(result.output)
    assert outcome["won_by"] == won_by
    assert all(outcome["score"][f] == outcome["vp"][f] - outcome["dead"][f] for f in outcome["score"])
