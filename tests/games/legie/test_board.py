"""The field on the engine's grid: squares and cells, edge neighbours, terrain where the parts put it."""

from __future__ import annotations

from pnpforge.games.legie.board import cell_of, field_grid, neighbours, parse_square, square_name, square_of


def test_a1_is_the_bottom_left_cell_and_f6_the_top_right() -> None:
    assert cell_of(parse_square("a1", 6), 6) == (0, 5)
    assert cell_of(parse_square("f6", 6), 6) == (5, 0)
    assert all(square_of(cell_of(s, 6), 6) == s for s in range(36))


def test_neighbours_share_an_edge_and_never_a_corner() -> None:
    around = neighbours(6)
    named = lambda square: sorted(square_name(n, 6) for n in around[parse_square(square, 6)])  # noqa: E731
    assert named("a1") == ["a2", "b1"]
    assert named("c3") == ["b3", "c2", "c4", "d3"]
    assert named("f6") == ["e6", "f5"]
    assert sum(len(n) for n in around) == 2 * 2 * 6 * 5  # every inner edge counted from both sides


def test_the_grid_carries_each_square_s_terrain() -> None:
    terrain = tuple("forest" if s == parse_square("b5", 6) else "water" if s == 0 else "plain" for s in range(36))
    grid = field_grid(terrain, 6)
    assert grid.terrain(cell_of(parse_square("b5", 6), 6)) == "forest"
    assert grid.terrain(cell_of(0, 6)) == "water"
    # Legie's terrain blocks no step: what it does to a unit is in the rules' tables
    assert len(grid.steps(cell_of(1, 6))) == 3
