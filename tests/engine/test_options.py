"""Options counted and picked without a list: a decision may answer with ``Options``; the random bot draws the same."""

from __future__ import annotations

import random
import sys

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.engine.options import Joined
from pnpforge.engine.steps import StepMachine, Steps, decision, task

HEAD, MOVES = [("pass",)], [[("move", 0), ("move", 1)], [], [("move", 2)]]


def test_joined_reads_its_parts_as_one_sequence() -> None:
    joined = Joined([HEAD, *MOVES])
    listed = HEAD + [m for part in MOVES for m in part]
    assert len(joined) == 4 and list(joined) == listed
    assert [joined[i] for i in range(4)] == listed and joined[-1] == ("move", 2)
    assert ("move", 1) in joined and ("move", 3) not in joined
    assert not Joined([[], []]) and repr(Joined([HEAD])) == "Joined([('pass',)])"
    with pytest.raises(IndexError):
        joined[4]


@task("begin")
def begin(state) -> None:
    state.push(*[("walk", 0), ("walk", 1)] * 6, ("end",))


def _walk_options(state, player: int):
    parts = [[("stay",)], [("step", player, n) for n in range(state.round % 3)], [("jump",)] * (state.round % 2)]
    return Joined(parts) if state.lazy else [o for part in parts for o in part]


@decision("walk", _walk_options)
def walk(state, action: tuple, player: int) -> None:
    state.round += 1
    state.path.append(action)


@task("end")
def end(state) -> None:
    state.over = True


STEPS = Steps.collect(sys.modules[__name__])


class Walk(StepMachine):
    def __init__(self, lazy: bool):
        self.start_steps(STEPS)
        self.lazy, self.round, self.path = lazy, 0, []
        self.push(("begin",))
        self.run()


def test_a_random_pick_from_counted_options_is_the_pick_from_the_list() -> None:
    for seed in range(20):
        games = []
        for lazy in (False, True):
            state = play_game(None, [RandomBot(), RandomBot()], random.Random(seed), start=Walk(lazy))
            games.append(state.path)
        assert games[0] == games[1]
    assert len({tuple(Walk(True).legal_actions())}) == 1


def test_the_step_machine_counts_and_picks_the_pending_options() -> None:
    state = Walk(lazy=True)  # round 0 had one option, taken at once; round 1: stay, step 1 0, jump
    assert state.option_count() == 3 == len(state.legal_actions())
    assert state.option(1) == ("step", 1, 0) == state.legal_actions()[1]
    state.apply_action(state.option(2))
    assert state.path[-1] == ("jump",)
    with pytest.raises(ValueError):
        state.apply_action(("jump",))  # round 2 offers no jump: checked, though not the option picked
