"""Deployment on a standard table: each player's zones for the generator's deployment, the mission's objective
markers, and the places a section may be set up in its zone (rules ``deploy-oblique``, ``deploy-meeting``,
``deploy-surprise``, ``deploy-order``, ``mission-centre-ground``, ``mission-vital-objective``).

The book's deployment maps are lost and its distances are for a 6 by 4 foot table; on the 4 by 4 foot table of a
force under 1,000 points the zones keep their depth and share of the table (DECISIONS.md, "Battles on the table"):

- Advancing Lines and Meeting Engagement: a 12" strip along the bottom edge and one along the top;
- Oblique Contact: opposite corners, half the width by half the depth;
- Surprise Attack: the attacker's 12" strip, the defender's strip split into two zones, its sections alternating.

The Strategic Advantage chooses which of the two sets of zones is theirs (rule ``setup-strategic-advantage``,
``chosen``); the battle's greedy bot takes the set nearer the objective markers (``nearer``).

Centre Ground places one objective in the middle of each 24" sector along the centre line (the only places on a 48"
deep table 24" from both reserve edges), 24" apart; Vital Objective one at the centre; a marker that would fall in a
house moves along the centre line to the nearest place clear of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pnpforge.engine.plane import INCH, Base, Point, Shape
from pnpforge.engine.plane_measure import within
from pnpforge.games.dystopian_legions.table import TableSetup

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 in units
DEPTH = 12 * INCH
GRID = 2 * INCH  # set-up places lie on a 2" grid


def zones(deployment: str, width: int, height: int, defender: int = 1) -> tuple[tuple[Rect, ...], tuple[Rect, ...]]:
    """The two sets of deployment zones (several for a split force), the one along the bottom edge first; the set
    numbered ``defender`` is the defender's where the deployment has one."""
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


def chosen(
    deployment: str, width: int, height: int, holder: int, choice: int
) -> tuple[tuple[tuple[Rect, ...], tuple[Rect, ...]], int]:
    """Each seat's zones when the Strategic Advantage ``holder`` takes the set ``zones`` lists ``choice``-th (0 the
    bottom edge or corner, 1 the top) and the other player the other set, as the defender where the deployment has
    one (rule ``setup-strategic-advantage``); with the seat whose set is the first (it faces up the table)."""
    sets = zones(deployment, width, height, defender=1 - choice)
    bottom = holder if choice == 0 else 1 - holder
    return (sets if bottom == 0 else (sets[1], sets[0])), bottom


def named(deployment: str, choice: int) -> str:
    """Where the set of zones ``choice`` lies, in words."""
    corner = deployment == "oblique-contact"
    return (("bottom-left", "top-right") if corner else ("bottom", "top"))[choice]


def nearer(deployment: str, width: int, height: int, markers: Sequence[Point]) -> int:
    """The set of zones (0 or 1) whose nearest zone lies nearer the objective markers, by the sum over the markers
    of the squared distance from each to its nearest zone of the set (whole numbers: exact); the first set when
    the two are as near or there are no markers."""

    def gap(choice: int) -> int:
        own = zones(deployment, width, height, defender=1 - choice)[choice]
        return sum(min(_square_gap(point, zone) for zone in own) for point in markers)

    return min((0, 1), key=lambda choice: (gap(choice), choice))


def _square_gap(point: Point, zone: Rect) -> int:
    dx = max(zone[0] - point[0], 0, point[0] - zone[2])
    dy = max(zone[1] - point[1], 0, point[1] - zone[3])
    return dx * dx + dy * dy


def objectives(mission: str, width: int, height: int, closed: Sequence[Shape] = ()) -> tuple[Point, ...]:
    """The objective markers a mission places (none for Annihilate and Breakthrough). A marker that would fall in
    or within an inch of terrain closed to foot (a house at the centre) moves along the centre line, a whole inch at
    a time, to the nearest place a section can reach (the left one of two as near)."""
    if mission == "centre-ground":
        points: tuple[Point, ...] = ((width // 4, height // 2), (width - width // 4, height // 2))
    elif mission == "vital-objective":
        points = ((width // 2, height // 2),)
    else:
        return ()
    return tuple(_clear_of(point, width, closed) for point in points)


def _clear_of(point: Point, width: int, closed: Sequence[Shape]) -> Point:
    for step in range(0, width // INCH + 1):
        for x in (point[0] - step * INCH, point[0] + step * INCH):
            spot = (x, point[1])
            if 0 <= x <= width and not any(within(Shape((spot,)), shape, INCH) for shape in closed):
                return spot
    return point


def inside(zone: Rect, base: Base) -> bool:
    x0, y0, x1, y1 = base.shape.box
    return x0 >= zone[0] and y0 >= zone[1] and x1 <= zone[2] and y1 <= zone[3]


def places(setup: TableSetup, zone: Rect, base: Base, others: Iterable[Base]) -> list[Point]:
    """The grid points where the section's block stands wholly in the zone, its bounding box clear of every terrain
    piece's and every section's already set up (touching allowed): a test of whole numbers alone, since a block
    set up faces straight up or down the table."""
    x0, y0, x1, y1 = zone
    bx0, by0, bx1, by1 = base.shape.box
    cx, cy = base.centre
    left, below, right, above = cx - bx0, cy - by0, bx1 - cx, by1 - cy
    boxes = [p.shape.box for p in setup.pieces] + [b.shape.box for b in others]
    found = []
    for y in range(y0 + GRID // 2, y1, GRID):
        if y - below < y0 or y + above > y1:
            continue
        low, high = y - below, y + above
        row = [(ox0, ox1) for ox0, oy0, ox1, oy1 in boxes if not (high <= oy0 or oy1 <= low)]  # boxes this row meets
        for x in range(x0 + GRID // 2, x1, GRID):
            start, end = x - left, x + right
            if start < x0 or end > x1:
                continue
            if any(not (end <= ox0 or ox1 <= start) for ox0, ox1 in row):
                continue
            found.append((x, y))
    return found


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
