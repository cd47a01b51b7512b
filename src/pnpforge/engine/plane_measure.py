"""Measuring between shapes of the plane: edge-to-edge distance against a limit, overlap, contact, lying wholly
inside, and which bases a template covers.

Every answer is exact. Two shapes are ``within(a, b, limit)`` when the gap between their nearest points (edges, not
centres) is at most ``limit``: the distance between the two cores is compared with ``limit`` plus both radii, as
squared integers (two round bases: ``|c1 - c2|^2 <= (limit + r1 + r2)^2``). Bounds kept on every shape (``reach``,
``inner``) answer most questions before the exact test runs.

Contact. Lattice positions cannot always touch exactly (a centre at a distance of 1.5 inches plus a radius from
another, along a slant, is not a lattice point), so two shapes are ``touching`` when they do not overlap and the gap
between them is at most ``CONTACT`` units (0.2 mm): larger than any rounding a move makes, far below what a hand on
a table can tell apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from pnpforge.engine.plane import Base, Point, Shape, cross, dist2, dot, sub

CONTACT = 2  # the largest gap (0.2 mm) at which two shapes still count as touching


def edges(core: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    """The edges of a core: none for a point, one for a segment, every side of a polygon."""
    if len(core) == 1:
        return []
    if len(core) == 2:
        return [(core[0], core[1])]
    return list(zip(core, core[1:] + core[:1]))


def _axes(core: tuple[Point, ...]) -> list[Point]:
    """Directions to project on when testing for a separating line: each edge's normal (a segment's direction too,
    for two segments on one line)."""
    if len(core) == 1:
        return []
    if len(core) == 2:
        (ax, ay), (bx, by) = core
        return [(ay - by, bx - ax), (bx - ax, by - ay)]
    (px, py) = core[-1]
    found = []
    for x, y in core:  # the edge from the previous corner to this one, for every corner
        found.append((py - y, x - px))
        px, py = x, y
    return found


def _span(core: tuple[Point, ...], axis: Point) -> tuple[int, int]:
    ax, ay = axis
    values = [x * ax + y * ay for x, y in core]
    return min(values), max(values)


def _separated(p: tuple[Point, ...], q: tuple[Point, ...], touching_separates: bool) -> bool:
    """A line separates the cores (with ``touching_separates``, a line they both touch counts: no interior overlap)."""
    for ax, ay in _axes(p) + _axes(q):
        values = [x * ax + y * ay for x, y in p]
        p_lo, p_hi = min(values), max(values)
        values = [x * ax + y * ay for x, y in q]
        q_lo, q_hi = min(values), max(values)
        if touching_separates:
            if p_hi <= q_lo or q_hi <= p_lo:
                return True
        elif p_hi < q_lo or q_hi < p_lo:
            return True
    return False


def _meet(p: tuple[Point, ...], q: tuple[Point, ...]) -> bool:
    """The closed cores share a point."""
    if len(p) == 1 and len(q) == 1:
        return p[0] == q[0]
    return not _separated(p, q, touching_separates=False)


def point_segment_within(p: Point, a: Point, b: Point, s2: int, strict: bool) -> bool:
    """The squared distance from ``p`` to the segment ``ab`` is at most ``s2`` (below it when ``strict``)."""
    abx, aby, apx, apy = b[0] - a[0], b[1] - a[1], p[0] - a[0], p[1] - a[1]
    t, length2 = apx * abx + apy * aby, abx * abx + aby * aby
    if t <= 0 or length2 == 0:
        d2, scale = apx * apx + apy * apy, 1
    elif t >= length2:
        bpx, bpy = p[0] - b[0], p[1] - b[1]
        d2, scale = bpx * bpx + bpy * bpy, 1
    else:
        c = abx * apy - aby * apx
        d2, scale = c * c, length2  # the squared distance is d2 / scale
    return d2 < s2 * scale if strict else d2 <= s2 * scale


def cores_within(p: tuple[Point, ...], q: tuple[Point, ...], s: int, strict: bool = False) -> bool:
    """The distance between two convex cores is at most ``s`` (below ``s`` when ``strict``)."""
    if s < 0 or (strict and s == 0):
        return False
    s2 = s * s
    if len(p) == 1 and len(q) == 1:
        d2 = dist2(p[0], q[0])
        return d2 < s2 if strict else d2 <= s2
    for first, second in ((p, q), (q, p)):
        polygon = len(second) >= 3
        for a, b in edges(second):
            ex, ey = b[0] - a[0], b[1] - a[1]
            for point in first:
                # a point outside a convex polygon is nearest to it on an edge it lies strictly outside of; a
                # point inside is caught by _meet below
                if polygon and ex * (point[1] - a[1]) - ey * (point[0] - a[0]) >= 0:
                    continue
                if point_segment_within(point, a, b, s2, strict):
                    return True
    return _meet(p, q)  # no corner near an edge: within only if the cores cross (their distance is then 0)


def within(a: Shape, b: Shape, limit: int) -> bool:
    """The gap between the shapes' nearest points is at most ``limit`` (0: they touch or overlap)."""
    d2 = dist2(a.centre, b.centre)
    far = limit + a.reach + b.reach
    if d2 > far * far:
        return False
    near = limit + a.inner + b.inner
    if near >= 0 and d2 <= near * near:
        return True
    return cores_within(a.core, b.core, limit + a.radius + b.radius)


