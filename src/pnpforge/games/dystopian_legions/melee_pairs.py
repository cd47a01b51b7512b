"""Melee odds between every pair of sections that fight in melee, for the validator's report (``melee-pairs``):
both striking at once with no charge, as the reference melee table has them (``odds_tables.melee_pair``).

A pair is exact when neither pool holds more than ``EXACT_DICE`` dice, which every pair of the shipped pack does
(its largest melee pool is 24 dice). A larger pool is sampled: ``SAMPLES`` seeded throws of each side, each die drawn
from its exact distribution in whole numbers, and the row states the 95% half-width of its least certain figure.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate

from pnpforge.content.pack import Pack
from pnpforge.engine.pool_odds import decimal, percent
from pnpforge.engine.validate import Analysis, Table
from pnpforge.games.dystopian_legions import damage
from pnpforge.games.dystopian_legions.data import Section
from pnpforge.games.dystopian_legions.odds import EXPLOSION_NOTE, MELEE_TARGET, Kit, chain, melee_pool
from pnpforge.games.dystopian_legions.odds_tables import dice_text, melee_pair

EXACT_DICE = 60  # a pool of more dice than this is sampled
SAMPLES = 20_000  # throws of each side in a sampled pair
Z95 = 1.96


@dataclass(frozen=True)
class Fight:
    """A melee between two sections: the LP each expects to deal, the chance each wipes the other out, the chance
    each gains the Upper Hand, and the 95% half-width of the least certain figure when sampled (None: exact)."""

    dealt: Fraction | float
    taken: Fraction | float
    wipe: Fraction | float
    wiped: Fraction | float
    upper: Fraction | float
    lower: Fraction | float
    error: float | None = None


def fighters(kit: Kit) -> list[Section]:
    """The sections with a melee pool and models that fight (no Ironclad section)."""
    return [s for s in kit.data.sections.values() if melee_pool(kit, s) and chain(kit, s, melee=True)]


def fight(kit: Kit, one: Section, other: Section, exact_dice: int = EXACT_DICE, samples: int = SAMPLES) -> Fight:
    """The melee of ``one`` against ``other``: exact when both pools are small enough, else sampled."""
    pools = (melee_pool(kit, one), melee_pool(kit, other))
    if all(sum(pool.values()) <= exact_dice for pool in pools):
        strike, back, upper = melee_pair(kit, one, other)
        lower = sum((p * q for a, p in strike.lp.items() for b, q in back.lp.items() if a < b), Fraction(0))
        return Fight(strike.expected_lp, back.expected_lp, strike.wipe, back.wipe, upper, lower)
    return _sampled(kit, one, other, samples)


def _die_sampler(kit: Kit, colour: str) -> tuple[list[int], int]:
    """One die's successes at the melee target as running whole weights, and their total."""
    weights, scale = kit.die(colour, MELEE_TARGET)
    return list(accumulate(weights)), scale


def _throw(rng: random.Random, dice: dict[str, int], samplers: dict[str, tuple[list[int], int]]) -> int:
    total = 0
    for colour, count in dice.items():
        running, scale = samplers[colour]
        for _ in range(count):
            total += bisect_right(running, rng.randrange(scale))
    return total


def _sampled(kit: Kit, one: Section, other: Section, samples: int) -> Fight:
    rng = random.Random(f"melee-pairs:{one.id}:{other.id}")
    pools = (melee_pool(kit, one), melee_pool(kit, other))
    chains = (chain(kit, other, melee=True), chain(kit, one, melee=True))
    samplers = {c: _die_sampler(kit, c) for pool in pools for c in pool}
    dealt, taken, wipe, wiped, upper, lower = [], [], 0, 0, 0, 0
    for _ in range(samples):
        mine = damage.melee_losses(_throw(rng, pools[0], samplers), chains[0])
        theirs = damage.melee_losses(_throw(rng, pools[1], samplers), chains[1])
        dealt.append(mine.total_lp)
        taken.append(theirs.total_lp)
        wipe += mine.kills == len(chains[0])
        wiped += theirs.kills == len(chains[1])
        upper += mine.total_lp > theirs.total_lp
        lower += mine.total_lp < theirs.total_lp
    wipes, wipeds, uppers, lowers = (n / samples for n in (wipe, wiped, upper, lower))
    spreads = [math.sqrt(p * (1 - p) / samples) for p in (wipes, wipeds, uppers, lowers)]
    for values in (dealt, taken):
        mean = sum(values) / samples
        spreads.append(math.sqrt(sum((v - mean) ** 2 for v in values) / (samples - 1) / samples))
    return Fight(sum(dealt) / samples, sum(taken) / samples, wipes, wipeds, uppers, lowers, Z95 * max(spreads))


def _number(value: Fraction | float) -> str:
    return decimal(Fraction(value).limit_denominator(10**6) if isinstance(value, float) else value)


def _share(value: Fraction | float, places: int = 1) -> str:
    return percent(Fraction(value).limit_denominator(10**6) if isinstance(value, float) else value, places)


def melee_pairs(pack: Pack, exact_dice: int = EXACT_DICE, samples: int = SAMPLES) -> Analysis:
    """Every pair of sections that fight in melee (a section against itself too), once each."""
    kit = Kit(pack)
    found = fighters(kit)
    rows = []
    for i, one in enumerate(found):
        for other in found[i:]:
            result = fight(kit, one, other, exact_dice, samples)
            rows.append(
                [
                    one.name,
                    other.name,
                    dice_text(melee_pool(kit, one)),
                    dice_text(melee_pool(kit, other)),
                    _number(result.dealt),
                    _number(result.taken),
                    _share(result.wipe),
                    _share(result.wiped),
                    _share(result.upper),
                    _share(result.lower),
                    "exact" if result.error is None else f"sampled, ±{result.error:.3f}",
                ]
            )
    return Analysis(
        tables=[
            Table(
                f"Melee between every pair of sections, both striking at once with no charge (hits on "
                f"{MELEE_TARGET}+, MAD, CQB weapons and Cold Steel as in the reference melee table): the LP each "
                f"expects to deal the other, the chance each wipes the other out, and the chance each gains the "
                f"Upper Hand (the rest are ties). A pair is exact unless a pool has more than {exact_dice} dice; "
                f"then it is {samples:,} seeded throws and the last column gives the 95% half-width of its least "
                f"certain figure. {EXPLOSION_NOTE}",
                [
                    "section",
                    "against",
                    "dice",
                    "dice against",
                    "LP dealt",
                    "LP taken",
                    "wipe",
                    "wiped",
                    "Upper Hand",
                    "theirs",
                    "how",
                ],
                rows,
            )
        ]
    )
