"""A face larger than the paper, printed at full size on several pages that overlap: a board in tiles.

The face (with the bleed the sheet shows) is cut into equal windows, ``overlap`` mm of the face printed on both
neighbours. In the middle of each overlap, at the middle of the tile beside it, an alignment target is printed on
both pages at the same spot of the face: trim a tile's margin, lay it over its neighbour, and the targets meet.
Tiles go in reading order (rows from the top, each from the left); the face is turned a quarter when that takes
fewer pages. Above each tile, where the margin has room, a small map of all the tiles shows which one it is. A face
that fits one page is printed whole, with crop marks at its trim. Backs (``duplex: long-edge``) are the stage's:
each tile's back page shows the back face's window behind it, with the seam targets behind the front's.
"""

from __future__ import annotations

import math

from pnpforge.impose.geometry import FRONT, Edge, Grid, Piece, Placement, SheetPage, grid_marks
from pnpforge.impose.presets import Sheet


def tile_count(length: float, room: float, overlap: float) -> int:
    """How many tiles of at most ``room`` cover ``length`` when neighbours share ``overlap``."""
    if length <= room:
        return 1
    return math.ceil((length - overlap) / (room - overlap) - 1e-9)


def tile_plan(sheet: Sheet, piece: Piece) -> tuple[int, int, int, float, float] | None:
    """(rotation, columns, rows, face width, face height on the sheet, bleed included) taking the fewest pages;
    None when the paper's printable area is narrower than twice the overlap."""
    left, top, right, bottom = sheet.printable
    room_w, room_h, overlap = right - left, bottom - top, sheet.overlap
    if min(room_w, room_h) <= 2 * overlap:
        return None
    bleed = min(sheet.bleed, piece.bleed)
    best = None
    for rotation in (0, 90):
        w, h = (piece.width, piece.height) if rotation == 0 else (piece.height, piece.width)
        w, h = w + 2 * bleed, h + 2 * bleed
        columns, rows = tile_count(w, room_w, overlap), tile_count(h, room_h, overlap)
        if best is None or columns * rows < best[1] * best[2]:
            best = (rotation, columns, rows, w, h)
    return best


def windows(length: float, count: int, overlap: float) -> list[tuple[float, float]]:
    """The (start, end) of each tile along one side of the face, equal in size, neighbours sharing ``overlap``."""
    size = (length + (count - 1) * overlap) / count
    return [(i * (size - overlap), i * (size - overlap) + size) for i in range(count)]


def tile_pages(sheet: Sheet, piece: Piece) -> list[SheetPage]:
    """The pages of one face in tiles at full size, with their alignment targets."""
    plan = tile_plan(sheet, piece)
    if plan is None:
        return []
    rotation, columns, rows, width, height = plan
    bleed = min(sheet.bleed, piece.bleed)
    left, top, right, bottom = sheet.printable
    across, down = windows(width, columns, sheet.overlap), windows(height, rows, sheet.overlap)
    half = sheet.overlap / 2
    # targets in face coordinates (mm from the top-left of the bleed rectangle): on each seam, beside each tile
    seams = [(x1 - half, (y0 + y1) / 2) for (_, x1) in across[:-1] for (y0, y1) in down]
    seams += [((x0 + x1) / 2, y1 - half) for (_, y1) in down[:-1] for (x0, x1) in across]
    pages: list[SheetPage] = []
    for y0, y1 in down:
        for x0, x1 in across:
            page_left = left + (right - left - (x1 - x0)) / 2
            page_top = top + (bottom - top - (y1 - y0)) / 2
            dx, dy = page_left - x0, page_top - y0  # face coordinates to this page's
            placement = Placement(piece.key, dx + bleed, dy + bleed, width - 2 * bleed, height - 2 * bleed,
                                  rotation, 1.0, (bleed,) * 4, False,
                                  (page_left, page_top, page_left + x1 - x0, page_top + y1 - y0))
            targets = [(x + dx, y + dy) for x, y in seams if x0 < x < x1 and y0 < y < y1]
            here = (len(pages) % columns, len(pages) // columns)
            pages.append(SheetPage(FRONT, [placement], targets=targets,
                                   locator=locator(columns, rows, here, (page_left, page_top, x1 - x0, y1 - y0),
                                                   top)))
    if len(pages) == 1:
        pages[0].marks = crop_marks(sheet, pages[0].placements[0], bleed)
    return pages


def crop_marks(sheet: Sheet, placement: Placement, bleed: float) -> list[tuple[float, float, float, float]]:
    """Crop marks extending the trim lines of a face alone on its page, on each side with room for them."""
    left, top, right, bottom = sheet.printable
    marks = sheet.marks
    rooms = (placement.x - left, placement.y - top, right - placement.x - placement.w,
             bottom - placement.y - placement.h)
    edges = tuple(Edge(bleed, bleed + marks.offset, min(room, bleed + marks.offset + marks.length))
                  if room >= bleed + marks.offset + marks.min_length else Edge(bleed, 0.0, 0.0) for room in rooms)
    grid = Grid((placement.x,), (placement.y,), placement.w, placement.h, edges)  # type: ignore[arg-type]
    return grid_marks(grid, shared_cuts=True)


LOCATOR_CELL = 3.0  # mm, one tile in the map
LOCATOR_GAP = 2.0  # mm between the map and the tile


def locator(columns: int, rows: int, here: tuple[int, int], window: tuple[float, float, float, float],
            printable_top: float) -> list[tuple[float, float, float, float, bool]]:
    """Cells of the map of ``columns`` x ``rows`` tiles, each shaped like a tile, ``here`` filled, centred above
    the window (left, top, width, height); none when there is one tile or the margin above is too small."""
    left, top, width, height = window
    cell_w = LOCATOR_CELL * width / height
    map_h = rows * LOCATOR_CELL
    if columns * rows == 1 or top - LOCATOR_GAP - map_h < printable_top:
        return []
    x0 = left + (width - columns * cell_w) / 2
    y0 = top - LOCATOR_GAP - map_h
    return [(x0 + c * cell_w, y0 + r * LOCATOR_CELL, cell_w, LOCATOR_CELL, (c, r) == here)
            for r in range(rows) for c in range(columns)]
