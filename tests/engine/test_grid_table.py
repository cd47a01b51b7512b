"""A grid's kept step table answers as the grid does: the same steps, distances and routes round figures, and one
table per equal grid."""

from __future__ import annotations

import itertools
import random

from pnpforge.engine.grid import Grid
from pnpforge.engine.grid_table import StepTable, table_for

from tests.engine.test_grid import MAZE


def test_steps_and_distances_are_the_grids() -> None:
    grid = Grid.from_ascii(MAZE)
    table = StepTable(grid, diagonal=True)
    for cell in grid.cells():
        assert list(table.steps(cell)) == grid.steps(cell, diagonal=True)
        assert table.distances_from(cell) == grid.distances(cell, diagonal=True)


def test_a_route_round_figures_is_the_one_grid_path_finds() -> None:
    grid = Grid.from_ascii(MAZE)
    table = StepTable(grid, diagonal=True)
    cells = list(grid.cells())
    rng = random.Random(3)
    for start, goal in itertools.islice(itertools.permutations(cells, 2), 0, None, 7):
        occupied = set(rng.sample(cells, 6)) - {start, goal}
        assert table.path(start, goal, occupied) == grid.path(start, goal, diagonal=True, occupied=occupied)


def test_equal_grids_share_one_table() -> None:
    first, second = Grid.from_ascii(MAZE), Grid.from_ascii(MAZE)
    assert first is not second and table_for(first) is table_for(second)
    assert table_for(first, diagonal=False) is not table_for(first)
