"""Sheet geometry: where each face goes on the paper, what bleed it shows, where the crop marks and cut lines are.

Everything is in millimetres from the paper's top-left corner, y downwards, like layout zones. The functions here
only compute; ``impose.draw`` turns the result into PDF. Faces are placed by their trim: a placement is the trim's
rectangle on the paper and how much bleed shows beyond each side of it.

Duplex (long-edge, the usual setting): the paper turns over its vertical centre line, so what is at ``x`` on the
front is behind ``width - x`` on the back: the back of the face in column ``c`` goes in the mirrored column, and a
turned face is turned the other way (its top stays at the same edge of the paper). A back offset moves the backs
as seen looking at the back side: positive X to the right, positive Y up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from pnpforge.findings import Mark
from pnpforge.impose.presets import Marks, Sheet
from pnpforge.render.outline import Outline

FRONT, BACK = "front", "back"


@dataclass(frozen=True)
class Piece:
    """What the impose stage knows of one face: its size, shape, the bleed it was drawn with, its back."""

    key: str
    type: str
    width: float
    height: float
    shape: str = "rect"
    bleed: float = 3.0  # bleed the face's layout draws (the most a sheet may show)
    back: str | None = None
    copies: int = 1
    transparent: bool = False
    size: str = ""  # the layout's size name (poker, ...)
    side: str = FRONT
    outline: Outline | None = None  # a hex, polygon or path outline (None: its rectangle or circle)
    true_scale: bool = False  # printed at 100 % or not at all
    where: Mark | None = field(default=None, compare=False)  # its layout's ``size:``, for findings


@dataclass(frozen=True)
class Placement:
    """A face on a sheet: its trim rectangle there, its turn and scale, and the bleed shown around it."""

    face: str
    x: float
    y: float
    w: float  # on the sheet, after turning and scaling
    h: float
    rotation: int = 0  # degrees, counter-clockwise as seen on the sheet
    scale: float = 1.0
    bleed: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # shown beyond left, top, right, bottom
    round: bool = False
    window: tuple[float, float, float, float] | None = None  # a tile's part of the face: left, top, right, bottom
    outline: Outline | None = None  # the face's own cut outline when it is not a rectangle or a circle

    def to_sheet(self, u: float, v: float) -> tuple[float, float]:
        """A point of the face (mm from its trim's top-left, as the face is drawn) on the sheet."""
        width, height = (self.outline.width, self.outline.height) if self.outline else \
            ((self.w, self.h) if self.rotation % 180 == 0 else (self.h, self.w))
        scale = self.scale
        du, dv = (u - width / 2) * scale, (v - height / 2) * scale
        angle = math.radians(self.rotation)
        cos, sin = round(math.cos(angle), 12), round(math.sin(angle), 12)
        return self.x + self.w / 2 + du * cos + dv * sin, self.y + self.h / 2 - du * sin + dv * cos

    @property
    def shown(self) -> tuple[float, float, float, float]:
        """The rectangle of the sheet the face is drawn in: its bleed rectangle, or a tile's window of it."""
        if self.window is None:
            return self.outer
        left, top, right, bottom = self.outer
        w_left, w_top, w_right, w_bottom = self.window
        return max(left, w_left), max(top, w_top), min(right, w_right), min(bottom, w_bottom)

    @property
    def outer(self) -> tuple[float, float, float, float]:
        """The rectangle the face covers, bleed included: (left, top, right, bottom)."""
        left, top, right, bottom = self.bleed
        return self.x - left, self.y - top, self.x + self.w + right, self.y + self.h + bottom

    def behind(self, face: str, paper_width: float, shift: tuple[float, float] = (0.0, 0.0),
               outline: Outline | None = None) -> "Placement":
        """The placement of ``face`` (whose outline is ``outline``) on the other side of the paper, behind this one
        (long-edge turn); a tile's window is turned with it."""
        left, top, right, bottom = self.bleed
        window = None
        if self.window is not None:
            w_left, w_top, w_right, w_bottom = self.window
            window = (paper_width - w_right + shift[0], w_top - shift[1], paper_width - w_left + shift[0],
                      w_bottom - shift[1])
        return replace(self, face=face, x=paper_width - self.x - self.w + shift[0], y=self.y - shift[1],
                       rotation=(-self.rotation) % 360, bleed=(right, top, left, bottom), window=window,
                       outline=outline)


@dataclass
class SheetPage:
    """One side of one sheet: faces, crop marks, cut lines and fold lines."""

    side: str
    placements: list[Placement] = field(default_factory=list)
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)  # line segments
    cuts: list[Placement] = field(default_factory=list)  # outlines drawn at a face's trim
    folds: list[tuple[float, float, float, float]] = field(default_factory=list)  # dashed lines
    targets: list[tuple[float, float]] = field(default_factory=list)  # alignment targets of tiles, their centres
    # a tile's place in the whole: (x, y, w, h, filled) cells of a small map of the tiles, this one filled
    locator: list[tuple[float, float, float, float, bool]] = field(default_factory=list)
    scale_check: tuple[float, float] | None = None  # the top-left corner of the printed scale check


