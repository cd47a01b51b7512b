"""The force entry of Dystopian Legions' standard platoon: BattleScribe's counts, worked out from the exported
constraints and modifiers the way BattleScribe applies them, are the platoon's unlocks (platoons.yaml, p.29-33)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.publish.battlescribe import build_battlescribe
from pnpforge.publish.battlescribe.xml import stable_id
from tests.conftest import REPO
from tests.publish.battlescribe.schema import tree


@pytest.fixture(scope="module")
def game_system(tmp_path_factory: pytest.TempPathFactory) -> ET.Element:
    pack, findings = load_pack(REPO / "content" / "dystopian-legions")
    assert pack is not None, findings
    result = build_battlescribe(pack, tmp_path_factory.mktemp("bs"), "en")
    return tree(next(p for p in result.files if p.suffix == ".gst"))


def category(key: str) -> str:
    return stable_id("dystopian-legions", "category", key)


def bounds(force: ET.Element, chosen: dict[str, int]) -> dict[str, tuple[int | None, int | None]]:
    """Each category's (least, most) in a force holding ``chosen`` selections per category: every modifier whose
    conditions hold changes the constraint it names, once or once per repeat; of two most, the smaller holds."""
    def count(query: ET.Element) -> int:
        key = next(k for k, v in ((k, category(k)) for k in KEYS) if v == query.get("childId"))
        return chosen.get(key, 0)

    found = {}
    for link in force.findall("categoryLinks/categoryLink"):
        values = {c.get("id"): int(c.get("value")) for c in link.findall("constraints/constraint")}
        kinds = {c.get("id"): c.get("type") for c in link.findall("constraints/constraint")}
        for modifier in link.findall("modifiers/modifier"):
            if not all(count(c) >= int(c.get("value")) for c in modifier.findall("conditions/condition")
                       if c.get("type") == "atLeast"):
                continue
            times = 1
            for repeat in modifier.findall("repeats/repeat"):
                times = math.floor(count(repeat) / int(repeat.get("value"))) * int(repeat.get("repeats"))
            step = int(modifier.get("value")) * times
            values[modifier.get("field")] += step if modifier.get("type") == "increment" else -step
        least = [v for k, v in values.items() if kinds[k] == "min"]
        most = [v for k, v in values.items() if kinds[k] == "max"]
        key = next(k for k in KEYS if category(k) == link.get("targetId"))
        found[key] = (least[0] if least else None, min(most) if most else None)
    return found


KEYS = ["hq", "line", "elite", "support", "heavy_support", "character", "sidekick", "mercenary", "transport",
        "tactical-action-card"]


@pytest.mark.parametrize("lines, heavy, want", [
    # the first Line section: an Elite or Mercenary and a Support
    (1, 0, {"hq": (1, 1), "line": (1, None), "elite": (None, 1), "mercenary": (None, 1), "support": (None, 1),
            "heavy_support": (None, 0), "character": (None, 0)}),
    # the second: a Character, a Support, a Support or Elite; or a Heavy Support for two Supports
    (2, 0, {"elite": (None, 2), "mercenary": (None, 1), "support": (None, 3), "heavy_support": (None, 1),
            "character": (None, 1)}),
    (2, 1, {"support": (None, 1), "heavy_support": (None, 1)}),
    # the third and every later one: as the first
    (3, 0, {"elite": (None, 3), "mercenary": (None, 2), "support": (None, 4), "character": (None, 1)}),
    (5, 1, {"elite": (None, 5), "mercenary": (None, 4), "support": (None, 4), "heavy_support": (None, 1)}),
])
def test_each_line_section_opens_what_the_platoon_says(game_system: ET.Element, lines: int, heavy: int,
                                                        want: dict) -> None:
    force = next(f for f in game_system.iter("forceEntry") if f.get("name") == "Standard Platoon")
    found = bounds(force, {"line": lines, "heavy_support": heavy})
    assert {key: found[key] for key in want} == want


def test_the_deck_holds_the_games_number_of_cards(game_system: ET.Element) -> None:
    deck = next(f for f in game_system.iter("forceEntry") if f.get("name") == "Tactical Action Card deck")
    assert bounds(deck, {}) == {"tactical-action-card": (12, 12)}


def test_transports_take_no_place(game_system: ET.Element) -> None:
    force = next(f for f in game_system.iter("forceEntry") if f.get("name") == "Standard Platoon")
    assert category("transport") not in {link.get("targetId") for link in force.iter("categoryLink")}


