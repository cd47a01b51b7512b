"""Random games of every mission, against a Dark Legion player and against the AI deck, the rules re-checked from
the state after every action: the coverage the engine suite (tests/engine/test_games.py) leaves to this package's
own tests, since it plays only a few games per mission."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.games.siege_of_the_citadel import MISSIONS
from pnpforge.games.siege_of_the_citadel.invariants import check

from tests.games.siege_of_the_citadel.helpers import game

GAMES = 10  # per mode and side


@pytest.mark.parametrize("mode", [m + side for m in MISSIONS for side in ("", "-ai")])
def test_random_games_of_every_mission_keep_the_invariants(mode: str) -> None:
    players = 2 if mode.endswith("-ai") else 3
    played = game(mode, players=players)
    ended = set()

    def checked(state, action) -> None:
        broken = check(state)
        assert not broken, f"{mode}, after {state.action_to_string(action)}: {broken}"

    for seed in range(GAMES):
        final = play_game(played, [RandomBot()] * players, random.Random(1000 + seed), after_action=checked)
        assert final.is_terminal() and final.round <= final.game.mission.rounds
        ended.add(final.goal_done)
    assert ended  # every game reached the scoring