@dataclass(frozen=True)
class Edge:
    """Beside one side of a block: the bleed shown, and where a crop mark starts and ends (mm from the trim)."""

    bleed: float
    mark_from: float
    mark_to: float


def edge(room: float, bleed: float, marks: Marks) -> Edge:
    """Share ``room`` (trim to printable edge) between bleed and crop marks, shrinking both when it is tight."""
    full = bleed + marks.offset + marks.min_length
    if room >= full:
        return Edge(bleed, bleed + marks.offset, min(room, bleed + marks.offset + marks.length))
    room = max(room, 0.0)
    offset = marks.offset * room / full if full else 0.0
    shown = min(bleed, (room - offset) / 2)  # bleed and mark share what is left, the mark never shorter
    return Edge(shown, shown + offset, room)


def fit_count(room: float, size: float, gap: float = 0.0) -> int:
    """How many ``size`` cells, ``gap`` apart, fit in ``room``."""
    return max(0, math.floor((room + gap + 1e-9) / (size + gap)))


@dataclass(frozen=True)
class Grid:
    """Cells of a block or of gapped cards: the trim position of each column and row, and the edges around."""

    columns: tuple[float, ...]  # left trim edge of each column
    rows: tuple[float, ...]  # top trim edge of each row
    width: float
    height: float
    edges: tuple[Edge, Edge, Edge, Edge]  # left, top, right, bottom

    @property
    def capacity(self) -> int:
        """Cells per page."""
        return len(self.columns) * len(self.rows)


def block_grid(sheet: Sheet, area: tuple[float, float, float, float], piece: Piece, bleed: float) -> Grid | None:
    """Cards touching at their trims, centred in ``area`` (left, top, right, bottom); None when none fits."""
    left, top, right, bottom = area
    room = sheet.marks.min_length
    columns, rows = sheet.grid or (fit_count(right - left - 2 * room, piece.width),
                                   fit_count(bottom - top - 2 * room, piece.height))
    width, height = columns * piece.width, rows * piece.height
    if columns < 1 or rows < 1 or width > right - left + 1e-9 or height > bottom - top + 1e-9:
        return None
    x0, y0 = (left + right - width) / 2, (top + bottom - height) / 2
    edges = (edge(x0 - left, bleed, sheet.marks), edge(y0 - top, bleed, sheet.marks),
             edge(right - x0 - width, bleed, sheet.marks), edge(bottom - y0 - height, bleed, sheet.marks))
    return Grid(tuple(x0 + c * piece.width for c in range(columns)), tuple(y0 + r * piece.height for r in range(rows)),
                piece.width, piece.height, edges)


