"""Hex tokens on a punchboard: a honeycomb whose neighbours face each other ``gap`` mm apart, cut at each hex."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from pnpforge.impose.geometry import Piece
from pnpforge.impose.honeycomb import honeycomb_pages
from pnpforge.impose.presets import Presets, sheet_search_path
from pnpforge.render.outline import Outline, hex_corners

from tests.impose.conftest import LANTERN, load


def _hexes(count: int, across: float, top: str) -> list[Piece]:
    width, height, corners = hex_corners(across, top)
    outline = Outline("hex", width, height, corners, (), top, across)
    return [Piece(f"hex/{i}", "hex", width, height, "hex", 2.0, outline=outline) for i in range(count)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("top", ["flat", "pointy"])
def test_hexes_pack_in_a_honeycomb_inside_the_printable_area(paper: str, top: str) -> None:
    sheet = Presets(sheet_search_path(load(LANTERN))).sheet(paper, "punchboard")
    pages = honeycomb_pages(sheet, _hexes(80, 30.0, top))
    assert sum(len(p.placements) for p in pages) == 80 and len(pages) == 2
    first = pages[0]
    assert len(first.placements) > 20 and first.cuts == first.placements
    left, top_edge, right, bottom = sheet.printable
    spacing = 30.0 + 2 * sheet.bleed + sheet.gap  # neighbours' centres: the grown hexes gap mm apart
    centres = [(p.x + p.w / 2, p.y + p.h / 2) for p in first.placements]
    for placement in first.placements:
        outer = placement.outer
        assert left - 1e-6 <= outer[0] and outer[2] <= right + 1e-6
        assert top_edge - 1e-6 <= outer[1] and outer[3] <= bottom + 1e-6
    distances = [math.dist(a, b) for a, b in combinations(centres, 2)]
    assert min(distances) == pytest.approx(spacing)
    neighbours = [sum(1 for b in centres if math.dist(a, b) == pytest.approx(spacing)) for a in centres]
    assert max(neighbours) == 6  # a hex inside the comb touches six others