def point_within(a: Shape, point: Point, limit: int) -> bool:
    """``within(a, Shape((point,)), limit)`` without making the point's shape (a point's reach and inner radius
    are 0): the gap from the shape's nearest point to ``point`` is at most ``limit``."""
    dx, dy = a.centre[0] - point[0], a.centre[1] - point[1]
    d2 = dx * dx + dy * dy
    far = limit + a.reach
    if d2 > far * far:
        return False
    near = limit + a.inner
    if near >= 0 and d2 <= near * near:
        return True
    return cores_within(a.core, (point,), limit + a.radius)


def closer_than(a: Shape, b: Shape, limit: int) -> bool:
    """The gap between the shapes' nearest points is below ``limit`` ("at least ``limit`` away" is its negation)."""
    d2 = dist2(a.centre, b.centre)
    far = limit + a.reach + b.reach
    if d2 >= far * far:
        return False
    return cores_within(a.core, b.core, limit + a.radius + b.radius, strict=True)


def overlap(a: Shape, b: Shape) -> bool:
    """The shapes' insides overlap (touching is not overlapping)."""
    ax0, ay0, ax1, ay1 = a.box
    bx0, by0, bx1, by1 = b.box
    if ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0:
        return False
    if a.radius + b.radius > 0:
        return cores_within(a.core, b.core, a.radius + b.radius, strict=True)
    if len(a.core) < 3 or len(b.core) < 3:
        return False  # a point or a segment has no inside
    return not _separated(a.core, b.core, touching_separates=True)


def sweep_overlaps(shape: Shape, offset: Point, other: Shape) -> bool:
    """``overlap(shape.swept(offset), other)``, for two polygons without making the swept shape: the sweep is the
    polygon's sum with the segment to ``offset``, whose edges are the polygon's and two along ``offset``, and its
    span on any line is the polygon's span stretched by the offset's; a separating line is looked for among the
    normals of those edges and of ``other``'s, as ``overlap`` does on the made shape."""
    if shape.radius or other.radius or len(shape.core) < 3 or len(other.core) < 3 or offset == (0, 0):
        return overlap(shape.swept(offset), other)
    dx, dy = offset
    x0, y0, x1, y1 = shape.box
    bx0, by0, bx1, by1 = other.box
    if max(x1, x1 + dx) <= bx0 or bx1 <= min(x0, x0 + dx) or max(y1, y1 + dy) <= by0 or by1 <= min(y0, y0 + dy):
        return False
    p, q = shape.core, other.core
    for ax, ay in _axes(p) + [(-dy, dx)] + _axes(q):
        values = [x * ax + y * ay for x, y in p]
        p_lo, p_hi = min(values), max(values)
        shift = dx * ax + dy * ay
        if shift < 0:
            p_lo += shift
        else:
            p_hi += shift
        values = [x * ax + y * ay for x, y in q]
        if p_hi <= min(values) or max(values) <= p_lo:
            return False
    return True


def sweep_tester(shape: Shape, other: Shape) -> Callable[[Point], bool]:
    """``sweep_overlaps(shape, offset, other)`` as a test of many offsets: for two polygons, both spans on every
    edge normal are worked out once (an offset only stretches the shape's span), and only the line along the offset
    is new each time."""
    if shape.radius or other.radius or len(shape.core) < 3 or len(other.core) < 3:
        return lambda offset: sweep_overlaps(shape, offset, other)
    p, q = shape.core, other.core
    fixed = []
    for ax, ay in _axes(p) + _axes(q):
        ps, qs = [x * ax + y * ay for x, y in p], [x * ax + y * ay for x, y in q]
        fixed.append((ax, ay, min(ps), max(ps), min(qs), max(qs)))
    x0, y0, x1, y1 = shape.box
    bx0, by0, bx1, by1 = other.box

    def meets(offset: Point) -> bool:
        dx, dy = offset
        # the swept box: the shape's box stretched by the offset (min and max written out: asked for every probe)
        lo_x, hi_x = (x0, x1 + dx) if dx >= 0 else (x0 + dx, x1)
        lo_y, hi_y = (y0, y1 + dy) if dy >= 0 else (y0 + dy, y1)
        if hi_x <= bx0 or bx1 <= lo_x or hi_y <= by0 or by1 <= lo_y:
            return False
        for ax, ay, p_lo, p_hi, q_lo, q_hi in fixed:
            shift = dx * ax + dy * ay
            if shift < 0:
                p_lo += shift
            else:
                p_hi += shift
            if p_hi <= q_lo or q_hi <= p_lo:
                return False
        if offset == (0, 0):
            return True
        ps, qs = [y * dx - x * dy for x, y in p], [y * dx - x * dy for x, y in q]  # on the normal (-dy, dx)
        return not (max(ps) <= min(qs) or max(qs) <= min(ps))  # the offset moves no point across this line

    return meets


