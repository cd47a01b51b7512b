"""The Journey box's static checks: the published pack passes with its figures, and each defect planted in a copy
gives its exact located finding."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.helpers import run_cli

PACK = REPO / "content" / "legion-siberian-journey"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "legion-siberian-journey"
    shutil.copytree(PACK, target)
    return target


def entry(path: Path, item: str) -> tuple[str, int, int]:
    """The file's text, and where the entry of ``item`` starts and ends."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"- id: {item}\n")
    end = text.find("\n- id: ", start)
    return text, start, len(text) if end < 0 else end + 1


def edit(path: Path, item: str, old: str, new: str) -> int:
    """Replace ``old`` in the entry of ``item``; return the line where it stood."""
    text, start, end = entry(path, item)
    at = text.index(old, start)
    assert at < end, old
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text[:at].count("\n") + 1


def errors(result) -> list[str]:
    return [line for line in result.lines if ": error: " in line]


def test_the_published_box_passes_and_prints_its_figures() -> None:
    result = run_cli("validate", "legion-siberian-journey", "--static")
    assert result.code == 0, result.output
    figures = [line for line in result.lines if ": info: " in line]
    for faction in ("whites", "reds", "legionnaires", "warlords"):
        assert any(f"faction '{faction}': 32 characters, total N " in line and "attributes shown: combat " in line
                   for line in figures), faction
    assert any("characters of no faction: 10 characters" in line for line in figures)
    for level, count in (("first", 64), ("second", 64), ("special", 30)):
        assert any(f"level '{level}': {count} plots: " in line for line in figures), level


def test_a_dropped_character(copy: Path) -> None:
    path = copy / "characters.yaml"
    text, start, end = entry(path, "andrei-orlov")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    result = run_cli("validate", str(copy), "--static")
    assert result.code == 1
    assert errors(result) == [
        f"{copy}/game.yaml:86:23: error: box: the box lists 138 character items, the content has 137",
        f"{copy}/game.yaml:87:49: error: box: the box lists 32 character items with faction 'whites', the content "
        "has 31",
    ]


def test_a_plot_with_an_icon_no_character_shows(copy: Path) -> None:
    schema = copy / "schema.yaml"
    schema.write_text(schema.read_text(encoding="utf-8").replace(
        "        of: {kind: enum, values: [combat, intrigue, charisma]}\n        min_items: 1\n        max_items: 2",
        "        of: {kind: enum, values: [combat, intrigue, charisma, faith]}\n"
        "        min_items: 1\n        max_items: 2"),
        encoding="utf-8")
    line = edit(copy / "plots.yaml", "deserters", "icons: [combat]", "icons: [faith]")
    result = run_cli("validate", str(copy), "--static")
    assert errors(result) == [f"{copy}/plots.yaml:{line}:3: error: plot 'deserters': icons: no character shows faith, "
                              "so nobody can join this plot"]


def test_a_ladder_that_does_not_decrease(copy: Path) -> None:
    line = edit(copy / "plots.yaml", "deserters", "rewards: [6, 3]", "rewards: [6, 6]")
    result = run_cli("validate", str(copy), "--static")
    assert errors(result) == [f"{copy}/plots.yaml:{line}:16: error: plot 'deserters': rewards: the ladder 6/6 does "
                              "not decrease: place 2 pays 6, place 1 6"]


def test_a_cooperative_plot_nobody_can_beat(copy: Path) -> None:
    line = edit(copy / "plots.yaml", "deserters", "difficulty: 15", "difficulty: 40")
    result = run_cli("validate", str(copy), "--static")
    assert len(errors(result)) == 1 and errors(result)[0].startswith(
        f"{copy}/plots.yaml:{line}:3: error: plot 'deserters': difficulty: 40 cannot be exceeded: the 5 strongest "
        "characters who may join (combat) add up to ") and errors(result)[0].endswith("; coop_squad 5)")


def test_an_effect_played_when_it_can_do_nothing(copy: Path) -> None:
    text = (copy / "actions.yaml").read_text(encoding="utf-8")
    card = next(chunk for chunk in text.split("\n- id: ") if "phase: tactics" in chunk and "effect: number" in chunk)
    name = card.split("\n", 1)[0]
    line = edit(copy / "actions.yaml", name, "phase: tactics", "phase: manoeuvres")
    result = run_cli("validate", str(copy), "--static")
    assert any(e.startswith(f"{copy}/actions.yaml:") and f"action '{name}': effects[0]: 'number' does nothing in a "
               "card played in 'manoeuvres'" in e for e in errors(result)), (line, errors(result))


def test_sworn_enemies_name_the_pack_s_factions(copy: Path) -> None:
    game = copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("sworn_enemies: [[reds, legionnaires]]",
                                                             "sworn_enemies: [[reds, czechs]]"), encoding="utf-8")
    result = run_cli("validate", str(copy), "--static")
    assert [e.split(": error: ")[1] for e in errors(result)] == [
        "parameters.sworn_enemies[0]: no faction 'czechs'; the factions are legionnaires, reds, warlords, whites"]
