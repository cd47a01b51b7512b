"""The bots: they play legal moves without touching the position, take a win when one is on the board, and a
smoke match shows the expected order (the long matches are `make matches`, see the pack's report figures)."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.matches import Pairing, play_match
from pnpforge.games.legie import PACKAGE
from pnpforge.games.legie.bots import GreedyBot, MctsBot, evaluate

from tests.games.legie.helpers import load_pack_once, make_game, position, terrain_at


@pytest.mark.parametrize("bot", [GreedyBot(), MctsBot(iterations=60)], ids=["greedy", "mcts"])
def test_bots_choose_legal_actions_and_leave_the_position_alone(rules, bot) -> None:
    game = make_game(rules, "advanced", scenario="lord-of-the-forests")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for _ in range(6):
        before = state.observation(0)
        action = bot.choose(state, state.player, rng)
        assert state.observation(0) == before and action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.rules("king-capture-wins")
@pytest.mark.parametrize("bot", [GreedyBot(), MctsBot(iterations=200)], ids=["greedy", "mcts"])
def test_bots_take_a_win_that_is_on_the_board(rules, bot) -> None:
    game = make_game(rules, "advanced", scenario="return-of-the-king", layout=terrain_at({"a6": "forest"}))
    state = position(game, {"f6": "white king", "a6": "white warrior", "c3": "black warrior"})
    action = bot.choose(state, 0, random.Random(2))
    state.apply_action(action)
    assert state.returns() == [1.0, 0.0], state.action_to_string(action)  # only an arrow unit wins: the King falls


def test_the_evaluation_prefers_units_on_the_board(rules) -> None:
    game = make_game(rules)
    ahead = position(game, {"a1": "black knight", "a2": "black knight"}, to_move="white")
    level = position(game, {"a1": "black knight", "f6": "white knight"}, to_move="black")
    assert evaluate(ahead, 0) > evaluate(level, 0) and evaluate(ahead, 1) < 0


def test_greedy_beats_random_in_a_smoke_match() -> None:
    match = play_match(PACKAGE, load_pack_once(), Pairing(("greedy", "random"), mode="basic"), games=6, seed=1)
    assert match["wins"] >= 5, match


def test_mcts_beats_random_in_a_smoke_match() -> None:
    pairing = Pairing(("mcts", "random"), mode="basic", bot_options=(("iterations", 40),))
    match = play_match(PACKAGE, load_pack_once(), pairing, games=2, seed=1)
    assert match["wins"] == 2, match
