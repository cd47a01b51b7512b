"""Who sits where in the game a seed stands for: sides (factions or colours) by seat, and bots by seat.

A game whose package names ``factions`` has them rotated: every combination of factions for the player count in
turn, then every rotation of the seats, so that a balance run is fair to seats and factions by construction. A
game with fixed seats (colours) keeps them, and only the bots change places. With several bots, bot names rotate
over the seats with the seed (two bots swap seats every game).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.contract import GamePackage
    from pnpforge.engine.playout import Run


@dataclass(frozen=True)
class Seating:
    """Sides and bots by seat for one seeded game."""

    sides: tuple[str, ...]
    bots: tuple[str, ...]

    def describe(self) -> str:
        """``player 0 north (greedy), player 1 south (random)``."""
        return ", ".join(f"player {p} {side} ({bot})" if side else f"player {p} ({bot})"
                         for p, (side, bot) in enumerate(zip(self.sides or ("",) * len(self.bots), self.bots)))


def rotate_factions(factions: tuple[str, ...], players: int, seed: int) -> tuple[str, ...]:
    """Factions by seat: the seed picks a combination of factions, then a rotation of the seats."""
    combos = list(itertools.combinations(factions, players))
    chosen = combos[seed % len(combos)]
    turn = (seed // len(combos)) % players
    return chosen[turn:] + chosen[:turn]


def rotate_bots(bots: tuple[str, ...], players: int, seed: int) -> tuple[str, ...]:
    """Bots by seat: one bot plays every seat; several take the seats in turn, shifted by the seed."""
    if len(bots) == 1:
        return bots * players
    return tuple(bots[(i + seed) % len(bots)] for i in range(players))


def seat(package: "GamePackage", pack: Pack, run: "Run", seed: int) -> Seating:
    """The seating of the game ``seed`` stands for."""
    if package.factions is not None:
        sides = rotate_factions(package.factions(pack), run.players, seed)
    elif package.seat_names is not None:
        sides = package.seat_names(pack)[: run.players]
    else:
        sides = ()
    return Seating(sides, rotate_bots(tuple(run.bots), run.players, seed))
