"""The Legie box as data: counts and unit numbers written from the rulebook, and the game's static checks.

The table below is written from the rulebook's unit descriptions (legie-rules-de, Militäreinheiten), not read
from units.yaml.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from pnpforge.content.pack import expand_qty

from tests.games.legie.helpers import PACK, load_pack_once
from tests.helpers import run_cli

# kind: (tiles per army, symbols, strength, defence or None)
RULEBOOK_UNITS = {
    "warrior": (2, ["sword"], 1, 2),
    "knight": (2, ["sword", "sword"], 2, 2),
    "scout": (1, ["sword", "shield"], 1, 3),
    "general": (1, ["sword", "sword", "shield"], 2, 3),
    "tower": (1, ["sword", "immobility"], 1, None),
    "catapult": (1, ["arrow", "immobility"], 0, None),
    "archer": (1, ["arrow"], 0, 1),
    "king": (1, ["crown"], 0, 2),
}


@pytest.mark.rules("components-armies", "unit-strength", "unit-defence", "shield-defence")
def test_each_army_matches_the_rulebook() -> None:
    pack = load_pack_once()
    for player in ("black", "white"):
        army = [item for item, _ in expand_qty(pack.of_type("unit_tile")) if item["player"] == player]
        assert len(army) == 10
        assert Counter(item["kind"] for item in army) == Counter({k: v[0] for k, v in RULEBOOK_UNITS.items()})
        for item in army:
            count, symbols, strength, defence = RULEBOOK_UNITS[item["kind"]]
            assert (sorted(item["symbols"]), item["strength"], item.get("defence")) == (sorted(symbols), strength,
                                                                                       defence), item.id


@pytest.mark.rules("components-flag", "components-board")
def test_one_flag_and_four_double_sided_parts() -> None:
    pack = load_pack_once()
    assert sum(item.qty for item in pack.of_type("flag_tile")) == 1
    parts = pack.of_type("board_part")
    assert len(parts) == 4
    for part in parts:
        assert sorted(face["side"] for face in part["sides"]) == ["a", "b"]
        for face in part["sides"]:
            assert len(face["rows"]) == 3 and all(len(row) == 3 for row in face["rows"])
    terrains = {t for part in parts for face in part["sides"] for row in face["rows"] for t in row}
    assert terrains == {"plain", "forest", "water", "fortification", "mountain"}


@pytest.mark.rules("forests-every-part", "king-needs-forest")
def test_every_scenario_is_data_with_its_board_need() -> None:
    pack = load_pack_once()
    scenarios = {item.id: item for item in pack.of_type("scenario_card")}
    assert set(scenarios) == {"return-of-the-king", "column", "lord-of-the-forests"}
    assert scenarios["lord-of-the-forests"]["board_needs"] == "forest_on_every_part"
    assert scenarios["return-of-the-king"]["board_needs"] == "forest_on_one_part"
    assert scenarios["return-of-the-king"]["objective"] == {"effect": "king_hunt", "unit": "king"}


def test_every_player_facing_text_is_in_both_languages() -> None:
    pack = load_pack_once()
    assert pack.game.languages == ["en", "de"]
    for item in pack.all_items():
        for key, spec in pack.types[item.type].fields.items():
            if spec.kind == "text" and item.get(key) is not None:
                assert set(item[key]) == {"en", "de"}, f"{item.subject}: {key}"
                assert item[key]["en"] != item[key]["de"] or len(item[key]["en"]) < 10, f"{item.subject}: {key}"


def test_static_validation_passes_and_prints_the_figures() -> None:
    result = run_cli("validate", "legie", "--static")
    assert result.code == 0, result.output
    assert "content/legie/game.yaml:43:1: info: each army: 10 units of 8 kinds" in result.lines
    assert ("content/legie/scenarios.yaml:19:3: info: scenario 'lord-of-the-forests': 1 of 16 face choices allow it"
            in result.lines)
    assert result.lines[-1] == "no errors, no warnings in 8 files"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "legie"
    shutil.copytree(PACK, target)
    return target


def edit(path: Path, old: str, new: str, nth: int = 1) -> int:
    """Replace the ``nth`` occurrence of ``old``; return the 1-based line where it stood."""
    text = path.read_text(encoding="utf-8")
    at = -1
    for _ in range(nth):
        at = text.index(old, at + 1)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text[:at].count("\n") + 1


def errors(result) -> list[str]:
    return [line for line in result.lines if ": error: " in line or ": warning: " in line]


def test_a_strength_that_does_not_match_the_swords(copy: Path) -> None:
    line = edit(copy / "units.yaml", "strength: 2", "strength: 3")
    result = run_cli("validate", str(copy), "--static")
    assert result.code == 1
    assert errors(result) == [
        f"{copy}/game.yaml:43:1: warning: the armies differ in their knight: black (2, ['sword', 'sword'], 3, 2), "
        "white (2, ['sword', 'sword'], 2, 2)",
        f"{copy}/units.yaml:{line}:3: error: unit 'black-knight': strength: 3, but the tile shows 2 sword(s); "
        "strength is the number of swords",
    ]


def test_an_immobile_unit_with_a_defence_and_a_mobile_one_without(copy: Path) -> None:
    tower = edit(copy / "units.yaml", "  strength: 1\n  ability:\n    en: \"Strikes like a Warrior. Once",
                 "  strength: 1\n  defence: 4\n  ability:\n    en: \"Strikes like a Warrior. Once")
    archer = edit(copy / "units.yaml", "  defence: 1\n", "", nth=2)
    result = run_cli("validate", str(copy), "--static")
    found = [line for line in errors(result) if "error" in line]
    assert found == [
        f"{copy}/units.yaml:{tower + 1}:3: error: unit 'black-tower': defence: an immobile unit is never removed, "
        "so it has no defence; drop it",
        f"{copy}/units.yaml:{archer - 2}:3: error: unit 'white-archer': defence: required for every unit that can "
        "be removed",
    ]


def test_two_kinds_of_attack_on_one_tile(copy: Path) -> None:
    line = edit(copy / "units.yaml", "symbols: [crown]", "symbols: [crown, arrow]")
    result = run_cli("validate", str(copy), "--static")
    assert f"{copy}/units.yaml:{line}:3: error: unit 'black-king': symbols: arrow and crown on one tile; the rules " \
           "give no order for two kinds of attack" in errors(result)


def test_a_scenario_the_faces_cannot_give(copy: Path) -> None:
    edit(copy / "board.yaml", "        - [forest, forest, plain]\n", "        - [plain, plain, plain]\n")
    edit(copy / "board.yaml", "        - [forest, plain, plain]\n", "        - [plain, plain, plain]\n")
    result = run_cli("validate", str(copy), "--static")
    assert result.code == 1
    assert f"{copy}/scenarios.yaml:19:3: error: scenario 'lord-of-the-forests': board_needs: no choice of faces " \
           "gives forest on every part, so this scenario cannot be set up" in errors(result)


def test_a_hunted_unit_that_no_army_has(copy: Path) -> None:
    line = edit(copy / "scenarios.yaml", "unit: king", "unit: queen")
    result = run_cli("validate", str(copy), "--static")
    assert f"{copy}/scenarios.yaml:{line}:34: error: scenario 'return-of-the-king': objective.unit: 'queen' is not " \
           "a unit kind of both armies; kinds: warrior, knight, scout, general, tower, catapult, archer, king" \
           in errors(result)


def test_a_second_flag_and_a_missing_part(copy: Path) -> None:
    edit(copy / "flag.yaml", "- id: flag\n", "- id: flag\n  qty: 2\n")
    text = (copy / "board.yaml").read_text(encoding="utf-8")
    (copy / "board.yaml").write_text(text[: text.index("- id: part-4")], encoding="utf-8")
    result = run_cli("validate", str(copy), "--static")
    found = errors(result)
    assert f"{copy}/board.yaml:6:3: error: the field is made of 4 parts; the pack has 3" in found
    assert any(line.endswith("error: the game has one Flag; the pack has 2") for line in found)


def test_faces_that_could_leave_a_player_without_a_square(copy: Path) -> None:
    for row in ("[plain, plain, plain]", "[plain, mountain, plain]"):
        edit(copy / "board.yaml", f"        - {row}\n", "        - [water, water, water]\n")
    edit(copy / "board.yaml", "        - [plain, plain, plain]\n", "        - [water, water, water]\n")
    result = run_cli("validate", str(copy), "--static")
    assert f"{copy}/board.yaml:6:3: warning: some fields have 18 water and mountain squares, as many as the 16 " \
           "squares that may be free: a player holding only Towers and Catapults could be unable to lay a unit " \
           "and would pass" in errors(result)
