"""Throws that remember each die: the dice test vectors of a wargame rulebook (its digest, section 2), explosion
waves, re-rolls of initial dice, dice a player names and faces, opposed checks, net results, chance nodes per die
and per wave, and the throws a scenario writes."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from pnpforge.engine.dice import DiceSet, Die, Face, Reroll
from pnpforge.engine.dice_exact import distribution_exact
from pnpforge.engine.script import Answer, ScriptAdapter, ScriptChoice, play
from pnpforge.engine.throw import Throw, contest, versus

from tests.engine.dice_race import pack_dice

# basic, heavy and exploding six-sided dice: a natural 6 scores 1, 2, and 2 plus one more exploding die
BASIC = Die.d6("basic", specials={6: Face(successes=1)})
HEAVY = Die.d6("heavy", specials={6: Face(successes=2)})
EXPLODING = Die.d6("exploding", specials={6: Face(successes=2, adds="exploding")})
DICE = DiceSet((BASIC, HEAVY, EXPLODING))


@pytest.fixture(scope="module")
def fixture_dice() -> DiceSet:
    """The dice the dice race's pack declares in its game.yaml."""
    return pack_dice()


def test_nine_basic_dice_at_four_plus_score_five() -> None:  # digest section 2, first test vector
    throw = Throw.from_faces(DICE.pool({"basic": 9}, target=4), [1, 1, 2, 3, 4, 5, 5, 6, 6])
    assert throw.count == 5


def test_five_heavy_dice_at_five_plus_score_three() -> None:  # second test vector
    assert Throw.from_faces(DICE.pool({"heavy": 5}, target=5), [1, 4, 4, 5, 6]).count == 3


def test_thirteen_exploding_dice_score_thirteen_over_two_waves() -> None:  # third test vector
    pool = DICE.pool({"exploding": 13}, target=4)
    throw = Throw.from_faces(pool, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6], [[3, 5, 6], [1]])
    assert throw.count == 13
    assert [d.wave for d in throw.dice] == [0] * 13 + [1, 1, 1, 2]
    assert [d.parent for d in throw.dice[13:]] == [10, 11, 12, 15]  # each added die names the six that added it
    assert throw.labels[13:] == ("3", "5", "6", "1") and throw.wave(1) == (13, 14, 15)


def test_scripted_faces_a_die_lacks_or_waves_that_do_not_match_the_explosions_are_refused() -> None:
    pool = DICE.pool({"exploding": 2, "basic": 1}, target=4)
    with pytest.raises(ValueError, match=r"^die 3 of the throw \(wave 0\): die 'basic' has no face '7'; its faces: "
                                         r"1, 2, 3, 4, 5, 6$"):
        Throw.from_faces(pool, [6, 2, 7])
    with pytest.raises(ValueError, match=r"^wave 1 shows 2 faces, but the faces of wave 0 add 1 dice \(exploding\)$"):
        Throw.from_faces(pool, [6, 2, 3], [[4, 4]])
    with pytest.raises(ValueError, match=r"^the faces of wave 1 add 1 dice \(exploding\): give them as wave 2$"):
        Throw.from_faces(pool, [6, 2, 3], [[6]])
    with pytest.raises(ValueError, match=r"^wave 0 shows 2 faces, but the pool throws 3 dice"):
        Throw.from_faces(pool, [6, 2])


def test_a_reroll_of_initial_dice_leaves_exploded_dice_alone_and_never_takes_a_die_twice() -> None:
    pool = DICE.pool({"exploding": 3}, target=4)
    throw = Throw.from_faces(pool, [1, 6, 2], [[1]])  # the six added a die that shows 1
    initial_ones = Reroll(faces=(1,), initial=True)
    assert throw.eligible(initial_ones) == (0,)  # the exploded 1 is not an initial die
    again = throw.reroll_by(initial_ones, rng=random.Random(4))
    assert again.dice[0].rerolled and again.dice[0].before == 0 and not again.dice[3].rerolled
    assert again.dice[3] == throw.dice[3]
    with pytest.raises(ValueError, match=r"^die 1 \(exploding, wave 0\) was re-rolled already; a die is never "
                                         r"re-rolled twice$"):
        again.reroll([0], random.Random(1))
    failed_initial = Reroll(initial=True)  # a later effect passes over the die re-rolled already
    assert 0 not in again.eligible(failed_initial)
    with pytest.raises(ValueError, match=r"^die 4 \(exploding, wave 1\) showing 1 is not one this re-roll may take$"):
        throw.reroll([3], policy=failed_initial)


