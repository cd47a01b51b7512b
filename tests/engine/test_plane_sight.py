"""Sight lines and arcs of the plane kit, on the wargame rulebook's situations (core rulebook 2.0 pages)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpforge.engine.plane import INCH, Base, inches, polygon, rectangle
from pnpforge.engine.plane_sight import Piece, arcs, depth2, in_arc, sight

# A wood 6" deep (x from 10" to 16") and 8" wide, that blocks sight but can be seen out of, and into, through up to
# 3" of it by a model standing wholly inside (p.51, exposure; p.54: woods block line of sight).
WOOD = Piece("wood", polygon([(inches(10), inches(10)), (inches(16), inches(10)), (inches(16), inches(18)),
                              (inches(10), inches(18))]), blocks_sight=True, open_depth=inches(3))
WALL = Piece("wall", rectangle((inches(5), inches(14)), inches(6), 50, heading=2))  # linear: see-through (p.51)


def at(x_inches: float, y_inches: float, name: str = "m") -> Base:
    return Base(name, (round(x_inches * INCH), round(y_inches * INCH)), 250)


def test_sight_through_2_inches_of_a_wood_is_clear_and_through_4_is_blocked() -> None:
    # p.51: a model occupying (wholly inside) area terrain that blocks sight is seen through no more than 3" of it;
    # p.73: the line runs from base centre to base centre. The firer stands in the open; the target in the wood.
    firer = at(4, 14, "firer")
    near = at(12, 14, "near")  # the line runs 2" through the wood
    deep = at(14, 14, "deep")  # 4"
    assert sight(firer, near, [WOOD], []).open
    assert sight(firer, near, [WOOD], []).crossed == ("wood",)
    assert not sight(firer, deep, [WOOD], []).open
    assert sight(firer, deep, [WOOD], []).blocked_by == ("wood",)
    exactly_three = at(13, 14, "edge")  # 3" is still open: "more than 3"" blocks
    assert sight(firer, exactly_three, [WOOD], []).open
    just_over = Base("over", (inches(13) + 1, inches(14)), 250)
    assert not sight(firer, just_over, [WOOD], []).open


def test_a_wood_between_two_models_in_the_open_blocks_sight() -> None:
    # p.51: the 3" allowance is for models occupying the piece; p.73 rule #3: blocking terrain stops the line
    assert sight(at(8, 12), at(18, 12, "t"), [WOOD], []).blocked_by == ("wood",)
    # running exactly along its edge is not passing through it
    assert sight(at(8, 10), at(18, 10, "t"), [WOOD], []).open


def test_a_model_partly_in_the_wood_does_not_occupy_it() -> None:
    # p.51: occupying area terrain means standing entirely within it
    half_in = Base("half", (inches(10) + 100, inches(14)), 250)
    assert not sight(at(4, 14), half_in, [WOOD], []).open


def test_linear_terrain_is_crossed_but_does_not_block() -> None:
    # p.73 rule #2: a line crossing linear terrain is open, and the target may get cover from it
    result = sight(at(2, 14), at(8, 14, "t"), [WALL, WOOD], [])
    assert result.open and result.crossed == ("wall",)


def test_another_models_base_blocks_sight_and_a_grazed_rim_does_not() -> None:
    # p.73 rule #1: the line may not cross another model's base
    firer, target = at(2, 2), at(10, 2, "t")
    between = Base("between", (inches(6), inches(2) + 124), 250)
    grazing = Base("grazing", (inches(6), inches(2) + 125), 250)
    assert sight(firer, target, [], [firer, target, between]).blocked_by == ("between",)
    assert sight(firer, target, [], [firer, target, grazing]).open
    # p.68: in a line, a model sees past the one it is in base contact with: the game names it in ``ignore``
    assert sight(firer, target, [], [between], ignore={"between"}).open
    cavalry = Base("horse", (inches(6), inches(2)), 500, 250, heading=1)
    assert sight(firer, target, [], [cavalry]).blocked_by == ("horse",)


def test_a_hulls_side_arc() -> None:
    # p.107: an ironclad has armour for its front, sides and rear; p.61: its aft arc is 90 degrees. Here a hull
    # heads along +x; a point square to its left side is in its left arc, one on the dividing diagonal in two.
    hull = Base("hull", (inches(20), inches(20)), inches(4), inches(2), heading=0)
    assert arcs(hull, (inches(20), inches(30))) == {"left"}
    assert arcs(hull, (inches(19), inches(10))) == {"right"}
    assert arcs(hull, (inches(30), inches(21))) == {"front"}
    assert arcs(hull, (inches(10), inches(20))) == {"rear"}
    assert arcs(hull, (inches(25), inches(25))) == {"front", "left"}
    turned = Base("hull", hull.centre, inches(4), inches(2), heading=1)  # after one step of the 45 degree template
    assert arcs(turned, (inches(25), inches(25))) == {"front"}
    assert arcs(turned, (inches(20), inches(30))) == {"front", "left"}
    assert arcs(turned, (inches(15), inches(25))) == {"left"}


def test_weapon_arcs_of_90_180_and_270_degrees() -> None:
    # p.73: a limited arc is 90, 180 or 270 degrees; a target outside it cannot be seen
    gun = Base("gun", (0, 0), 250, heading=2)  # facing +y, "the top of the page"
    ahead, side, behind, diagonal = (0, 1000), (1000, 0), (0, -1000), (1000, 1000)
    assert [in_arc(gun, 90, p) for p in (ahead, side, behind, diagonal)] == [True, False, False, True]
    assert [in_arc(gun, 180, p) for p in (ahead, side, behind, diagonal)] == [True, True, False, True]
    assert [in_arc(gun, 270, p) for p in (ahead, side, behind, (1000, -1000), (1, -1000))] == \
        [True, True, False, True, False]
    assert in_arc(gun, 360, behind)


def test_the_depth_through_a_piece_is_exact() -> None:
    assert depth2((0, inches(14)), (inches(30), inches(14)), WOOD.shape.core) == inches(6) ** 2
    assert depth2((0, 0), (inches(5), inches(5)), WOOD.shape.core) == 0


pieces = st.lists(st.builds(
    lambda x, y, w, h, blocks, depth, name: Piece(name, polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]),
                                                  blocks, depth),
    st.integers(0, 8000), st.integers(0, 8000), st.integers(100, 3000), st.integers(100, 3000), st.booleans(),
    st.sampled_from([0, 381, 762]), st.sampled_from(["p1", "p2", "p3"])), max_size=4)
spot = st.tuples(st.integers(0, 10_000), st.integers(0, 10_000))


@settings(max_examples=200, deadline=None)
@given(spot, spot, st.lists(spot, max_size=5), pieces, st.sampled_from([0, 2, 4, 6]))
def test_sight_is_symmetric(p: tuple[int, int], q: tuple[int, int], others: list[tuple[int, int]],
                            terrain: list[Piece], heading: int) -> None:
    # p.73: the line runs centre to centre; nothing in the rules makes it one-way
    a, b = Base("a", p, 250, 0, heading), Base("b", q, 500, 250, heading)
    crowd = [Base(f"o{i}", c, 320) for i, c in enumerate(others)]
    there, back = sight(a, b, terrain, crowd + [a, b]), sight(b, a, terrain, crowd + [a, b])
    assert there == back


def float_depth(start: tuple[int, int], end: tuple[int, int], core: tuple[tuple[int, int], ...]) -> float:
    """The length of a segment inside a convex polygon, clipped in floating point (the independent check)."""
    lo, hi = 0.0, 1.0
    d = (end[0] - start[0], end[1] - start[1])
    for a, b in zip(core, core[1:] + core[:1]):
        e = (b[0] - a[0], b[1] - a[1])
        num = e[0] * (start[1] - a[1]) - e[1] * (start[0] - a[0])
        den = e[0] * d[1] - e[1] * d[0]
        if den == 0:
            if num <= 0:
                return 0.0
        elif den > 0:
            lo = max(lo, -num / den)
        else:
            hi = min(hi, -num / den)
    return max(0.0, hi - lo) * (d[0] ** 2 + d[1] ** 2) ** 0.5


@settings(max_examples=200, deadline=None)
@given(spot, spot, pieces.filter(bool))
def test_the_depth_through_a_piece_agrees_with_floating_point(p: tuple[int, int], q: tuple[int, int],
                                                              terrain: list[Piece]) -> None:
    core = terrain[0].shape.core
    assert abs(float(depth2(p, q, core)) ** 0.5 - float_depth(p, q, core)) < 1e-6 * (1 + float_depth(p, q, core))
