"""Command on the table: who may spend Command Points on a section, the officer's die in its Morale checks, and the
checks an officer's death calls for (rules ``officer-range``, ``nco-range``, ``officer-loss``, ``morale-modifiers``,
``morale-triggers``).

An NCO spends on its own section only; an officer on its own and on any friendly section whose block lies within its
command range of the officer's section's block (measured edge to edge with the plane kit, as every range of a battle
is). A section's own officers and NCOs come first, then the officers in range in the order of the force list. A
section within range of an officer adds a die of that officer's section's colour to its Morale checks (its own
officer's first). When an officer is killed, every other friendly section within its range takes a Morale check; its
own section's check is the one its losses call for. A section that must also test for a friend wiped out within 8"
in the same event takes one check needing one success more (two reasons, p.49).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.games.dystopian_legions.state import Side, Trooper

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.battle import BattleState, Unit


def officers(s: BattleState, unit: Unit) -> list[tuple[Trooper, int]]:
    """The section's officers standing, each with its command range in inches."""
    ranges = s.game.command_ranges  # by profile, for officers with a range only
    return [(trooper, ranges[trooper.profile]) for trooper in unit.side.troopers if trooper.profile in ranges]


def in_range(s: BattleState, officer: Unit, inches: int, i: int) -> bool:
    """Section ``i`` is the officer's own or lies within ``inches`` of the officer's section."""
    return officer.spec.index == i or s.within(officer.spec.index, i, inches)


def commanders(s: BattleState, p: int) -> list[tuple[Side, Trooper]]:
    """Who may spend on side ``p``'s paired section: its own models, then officers of friendly sections in range."""
    unit = s.units[s.view[p]]
    found = [(unit.side, trooper) for trooper in unit.side.troopers]
    for other in s.live(unit.spec.player):
        if other is unit:
            continue
        found += [(other.side, t) for t, inches in officers(s, other) if in_range(s, other, inches, unit.spec.index)]
    return found


def officer_die(s: BattleState, p: int) -> str | None:
    """The colour of the one die an officer adds to the paired section's Morale checks: its own officer's, else the
    first officer's in range."""
    unit = s.units[s.view[p]]
    for other in [unit, *s.live(unit.spec.player)]:
        if any(in_range(s, other, inches, unit.spec.index) for _, inches in officers(s, other)):
            return s.colour(other.side)
    return None


def officers_lost(s: BattleState) -> dict[int, int]:
    """Sections that take a Morale check for an officer killed since the last look, by index (each counted once per
    officer lost); the officers' sections note the loss."""
    calls: dict[int, int] = {}
    for unit in s.units:
        if unit.block is None:
            continue
        dead = [
            profile
            for profile in unit.side.killed
            if s.game.data.profiles[profile].rank == "officer" and s.game.data.profiles[profile].command_range
        ]
        if len(dead) <= unit.mourned:
            continue
        for profile in dead[unit.mourned :]:
            inches = s.game.data.profiles[profile].command_range
            for friend in s.live(unit.spec.player):
                if friend is not unit and s.within(unit.spec.index, friend.spec.index, inches):
                    calls[friend.spec.index] = calls.get(friend.spec.index, 0) + 1
        unit.mourned = len(dead)
    return calls
