"""Conformance: seeded random games for every player count, the invariant checker after every action."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.play import RandomBot, play_game
from pnpforge.games.legion_siberian_story.game import make_game
from pnpforge.games.legion_siberian_story.invariants import violations

from tests.games.legion_siberian_story.helpers import data

GAMES = 300


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end_after_round_four(players: int) -> None:
    game = make_game(data(), players)
    bots = [RandomBot()] * players
    for seed in range(GAMES):
        def check(state, action, seed=seed):
            broken = violations(state)
            assert not broken, f"seed {seed}, after {state.action_to_string(action)}: {broken}"
        state = play_game(game, bots, random.Random(seed), after_action=check)
        assert state.is_terminal() and state.round == 4
        assert abs(sum(state.returns()) - 1.0) < 1e-9


def test_the_invariant_checker_catches_a_broken_state() -> None:
    state = make_game(data(), 2).new_initial_state()
    while state.round == 0 or not state.hand[0]:
        state.apply_action(state.legal_actions()[0])
    card = state.hand[0].pop()
    assert any("not conserved" in v for v in violations(state))
    state.hand[0].append(card)
    state.supplies[1] = -1
    state.refresh()
    assert violations(state) == ["player 1 has -1 supplies"]
