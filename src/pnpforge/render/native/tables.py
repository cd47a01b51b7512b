"""Tables as WeasyPrint lays them out, for the case faces use: rows of cells with collapsed borders.

The border between two cells is the stronger of the two borders there (CSS 2.1's conflict resolution: wider
wins, then the stronger style), centred on the grid line, half of it inside each cell. Columns are sized by the
fixed layout (the first row's widths, the rest shared equally) or by the automatic one (each column between its
cells' min- and max-content widths, as css-tables-3 distributes the table's width); each row is as tall as its
tallest cell, and a cell's content sits at its top, middle or bottom. Spans, separated borders, captions and row
groups are ``Unsupported``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpforge.render.native.boxes import Box
from pnpforge.render.native.dom import Unsupported

STYLE_SCORES = {"none": 0, "solid": 7}  # CSS 2.1's order of border styles, for the ones laid out here
EPSILON = 1e-9  # the floating point slack WeasyPrint allows when comparing width sums


@dataclass(frozen=True)
class Edge:
    """One resolved border segment of the grid: its score (for conflicts and painting order), width and colour."""

    score: tuple
    width: float = 0.0
    colour: tuple | None = None


NONE = Edge((0, 0.0, 0))


@dataclass
class Grid:
    """A table's resolved borders and where its columns and rows are, once laid out."""

    horizontal: list[list[Edge]]  # (rows + 1) lines of a segment per column
    vertical: list[list[Edge]]  # rows lines of a segment per column line (columns + 1)
    columns: list[float]  # x of each column's left edge, and of the last one's right edge
    rows: list[float]  # y of each row's top, and of the last one's bottom


def collapse(table: Box) -> Grid:
    """Resolve the cells' borders into the grid; set each cell's and the table's used border widths."""
    rows = table.rows
    assert rows is not None  # a table
    width = max(len(row) for row in rows)
    if any(len(row) != width for row in rows):
        raise Unsupported("table rows with different numbers of cells")
    horizontal = [[NONE] * width for _ in range(len(rows) + 1)]
    vertical = [[NONE] * (width + 1) for _ in range(len(rows))]
    for y, row in enumerate(rows):
        for x, cell in enumerate(row):
            _set(horizontal, y, x, cell, "top")
            _set(horizontal, y + 1, x, cell, "bottom")
            _set(vertical, y, x, cell, "left")
            _set(vertical, y, x + 1, cell, "right")
    for y, row in enumerate(rows):
        for x, cell in enumerate(row):
            cell.borders = (horizontal[y][x].width / 2, vertical[y][x + 1].width / 2,
                            horizontal[y + 1][x].width / 2, vertical[y][x].width / 2)
    table.borders = (max(edge.width for edge in horizontal[0]) / 2, vertical[0][width].width / 2,
                     max(edge.width for edge in horizontal[-1]) / 2, vertical[0][0].width / 2)
    return Grid(horizontal, vertical, [], [])


def _set(grid: list[list[Edge]], y: int, x: int, cell: Box, side: str) -> None:
    style = cell.style
    kind = style[f"border-{side}-style"]
    if kind not in STYLE_SCORES:
        raise Unsupported(f"a collapsed {kind} border")
    width = float(style[f"border-{side}-width"])
    edge = Edge((0, width, STYLE_SCORES[kind]), width, style[f"border-{side}-color"])
    if grid[y][x].score < edge.score:  # strictly: the earlier cell wins a tie
        grid[y][x] = edge


def fixed_columns(table: Box, width: float, outer) -> list[float]:
    """Column widths of ``table-layout: fixed``: the first row's cells that state a width, the rest equally."""
    assert table.rows is not None  # a table
    first = table.rows[0]
    stated = [outer(cell) if cell.style["width"] not in ("auto",) else None for cell in first]
    known = sum(w for w in stated if w is not None)
    unknown = [i for i, w in enumerate(stated) if w is None]
    share = (width - known) / len(unknown) if unknown and width >= known else 0.0
    columns: list[float] = [share if w is None else w for w in stated]
    extra = width - sum(columns)
    return [w + extra / len(columns) for w in columns] if extra > 0 else columns