def gapped_grid(sheet: Sheet, area: tuple[float, float, float, float], piece: Piece, bleed: float) -> Grid | None:
    """Cards each with its own bleed, ``sheet.gap`` apart, as many as leave room for marks; None when none fits."""
    left, top, right, bottom = area
    cell_w, cell_h = piece.width + 2 * bleed, piece.height + 2 * bleed
    room = sheet.marks.offset + sheet.marks.min_length
    columns, rows = sheet.grid or (fit_count(right - left - 2 * room, cell_w, sheet.gap),
                                   fit_count(bottom - top - 2 * room, cell_h, sheet.gap))
    width, height = columns * cell_w + (columns - 1) * sheet.gap, rows * cell_h + (rows - 1) * sheet.gap
    if columns < 1 or rows < 1 or width > right - left + 1e-9 or height > bottom - top + 1e-9:
        return None
    x0, y0 = (left + right - width) / 2 + bleed, (top + bottom - height) / 2 + bleed

    def around(space: float) -> Edge:
        marks = edge(space - bleed, 0.0, sheet.marks)
        return Edge(bleed, bleed + marks.mark_from, bleed + marks.mark_to)

    edges = (around(x0 - left), around(y0 - top), around(right - (x0 + width - 2 * bleed)),
             around(bottom - (y0 + height - 2 * bleed)))
    return Grid(tuple(x0 + c * (cell_w + sheet.gap) for c in range(columns)),
                tuple(y0 + r * (cell_h + sheet.gap) for r in range(rows)), piece.width, piece.height, edges)