def test_rerolls_apply_in_declared_order_and_a_chosen_die_waits_for_its_chance_node() -> None:
    pool = DICE.pool({"basic": 4}, target=4)
    throw = Throw.from_faces(pool, [1, 1, 2, 5])
    first_one = Reroll(faces=(1,), limit=1)
    then_failures = Reroll()
    after = throw.reroll_by(first_one, then_failures, rng=random.Random(0))
    assert [d.rerolled for d in after.dice] == [True, True, True, False]
    waiting = throw.reroll([2])  # a player names the 2; no RNG: it waits for a chance outcome
    assert waiting.pending == (2,) and waiting.dice[2].before == 1
    assert waiting.apply(5).labels == ("1", "1", "6", "5") and waiting.apply(5).count == 2
    with pytest.raises(ValueError, match="2 dice named, but this re-roll takes at most 1"):
        throw.reroll([0, 1], policy=first_one)


def test_rerolling_an_exploded_die_drops_the_dice_its_old_face_added() -> None:
    pool = DICE.pool({"exploding": 2}, target=4)
    throw = Throw.from_faces(pool, [6, 3], [[6], [2]])
    again = throw.reroll([0])
    assert len(again.dice) == 2 and again.pending == (0,)
    assert again.apply(4).count == 1 and again.apply(0).count == 0  # a 5, a 1
    assert again.apply(5).pending == (2,)  # a six again: a new die waits


def test_an_opposed_check_rerolls_a_tie() -> None:
    pool = DICE.pool({"basic": 2}, target=4)
    scripted = iter([[4, 1], [5, 2], [1, 1], [6, 2]])  # a tie (1 to 1), then 0 to 1
    checked = contest(pool, pool, lambda p: Throw.from_faces(p, next(scripted)))
    assert checked.result == "lose" and len(checked.throws) == 2
    assert versus(*checked.throws[0]) == "tie"
    standing = iter([[4, 1], [5, 2]])
    assert contest(pool, pool, lambda p: Throw.from_faces(p, next(standing)), reroll_ties=False).result == "tie"


def test_ties_rerolled_make_an_even_check_a_coin_flip() -> None:
    # one basic die against another at 4+: win 1/4, tie 1/2, lose 1/4, so with ties re-rolled each side wins half
    pool = DICE.pool({"basic": 1}, target=4)
    rng = random.Random(12)
    results = Counter(contest(pool, pool, lambda p: Throw.roll(p, rng)).result for _ in range(4000))
    assert results["tie"] <= 1 and abs(results["win"] - 2000) < 4 * 32  # four standard deviations


def test_net_hits_take_away_a_value_and_the_defence_throw_and_stop_at_zero(fixture_dice: DiceSet) -> None:
    attack = Throw.from_faces(fixture_dice.pool({"strong": 2}), ["hit hit", "hit"])
    defence = Throw.from_faces(fixture_dice.pool({"weak": 1}), ["hit"])
    assert attack.count == 3 and attack.symbols("hit") == 3
    assert attack.net(minus=1, defence=defence) == 1 and attack.net(minus=3, defence=defence) == 0



def test_chance_nodes_per_die_throw_the_pool_with_its_exact_distribution() -> None:
    pool = DICE.pool({"heavy": 1, "exploding": 1}, target=5)
    found: dict[int, Fraction] = {}

    def walk(throw: Throw, p: Fraction, depth: int) -> None:
        if throw.done:
            found[throw.count] = found.get(throw.count, Fraction(0)) + p
        elif depth < 6:
            for outcome, q in throw.outcomes():
                walk(throw.apply(outcome), p * q, depth + 1)
    walk(Throw.start(pool), Fraction(1), 0)
    exact = distribution_exact(pool)
    assert all(found[c] == exact[c] for c in range(5))  # counts that need no more than 6 dice


