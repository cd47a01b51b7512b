"""The random bot counts a decision's options and takes the one it draws, without a copy of the list: it draws
and plays as a pick from the list would."""

from __future__ import annotations

import random
import sys

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.engine.steps import StepMachine, Steps, decision, task

@task("begin")
def begin(state) -> None:
    state.push(*[("walk", 0), ("walk", 1)] * 6, ("end",))


def _walk_options(state, player: int) -> list:
    return [("stay",), *[("step", player, n) for n in range(state.round % 3)], *[("jump",)] * (state.round % 2)]


@decision("walk", _walk_options)
def walk(state, action: tuple, player: int) -> None:
    state.round += 1
    state.path.append(action)


@task("end")
def end(state) -> None:
    state.over = True


STEPS = Steps.collect(sys.modules[__name__])


class Walk(StepMachine):
    def __init__(self) -> None:
        self.start_steps(STEPS)
        self.round, self.path = 0, []
        self.push(("begin",))
        self.run()


class ListBot:
    """The random pick from the copied list, as the random bot made it before it counted."""

    name = "listed"

    def choose(self, state, player: int, rng: random.Random):
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]


def test_a_random_pick_from_counted_options_is_the_pick_from_the_list() -> None:
    for seed in range(20):
        counted = play_game(None, [RandomBot(), RandomBot()], random.Random(seed), start=Walk()).path
        listed = play_game(None, [ListBot(), ListBot()], random.Random(seed), start=Walk()).path
        assert counted == listed and len(counted) == 12


def test_the_step_machine_counts_and_picks_the_pending_options() -> None:
    state = Walk()  # round 0 had one option, taken at once; round 1: stay, step 1 0, jump
    assert state.option_count() == 3 == len(state.legal_actions())
    assert state.option(1) == ("step", 1, 0) == state.legal_actions()[1]
    state.apply_action(state.option(2))
    assert state.path[-1] == ("jump",)
    with pytest.raises(ValueError):
        state.apply_action(("jump",))  # round 2 offers no jump: checked, though not the option picked
