"""Conformance of Legion's own: games end after round four, and the invariant checker finds a broken state (the
engine suite runs the checker after every action of random games for every player count)."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.games.legion_siberian_story.game import make_game
from pnpforge.games.legion_siberian_story.invariants import violations

from tests.games.legion_siberian_story.helpers import data

@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_after_round_four(players: int) -> None:
    """The game ends after its fourth round (the engine suite checks the invariants after every action)."""
    game = make_game(data(), players)
    for seed in range(20):
        state = play_game(game, [RandomBot()] * players, random.Random(seed))
        assert state.is_terminal() and state.round == 4


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
