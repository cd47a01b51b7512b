"""The step machine: tasks run by themselves, decisions wait for their player, chance steps for the caller's RNG."""

from __future__ import annotations

import random
import sys

import pytest

from pnpforge.engine.api import CHANCE, TERMINAL
from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.engine.steps import StepMachine, Steps, chance, decision, task


@task("begin")
def begin(state) -> None:
    state.push(("roll",), ("pick", 0), ("pick", 1), ("only", 1), ("end",))


@chance("roll", lambda state: [(1, 0.5), (2, 0.25), (3, 0.25)], weighted=True)
def roll(state, value: int) -> None:
    state.rolled = value


@decision("pick", lambda state, player: [0, 1, 2][: state.rolled + 1])
def pick(state, value: int, player: int) -> None:
    state.score[player] += value


@decision("only", lambda state, player: ["pass"])
def only(state, value: str, player: int) -> None:
    state.score[player] += 10


@task("end")
def end(state) -> None:
    state.over = True


class Tiny(StepMachine):
    """Roll a weighted die, then each player picks up to the roll; the second player is handed a forced bonus."""

    def __init__(self, steps: Steps):
        self.start_steps(steps)
        self.rolled = 0
        self.score = [0, 0]
        self.push(("begin",))
        self.run()

    def returns(self) -> list[float]:
        return [1.0, 0.0] if self.score[0] > self.score[1] else [0.0, 1.0]


STEPS = Steps.collect(sys.modules[__name__])


def test_collect_takes_each_marked_function_once_by_kind() -> None:
    assert set(STEPS.tasks) == {"begin", "end"}
    assert set(STEPS.decisions) == {"pick", "only"}
    assert set(STEPS.chances) == {"roll"} and STEPS.weighted == {"roll"}


def test_two_steps_of_one_name_are_refused() -> None:
    @task("begin")
    def again(state) -> None:
        pass

    with pytest.raises(ValueError, match="two steps are named 'begin'"):
        Steps.collect(begin, again)


def test_the_agenda_waits_at_chance_then_at_each_real_question() -> None:
    state = Tiny(STEPS)
    assert state.current_player() == CHANCE and state.is_chance_node()
    assert state.chance_outcomes() == [(1, 0.5), (2, 0.25), (3, 0.25)]
    assert state.legal_actions() == [1, 2, 3]
    state.apply_action(2)
    assert state.current_player() == 0 and state.legal_actions() == [0, 1, 2]
    state.apply_action(2)
    assert state.current_player() == 1
    with pytest.raises(ValueError, match="illegal action 3 for pick"):
        state.apply_action(3)
    state.apply_action(1)
    # the forced decision ("only" has one option) was taken at once, then the game ended
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.score == [2, 11] and state.legal_actions() == []
    with pytest.raises(ValueError, match="over"):
        state.apply_action(0)


def test_a_state_that_asks_every_question_stops_at_a_single_option() -> None:
    state = Tiny(STEPS)
    state.auto = False
    for action in (1, 0, 0):
        state.apply_action(action)
    assert state.pending == ("only", 1) and state.legal_actions() == ["pass"]


def test_unweighted_chance_steps_are_equally_likely() -> None:
    @chance("coin", lambda state: ["heads", "tails"])
    def coin(state, side: str) -> None:
        state.over = True

    state = StepMachine()
    state.start_steps(Steps.collect(coin))
    state.push(("coin",))
    state.run()
    assert state.chance_outcomes() == [("heads", 0.5), ("tails", 0.5)]


def test_an_empty_agenda_before_the_end_is_a_rules_bug() -> None:
    state = StepMachine()
    state.start_steps(Steps.collect(begin))
    with pytest.raises(RuntimeError, match="agenda ran empty"):
        state.run()


def test_played_by_bots_the_weighted_roll_follows_its_probabilities() -> None:
    rng = random.Random(3)
    rolls = [play_game(None, [RandomBot(), RandomBot()], rng, start=Tiny(STEPS)).rolled for _ in range(2000)]
    assert abs(rolls.count(1) / 2000 - 0.5) < 0.04 and abs(rolls.count(3) / 2000 - 0.25) < 0.04
