"""Roles: a side fixed to a seat, sides rotating over the others, and an automaton that holds no seat."""

from __future__ import annotations

import pytest

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.playout import Run
from pnpforge.engine.seating import Roles, Seating, roles_of, seat

SIEGE = Roles(rotating=("blue", "green", "red", "yellow"), fixed=("legion",))
SOLO = Roles(rotating=("blue", "green", "red", "yellow"), automaton="legion", cooperative=True)


def roles_by_mode(pack, mode: str) -> Roles:
    return {"versus": SIEGE, "solo": SOLO}[mode]


PACKAGE = GamePackage("probe", modes=("versus", "solo"), roles=roles_by_mode,
                      factions=lambda pack: ("never", "used"))


def test_a_fixed_side_keeps_its_seat_while_the_others_rotate_over_the_other_seats() -> None:
    seen = [seat(PACKAGE, None, Run(players=3, mode="versus", bots=("x", "y")), s) for s in range(24)]
    assert {s.sides[0] for s in seen} == {"legion"}
    others = {s.sides[1:] for s in seen}
    assert len(others) == 12  # six pairs of the four, each in both seat orders
    assert {side for pair in others for side in pair} == {"blue", "green", "red", "yellow"}
    assert {s.bots[0] for s in seen} == {"x", "y"}  # the bots take the fixed side in turn


def test_the_first_mode_is_the_default_and_roles_replace_factions() -> None:
    assert roles_of(PACKAGE, None, "") == SIEGE
    assert seat(PACKAGE, None, Run(players=2, bots=("x",)), 0).sides == ("legion", "blue")
    assert roles_of(GamePackage("plain"), None, "base") is None


def test_an_automaton_holds_no_seat_and_the_seating_names_it() -> None:
    seating = seat(PACKAGE, None, Run(players=2, mode="solo", bots=("greedy", "random")), 5)
    assert seating == Seating(("blue", "red"), ("random", "greedy"), SOLO)
    assert seating.automaton == "legion"
    assert seating.describe() == "player 0 blue (random), player 1 red (greedy), legion (automaton)"
    assert Seating(("a",), ("x",)).describe() == "player 0 a (x)" and Seating((), ("x",)).automaton is None


def test_an_automaton_or_a_loss_for_all_lets_returns_fall_short_of_one() -> None:
    assert SOLO.short and Roles(loss_for_all=True).short
    assert not SIEGE.short and not Roles().short and not Roles().sided and Roles().sides(3, 7) == ()


@pytest.mark.parametrize("roles, players, message", [
    (SIEGE, 0, "0 players cannot hold the 1 fixed sides (legion)"),
    (SIEGE, 6, "6 players need 5 sides besides the fixed ones; the game has 4 (blue, green, red, yellow)"),
    (Roles(fixed=("legion",)), 2, "2 players need 1 sides besides the fixed ones; the game has 0 (none)"),
])
def test_seats_and_sides_that_do_not_fit_are_refused(roles: Roles, players: int, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        roles.sides(players, 0)
    assert str(refused.value) == message
