"""Exact distributions of dice pools against hand-computed values (re-rolls, explosions, symbols), in floats and
in fractions, and seeded throws following them."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pnpforge.engine.dice import DiceSet, Die, Face, Pool, Reroll
from pnpforge.engine.dice_exact import (
    at_least, chance_outcomes, distribution, distribution_exact, expected, net_exact,
)
from pnpforge.engine.throw import Throw

from tests.engine.dice_race import pack_dice

EXACT = {"rel": 1e-9, "abs": 1e-9}
TARGETS = range(2, 7)

PLAIN = Die.d6("plain")
EXPLODING = Die.d6("exploding", specials={6: Face(successes=1, adds="exploding")})
RED = Die.d6("red", specials={6: Face(successes=2, adds="red")})
BLUE = Die.d6("blue", specials={6: Face(successes=2)})
DICE = DiceSet((PLAIN, EXPLODING, RED, BLUE))


def pool(target: int | None = None, reroll: Reroll | None = None, **counts: int) -> Pool:
    return DICE.pool(counts, target=target, reroll=reroll)


def test_two_plain_dice_at_four_plus_score_at_least_one_success_three_times_in_four() -> None:
    assert at_least(pool(4, plain=2), 1) == pytest.approx(0.75, **EXACT)
    assert distribution(pool(4, plain=2)) == pytest.approx({0: 0.25, 1: 0.5, 2: 0.25}, **EXACT)


@pytest.mark.parametrize("target", TARGETS)
def test_an_exploding_six_scoring_one_expects_seven_minus_target_fifths(target: int) -> None:
    assert expected(pool(target, exploding=1)) == pytest.approx((7 - target) / 5, **EXACT)


@pytest.mark.parametrize("target", TARGETS)
def test_an_exploding_six_scoring_two_expects_eight_minus_target_fifths(target: int) -> None:
    assert expected(pool(target, red=1)) == pytest.approx((8 - target) / 5, **EXACT)


@pytest.mark.parametrize("target", TARGETS)
def test_a_six_scoring_two_without_explosion_expects_eight_minus_target_sixths(target: int) -> None:
    assert expected(pool(target, blue=1)) == pytest.approx((8 - target) / 6, **EXACT)


@pytest.mark.parametrize("counts", [{"plain": 3}, {"exploding": 2}, {"red": 3, "blue": 2}, {"exploding": 1, "red": 1}])
def test_distributions_sum_to_one_within_the_cut_tail(counts: dict[str, int]) -> None:
    dist = distribution(DICE.pool(counts, target=4))
    assert 1 - 1e-9 <= sum(dist.values()) <= 1 + 1e-12
    assert list(dist) == sorted(dist) and all(p >= 0 for p in dist.values())


def test_an_exploding_die_has_the_geometric_tail_computed_by_hand() -> None:
    dist = distribution(pool(7, exploding=1))  # only sixes score: k sixes then a non-six
    for k in range(6):
        assert dist[k] == pytest.approx((1 / 6) ** k * 5 / 6, **EXACT)


def test_a_die_built_with_its_own_target_ignores_the_pool_target() -> None:
    dice = DiceSet((Die.d6("fixed", target=5),))
    assert expected(dice.pool({"fixed": 1}, target=2)) == pytest.approx(2 / 6, **EXACT)
    assert expected(dice.pool({"fixed": 1})) == pytest.approx(2 / 6, **EXACT)


def test_a_pool_mixing_kinds_convolves_their_distributions() -> None:
    # plain at 4+: {0: 1/2, 1: 1/2}; blue at 4+: {0: 1/2, 1: 1/3, 2: 1/6}
    dist = distribution(pool(4, plain=1, blue=1))
    assert dist == pytest.approx({0: 1 / 4, 1: 5 / 12, 2: 1 / 4, 3: 1 / 12}, **EXACT)


def test_an_explosion_may_add_a_die_of_another_kind() -> None:
    dice = DiceSet((Die.d6("plain"), Die.d6("feeder", specials={6: Face(successes=0, adds=("plain", "plain"))})))
    # 4 and 5 score; the 6 scores nothing itself but adds two plain dice at 4+ (1 expected success)
    assert expected(dice.pool({"feeder": 1}, target=4)) == pytest.approx(2 / 6 + 1 / 6, **EXACT)


def test_one_die_rerolling_its_failure_succeeds_three_times_in_four() -> None:
    for policy in (Reroll(("plain",)), Reroll(limit=1), Reroll()):
        assert at_least(pool(4, policy, plain=1), 1) == pytest.approx(0.75, **EXACT)


def test_every_failure_rerolled_makes_each_die_independent_at_three_quarters() -> None:
    dist = distribution(pool(4, Reroll(("plain",)), plain=2))
    assert dist == pytest.approx({0: 1 / 16, 1: 6 / 16, 2: 9 / 16}, **EXACT)


def test_rerolls_leave_kinds_outside_the_policy_alone() -> None:
    assert expected(pool(4, Reroll(("blue",)), plain=2)) == pytest.approx(1.0, **EXACT)


def test_up_to_one_reroll_among_two_dice() -> None:
    dist = distribution(pool(4, Reroll(limit=1), plain=2))
    # both fail (1/4): one is re-rolled, 1 success half the time; one fails (1/2): re-rolled, 2 half the time
    assert dist == pytest.approx({0: 1 / 8, 1: 1 / 8 + 1 / 4, 2: 1 / 4 + 1 / 4}, **EXACT)
    assert expected(pool(4, Reroll(limit=1), plain=2)) == pytest.approx(1.375, **EXACT)


def test_a_limited_reroll_takes_kinds_by_the_policy_sequence() -> None:
    dice = DiceSet((Die.d6("easy", target=4), Die.d6("hard", target=6)))
    first_hard = dice.pool({"easy": 1, "hard": 1}, reroll=Reroll(("hard", "easy"), limit=1))
    first_easy = dice.pool({"easy": 1, "hard": 1}, reroll=Reroll(("easy", "hard"), limit=1))
    # hard fails (5/6): it is re-rolled (+1/6); else easy is re-rolled if it failed (1/6 * 1/2 * 1/2)
    assert expected(first_hard) == pytest.approx(1 / 2 + 1 / 6 + 5 / 6 * 1 / 6 + 1 / 6 * 1 / 4, **EXACT)
    # easy fails (1/2): re-rolled (+1/2); else hard is re-rolled if it failed (1/2 * 5/6 * 1/6)
    assert expected(first_easy) == pytest.approx(1 / 2 + 1 / 6 + 1 / 4 + 5 / 72, **EXACT)


def test_failed_dice_added_by_an_explosion_may_be_rerolled() -> None:
    # target 7: only sixes score; a chain always ends in one failed die, and re-rolling it starts a fresh chain
    plain = expected(pool(7, exploding=1))
    assert plain == pytest.approx(1 / 5, **EXACT)
    assert expected(pool(7, Reroll(limit=1), exploding=1)) == pytest.approx(plain + plain, **EXACT)
    # every failure re-rolled: each die of the chain shows a six with 1/6 + 5/6 * 1/6 = 11/36, so E = 11/25
    assert expected(pool(7, Reroll(("exploding",)), exploding=1)) == pytest.approx(11 / 25, **EXACT)


def test_a_die_with_symbols_gives_the_count_distribution_of_a_symbol() -> None:
    marked = Die("marked", (Face(symbols=("hit",)), Face(symbols=("hit", "hit")), Face(symbols=("shield",)),
                            Face(), Face(), Face(symbols=("hit", "shield"))))
    dice = DiceSet((marked,))
    hits = distribution(dice.pool({"marked": 2}, symbol="hit"))
    one = {0: Fraction(3, 6), 1: Fraction(2, 6), 2: Fraction(1, 6)}
    by_hand = {a + b: Fraction(0) for a in one for b in one}
    for a, pa in one.items():
        for b, pb in one.items():
            by_hand[a + b] += pa * pb
    assert hits == pytest.approx({k: float(v) for k, v in by_hand.items()}, **EXACT)
    assert expected(dice.pool({"marked": 1}, symbol="shield")) == pytest.approx(2 / 6, **EXACT)
    assert distribution(dice.pool({"marked": 3})) == pytest.approx({0: 1.0}, **EXACT)  # no face scores successes


def test_chance_outcomes_are_sorted_pairs_summing_to_one() -> None:
    outcomes = chance_outcomes(pool(4, exploding=2))
    assert [s for s, _ in outcomes] == sorted(s for s, _ in outcomes) == list(range(len(outcomes)))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-15)
    assert dict(chance_outcomes(pool(4, plain=2))) == pytest.approx({0: 0.25, 1: 0.5, 2: 0.25}, **EXACT)
    with pytest.raises(ValueError, match="max_outcomes=5"):
        chance_outcomes(pool(4, exploding=2), max_outcomes=5)


def sampled_mean_error(throws: Pool, samples: int, seed: int) -> tuple[float, float]:
    """How far the mean of ``samples`` seeded throws is from the exact expectation, and four standard errors."""
    rng = random.Random(seed)
    mean = sum(Throw.roll(throws, rng).count for _ in range(samples)) / samples
    dist = distribution(throws)
    variance = sum(s * s * p for s, p in dist.items()) - expected(throws) ** 2
    return abs(mean - expected(throws)), 4 * (variance / samples) ** 0.5


def test_the_mean_of_twenty_thousand_throws_is_close_to_the_exact_expectation() -> None:
    error, allowed = sampled_mean_error(pool(4, red=1, exploding=1), 20_000, 20240601)
    assert allowed < 0.05 and error < allowed


@pytest.mark.parametrize("reroll", [Reroll(("red", "plain")), Reroll(limit=2), Reroll(("plain",), limit=1)])
def test_sampled_rerolls_follow_the_exact_expectation(reroll: Reroll) -> None:
    error, allowed = sampled_mean_error(pool(4, reroll, plain=2, red=1), 4_000, 99)
    assert allowed < 0.1 and error < allowed


@pytest.mark.parametrize("kinds", [("hard", "easy"), ("easy", "hard")])
def test_sampled_limited_rerolls_take_kinds_by_the_policy_sequence(kinds: tuple[str, str]) -> None:
    dice = DiceSet((Die.d6("easy", target=4), Die.d6("hard", target=6)))
    error, allowed = sampled_mean_error(dice.pool({"easy": 1, "hard": 1}, reroll=Reroll(kinds, limit=1)), 4_000, 5)
    assert allowed < 0.06 and error < allowed  # the two sequences' expectations differ by 0.14


def test_a_sampled_count_has_the_exact_frequencies() -> None:
    rng, two = random.Random(7), pool(4, Reroll(limit=1), plain=2)
    counts = [Throw.roll(two, rng).count for _ in range(10_000)]
    for successes, p in distribution(two).items():
        assert counts.count(successes) / 10_000 == pytest.approx(p, abs=0.02)


def test_the_same_seed_throws_the_same_dice() -> None:
    mixed = pool(4, Reroll(limit=2), plain=3, red=2, exploding=2)
    first = [Throw.roll(mixed, random.Random(seed)) for seed in range(50)]
    assert first == [Throw.roll(mixed, random.Random(seed)) for seed in range(50)]
    assert len({r.dice for r in first}) > 40


def test_a_throw_lists_added_dice_after_the_faces_that_add_them() -> None:
    rng = random.Random(3)
    throws = [Throw.roll(pool(4, exploding=2), rng) for _ in range(300)]
    for throw in throws:
        sixes = sum(d.face == 5 for d in throw.dice)
        assert sum(not d.initial for d in throw.dice) == sixes
        assert [d.initial for d in throw.dice[:2]] == [True, True]
        assert all(throw.dice[d.parent].face == 5 and d.parent < i for i, d in enumerate(throw.dice) if not d.initial)
        assert throw.count == sum(d.face >= 3 for d in throw.dice)
    assert any(len(t.dice) > 3 for t in throws)


def test_a_throw_records_rerolled_faces() -> None:
    rng = random.Random(11)
    throws = [Throw.roll(pool(4, Reroll(("plain",)), plain=1), rng) for _ in range(200)]
    rerolled = [t.dice[0] for t in throws if t.dice[0].rerolled]
    assert rerolled and all(d.before is not None and d.before < 3 for d in rerolled)
    assert all(t.dice[0].face >= 3 for t in throws if not t.dice[0].rerolled)


def test_a_throw_counts_symbols() -> None:
    dice = DiceSet((Die("marked", (Face(symbols=("hit", "hit")), Face(symbols=("shield",)))),))
    throw = Throw.roll(dice.pool({"marked": 4}, symbol="hit"), random.Random(5))
    assert throw.symbols("hit") == throw.count == 2 * sum(d.face == 0 for d in throw.dice)
    assert throw.symbols("shield") == sum(d.face == 1 for d in throw.dice)




def test_explosions_that_never_die_out_are_refused() -> None:
    endless = DiceSet((Die("endless", (Face(successes=1, adds="endless"),)),))
    with pytest.raises(ValueError, match="do not die out"):
        distribution(endless.pool({"endless": 1}))
    with pytest.raises(ValueError, match="do not die out"):
        Throw.roll(endless.pool({"endless": 1}), random.Random(1))


def test_two_weak_dice_and_a_medium_one_beat_a_defence_of_one_thirteen_times_in_108() -> None:
    # hits above the defence value of 1 (a tie fails): P(H >= 2) with P(hit) 1/6, 1/6 and 2/6, from the faces the
    # fixture pack declares; P(3) = 1/6 * 1/6 * 2/6 = 1/108, P(2) = 1/36 * 4/6 + 2 * 1/6 * 5/6 * 2/6 = 12/108
    dice = pack_dice()
    dist = distribution_exact(dice.pool({"weak": 2, "medium": 1}))
    assert sum(p for hits, p in dist.items() if hits >= 2) == Fraction(13, 108)
    assert dist[0] == Fraction(5, 6) ** 2 * Fraction(4, 6) and sum(dist.values()) == 1


def test_three_exploding_dice_have_the_negative_binomial_distribution_computed_by_hand() -> None:
    # at 7+ only sixes score, one each, and each six adds a die: k sixes among three chains has probability
    # C(k + 2, 2) (1/6)^k (5/6)^3; every entry kept is exact, and the tail left out is under 1e-9
    dist = distribution_exact(pool(7, exploding=3))
    for k in range(9):
        assert dist[k] == (k + 2) * (k + 1) // 2 * Fraction(1, 6) ** k * Fraction(5, 6) ** 3
    assert 0 < 1 - sum(dist.values()) < Fraction(1, 10 ** 9)


def test_three_declared_exploding_dice_start_with_the_values_computed_by_hand() -> None:
    # the fixture's burst die at 4+: 1-3 score 0, 4-5 score 1, a 6 scores 2 and adds a burst die
    dist = distribution_exact(pack_dice().pool({"burst": 3}, target=4))
    assert dist[0] == Fraction(1, 8)  # three dice at 1-3
    assert dist[1] == 3 * Fraction(1, 3) * Fraction(1, 4)  # one 4-5, two 1-3
    # two 4-5 and one 1-3, or a six whose added die shows 1-3 and two 1-3
    assert dist[2] == 3 * Fraction(1, 9) * Fraction(1, 2) + 3 * Fraction(1, 6) * Fraction(1, 2) * Fraction(1, 4)
    assert distribution(pack_dice().pool({"burst": 3}, target=4)) == pytest.approx(
        {k: float(p) for k, p in dist.items()}, **EXACT)


def test_rerolling_initial_failures_only_leaves_the_added_dice_alone() -> None:
    # at 7+ one exploding die: the initial die scores a six with 11/36 (re-rolled once), added dice with 1/6
    dist = distribution_exact(pool(7, Reroll(initial=True), exploding=1))
    assert dist[0] == Fraction(25, 36) and dist[1] == Fraction(11, 36) * Fraction(5, 6)
    error, allowed = sampled_mean_error(pool(4, Reroll(initial=True), exploding=2, plain=1), 4_000, 8)
    assert allowed < 0.1 and error < allowed


def test_rerolling_ones_takes_a_face_not_a_failure() -> None:
    ones = pool(4, Reroll(faces=(1,)), plain=1)  # a 1 thrown again: 2-3 still fail
    assert distribution_exact(ones) == {0: Fraction(1, 6) * Fraction(1, 2) + Fraction(2, 6), 1: Fraction(7, 12)}
    error, allowed = sampled_mean_error(pool(4, Reroll(faces=(1,), limit=2), plain=3), 4_000, 3)
    assert allowed < 0.1 and error < allowed
    with pytest.raises(ValueError, match="only for faces that count nothing"):
        distribution(pool(4, Reroll(faces=(6,), limit=1), plain=1))
    with pytest.raises(ValueError, match="no die shows a face '9' to re-roll"):
        pool(4, Reroll(faces=(9,)), plain=1)


def test_net_damage_takes_the_defence_value_and_a_defence_die_away() -> None:
    # hits H of two weak and one medium die: P(2) = 24/216, P(3) = 2/216; less 1, less a medium defence die's hits
    # (one hit with 1/3): 1 left when H = 2 and no defence hit, or H = 3 and one; 2 left when H = 3 and none
    dice = pack_dice()
    net = net_exact(dice.pool({"weak": 2, "medium": 1}), minus=1, defence=dice.pool({"medium": 1}))
    left_one = Fraction(24, 216) * Fraction(2, 3) + Fraction(2, 216) * Fraction(1, 3)
    assert net == {0: 1 - left_one - Fraction(1, 162), 1: left_one, 2: Fraction(2, 216) * Fraction(2, 3)}
