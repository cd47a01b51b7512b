"""A board larger than the paper in tiles: full size, equal windows sharing the overlap, targets on both sides of
every seam at the same spot of the board."""

from __future__ import annotations

import pytest

from pnpforge.impose.geometry import Piece
from pnpforge.impose.presets import Presets, sheet_search_path
from pnpforge.impose.tiles import tile_count, tile_pages, windows

from tests.impose.conftest import LANTERN, load

BOARD = Piece("board", "board", 570.0, 400.0, bleed=3.0)


def _sheet(paper: str):
    return Presets(sheet_search_path(load(LANTERN))).sheet(paper, "tiles")


def test_tile_counts_and_windows() -> None:
    assert tile_count(100, 200, 12) == 1
    assert tile_count(388, 200, 12) == 2 and tile_count(389, 200, 12) == 3
    spans = windows(586, 3, 12)
    assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(586)
    assert all(b[0] == pytest.approx(a[1] - 12) for a, b in zip(spans, spans[1:]))  # neighbours share 12 mm


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_board_is_tiled_at_full_size_with_targets_on_both_sides_of_each_seam(paper: str) -> None:
    sheet = _sheet(paper)
    pages = tile_pages(sheet, BOARD)
    assert len(pages) == 6  # 3 x 2 portrait pages, on A4 and on Letter
    left, top, right, bottom = sheet.printable
    seen: dict[tuple[float, float], int] = {}
    for page in pages:
        (placement,) = page.placements
        assert placement.scale == 1.0 and (placement.w, placement.h) == (570.0, 400.0)
        w_left, w_top, w_right, w_bottom = placement.window
        assert left - 1e-6 <= w_left and w_right <= right + 1e-6 and top - 1e-6 <= w_top and w_bottom <= bottom + 1e-6
        origin = (placement.x - 3.0, placement.y - 3.0)  # the bleed rectangle's corner on this page
        for x, y in page.targets:
            assert w_left < x < w_right and w_top < y < w_bottom
            spot = (round(x - origin[0], 6), round(y - origin[1], 6))
            seen[spot] = seen.get(spot, 0) + 1
    # 3 columns x 2 rows: 2 vertical seams beside 2 rows, 1 horizontal seam beside 3 columns; each target twice
    assert len(seen) == 2 * 2 + 3 and set(seen.values()) == {2}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_tile_shows_which_one_it_is_in_a_map_above_it(paper: str) -> None:
    pages = tile_pages(_sheet(paper), BOARD)
    for number, page in enumerate(pages):
        cells = page.locator
        assert len(cells) == 6
        filled = [i for i, cell in enumerate(cells) if cell[4]]
        assert filled == [number]  # reading order, the map's cells too
        (placement,) = page.placements
        assert all(y + h < placement.window[1] for _, y, _, h, _ in cells)  # above the tile, not over it


def test_a_paper_too_small_for_the_overlap_gives_no_tiles() -> None:
    sheet = _sheet("a4")
    from dataclasses import replace
    assert tile_pages(replace(sheet, overlap=150.0), BOARD) == []