def touching(a: Shape, b: Shape, slack: int = CONTACT) -> bool:
    """In contact: not overlapping, and no more than ``slack`` units apart."""
    return within(a, b, slack) and not overlap(a, b)


def inside(a: Shape, b: Shape) -> bool:
    """``a`` lies wholly within ``b`` (its edge may touch ``b``'s). ``b`` is a polygon or a disc."""
    r = a.radius
    if len(b.core) == 1:
        room = b.radius - r
        return room >= 0 and all(dist2(p, b.core[0]) <= room * room for p in a.core)
    if b.radius or len(b.core) < 3:
        raise ValueError("inside() takes a polygon or a disc as the outer shape")
    r2 = r * r
    for (sx, sy), (tx, ty) in edges(b.core):
        ex, ey = tx - sx, ty - sy
        least = r2 * (ex * ex + ey * ey)
        for px, py in a.core:
            c = ex * (py - sy) - ey * (px - sx)  # the cross product of the edge and the corner, written out
            if c < 0 or c * c < least:
                return False
    return True


def contains_point(shape: Shape, point: Point) -> bool:
    """The point lies in the shape or on its edge (never when it lies outside the shape's box)."""
    x0, y0, x1, y1 = shape.box
    if not (x0 <= point[0] <= x1 and y0 <= point[1] <= y1):
        return False
    return cores_within(shape.core, (point,), shape.radius)


FULLY, PARTLY = "fully", "partly"


def under(template: Shape, bases: Iterable[Base]) -> dict[str, str]:
    """The bases a template (round or rectangular) lies over: ``FULLY`` when the whole base is under it,
    ``PARTLY`` when their insides overlap; a base it only touches at the rim, or misses, is left out."""
    found = {}
    for base in bases:
        if inside(base.shape, template):
            found[base.id] = FULLY
        elif overlap(base.shape, template):
            found[base.id] = PARTLY
    return found


def nearest_first(point: Point, bases: Iterable[Base]) -> list[Base]:
    """Bases in order of the distance from a point to their nearest edge, nearest first (a base over the point
    counts as 0; ties by id); exact."""
    def key(base: Base) -> tuple[Gap, str]:
        square, r = _core_distance2(base.shape.core, point), base.shape.radius
        return (Gap(Fraction(0), 0) if square <= r * r else Gap(square, r), base.id)

    return sorted(bases, key=key)


def _core_distance2(core: tuple[Point, ...], p: Point) -> Fraction:
    """The squared distance from a point to a core (0 inside a polygon)."""
    if len(core) >= 3 and all(cross(sub(b, a), sub(p, a)) >= 0 for a, b in edges(core)):
        return Fraction(0)
    best = min(Fraction(dist2(p, c)) for c in core)
    for a, b in edges(core):
        ab, ap = sub(b, a), sub(p, a)
        t, length2 = dot(ap, ab), dot(ab, ab)
        if 0 < t < length2:
            c = cross(ab, ap)
            best = min(best, Fraction(c * c, length2))
    return best


class Gap:
    """The length ``sqrt(square) - r``, compared exactly with another without taking a root."""

    def __init__(self, square: Fraction, r: int) -> None:
        self.square, self.r = square, r

    def __lt__(self, other: Gap) -> bool:
        return _root_less(self.square, self.r, other.square, other.r)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Gap) and not self < other and not other < self

    __hash__ = None  # type: ignore[assignment]  # compared, never hashed


def _root_less(s1: Fraction, r1: int, s2: Fraction, r2: int) -> bool:
    """``sqrt(s1) - r1 < sqrt(s2) - r2`` exactly, for non-negative ``s1``, ``s2``: squared with the signs kept."""
    k = r1 - r2  # sqrt(s1) < sqrt(s2) + k
    if k >= 0:  # <=> s1 - s2 - k^2 < 2k sqrt(s2), whose right side is non-negative
        lhs = s1 - s2 - k * k
        return lhs < 0 or (k > 0 and lhs * lhs < 4 * k * k * s2)
    m = -k  # sqrt(s1) < sqrt(s2) - m: impossible unless sqrt(s2) > m
    if s2 <= m * m:
        return False
    rhs = s2 + m * m - s1  # <=> 2m sqrt(s2) < s2 + m^2 - s1
    return rhs > 0 and 4 * m * m * s2 < rhs * rhs
