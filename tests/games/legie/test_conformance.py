"""Conformance of Legie's own: random games end by their objective, illegal actions are refused, and the invariant
checker finds planted faults (the engine suite runs the checker after every action of random games in each mode)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.games.legie.invariants import check_invariants
from pnpforge.games.legie.state import CHOOSE_FLAG, EMPTY

from tests.games.legie.helpers import load_pack_once, make_game, position, terrain_at

GAMES = 100
CONFIGS = [
    pytest.param("basic", None, {"win-all-on-board"}, id="basic"),
    pytest.param("advanced", None, {"win-all-on-board"}, id="advanced"),
    pytest.param("advanced", "return-of-the-king", {"king-capture-wins", "king-last-unit-wins", "king-alone-loses"},
                 id="return-of-the-king", marks=pytest.mark.rules("king-capture-wins", "king-alone-loses")),
    pytest.param("advanced", "column", {"column-longest-chain", "column-tie-last-placer"}, id="column"),
    pytest.param("advanced", "lord-of-the-forests", {"forests-most-units", "forests-tie-last-placer"},
                 id="lord-of-the-forests"),
]


@pytest.mark.parametrize("mode, scenario, endings", CONFIGS)
def test_random_games_end_by_their_objective_and_both_colours_win(rules, mode: str, scenario: str | None,
                                                                  endings: set[str]) -> None:
    """The objective decides games (the engine suite checks the invariants after every action of such games)."""
    game = make_game(rules, mode, scenario=scenario)
    results, reasons, turns = Counter(), Counter(), []
    for number in range(GAMES):
        final = play_game(game, [RandomBot(), RandomBot()], random.Random(number))
        results[final.winner] += 1
        reasons[final.ended_by] += 1
        turns.append(final.turns)
    assert results[0] > GAMES // 5 and results[1] > GAMES // 5  # both colours win some games
    assert set(reasons) <= endings | {"turn-limit", "no-square-for-either-player"}
    assert set(reasons) & endings
    assert max(turns) < rules.turn_limit


def test_illegal_actions_are_refused(rules) -> None:
    game = make_game(rules, "basic")
    state = position(game, {"c3": "white knight"}, flag="d4")
    for action in (2 * 36 + 14, 2 * 36 + 21, 99 * 36, 1000 + 14, 2000 + 14, 4000):  # c3 taken, d4 Flag, ...
        with pytest.raises(ValueError):
            state.apply_action(action)
    assert check_invariants(state) == []


# --- the checker finds what it should ---------------------------------------------------------------------------

def test_the_checker_finds_a_unit_that_is_both_in_hand_and_on_the_board(rules) -> None:
    state = position(make_game(rules), {"c3": "white knight"})
    state.off[1][rules.kinds.index("knight")] += 1
    assert check_invariants(state) == ["white has 1 knight on the board and 2 in hand, but the army has 2"]


def test_the_checker_finds_a_lost_unit(rules) -> None:
    state = position(make_game(rules), {"c3": "white king"})
    state.board[14] = EMPTY
    assert check_invariants(state) == ["white has 0 king on the board and 0 in hand, but the army has 1"]


def test_the_checker_finds_a_unit_under_the_flag(rules) -> None:
    state = position(make_game(rules), {"c3": "white king"}, flag="c3")
    assert check_invariants(state) == ["the Flag's square c3 holds a unit"]


def test_the_checker_finds_terrain_breaches(rules) -> None:
    game = make_game(rules, "advanced", layout=terrain_at({"c3": "mountain", "d4": "water"}))
    state = position(game, {"c3": "white tower", "d4": "black general"})
    assert check_invariants(state) == ["white's tower stands on the mountain at c3",
                                       "black's general stands on the water at d4"]


def test_the_checker_finds_a_bad_flag_choice_and_an_unfinished_game(rules) -> None:
    state = position(make_game(rules), {"c3": "white king"})
    state.phase, state.choices = CHOOSE_FLAG, (14,)
    state.winner = 0
    assert check_invariants(state) == ["a result is set while the game goes on",
                                       "the Flag may go to c3, which is occupied",
                                       "a Flag choice with fewer than two squares"]


def test_the_package_makes_games_that_meet_the_protocol(rules) -> None:
    from pnpforge.engine.api import Game, State
    from pnpforge.engine.contract import GameConfig
    from pnpforge.games import load_package

    package = load_package("legie")
    game = package.new_game(load_pack_once(), GameConfig(mode="column"))  # a scenario stands for its mode
    assert isinstance(game, Game) and isinstance(game.new_initial_state(), State)
    assert game.advanced and game.new_initial_state().is_chance_node()
    with pytest.raises(ValueError, match="no scenario 'siege'"):
        package.new_game(load_pack_once(), GameConfig(mode="advanced", scenario="siege"))