def test_a_wave_is_one_chance_node_of_multisets_read_as_a_scenario_writes_them(fixture_dice: DiceSet) -> None:
    pool = fixture_dice.pool({"weak": 2, "medium": 1})
    outcomes = Throw.start(pool).outcomes(wave=True)
    assert sum(p for _, p in outcomes) == 1 and len(outcomes) == 3 * 2
    said = {Throw.start(pool).words(o): p for o, p in outcomes}
    assert said["weak hit, weak blank, medium hit"] == 2 * Fraction(1, 6) * Fraction(5, 6) * Fraction(2, 6)
    burst = fixture_dice.pool({"burst": 3}, target=4)
    first = Throw.start(burst)
    sixes = next(o for o, _ in first.outcomes(wave=True) if first.words(o) == "1, 6, 6")
    second = first.apply(sixes)
    assert second.pending == (3, 4) and second.words(second.outcomes(wave=True)[0][0]) == "1, 1"
    scripted = Throw.from_faces(burst, [1, 6, 6], [[2, 5]])
    assert second.apply(tuple(pool.dice["burst"].face_of(f) for f in (2, 5))) == scripted


def test_one_die_chance_outcomes_merge_faces_that_read_alike(fixture_dice: DiceSet) -> None:
    outcomes = Throw.start(fixture_dice.pool({"medium": 1})).outcomes()
    assert outcomes == [(0, Fraction(1, 3)), (2, Fraction(2, 3))]


def test_the_same_seed_throws_the_same_dice_face_by_face() -> None:
    pool = DICE.pool({"exploding": 5, "basic": 3}, target=4)
    assert Throw.roll(pool, random.Random(9)) == Throw.roll(pool, random.Random(9))
    assert Throw.start(pool).finish(random.Random(9)) == Throw.roll(pool, random.Random(9))


class Tossing:
    """A game that is one throw, each wave of it one chance node, for the script runner."""

    pending = ("throw",)

    def __init__(self, throw: Throw):
        self.throw = throw

    def is_terminal(self) -> bool:
        return self.throw.done

    def is_chance_node(self) -> bool:
        return not self.throw.done

    def chance_outcomes(self) -> list:
        return [(outcome, float(p)) for outcome, p in self.throw.outcomes(wave=True)]

    def apply_action(self, outcome) -> None:
        self.throw = self.throw.apply(outcome)

    def clone(self) -> Tossing:
        return Tossing(self.throw)


class Setup(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    dice: int


TOSS = ScriptAdapter(
    setup=Setup, choice=ScriptChoice, build=lambda pack, setup, start, report: Tossing(
        Throw.start(DICE.pool({"exploding": setup.dice}, target=4))),
    name_of=lambda choice: "", answers={}, answer=lambda state, choice: Answer(()), players=lambda state: ("thrower",),
    outcome=lambda final, first: {"count": final.throw.count, "waves": [len(final.throw.wave(w)) for w in range(3)]},
    chances={"throw": ("throw",)}, chance_words=lambda state, outcome: state.throw.words(outcome))


def test_a_scenario_states_the_faces_of_each_wave_as_chance_entries(tmp_path: Path) -> None:
    path = tmp_path / "toss.yaml"
    path.write_text("dice: 3\nchance:\n  - throw: [1, 6, 6]\n  - throw: [2, 6]\n  - throw: [5]\n", encoding="utf-8")
    played = play(TOSS, None, path)  # type: ignore[arg-type]
    assert played.findings == [] and played.outcome == {"count": 7, "waves": [3, 2, 1]}
    pool = DICE.pool({"exploding": 3}, target=4)
    assert played.final.throw == Throw.from_faces(pool, [1, 6, 6], [[2, 6], [5]])
    path.write_text("dice: 2\nchance:\n  - throw: [1, 7]\n", encoding="utf-8")
    [finding] = play(TOSS, None, path).findings  # type: ignore[arg-type]
    assert str(finding).startswith(f"{path}:3:5: error: chance 1: '1, 7' cannot come up here; throw may give: 1, 1; "
                                   "1, 2; ")
