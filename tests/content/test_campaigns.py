"""A campaign declared in game.yaml: every bad value is reported at its place, in words, and the campaign is held
to the modes and scenarios of the game package that plays it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpforge.check.shared import campaign_findings
from pnpforge.content.pack import load_pack

from tests.conftest import DATA
from tests.engine.dice_race import PACKAGE
from tests.helpers import run_cli


def broken(tmp_path: Path, old: str, new: str) -> Path:
    """The dice race's pack with ``old`` replaced by ``new`` in its game.yaml."""
    root = tmp_path / "dice-race"
    shutil.copytree(DATA / "dice-race", root)
    text = (root / "game.yaml").read_text(encoding="utf-8")
    assert old in text
    (root / "game.yaml").write_text(text.replace(old, new), encoding="utf-8")
    return root


def problems(root: Path) -> list[str]:
    pack, found = load_pack(root)
    return [str(f).replace(str(root), "PACK") for f in found]


@pytest.mark.parametrize("old, new, message", [
    ("carry: {rank: 0, points: 0}", "carry: {rank: 0, points: 0.5}",
     "PACK/game.yaml:31:22: error: campaigns.league.carry.points: expected a whole number, a word, true or false, or "
     "a list of them; found 0.5"),
    ("{id: champion, points: 4}", "{id: champion, points: 1}",
     "PACK/game.yaml:32:5: error: campaigns.league.ranks: rank 'champion' needs 1 points, no more than 'pacer' below "
     "it (2); list the ranks lowest first"),
    ("{id: novice, points: 0}", "{id: novice, points: 1}",
     "PACK/game.yaml:32:5: error: campaigns.league.ranks: the lowest rank 'novice' needs 1 points; it is where every "
     "player starts, so it needs 0"),
    ("{id: pacer, points: 2}", "{id: novice, points: 2}",
     "PACK/game.yaml:32:5: error: campaigns.league.ranks: rank 'novice' is listed twice"),
    ("decided_by: points", "decided_by: glory",
     "PACK/game.yaml:36:5: error: campaigns.league.decided_by: 'glory' is not a carried value; carried: rank, points"),
    ("carry: {rank: 0, points: 0}", "carry: {rank: 0, points: [gold]}",
     "PACK/game.yaml:36:5: error: campaigns.league.decided_by: 'points' starts at ['gold']; the value that decides "
     "a campaign is a number"),
    ("scenarios: [heat, final]", "scenarios: []",
     "PACK/game.yaml:30:5: error: campaigns.league.scenarios: expected at least 1 item, found 0"),
    ("decided_by: points", "decided_by: points\n    rounds: 3",
     "PACK/game.yaml:37:5: error: campaigns.league: unknown key 'rounds'; accepted keys: about, carry, decided_by, "
     "ends_on_loss, name, ranks, scenarios"),
])
def test_a_bad_campaign_value_is_reported_at_its_place(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert problems(broken(tmp_path, old, new)) == [message]


def test_a_pack_with_a_bad_campaign_cannot_be_used(tmp_path: Path) -> None:
    result = run_cli("validate", str(broken(tmp_path, "decided_by: points", "decided_by: glory")), "--static")
    assert result.code == 2 and "decided_by: 'glory' is not a carried value" in result.output


def test_a_campaign_is_a_mode_of_the_package_and_chains_scenarios_it_knows(tmp_path: Path) -> None:
    root = broken(tmp_path, "  league:\n    name", "  marathon:\n    name")
    text = (root / "game.yaml").read_text(encoding="utf-8")
    (root / "game.yaml").write_text(text.replace("[heat, final]", "[heat, sprint]"), encoding="utf-8")
    pack, found = load_pack(root)
    assert pack is not None and found == []
    assert [str(f).replace(str(root), "PACK") for f in campaign_findings(pack, PACKAGE)] == [
        "PACK/game.yaml:27:3: error: campaign 'marathon': game package 'dice_race' has no mode 'marathon'; modes: "
        "base, ghost, co-op, league",
        "PACK/game.yaml:30:23: error: campaign 'marathon': no scenario 'sprint'; scenarios: heat, final"]
    assert list(campaign_findings(load_pack(DATA / "dice-race")[0], PACKAGE)) == []
