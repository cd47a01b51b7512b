"""Playouts: the seeded games the validator, matches and transcripts share.

``play_game`` (``engine/loop.py``) is the loop: bots choose for players, the caller's RNG chooses at chance nodes.
``play_seed`` plays the game a seed stands for — sides and bots seated by ``engine/seating.py``, the game from the
package's ``new_game`` — so that a finding's seed, a match and ``pnpforge replay --seed`` all replay the same game.

A seed of ``SEAT_CYCLE`` or more is ``deal * SEAT_CYCLE + k``: its chance is drawn from the deal alone and its
bots from the whole seed, so that the games of a paired unit (one deal, every seating: ``engine/seating.py``) meet
the same chance outcomes in the same order while the seats turn. A smaller seed (one typed by hand, a test's) is a
game of its own whose bots and chance share one stream.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpforge.engine.api import Game, State
from pnpforge.engine.contract import GameConfig, GamePackage
from pnpforge.engine.loop import play_game
from pnpforge.engine.seating import Seating, seat

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

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
    # with analyse: the items the observer weighs (None: every one; empty: no observer), once the validator has
    # settled the checks of the others (``GamePackage.observing``)
    watch: tuple[str, ...] | None = None


@dataclass
class Played:
    """A finished seeded game: the final state, who sat where, and what the playout counted."""

    state: State
    seating: Seating
    seed: int
    moves: int  # positions reached that await a player or end the game (not chance nodes)
    transcript: list[str] | None = None
    observer: Any = None


SEAT_CYCLE = 720_720  # every period up to 16 divides it: seatings turn with a seed's remainder by it


def streams(seed: int) -> tuple[random.Random, random.Random]:
    """The RNGs of the game ``seed`` stands for: the chance's (the deal's) and the bots'."""
    deal = seed // SEAT_CYCLE
    if not deal:
        rng = random.Random(seed)
        return rng, rng
    return random.Random(f"deal {deal}"), random.Random(seed)


_GAMES: dict[tuple, tuple[Any, Game]] = {}  # process cache: (package, id of pack, config) -> (pack, game)
GAMES_KEPT = 64


def game_for(package: GamePackage, pack: Pack, config: GameConfig) -> Game:
    """The game for a configuration, built once per process and pack (games are immutable)."""
    key = (package.name, id(pack), config)
    found = _GAMES.get(key)
    if found is None:
        if package.new_game is None:
            raise ValueError(f"game package '{package.name}' has no engine")
        if len(_GAMES) >= GAMES_KEPT:
            _GAMES.clear()
        found = _GAMES[key] = (pack, package.new_game(pack, config))  # the pack kept alive: its id stays its own
    return found[1]


def play_seed(package: GamePackage, pack: Pack, run: Run, seed: int, transcript: bool = False) -> Played:
    """Play the game ``seed`` stands for: seats, sides and bots from the seed, chance from its deal (``streams``)."""
    seating = seat(package, pack, run, seed)
    config = GameConfig(run.players, seating.sides, run.mode, run.scenario, run.options)
    game = game_for(package, pack, config)
    chance, rng = streams(seed)
    options = dict(run.bot_options)
    bots = [package.bot(name, game, index, rng, **options) for index, name in enumerate(seating.bots)]
    start = game.new_initial_state()
    observer = None
    if run.analyse and package.observer is not None and run.watch != ():
        observer = package.observer(game, seed) if run.watch is None else package.observer(game, seed, run.watch)
    if observer is not None:
        observer.start(start)
    moves = [0]  # the actions players chose, counted by the loop
    lines: list[str] | None = [] if transcript else None
    after = observer.after_action if observer is not None else None
    final = play_game(game, bots, rng, transcript=lines, after_action=after, start=start, chance_rng=chance,
                      moves=moves)
    return Played(final, seating, seed, moves[0], lines, observer)