def grid_page(grid: Grid, faces: list[Piece], shared_cuts: bool) -> SheetPage:
    """A page of a grid filled row by row; in a block, bleed shows only where no card touches."""
    page = SheetPage(FRONT)
    columns = len(grid.columns)
    filled = {(i % columns, i // columns) for i in range(len(faces))}
    left, top, right, bottom = (e.bleed for e in grid.edges)
    for index, piece in enumerate(faces):
        column, row = index % columns, index // columns
        if shared_cuts:
            bleed = (left if (column - 1, row) not in filled else 0.0,
                     top if (column, row - 1) not in filled else 0.0,
                     right if (column + 1, row) not in filled else 0.0,
                     bottom if (column, row + 1) not in filled else 0.0)
        else:
            bleed = (left, top, right, bottom)
        page.placements.append(Placement(piece.key, grid.columns[column], grid.rows[row], piece.width,
                                         piece.height, bleed=bleed, round=piece.shape == "round",
                                         outline=piece.outline))
    page.marks = grid_marks(grid, shared_cuts)
    return page


def grid_marks(grid: Grid, shared_cuts: bool) -> list[tuple[float, float, float, float]]:
    """Crop marks in the margin, extending every cut line of the grid outwards."""
    left_edge, top_edge, right_edge, bottom_edge = grid.edges
    if shared_cuts:
        xs = list(grid.columns) + [grid.columns[-1] + grid.width]
        ys = list(grid.rows) + [grid.rows[-1] + grid.height]
    else:
        xs = sorted({x for c in grid.columns for x in (c, c + grid.width)})
        ys = sorted({y for r in grid.rows for y in (r, r + grid.height)})
    x0, x1 = grid.columns[0], grid.columns[-1] + grid.width
    y0, y1 = grid.rows[0], grid.rows[-1] + grid.height
    marks = []
    for x in xs:
        if top_edge.mark_to > top_edge.mark_from:
            marks.append((x, y0 - top_edge.mark_to, x, y0 - top_edge.mark_from))
        if bottom_edge.mark_to > bottom_edge.mark_from:
            marks.append((x, y1 + bottom_edge.mark_from, x, y1 + bottom_edge.mark_to))
    for y in ys:
        if left_edge.mark_to > left_edge.mark_from:
            marks.append((x0 - left_edge.mark_to, y, x0 - left_edge.mark_from, y))
        if right_edge.mark_to > right_edge.mark_from:
            marks.append((x1 + right_edge.mark_from, y, x1 + right_edge.mark_to, y))
    return [(round(a, 4), round(b, 4), round(c, 4), round(d, 4)) for a, b, c, d in marks]


def shelf_pages(sheet: Sheet, pieces: list[Piece]) -> list[SheetPage]:
    """Tokens packed row by row ("shelves"), each with its bleed, ``sheet.gap`` apart, with a cut line at its trim."""
    left, top, right, bottom = sheet.printable
    pages: list[list[list[tuple[Piece, float]]]] = [[]]  # pages -> rows -> (piece, bleed)
    row_width = used_height = row_height = 0.0
    for piece in pieces:
        bleed = min(sheet.bleed, piece.bleed)
        cell_w, cell_h = piece.width + 2 * bleed, piece.height + 2 * bleed
        rows = pages[-1]
        if not rows or row_width + sheet.gap + cell_w > right - left:
            if rows:
                used_height += row_height + sheet.gap
            if used_height + cell_h > bottom - top:
                pages.append([])
                rows, used_height = pages[-1], 0.0
            rows.append([])
            row_width, row_height = -sheet.gap, 0.0
        rows[-1].append((piece, bleed))
        row_width += sheet.gap + cell_w
        row_height = max(row_height, cell_h)
    result = []
    for rows in pages:
        if not rows:
            continue
        widths = [sum(p.width + 2 * b for p, b in row) + sheet.gap * (len(row) - 1) for row in rows]
        heights = [max(p.height + 2 * b for p, b in row) for row in rows]
        y = top + (bottom - top - sum(heights) - sheet.gap * (len(rows) - 1)) / 2
        page = SheetPage(FRONT)
        for row, height, width in zip(rows, heights, widths):
            x = left + (right - left - width) / 2
            for piece, bleed in row:
                cell_h = piece.height + 2 * bleed
                placement = Placement(piece.key, x + bleed, y + (height - cell_h) / 2 + bleed, piece.width,
                                      piece.height, bleed=(bleed,) * 4, round=piece.shape == "round",
                                      outline=piece.outline)
                page.placements.append(placement)
                page.cuts.append(placement)
                x += piece.width + 2 * bleed + sheet.gap
            y += height + sheet.gap
        result.append(page)
    return result


def whole_page(sheet: Sheet, piece: Piece) -> SheetPage | None:
    """One face alone on the page, turned when that shows it larger, scaled down to the printable area if needed;
    a true-scale face is never scaled (its bleed shrinks first): None when its trim does not fit either way."""
    left, top, right, bottom = sheet.printable
    room_w, room_h = right - left, bottom - top
    bleed = min(sheet.bleed, piece.bleed)
    best = None  # (how good, rotation, width, height, scale, bleed shown)
    for rotation in (0, 90):
        w, h = (piece.width, piece.height) if rotation == 0 else (piece.height, piece.width)
        if piece.true_scale:  # at 100 %, with as much of its bleed as the paper has room for
            margin = min((room_w - w) / 2, (room_h - h) / 2)
            option = (margin, rotation, w, h, 1.0, max(0.0, min(bleed, margin)))
            if margin < -1e-9:
                continue
        else:
            scale = min(1.0, room_w / (w + 2 * bleed), room_h / (h + 2 * bleed))
            option = (scale, rotation, w * scale, h * scale, scale, bleed * scale)
        if best is None or option[0] > best[0] + (1e-6 if piece.true_scale else 1e-9):
            best = option
    if best is None:
        return None
    _, rotation, w, h, scale, shown = best
    placement = Placement(piece.key, (sheet.width - w) / 2, (sheet.height - h) / 2, w, h, rotation, round(scale, 6),
                          (shown,) * 4, piece.shape == "round", outline=piece.outline)
    page = SheetPage(FRONT, [placement])
    if piece.true_scale and (piece.outline or piece.shape == "round"):
        page.cuts.append(placement)  # a template is cut along its outline
    return page


def backs_of(page: SheetPage, by_key: dict[str, Piece], paper_width: float,
             shift: tuple[float, float]) -> SheetPage:
    """The back side of a front page for long-edge duplex: each front's back behind it, moved by ``shift``."""
    back = SheetPage(BACK)
    for placement in page.placements:
        piece = by_key[placement.face]
        if piece.back in by_key:
            back.placements.append(placement.behind(piece.back, paper_width, shift, by_key[piece.back].outline))
    if back.placements:  # a tile's seam targets, behind the front's
        back.targets = [(paper_width - x + shift[0], y - shift[1]) for x, y in page.targets]
    return back


def mirrored(page: SheetPage, by_key: dict[str, Piece], paper_width: float) -> SheetPage:
    """A gutter-fold page: the fronts, and their backs mirrored about the fold in the paper's centre."""
    folded = SheetPage(FRONT, list(page.placements), list(page.marks))
    for placement in page.placements:
        piece = by_key[placement.face]
        if piece.back in by_key:
            folded.placements.append(placement.behind(piece.back, paper_width, outline=by_key[piece.back].outline))
    folded.marks += [(paper_width - x0, y0, paper_width - x1, y1) for x0, y0, x1, y1 in page.marks]
    return folded
