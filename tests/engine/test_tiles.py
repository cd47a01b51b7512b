"""Map tiles: border walls and openings, turning and mirroring, and three tiles joined into one map."""

from __future__ import annotations

import pytest

from pnpforge.engine.compass import extreme
from pnpforge.engine.grid import Grid, edge
from pnpforge.engine.tiles import Placement, assemble, mirrored, openings, rotated, turn_cell

# Three double-sided-board style tiles, drawn with their borders. A's east side: a wall, then an open door;
# A's south side: a wall, an opening, a wall.
HALL = """
    +-+-+-+
    |. . .|
    + + + +
    |. . .d
    +-+ +-+
"""
# B lacks its north-east cell; its west side: a wall, then an opening (A's open door fills it).
VAULT = """
    +-+-+
    |. #|
    + + +-+
     . . .|
    +-+-+-+
"""
# C is laid turned a quarter clockwise under A: its west side becomes its north side. Printed west side: a closed
# door on row 0, an opening on row 1 (A's wall closes it).
CRYPT = """
    +-+-+-+
    D~ . .|
    + + + +
     . # .|
    +-+-+-+
"""


def tile(text: str) -> Grid:
    return Grid.from_ascii(text, border=True)


@pytest.fixture(scope="module")
def citadel():
    return assemble([(tile(HALL), (0, 0), 0), (tile(VAULT), (3, 0), 0), (tile(CRYPT), (0, 2), 90)])


# ---- borders ----------------------------------------------------------------------------------------------------
def test_a_tile_keeps_its_border_walls_doors_and_openings() -> None:
    hall = tile(HALL)
    assert edge((2, 0), (3, 0)) in hall.walls and hall.edge_kind(((2, 1), (3, 1))) == "open door"
    assert openings(hall) == [((1, 1), (1, 2)), ((2, 1), (3, 1))]
    assert Grid.from_ascii(HALL, border=True).to_ascii(border=True).splitlines() == [
        line.strip() for line in HALL.strip().splitlines()]
    vault = tile(VAULT)
    assert edge((2, 0), (2, 1)) in vault.walls  # the wall under the missing cell is kept
    assert openings(vault) == [((-1, 1), (0, 1))]


def test_without_border_the_border_is_drawing_as_before() -> None:
    hall = Grid.from_ascii(HALL.replace("d", "|"))
    assert hall.walls == frozenset() and hall == Grid.from_ascii(HALL.replace("d", " "))
    with pytest.raises(ValueError, match="row 4, column 7: a door must join two cells"):
        Grid.from_ascii(HALL)
    with pytest.raises(ValueError, match="row 3, column 4: a door must touch a cell"):
        Grid.from_ascii("+-+-+\n|.|  \n+ +D+\n|.|  \n+-+-+", border=True)


# ---- turning and mirroring --------------------------------------------------------------------------------------
def test_a_quarter_turn_carries_terrain_walls_and_doors_clockwise() -> None:
    crypt = tile(CRYPT)
    turned = rotated(crypt, 90)
    assert (turned.width, turned.height) == (2, 3)
    assert turned.terrain((1, 0)) == "water" and turned.terrain((0, 1)) == "rock"
    assert turned.edge_kind(((1, -1), (1, 0))) == "door"  # the west door now faces north
    assert rotated(rotated(crypt, 90), 270) == crypt == rotated(crypt, 360)
    assert rotated(crypt, 180) == rotated(rotated(crypt, 90), 90)
    assert all(turn_cell(turn_cell(c, 3, 2, 90), 2, 3, 270) == c for c in crypt.cells())
    with pytest.raises(ValueError, match="quarter turns"):
        rotated(crypt, 45)


def test_a_mirror_swaps_east_and_west() -> None:
    hall = tile(HALL)
    flipped = mirrored(hall)
    assert flipped.edge_kind(((-1, 1), (0, 1))) == "open door" and mirrored(flipped) == hall
    assert openings(flipped) == [((-1, 1), (0, 1)), ((1, 1), (1, 2))]


# ---- three tiles joined -----------------------------------------------------------------------------------------
def test_the_joined_map_takes_each_tile_where_it_was_laid(citadel) -> None:
    grid = citadel.grid
    assert (grid.width, grid.height) == (6, 5)
    assert (5, 0) not in grid and (2, 2) not in grid and grid.terrain((4, 0)) == "rock"
    assert grid.terrain((1, 2)) == "water" and grid.terrain((0, 3)) == "rock"


