"""The engine's search bot: what it is given, what it may see, and that it searches rather than copies its policy."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.loop import random_bot
from pnpforge.engine.search import SearchBot, SearchFactory, SearchPlan
from pnpforge.games import registered

from tests.engine import dice_race
from tests.engine.dice_race import GOAL, PACKAGE, Race, RaceGame


def _at_move(reach: int, at: tuple, rival: tuple) -> Race:
    """A race where player 0 is to move with ``reach`` steps."""
    state = RaceGame().new_initial_state()
    state.at, state.reach, state.sealed = [at, rival], reach, None
    state.agenda, state.pending = [("end",)], ("move", 0, 0)
    state.refresh()
    return state


def test_every_game_with_determinize_and_a_greedy_bot_gets_the_search_bot() -> None:
    packages = [p for p in registered() if p.has_engine] + [PACKAGE]
    assert packages and all({"random", "greedy", "search"} <= set(p.bots) for p in packages)
    assert isinstance(PACKAGE.bots["search"], SearchFactory)


def test_a_package_without_determinize_or_with_its_own_search_bot_keeps_its_bots() -> None:
    assert "search" not in GamePackage("plain", bots={"greedy": dice_race.greedy_bot}).bots
    own = GamePackage("own", bots={"greedy": dice_race.greedy_bot, "search": random_bot},
                      determinize=dice_race.determinize)
    assert own.bots["search"] is random_bot


def test_a_plan_that_stops_early_must_say_what_a_stopped_game_is_worth() -> None:
    with pytest.raises(ValueError, match="needs a value"):
        SearchPlan(horizon=lambda start, now: True)


def test_bot_options_set_samples_and_candidates_and_leave_the_rest() -> None:
    bot = PACKAGE.bot("search", RaceGame(), 0, random.Random(1), samples="3", candidates=2, iterations=9)
    assert (bot.plan.samples, bot.plan.candidates) == (3, 2)


def test_searching_finds_the_winning_step_its_random_policy_would_mostly_miss() -> None:
    state = _at_move(3, (0, 1), (2, 2))  # the rival is two steps from the goal: only reaching it now is sure
    assert GOAL in state.legal_actions() and len(state.legal_actions()) > 5
    search = SearchFactory(random_bot, dice_race.determinize, SearchPlan(policy="random", samples=10, candidates=99))
    bot = search(RaceGame(), 0, random.Random(0))
    assert all(bot.choose(state, 0, random.Random(seed)) == GOAL for seed in range(5))


def test_the_choice_depends_on_what_the_player_sees_not_on_the_rival_s_sealed_bid() -> None:
    state = RaceGame().new_initial_state()
    assert state.pending == ("bid", 0)
    state.energy = [2, 2]
    state.apply_action(1)  # player 0 bids; player 1 now bids without seeing it
    worlds = []
    for hidden in (0, 2):
        world = state.clone()
        world.sealed = type(state.sealed)(state.sealed.players, state.sealed.options).choose(0, hidden)
        assert world.observation(1) == state.observation(1)
        worlds.append(world)
    choices = {PACKAGE.bot("search", RaceGame(), 1, random.Random(4)).choose(w, 1, random.Random(4)) for w in worlds}
    assert len(choices) == 1


def test_the_bot_tries_the_candidates_its_policy_ranks_best() -> None:
    state = _at_move(2, (0, 3), (4, 4))
    bot = PACKAGE.bot("search", RaceGame(), 0, random.Random(2), candidates=2)
    assert isinstance(bot, SearchBot)
    ranked = dice_race.Greedy().rank(state, 0, random.Random(3))
    assert bot.candidates(state, 0, state.legal_actions(), random.Random(3)) == ranked[:2]


class _Remembering:
    """A policy that remembers its earlier choices in this game and plays differently for them (as Legie's greedy
    bot avoids armies it has left before): the first choice of a game is the goal when it can be reached."""

    made: list["_Remembering"] = []

    def __init__(self) -> None:
        self.chosen = 0
        _Remembering.made.append(self)

    def choose(self, state, player, rng):
        actions = state.legal_actions()
        self.chosen += 1
        if self.chosen == 1 and GOAL in actions:
            return GOAL
        return actions[0]


def test_every_playout_starts_with_fresh_policies_so_a_policy_s_memory_never_favours_a_candidate() -> None:
    _Remembering.made.clear()
    policy = lambda game, seat, rng, **options: _Remembering()  # noqa: E731 - a factory for the test
    bot = SearchFactory(policy, dice_race.determinize, SearchPlan(policy="remembering", samples=3, candidates=4))(
        RaceGame(), 0, random.Random(0))
    state = _at_move(2, (0, 3), (4, 4))
    bot.choose(state, 0, random.Random(5))
    kept = bot.policies(random.Random(0))
    playouts = [p for p in _Remembering.made if all(p is not k for k in kept)]
    # two new players for each candidate in each of the three worlds, none of them the bot's own kept policies
    assert len(playouts) >= 2 * 3 * 2 and len(playouts) % 6 == 0
    # the kept policies only named the first candidate (the policy cannot rank): they played no playout
    assert [k.chosen for k in kept] == [1, 0]


def test_a_plan_s_playout_bot_plays_the_playouts_and_the_policy_keeps_the_bot_s_own_answers() -> None:
    _Remembering.made.clear()
    policy = lambda game, seat, rng, **options: dice_race.Greedy()  # noqa: E731 - a factory for the test
    playout = lambda game, seat, rng, **options: _Remembering()  # noqa: E731
    plan = SearchPlan(policy="greedy", samples=3, candidates=4, playout=playout)
    bot = SearchFactory(policy, dice_race.determinize, plan)(RaceGame(), 0, random.Random(0))
    bot.choose(_at_move(2, (0, 3), (4, 4)), 0, random.Random(5))
    assert all(isinstance(p, dice_race.Greedy) for p in bot.policies(random.Random(0)))
    # two playout players for each candidate in each of the three worlds, none of them a policy
    assert len(_Remembering.made) >= 2 * 3 * 2 and len(_Remembering.made) % 6 == 0
