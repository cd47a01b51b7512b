"""A game's marks drawn on a map (``render/map_drawing.py``, ``map_svg(..., marks=...)``): entrances on the squares
beyond the edge, the drawing grown by a square on that side and the coordinates moved past it; objective squares,
tile labels, lines of sight and pieces coloured by their side; every label escaped."""

from __future__ import annotations

import re

from pnpforge.engine.grid import Grid
from pnpforge.engine.map_marks import Entrance, MapMarks, Piece, Sight
from pnpforge.render.map_drawing import CELL, COORDINATE, GROUPS, map_svg

BOARD = Grid.filled(3, 2)


def _view_box(svg: str) -> list[int]:
    found = re.search(r'viewBox="([-\d ]+)"', svg)
    assert found is not None
    return [int(v) for v in found.group(1).split()]


def test_an_entrance_beyond_the_west_edge_grows_the_drawing_by_a_square_on_that_side() -> None:
    plain = str(map_svg(BOARD, coordinates=True, marks=MapMarks(BOARD)))
    marked = str(
        map_svg(
            BOARD,
            coordinates=True,
            marks=MapMarks(BOARD, entrances=(Entrance((0, 1), "west", "#b3261e"), Entrance((2, 0), "east", "#f4f1ea"))),
        )
    )
    left, top, width, height = _view_box(plain)
    assert (left, top) == (-2 - COORDINATE, -2 - COORDINATE)
    assert _view_box(marked) == [left - CELL, top, width + 2 * CELL, height]
    # the west entrance stands on the square left of (0, 1), its label light on red; the east one dark on pale
    assert f'<rect x="{-CELL + 2}" y="{CELL + 2}"' in marked and 'fill="#b3261e"' in marked
    assert marked.count('class="wb-map-entrance"') == 2 and 'fill="#2b2520">IN</text>' in marked
    # the row numbers move out past the entrances
    assert f'class="wb-map-row" x="{-6 - CELL}"' in marked and f'class="wb-map-row" x="{-6}"' in plain


def test_targets_tiles_sight_and_pieces_are_drawn_and_escaped() -> None:
    marks = MapMarks(
        BOARD,
        pieces=(Piece((0, 0), "1", 0), Piece((2, 1), "<b>", 1)),
        targets=((1, 1),),
        tiles=(((0, 0), "12"),),
        sight=(Sight((0, 0), (2, 1), True), Sight((0, 0), (2, 0), False)),
    )
    svg = str(map_svg(BOARD, marks=marks))
    assert svg.count('class="wb-map-target"') == 1 and ">12</text>" in svg
    assert "wb-map-sight-clear" in svg and 'class="wb-map-sight-blocked"' in svg and "stroke-dasharray" in svg
    assert f'fill="{GROUPS[0]}"' in svg and f'fill="{GROUPS[1]}"' in svg
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    # a line of sight runs centre to centre; a piece is drawn after it, over its end
    assert f'x1="{CELL // 2}" y1="{CELL // 2}" x2="{2 * CELL + CELL // 2}" y2="{CELL + CELL // 2}"' in svg
    assert svg.index("wb-map-sight-clear") < svg.index("wb-map-marker")


def test_a_colour_that_is_not_one_is_drawn_white() -> None:
    svg = str(map_svg(BOARD, marks=MapMarks(BOARD, entrances=(Entrance((0, 0), "north", "red;x"),))))
    assert "red;x" not in svg and 'rx="3" fill="#ffffff"' in svg
