"""Deployment on a standard table: each player's zones for the generator's deployment, the mission's objective
markers, and the places a section may be set up in its zone (rules ``deploy-oblique``, ``deploy-meeting``,
``deploy-surprise``, ``deploy-order``, ``mission-centre-ground``, ``mission-vital-objective``).

The book's deployment maps are lost and its distances are for a 6 by 4 foot table; on the 4 by 4 foot table of a
force under 1,000 points the zones keep their depth and share of the table (DECISIONS.md, "Battles on the table"):

- Advancing Lines and Meeting Engagement: a 12" strip along each player's own edge (bottom for the first seat);
- Oblique Contact: opposite corners, half the width by half the depth;
- Surprise Attack: the attacker's 12" strip, the defender's strip split into two zones, its sections alternating.

Centre Ground places one objective in the middle of each 24" sector along the centre line (the only places on a 48"
deep table 24" from both reserve edges), 24" apart; Vital Objective one at the centre.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pnpforge.engine.plane import INCH, Base, Point
from pnpforge.engine.plane_measure import overlap
from pnpforge.games.dystopian_legions.table import TableSetup

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 in units
DEPTH = 12 * INCH
GRID = 2 * INCH  # set-up places lie on a 2" grid


def zones(deployment: str, width: int, height: int, defender: int = 1) -> tuple[tuple[Rect, ...], tuple[Rect, ...]]:
    """Each player's deployment zones (several for a split force), the first seat's along the bottom edge."""
    bottom, top = (0, 0, width, DEPTH), (0, height - DEPTH, width, height)
    if deployment == "oblique-contact":
        return ((0, 0, width // 2, height // 2),), ((width - width // 2, height - height // 2, width, height),)
    if deployment == "surprise-attack":
        split = [(r[0], r[1], r[0] + (r[2] - r[0]) // 2, r[3]) for r in (bottom, top)]
        halves = [(s, (s[2], s[1], s[2] + (s[2] - s[0]), s[3])) for s in split]
        own: list[tuple[Rect, ...]] = [(bottom,), (top,)]
        own[defender] = halves[defender]
        return own[0], own[1]
    return (bottom,), (top,)


def objectives(mission: str, width: int, height: int) -> tuple[Point, ...]:
    """The objective markers a mission places (none for Annihilate and Breakthrough)."""
    if mission == "centre-ground":
        return ((width // 4, height // 2), (width - width // 4, height // 2))
    if mission == "vital-objective":
        return ((width // 2, height // 2),)
    return ()


def inside(zone: Rect, base: Base) -> bool:
    x0, y0, x1, y1 = base.shape.box
    return x0 >= zone[0] and y0 >= zone[1] and x1 <= zone[2] and y1 <= zone[3]


def places(setup: TableSetup, zone: Rect, base: Base, others: Iterable[Base]) -> list[Point]:
    """The grid points where the section's block stands wholly in the zone, clear of every terrain piece and every
    section already set up (touching allowed)."""
    placed = list(others)
    found = []
    x0, y0, x1, y1 = zone
    for y in range(y0 + GRID // 2, y1, GRID):
        for x in range(x0 + GRID // 2, x1, GRID):
            moved = base.at((x, y))
            if not inside(zone, moved):
                continue
            shape = moved.shape
            if any(_near(shape.box, p.shape.box) and overlap(shape, p.shape) for p in setup.pieces):
                continue
            if any(_near(shape.box, b.shape.box) and overlap(shape, b.shape) for b in placed):
                continue
            found.append((x, y))
    return found


def _near(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return not (a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1])


def order(players: Sequence[int], heavy: Sequence[bool], first_heavy: int, first_main: int) -> list[int]:
    """The order sections are set up in: Heavy Ironclads first, alternating from ``first_heavy``, then the rest,
    alternating from ``first_main`` (a player with none left passes); indices into ``players``."""
    out: list[int] = []
    for wanted, first in ((True, first_heavy), (False, first_main)):
        queues = [[i for i, (p, h) in enumerate(zip(players, heavy)) if p == seat and h == wanted] for seat in (0, 1)]
        turn = first
        while queues[0] or queues[1]:
            if not queues[turn]:
                turn = 1 - turn
            out.append(queues[turn].pop(0))
            turn = 1 - turn
    return out
