"""Moves on the plane as finite choices, chains of bases, and scatter.

A game does not hand a bot a continuous plane: it asks for a short list of moves, each one a ``Move`` a bot (or the
search bot) can pick as a legal action:

- ``towards``: straight towards a named point (an objective, an enemy, a piece of cover) by up to a length;
- ``contact``: straight at another base until the two touch (``plane_measure.CONTACT``), if that is within reach;
- ``ahead``: straight along the base's heading (backwards with a negative length);
- ``turn``: one step of the 45 degree template, pivoting on the middle of the front (or rear) edge;
- ``together``: a group slides by one offset, keeping its shape; ``choices`` gathers one base's list.

Every path is clipped: a base slides only as far as the shape it sweeps stays clear of the pieces the game calls
impassable for it, of every other base (touching is allowed) and of the table's edges. The clip is a search over
whole units of travel, and the end is accepted only after the exact test of its whole swept shape: a move never
crosses an impassable piece or a base. ``keep_away`` bases (enemies, say) must be at least ``away`` from the end of a
``towards`` move; a move that would end nearer stops where that first became true. A turn's sweep (an arc) is
checked as the hull of the base before and after, grown by a margin no smaller than the arc's bulge
(``1 - cos 22.5 deg`` of the pivot's reach, rounded up): it may refuse a turn that would just scrape by, never
allow one that crosses.

``chains`` splits bases into groups whose members are linked, each to another, by gaps no larger than a distance;
a group is ``coherent`` when it is one chain. ``scatter`` moves a point along a direction (``HEADINGS`` or the six
arrows of ``SIX``) by a length, stopping at the table's edge.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from pnpforge.engine.plane import (HEADINGS, INCH, Base, Point, Shape, Table, add, along, ceil_sqrt, convex_hull,
                                   dist2, dot, nearest_along, sub)
from pnpforge.engine.plane_measure import closer_than, overlap, sweep_tester, touching, within
from pnpforge.engine.plane_sight import Piece

# The six arrows of a random-direction template, 60 degrees apart, counterclockwise from +x. (1, sqrt 3) is not a
# lattice vector; 1732051 / 1000000 is within 3e-7 of sqrt 3, so a 100" scatter lands within 0.002 units of true.
_P, _Q = 1_000_000, 1_732_051
SIX: tuple[Point, ...] = ((1, 0), (_P, _Q), (-_P, _Q), (-1, 0), (-_P, -_Q), (_P, -_Q))

TOWARDS, CONTACT_MOVE, AHEAD, TURN = "towards", "contact", "ahead", "turn"
_ARC_BULGE = (762, 10_000)  # 1 - cos(22.5 deg) = 0.07612 < 0.0762: how far a 45 degree arc bows out of its chord


@dataclass(frozen=True)
class Field:
    """What moves happen on: the table, its terrain pieces and every base.

    A field keeps the sweep tests it has made (``testers``): a game that asks for several moves from one position
    (a bot weighing its choices, a way round a house) hands the same field to each, and the part of a test that
    depends on the two shapes alone is worked out once. It keeps too whether a sweep by an offset was clear
    (``clears``, by the moving bases, the impassable pieces and the bases let through): an advance and At The
    Double towards one point, or two moves along one heading, probe many of the same offsets. What is kept is a
    pure function of shapes the field holds, so a kept answer is the one a new test would give."""

    table: Table
    pieces: tuple[Piece, ...] = ()
    bases: tuple[Base, ...] = ()
    testers: dict[tuple[int, int], tuple[Shape, Shape, Callable[[Point], bool]]] = field(
        init=False, default_factory=dict, compare=False, repr=False
    )
    clears: dict[tuple, dict[Point, bool]] = field(init=False, default_factory=dict, compare=False, repr=False)

    def tester(self, mover: Shape, other: Shape) -> Callable[[Point], bool]:
        """``plane_measure.sweep_tester(mover, other)``, made once per pair of shapes (kept with the shapes, so
        their ids stay theirs while the field lives)."""
        key = (id(mover), id(other))
        kept = self.testers.get(key)
        if kept is None:
            kept = self.testers[key] = (mover, other, sweep_tester(mover, other))
        return kept[2]

    def base(self, base_id: str) -> Base:
        for base in self.bases:
            if base.id == base_id:
                return base
        raise KeyError(base_id)

    def placed(self, moved: Base) -> Field:
        """The field with a base replaced by its moved copy."""
        return replace(self, bases=tuple(moved if b.id == moved.id else b for b in self.bases))


@dataclass(frozen=True)
class Move:
    """One choice: which base, what kind of move towards what, where it ends, and how far its centre travels
    (rounded up to a whole unit)."""

    kind: str
    base: str
    target: str
    after: Base
    length: int

    def __str__(self) -> str:
        return f"{self.base} {self.kind} {self.target} ({format_inches(self.length)})"


def format_inches(units: int) -> str:
    """A length as inches to two decimals, trailing zeros dropped (``381`` is ``1.5"``)."""
    hundredths = (abs(units) * 200 + INCH) // (2 * INCH)
    whole, rest = divmod(hundredths, 100)
    text = f"{whole}.{rest:02d}".rstrip("0").rstrip(".")
    return ("-" if units < 0 else "") + text + '"'


def blocked(field: Field, shape: Shape, mover: str, impassable: Collection[str], skip: Collection[str] = ()) -> bool:
    """The shape leaves the table, or overlaps an impassable piece or any base but the mover (and ``skip``)."""
    if not field.table.holds(shape):
        return True
    if any(piece.id in impassable and overlap(shape, piece.shape) for piece in field.pieces):
        return True
    return any(b.id != mover and b.id not in skip and overlap(shape, b.shape) for b in field.bases)


def _offset(vector: Point, k: int, whole: int | None) -> Point:
    """The lattice offset ``k`` units along ``vector`` (all of it at ``whole`` units, when the vector's end is the
    goal)."""
    return vector if whole is not None and k >= whole else along(vector, k)


def _furthest(ok: Callable[[int], bool], top: int) -> int:
    """The largest ``k`` in ``0..top`` with ``ok(k)``, assuming ``ok`` holds up to some point and then fails;
    -1 when ``ok(0)`` fails."""
    if not ok(0):
        return -1
    lo, hi = 0, top  # ok(lo) holds
    if ok(hi):
        return hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid
    return lo


def _slide(field: Field, bases: Sequence[Base], vector: Point, top: int, whole: int | None,
           impassable: Collection[str], keep_away: Collection[str], away: int, skip: Collection[str] = ()) -> int:
    """How many units a group of bases can slide together along ``vector`` (up to ``top``): the sweep stays clear,
    and every end is at least ``away`` from each ``keep_away`` base. -1 when none.

    Bounding boxes decide first (``clear``): an obstacle whose box misses the box of a whole slide is never asked
    about, and a step whose box meets no obstacle's box is clear without its swept shape being made."""
    movers = {b.id for b in bases} | set(skip)
    obstacles = [piece.shape for piece in field.pieces if piece.id in impassable]
    obstacles += [b.shape for b in field.bases if b.id not in movers]
    reach = _offset(vector, top, whole) if top > 0 else (0, 0)
    swept = [(b, _sweep_box(b.shape.box, reach)) for b in bases]
    nearby = [  # _boxes_overlap written out: every slide asks it of every obstacle
        [
            Obstacle(b.shape, o, field)
            for o in obstacles
            if not (x1 <= o.box[0] or o.box[2] <= x0 or y1 <= o.box[1] or o.box[3] <= y0)
        ]
        for b, (x0, y0, x1, y1) in swept
    ]

    width, height = field.table.width, field.table.height
    movers_near = [(b.shape.box, near) for b, near in zip(bases, nearby, strict=True)]
    key = (tuple(bases), frozenset(impassable), frozenset(skip))
    known = field.clears.get(key)
    if known is None:
        known = field.clears[key] = {}

    def clear(k: int) -> bool:
        """``sweep_clear`` of the ``k``-th step, kept on the field by its offset (the answer depends on nothing
        else: an obstacle left out above misses the box of every step of this slide)."""
        offset = _offset(vector, k, whole)
        found = known.get(offset)
        if found is None:
            found = known[offset] = sweep_clear(offset)
        return found

    def sweep_clear(offset: Point) -> bool:
        """Every base's sweep by ``offset`` stays on the table and overlaps none of its obstacles (``blocked``'s
        answer), in one loop (it is asked a dozen times per slide): the sweep's box on the table, then the exact
        test only against obstacles whose box meets the sweep's box."""
        dx, dy = offset
        for (x0, y0, x1, y1), near in movers_near:
            sx0, sx1 = (x0 + dx, x1) if dx < 0 else (x0, x1 + dx)
            sy0, sy1 = (y0 + dy, y1) if dy < 0 else (y0, y1 + dy)
            if sx0 < 0 or sy0 < 0 or sx1 > width or sy1 > height:
                return False
            for o in near:
                ox0, oy0, ox1, oy1 = o.box
                if not (sx1 <= ox0 or ox1 <= sx0 or sy1 <= oy0 or oy1 <= sy0) and o.met(offset):
                    return False
        return True

    k = _furthest(clear, top)
    others = [field.base(i) for i in keep_away]
    while k > 0:
        end = _offset(vector, k, whole)
        near = [o for o in others if any(_closer(b.shape, end, o.shape, away) for b in bases)]
        if not near:
            return k
        other = near[0]

        def far_enough(j: int, other: Base = other) -> bool:
            offset = _offset(vector, j, whole)
            return not any(_closer(b.shape, offset, other.shape, away) for b in bases)

        # the gap to a convex shape along a straight path falls, then rises: the ends too near it form one stretch
        k = _furthest(far_enough, k)
    return k


def _sweep_box(box: tuple[int, int, int, int], offset: Point) -> tuple[int, int, int, int]:
    """The bounding box of a shape's sweep by ``offset``: that of the shape before and after (the hull of the two
    cores has the same extreme corners)."""
    x0, y0, x1, y1 = box
    dx, dy = offset
    if dx < 0:
        x0 += dx
    else:
        x1 += dx
    if dy < 0:
        y0 += dy
    else:
        y1 += dy
    return (x0, y0, x1, y1)


def _boxes_overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """The boxes' insides overlap (``plane_measure.overlap``'s first test: when they do not, neither do shapes)."""
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


class Obstacle:
    """An obstacle in a slide's way, with the exact sweep test of the moving shape against it made on first use
    (``plane_measure.sweep_tester``: what stays the same from one step to the next is worked out once)."""

    __slots__ = ("shape", "box", "_mover", "_field", "_test")

    def __init__(self, mover: Shape, shape: Shape, field: Field) -> None:
        self.shape, self.box, self._mover, self._field = shape, shape.box, mover, field
        self._test: Callable[[Point], bool] | None = None

    def met(self, offset: Point) -> bool:
        if self._test is None:
            self._test = self._field.tester(self._mover, self.shape)
        return self._test(offset)


def _closer(shape: Shape, offset: Point, other: Shape, limit: int) -> bool:
    """``closer_than(shape.moved(offset), other, limit)``, the moved shape made only when its bounds do not decide."""
    cx, cy = shape.centre[0] + offset[0] - other.centre[0], shape.centre[1] + offset[1] - other.centre[1]
    far = limit + shape.reach + other.reach
    if cx * cx + cy * cy >= far * far:
        return False
    return closer_than(shape.moved(offset), other, limit)


def towards(field: Field, base_id: str, name: str, point: Point, up_to: int, impassable: Collection[str] = (),
            keep_away: Collection[str] = (), away: int = 0) -> Move | None:
    """Straight towards ``point`` by up to ``up_to``, clipped; ``None`` when the base cannot move that way."""
    base = field.base(base_id)
    vector = sub(point, base.centre)
    full = dot(vector, vector)
    if full == 0:
        return None
    whole = ceil_sqrt(full) if full <= up_to * up_to else None
    top = whole if whole is not None else up_to
    k = _slide(field, [base], vector, top, whole, impassable, keep_away, away)
    if k <= 0:
        return None
    offset = _offset(vector, k, whole)
    if offset == (0, 0):
        return None
    return Move(TOWARDS, base_id, name, base.at(add(base.centre, offset)), ceil_sqrt(dot(offset, offset)))


def together(field: Field, base_ids: Sequence[str], name: str, point: Point, up_to: int,
             impassable: Collection[str] = (), keep_away: Collection[str] = (), away: int = 0) -> tuple[Move, ...]:
    """The bases slide by one offset, the first base's centre heading for ``point`` by up to ``up_to``: the group
    keeps its shape (and so its chains). Empty when it cannot move."""
    bases = [field.base(i) for i in base_ids]
    vector = sub(point, bases[0].centre)
    full = dot(vector, vector)
    if full == 0:
        return ()
    whole = ceil_sqrt(full) if full <= up_to * up_to else None
    k = _slide(field, bases, vector, whole if whole is not None else up_to, whole, impassable, keep_away, away)
    if k <= 0:
        return ()
    offset = _offset(vector, k, whole)
    if offset == (0, 0):
        return ()
    length = ceil_sqrt(dot(offset, offset))
    return tuple(Move(TOWARDS, b.id, name, b.at(add(b.centre, offset)), length) for b in bases)


def contact(field: Field, base_id: str, target_id: str, up_to: int, impassable: Collection[str] = ()) -> Move | None:
    """Straight at another base until they touch, if the clipped path gets there within ``up_to``."""
    base, target = field.base(base_id), field.base(target_id)
    if touching(base.shape, target.shape):
        return None  # already in contact
    vector = sub(target.centre, base.centre)
    full = dot(vector, vector)
    if full == 0:
        return None
    top = min(up_to, ceil_sqrt(full))
    k = _slide(field, [base], vector, top, None, impassable, (), 0)
    if k <= 0:
        return None
    offset = _offset(vector, k, None)
    after = base.at(add(base.centre, offset))
    if not touching(after.shape, target.shape):
        return None
    return Move(CONTACT_MOVE, base_id, target_id, after, ceil_sqrt(dot(offset, offset)))


def ahead(field: Field, base_id: str, distance: int, impassable: Collection[str] = ()) -> Move | None:
    """Straight along the base's heading by up to ``distance`` (backwards when negative), clipped."""
    base = field.base(base_id)
    heading = HEADINGS[base.heading]
    vector = heading if distance >= 0 else (-heading[0], -heading[1])
    k = _slide(field, [base], vector, abs(distance), None, impassable, (), 0)
    if k <= 0:
        return None
    offset = _offset(vector, k, None)
    if offset == (0, 0):
        return None
    return Move(AHEAD, base_id, "back" if distance < 0 else "ahead", base.at(add(base.centre, offset)),
                ceil_sqrt(dot(offset, offset)))


def turn(field: Field, base_id: str, steps: int, impassable: Collection[str] = (), pivot: str = "front") -> Move | None:
    """Turn by ``steps`` of 45 degrees (counterclockwise when positive, one step at most each way) about the middle
    of the front edge, the rear edge or the centre; ``None`` when the sweep would cross something."""
    if steps not in (-1, 1):
        raise ValueError("a turn is one step of the 45 degree template either way (steps -1 or 1)")
    base = field.base(base_id)
    heading = (base.heading + steps) % 8
    half = base.length // 2
    if pivot == "front":
        hinge = base.front()
        centre = sub(hinge, nearest_along(HEADINGS[heading], half))
    elif pivot == "rear":
        hinge = base.rear()
        centre = sub(hinge, nearest_along(HEADINGS[(heading + 4) % 8], half))
    elif pivot == "centre":
        hinge = centre = base.centre
    else:
        raise ValueError(f"a turn pivots on the front, the rear or the centre, not {pivot!r}")
    after = base.at(centre, heading)
    reach = ceil_sqrt(max(dist2(hinge, p) for p in base.shape.core + after.shape.core)) + base.shape.radius
    margin = (reach * _ARC_BULGE[0] + _ARC_BULGE[1] - 1) // _ARC_BULGE[1] + 1
    sweep = Shape(convex_hull(base.shape.core + after.shape.core), base.shape.radius + margin)
    if not field.table.holds(after.shape) or blocked(field, after.shape, base_id, impassable) \
            or any(piece.id in impassable and overlap(sweep, piece.shape) for piece in field.pieces) \
            or any(b.id != base_id and overlap(sweep, b.shape) for b in field.bases):
        return None
    return Move(TURN, base_id, "left" if steps > 0 else "right", after, 0)


def choices(field: Field, base_id: str, points: Mapping[str, Point], up_to: int, *,
            contacts: Sequence[str] = (), contact_up_to: int = 0, impassable: Collection[str] = (),
            keep_away: Collection[str] = (), away: int = 0, steer: bool = False) -> list[Move]:
    """The finite list of moves a game offers one base, in a fixed order: towards each named point (in the order
    given), into contact with each of ``contacts``, and, with ``steer``, straight ahead and one template turn each
    way. Moves that cannot be made are left out, and two choices ending in the same place are kept once."""
    found: list[Move | None] = [towards(field, base_id, name, point, up_to, impassable, keep_away, away)
                                for name, point in points.items()]
    found += [contact(field, base_id, target, contact_up_to, impassable) for target in contacts]
    if steer:
        found += [ahead(field, base_id, up_to, impassable), turn(field, base_id, 1, impassable),
                  turn(field, base_id, -1, impassable)]
    moves, ends = [], set()
    for move in found:
        if move is not None and (move.after.centre, move.after.heading) not in ends:
            ends.add((move.after.centre, move.after.heading))
            moves.append(move)
    return moves


def chains(bases: Iterable[Base], distance: int) -> list[list[str]]:
    """The bases in groups, each base within ``distance`` (edge to edge) of another of its group; in order of
    their first base."""
    items = list(bases)
    parent = list(range(len(items)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(items):
        for j in range(i + 1, len(items)):
            if within(a.shape, items[j].shape, distance):
                parent[root(j)] = root(i)
    groups: dict[int, list[str]] = {}
    for i, base in enumerate(items):
        groups.setdefault(root(i), []).append(base.id)
    return list(groups.values())


def coherent(bases: Iterable[Base], distance: int) -> bool:
    """Every base is linked to the others by a chain of gaps no larger than ``distance``."""
    return len(chains(bases, distance)) <= 1


def scatter(table: Table, point: Point, direction: Point, length: int) -> Point:
    """A point moved ``length`` along ``direction`` (rounded towards the start), stopped at the table's edge."""
    return table.clip(point, along(direction, length))
