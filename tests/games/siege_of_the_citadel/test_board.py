"""Moves and sight on small ASCII maps and on Battle Plans' joined tiles: blocking, passing, ends, doors, the
corner rule, figures in the way, cover and the stairs."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.engine.grid import Grid
from pnpforge.games.siege_of_the_citadel import board
from pnpforge.games.siege_of_the_citadel.board import stairs_sight
from pnpforge.games.siege_of_the_citadel.scenario import LEGEND

from tests.games.siege_of_the_citadel.helpers import act, options, position

HALL = """
start: {start}
corporations: [bauhaus, capitol]
map: |
  +-+-+-+-+-+-+
  |. . . . . .|
  + + + + + + +
  |. . . . . .|
  + + + + + + +
  |. . . . . .|
  +-+-+-+-+-+-+
tokens:
  - {{at: [5, 0], token: debris}}
figures:
{figures}
"""



def hall(tmp_path: Path, figures: str, start: str = "corporation"):
    return position(tmp_path, HALL.format(start=start, figures=figures))


def moves(state) -> set[tuple[int, int]]:
    return {a[1] for a in state.legal_actions() if a[0] == "move"}


@pytest.mark.rules("move-three", "move-through", "move-end")
def test_a_doomtrooper_moves_three_squares_passing_its_team_but_not_others(tmp_path: Path) -> None:
    state = hall(tmp_path, "  - {id: duval, corporation: bauhaus, specialty: close_combat, "
                           "weapon: punisher-short-sword, at: [0, 1]}\n"
                           "  - {id: lind, corporation: bauhaus, specialty: tech, weapon: tentacle-kit, at: [1, 1]}\n"
                           "  - {id: hunter, corporation: capitol, specialty: close_combat, "
                           "weapon: punisher-short-sword, at: [1, 0]}")
    act(state, "activate duval")
    reach = moves(state)
    assert (3, 1) in reach and (4, 1) not in reach  # three squares, through a team mate
    assert (1, 1) not in reach and (1, 0) not in reach  # never ends on a figure
    assert (5, 0) not in reach


@pytest.mark.rules("move-blocked")
def test_a_doomtrooper_next_to_a_creature_moves_two_unless_a_wall_stands_between(tmp_path: Path) -> None:
    walled = position(tmp_path, """
        start: corporation
        corporations: [bauhaus]
        map: |
          +-+-+-+-+-+
          |. . . . .|
          +-+ + + + +
          |. . . . .|
          +-+-+-+-+-+
        figures:
          - {id: duval, corporation: bauhaus, specialty: close_combat, weapon: punisher-short-sword, at: [0, 0]}
          - {id: grunt, creature: legionnaire, at: [0, 1]}
        """)
    act(walled, "activate duval")
    assert (3, 0) in moves(walled)  # the wall between them: not blocked
    open_ = hall(tmp_path, "  - {id: duval, corporation: bauhaus, specialty: close_combat, "
                           "weapon: punisher-short-sword, at: [0, 0]}\n"
                           "  - {id: grunt, creature: legionnaire, at: [0, 1]}")
    act(open_, "activate duval")
    assert (2, 0) in moves(open_) and (3, 0) not in moves(open_)


@pytest.mark.rules("move-dark-legion")
def test_a_creature_passes_creatures_but_not_doomtroopers_and_is_never_blocked(tmp_path: Path) -> None:
    state = hall(tmp_path, "  - {id: duval, corporation: bauhaus, specialty: close_combat, "
                           "weapon: punisher-short-sword, at: [1, 0]}\n"
                           "  - {id: a, creature: legionnaire, at: [0, 1]}\n"
                           "  - {id: b, creature: legionnaire, at: [1, 1]}", start="legion")
    fig = state.figs["a"]
    reach = board.destinations(state, fig)
    assert (3, 1) in reach  # three squares through the other creature, though next to a Doomtrooper
    assert (1, 0) not in reach and (1, 1) not in reach


@pytest.mark.rules("line-of-sight", "map-fixtures")
def test_sight_centre_to_centre_blocked_by_walls_and_figures_not_by_a_corner(tmp_path: Path) -> None:
    state = hall(tmp_path, "  - {id: a, creature: legionnaire, at: [2, 1]}\n"
                           "  - {id: b, creature: legionnaire, at: [1, 2]}")
    grid = board.sight_grid(state)
    assert board.can_see(state, grid, (0, 0), (2, 2))  # the corner between (2, 1) and (1, 2) does not block
    assert not board.can_see(state, grid, (0, 1), (3, 1))  # the figure on (2, 1) stands in the way
    assert board.can_see(state, grid, (0, 0), (0, 2))


@pytest.mark.rules("cover")
def test_a_line_across_debris_gives_cover(tmp_path: Path) -> None:
    state = hall(tmp_path, "  - {id: far, creature: legionnaire, at: [0, 2]}")
    assert board.cover(state, (3, 0), (5, 0)) is False  # the debris is on the target's own square: no line across
    state.tokens[(4, 0)] = "debris"
    assert board.cover(state, (3, 0), (5, 0)) is True
    assert board.cover(state, (3, 1), (5, 1)) is False


STAIRS = """
+-+-+-+-+
|. .|5 6|
+ + + + +
|. .|3 4|
+ + + + +
|. .|1 2|
+-+-+-+-+
"""


@pytest.mark.rules("sight-stairs")
def test_the_stairs_see_as_the_book_says() -> None:
    grid = Grid.from_ascii(STAIRS, LEGEND)
    terrain = {c: grid.terrain(c) for c in grid.cells()}
    number = {c: int(t[-1]) for c, t in terrain.items() if t and t.startswith("stairs")}
    assert sorted(number.values()) == [1, 2, 3, 4, 5, 6]
    assert stairs_sight(1, 5, "stairs_5") and stairs_sight(2, 6, "stairs_6")
    assert not stairs_sight(1, 3, "stairs_3") and not stairs_sight(1, None, "floor")
    assert stairs_sight(3, 1, "stairs_1") and stairs_sight(4, 6, "stairs_6") and not stairs_sight(3, None, "floor")
    assert stairs_sight(5, 2, "stairs_2") and stairs_sight(6, 4, "stairs_4")
    assert stairs_sight(5, None, "upper") is None and stairs_sight(5, None, "floor") is False
    assert stairs_sight(None, 1, "stairs_1") is False and stairs_sight(None, 5, "stairs_5") is None


@pytest.mark.rules("sight-stairs")
def test_nobody_shoots_from_the_middle_of_the_stairs(tmp_path: Path) -> None:
    state = position(tmp_path, """
        start: corporation
        corporations: [bauhaus]
        map: |
          +-+-+-+-+
          |. . . 5|
          + + + + +
          |. . . 3|
          + + + + +
          |. . . 1|
          +-+-+-+-+
        figures:
          - {id: steiner, corporation: bauhaus, specialty: firearms, weapon: plasma-carbine, at: [3, 1]}
          - {id: top, creature: legionnaire, at: [3, 0]}
          - {id: low, creature: legionnaire, at: [1, 2]}
        """)
    act(state, "activate steiner")
    assert not any("firearms" in s for s in options(state))


@pytest.mark.rules("door-free", "door-card", "door-dark-legion")
def test_doors_open_when_crossed_and_creatures_open_them_by_standing_there(tmp_path: Path) -> None:
    text = """
        start: corporation
        corporations: [bauhaus]
        map: |
          +-+-+-+
          |. . .|
          +-+D+-+
          |. . .|
          +-+-+-+
        figures:
          - {id: duval, corporation: bauhaus, specialty: %s, weapon: %s, at: [1, 1]}
          - {id: grunt, creature: legionnaire, at: [0, 0]}
        """
    state = position(tmp_path, text % ("close_combat", "punisher-short-sword"))
    grid = board.sight_grid(state)
    assert not board.can_see(state, grid, (1, 1), (1, 0))
    act(state, "activate duval")
    assert (1, 0) in moves(state) and (2, 0) in moves(state)  # through the door at no extra cost
    act(state, "move to 1,0")
    assert state.doors == frozenset() and state.is_chance_node()  # the door deck is checked
    tech = position(tmp_path, text % ("tech", "tentacle-kit"))
    act(tech, "activate duval")
    act(tech, "move to 1,0")
    assert not tech.is_chance_node()  # a tech specialist disarms it
    creature = position(tmp_path, text % ("close_combat", "punisher-short-sword"))
    creature.figs["grunt"].cell = (1, 0)
    assert board.can_see(creature, board.sight_grid(creature), (1, 1), (1, 0))
