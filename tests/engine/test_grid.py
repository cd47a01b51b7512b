"""The square-grid toolkit: the ASCII format, movement, line of sight and area templates, on hand-drawn maps."""

from __future__ import annotations

import dataclasses
import itertools
import math
from fractions import Fraction

import pytest

from pnpforge.engine.grid import Grid, chebyshev, edge, manhattan, ray_cells

ROOMS = """
    +-+-+-+
    |. . .|
    + +-+ +
    |.|#|.|
    + + +D+
    |. . .|
    +-+-+-+
"""

# Walls, doors (one open), rock and water scattered with no pattern: for the symmetry check.
MAZE = """
    +-+-+-+-+-+-+-+
    |. . . # . . .|
    + + + + +-+ + +
    |. # . . . .|.|
    + + +-+ + + + +
    |. . . ~ # . .|
    +-+D+ + + +d+ +
    |. . # . . . .|
    + + + + +-+-+ +
    |# . . . # . .|
    + + + +-+ + + +
    |. . . . . # .|
    + + + + + + + +
    |. # . . . . .|
    +-+-+-+-+-+-+-+
"""

# Two rock cells meeting only at a corner; the anti-diagonal ray from (3, 0) to (0, 3) passes through that corner.
DIAGONAL_ROCKS = """
    +-+-+-+-+
    |. . . .|
    + + + + +
    |. # . .|
    + + + + +
    |. . # .|
    + + + + +
    |. . . .|
    +-+-+-+-+
"""

# A wall between x=1 and x=2 in the two upper rows: the way round is through the bottom row.
HOOK = """
    +-+-+-+-+-+
    |. .|. . .|
    + + + + + +
    |. .|. . .|
    + + + + + +
    |. . . . .|
    +-+-+-+-+-+
"""

OPEN = Grid.filled(7, 7)


def corridor(between: str) -> Grid:
    """Four cells in a row with ``between`` on the edge between (1, 0) and (2, 0)."""
    return Grid.from_ascii(f"+-+-+-+-+\n|. .{between}. .|\n+-+-+-+-+")


def mask(picture: str) -> frozenset:
    """The cells marked ``x`` in a picture of the board, one text row per board row."""
    rows = picture.split()
    return frozenset((x, y) for y, row in enumerate(rows) for x, mark in enumerate(row) if mark == "x")


# ---- the ASCII format -------------------------------------------------------------------------------------------
def test_the_parser_reads_terrain_walls_and_doors() -> None:
    grid = Grid.from_ascii(ROOMS)
    assert (grid.width, grid.height) == (3, 3)
    assert grid.terrain((1, 1)) == "rock" and grid.terrain((0, 2)) == "floor" and grid.terrain((3, 0)) is None
    assert grid.walls == {edge((1, 0), (1, 1)), edge((0, 1), (1, 1)), edge((1, 1), (2, 1))}
    assert grid.edge_kind(((2, 2), (2, 1))) == "door" and grid.edge_blocked(((2, 1), (2, 2)))
    assert grid.edge_kind(((0, 0), (0, 1))) is None and not grid.edge_blocked(((0, 0), (0, 1)))
    opened = grid.with_door(((2, 1), (2, 2)))
    assert opened.edge_kind(((2, 1), (2, 2))) == "open door" and not opened.edge_blocked(((2, 1), (2, 2)))


def test_to_ascii_draws_the_map_it_was_read_from() -> None:
    maze = Grid.from_ascii(MAZE)
    assert maze.to_ascii().splitlines() == [line.strip() for line in MAZE.strip().splitlines()]
    assert Grid.from_ascii(maze.to_ascii()) == maze


