"""The plane kit's numbers, shapes and measuring, on the wargame rulebook's situations (pages of the core rulebook
2.0, ../shared/seeds/wargame-core-rulebook-2.0.txt) and on random shapes checked against plain floating point."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpforge.engine.plane import (HEADINGS, INCH, MM, Base, Shape, Table, along, disc, inches, nearest_along,
                                   polygon, rectangle)
from pnpforge.engine.plane_measure import (CONTACT, FULLY, PARTLY, closer_than, contains_point, inside,
                                           nearest_first, overlap, touching, under, within)


def test_the_lattice_holds_the_rulebooks_lengths_as_whole_numbers() -> None:
    # p.13: the 3" blast template, the 5" smoke template and the 5" x 1" barrier; p.63: 1", 2" and 4" chains
    assert (inches(3), inches(5), inches(1), inches(3, 2)) == (762, 1270, 254, 381)
    assert 25 * MM == 250 and 50 * MM == 500
    with pytest.raises(ValueError, match="whole number of units"):
        inches(1, 3)


def test_a_length_along_a_heading_is_never_longer_than_asked_and_rounds_within_half_a_unit() -> None:
    for heading in HEADINGS:
        for length in (1, 127, 254, 381, 1524, 9999):
            step = along(heading, length)
            assert step[0] ** 2 + step[1] ** 2 <= length ** 2
            exact = [length * c / math.hypot(*heading) for c in heading]
            near = nearest_along(heading, length)
            assert all(abs(n - e) <= 0.5 for n, e in zip(near, exact))
            assert all(abs(s - e) < 1 for s, e in zip(step, exact))


def test_a_rectangle_at_45_degrees_is_within_a_tenth_of_a_millimetre_of_the_true_one() -> None:
    # a 25 x 50 mm cavalry base turned by the 45 degree template (p.107)
    shape = rectangle((10_000, 10_000), 500, 250, heading=1)
    cx, cy = 10_000, 10_000
    c, s = math.cos(math.pi / 4), math.sin(math.pi / 4)
    true = [(cx + sx * 250 * c - sy * 125 * s, cy + sx * 250 * s + sy * 125 * c)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    assert all(math.dist(p, q) <= 0.71 for p, q in zip(shape.core, true))


def test_a_base_in_range_of_its_nearest_edge_but_not_of_its_centre_is_in_range() -> None:
    # p.16: measure to the nearest point of a model's base; p.77: a target within the weapon's range is valid.
    # A firer on a 25 mm base, a 12" weapon, and a target on a 50 mm base whose centre is 12" and 1 cm beyond the
    # firer's edge: its near edge is 12" minus 1.5 cm away.
    firer = Base("firer", (2000, 2000), 25 * MM)
    gap_to_centre = inches(12) + 10 * MM
    target = Base("target", (2000 + 125 + gap_to_centre, 2000), 50 * MM)
    assert within(firer.shape, target.shape, inches(12))
    assert not within(firer.shape, disc(target.centre, 2), inches(12))  # its centre alone is out of range
    # the same for a 25 x 50 mm base (as cavalry use) side on, and at 45 degrees
    for heading in (2, 1):
        horse = Base("horse", (2000 + 125 + inches(12) + 100, 2000), 500, 250, heading)
        assert within(firer.shape, horse.shape, inches(12))
        assert not within(firer.shape, horse.shape, inches(12) - 200)


def test_an_objective_is_held_by_a_model_within_1_inch_of_it() -> None:
    # p.99: an objective is held by a section with a model within 1" of it (measured to the model's base, p.16)
    objective = Shape(((inches(24), inches(24)),))  # a point
    near = Base("near", (inches(24) + 125 + INCH, inches(24)), 250)
    far = Base("far", (inches(24), inches(24) - 125 - INCH - 1), 250)
    assert within(near.shape, objective, INCH) and not within(far.shape, objective, INCH)


def test_within_is_exact_at_the_limit() -> None:
    a, b = disc((0, 0), 250), disc((254 * 12 + 250, 0), 250)  # edges exactly 12" apart
    assert within(a, b, inches(12)) and not within(a, b, inches(12) - 1)
    assert not closer_than(a, b, inches(12)) and closer_than(a, b, inches(12) + 1)


def test_bases_in_base_contact_touch_and_do_not_overlap() -> None:
    # p.16: models are in base contact when their bases touch
    a, b = disc((0, 0), 250), disc((250, 0), 250)
    assert touching(a, b) and not overlap(a, b)
    assert not touching(a, disc((250 + CONTACT + 1, 0), 250))
    assert overlap(a, disc((249, 0), 250)) and not touching(a, disc((249, 0), 250))
    square = rectangle((0, 500), 500, 250, 0)
    assert touching(square, rectangle((500, 500), 500, 250, 0)) and not overlap(square, rectangle((500, 500), 500, 250))


def line_of_infantry(count: int, centre_x: int, y: int) -> list[Base]:
    """A close line (p.68: every model in base contact with the next) of 25 mm bases, centred on ``centre_x``."""
    half = count // 2
    return [Base(f"trooper-{i + 1}", (centre_x + (i - half) * 250, y), 250) for i in range(count)]


def test_a_blast_centred_on_a_model_in_a_close_line_lies_over_five_of_them() -> None:
    # p.13: the blast template is 3" across; p.86: the template hits whatever lies under it; p.87 (the example's
    # figure is lost): a scattered blast catches a line section and the knights beside it. Here a 3" blast lands
    # on the middle trooper of a line of seven 25 mm bases in base contact (p.68): the three in the middle lie
    # wholly under it (37.5 mm from its centre to their far rim, against a 38.1 mm radius), the next two partly
    # (their near rim 37.5 mm from its centre), the two at the ends not at all; and a knight on a 50 x 25 mm base
    # behind the line, its near edge 1" from the centre, lies partly under it.
    line = line_of_infantry(7, 10_000, 10_000)
    knight = Base("knight", (10_000, 10_000 + 254 + 125), 500, 250, heading=0)
    blast = disc(line[3].centre, inches(3))
    hit = under(blast, line + [knight])
    assert hit == {"trooper-2": PARTLY, "trooper-3": FULLY, "trooper-4": FULLY, "trooper-5": FULLY,
                   "trooper-6": PARTLY, "knight": PARTLY}


def test_a_rectangular_template_covers_bases_fully_or_partly() -> None:
    # p.13: the smoke barrier template is 5" x 1"
    barrier = rectangle((5000, 5000), inches(5), inches(1), heading=0)
    bases = [Base("in", (5000, 5000), 250), Base("edge", (5000, 5000 + 127 + 100), 250),
             Base("out", (5000, 5000 + 127 + 125), 250)]
    assert under(barrier, bases) == {"in": FULLY, "edge": PARTLY}


def test_inside_and_containment() -> None:
    wood = polygon([(0, 0), (1000, 0), (1000, 1000), (0, 1000)])
    assert inside(disc((500, 500), 250), wood) and inside(disc((125, 125), 250), wood)
    assert not inside(disc((124, 500), 250), wood)
    assert contains_point(wood, (1000, 1000)) and not contains_point(wood, (1001, 500))
    with pytest.raises(ValueError, match="concave"):
        polygon([(0, 0), (1000, 0), (500, 200), (1000, 1000), (0, 1000)])


def test_casualties_are_ordered_by_their_nearest_edge_from_the_template_centre() -> None:
    # p.86: casualties start with the models nearest the first blast's centre
    small = Base("small", (1000, 0), 250)  # edge 875 away
    big = Base("big", (0, 1000), 400)  # edge 800 away
    wide = Base("wide", (-1000, 0), 500, 250, 0)  # edge 750 away
    over = Base("over", (100, 0), 250)  # over the point
    assert [b.id for b in nearest_first((0, 0), [small, big, wide, over])] == ["over", "wide", "big", "small"]


def test_table_edges() -> None:
    table = Table(inches(48), inches(48))
    base = Base("late", (125, 5000), 250)  # p.61: late arrivals are placed touching their table edge
    assert table.touches(base.shape, "left") and not table.touches(base.shape, "right")
    assert not table.holds(Base("off", (124, 5000), 250).shape)
    with pytest.raises(ValueError, match="unknown table edge"):
        table.edge("north")


# -- random shapes against floating point ----------------------------------------------------------------------

coordinate = st.integers(-3000, 3000)
round_bases = st.builds(lambda x, y, d: Base("r", (x, y), d), coordinate, coordinate,
                        st.sampled_from([250, 320, 400, 500, 600]))
rect_bases = st.builds(lambda x, y, h, lw: Base("q", (x, y), lw[0], lw[1], h), coordinate, coordinate,
                       st.integers(0, 7), st.sampled_from([(500, 250), (600, 400), (1000, 500), (1270, 254)]))
bases = st.one_of(round_bases, rect_bases)


def float_gap(a: Base, b: Base) -> float:
    """The edge-to-edge gap in floating point, by sampling both outlines finely (the independent check)."""
    def outline(base: Base) -> list[tuple[float, float]]:
        core, r = base.shape.core, base.shape.radius
        if len(core) == 1:
            return [(core[0][0] + r * math.cos(t / 720 * math.tau), core[0][1] + r * math.sin(t / 720 * math.tau))
                    for t in range(720)]
        points = []
        for p, q in zip(core, core[1:] + core[:1]):
            points += [(p[0] + (q[0] - p[0]) * i / 200, p[1] + (q[1] - p[1]) * i / 200) for i in range(200)]
        return points

    def inside_f(p: tuple[float, float], base: Base) -> bool:
        core, r = base.shape.core, base.shape.radius
        if len(core) == 1:
            return math.dist(p, core[0]) < r
        return all((q[0] - s[0]) * (p[1] - s[1]) - (q[1] - s[1]) * (p[0] - s[0]) > 0
                   for s, q in zip(core, core[1:] + core[:1]))

    oa, ob = outline(a), outline(b)
    if any(inside_f(p, b) for p in oa) or any(inside_f(p, a) for p in ob):
        return 0.0
    return min(math.dist(p, q) for p in oa[::3] for q in ob[::3])


@settings(max_examples=150, deadline=None)
@given(bases, bases, st.integers(0, 4000))
def test_distance_is_symmetric_and_agrees_with_floating_point_away_from_the_limit(a: Base, b: Base,
                                                                                 limit: int) -> None:
    assert within(a.shape, b.shape, limit) == within(b.shape, a.shape, limit)
    assert closer_than(a.shape, b.shape, limit) == closer_than(b.shape, a.shape, limit)
    assert overlap(a.shape, b.shape) == overlap(b.shape, a.shape)
    gap = float_gap(a, b)
    if gap > limit + 25:  # sampling error of the float outline stays under 25 units for these sizes
        assert not within(a.shape, b.shape, limit)
    if gap < limit - 25 or gap == 0.0:
        assert within(a.shape, b.shape, limit)


@settings(max_examples=200, deadline=None)
@given(bases)
def test_the_bounds_kept_on_a_shape_are_sound(base: Base) -> None:
    shape = base.shape
    assert all(math.dist(shape.centre, p) + shape.radius <= shape.reach for p in shape.core)
    if shape.inner:
        assert inside(disc(shape.centre, 2 * shape.inner), shape) if shape.radius == 0 else \
            math.dist(shape.centre, shape.core[0]) + shape.inner <= shape.radius
    x0, y0, x1, y1 = shape.box
    assert all(x0 <= p[0] - shape.radius and p[0] + shape.radius <= x1 and y0 <= p[1] - shape.radius
               and p[1] + shape.radius <= y1 for p in shape.core)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.builds(lambda x, y, d: disc((x, y), d), coordinate, coordinate, st.sampled_from([762, 1270])),
                 st.builds(lambda x, y, h: rectangle((x, y), 1270, 254, h), coordinate, coordinate,
                           st.integers(0, 7))), bases)
def test_a_template_covers_a_base_fully_only_if_it_overlaps_it_and_agrees_with_floating_point(template: Shape,
                                                                                            base: Base) -> None:
    found = under(template, [base]).get(base.id)
    if found == FULLY:
        assert overlap(base.shape, template) and inside(base.shape, template)
    if len(template.core) == 1:  # a round template: compare with the float distance between centres
        gap = math.dist(template.centre, base.centre)
        if base.round:
            r, big = base.length / 2, template.radius
            assert (found == FULLY) == (gap + r <= big) or abs(gap + r - big) < 1e-6
            if abs(gap - r - big) > 1e-6:
                assert (found is not None) == (gap < r + big)
