"""Exact count distributions of dice pools (``engine/dice.py``), in floats or in fractions.

``distribution`` convolves per-die distributions in floats; ``distribution_exact`` does the same sums in
``fractions.Fraction``, so a pool without explosions gets its exact probabilities. Explosions make the support
infinite: each die's explosion tree grows a generation at a time (dropping entries under ``TAIL * 1e-6``) until its
missing mass, times the counts it may carry, is under ``TAIL`` shared among the dice, so the probabilities sum to at
least ``1 - TAIL`` (1e-9) and the expectation loses about as little; the exact form is then exact but for that tail.

A pool's ``Reroll`` is applied as ``engine/throw.py`` applies it to a throw: without a limit each die it takes is
thrown again once (an added die too, unless ``initial``); with a limit, after the whole throw, the first dice it
takes by kind are thrown again as fresh dice that are not re-rolled (their explosions thrown).

``chance_outcomes`` serves the distribution as a chance node's ``(count, probability)`` pairs; when the support is
too large, a state makes each die a chance node instead (``Throw.outcomes``). Faces adding several dice each make
the computation slow (seconds).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from math import lcm
from typing import Any

from pnpforge.engine.dice import Pool

TAIL = 1e-9  # probability mass the distributions of exploding pools may leave out
MAX_DEPTH = 256  # explosion generations expanded before the distribution gives up

Key = tuple[int, ...]  # (count, re-rollable dice of each tracked kind)
Dist = dict[Key, Any]  # probabilities: all floats, or all fractions
Added = tuple[tuple[str, int], ...]  # (kind, count) of the dice a face adds
Row = tuple[Any, Key, Added]  # (probability, own key, dice added)
Ratio = Callable[[int, int], Any]  # k, n -> k / n as a float or a fraction


def _convolve(a: Dist, b: Dist, cap: int) -> Dist:
    out: Dist = {}
    for ka, pa in a.items():
        for kb, pb in b.items():
            key = (ka[0] + kb[0], *(min(x + y, cap) for x, y in zip(ka[1:], kb[1:])))
            out[key] = out.get(key, 0) + pa * pb
    return out


def _power(dist: Dist, count: int, cap: int, width: int) -> Dist:
    if count > 1 and any(isinstance(p, Fraction) for p in dist.values()):  # whole numbers over one denominator
        scale = lcm(*(Fraction(p).denominator for p in dist.values()))
        whole = _power({k: int(p * scale) for k, p in dist.items()}, count, cap, width)
        return {k: Fraction(v, scale ** count) for k, v in whole.items()}
    out: Dist = {(0,) * width: 1}
    for _ in range(count):
        out = _convolve(out, dist, cap)
    return out


def _added(adds: tuple[str, ...]) -> Added:
    return tuple((kind, adds.count(kind)) for kind in dict.fromkeys(adds))


def _rows(pool: Pool, kind: str, tracked: tuple[str, ...], rerolling: bool, ratio: Ratio) -> list[Row]:
    """A kind's faces as rows; with ``rerolling``, a die the policy takes is thrown once more; ``tracked`` kinds
    count the dice the policy takes in the key instead."""
    sides = pool._sides[kind]
    n, taken = len(sides), sum(side[1] for side in sides)
    again = rerolling and kind in pool._ranks
    return [(ratio(taken, n * n) if again and chosen else ratio(n + taken, n * n) if again else ratio(1, n),
             (score, *(int(chosen and kind == t) for t in tracked)), _added(adds))
            for score, chosen, adds, _ in sides]


def _generation(rows: list[Row], children: Mapping[str, Dist], cap: int, width: int,
                powers: dict[tuple[str, int], Dist]) -> Dist:
    """A die's distribution when each die it adds has the distribution of ``children``."""
    total: Dist = {}
    for probability, key, added in rows:
        part: Dist = {key: probability}
        for child, count in added:
            if (child, count) not in powers:
                powers[child, count] = _power(children[child], count, cap, width)
            part = _convolve(part, powers[child, count], cap)
        for k, p in part.items():
            total[k] = total.get(k, 0) + p
    return total


def _trees(rows: Mapping[str, list[Row]], eps: float, cap: int, width: int) -> dict[str, Dist]:
    """Each kind's distribution with its explosions, a generation deeper per pass, until every one is complete."""
    current: dict[str, Dist] = {kind: {} for kind in rows}
    for _ in range(MAX_DEPTH):
        powers: dict[tuple[str, int], Dist] = {}
        current = {kind: {k: p for k, p in _generation(faces, current, cap, width, powers).items() if p >= eps * 1e-6}
                   for kind, faces in rows.items()}
        if all((1 - sum(dist.values())) * (2 + max((abs(key[0]) for key in dist), default=0)) < eps
               for dist in current.values()):
            return current
    raise ValueError(f"explosions of {', '.join(rows)} do not die out within {MAX_DEPTH} generations")


