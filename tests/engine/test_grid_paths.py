"""Shortest routes from costed starts to the nearest goal on a grid with walls, blocking terrain, figures that
cannot be passed and tokens that cannot be stood on."""

from __future__ import annotations

import pytest

from pnpforge.engine.grid import Grid
from pnpforge.engine.grid_paths import moves, nearest

ROOM = Grid.from_ascii("""
+-+-+-+-+-+
|. . . . .|
+ + +-+ + +
|. .|. . .|
+ + + + + +
|. .|# . .|
+-+-+-+-+-+
""")


def test_the_route_goes_round_the_wall_diagonally() -> None:
    route = nearest(ROOM, {(0, 2): 0}, [(3, 2)])
    assert route is not None
    # the only gap is on the top row, and the wall below (2, 0) forbids the diagonal down from it
    assert route.steps == 6 and route.start == (0, 2) and route.goal == (3, 2)
    assert route.cells == ((0, 2), (0, 1), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2))


def test_a_start_s_cost_counts_and_the_cheaper_start_wins() -> None:
    route = nearest(ROOM, {(0, 0): 1, (4, 2): 3}, [(4, 0)])
    assert route is not None and route.start == (0, 0) and route.steps == 5
    route = nearest(ROOM, {(0, 0): 5, (4, 2): 0}, [(4, 0)])
    assert route is not None and route.start == (4, 2) and route.steps == 2


def test_occupied_cells_are_walked_round_and_tokens_crossed_but_never_ended_on() -> None:
    free = nearest(ROOM, {(0, 0): 0}, [(2, 0)], diagonal=False)
    assert free is not None and free.steps == 2
    # a figure in the only gap cuts the room in two
    assert nearest(ROOM, {(0, 0): 0}, [(2, 0)], diagonal=False, occupied={(1, 0)}) is None
    round_it = nearest(ROOM, {(4, 2): 0}, [(4, 0)], diagonal=False, occupied={(4, 1)})
    assert round_it is not None and round_it.steps == 4
    crossed = nearest(ROOM, {(0, 0): 0}, [(2, 0), (1, 0)], diagonal=False, pass_through={(1, 0)})
    assert crossed is not None and crossed.goal == (2, 0) and (1, 0) in crossed.cells


def test_no_route_gives_none() -> None:
    assert nearest(ROOM, {(0, 0): 0}, [(2, 2)]) is None  # rock
    walled = ROOM.with_wall(((1, 0), (2, 0))).with_wall(((1, 1), (2, 1))).with_wall(((1, 2), (2, 2)))
    assert nearest(walled, {(0, 0): 0}, [(4, 2)]) is None


@pytest.mark.parametrize(
    ("steps", "per_move", "needed"), [(0, 3, 0), (1, 3, 1), (3, 3, 1), (4, 3, 2), (14, 3, 5), (14, 2, 7)]
)
def test_moves_round_up(steps: int, per_move: int, needed: int) -> None:
    assert moves(steps, per_move) == needed


def test_a_move_of_no_square_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one square"):
        moves(3, 0)
