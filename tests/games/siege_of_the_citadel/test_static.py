"""The static checks of Siege of the Citadel on the shipped pack, and on copies of it with one defect each: every
defect gives its exact finding at its place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpforge.check.registry import run_static_checks
from pnpforge.content.pack import Pack, load_pack

from tests.conftest import REPO
from tests.helpers import edit, shipped_pack

PACK = REPO / "content" / "siege-of-the-citadel"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "siege-of-the-citadel"
    shutil.copytree(PACK, target, ignore=shutil.ignore_patterns("rules", "layouts"))
    return target



def findings(root: Path, severity: str = "error") -> list[str]:
    pack, problems = load_pack(root)
    found = problems + (run_static_checks(pack) if pack is not None else [])
    return [str(f) for f in found if f.severity == severity]


def shipped() -> Pack:
    return shipped_pack(PACK)


def test_the_shipped_pack_has_no_finding() -> None:
    assert [str(f) for f in run_static_checks(shipped()) if f.severity in ("error", "warning")] == []


def test_a_rank_card_weaker_than_the_one_below(copy: Path) -> None:
    line, _ = edit(copy / "rank-cards.yaml", "combat_dice: [white, red, red]", "combat_dice: [white, white, white]",
                   after="id: bauhaus-rank-3-4")
    assert findings(copy) == [
        f"{copy}/rank-cards.yaml:{line}:5: error: rank card 'bauhaus-rank-3-4': front.combat_dice: rank 3 rolls "
        "white, white, white, weaker than rank 2 (white, white, red); dice never get weaker as the rank rises "
        "(white < red < black)"]


def test_a_mission_using_both_sides_of_one_tile(copy: Path) -> None:
    line, column = edit(copy / "missions.yaml", "side: 3, column: 7", "side: 4, column: 7", after="id: battle-plans")
    assert findings(copy) == [
        f"{copy}/missions.yaml:{line}:{column}: error: mission 'battle-plans': map[3].side: side 4 and side 12 are "
        "the two faces of sector tile 'tile-4-12'; a mission cannot lay both"]


def test_a_force_card_asking_for_a_fourth_centurion(copy: Path) -> None:
    line, column = edit(copy / "force-cards.yaml", "count: 2", "count: 4", after="id: force-32")
    assert findings(copy, "warning") == [
        f"{copy}/force-cards.yaml:{line}:{column}: warning: force card 'force-32': figures[0]: 4 centurion figures; "
        "the box holds 3, and the rest are never placed"]


def test_an_ai_card_with_parallel_directions(copy: Path) -> None:
    line, column = edit(copy / "ai-cards.yaml", "secondary: east", "secondary: south", after="id: ai-01")
    assert findings(copy) == [
        f"{copy}/ai-cards.yaml:{line}:{column}: error: ai card 'ai-01': secondary: south with north; the secondary "
        "direction stands at right angles to the primary one, or it breaks no tie"]


def test_an_unreachable_objective(copy: Path) -> None:
    """Walling up both door slots of the War Room (and taking the mission's doors off them) shuts its desks away
    from every entrance."""
    tiles = copy / "sector-tiles.yaml"
    for _ in range(2):
        edit(tiles, "+-+-+d+-+-+", "+-+-+-+-+-+", after="name_b: War Room")
    edit(copy / "missions.yaml", "  doors:\n    - {side: 12, column: 3, row: 2, edge: north}\n"
         "    - {side: 12, column: 3, row: 5, edge: north}\n", "")
    text = (copy / "missions.yaml").read_text(encoding="utf-8")
    start = text.index("id: battle-plans")
    at = text.index("targets:", start)
    line = text[:at].count("\n") + 2
    assert findings(copy) == [
        f"{copy}/missions.yaml:{line}:7: error: mission 'battle-plans': targets[0]: square (2, 3) of side 12 cannot "
        "be reached from a Doomtrooper entrance, nor any square next to it",
        f"{copy}/missions.yaml:{line + 1}:7: error: mission 'battle-plans': targets[1]: square (4, 3) of side 12 "
        "cannot be reached from a Doomtrooper entrance, nor any square next to it",
        f"{copy}/sector-tiles.yaml:{_line(tiles, 'map_b: |', 'name_b: War Room')}:3: error: sector tile 'tile-4-12': "
        "side 12: square (column 1, row 2) cannot be reached from the side's openings"]


def _line(path: Path, text: str, after: str) -> int:
    content = path.read_text(encoding="utf-8")
    return content[:content.index(text, content.index(after) if after else 0)].count("\n") + 1


def test_an_item_without_its_source_is_refused(copy: Path) -> None:
    edit(copy / "door-cards.yaml", "  source: rulebook p.15\n", "", after="id: spike-trap")
    line = _line(copy / "door-cards.yaml", "id: spike-trap", "")
    assert findings(copy) == [f"{copy}/door-cards.yaml:{line}:3: error: door card 'spike-trap': source: required field "
                              "is missing"]


def test_every_type_requires_a_source() -> None:
    """A type added later without a required ``source`` field fails here."""
    pack = shipped()
    assert [name for name, spec in pack.types.items()
            if "source" not in spec.fields or not spec.fields["source"].required] == []
    assert all(item.get("source") for item in pack.all_items())


def test_an_authored_list_naming_no_field(copy: Path) -> None:
    line, column = edit(copy / "characters.yaml", "authored: [faction, flavour]", "authored: [faction, flavor]",
                        after="id: valerie-duval")
    assert findings(copy) == [
        f"{copy}/characters.yaml:{line}:{column + len('authored: [faction, ')}: error: character 'valerie-duval': "
        "authored[1]: 'flavor' is no field of character"]


def test_a_red_die_no_better_than_a_white_one(copy: Path) -> None:
    line, column = edit(copy / "game.yaml", "red: {name: red combat die, faces: [hit, hit, hit,",
                        "red: {name: red combat die, faces: [hit, hit, [],")
    assert findings(copy) == [
        f"{copy}/game.yaml:{line}:{column}: error: dice.red: hits on 33% of its faces, no more than the white die "
        "(33%); white < red < black (p.25)"]


def test_a_campaign_naming_a_mission_that_is_not_there(copy: Path) -> None:
    line, column = edit(copy / "game.yaml", "secret-mission, throne", "secret-missions, throne")
    assert findings(copy) == [
        f"{copy}/game.yaml:{line}:{column}: error: campaign 'second-assault': no scenario 'secret-missions'; "
        "scenarios: battle-plans, you-got-in-now-get-out, high-command-error, secret-mission, throne-of-alakhai"]


def test_the_tiles_print_at_the_pitch_the_pack_states() -> None:
    """A sector tile's face is its squares times the pitch of game.yaml, and the layout draws at that pitch."""
    import yaml

    game = yaml.safe_load((PACK / "game.yaml").read_text(encoding="utf-8"))["parameters"]
    layout = yaml.safe_load((PACK / "layouts" / "sector_tile.yaml").read_text(encoding="utf-8"))
    side = game["grid_pitch_mm"] * game["tile_squares"]
    assert (layout["size"]["w"], layout["size"]["h"]) == (side, side)
    assert (layout["params"]["pitch"], layout["params"]["squares"]) == (game["grid_pitch_mm"], game["tile_squares"])
    assert game["grid_pitch_mm"] >= 25  # a square holds a 25 mm base