def auto_columns(width: float, minimums: list[float], maximums: list[float], constrained: list[bool]) -> list[float]:
    """Column widths of the automatic layout for a table of a given width (css-tables-3's width distribution)."""
    specified = [high if fixed else low for low, high, fixed in zip(minimums, maximums, constrained)]
    guesses = (minimums, minimums, specified, maximums)
    if width * (1 + EPSILON) < sum(maximums):
        lower = upper = None
        for guess in guesses:
            if sum(guess) <= width * (1 + EPSILON):
                lower = guess
            else:
                break
        for guess in guesses[::-1]:
            if sum(guess) >= width * (1 - EPSILON):
                upper = guess
            else:
                break
        if lower is None or upper is None:
            raise Unsupported("a table narrower than its content")
        if upper == lower:
            return list(upper)
        added = [high - low for low, high in zip(lower, upper)]
        ratio = (width - sum(lower)) / sum(added)
        return [low + more * ratio for low, more in zip(lower, added)]
    columns = list(maximums)
    excess = width - sum(maximums)
    for group in ([i for i, fixed in enumerate(constrained) if not fixed and maximums[i] > 0],
                  [i for i, fixed in enumerate(constrained) if not fixed],
                  [i for i, fixed in enumerate(constrained) if fixed and maximums[i] > 0]):
        if group:
            total = sum(maximums[i] for i in group)
            for i in group:
                columns[i] += excess * maximums[i] / total if total else excess / len(group)
            return columns
    return [w + excess / len(columns) for w in columns]


def segments(grid: Grid) -> list[tuple[tuple, float, tuple, tuple[float, float, float, float]]]:
    """The borders to paint, as WeasyPrint paints them: ``(score, width, colour, (x1, y1, x2, y2))``, in painting
    order (stronger borders last, on top)."""
    rows, columns = len(grid.vertical), len(grid.horizontal[0])
    found: list[tuple[tuple, float, tuple, tuple[float, float, float, float]]] = []

    def half(lines: list[list[Edge]], pairs, vertical: bool) -> float:
        widest = 0.0
        for y, x in pairs:
            inside = (0 <= y < rows and 0 <= x <= columns) if vertical else (0 <= y <= rows and 0 <= x < columns)
            if inside:
                widest = max(widest, lines[y][x].width)
        return widest / 2

    def add_vertical(x: int, y: int) -> None:
        edge = grid.vertical[y][x]
        if not edge.width or edge.colour is None or not edge.colour[3]:
            return
        top = grid.rows[y] - half(grid.horizontal, [(y, x - 1), (y, x)], False)
        bottom = grid.rows[y + 1] + half(grid.horizontal, [(y + 1, x - 1), (y + 1, x)], False)
        found.append((edge.score, edge.width, edge.colour, (grid.columns[x], top, grid.columns[x], bottom)))

    def add_horizontal(x: int, y: int) -> None:
        edge = grid.horizontal[y][x]
        if not edge.width or edge.colour is None or not edge.colour[3]:
            return
        before = half(grid.vertical, [(y - 1, x), (y, x)], True)
        after = half(grid.vertical, [(y - 1, x + 1), (y, x + 1)], True)
        found.append((edge.score, edge.width, edge.colour,
                      (grid.columns[x] - before, grid.rows[y], grid.columns[x + 1] + after, grid.rows[y])))

    for x in range(columns):
        add_horizontal(x, 0)
    for y in range(rows):
        add_vertical(0, y)
        for x in range(columns):
            add_vertical(x + 1, y)
            add_horizontal(x, y + 1)
    found.sort(key=lambda segment: segment[0])
    return found
