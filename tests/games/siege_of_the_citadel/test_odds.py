"""Siege of the Citadel's combat tables, exact, against hand computation from the pack's dice faces (a white die hits
on 2 faces of 6, a red one on 3, a black one on 4)."""

from __future__ import annotations

from fractions import Fraction

from pnpforge.games.siege_of_the_citadel.odds import (
    Dice,
    attack_dice,
    combat_odds,
    creature_table,
    defence_table,
    defences,
    ranks,
)

from tests.games.siege_of_the_citadel.test_static import shipped

W, R, B = Fraction(2, 6), Fraction(3, 6), Fraction(4, 6)


def test_the_pack_s_faces_are_the_hand_computation_s() -> None:
    dice = Dice(shipped())
    assert [dice.odds([colour], 0).success for colour in ("white", "red", "black")] == [W, R, B]


def test_white_white_red_against_defence_value_1_needs_two_hits() -> None:
    # P(hits >= 2) by hand: both whites and not the red, one white and the red, or all three
    by_hand = W * W * (1 - R) + 2 * W * (1 - W) * R + W * W * R
    assert by_hand == Fraction(1, 3)
    odds = Dice(shipped()).odds(["white", "white", "red"], 1)
    assert odds.success == by_hand
    assert odds.exactly(1) == W * W * (1 - R) + 2 * W * (1 - W) * R  # two hits leave one damage
    assert odds.exactly(2) == W * W * R


def test_a_tie_fails_and_the_defence_die_can_cancel_a_success() -> None:
    dice = Dice(shipped())
    assert dice.odds(["red", "red"], 2).success == 0  # two hits at most: never more than 2
    # red, red against 1 with a white defence die: two hits and no white hit
    assert dice.odds(["red", "red"], 1, "white").success == R * R * (1 - W)


def test_cover_is_one_more_defence_value_and_charge_a_white_die_more() -> None:
    dice = Dice(shipped())
    table = combat_odds(shipped()).tables[1]
    rank_2 = [row for row in table.rows if row[0] == 2]
    labels = [row[2] for row in rank_2]
    assert labels == ["plain", "re-roll 1 failed", "1 white more", "2 white more", "target in cover"]
    legionnaire = table.columns.index("legionnaire")  # defence value 1, no defence die on board 1-2
    assert rank_2[0][legionnaire] == "33.3%"  # the 1/3 above
    assert rank_2[4][legionnaire] == "5.6%"  # three hits: 1/3 * 1/3 * 1/2 = 1/18
    with_charge = dice.odds(["white", "white", "white", "red"], 1).success
    # at least 2 hits of W, W, W, R
    none_w, one_w = (1 - W) ** 3, 3 * W * (1 - W) ** 2
    assert with_charge == 1 - none_w - one_w * (1 - R)
    assert rank_2[2][legionnaire] == "48.1%"  # 13/27


def test_the_specialists_re_roll_throws_a_failed_die_again() -> None:
    # white, white, red against 1, re-rolling one failed die (the red first when it failed)
    dice = Dice(shipped())
    two_w = W * W
    one_w = 2 * W * (1 - W)
    no_w = (1 - W) ** 2
    red_hits = R + (1 - R) * R  # the red, or its re-roll
    # whites both hit: success unless... always (2 hits); one white: the red or its re-roll; no white: the red
    # hit and the re-rolled white hit
    by_hand = two_w + one_w * red_hits + no_w * R * W
    assert dice.odds(["white", "white", "red"], 1, rerolls=1).success == by_hand


def test_a_weapon_s_dice_come_from_the_rank_card() -> None:
    rank_2 = ranks(shipped())[2].dice
    assert attack_dice(rank_2, {"dice": 1}) == ("red",)  # one die: the strongest of the rank's
    assert attack_dice(rank_2, {"dice": 2}) == ("red", "white")
    assert attack_dice(rank_2, {"dice": 3, "extra": ["black"]}) == ("black", "red", "white", "white")


def test_the_creatures_table_gives_the_damage_distribution() -> None:
    table = creature_table(shipped())
    row = next(r for r in table.rows if r[:3] == ["1-2", "razide", "W"])
    # red, red, red in close combat against defence value 1 and a white defence die: three hits always wound (2
    # damage, 1 after a white hit), two hits wound unless the white die hits
    three, two = R**3, 3 * R * R * (1 - R)
    wounds = three + two * (1 - W)
    assert wounds == Fraction(3, 8)
    assert row[3:7] == ["R R R", "37.5%", "8.3%", "0.46"]  # 2 damage: three hits, no white (1/12)
    assert Fraction(11, 24) == 2 * three * (1 - W) + three * W + two * (1 - W)  # the mean, 0.458...
    # red, red firearms: two hits and no white hit wound; in cover nothing can
    assert row[7:] == ["R R", "16.7%", "0.0%", "0.17", "0.0%"]


def test_every_defence_the_targets_have_and_the_pools_against_them() -> None:
    found = defences(shipped())
    assert (0, "none") in found  # a trap
    assert (1, "white") in found and (2, "white") in found  # a rank-1 Doomtrooper, and in cover
    assert (4, "black") in found and (5, "black") in found  # a nepharite of board 7-8, and in cover
    assert (1, "none") in found and (2, "none") in found  # a legionnaire, and in cover
    table = defence_table(shipped())
    row = next(r for r in table.rows if r[0] == "W W R")
    assert row[table.columns.index("1")] == "33.3%"  # the 1/3 of white, white, red against 1
    assert row[table.columns.index("1 + W")] == "24.1%"  # the same against a white defence die: 13/54
    three, two = W * W * R, W * W * (1 - R) + 2 * W * (1 - W) * R  # 3 hits always get 1 through, 2 hits unless W hits
    assert three + two * (1 - W) == Fraction(13, 54)
