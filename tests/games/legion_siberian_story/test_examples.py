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
     ":28:5: error: choice 3 (assault of the legionnaires): the legionnaires may not turn their own assault on "
     "themselves (rule assault-same-plot-only)"),
    (("character: green-scout}", "character: red-guard}"),
     ":31:5: error: choice 6 (wound of the legionnaires): 'red-guard' is not one of the legionnaires' characters at "
     "'scenario-plot-1' (rule assault-owner-assigns-wounds)"),
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


SCENARIOS = PACK_DIR / "scenarios"
PUBLIC = ("location", "at_plots", "conditions", "tokens", "hand", "deck", "graveyard")


def test_every_outcome_shows_the_open_table() -> None:
    files = sorted((PACK_DIR / "examples").glob("*.yaml")) + sorted(SCENARIOS.glob("*.yaml"))
    for path in files:
        outcome = PACKAGE.replay(pack(), path)
        assert outcome.ok and all(key in outcome.data for key in PUBLIC), path
    outcome = PACKAGE.replay(pack(), PACK_DIR / "examples" / "second-wound-kills.yaml").data
    assert sorted(outcome["graveyard"]["legionnaires"]) == outcome["plots"][0]["killed"] != []
    assert not any(dead in str(outcome["at_plots"]) for dead in outcome["plots"][0]["killed"])
    assert outcome["hand"] == {"warlords": 0, "legionnaires": 0}


@rules("round-setup-location")
def test_a_scenario_may_start_as_the_location_is_drawn(tmp_path: Path) -> None:
    text = (SCENARIOS / "a-location-drawn-at-the-start.yaml").read_text(encoding="utf-8")
    copy = tmp_path / "drawn.yaml"
    copy.write_text(text[:text.index("chance:")] + "seed: 3\n" + text[text.index("plots:"):text.index("expect:")],
                    encoding="utf-8")
    drawn = {PACKAGE.replay(pack(), copy).data["location"] for _ in range(2)}
    assert len(drawn) == 1 and drawn <= set(pack_locations())  # the same seed draws the same location
    copy.write_text(text.replace("start: location\n", "start: location\nlocation: omsk-capital\n"), encoding="utf-8")
    result = run_cli("replay", "legion-siberian-story", str(copy))
    assert result.code == 2 and f"{copy}:8:1: error: location: the round's location is drawn" in result.output


def pack_locations() -> list[str]:
    return [item.id for item in pack().of_type("location")]


def test_the_open_table_is_the_same_in_every_world_a_player_cannot_tell_apart() -> None:
    from pnpforge.games.legion_siberian_story.game import make_game
    from pnpforge.games.legion_siberian_story.search import determinize
    from pnpforge.games.legion_siberian_story.view import public

    from tests.games.legion_siberian_story.helpers import data
    from tests.helpers import open_tables

    seen = open_tables(make_game(data(), 3), 3, determinize, public, 80)
    assert any(table["tokens"] for table in seen) and any(any(table["hand"].values()) for table in seen)
