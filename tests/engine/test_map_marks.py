"""A game's marks on a map (``engine/map_marks.py``): what a game package gets wrong is said in words, mark by mark."""

from __future__ import annotations

from pnpforge.engine.grid import Grid
from pnpforge.engine.map_marks import Entrance, MapMarks, Piece, Sight

BOARD = Grid.filled(3, 2)


def test_marks_on_the_board_are_sound() -> None:
    marks = MapMarks(
        BOARD,
        pieces=(Piece((0, 0), "1"), Piece((2, 1), "TERM", 2)),
        entrances=(Entrance((0, 1), "west", "#b3261e"),),
        targets=((1, 1),),
        tiles=(((0, 0), "12"),),
        sight=(Sight((0, 0), (2, 1), True),),
    )
    assert marks.problems() == []


def test_each_mistake_is_named() -> None:
    marks = MapMarks(
        BOARD,
        pieces=(Piece((3, 0), "1"), Piece((0, 0), "LONGER")),
        entrances=(Entrance((0, 0), "up", "#b3261e"), Entrance((1, 0), "north", "red")),
        targets=((0, 2),),
        sight=(Sight((0, 0), (5, 5), False),),
    )
    assert marks.problems() == [
        "piece '1' at [3, 0] is off the map",
        "piece label 'LONGER': 1 to 4 characters",
        "entrance at [0, 0] up: not a side of a square",
        "entrance at [1, 0]: colour 'red' or label 'IN' is not one",
        "mark at [0, 2] is off the map",
        "mark at [5, 5] is off the map",
    ]