def test_a_legend_adds_terrain_codes_and_a_blank_cell_is_off_the_board() -> None:
    grid = Grid.from_ascii("""
        +-+-+-+
        |. T .|
        +-+ + +
          |.|.|
          +-+-+
    """, legend={"T": "trap"})
    assert grid.terrain((1, 0)) == "trap"
    assert (0, 1) not in grid and (1, 1) in grid
    assert sorted(grid.cells()) == [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert grid.walls == {edge((1, 1), (2, 1))}  # walls around the missing cell are only drawing
    assert grid.to_ascii({"T": "trap"}) == "+-+-+-+\n|. T .|\n+-+ + +\n  |.|.|\n+ +-+-+"


def test_an_absent_cell_blocks_sight_and_movement() -> None:
    ring = Grid.from_ascii("+-+-+-+\n|. . .|\n+ +-+ +\n|.| |.|\n+ +-+ +\n|. . .|\n+-+-+-+")
    assert (1, 1) not in ring and ring.walls == frozenset()
    assert not ring.line_of_sight((1, 0), (1, 2)) and not ring.line_of_sight((0, 1), (2, 1))
    assert ring.line_of_sight((0, 0), (2, 0)) and not ring.line_of_sight((1, 0), (1, 1))
    assert ring.path_distance((1, 0), (1, 2)) == 4
    assert ring.path_distance((1, 0), (1, 2), diagonal=True) == 4  # the hole stops the diagonal short cuts too
    assert ring.with_terrain((1, 1), "floor").path_distance((1, 0), (1, 2), diagonal=True) == 2


@pytest.mark.parametrize(("text", "where"), [
    ("+-+-+\n|. X|\n+-+-+", "row 2, column 4: unknown cell symbol 'X'"),
    ("+-+-+\n|.-.|\n+-+-+", "row 2, column 3: '-' between two cells"),
    ("+|+-+\n|. .|\n+-+-+", "row 1, column 2: '|' between two cells"),
    ("+-*-+\n|. .|\n+-+-+", "row 1, column 3: '\\*' at a corner"),
    ("+-+-+\n|. .D\n+-+-+", "row 2, column 5: a door must join two cells"),
    ("+-+-+\n|. .|\n+d+-+", "row 3, column 2: a door must join two cells"),
])
def test_parser_errors_name_the_row_and_column(text: str, where: str) -> None:
    with pytest.raises(ValueError, match=where):
        Grid.from_ascii(text)


def test_the_parser_refuses_an_empty_map_and_a_space_in_the_legend() -> None:
    with pytest.raises(ValueError, match="at least one cell"):
        Grid.from_ascii("\n  \n")
    with pytest.raises(ValueError, match="space"):
        Grid.from_ascii(ROOMS, legend={" ": "void"})


def test_grids_are_immutable_and_a_door_change_shares_the_layout() -> None:
    grid = Grid.from_ascii(ROOMS)
    door = ((2, 1), (2, 2))
    opened = grid.with_door(door, open=True)
    assert grid.edge_kind(door) == "door"  # the original is unchanged
    assert opened.rows is grid.rows and opened.walls is grid.walls and opened.doors is grid.doors
    assert opened.with_door(door, open=False) == grid and hash(opened.with_door(door, open=False)) == hash(grid)
    with pytest.raises(dataclasses.FrozenInstanceError):
        grid.walls = frozenset()  # type: ignore[misc]
    maze = Grid.from_ascii(MAZE)  # one closed and one open door: opening the first leaves the second open
    both = maze.with_door(((1, 2), (1, 3)))
    assert both.open_doors == {((1, 2), (1, 3)), ((5, 2), (5, 3))} and maze.open_doors == {((5, 2), (5, 3))}
    walled = grid.with_wall(door)
    assert walled.edge_kind(door) == "wall" and door not in walled.doors
    assert walled.without_feature(door).edge_kind(door) is None
    assert walled.with_door(door, open=False).edge_kind(door) == "door"


# ---- line of sight ----------------------------------------------------------------------------------------------
def test_a_wall_blocks_sight() -> None:
    grid = corridor("|")
    assert grid.line_of_sight((0, 0), (1, 0)) and grid.line_of_sight((2, 0), (3, 0))
    assert not grid.line_of_sight((0, 0), (3, 0)) and not grid.line_of_sight((1, 0), (2, 0))
    assert corridor(" ").line_of_sight((0, 0), (3, 0))


def test_a_closed_door_blocks_sight() -> None:
    grid = corridor("D")
    assert not grid.line_of_sight((0, 0), (3, 0)) and not grid.line_of_sight((1, 0), (2, 0))
    assert grid.with_door(((1, 0), (2, 0)), open=True).line_of_sight((0, 0), (3, 0))


def test_sight_is_clear_through_an_open_door() -> None:
    grid = corridor("d")
    assert grid.line_of_sight((0, 0), (3, 0)) and grid.line_of_sight((2, 0), (1, 0))
    assert not grid.with_door(((2, 0), (1, 0)), open=False).line_of_sight((0, 0), (3, 0))


def test_a_blocking_cell_hides_what_is_behind_it_but_is_itself_seen() -> None:
    grid = Grid.from_ascii("+-+-+-+\n|. # .|\n+-+-+-+")
    assert not grid.line_of_sight((0, 0), (2, 0))
    assert grid.line_of_sight((0, 0), (1, 0)) and grid.line_of_sight((1, 0), (2, 0))
    water = Grid.from_ascii("+-+-+-+\n|. ~ .|\n+-+-+-+")
    assert water.line_of_sight((0, 0), (2, 0))  # water stops feet, not eyes
    assert not water.line_of_sight((0, 0), (2, 0), opaque={(1, 0)})  # a figure in the way does


@pytest.mark.parametrize("a, b", [((3, 0), (0, 3)), ((2, 1), (1, 2)), ((3, 0), (1, 2))])
def test_a_corner_between_two_blocking_cells_blocks_only_with_corner_blocks(a, b) -> None:
    grid = Grid.from_ascii(DIAGONAL_ROCKS)
    assert grid.line_of_sight(a, b, corner_blocks=False)
    assert not grid.line_of_sight(a, b, corner_blocks=True)
    assert not grid.line_of_sight(b, a, corner_blocks=True)


def test_a_corner_touching_a_single_blocking_cell_is_clear() -> None:
    grid = Grid.from_ascii(DIAGONAL_ROCKS).with_terrain((2, 2), "floor")
    assert grid.line_of_sight((3, 0), (0, 3), corner_blocks=True)
    assert not grid.line_of_sight((0, 0), (3, 3), corner_blocks=False)  # straight through the rock's centre


def test_walls_meeting_at_a_corner_block_but_a_wall_end_does_not() -> None:
    room = Grid.from_ascii("+-+-+\n|.|.|\n+-+ +\n|. .|\n+-+-+")
    for corner_blocks in (False, True):
        assert not room.line_of_sight((0, 0), (1, 1), corner_blocks=corner_blocks)  # out through a room corner
        assert room.line_of_sight((1, 0), (0, 1), corner_blocks=corner_blocks)  # grazing one wall's end
    straight = Grid.from_ascii("+-+-+\n|.|.|\n+ + +\n|.|.|\n+-+-+")
    assert not straight.line_of_sight((0, 0), (1, 1)) and not straight.line_of_sight((1, 0), (0, 1))
    mixed = room.with_terrain((1, 1), "rock")  # a wall on one side of the corner, a rock on the other
    assert mixed.line_of_sight((1, 0), (0, 1)) and not mixed.line_of_sight((1, 0), (0, 1), corner_blocks=True)


def test_a_wall_parallel_to_the_ray_does_not_block_it() -> None:
    grid = Grid.from_ascii("+-+-+-+\n|. . .|\n+-+-+ +\n|. . .|\n+-+-+-+")
    assert grid.line_of_sight((0, 0), (2, 0)) and grid.line_of_sight((0, 1), (2, 1))
    assert not grid.line_of_sight((0, 0), (2, 1))  # this one crosses the wall under (1, 0)
    assert grid.line_of_sight((2, 0), (2, 1)) and not grid.line_of_sight((0, 0), (0, 1))


def test_neighbours_across_an_open_edge_always_see_each_other_and_a_cell_sees_itself() -> None:
    for grid in (Grid.from_ascii(ROOMS), Grid.from_ascii(MAZE), Grid.from_ascii(DIAGONAL_ROCKS)):
        for cell in grid.cells():
            assert grid.line_of_sight(cell, cell, corner_blocks=True)
            for other in grid.neighbours(cell):
                open_edge = not grid.edge_blocked((cell, other))
                for corner_blocks in (False, True):
                    assert grid.line_of_sight(cell, other, corner_blocks=corner_blocks) == open_edge


def test_line_of_sight_is_symmetric() -> None:
    grid = Grid.from_ascii(MAZE)
    seen = {}
    for corner_blocks in (False, True):
        for a, b in itertools.combinations(sorted(grid.cells()), 2):
            there = grid.line_of_sight(a, b, corner_blocks=corner_blocks)
            assert there == grid.line_of_sight(b, a, corner_blocks=corner_blocks), (a, b, corner_blocks)
            seen[a, b, corner_blocks] = there
    assert 0 < sum(seen.values()) < len(seen)  # the maze both shows and hides
    assert any(seen[a, b, False] != seen[a, b, True] for a, b, _ in seen)  # and it has pinching corners


def test_ray_cells_match_an_exact_fraction_oracle() -> None:
    def oracle(a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        ts = {Fraction(0), Fraction(1)}
        for start, d in ((a[0], dx), (a[1], dy)):
            for line in range(min(start, start + d) + 1, max(start, start + d) + 1):
                ts.add((line - start - Fraction(1, 2)) / d)
        ts = sorted(ts)
        cells = [a]
        for t0, t1 in zip(ts, ts[1:]):
            t = (t0 + t1) / 2
            cell = (math.floor(a[0] + Fraction(1, 2) + t * dx), math.floor(a[1] + Fraction(1, 2) + t * dy))
            if cell != cells[-1]:
                cells.append(cell)
        return cells

    box = [(x, y) for x in range(5) for y in range(5)]
    for a, b in itertools.product(box, box):
        assert ray_cells(a, b) == oracle(a, b), (a, b)


# ---- movement ---------------------------------------------------------------------------------------------------
def test_a_path_goes_around_walls() -> None:
    grid = Grid.from_ascii(HOOK)
    assert grid.path((1, 0), (2, 0)) == [(1, 0), (1, 1), (1, 2), (2, 2), (2, 1), (2, 0)]
    assert grid.path_distance((0, 0), (3, 0)) == 7
    route = grid.path((0, 0), (4, 0), diagonal=True)
    assert route is not None and len(route) - 1 == grid.path_distance((0, 0), (4, 0), diagonal=True) == 5
    assert all(grid.can_step(a, b) for a, b in zip(route, route[1:]))
    assert grid.path((2, 2), (2, 2)) == [(2, 2)]


def test_a_path_blocked_entirely_is_none() -> None:
    assert Grid.from_ascii("+-+-+-+\n|. ~ .|\n+-+-+-+").path((0, 0), (2, 0), diagonal=True) is None
    closed = corridor("D")
    assert closed.path((0, 0), (3, 0)) is None and closed.path_distance((0, 0), (3, 0)) is None
    assert closed.with_door(((1, 0), (2, 0))).path_distance((0, 0), (3, 0)) == 3
    assert Grid.from_ascii(ROOMS).path((0, 0), (1, 1)) is None  # into the rock


def test_occupied_cells_are_walked_around_and_cannot_be_entered() -> None:
    grid = Grid.filled(3, 3)
    assert grid.path_distance((0, 1), (2, 1)) == 2
    assert grid.path_distance((0, 1), (2, 1), occupied={(1, 1)}) == 4
    assert grid.path_distance((0, 1), (2, 1), occupied={(1, 0), (1, 1), (1, 2)}) is None
    assert grid.path((0, 1), (2, 1), occupied={(2, 1)}) is None
    assert grid.path_distance((0, 1), (2, 1), occupied={(0, 1)}) == 2  # the mover's own cell does not matter


def test_four_and_eight_neighbour_counts() -> None:
    grid = Grid.filled(3, 3)
    counts = {cell: (len(grid.neighbours(cell)), len(grid.neighbours(cell, diagonal=True))) for cell in grid.cells()}
    assert counts[1, 1] == (4, 8) and counts[0, 0] == (2, 3) and counts[1, 0] == (3, 5)
    holed = grid.with_terrain((1, 0), None)
    assert (1, 0) not in holed and len(holed.neighbours((1, 1), diagonal=True)) == 7
    rooms = Grid.from_ascii(ROOMS)
    assert rooms.steps((0, 1)) == [(0, 2), (0, 0)] and rooms.steps((1, 0), diagonal=True) == [(2, 0), (0, 0)]
    assert len(rooms.steps((1, 2), diagonal=True)) == 2  # only sideways: the rock stops every other step


def test_diagonal_steps_do_not_cut_corners() -> None:
    rock = Grid.from_ascii("+-+-+\n|. #|\n+ + +\n|. .|\n+-+-+")
    assert not rock.can_step((0, 0), (1, 1)) and rock.steps((0, 0), diagonal=True) == [(0, 1)]
    assert rock.with_terrain((1, 0), "floor").can_step((0, 0), (1, 1))
    hook = Grid.from_ascii(HOOK)
    assert not hook.can_step((1, 1), (2, 2)) and not hook.can_step((1, 0), (2, 1))
    assert hook.path_distance((1, 0), (2, 0), diagonal=True) == 5  # no short cut past the wall's end
    assert Grid.filled(2, 2).can_step((0, 0), (1, 1), occupied={(1, 0), (0, 1)})  # figures beside do not pinch


def test_distances() -> None:
    assert (manhattan((0, 0), (6, 6)), chebyshev((0, 0), (6, 6))) == (12, 6)
    assert (manhattan((1, 3), (4, 4)), chebyshev((1, 3), (4, 4))) == (4, 3)
    assert OPEN.path_distance((0, 0), (6, 6)) == 12 and OPEN.path_distance((0, 0), (6, 6), diagonal=True) == 6
    assert OPEN.path_distance((1, 3), (4, 4), diagonal=True) == 3
    hook = Grid.from_ascii(HOOK)
    assert hook.distances((1, 0))[2, 0] == 5 and manhattan((1, 0), (2, 0)) == 1
    assert max(hook.distances((0, 0)).values()) == 8


def test_reachable() -> None:
    assert OPEN.reachable((3, 3), 2) == {c for c in OPEN.cells() if manhattan(c, (3, 3)) <= 2}
    assert len(OPEN.reachable((3, 3), 2)) == 13 and len(OPEN.reachable((3, 3), 2, diagonal=True)) == 25
    assert corridor("|").reachable((0, 0), 5) == {(0, 0), (1, 0)}
    assert OPEN.reachable((0, 0), 0) == {(0, 0)}


# ---- area templates ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("r", "picture"), [
    (0, "....... ....... ....... ...x... ....... ....... ......."),
    (1, "....... ....... ...x... ..xxx.. ...x... ....... ......."),
    (1.5, "....... ....... ..xxx.. ..xxx.. ..xxx.. ....... ......."),
    (2, "....... ...x... ..xxx.. .xxxxx. ..xxx.. ...x... ......."),
    (Fraction(5, 2), "....... ..xxx.. .xxxxx. .xxxxx. .xxxxx. ..xxx.. ......."),
    (3, "...x... .xxxxx. .xxxxx. xxxxxxx .xxxxx. .xxxxx. ...x..."),
])
def test_circle_templates_on_a_7x7_board(r, picture: str) -> None:
    assert OPEN.circle((3, 3), r) == mask(picture)


