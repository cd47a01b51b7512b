"""The play loop: bots choose for the players, the caller's RNG for chance, until the end (or a caller's horizon).

It knows the game protocol (``engine/api.py``) and nothing else, so playouts for seeded games, search bots and
tests all share it.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from pnpforge.engine.api import Action, Bot, Game, State

MAX_STEPS = 100_000


def uniform(outcomes: Iterable[Action]) -> list[tuple[Action, Fraction]]:
    """Equally likely outcomes as a chance node's ``(outcome, probability)`` pairs, all holding one probability
    (made once, and converted once by a state that turns it into a float)."""
    listed = list(outcomes)
    if not listed:
        return []
    p = Fraction(1, len(listed))
    return [(outcome, p) for outcome in listed]


def sample_chance(state: State, rng: random.Random) -> Action:
    """Pick a chance outcome with the given RNG, weighted by its probability: the first whose running total of
    probability exceeds one ``rng.random()``. A state with its own ``sample_chance(rng)`` (the step machine's)
    picks the same outcome without listing the pairs."""
    own = getattr(state, "sample_chance", None)
    if own is not None:
        return own(rng)
    outcomes = state.chance_outcomes()
    pick = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if pick < total:
            return outcome
    return outcomes[-1][0]


def actor(state: State, player: int) -> str:
    """Who acts, for transcripts: the game's own words when its state has ``actor_to_string``."""
    named = getattr(state, "actor_to_string", None)
    return named(player) if named is not None else f"player {player}"


def play_game(game: Game | None, bots: Sequence[Bot], rng: random.Random, max_steps: int = MAX_STEPS,
              after_action: Callable[[State, Action], None] | None = None,
              transcript: list[str] | None = None, start: State | None = None,
              chance: Callable[[State, random.Random], Action] = sample_chance,
              until: Callable[[State], bool] | None = None, chance_rng: random.Random | None = None,
              moves: list[int] | None = None) -> State:
    """Play one game to its end (from ``start`` if given, changing it), or until ``until(state)`` holds;
    ``after_action`` runs after every action. ``bots`` are indexed by player; chance draws from ``chance_rng`` when
    given (a deal of its own), else from the bots' ``rng``. ``moves[0]``, when given, counts the actions after which
    the game awaits a player or is over (the positions reached that are not chance nodes)."""
    if start is None:
        if game is None:
            raise ValueError("a game to start, or a state to go on from")
        start = game.new_initial_state()
    state = start
    play_out = getattr(state, "play_out", None)
    if (play_out is not None and after_action is None and transcript is None and until is None
            and chance is sample_chance and all(type(bot) is RandomBot for bot in bots)):
        play_out(rng, rng if chance_rng is None else chance_rng, max_steps, moves)  # the same draws, fewer calls
        return state
    is_terminal, is_chance_node, current_player = state.is_terminal, state.is_chance_node, state.current_player
    apply_action = state.apply_action
    choosers = [bot.choose for bot in bots]
    dealer = rng if chance_rng is None else chance_rng
    own = getattr(state, "sample_chance", None) if chance is sample_chance else None
    if own is not None:  # the state's own sampler, looked up once: the same outcome as sample_chance picks
        chance = lambda _state, rng: own(rng)  # noqa: E731 - the loop's chance callable
    reached = acted = 0  # positions reached that await a player or end the game; 1 once an action was applied
    for _ in range(max_steps):
        if is_terminal() or (until is not None and until(state)):
            if moves is not None:
                moves[0] += reached + (acted and not is_chance_node())
            return state
        if is_chance_node():
            action = chance(state, dealer)
            who = "chance"
        else:
            reached += acted
            player = current_player()
            action = choosers[player](state, player, rng)
            who = actor(state, player) if transcript is not None else ""
        if transcript is not None:
            transcript.append(f"{who}: {state.action_to_string(action)}")
        apply_action(action)
        acted = 1
        if after_action is not None:
            after_action(state, action)
    raise RuntimeError(f"game did not end within {max_steps} steps")


class RandomBot:
    """Uniform random play among the legal actions. A state that counts its options and makes the one picked
    (``option_count`` and ``option``: the step machine's) is asked for those instead of the list: the same draw of
    ``rng`` picks the same option."""

    name = "random"

    def choose(self, state: State, player: int, rng: random.Random) -> Action:
        count = getattr(state, "option_count", None)
        if count is not None:
            return state.option(rng.randrange(count()))  # type: ignore[attr-defined]  # found with option_count
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]


def random_bot(game: Game, seat: int, rng: random.Random, **options: Any) -> RandomBot:
    """The uniform random bot, for any game's ``bots``."""
    return RandomBot()
