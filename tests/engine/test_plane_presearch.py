"""The plane kit's bounding-box pre-search gives exactly the exact search's answers: on random positions, the slide
``plane_moves`` works out equals one that makes every swept and moved shape and tests it in full."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence

from pnpforge.engine.plane import INCH, Base, Point, Shape, along, polygon, rectangle
from pnpforge.engine.plane_measure import closer_than, overlap, sweep_overlaps, sweep_tester
from pnpforge.engine.plane_moves import Field, _slide, blocked
from pnpforge.engine.plane_sight import Piece
from pnpforge.engine.plane import Table

SIZE = 24 * INCH


def _offset(vector: Point, k: int, whole: int | None) -> Point:
    return vector if whole is not None and k >= whole else along(vector, k)


def _furthest(ok: Callable[[int], bool], top: int) -> int:
    if not ok(0):
        return -1
    lo, hi = 0, top
    if ok(hi):
        return hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if ok(mid) else (lo, mid)
    return lo


def _fresh(shape: Shape, offset: Point) -> Shape:
    return Shape(tuple((x + offset[0], y + offset[1]) for x, y in shape.core), shape.radius)


def exact_slide(
    field: Field,
    bases: Sequence[Base],
    vector: Point,
    top: int,
    whole: int | None,
    impassable: Collection[str],
    keep_away: Collection[str],
    away: int,
) -> int:
    """The same search with every swept and moved shape made afresh and tested in full against every piece, every
    base and the table (``blocked``), no box asked first."""
    movers = {b.id for b in bases}

    def clear(k: int) -> bool:
        offset = _offset(vector, k, whole)
        return not any(blocked(field, _fresh(b.shape, (0, 0)).swept(offset), b.id, impassable, movers) for b in bases)

    k = _furthest(clear, top)
    others = [field.base(i) for i in keep_away]
    while k > 0:
        end = _offset(vector, k, whole)
        near = [o for o in others if any(closer_than(_fresh(b.shape, end), o.shape, away) for b in bases)]
        if not near:
            return k
        other = near[0]

        def far_enough(j: int, other: Base = other) -> bool:
            offset = _offset(vector, j, whole)
            return not any(closer_than(_fresh(b.shape, offset), other.shape, away) for b in bases)

        k = _furthest(far_enough, k)
    return k


def _position(rng: random.Random) -> Field:
    pieces = []
    for n in range(rng.randint(0, 4)):
        x, y = rng.randrange(SIZE), rng.randrange(SIZE)
        w, h = rng.randint(1, 6) * INCH, rng.randint(1, 6) * INCH
        pieces.append(Piece(f"p{n}", polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])))
    bases = []
    for n in range(rng.randint(2, 9)):
        centre = (rng.randrange(2 * INCH, SIZE - 2 * INCH), rng.randrange(2 * INCH, SIZE - 2 * INCH))
        if rng.random() < 0.5:
            bases.append(Base(f"b{n}", centre, 2 * rng.randint(100, 400)))
        else:
            bases.append(Base(f"b{n}", centre, 2 * rng.randint(100, 700), 2 * rng.randint(100, 400), rng.randrange(8)))
    return Field(Table(SIZE, SIZE), tuple(pieces), tuple(bases))


def test_the_box_pre_search_slides_exactly_as_far_as_the_exact_search() -> None:
    rng = random.Random(61)
    compared = stopped = 0
    for _ in range(150):
        field = _position(rng)
        movers = list(field.bases[: rng.randint(1, 2)])
        impassable = {p.id for p in field.pieces if rng.random() < 0.7}
        vector = (rng.randint(-SIZE, SIZE), rng.randint(-SIZE, SIZE))
        top = rng.randint(0, 10 * INCH)
        whole = rng.choice([None, top])
        others = [b.id for b in field.bases if b not in movers]
        keep = rng.sample(others, k=min(len(others), rng.randint(0, 2)))
        away = rng.choice([0, INCH])
        found = _slide(field, movers, vector, top, whole, impassable, keep, away)
        assert found == exact_slide(field, movers, vector, top, whole, impassable, keep, away)
        stopped += 0 <= found < top
        compared += 1
    assert compared == 150 and stopped > 20  # positions where something stops the slide are among them


def test_a_moved_shape_and_a_placed_base_are_the_ones_made_afresh() -> None:
    rng = random.Random(53)
    for _ in range(300):
        centre = (rng.randrange(-SIZE, SIZE), rng.randrange(-SIZE, SIZE))
        shape = rng.choice(
            [
                Shape((centre,), rng.randrange(0, 400)),
                rectangle(centre, 2 * rng.randint(1, 600), 2 * rng.randint(1, 600), rng.randrange(8)),
            ]
        )
        offset = (rng.randrange(-SIZE, SIZE), rng.randrange(-SIZE, SIZE))
        moved, fresh = (
            shape.moved(offset),
            Shape(tuple((x + offset[0], y + offset[1]) for x, y in shape.core), shape.radius),
        )
        assert (moved, moved.centre, moved.reach, moved.inner, moved.box) == (
            fresh,
            fresh.centre,
            fresh.reach,
            fresh.inner,
            fresh.box,
        )
        base = Base("b", centre, 2 * rng.randint(1, 600), rng.choice([0, 2 * rng.randint(1, 600)]), rng.randrange(8))
        there = (centre[0] + offset[0], centre[1] + offset[1])
        placed, made = base.at(there), Base("b", there, base.length, base.width, base.heading)
        assert placed == made and placed.shape == made.shape and placed.shape.box == made.shape.box
        assert (placed.shape.centre, placed.shape.reach, placed.shape.inner) == (
            made.shape.centre,
            made.shape.reach,
            made.shape.inner,
        )


def test_a_sweep_overlaps_exactly_what_its_made_shape_overlaps() -> None:
    rng = random.Random(7)
    met = missed = 0
    for _ in range(3000):
        field = _position(rng)
        shape = rng.choice(field.bases).shape
        other = rng.choice([*(p.shape for p in field.pieces), *(b.shape for b in field.bases)])
        offset = rng.choice([(0, 0), (rng.randint(-8 * INCH, 8 * INCH), rng.randint(-8 * INCH, 8 * INCH))])
        found = sweep_overlaps(shape, offset, other)
        assert found == overlap(shape.swept(offset), other) == sweep_tester(shape, other)(offset)
        met, missed = met + found, missed + (not found)
    assert met > 300 and missed > 300


def test_slides_sharing_one_field_and_its_kept_sweep_tests_match_the_exact_search() -> None:
    rng = random.Random(62)
    reused = 0
    for _ in range(40):
        field = _position(rng)
        impassable = {p.id for p in field.pieces if rng.random() < 0.7}
        for _ in range(6):  # several moves weighed from one position, as a bot weighs its choices
            movers = list(field.bases[: rng.randint(1, 2)])
            vector = (rng.randint(-SIZE, SIZE), rng.randint(-SIZE, SIZE))
            top = rng.randint(0, 10 * INCH)
            whole = rng.choice([None, top])
            kept = len(field.testers)
            found = _slide(field, movers, vector, top, whole, impassable, (), 0)
            assert found == exact_slide(field, movers, vector, top, whole, impassable, (), 0)
            reused += kept > 0
    assert reused > 100  # most slides found sweep tests an earlier one had made
    shape, other = field.bases[0].shape, field.bases[1].shape
    assert field.tester(shape, other) is field.tester(shape, other)
    assert Field(field.table, field.pieces, field.bases).testers == {}  # a new field keeps nothing of another's


def test_a_point_outside_a_shapes_box_is_never_in_it_and_the_box_changes_no_answer() -> None:
    from pnpforge.engine.plane_measure import contains_point, cores_within

    rng = random.Random(64)
    inside_found = 0
    for _ in range(3000):
        field = _position(rng)
        shape = rng.choice([*(p.shape for p in field.pieces), *(b.shape for b in field.bases)])
        point = (rng.randrange(SIZE), rng.randrange(SIZE))
        if rng.random() < 0.5:  # near the shape, where the answer is close
            point = (shape.centre[0] + rng.randint(-shape.reach, shape.reach), shape.centre[1] + rng.randint(-9, 9))
        found = contains_point(shape, point)
        assert found == cores_within(shape.core, (point,), shape.radius)
        inside_found += found
    assert inside_found > 300


def test_a_point_within_a_limit_is_what_within_says_of_the_points_made_shape() -> None:
    from pnpforge.engine.plane_measure import point_within, within

    rng = random.Random(65)
    near_found = far_found = 0
    for _ in range(3000):
        field = _position(rng)
        shape = rng.choice([*(p.shape for p in field.pieces), *(b.shape for b in field.bases)])
        point = (rng.randrange(SIZE), rng.randrange(SIZE))
        if rng.random() < 0.6:  # near the shape's rim, where the bounds do not decide
            point = (shape.centre[0] + rng.randint(-shape.reach - INCH, shape.reach + INCH), shape.centre[1])
        limit = rng.choice([0, 1, INCH, 3 * INCH])
        found = point_within(shape, point, limit)
        assert found == within(shape, Shape((point,)), limit)
        near_found, far_found = near_found + found, far_found + (not found)
    assert near_found > 300 and far_found > 300


def test_slides_along_one_heading_share_the_fields_kept_answers_and_match_the_exact_search() -> None:
    """An advance and At The Double towards one point, and ways round along one heading, probe many of the same
    offsets: the field keeps each answer, and every slide still ends where the exact search ends."""
    rng = random.Random(66)
    shared = 0
    for _ in range(60):
        field = _position(rng)
        impassable = {p.id for p in field.pieces if rng.random() < 0.7}
        mover = field.bases[0]
        for _ in range(3):
            vector = (rng.randint(-SIZE, SIZE), rng.randint(-SIZE, SIZE))
            for top in (3 * INCH, 6 * INCH, 12 * INCH):  # one heading, several lengths, with the end as goal or not
                for whole in (None, top):
                    shut = impassable if rng.random() < 0.8 else set()
                    before = sum(len(kept) for kept in field.clears.values())
                    found = _slide(field, [mover], vector, top, whole, shut, (), 0)
                    assert found == exact_slide(field, [mover], vector, top, whole, shut, (), 0)
                    shared += sum(len(kept) for kept in field.clears.values()) - before < 12
    assert shared > 500  # most slides found answers an earlier one had kept
    assert Field(field.table, field.pieces, field.bases).clears == {}  # a new field keeps nothing of another's
