"""The legal placements, gathered kind by kind with one pick per group of kinds the same squares take, are the plain
list: every kind in hand (in kind order) on every free square its terrain takes (rising), the Flag's square left out."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.games.legie.state import PASS, PLACE, LegieState

from tests.games.legie.helpers import make_game


def plain(state: LegieState) -> list[int]:
    game, me = state.game, state.player
    kinds = len(game.kinds)
    actions = [k * game.squares + s for k, left in enumerate(state.off[me]) if left for s in range(game.squares)
               if state.board[s] < 0 and s != state.flag and state.tables.allowed[me * kinds + k][s]]
    return actions or [PASS]


class Checked(RandomBot):
    def __init__(self) -> None:
        self.checked = 0

    def choose(self, state: LegieState, player: int, rng: random.Random) -> int:
        if state.phase == PLACE:
            assert state.legal_actions() == plain(state)
            self.checked += 1
        return super().choose(state, player, rng)


@pytest.mark.parametrize("mode, scenario", [("basic", None), ("advanced", None), ("advanced", "lord-of-the-forests")])
def test_the_placements_are_the_plain_list(rules, mode, scenario) -> None:
    bots = [Checked(), Checked()]
    for seed in range(30):
        play_game(make_game(rules, mode, scenario), bots, random.Random(seed))
    assert sum(bot.checked for bot in bots) > 500
