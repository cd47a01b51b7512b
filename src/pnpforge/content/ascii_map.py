"""ASCII maps: the text format a designer draws a square map in, read into cells, terrain, walls and doors.

Cells sit on odd rows and odd columns of the drawing, everything else is boundary::

    +-+-+-+
    |. . .|      .  floor        #  rock        ~  water        (space)  absent cell
    + +-+ +      more cell symbols through a legend (symbol -> terrain)
    |.|#|.|      between two cells of a row:      |  wall   D  closed door   d  open door   (space)  nothing
    + + +D+      between two cells of a column:   -  wall   D  closed door   d  open door   (space)  nothing
    |. . .|      corners: +, -, | or space (decoration)
    +-+-+-+

Cell ``(x, y)`` is drawn at row ``2y + 1``, column ``2x + 1``. Blank lines before and after the map and the
indentation common to its lines are left out. By default, walls on the outer border or next to absent cells are
decoration and a door there is an error. With ``border=True`` (a map tile joined to others later) the border is
kept: a wall or a door on an edge between a cell and the outside is stored like any other, and a space there is an
opening.

This module knows the text format only; ``engine/grid.py`` builds a ``Grid`` from what it reads, and the ``grid``
field of a pack's types (``content/grid_field.py``) reports a mistake at its line and column in the pack's file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

DEFAULT_LEGEND: Mapping[str, str] = MappingProxyType({".": "floor", "#": "rock", "~": "water"})
_EDGE_MARKS = " Dd"  # nothing, closed door, open door: allowed between any two cells


class MapError(ValueError):
    """A mistake in an ASCII map. ``row`` and ``column`` count from 1 in the map without its indentation and
    blank lines around it; ``line`` and ``offset`` count from 0 in the text as it was given."""

    def __init__(self, row: int, column: int, line: int, offset: int, why: str):
        super().__init__(f"row {row}, column {column}: {why}")
        self.row, self.column, self.line, self.offset, self.why = row, column, line, offset, why


@dataclass(frozen=True)
class AsciiMap:
    """What a map says: ``rows[y][x]`` is the terrain of cell ``(x, y)`` (``None`` for an absent cell), and the
    edges holding walls, doors and open doors (each edge as a pair of cells, the smaller first)."""

    rows: tuple[tuple[str | None, ...], ...]
    walls: frozenset[Edge]
    doors: frozenset[Edge]
    open_doors: frozenset[Edge]


def read_map(text: str, legend: Mapping[str, str] | None = None, *, border: bool = False) -> AsciiMap:
    """Read an ASCII map (format in the module docstring); ``legend`` adds or overrides cell symbols. Raises
    ``MapError`` at the first mistake."""
    symbols = {**DEFAULT_LEGEND, **(legend or {})}
    if " " in symbols:
        raise ValueError("a space marks an absent cell and cannot be a legend symbol")
    given = text.splitlines()
    filled = [i for i, line in enumerate(given) if line.strip()]
    if not filled:
        raise ValueError("an ASCII map needs at least one cell row and column")
    first = filled[0]
    indent = min(len(given[i]) - len(given[i].lstrip()) for i in filled)
    lines = [line[indent:] if line.strip() else "" for line in given[first:filled[-1] + 1]]
    width, height = max(len(line) for line in lines) // 2, len(lines) // 2
    if not width or not height:
        raise ValueError("an ASCII map needs at least one cell row and column")
    lines = [line.ljust(2 * width + 1) for line in lines] + [" " * (2 * width + 1)] * (2 * height + 1 - len(lines))

    def fail(r: int, c: int, why: str) -> MapError:
        return MapError(r + 1, c + 1, first + r, indent + c, why)

    rows: list[tuple[str | None, ...]] = []
    for y in range(height):
        row: list[str | None] = []
        for x in range(width):
            mark = lines[2 * y + 1][2 * x + 1]
            if mark != " " and mark not in symbols:
                raise fail(2 * y + 1, 2 * x + 1, f"unknown cell symbol {mark!r}")
            row.append(None if mark == " " else symbols[mark])
        rows.append(tuple(row))
    walls: set[Edge] = set()
    doors: set[Edge] = set()
    open_doors: set[Edge] = set()
    for r, line in enumerate(lines):
        for c, mark in enumerate(line):
            if r % 2 == c % 2 == 0:
                if mark not in "+-| ":
                    raise fail(r, c, f"{mark!r} at a corner; expected '+', '-', '|' or a space")
                continue
            if r % 2 == c % 2 == 1:
                continue
            wall = "|" if r % 2 else "-"
            if mark != wall and mark not in _EDGE_MARKS:
                raise fail(r, c, f"{mark!r} between two cells; expected '{wall}', 'D', 'd' or a space")
            a, b = ((c // 2 - 1, r // 2), (c // 2, r // 2)) if r % 2 else ((c // 2, r // 2 - 1), (c // 2, r // 2))
            present = [0 <= x < width and 0 <= y < height and rows[y][x] is not None for x, y in (a, b)]
            kept = all(present) or (border and any(present))
            if mark in "Dd" and not kept:
                raise fail(r, c, "a door must touch a cell of the board" if border
                           else "a door must join two cells of the board")
            if kept and mark != " ":
                (walls if mark == wall else doors).add((a, b))
                if mark == "d":
                    open_doors.add((a, b))
    return AsciiMap(tuple(rows), frozenset(walls), frozenset(doors), frozenset(open_doors))
