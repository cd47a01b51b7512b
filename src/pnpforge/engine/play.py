"""The playout loop: bots choose for players, the caller's RNG chooses at chance nodes."""

from __future__ import annotations

import random
from typing import Callable, Protocol, Sequence

from pnpforge.engine.api import Action, Game, State


class Bot(Protocol):
    """A player: chooses an action from what its player may observe."""

    def choose(self, state: State, player: int, rng: random.Random) -> Action:
        """The action to play; may look only at ``state.observation(player)`` and ``state.legal_actions()``."""


def sample_chance(state: State, rng: random.Random) -> Action:
    """Pick a chance outcome with the given RNG, weighted by its probability."""
    outcomes = state.chance_outcomes()
    pick = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if pick < total:
            return outcome
    return outcomes[-1][0]


def play_game(game: Game, bots: Sequence[Bot], rng: random.Random, max_steps: int = 100_000,
              after_action: Callable[[State, Action], None] | None = None,
              transcript: list[str] | None = None, start: State | None = None) -> State:
    """Play one game to its end (from ``start`` if given); ``after_action`` runs after every action."""
    state = start if start is not None else game.new_initial_state()
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            action = sample_chance(state, rng)
            who = "chance"
        else:
            player = state.current_player()
            action = bots[player].choose(state, player, rng)
            who = f"player {player}"
        if transcript is not None:
            transcript.append(f"{who}: {state.action_to_string(action)}")
        state.apply_action(action)
        if after_action is not None:
            after_action(state, action)
    raise RuntimeError(f"game did not end within {max_steps} steps")


class RandomBot:
    """Uniform random play among the legal actions."""

    name = "random"

    def choose(self, state: State, player: int, rng: random.Random) -> Action:
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]