def test_a_joined_edge_is_a_wall_when_either_side_has_one(citadel) -> None:
    grid = citadel.grid
    assert grid.edge_kind(((2, 0), (3, 0))) == "wall"  # both tiles walled
    assert grid.edge_kind(((0, 1), (0, 2))) == "wall"  # the hall's wall over the crypt's opening
    assert grid.edge_kind(((2, 1), (3, 1))) == "open door"  # an open door over an opening
    assert grid.edge_kind(((1, 1), (1, 2))) == "door"  # the crypt's closed door over the hall's opening
    assert grid.path_distance((0, 1), (0, 2)) is None


def test_sight_through_the_open_door_and_not_through_the_closed_one(citadel) -> None:
    grid = citadel.grid
    assert grid.line_of_sight((0, 1), (5, 1))
    assert not grid.line_of_sight((1, 1), (1, 2))
    assert grid.with_door(((1, 1), (1, 2)), open=True).line_of_sight((1, 1), (1, 2))
    assert not grid.with_door(((2, 1), (3, 1)), open=False).line_of_sight((0, 1), (5, 1))


def test_a_figure_may_cross_a_pass_through_cell_but_not_stop_on_it(citadel) -> None:
    grid, friend = citadel.grid, {(4, 1)}
    assert grid.path((3, 1), (5, 1), occupied=friend) is None  # rock above, nothing below: no way round
    assert grid.path((3, 1), (5, 1), pass_through=friend) == [(3, 1), (4, 1), (5, 1)]
    assert grid.path((3, 1), (4, 1), pass_through=friend) is None
    assert grid.reachable((3, 1), 2, pass_through=friend) == {(3, 1), (3, 0), (2, 1), (2, 0), (1, 1), (5, 1)}
    assert (4, 1) not in grid.distances((3, 1), pass_through=friend)
    assert grid.distances((4, 1), pass_through=friend)[4, 1] == 0  # where it stands is where it started


def test_each_cell_knows_its_tile_and_its_printed_coordinate(citadel) -> None:
    assert citadel.tile_of((4, 1)) == 1 and citadel.local((4, 1)) == (1, 1)
    assert citadel.tile_of((0, 3)) == 2 and citadel.local((0, 3)) == (1, 1)  # the crypt's rock, after the turn
    assert citadel.local((0, 4)) == (2, 1) and citadel.local((1, 2)) == (0, 0)
    assert citadel.cell_at(2, (2, 1)) == (0, 4) and citadel.cell_at(1, (2, 0)) is None
    assert citadel.tile_of((5, 0)) is None and citadel.local((9, 9)) is None
    assert all(citadel.cell_at(*citadel.origins[c]) == c for c in citadel.grid.cells())


def test_the_extreme_cell_for_east_then_north(citadel) -> None:
    cells = list(citadel.grid.cells())
    assert extreme(cells, "E", "N") == (5, 1)  # the vault's north-east corner is missing
    assert extreme(cells, "N", "E") == (4, 0)
    assert extreme(cells, "S", "W") == (0, 4) and extreme(cells, "W", "S") == (0, 4)


def test_a_mirrored_tile_keeps_its_printed_coordinates() -> None:
    laid = assemble([Placement(tile(CRYPT), (0, 0), 90, mirror=True)])
    assert laid.local((0, 0)) == (2, 1) and laid.cell_at(0, (0, 0)) == (1, 2)
    assert laid.grid.terrain((1, 2)) == "water" and laid.grid.edge_kind(((1, 2), (1, 3))) == "door"
    assert all(laid.cell_at(*laid.origins[c]) == c for c in laid.grid.cells())


def test_tiles_that_overlap_or_disagree_are_refused() -> None:
    hall = tile(HALL)
    with pytest.raises(ValueError, match=r"tiles 0 and 1 both cover cell \(2, 1\)"):
        assemble([(hall, (0, 0), 0), (hall, (2, 1), 0)])
    with pytest.raises(ValueError, match="disagree"):
        assemble([(hall, (0, 0), 0), (Grid.filled(1, 1, move_blocking=frozenset()), (3, 0), 0)])
    with pytest.raises(ValueError, match="left of or above"):
        assemble([(hall, (-1, 0), 0)])