def test_a_circle_is_clipped_to_the_board() -> None:
    assert OPEN.circle((0, 0), 2) == mask("xxx\nxx.\nx..")
    assert OPEN.with_terrain((1, 1), None).circle((0, 0), 2) == mask("xxx\nx..\nx..")


def test_a_circle_filtered_by_line_of_sight() -> None:
    grid = OPEN
    for y in (2, 3, 4):
        grid = grid.with_wall(((3, y), (4, y)))
    assert len(grid.circle((3, 3), 2)) == 13
    assert grid.circle((3, 3), 2, visible=True) == mask("""
        .......
        ...x...
        ..xx...
        .xxx...
        ..xx...
        ...x...
        .......
    """)


@pytest.mark.parametrize(("origin", "target", "length", "cells"), [
    ((3, 3), (4, 3), 2, {(4, 3), (5, 3)}),
    ((3, 3), (4, 3), 10, {(4, 3), (5, 3), (6, 3)}),
    ((3, 3), (3, 2), 3, {(3, 2), (3, 1), (3, 0)}),
    ((0, 0), (1, 1), 3, {(1, 1), (2, 2), (3, 3)}),
    ((0, 0), (2, 1), 4, {(1, 0), (1, 1), (2, 1), (3, 1)}),
    ((6, 6), (4, 5), 5, {(5, 6), (5, 5), (4, 5), (3, 5), (3, 4)}),
    ((0, 0), (2, 1), 0, set()),
])
def test_line_templates_on_a_7x7_board(origin, target, length, cells) -> None:
    assert OPEN.line(origin, target, length) == cells


def test_a_line_filtered_by_line_of_sight_stops_at_the_first_blocking_cell() -> None:
    grid = OPEN.with_terrain((3, 3), "rock")
    assert grid.line((0, 3), (1, 3), 6) == {(x, 3) for x in range(1, 7)}
    assert grid.line((0, 3), (1, 3), 6, visible=True) == {(1, 3), (2, 3), (3, 3)}
    with pytest.raises(ValueError):
        grid.line((0, 3), (0, 3), 2)


def test_pass_through_cells_are_crossed_but_never_ended_on() -> None:
    friends = {(1, 0), (2, 0)}
    grid = corridor(" ")
    assert grid.reachable((0, 0), 3, pass_through=friends) == {(0, 0), (3, 0)}
    assert grid.reachable((0, 0), 2, pass_through=friends) == {(0, 0)}
    assert grid.path_distance((0, 0), (3, 0), pass_through=friends) == 3
    assert grid.path((0, 0), (2, 0), pass_through=friends) is None
    assert grid.reachable((0, 0), 3, occupied={(1, 0)}, pass_through=friends) == {(0, 0)}  # occupied wins
    assert grid.distances((1, 0), pass_through=friends) == {(1, 0): 0, (0, 0): 1, (3, 0): 2}
