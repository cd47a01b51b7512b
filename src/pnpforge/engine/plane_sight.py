"""Sight lines and arcs on the plane: a straight line from centre to centre against terrain pieces and other bases,
and the arcs about a base's heading.

A ``Piece`` is a convex polygon of terrain. One that does not ``block_sight`` never stops a line; it is reported as
``crossed`` (a game may give cover for it). One that blocks stops every line that passes through its inside, except
that a base standing wholly inside it may see out, and be seen, through up to ``open_depth`` of it: the length of
the line inside the piece is compared with that limit exactly (the squared length of the clipped segment, a
rational number, against the squared limit). Running along a piece's edge is not passing through it.

Another base stops a line that passes through its inside; a line grazing its rim does not. ``ignore`` names bases
a game lets a line pass (a neighbour in a close formation, say).

The answer is symmetric: the line from ``a`` to ``b`` is the line from ``b`` to ``a`` and every test on it is exact,
so ``sight(a, b) == sight(b, a)``.

Arcs are measured from a base's centre: ``arcs`` gives the 90 degree quarter(s) around its heading a point lies in
(``front``, ``left``, ``rear``, ``right``; a point on a dividing line lies in both), and ``in_arc`` whether a point
lies in an arc of 90, 180, 270 or 360 degrees centred on the heading, its bounding lines included. The dividing
lines lie along the headings table, so both tests are exact sign tests.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from fractions import Fraction

from pnpforge.engine.plane import HEADINGS, Base, Point, Shape, cross, dot, sub
from pnpforge.engine.plane_measure import point_segment_within, edges, inside


@dataclass(frozen=True)
class Piece:
    """A piece of terrain: a convex polygon, whether it blocks sight, and how far a line from a base standing wholly
    inside it may run through it and stay open (``open_depth``, in units; 0: not at all)."""

    id: str
    shape: Shape
    blocks_sight: bool = False
    open_depth: int = 0

    def __post_init__(self) -> None:
        if len(self.shape.core) < 3 or self.shape.radius:
            raise ValueError(f"piece {self.id}: a terrain piece is a convex polygon")
        if self.open_depth < 0:
            raise ValueError(f"piece {self.id}: open_depth cannot be negative")


@dataclass(frozen=True)
class Sight:
    """A sight line's verdict: open or not, what blocks it, and the see-through pieces it crosses."""

    open: bool
    blocked_by: tuple[str, ...] = ()
    crossed: tuple[str, ...] = ()


Span = tuple[int, int, int, int]  # the parameters lo = a/b and hi = c/d (b, d > 0) of a segment inside a polygon


def span_inside(start: Point, end: Point, core: tuple[Point, ...]) -> Span | None:
    """The part of the segment ``start``-``end`` strictly inside a convex polygon, as the parameter interval
    ``(lo_num, lo_den, hi_num, hi_den)`` (0 at ``start``, 1 at ``end``), or ``None`` when it never enters it."""
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    for (ax, ay), (bx, by) in edges(core):
        ex, ey = bx - ax, by - ay
        # inside this edge where num + t * den > 0 (the cross products written out: this runs for every sight line)
        num, den = ex * (sy - ay) - ey * (sx - ax), ex * dy - ey * dx
        if den == 0:
            if num <= 0:
                return None
        elif den > 0:
            if -num * lo_d > lo_n * den:
                lo_n, lo_d = -num, den
        elif num * hi_d < hi_n * -den:
            hi_n, hi_d = num, -den
    if lo_n * hi_d >= hi_n * lo_d:
        return None
    return lo_n, lo_d, hi_n, hi_d


def depth_at_most(start: Point, end: Point, span: Span, limit: int) -> bool:
    """The length of the segment's part ``span`` is at most ``limit`` (squared and compared exactly)."""
    lo_n, lo_d, hi_n, hi_d = span
    d = sub(end, start)
    part = Fraction(hi_n * lo_d - lo_n * hi_d, lo_d * hi_d)
    return part * part * dot(d, d) <= limit * limit


