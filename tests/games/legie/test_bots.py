"""The bots: they play legal moves without touching the position, take a win when one is on the board, and a
smoke match shows the expected order (the long matches are `make matches`, see the pack's report figures)."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.stats import wilson as wilson_interval
from pnpforge.games.legie.bots import GreedyBot, MctsBot, RandomBot, evaluate, play_match
from pnpforge.games.legie.simulate import run_match

from tests.games.legie.helpers import PACK, make_game, position, terrain_at


class Seat:
    """A random bot that records which colours it was asked to play."""

    def __init__(self, name: str):
        self.name, self.colours = name, []

    def choose(self, state, player, rng):
        self.colours.append(player)
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]


def test_a_match_swaps_colours_every_game(rules) -> None:
    first, second = Seat("a"), Seat("b")
    tally = play_match(make_game(rules), first, second, games=4, seed=3)
    assert tally["games"] == 4 and tally["first_wins"] + tally["second_wins"] + tally["draws"] == 4
    assert tally["black_wins"] + tally["white_wins"] + tally["draws"] == 4
    assert set(first.colours) == {0, 1} and set(second.colours) == {0, 1}
    again = play_match(make_game(rules), Seat("a"), Seat("b"), games=4, seed=3)
    assert again == tally  # seeded: the same games again


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


def test_greedy_beats_random_in_a_smoke_match(rules) -> None:
    tally = play_match(make_game(rules), GreedyBot(), RandomBot(), games=6, seed=1)
    assert tally["first_wins"] >= 5, tally


def test_mcts_beats_random_in_a_smoke_match(rules) -> None:
    tally = play_match(make_game(rules), MctsBot(iterations=40), RandomBot(), games=2, seed=1)
    assert tally["first_wins"] == 2, tally


def test_a_match_in_two_processes_merges_its_chunks() -> None:
    one = run_match(PACK, "basic", "greedy", "random", games=4, jobs=1)
    two = run_match(PACK, "basic", "greedy", "random", games=4, jobs=2)
    assert one == two and one["games"] == 4
    assert 0 <= one["low"] <= one["share"] <= one["high"] <= 1


def test_the_wilson_interval() -> None:
    low, high = wilson_interval(150, 200)  # 75% of 200 games
    assert (round(low, 4), round(high, 4)) == (0.6857, 0.8049)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
