"""Board diagrams of worked examples: the position before and after, drawn from the engine, told in words."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from pnpforge.games.legie.diagram import example

from tests.games.legie.helpers import PACK, load_pack_once

SVG = "{http://www.w3.org/2000/svg}"


def _units(svg: str) -> list[str]:
    """The unit names drawn on a diagram, in drawing order."""
    root = ElementTree.fromstring(svg)
    return [g.findall(f"{SVG}text")[0].text for g in root.iter(f"{SVG}g") if g.get("class") == "rb-unit"]


def test_a_diagram_shows_the_position_before_and_the_engines_result_after() -> None:
    figures, sentences = example(load_pack_once(), PACK / "examples" / "knight-support.yaml", "en", lambda k: k)
    (before_title, before), (after_title, after) = figures
    assert (before_title, after_title) == ("Before", "After")
    assert sorted(_units(before)) == ["Knight", "Knight", "Warrior", "Warrior"]
    assert sorted(_units(after)) == ["Knight", "Knight", "Knight", "Warrior"]  # c4's Warrior fell, c3 holds the Knight
    assert 'class="rb-flag"' not in before and 'class="rb-flag"' in after
    assert after.count('stroke="#b3261e"') == 1  # the square just laid on is outlined
    assert sentences == ["Black lays the Knight on c3.", "White's Warrior on c4 is removed and goes back to its owner.",
                         "The Flag moves to c4.", "White is to move."]
    label = ElementTree.fromstring(after).get("aria-label")
    assert label.startswith("After: ") and "White Warrior b3" in label and "Flag c4" in label


def test_the_advanced_game_shows_terrain_and_a_shot() -> None:
    figures, sentences = example(load_pack_once(), PACK / "examples" / "forest-and-fortification.yaml", "en",
                                 lambda k: k)
    assert "The Archer shoots at c4." in sentences
    fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', figures[0][1]))
    assert {"#8faa78", "#9cc0da", "#c9b08c"} <= fills  # forest, water and fortification squares


def test_german_words_come_from_the_rulebooks_labels() -> None:
    labels = {"diagram_before": "Vorher", "diagram_after": "Nachher",
              "diagram_lays": "{player} legt {unit} auf {square}.", "diagram_flag_name": "Fahne"}
    figures, sentences = example(load_pack_once(), PACK / "examples" / "knight-support.yaml", "de",
                                 lambda k: labels.get(k, k))
    assert [title for title, _ in figures] == ["Vorher", "Nachher"]
    assert sentences[0] == "Schwarz legt Ritter auf c3."
    assert "Ritter" in _units(figures[1][1]) and "Fahne c4" in ElementTree.fromstring(figures[1][1]).get("aria-label")
