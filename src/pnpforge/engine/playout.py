"""Playouts: one game played to its end by bots, and the seeded games the validator, matches and transcripts share.

``play_game`` is the loop: bots choose for players, the caller's RNG chooses at chance nodes. ``play_seed`` plays
the game a seed stands for — sides and bots seated by ``engine/seating.py``, the game from the package's
``new_game`` — so that a finding's seed, a match and ``pnpforge replay --seed`` all replay the same game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from pnpforge.engine.api import Action, Game, State
from pnpforge.engine.contract import Bot, GameConfig, GamePackage
from pnpforge.engine.seating import Seating, seat

MAX_STEPS = 100_000


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


def actor(state: State, player: int) -> str:
    """Who acts, for transcripts: the game's own words when its state has ``actor_to_string``."""
    named = getattr(state, "actor_to_string", None)
    return named(player) if named is not None else f"player {player}"


def play_game(game: Game, bots: Sequence[Bot], rng: random.Random, max_steps: int = MAX_STEPS,
              after_action: Callable[[State, Action], None] | None = None,
              transcript: list[str] | None = None, start: State | None = None,
              chance: Callable[[State, random.Random], Action] = sample_chance) -> State:
    """Play one game to its end (from ``start`` if given); ``after_action`` runs after every action."""
    state = start if start is not None else game.new_initial_state()
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            action = chance(state, rng)
            who = "chance"
        else:
            player = state.current_player()
            action = bots[player].choose(state, player, rng)
            who = actor(state, player) if transcript is not None else ""
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


def random_bot(game: Game, seat: int, rng: random.Random, **options: Any) -> RandomBot:
    """The uniform random bot, for any game's ``bots``."""
    return RandomBot()


@dataclass(frozen=True)
class Run:
    """What the harness plays for a range of seeds: the game's parameters and the bots rotated over the seats."""

    players: int = 2
    mode: str = ""
    scenario: str | None = None
    bots: tuple[str, ...] = ("greedy",)
    options: tuple[tuple[str, Any], ...] = ()  # game options (GameConfig.options)
    bot_options: tuple[tuple[str, Any], ...] = ()  # given to every bot factory, e.g. a search budget
    analyse: bool = False  # let the game's observer weigh the game (what the validator's analyses need)


@dataclass
class Played:
    """A finished seeded game: the final state, who sat where, and what the playout counted."""

    state: State
    seating: Seating
    seed: int
    moves: int  # positions reached that await a player or end the game (not chance nodes)
    transcript: list[str] | None = None
    observer: Any = None


_GAMES: dict[tuple, tuple[Any, Game]] = {}  # (package, id of pack, config) -> (pack, game), per process
GAMES_KEPT = 64


def game_for(package: GamePackage, pack: Any, config: GameConfig) -> Game:
    """The game for a configuration, built once per process and pack (games are immutable)."""
    key = (package.name, id(pack), config)
    found = _GAMES.get(key)
    if found is None:
        if len(_GAMES) >= GAMES_KEPT:
            _GAMES.clear()
        found = _GAMES[key] = (pack, package.new_game(pack, config))  # the pack kept alive: its id stays its own
    return found[1]


def play_seed(package: GamePackage, pack: Any, run: Run, seed: int, transcript: bool = False) -> Played:
    """Play the game ``seed`` stands for: seats, sides and bots from the seed, chance from ``Random(seed)``."""
    seating = seat(package, pack, run, seed)
    config = GameConfig(run.players, seating.sides, run.mode, run.scenario, run.options)
    game = game_for(package, pack, config)
    rng = random.Random(seed)
    options = dict(run.bot_options)
    bots = [package.bot(name, game, index, rng, **options) for index, name in enumerate(seating.bots)]
    start = game.new_initial_state()
    observer = package.observer(game, seed) if run.analyse and package.observer is not None else None
    if observer is not None:
        observer.start(start)
    moves = [0]

    def count(state: State, action: Action) -> None:
        if not state.is_chance_node():
            moves[0] += 1
        if observer is not None:
            observer.after_action(state, action)

    lines: list[str] | None = [] if transcript else None
    final = play_game(game, bots, rng, transcript=lines, after_action=count, start=start)
    return Played(final, seating, seed, moves[0], lines, observer)
