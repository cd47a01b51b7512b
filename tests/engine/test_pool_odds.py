"""A dice pool against a defence value and a defence pool, exact, against hand-computed values; display rounding."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pnpforge.engine.dice import DiceSet, Die, Face, Reroll
from pnpforge.engine.pool_odds import against, at_least, decimal, expected_count, percent

HIT = Face(1, symbols=("hit",), label="hit")
BLANK = Face(0, label="blank")
THIRD = Die("third", (HIT, HIT, BLANK, BLANK, BLANK, BLANK))  # hits 1 in 3
HALF = Die("half", (HIT, HIT, HIT, BLANK, BLANK, BLANK))  # hits 1 in 2
DICE = DiceSet((THIRD, HALF))


def test_two_dice_against_defence_value_one_need_both_hits() -> None:
    odds = against(DICE.pool({"third": 1, "half": 1}), 1)
    assert odds.success == Fraction(1, 3) * Fraction(1, 2)
    assert odds.damage == ((0, Fraction(5, 6)), (1, Fraction(1, 6)))


def test_a_defence_die_cancels_one_damage() -> None:
    # two half dice against value 0 and a third die: damage 2 w.p. 1/4, 1 w.p. 1/2, 0 w.p. 1/4; the third die
    # cancels one w.p. 1/3
    odds = against(DICE.pool({"half": 2}), 0, DICE.pool({"third": 1}))
    assert odds.exactly(2) == Fraction(1, 4) * Fraction(2, 3)
    assert odds.exactly(1) == Fraction(1, 4) * Fraction(1, 3) + Fraction(1, 2) * Fraction(2, 3)
    assert odds.success == 1 - Fraction(1, 4) - Fraction(1, 2) * Fraction(1, 3)
    assert odds.expected == 2 * odds.exactly(2) + odds.exactly(1)
    assert sum(p for _, p in odds.damage) == 1


def test_a_tie_with_the_defence_value_fails() -> None:
    assert against(DICE.pool({"half": 1}), 1).success == 0


def test_a_limited_re_roll_of_failed_dice_takes_the_strongest_first() -> None:
    # one failed die re-rolled: the half die when it failed, else the third die
    policy = Reroll(kinds=("half", "third"), limit=1)
    pool = DICE.pool({"third": 1, "half": 1}, reroll=policy)
    half, third = Fraction(1, 2), Fraction(1, 3)
    miss_half = (1 - half) * (1 - half)  # fails, and fails again
    both = third * (1 - miss_half) + (1 - third) * half * third  # the third hits; or the half hits, the third re-rolled
    assert against(pool, 1).success == both


def test_at_least_and_expected_count() -> None:
    pool = DICE.pool({"third": 2})
    assert at_least(pool, [0, 1, 2, 3]) == [1, Fraction(5, 9), Fraction(1, 9), 0]
    assert expected_count(pool) == Fraction(2, 3)


def test_a_negative_defence_value_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        against(DICE.pool({"third": 1}), -1)


def test_display_rounds_half_up_without_floats() -> None:
    assert percent(Fraction(4, 9)) == "44.4%"
    assert percent(Fraction(1, 8)) == "12.5%"
    assert percent(Fraction(1, 2000)) == "0.1%"
    assert percent(Fraction(0)) == "0.0%"
    assert percent(Fraction(1)) == "100.0%"
    assert decimal(Fraction(5, 6)) == "0.83"
    assert decimal(Fraction(1, 8), 2) == "0.13"
