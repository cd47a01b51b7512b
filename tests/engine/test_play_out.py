"""Random players on the step machine play out in one call (``StepMachine.play_out``): the same game, draw for
draw, and the same move count as the play loop asking each random bot and sampling each chance step in turn."""

from __future__ import annotations

import random
import sys

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.engine.steps import StepMachine, Steps, chance, decision, task


@task("begin")
def begin(state) -> None:
    state.push(("pick", 2), *[("turn", p) for p in (0, 1, 2)] * 5, ("end",))  # a question first


@task("turn")
def turn(state, player: int) -> None:
    state.push(("roll", player), ("coin",), ("pick", player), ("only", player), ("none", player))


def _roll_outcomes(state, player: int) -> list:
    return [("roll", face) for face in range(1, 2 + state.count % 5)]


@chance("roll", _roll_outcomes)
def roll(state, action: tuple, player: int) -> None:
    state.count += action[1]
    state.path.append(action)


def _coin_outcomes(state) -> list:
    return [(("coin", "heads"), 0.3), (("coin", "tails"), 0.7)]


@chance("coin", _coin_outcomes, weighted=True)
def coin(state, action: tuple) -> None:
    state.path.append(action)


def _pick_options(state, player: int) -> list:
    return [("pick", player, n) for n in range(1 + (state.count + player) % 4)]


@decision("pick", _pick_options)
def pick(state, action: tuple, player: int) -> None:
    state.count += action[2]
    state.path.append(action)


def _only_options(state, player: int) -> list:
    return [("only", player)]


@decision("only", _only_options)
def only(state, action: tuple, player: int) -> None:
    state.path.append(action)


def _no_options(state, player: int) -> list:
    return []


@decision("none", _no_options)
def none(state, action: tuple, player: int) -> None:
    raise AssertionError("a decision without options is passed over")


@task("end")
def end(state) -> None:
    state.over = True


STEPS = Steps.collect(sys.modules[__name__])


class Dice(StepMachine):
    def __init__(self) -> None:
        self.start_steps(STEPS)
        self.count, self.path = 0, []
        self.push(("begin",))
        self.run()


class Stepwise(RandomBot):
    """The random bot, asked by the loop at every decision (a bot of another type takes the loop's own path)."""


def _play(bot: type, seed: int, max_steps: int = 1000) -> tuple[list, int]:
    moves = [0]
    state = play_game(None, [bot() for _ in range(3)], random.Random(seed), max_steps=max_steps,
                      start=Dice(), chance_rng=random.Random(seed + 100), moves=moves)
    assert state.is_terminal()
    return state.path, moves[0]


def test_random_players_play_out_the_game_the_loop_plays() -> None:
    for seed in range(30):
        path, moves = _play(RandomBot, seed)
        assert (path, moves) == _play(Stepwise, seed)
        assert len(path) == 61 and 1 < moves <= 17  # 16 picks (a single option taken at once), then the end


def test_a_pending_question_is_answered_first() -> None:
    for seed in range(5):
        started, stepwise = Dice(), Dice()
        play_game(None, [RandomBot()] * 3, random.Random(seed), start=started)
        play_game(None, [Stepwise()] * 3, random.Random(seed), start=stepwise)
        assert started.path == stepwise.path


def _ends_within(bot: type, limit: int) -> bool:
    try:
        _play(bot, 3, limit)
    except RuntimeError:
        return False
    return True


def test_the_step_limit_is_the_loops() -> None:
    actions = next(limit for limit in range(100) if _ends_within(Stepwise, limit))  # the loop's least limit
    assert actions > 30  # the rolls and coins, and the picks with a choice
    assert not _ends_within(RandomBot, 0) and not _ends_within(RandomBot, actions - 1)
    assert _ends_within(RandomBot, actions)