def depth2(start: Point, end: Point, core: tuple[Point, ...]) -> Fraction:
    """The squared length of the segment inside a convex polygon (0 when it does not enter it)."""
    span = span_inside(start, end, core)
    if span is None:
        return Fraction(0)
    lo_n, lo_d, hi_n, hi_d = span
    part = Fraction(hi_n * lo_d - lo_n * hi_d, lo_d * hi_d)
    d = sub(end, start)
    return part * part * dot(d, d)


def _boxes_apart(box: tuple[int, int, int, int], x0: int, y0: int, x1: int, y1: int) -> bool:
    return box[2] <= x0 or box[0] >= x1 or box[3] <= y0 or box[1] >= y1


def passes_through(start: Point, end: Point, shape: Shape) -> bool:
    """The segment passes through the shape's inside (a disc's or a polygon's)."""
    if len(shape.core) == 1:
        r = shape.radius
        return point_segment_within(shape.core[0], start, end, r * r, strict=True)
    return span_inside(start, end, shape.core) is not None


def sight(a: Base, b: Base, pieces: Iterable[Piece], bases: Iterable[Base],
          ignore: Collection[str] = ()) -> Sight:
    """The line from ``a``'s centre to ``b``'s against the pieces and every other base."""
    start, end = a.centre, b.centre
    x0, x1 = min(start[0], end[0]), max(start[0], end[0])
    y0, y1 = min(start[1], end[1]), max(start[1], end[1])
    blocked: list[str] = []
    crossed: list[str] = []
    for piece in pieces:
        if _boxes_apart(piece.shape.box, x0, y0, x1, y1):
            continue
        span = span_inside(start, end, piece.shape.core)
        if span is None:
            continue
        if not piece.blocks_sight:
            crossed.append(piece.id)
        elif piece.open_depth and (inside(a.shape, piece.shape) or inside(b.shape, piece.shape)) \
                and depth_at_most(start, end, span, piece.open_depth):
            crossed.append(piece.id)
        else:
            blocked.append(piece.id)
    for other in bases:
        if other.id == a.id or other.id == b.id or other.id in ignore \
                or _boxes_apart(other.shape.box, x0, y0, x1, y1):
            continue
        if passes_through(start, end, other.shape):
            blocked.append(other.id)
    return Sight(not blocked, tuple(blocked), tuple(crossed))


ARCS = ("front", "left", "rear", "right")


def _between(first: Point, v: Point, second: Point) -> bool:
    """``v`` lies in the closed wedge turning counterclockwise from ``first`` to ``second`` (less than 180 deg)."""
    return cross(first, v) >= 0 and cross(v, second) >= 0


def arcs(base: Base, point: Point) -> frozenset[str]:
    """The 90 degree arcs about the base's centre and heading that hold the point (two on a dividing line; all four
    at the centre itself)."""
    v = sub(point, base.centre)
    if v == (0, 0):
        return frozenset(ARCS)
    k = base.heading
    return frozenset(name for i, name in enumerate(ARCS)
                     if _between(HEADINGS[(k + 2 * i - 1) % 8], v, HEADINGS[(k + 2 * i + 1) % 8]))


def in_arc(base: Base, degrees: int, point: Point) -> bool:
    """The point lies in the arc of ``degrees`` (90, 180, 270 or 360) centred on the base's heading, measured from
    its centre; the arc's bounding lines belong to it."""
    v = sub(point, base.centre)
    k = base.heading
    if degrees == 360 or v == (0, 0):
        return True
    if degrees == 90:
        return _between(HEADINGS[(k - 1) % 8], v, HEADINGS[(k + 1) % 8])
    if degrees == 180:
        return dot(HEADINGS[k], v) >= 0
    if degrees == 270:
        back_from, back_to = HEADINGS[(k + 3) % 8], HEADINGS[(k + 5) % 8]
        return not (cross(back_from, v) > 0 and cross(v, back_to) > 0)
    raise ValueError(f"an arc is 90, 180, 270 or 360 degrees, not {degrees}")
