"""Who sits where in the game a seed stands for: sides (factions or colours) by seat, bots by seat, and the sides
that hold no seat.

A game whose package names ``factions`` has them rotated: every rotation of the seats in turn, then the next
combination of factions for the player count, so that a balance run is fair to seats and factions by construction.
A game with fixed seats (colours) keeps them, and only the bots change places. With several bots, bot names rotate
over the seats with the seed (two bots swap seats every game), fastest of all.

Consecutive seeds therefore go through every seating of one combination before the next: ``unit_size`` of them
make a *paired unit*, the same deal played once in each seating (``engine/simulate.py``'s ``game_seed`` gives them
one deal), so that what a seat is worth cancels within the unit (``engine/paired.py``).

A game whose sides are not all alike declares ``Roles`` for each mode instead: sides fixed to the first seats (one
side against all the others, say), sides rotated over the other seats as factions are, and an *automaton*: a side
the rules play, which holds no seat, has no bot, and wins what no player wins. Bots still rotate over every seat,
so each bot plays the fixed side in turn.
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
class Roles:
    """The sides of one mode of a game, when they are not all alike.

    ``fixed`` sides hold the first seats in order; ``rotating`` sides take the other seats, every combination and
    rotation in turn; ``automaton`` names a side the rules play, with no seat. Returns may then sum to less than one:
    what the players do not win is the automaton's. Without an automaton, ``loss_for_all`` says the game can end with
    every player losing (returns summing to less than one, the rest won by nobody). ``cooperative``: the players win
    or lose together, so equal returns are their shared win, not a draw.
    """

    rotating: tuple[str, ...] = ()
    fixed: tuple[str, ...] = ()
    automaton: str | None = None
    loss_for_all: bool = False
    cooperative: bool = False

    @property
    def short(self) -> bool:
        """Whether the players' returns may sum to less than one (an automaton's win, or a loss for all)."""
        return self.automaton is not None or self.loss_for_all

    @property
    def sided(self) -> bool:
        """Whether the seats have sides (counted as sides in the results)."""
        return bool(self.fixed or self.rotating)

    def sides(self, players: int, seed: int, stride: int = 1) -> tuple[str, ...]:
        """Sides by seat for ``players`` seats: the fixed ones first, then a rotation of the others (turning every
        ``stride`` seeds); ``ValueError`` when the seats and the sides do not fit."""
        if not self.sided:
            return ()
        free = players - len(self.fixed)
        if free < 0:
            raise ValueError(f"{players} players cannot hold the {len(self.fixed)} fixed sides "
                             f"({', '.join(self.fixed)})")
        if free > len(self.rotating):
            names = ", ".join(self.rotating) or "none"
            raise ValueError(f"{players} players need {free} sides besides the fixed ones; the game has "
                             f"{len(self.rotating)} ({names})")
        return self.fixed + (rotate_factions(self.rotating, free, seed, stride) if free else ())


@dataclass(frozen=True)
class Seating:
    """Sides and bots by seat for one seeded game, and the roles they were seated by (None: factions or colours)."""

    sides: tuple[str, ...]
    bots: tuple[str, ...]
    roles: Roles | None = None

    @property
    def automaton(self) -> str | None:
        """The side the rules play, when the game has one."""
        return self.roles.automaton if self.roles is not None else None

    def describe(self) -> str:
        """``player 0 north (greedy), player 1 south (random)``, then ``, ghost (automaton)`` when the rules play a
        side."""
        seated = ", ".join(f"player {p} {side} ({bot})" if side else f"player {p} ({bot})"
                           for p, (side, bot) in enumerate(zip(self.sides or ("",) * len(self.bots), self.bots)))
        return seated + (f", {self.automaton} (automaton)" if self.automaton else "")


def rotate_factions(factions: tuple[str, ...], players: int, seed: int, stride: int = 1) -> tuple[str, ...]:
    """Factions by seat: the seats turn every ``stride`` seeds (the bots' period, which turns fastest), and after a
    full turn the seed picks the next combination of factions."""
    combos = list(itertools.combinations(factions, players))
    turn = (seed // stride) % players
    chosen = combos[(seed // stride // players) % len(combos)]
    return chosen[turn:] + chosen[:turn]


def rotate_bots(bots: tuple[str, ...], players: int, seed: int) -> tuple[str, ...]:
    """Bots by seat: one bot plays every seat; several take the seats in turn, shifted by the seed."""
    if len(bots) == 1:
        return bots * players
    return tuple(bots[(i + seed) % len(bots)] for i in range(players))


def bot_period(run: "Run") -> int:
    """Every how many seeds the bots are back in their seats: one bot, 1; several, their number."""
    return len(run.bots) if len(run.bots) > 1 else 1


def unit_size(package: "GamePackage", pack: Pack, run: "Run") -> int:
    """The games of one paired unit: every rotation of the sides over the seats they turn over (all seats for
    factions, the seats the fixed sides leave for roles, none for colours), times every place of the bots."""
    roles = roles_of(package, pack, run.mode)
    if roles is not None:
        turning = run.players - len(roles.fixed) if roles.rotating else 1
    else:
        turning = run.players if package.factions is not None else 1
    return max(1, turning) * bot_period(run)


def roles_of(package: "GamePackage", pack: Pack, mode: str) -> Roles | None:
    """The roles a package declares for ``mode`` (its first mode when empty), or None when it declares none."""
    if package.roles is None:
        return None
    return package.roles(pack, mode or package.modes[0])


def seat(package: "GamePackage", pack: Pack, run: "Run", seed: int) -> Seating:
    """The seating of the game ``seed`` stands for."""
    bots = rotate_bots(tuple(run.bots), run.players, seed)
    stride = bot_period(run)
    roles = roles_of(package, pack, run.mode)
    if roles is not None:
        return Seating(roles.sides(run.players, seed, stride), bots, roles)
    if package.factions is not None:
        sides = rotate_factions(package.factions(pack), run.players, seed, stride)
    elif package.seat_names is not None:
        sides = package.seat_names(pack)[: run.players]
    else:
        sides = ()
    return Seating(sides, bots)