def _distribution(pool: Pool, ratio: Ratio) -> dict[int, Any]:
    policy = pool.reroll
    limit = policy.limit if policy is not None else None
    initial = policy is not None and policy.initial
    if limit and any(side[1] and (side[0] or side[2]) for kind in pool._ranks for side in pool._sides[kind]):
        raise ValueError("a limited re-roll is computed only for faces that count nothing and add no dice")
    tracked = tuple(sorted(pool._ranks, key=pool._ranks.__getitem__)) if limit else ()
    cap, width = limit or 0, 1 + len(tracked)
    eps = TAIL / max(1, pool.size + cap)
    kinds = pool._sides

    def rows(roots: bool, rerolling: bool) -> dict[str, list[Row]]:
        track = tracked if roots or not initial else ()
        return {kind: _rows(pool, kind, track, rerolling and (roots or not initial), ratio) for kind in kinds}

    children = _trees(rows(False, limit is None), eps, cap, width)
    powers: dict[tuple[str, int], Dist] = {}
    roots = rows(True, limit is None)
    joint: Dist = {(0,) * width: 1}
    for kind, count in pool.counts:
        tree = _generation(roots[kind], children, cap, width, powers)
        joint = _convolve(joint, _power(tree, count, cap, width), cap)
    if tracked:  # re-roll the first ``cap`` dice taken, by kind rank, each a fresh die that is not re-rolled
        plain = _trees({kind: _rows(pool, kind, (), False, ratio) for kind in kinds}, eps, 0, 1)
        gains: dict[Key, Dist] = {}
        final: Dist = {}
        for key, probability in joint.items():
            if key[1:] not in gains:
                gain: Dist = {(0,): 1}
                left = cap
                for kind, taken in zip(tracked, key[1:]):
                    again = min(taken, left)
                    gain, left = _convolve(gain, _power(plain[kind], again, 0, 1), 0), left - again
                gains[key[1:]] = gain
            for extra, p in gains[key[1:]].items():
                final[(key[0] + extra[0],)] = final.get((key[0] + extra[0],), 0) + probability * p
        joint = final
    out: dict[int, Any] = {}
    for key, probability in joint.items():
        out[key[0]] = out.get(key[0], 0) + probability
    return dict(sorted(out.items()))


def distribution(pool: Pool) -> dict[int, float]:
    """``{count: probability}`` by rising count in floats; with explosions the sum is at least ``1 - TAIL``."""
    return {count: float(p) for count, p in _distribution(pool, lambda k, n: k / n).items()}


def distribution_exact(pool: Pool) -> dict[int, Fraction]:
    """``{count: probability}`` by rising count in fractions: exact for a pool without explosions; with them,
    exact but for the tail left out, whose mass is under ``TAIL`` (1e-9)."""
    return _distribution(pool, Fraction)


def net_exact(pool: Pool, minus: int = 0, defence: Pool | None = None) -> dict[int, Fraction]:
    """The distribution of ``Throw.net``: the pool's count less ``minus`` and less the defence pool's count, never
    below 0, in fractions."""
    against = distribution_exact(defence) if defence is not None else {0: Fraction(1)}
    out: dict[int, Fraction] = {}
    for count, p in distribution_exact(pool).items():
        for cancelled, q in against.items():
            left = max(0, count - minus - cancelled)
            out[left] = out.get(left, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def expected(pool: Pool) -> float:
    """The expected count, from the distribution."""
    return sum(count * p for count, p in distribution(pool).items())


def at_least(pool: Pool, n: int) -> float:
    """The probability of counting at least ``n``."""
    return sum(p for count, p in distribution(pool).items() if count >= n)


def chance_outcomes(pool: Pool, max_outcomes: int = 64) -> list[tuple[int, float]]:
    """``(count, probability)`` pairs by rising count, renormalised to sum to 1, for a chance node where only the
    count matters. More than ``max_outcomes`` pairs raise ``ValueError``: then throw the dice one by one."""
    dist = distribution(pool)
    if len(dist) > max_outcomes:
        raise ValueError(f"{len(dist)} outcomes exceed max_outcomes={max_outcomes}; throw the dice one by one")
    total = sum(dist.values())
    return [(count, p / total) for count, p in dist.items()]
