"""The three scenarios' goals (legie-rules-de, Szenarios), each in a position one tile from the end."""

from __future__ import annotations

import pytest

from pnpforge.engine.api import TERMINAL

from tests.games.legie.helpers import lay, make_game, position, terrain_at, units

# Black's army but for the units a test lays itself, on squares no two of which share an edge.
SPREAD = {"a1": "black warrior", "c1": "black warrior", "e1": "black knight", "a3": "black knight",
          "c3": "black scout", "e3": "black general", "a5": "black tower", "c5": "black catapult",
          "e5": "black archer", "f1": "black king"}


def black_except(*kinds: str) -> dict[str, str]:
    """Black's spread army without one tile of each named kind (those stay in hand)."""
    result = dict(SPREAD)
    for kind in kinds:
        square = next(s for s, u in result.items() if u == f"black {kind}")
        del result[square]
    return result


def scenario_game(rules, scenario: str, **terrain):
    return make_game(rules, "advanced", scenario=scenario, layout=terrain_at(terrain))


@pytest.mark.rules("king-capture-wins")
def test_removing_the_enemy_king_wins_at_once(rules) -> None:
    game = scenario_game(rules, "return-of-the-king", a6="forest")
    state = position(game, {"f6": "white king", "a6": "white warrior"})
    lay(state, "archer", "d4", target="f6")
    assert state.current_player() == TERMINAL and state.returns() == [1.0, 0.0]


@pytest.mark.rules("king-capture-wins", "forest-cover")
def test_a_king_in_the_forest_is_safe_from_arrows(rules) -> None:
    game = scenario_game(rules, "return-of-the-king", f6="forest")
    state = position(game, {"f6": "white king", "a6": "white warrior"})
    lay(state, "archer", "d4")
    assert not state.is_terminal() and "a6" not in units(state)


@pytest.mark.rules("king-last-unit-wins")
def test_laying_the_last_unit_wins_when_it_is_not_the_king(rules) -> None:
    game = scenario_game(rules, "return-of-the-king", b6="forest")
    state = position(game, black_except("warrior"))
    lay(state, "warrior", "b6")
    assert state.returns() == [1.0, 0.0]


@pytest.mark.rules("king-last-unit-wins")
def test_laying_the_king_as_the_last_unit_does_not_win(rules) -> None:
    game = scenario_game(rules, "return-of-the-king", b6="forest")
    state = position(game, black_except("king"))
    lay(state, "king", "b6")
    assert not state.is_terminal() and state.current_player() == 1


@pytest.mark.rules("king-alone-loses")
def test_ending_a_turn_with_only_the_king_in_hand_loses(rules) -> None:
    game = scenario_game(rules, "return-of-the-king", b6="forest")
    state = position(game, black_except("king", "warrior"))
    lay(state, "warrior", "b6")
    assert state.returns() == [0.0, 1.0]


@pytest.mark.rules("win-all-on-board")
def test_return_of_the_king_does_not_end_when_the_king_falls_in_the_basic_game(rules) -> None:
    game = make_game(rules, "advanced", layout=terrain_at({}))
    state = position(game, {"f6": "white king", "a6": "white warrior"})
    lay(state, "archer", "d4", target="f6")
    assert not state.is_terminal()


@pytest.mark.rules("column-longest-chain")
def test_the_longer_chain_wins_even_against_the_player_who_ended_the_game(rules) -> None:
    game = scenario_game(rules, "column")
    white = {"b2": "white warrior", "b3": "white warrior", "b4": "white knight"}
    state = position(game, {**black_except("king"), **white})
    lay(state, "king", "f5")  # joins the Archer at e5: a chain of 2 against White's 3
    assert (state.score(0), state.score(1)) == (2, 3)
    assert state.returns() == [0.0, 1.0]


@pytest.mark.rules("column-longest-chain")
def test_a_chain_is_every_unit_joined_edge_to_edge(rules) -> None:
    game = scenario_game(rules, "column")
    state = position(game, {"c3": "white warrior", "c4": "white knight", "b4": "white scout", "d4": "white general",
                            "c5": "white tower", "d5": "white archer"})
    assert state.score(1) == 6  # a cross with a corner filled in: branches count too (DECISIONS.md)


@pytest.mark.rules("column-tie-last-placer")
def test_equal_chains_go_to_the_player_who_laid_last(rules) -> None:
    game = scenario_game(rules, "column")
    state = position(game, {**black_except("king"), "b2": "white warrior", "b3": "white warrior"})
    lay(state, "king", "f5")
    assert (state.score(0), state.score(1)) == (2, 2)
    assert state.returns() == [1.0, 0.0]


@pytest.mark.rules("forests-most-units")
def test_more_units_in_the_forest_win(rules) -> None:
    game = scenario_game(rules, "lord-of-the-forests", b2="forest", b3="forest", f5="forest")
    state = position(game, {**black_except("king"), "b2": "white warrior", "b3": "white knight"})
    lay(state, "king", "f5")
    assert (state.score(0), state.score(1)) == (1, 2)
    assert state.returns() == [0.0, 1.0]


@pytest.mark.rules("forests-tie-last-placer")
def test_equal_forests_go_to_the_player_who_laid_last(rules) -> None:
    game = scenario_game(rules, "lord-of-the-forests", b2="forest", f5="forest")
    state = position(game, {**black_except("king"), "b2": "white warrior", "b3": "white knight"})
    lay(state, "king", "f5")
    assert (state.score(0), state.score(1)) == (1, 1)
    assert state.returns() == [1.0, 0.0]


@pytest.mark.rules("column-longest-chain", "forests-most-units")
def test_scoring_scenarios_end_as_the_basic_game_does(rules) -> None:
    game = scenario_game(rules, "column")
    state = position(game, black_except("king", "warrior"))
    lay(state, "warrior", "d6")
    assert not state.is_terminal()  # Black still holds its King: the game goes on
