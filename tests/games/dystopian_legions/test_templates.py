"""Templates on the table (``templates.py``): the arrows, the scatter dice, where each blast lands, which bases lie
under it and what each section hit rolls. Positions are exact lattice points (1" = 254 units).

The rules these check (idf-fire, formation-line's Blast clause, ironclad-damage's explosion) stay ``unplayed`` in
rules.yaml until battles call these functions, so the tests name only the played rules they lean on."""

from __future__ import annotations

import pytest

from pnpforge.engine.plane import INCH, Base, Table, dist2, inches
from pnpforge.engine.plane_measure import FULLY, PARTLY, overlap, touching
from pnpforge.games.dystopian_legions import templates as t
from pnpforge.games.dystopian_legions.damage import ChainModel

TABLE = Table(inches(48), inches(48))
MID = (inches(24), inches(24))
R25 = inches(1)  # a 25 mm base is taken as 1" across here, to keep the sums round


def base(name: str, x: int, y: int, size: int = 250) -> Base:
    return Base(name, (x, y), size)


def test_arrow_one_points_up_the_table_and_the_rest_follow_clockwise() -> None:
    assert t.arrow(1) == (0, 1) and t.arrow(4) == (0, -1)
    assert t.arrow(2)[0] > 0 and t.arrow(2)[1] > 0  # 30 degrees right of up
    assert t.arrow(3)[0] > 0 and t.arrow(3)[1] < 0
    assert t.arrow(5)[0] < 0 and t.arrow(5)[1] < 0
    assert t.arrow(6)[0] < 0 and t.arrow(6)[1] > 0
    with pytest.raises(ValueError, match="D6 from 1 to 6"):
        t.arrow(7)


def test_scatter_dice_open_sights_observed_and_spotters() -> None:
    assert t.scatter_dice(False) == 1
    assert t.scatter_dice(True) == 3
    assert t.scatter_dice(True, [4]) == 2  # the book's example: one spotter sees the point
    assert t.scatter_dice(True, [3, 6]) == 2
    assert t.scatter_dice(True, [5, 6, 4, 4]) == 1  # never below 1D6


@pytest.mark.rules("dice-halving")
def test_an_expert_observer_halves_the_scatter_rounding_up() -> None:
    assert t.scatter_inches([3, 4]) == 7
    assert t.scatter_inches([3, 4], halved=True) == 4
    assert t.scatter_inches([2, 4], halved=True) == 3
    with pytest.raises(ValueError):
        t.scatter_inches([0])


def test_the_first_blast_scatters_along_the_arrow_by_the_dice() -> None:
    assert t.first_landing(TABLE, MID, 1, [5]) == (inches(24), inches(29))
    assert t.first_landing(TABLE, MID, 4, [2, 3]) == (inches(24), inches(19))
    # arrow 2, 30 degrees right of up: 6" is (3 sqrt 3, 3) inches, each coordinate truncated towards the aim point
    # (the kit's arrow is a hair longer than its true length, so y falls one unit short of 3")
    assert t.first_landing(TABLE, MID, 2, [6]) == (6096 + 1319, 6096 + 761)


def test_the_first_blast_stops_at_the_table_edge() -> None:
    near_top = (inches(24), inches(46))
    assert t.first_landing(TABLE, near_top, 1, [6]) == (inches(24), inches(48))


def test_a_second_blast_touches_the_first_without_overlapping() -> None:
    landing = t.land(TABLE, MID, [1, 2, 6], [4])
    first, second, third = landing.templates
    assert landing.centres[0] == (inches(24), inches(28))
    assert landing.centres[1] == (inches(24) + 660, inches(28) + 381)  # 3" along arrow 2, never short of it
    for a, b in ((first, second), (second, third)):
        assert touching(a, b) and not overlap(a, b)
    assert all(dist2(p, q) >= t.BLAST**2 for p, q in zip(landing.centres, landing.centres[1:]))


def test_bases_under_a_blast_fully_partly_or_not_by_a_rim() -> None:
    landing = t.Landing(MID, (MID,))
    x, y = MID
    inside = base("a", x, y)
    partly = base("b", x + INCH + 125, y)  # its centre just inside the rim
    rim = base("c", x + inches(3, 2) + 125, y)  # touches the rim from outside
    away = base("d", x, y + inches(5))
    [hit] = t.hits(landing, {"line": [inside, partly, rim, away]}, 8, "red")
    assert hit.under == ({"a": FULLY, "b": PARTLY},)
    assert hit.blasts == 1 and hit.dice == 8 and hit.colour == "red"
    assert hit.casualties == ("a", "b", "c", "d")  # nearest the first blast's centre first
    assert t.fully_under(hit) == ("a",)


def test_every_section_under_a_blast_is_hit_friend_or_foe_once_per_blast() -> None:
    landing = t.land(TABLE, MID, [1, 4], [3])  # first at (24, 27), second touching below at (24, 24)
    assert landing.centres == ((inches(24), inches(27)), (inches(24), inches(24)))
    x = inches(24)
    between = {
        "friends": [base("f1", x, inches(25) + 127)],
        "enemies": [base("e1", x + inches(1), inches(24))],
        "far": [base("z1", x + inches(10), inches(24))],
    }
    found = {h.section: h for h in t.hits(landing, between, 8, "red")}
    assert set(found) == {"friends", "enemies"}
    assert found["friends"].blasts == 2 and found["friends"].dice == 16  # under both: two pools of 8
    assert found["enemies"].blasts == 1 and found["enemies"].dice == 8


@pytest.mark.rules("shoot-allocation")
def test_what_each_model_under_a_blast_suffers_nearest_the_centre_first() -> None:
    landing = t.Landing(MID, (MID,))
    x, y = MID
    line = [base("far", x + inches(2), y), base("centre", x, y), base("near", x + INCH, y)]
    [hit] = t.hits(landing, {"line": line}, 8, "red")
    assert hit.casualties == ("centre", "near", "far")
    models = {"centre": ChainModel(3, 1), "near": ChainModel(3, 2), "far": ChainModel(3, 1)}
    # 11 successes: 3 kill the model at the centre, 6 the next (2 LP), 2 fall short of the last; the save takes one
    assert t.suffered(hit, models, 11, 1) == {"centre": 1, "near": 2}
    assert t.suffered(hit, models, 5, 0) == {"centre": 1}


def test_blast_shots_are_placed_against_a_line_and_indirect_fire_lowers_cover() -> None:
    assert t.shot_quality(True) == "placed" and t.shot_quality(False) == "regular"
    assert [t.indirect_cover(c) for c in ("hard", "soft", "open")] == ["soft", "open", "open"]


def test_the_aim_point_is_measured_from_the_nearest_edge_of_each_firer() -> None:
    mortar = Base("m", (inches(10), inches(10)), 500)
    aim = (inches(10) + inches(24) + 250, inches(10))  # 24" from the edge of a 50 mm base
    assert t.aim_in_range([mortar], aim, inches(24))
    assert not t.aim_in_range([mortar], (aim[0] + 1, aim[1]), inches(24))


def test_an_exploding_ironclad_attacks_sections_within_four_inches() -> None:
    hull = Base("tank", (inches(24), inches(24)), inches(4), inches(2))  # 4" x 2", facing +x
    near = [base("n1", inches(24) + inches(2) + inches(4) + 125, inches(24))]  # its edge exactly 4" from the front
    far = [base("f1", inches(24) + inches(2) + inches(4) + 126, inches(24))]
    assert t.explosion(hull, {"near": near, "far": far}, {"front": 9, "side": 7, "rear": 6}) == {"near": 9}
