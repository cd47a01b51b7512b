"""The greedy bot's choices that a mission's objective shapes: a tech specialist sent to a hack, and the aim moving
on to the targets still standing."""

from __future__ import annotations

import random

from pnpforge.games.siege_of_the_citadel.bots import GreedyBot

from tests.games.siege_of_the_citadel.helpers import dealt, game


def sent(mode: str) -> set[str]:
    state = dealt(game(mode, players=2).new_initial_state())
    bot = GreedyBot()
    rng = random.Random(1)
    while state.agenda and state.agenda[-1][2:3] == ("send",):
        state.apply_action(bot.choose(state, state.current_player(), rng))
    return {f.kind for f in state.figs.values()}


def test_greedy_sends_a_tech_specialist_when_the_objective_is_a_hack() -> None:
    assert "tech" in sent("high-command-error-ai")
    assert "tech" not in sent("battle-plans-ai")  # otherwise the first pair, close combat and firearms


def test_greedy_aims_at_the_targets_still_standing() -> None:
    state = game("high-command-error-ai", players=2, draft=False).new_initial_state()
    first, second = state.game.mission.targets
    fig = next(f for f in state.figs.values() if f.side != "legion")
    bot = GreedyBot()
    assert bot.distance_to_aim(state, fig, first) == 0
    del state.tokens[first]  # the first terminal hacked
    assert bot.distance_to_aim(state, fig, first) == state.game.distance(first, second) > 0
