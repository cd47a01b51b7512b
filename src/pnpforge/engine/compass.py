"""Compass directions on a square grid: the ring of cells around a cell, clockwise, and the cell furthest one way.

The map is drawn with north up: ``N`` is towards smaller ``y`` (``engine/grid.py`` counts ``y`` downwards), ``E``
towards larger ``x``. Clockwise is the way a clock's hands turn on the drawn map: N, NE, E, SE, S, SW, W, NW.

A rule that picks "the figure furthest east, and of those the northernmost" names a compass pair: a primary and a
secondary direction at right angles to each other. The pair picks exactly one cell of any set of cells.
"""

from __future__ import annotations

from collections.abc import Iterable

from pnpforge.engine.grid import Cell

DIRECTIONS: dict[str, Cell] = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
                               "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}
CARDINAL = ("N", "E", "S", "W")


def step(cell: Cell, direction: str, distance: int = 1) -> Cell:
    """The cell ``distance`` steps from ``cell`` in a compass direction."""
    dx, dy = _direction(direction)
    return cell[0] + dx * distance, cell[1] + dy * distance


def ring(cell: Cell, radius: int = 1, start: str = "N") -> list[Cell]:
    """The ``8 * radius`` cells ``radius`` steps from ``cell`` (a diagonal step counting as one), clockwise, from
    the one in the ``start`` direction. Cells off a board are included: keep ``[c for c in ring(cell) if c in
    grid]``."""
    if radius < 1:
        raise ValueError("a ring needs a radius of 1 or more")
    x, y = cell
    top = [(x - radius + i, y - radius) for i in range(2 * radius)]
    right = [(x + radius, y - radius + i) for i in range(2 * radius)]
    bottom = [(x + radius - i, y + radius) for i in range(2 * radius)]
    left = [(x - radius, y + radius - i) for i in range(2 * radius)]
    around = top + right + bottom + left
    first = around.index(step(cell, start, radius))
    return around[first:] + around[:first]


def extreme(cells: Iterable[Cell], primary: str, secondary: str) -> Cell | None:
    """The cell furthest in the ``primary`` direction and, of those, furthest in the ``secondary`` one (``None``
    for no cells). The two are cardinal directions at right angles, e.g. ``("E", "N")``."""
    if primary not in CARDINAL or secondary not in CARDINAL:
        raise ValueError(f"a compass pair names two of {', '.join(CARDINAL)}; found {primary!r} and {secondary!r}")
    (px, py), (sx, sy) = DIRECTIONS[primary], DIRECTIONS[secondary]
    if px * sx + py * sy != 0:
        raise ValueError(f"{primary} and {secondary} do not lie at right angles; a compass pair picks no one cell")
    return max(cells, key=lambda c: (c[0] * px + c[1] * py, c[0] * sx + c[1] * sy), default=None)


def _direction(name: str) -> Cell:
    if name not in DIRECTIONS:
        raise ValueError(f"unknown compass direction {name!r}; known: {', '.join(DIRECTIONS)}")
    return DIRECTIONS[name]
