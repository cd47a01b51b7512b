"""A grid's steps, distances and routes with the figures left out, worked out once per grid for the process.

A game on a fixed map asks the same questions of it over and over: the squares one step from here, the steps from
here to there on the empty map (which enemy is nearest), a shortest route round the figures in the way. The
answers about the empty map depend on the grid alone, so a ``StepTable`` keeps them, and ``table_for`` hands every
game of a process that plays the same map (equal grids: the same terrain, walls and doors) the same table, however
many times the game itself is made (once per seating). A route round figures is searched on the kept steps, in the
order ``Grid.steps`` lists them, so it is the route ``Grid.path`` finds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection

from pnpforge.engine.grid import Cell, Grid

_NONE: frozenset[Cell] = frozenset()
_TABLES: dict[tuple[Grid, bool], StepTable] = {}  # process cache: a grid's step table, by the grid's content
TABLES_KEPT = 32


class StepTable:
    """The empty map's steps (straight, and with ``diagonal`` diagonal too) and distances of one grid."""

    def __init__(self, grid: Grid, diagonal: bool = True):
        self.grid, self.diagonal = grid, diagonal
        self._steps: dict[Cell, tuple[Cell, ...]] = {}
        self._distances: dict[Cell, dict[Cell, int]] = {}

    def steps(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells one legal step from ``cell`` on the empty map (``Grid.steps``)."""
        found = self._steps.get(cell)
        if found is None:
            found = self._steps[cell] = tuple(self.grid.steps(cell, diagonal=self.diagonal))
        return found

    def distances_from(self, start: Cell) -> dict[Cell, int]:
        """Steps from ``start`` to every cell it reaches on the empty map."""
        found = self._distances.get(start)
        if found is None:
            found = {start: 0}
            queue = deque([start])
            steps = self.steps
            while queue:
                cell = queue.popleft()
                far = found[cell] + 1
                for nxt in steps(cell):
                    if nxt not in found:
                        found[nxt] = far
                        queue.append(nxt)
            self._distances[start] = found
        return found

    def path(self, start: Cell, goal: Cell, occupied: Collection[Cell] = _NONE) -> list[Cell] | None:
        """``Grid.path(start, goal, diagonal=..., occupied=occupied)``: a shortest route ``[start, ..., goal]`` that
        enters no ``occupied`` cell, or None; ties go as ``Grid.path`` breaks them."""
        parents: dict[Cell, Cell | None] = {start: None}
        queue = deque([start])
        steps = self.steps
        while queue and goal not in parents:
            cell = queue.popleft()
            for nxt in steps(cell):
                if nxt not in parents and nxt not in occupied:
                    parents[nxt] = cell
                    queue.append(nxt)
        if goal not in parents:
            return None
        route: list[Cell] = [goal]
        while (back := parents[route[-1]]) is not None:
            route.append(back)
        return route[::-1]


def table_for(grid: Grid, diagonal: bool = True) -> StepTable:
    """The process's step table of ``grid`` (one per equal grid)."""
    key = (grid, diagonal)
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= TABLES_KEPT:
            _TABLES.clear()
        found = _TABLES[key] = StepTable(grid, diagonal)
    return found
