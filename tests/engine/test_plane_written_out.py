"""The plane kit's hottest functions have their vector helpers written out for speed: each must give exactly what
the plain form with ``sub``, ``dot`` and ``cross`` gives (kept here as the reference), on random shapes."""

from __future__ import annotations

import random
from math import isqrt

from pnpforge.engine.plane import Point, Shape, along, convex_hull, cross, dot, sub
from pnpforge.engine.plane_measure import edges, inside
from pnpforge.engine.plane_sight import span_inside

CASES = 3000


def _span_reference(start: Point, end: Point, core: tuple[Point, ...]) -> tuple[int, int, int, int] | None:
    d = sub(end, start)
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    for a, b in edges(core):
        e = sub(b, a)
        num, den = cross(e, sub(start, a)), cross(e, d)
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


def _inside_reference(a: Shape, b: Shape) -> bool:
    r = a.radius
    for s, t in edges(b.core):
        e = sub(t, s)
        length2 = dot(e, e)
        for p in a.core:
            c = cross(e, sub(p, s))
            if c < 0 or c * c < r * r * length2:
                return False
    return True


def _along_reference(vector: Point, length: int) -> Point:
    n = dot(vector, vector)
    if n == 0 or length <= 0:
        return (0, 0)
    ll = length * length

    def sign(v: int) -> int:
        return (v > 0) - (v < 0)

    return (
        sign(vector[0]) * isqrt(ll * vector[0] * vector[0] // n),
        sign(vector[1]) * isqrt(ll * vector[1] * vector[1] // n),
    )


def _point(rng: random.Random, size: int = 400) -> Point:
    return (rng.randint(-size, size), rng.randint(-size, size))


def _polygon(rng: random.Random) -> tuple[Point, ...]:
    while True:
        core = convex_hull([_point(rng, 200) for _ in range(rng.randint(3, 7))])
        if len(core) >= 3:
            return core


def test_span_inside_is_the_plain_form() -> None:
    rng = random.Random(61)
    entered = 0
    for _ in range(CASES):
        core = _polygon(rng) if rng.random() < 0.8 else convex_hull([_point(rng, 200) for _ in range(2)])
        start, end = _point(rng), _point(rng)
        found = span_inside(start, end, core)
        assert found == _span_reference(start, end, core), (start, end, core)
        entered += found is not None
    assert 0 < entered < CASES  # both answers were asked for


def test_inside_is_the_plain_form() -> None:
    rng = random.Random(62)
    held = 0
    for _ in range(CASES):
        outer = Shape(_polygon(rng))
        if rng.random() < 0.5:
            inner = Shape((_point(rng, 120),), rng.randint(0, 60))
        else:
            inner = Shape(convex_hull([_point(rng, 120) for _ in range(4)]) or ((0, 0),))
        found = inside(inner, outer)
        assert found == _inside_reference(inner, outer)
        held += found
    assert 0 < held < CASES


def test_along_is_the_plain_form() -> None:
    rng = random.Random(63)
    for _ in range(CASES):
        vector = _point(rng, 50) if rng.random() < 0.7 else (rng.randint(-3, 3), rng.randint(-3, 3))
        length = rng.randint(-5, 3000)
        assert along(vector, length) == _along_reference(vector, length)
