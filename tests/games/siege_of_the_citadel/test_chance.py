"""The state's own chance sampler picks what the play loop's generic one picks from the listed outcomes, draw for
draw, and an outcome it picked is applied without being listed again."""

from __future__ import annotations

import random

from pnpforge.engine import loop
from pnpforge.engine.contract import GameConfig
from pnpforge.games.siege_of_the_citadel import PACKAGE

from tests.games.siege_of_the_citadel.helpers import pack


class _Listed:
    """A state seen only through its listed outcomes (the generic sampler's view)."""

    def __init__(self, state):
        self.chance_outcomes = state.chance_outcomes


def test_the_states_sampler_picks_the_loops_outcome() -> None:
    game = PACKAGE.new_game(pack(), GameConfig(players=2, mode="battle-plans-ai"))
    state = game.new_initial_state()
    rng, bots = random.Random(5), random.Random(6)
    seen = 0
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            draw = rng.getstate()
            expected = loop.sample_chance(_Listed(state), rng)
            rng.setstate(draw)
            assert state.sample_chance(rng) == expected
            seen += 1
            state.apply_action(expected)
        else:
            state.apply_action(bots.choice(state.legal_actions()))
    assert seen > 100
