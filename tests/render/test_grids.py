"""Template helpers that draw square and hex grids with their coordinates."""

from __future__ import annotations

import math
import re

import pytest

from pnpforge.render.environment import RenderError, make_environment
from pnpforge.render.grids import column_name, hex_grid, square_grid

NUMBER = r"(-?\d+(?:\.\d+)?)"


def _labels(markup: str) -> list[tuple[float, float, str]]:
    """(left, top, text) of each label."""
    return [(float(left), float(top), text) for left, top, text in
            re.findall(r"left:" + NUMBER + r"mm;top:" + NUMBER + r"mm;[^>]*>([^<]*)</span>", markup)]


def _figures(markup: str) -> list[list[tuple[float, float]]]:
    """The corners of each closed figure of the grid's path."""
    path = re.search(r' d="([^"]*)"', markup).group(1)
    return [[(float(x), float(y)) for x, y in re.findall(NUMBER + " " + NUMBER, figure)]
            for figure in path.split("Z") if figure]


def test_column_names_go_on_after_z() -> None:
    assert [column_name(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == \
        ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


def test_a_square_grid_names_its_cells_like_a_chess_board() -> None:
    markup = str(square_grid(3, 2, 20))
    assert 'width:60.000mm;height:40.000mm' in markup
    labels = _labels(markup)
    assert [text for _, _, text in labels] == ["A1", "B1", "C1", "A2", "B2", "C2"]
    assert [round(left + 10, 3) for left, _, _ in labels[:3]] == [10, 30, 50]  # centred in their columns
    assert str(square_grid(3, 2, 20, labels=False)).count("<span") == 0


@pytest.mark.parametrize("top", ["flat", "pointy"])
def test_a_hex_grid_has_hexes_of_its_size_side_by_side(top: str) -> None:
    markup = str(hex_grid(4, 3, 25, top=top))
    figures = _figures(markup)
    assert len(figures) == 12 and all(len(f) == 6 for f in figures)
    radius = 25 / math.sqrt(3)
    centres = [(sum(x for x, _ in f) / 6, sum(y for _, y in f) / 6) for f in figures]
    for figure, centre in zip(figures, centres):
        assert all(math.dist(corner, centre) == pytest.approx(radius, abs=0.002) for corner in figure)
    # neighbours 25 mm apart (they share a side), never closer
    distances = sorted(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:])
    assert distances[0] == pytest.approx(25, abs=0.002)
    labels = [text for _, _, text in _labels(markup)]
    assert labels[:5] == ["0101", "0201", "0301", "0401", "0102"]
    box = re.search(r"width:" + NUMBER + r"mm;height:" + NUMBER + r"mm", markup)
    xs = [x for f in figures for x, _ in f]
    ys = [y for f in figures for _, y in f]
    assert (float(box.group(1)), float(box.group(2))) == pytest.approx((max(xs), max(ys)), abs=0.002)
    assert min(xs) == pytest.approx(0, abs=0.002) and min(ys) == pytest.approx(0, abs=0.002)


@pytest.mark.parametrize("call,message", [
    ("hex_grid(0, 3, 25)", "columns: expected a whole number from 1 to 200, found 0"),
    ("hex_grid(3, 3, 25, top='round')", "hex_grid: top: expected flat or pointy, found 'round'"),
    ("square_grid(3, 3, -2)", "pitch: expected mm above 0 and at most 1000, found -2"),
    ("square_grid(3, 3, 10, colour='red;x')", "colour: expected #rgb or #rrggbb, found 'red;x'"),
])
def test_a_bad_grid_is_an_error_of_the_template(call: str, message: str) -> None:
    template = make_environment([]).from_string("{{ " + call + " }}")
    with pytest.raises(RenderError, match=re.escape(message)):
        template.render()
