"""Shortest routes on a grid (``engine/grid.py``, a joined map from ``engine/tiles.py`` included) from several
starts to the nearest of several goals, and the moves a route takes at so many squares a move.

A start may cost steps before the figure stands on it (a figure waiting off the map steps onto its entrance
square), so starts carry their cost. Blocking follows ``Grid.steps``: walls, closed doors, terrain that blocks
movement, ``occupied`` cells (which cannot be entered) and, for diagonal steps, the squares beside the step;
``pass_through`` cells (tokens a move may cross but not end on) are crossed but never a goal.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from pnpforge.engine.grid import Cell, Grid

_NONE: frozenset[Cell] = frozenset()


@dataclass(frozen=True)
class Route:
    """A shortest route: its steps (the start's own cost included), the start it left from and the cells walked,
    the start first and the goal last."""

    steps: int
    start: Cell
    cells: tuple[Cell, ...]

    @property
    def goal(self) -> Cell:
        return self.cells[-1]

    def moves(self, per_move: int) -> int:
        """The moves the route takes at ``per_move`` squares a move."""
        return moves(self.steps, per_move)


def moves(steps: int, per_move: int) -> int:
    """Moves of at most ``per_move`` squares that cover ``steps`` squares."""
    if per_move <= 0:
        raise ValueError(f"a move covers at least one square, not {per_move}")
    return -(-steps // per_move)


def nearest(
    grid: Grid,
    starts: Mapping[Cell, int],
    goals: Iterable[Cell],
    *,
    diagonal: bool = True,
    occupied: Collection[Cell] = _NONE,
    pass_through: Collection[Cell] = _NONE,
) -> Route | None:
    """The shortest route from any start (each with its cost) to any goal a move can end on, or None when no goal
    can be reached. Ties go the same way every time (the lower cost first, then cells in order)."""
    wanted = {
        g for g in goals if g in grid and not grid.blocks_movement(g) and g not in occupied and g not in pass_through
    }
    best: dict[Cell, int] = {}
    parent: dict[Cell, Cell | None] = {}
    heap: list[tuple[int, Cell]] = []
    for cell, cost in sorted(starts.items()):
        if cell in grid and not grid.blocks_movement(cell) and cell not in occupied and cost < best.get(cell, cost + 1):
            best[cell], parent[cell] = cost, None
            heapq.heappush(heap, (cost, cell))
    done: set[Cell] = set()
    while heap:
        cost, cell = heapq.heappop(heap)
        if cell in done:
            continue
        done.add(cell)
        if cell in wanted:
            cells = [cell]
            while (back := parent[cells[-1]]) is not None:
                cells.append(back)
            return Route(cost, cells[-1], tuple(reversed(cells)))
        for nxt in grid.steps(cell, diagonal=diagonal, occupied=occupied):
            if nxt not in done and cost + 1 < best.get(nxt, cost + 2):
                best[nxt], parent[nxt] = cost + 1, cell
                heapq.heappush(heap, (cost + 1, nxt))
    return None
