"""What DECISIONS.md settles where the rulebook is silent: passing, the turn limit, rotations, who begins."""

from __future__ import annotations

import dataclasses

import pytest

from pnpforge.games.legie.board import PartPlacement, build_layout, parse_square, rotate
from pnpforge.games.legie.state import PASS

from tests.games.legie.helpers import lay, make_game, position, terrain_at

BLACK_BUT_IMMOBILE = {"a1": "black warrior", "b1": "black warrior", "c1": "black knight", "d1": "black knight",
                      "e1": "black scout", "f1": "black general", "a2": "black archer", "b2": "black king"}
WHITE_BUT_IMMOBILE = {"a6": "white warrior", "b6": "white warrior", "c6": "white knight", "d6": "white knight",
                      "e6": "white scout", "f6": "white general", "a5": "white archer", "b5": "white king"}


def flooded(occupied) -> dict[str, str]:
    """Water everywhere except under the listed squares."""
    return {f"{c}{r}": "water" for c in "abcdef" for r in range(1, 7) if f"{c}{r}" not in occupied}


@pytest.mark.rules("water-light-units", "mountain-no-immobile")
def test_a_player_with_no_square_for_any_unit_passes(rules) -> None:
    units = {**BLACK_BUT_IMMOBILE, "c6": "white knight"}
    game = make_game(rules, "advanced", layout=terrain_at(flooded(units)))
    state = position(game, units)
    assert state.legal_actions() == [PASS]  # Tower and Catapult may not stand on water
    state.apply_action(PASS)
    assert state.current_player() == 1 and not state.is_terminal()
    lay(state, "warrior", "d4")  # White can still lay a Warrior on water
    assert state.legal_actions() == [PASS]


@pytest.mark.rules("water-light-units")
def test_two_passes_in_a_row_end_the_game_in_a_draw(rules) -> None:
    units = {**BLACK_BUT_IMMOBILE, **WHITE_BUT_IMMOBILE}
    game = make_game(rules, "advanced", layout=terrain_at(flooded(units)))
    state = position(game, units)
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.is_terminal() and state.returns() == [0.5, 0.5]


@pytest.mark.rules("win-all-on-board")
def test_the_turn_limit_ends_the_game_in_a_draw(rules) -> None:
    short = dataclasses.replace(rules, turn_limit=4)
    game = make_game(short, "basic")
    state = game.new_initial_state()
    for square in ("a1", "f6", "a3", "f4"):
        assert not state.is_terminal()
        lay(state, "warrior" if square in ("a1", "f6") else "knight", square)
    assert state.is_terminal() and state.returns() == [0.5, 0.5]


def test_the_pack_sets_the_turn_limit(rules) -> None:
    assert rules.turn_limit == 200


@pytest.mark.rules("advanced-board-choice")
def test_a_part_turned_clockwise_carries_its_terrain_along(rules) -> None:
    rows = (("a", "b", "c"), ("d", "e", "f"), ("g", "h", "i"))
    assert rotate(rows, 90) == (("g", "d", "a"), ("h", "e", "b"), ("i", "f", "c"))
    assert rotate(rows, 180) == (("i", "h", "g"), ("f", "e", "d"), ("c", "b", "a"))
    assert rotate(rows, 360 - 90) == rotate(rotate(rotate(rows, 90), 90), 90)
    quarters = ("nw", "ne", "sw", "se")
    flat = build_layout(rules, {q: PartPlacement(f"part-{i + 1}", "a", 0) for i, q in enumerate(quarters)})
    turned = build_layout(rules, {q: PartPlacement(f"part-{i + 1}", "a", 90 if q == "nw" else 0)
                                  for i, q in enumerate(quarters)})
    at = lambda layout, name: layout.terrain[parse_square(name, 6)]  # noqa: E731
    assert at(flat, "a6") == "forest" and at(flat, "c6") == "water"  # Mill Ford, unturned
    assert at(turned, "a6") == "plain" and at(turned, "c6") == "forest"  # the forest corner turned to the right
    assert at(turned, "b4") == "water" and at(turned, "c4") == "water"  # the two water squares now lie below
    assert [at(flat, s) for s in ("d6", "a1", "f1")] == [at(turned, s) for s in ("d6", "a1", "f1")]


def test_the_first_listed_faction_moves_first(rules) -> None:
    assert rules.players == ("black", "white")
    assert make_game(rules).new_initial_state().current_player() == 0


@pytest.mark.rules("advanced-board-choice")
def test_set_up_chances_are_uniform(rules) -> None:
    state = make_game(rules, "advanced", scenario="return-of-the-king").new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 15 and {p for _, p in outcomes} == {1 / 15}
