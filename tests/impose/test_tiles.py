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


def _flat(points) -> list[float]:
    return [v for point in points for v in point]


def _duplex(paper: str):
    from pnpforge.impose.stage import sheet_pages

    front = Piece("board/a", "board", 570.0, 400.0, bleed=3.0, back="board/back/a", true_scale=True)
    back = Piece("board/back/a", "board", 570.0, 400.0, bleed=3.0, side="back", true_scale=True)
    sheet = _sheet(paper)
    return sheet, sheet_pages(sheet, [front], {front.key: front, back.key: back}, (0.0, 0.0))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_board_with_a_back_gets_each_tiles_back_behind_it(paper: str) -> None:
    sheet, (pages, problems) = _duplex(paper)
    assert problems == []
    assert [p.side for p in pages] == ["front", "back"] * 6
    for front, back in zip(pages[::2], pages[1::2]):
        (shown,), (behind,) = front.placements, back.placements
        assert behind.face == "board/back/a" and behind.rotation == (-shown.rotation) % 360
        # the back's window is the front's turned over the paper's vertical centre line, and so are the targets
        assert behind.window == pytest.approx((sheet.width - shown.window[2], shown.window[1],
                                               sheet.width - shown.window[0], shown.window[3]))
        behind_targets = sorted((sheet.width - x, y) for x, y in front.targets)
        assert _flat(sorted(back.targets)) == pytest.approx(_flat(behind_targets))
        # a point of the board on the front page has the same point of the back face behind it
        u, v = 100.0, 50.0
        fx, fy = shown.to_sheet(u, v)
        bx, by = behind.to_sheet(570.0 - u, v)
        assert (sheet.width - fx, fy) == pytest.approx((bx, by))


def test_a_back_offset_moves_the_back_tiles_and_their_targets() -> None:
    from pnpforge.impose.geometry import backs_of

    sheet, (pages, _) = _duplex("a4")
    front = Piece("board/a", "board", 570.0, 400.0, bleed=3.0, back="board/back/a")
    back = Piece("board/back/a", "board", 570.0, 400.0, bleed=3.0, side="back")
    moved = backs_of(pages[0], {front.key: front, back.key: back}, sheet.width, (1.5, -0.5))
    assert _flat(sorted(moved.targets)) == pytest.approx(_flat(sorted((x + 1.5, y + 0.5) for x, y in pages[1].targets)))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_tile_that_fits_one_page_is_printed_whole_with_crop_marks(paper: str) -> None:
    sheet = _sheet(paper)
    (page,) = tile_pages(sheet, Piece("map", "map", 150.0, 200.0, bleed=3.0))
    (placement,) = page.placements
    assert placement.window == pytest.approx(placement.outer) and page.targets == [] and page.locator == []
    xs = {round(x, 4) for x0, y0, x1, y1 in page.marks for x in (x0, x1) if x0 == x1}
    ys = {round(y, 4) for x0, y0, x1, y1 in page.marks for y in (y0, y1) if y0 == y1}
    assert xs == {round(placement.x, 4), round(placement.x + 150, 4)}
    assert ys == {round(placement.y, 4), round(placement.y + 200, 4)}
    assert len(page.marks) == 8  # two at each corner, in the margin beyond the bleed
    left, top, right, bottom = placement.outer
    assert all(not (left < x < right and top < y < bottom) for mark in page.marks for x, y in (mark[:2], mark[2:]))


def test_a_double_sided_tile_that_fits_one_page_is_one_duplex_page() -> None:
    from pnpforge.impose.stage import sheet_pages

    front = Piece("map/a", "map", 150.0, 200.0, bleed=3.0, back="map/back/a")
    back = Piece("map/back/a", "map", 150.0, 200.0, bleed=3.0, side="back")
    sheet = _sheet("letter")
    pages, problems = sheet_pages(sheet, [front], {front.key: front, back.key: back}, (0.0, 0.0))
    assert problems == [] and [p.side for p in pages] == ["front", "back"]
    (shown,), (behind,) = pages[0].placements, pages[1].placements
    assert len(pages[0].marks) == 8 and behind.face == "map/back/a"
    assert behind.x == pytest.approx(sheet.width - shown.x - shown.w) and behind.y == pytest.approx(shown.y)
