"""Exact plane geometry for games played on a table rather than a grid: numbers, headings and shapes.

Numbers. A position is a point ``(x, y)`` of an integer lattice: one unit is a tenth of a millimetre, so an inch is
254 units and 25 mm, 50 mm, 1", 1.5" and 3" are all whole numbers (``INCH``, ``MM``, ``inches``). ``x`` grows to the
right and ``y`` upwards (a drawing flips it). No decision here or in the ``plane_*`` modules uses floating point:
lengths are compared squared, with integers, or as ``fractions.Fraction`` where a ratio is unavoidable, so every
answer is the same on every machine and symmetric where the geometry is (``docs/why/plane.md``).

Headings. ``HEADINGS`` is the fixed table of the 8 directions of a 45 degree template, counterclockwise from ``+x``,
as integer vectors that are not of unit length (``(1, 1)`` at 45 degrees): a side-of-line test with them is exact.
A length laid along a heading is rounded to the lattice (``along`` truncates towards the start, so the result is
never longer than asked; ``nearest_along`` rounds to the nearest point); either is off by at most half a unit in
each coordinate (under 0.071 mm).

Shapes. A ``Shape`` is a convex core (one point, a segment, or a convex polygon counterclockwise) grown by a
``radius``: a round base is a point grown by its radius, a rectangular base or a terrain piece a polygon grown by 0,
a round base sliding along a segment a segment grown by its radius. One distance routine serves them all
(``plane_measure.py``). ``Base`` is a model's footprint with a heading; ``Table`` is the rectangle played on.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import isqrt

Point = tuple[int, int]

MM = 10  # units per millimetre
INCH = 254  # units per inch (25.4 mm)

# the 8 headings of a 45 degree template, counterclockwise from +x; a base's heading is an index into this table
HEADINGS: tuple[Point, ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def inches(numerator: int, denominator: int = 1) -> int:
    """``numerator / denominator`` inches in units; a length that is not a whole number of units is an error."""
    units, rest = divmod(numerator * INCH, denominator)
    if rest:
        raise ValueError(f"{numerator}/{denominator} inch is not a whole number of units (1 unit = 0.1 mm)")
    return units


def sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def add(a: Point, b: Point) -> Point:
    return (a[0] + b[0], a[1] + b[1])


def dot(a: Point, b: Point) -> int:
    return a[0] * b[0] + a[1] * b[1]


def cross(a: Point, b: Point) -> int:
    """The z component of ``a x b``: positive when ``b`` turns counterclockwise from ``a``."""
    return a[0] * b[1] - a[1] * b[0]


def orientation(a: Point, b: Point, c: Point) -> int:
    """1 when ``a, b, c`` turn counterclockwise, -1 clockwise, 0 on one line."""
    turn = cross(sub(b, a), sub(c, a))
    return (turn > 0) - (turn < 0)


def dist2(a: Point, b: Point) -> int:
    """The squared distance between two points."""
    dx, dy = a[0] - b[0], a[1] - b[1]
    return dx * dx + dy * dy


def ceil_sqrt(n: int) -> int:
    """The smallest integer whose square is at least ``n``."""
    root = isqrt(n)
    return root if root * root == n else root + 1


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def along(vector: Point, length: int) -> Point:
    """A lattice offset in the direction of ``vector`` no longer than ``length``: each coordinate of the exact offset
    truncated towards zero (off by less than one unit in each)."""
    vx, vy = vector
    n = vx * vx + vy * vy
    if n == 0 or length <= 0:
        return (0, 0)
    ll = length * length
    x, y = isqrt(ll * vx * vx // n), isqrt(ll * vy * vy // n)
    return (x if vx > 0 else -x, y if vy > 0 else -y)


def _nearest(length: int, component: int, n: int) -> int:
    """``length * component / sqrt(n)`` rounded to the nearest integer (exactly; halves away from zero)."""
    square = length * length * component * component  # the exact value is sqrt(square / n)
    root = isqrt(square // n)
    return _sign(component) * (root + 1 if (2 * root + 1) ** 2 * n <= 4 * square else root)


def nearest_along(vector: Point, length: int) -> Point:
    """The lattice point nearest to ``length`` along ``vector`` (off by at most half a unit in each coordinate)."""
    n = dot(vector, vector)
    if n == 0:
        return (0, 0)
    return (_nearest(length, vector[0], n), _nearest(length, vector[1], n))


def left_of(heading: int) -> int:
    """The heading 90 degrees counterclockwise."""
    return (heading + 2) % 8


def convex_hull(points: list[Point] | tuple[Point, ...]) -> tuple[Point, ...]:
    """The convex hull, counterclockwise, without repeated or collinear points (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return tuple(pts)

    def half(seq: list[Point]) -> list[Point]:
        chain: list[Point] = []
        for p in seq:
            px, py = p
            while len(chain) >= 2:  # drop the last point unless it and p turn counterclockwise (orientation > 0)
                (ax, ay), (bx, by) = chain[-2], chain[-1]
                if (bx - ax) * (py - ay) - (by - ay) * (px - ax) > 0:
                    break
                chain.pop()
            chain.append(p)
        return chain

    lower, upper = half(pts), half(pts[::-1])
    return tuple(lower[:-1] + upper[:-1])


@dataclass(frozen=True)
class Shape:
    """A convex ``core`` (1 point, 2 points or a counterclockwise convex polygon) grown by ``radius``.

    ``centre`` is a lattice point inside, ``reach`` an integer no smaller than the distance from it to any point of
    the shape, ``inner`` the radius of a disc about it that the shape contains, and ``box`` the bounding box
    ``(xmin, ymin, xmax, ymax)``: bounds that let most questions be answered before the exact test.
    """

    core: tuple[Point, ...]
    radius: int = 0
    centre: Point = field(init=False, compare=False)
    reach: int = field(init=False, compare=False)
    inner: int = field(init=False, compare=False)
    box: tuple[int, int, int, int] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        core, r = self.core, self.radius
        if not core or r < 0:
            raise ValueError("a shape needs a core of at least one point and a radius of at least 0")
        xs, ys = [p[0] for p in core], [p[1] for p in core]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        centre = (cx, cy)
        far = ceil_sqrt(max((x - cx) * (x - cx) + (y - cy) * (y - cy) for x, y in core))
        reach = far + r
        inner = r
        if len(core) >= 3:
            depths = []
            ax, ay = core[-1]
            for bx, by in core:  # the edge from the previous corner to this one
                ex, ey = bx - ax, by - ay
                c = ex * (cy - ay) - ey * (cx - ax)
                depths.append(isqrt(c * c // (ex * ex + ey * ey)) if c > 0 else 0)
                ax, ay = bx, by
            inner = min(depths) + r
        elif centre != core[0] or len(core) == 2:
            inner = max(0, r - far)
        object.__setattr__(self, "centre", centre)
        object.__setattr__(self, "reach", reach)
        object.__setattr__(self, "inner", inner)
        object.__setattr__(self, "box", (x0 - r, y0 - r, x1 + r, y1 + r))

    def moved(self, offset: Point) -> Shape:
        """The same shape translated by ``offset``: its bounds move with it (``centre`` and ``box``) or stay
        (``reach``, ``inner``), exactly as they would be worked out again."""
        dx, dy = offset
        moved = object.__new__(Shape)
        x0, y0, x1, y1 = self.box
        for name, value in (("core", tuple((x + dx, y + dy) for x, y in self.core)), ("radius", self.radius),
                            ("centre", (self.centre[0] + dx, self.centre[1] + dy)), ("reach", self.reach),
                            ("inner", self.inner), ("box", (x0 + dx, y0 + dy, x1 + dx, y1 + dy))):
            object.__setattr__(moved, name, value)
        return moved

    def swept(self, offset: Point) -> Shape:
        """Everything the shape covers while it slides straight by ``offset``."""
        if offset == (0, 0):
            return self
        return Shape(convex_hull(self.core + tuple(add(p, offset) for p in self.core)), self.radius)


def disc(centre: Point, diameter: int) -> Shape:
    """A round footprint (a base, a round template); the diameter must be an even number of units."""
    if diameter <= 0 or diameter % 2:
        raise ValueError(f"a disc's diameter must be a positive even number of units, not {diameter}")
    return Shape((centre,), diameter // 2)


def rectangle(centre: Point, length: int, width: int, heading: int = 0) -> Shape:
    """A rectangle ``length`` along ``HEADINGS[heading]`` and ``width`` across it; both even numbers of units.

    At a diagonal heading the half-length and half-width vectors are rounded to the nearest lattice point, so the
    corners are exact lattice points of a parallelogram within 0.71 units (0.071 mm) of the true rectangle.
    """
    if length <= 0 or width <= 0 or length % 2 or width % 2:
        raise ValueError(f"a rectangle's sides must be positive even numbers of units, not {length} x {width}")
    a = nearest_along(HEADINGS[heading % 8], length // 2)
    b = nearest_along(HEADINGS[left_of(heading)], width // 2)
    cx, cy = centre
    corners = ((cx - a[0] - b[0], cy - a[1] - b[1]), (cx + a[0] - b[0], cy + a[1] - b[1]),
               (cx + a[0] + b[0], cy + a[1] + b[1]), (cx - a[0] + b[0], cy - a[1] + b[1]))
    return Shape(corners)


def polygon(points: list[Point] | tuple[Point, ...]) -> Shape:
    """A convex polygon from its corners in either order; a set of points that is not convex is an error."""
    hull = convex_hull(list(points))
    if len(hull) < 3:
        raise ValueError("a polygon needs three corners not on one line")
    corners = set(points)
    strays = [p for p in corners if p not in hull and not _on_boundary(hull, p)]
    if strays:
        raise ValueError(f"the corners {sorted(strays)} make the polygon concave; give convex pieces")
    return Shape(hull)


def _on_boundary(hull: tuple[Point, ...], p: Point) -> bool:
    for a, b in zip(hull, hull[1:] + hull[:1]):
        if orientation(a, b, p) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) \
                and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]):
            return True
    return False


@dataclass(frozen=True)
class Base:
    """A model's footprint: round (``width == 0``, ``length`` is the diameter) or rectangular (``length`` along its
    heading, ``width`` across), centred on a lattice point and facing ``HEADINGS[heading]``."""

    id: str
    centre: Point
    length: int
    width: int = 0
    heading: int = 0
    shape: Shape = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "heading", self.heading % 8)
        shape = disc(self.centre, self.length) if self.round else \
            rectangle(self.centre, self.length, self.width, self.heading)
        object.__setattr__(self, "shape", shape)

    @property
    def round(self) -> bool:
        return self.width == 0

    def at(self, centre: Point, heading: int | None = None) -> Base:
        """The same base placed elsewhere (and turned to ``heading``); facing the same way, its footprint is the
        old one moved (the same corners a new one would have)."""
        if heading is not None and heading % 8 != self.heading:
            return replace(self, centre=centre, heading=heading)
        placed = object.__new__(Base)
        for name, value in (("id", self.id), ("centre", centre), ("length", self.length), ("width", self.width),
                            ("heading", self.heading), ("shape", self.shape.moved(sub(centre, self.centre)))):
            object.__setattr__(placed, name, value)
        return placed

    def front(self) -> Point:
        """The middle of the front edge (of a round base: the point of its rim straight ahead)."""
        return add(self.centre, nearest_along(HEADINGS[self.heading], self.length // 2))

    def rear(self) -> Point:
        return add(self.centre, nearest_along(HEADINGS[(self.heading + 4) % 8], self.length // 2))


EDGES = ("bottom", "right", "top", "left")


@dataclass(frozen=True)
class Table:
    """The rectangle played on, from ``(0, 0)`` to ``(width, height)``; its edges are named as drawn."""

    width: int
    height: int

    @property
    def shape(self) -> Shape:
        return Shape(((0, 0), (self.width, 0), (self.width, self.height), (0, self.height)))

    def edge(self, name: str) -> tuple[Point, Point]:
        """The two ends of an edge (``EDGES``), counterclockwise."""
        w, h = self.width, self.height
        ends = {"bottom": ((0, 0), (w, 0)), "right": ((w, 0), (w, h)), "top": ((w, h), (0, h)),
                "left": ((0, h), (0, 0))}
        if name not in ends:
            raise ValueError(f"unknown table edge {name!r}; edges: {', '.join(EDGES)}")
        return ends[name]

    def holds(self, shape: Shape) -> bool:
        """The shape lies wholly on the table (touching an edge is on it)."""
        x0, y0, x1, y1 = shape.box
        return x0 >= 0 and y0 >= 0 and x1 <= self.width and y1 <= self.height

    def touches(self, shape: Shape, name: str) -> bool:
        """The shape lies on the table and reaches the named edge."""
        x0, y0, x1, y1 = shape.box
        reached = {"bottom": y0 <= 0, "right": x1 >= self.width, "top": y1 >= self.height, "left": x0 <= 0}
        if name not in reached:
            raise ValueError(f"unknown table edge {name!r}; edges: {', '.join(EDGES)}")
        return self.holds(shape) and reached[name]

    def clip(self, start: Point, offset: Point) -> Point:
        """Where a point moved from ``start`` (on the table) by ``offset`` ends, stopped at the table's edge: the
        lattice point on the way nearest the edge, rounded back towards ``start``."""
        t = Fraction(1)
        for coordinate, step, limit in ((start[0], offset[0], self.width), (start[1], offset[1], self.height)):
            if step > 0 and coordinate + step > limit:
                t = min(t, Fraction(limit - coordinate, step))
            elif step < 0 and coordinate + step < 0:
                t = min(t, Fraction(coordinate, -step))
        if t == 1:
            return add(start, offset)
        return (start[0] + int(t * offset[0]), start[1] + int(t * offset[1]))  # int() truncates towards zero
