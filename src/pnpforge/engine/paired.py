"""Paired units: one deal played once in every seating, and the statistics that take the unit as their sample.

The games of a paired unit (``engine/seating.py``'s ``unit_size``, ``engine/simulate.py``'s ``game_seed``) share
their chance, so they are not independent: a deal that favours the first seat favours it in every game of the unit,
while each side sits there once. A side's win share over the unit then carries the deal's luck shared by every
side and none of the seat's, and the unit, not the game, is the independent observation.

For a count that compares seats or sides (a side's wins out of the games it played, the first seat's, the draws)
the chunk adds, per unit ``u``, the squares ``w_u²`` and ``n_u²`` and the product ``w_u n_u`` of its successes
``w_u`` and trials ``n_u`` (``add_unit``). The share ``p = Σw / Σn`` then has the ratio (cluster) estimator's
variance over ``U`` units:

    var(p) = U / (U - 1) · Σ (w_u - p n_u)² / (Σn)²

the variance of the units' residuals, which is sound whatever the correlation inside a unit: smaller than the
binomial's when the seats' luck cancels in the unit, larger when the deal moves every game of the unit the same way.
The verdicts keep Wilson's interval, at the *effective* number of trials ``p (1 - p) / var(p)``: the independent
games that would give the same variance (``effective_trials``). Units of one trial each are independent games, and
the plain count stands; with fewer than ``MIN_UNITS`` units the residuals are too few to trust a gain, and the
effective trials are at most the games (a loss still counts). A share of none or all has no residual to measure:
it counts as many trials as equal units would (``(Σn)² / Σn²``), as if each unit's games always went one way.

Variants played on the same seeds (``validate --compare``, ``sweep``) meet the same deals: ``unit_difference``
judges the difference of a share between two runs by the units' paired differences.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnpforge.engine.stats import wilson
from pnpforge.engine.tally import Tally
from pnpforge.engine.verdicts import Verdict, outside

MIN_UNITS = 20  # fewer units: the residuals' variance may only widen an interval, never narrow it
EXACT = 10**9  # the effective trials of a share every unit gives exactly (no residual at all)
# the counts kept per unit: these prefixes, and the keys of WHOLE; ``share/<what>`` is a game package's own count of
# games where something happened (at most one a game: a mission won), judged over the units like the draws
PER_UNIT = ("wins/", "played/", "share/")
WHOLE = ("draws", "lost-by-all", "games")
TWELFTHS = 12  # wins are counted in twelfths (``engine/results.py``)


def trials_key(key: str) -> str:
    """The trials a per-unit count is a share of: a side's, seat's or bot's wins of the games it played; draws,
    losses for all and a game package's ``share/`` counts of the games."""
    return "played/" + key[len("wins/") :] if key.startswith("wins/") else "games"


def add_unit(tally: Tally, unit: Tally) -> None:
    """Add one unit's sums of squares and products to ``tally``: ``units``, ``unit/sq/<key>`` and
    ``unit/x/<key>`` (the count times its trials) for every count that compares seats or sides. They add up over
    units, so chunks merge as before."""
    tally.add("units", 1)
    counts = unit.counts
    for key, count in counts.items():
        if not count or not (key.startswith(PER_UNIT) or key in WHOLE):
            continue
        tally.add(f"unit/sq/{key}", count * count)
        if key.startswith(("wins/", "share/")) or key in ("draws", "lost-by-all"):
            tally.add(f"unit/x/{key}", count * counts.get(trials_key(key), 0))


# each unit's own, for a comparison; a side's score and the others' (``engine/results.py``'s ``count_margins``)
KEPT = ("wins/side/", "wins/seat/", "played/side/", "played/seat/", "score/side/", "against/side/")


def keep_unit(tally: Tally, number: int, unit: Tally) -> None:
    """Keep unit ``number``'s side and seat wins and games in ``tally`` (``unit/<number>/<key>``), for comparing
    two runs on the same deals (``unit_difference``)."""
    for key, count in unit.counts.items():
        if key.startswith(KEPT):
            tally.add(f"unit/{number}/{key}", count)


def kept(tally: Tally, who: str) -> dict[int, tuple[float, int]]:
    """Each kept unit's wins (in games) and games of ``who`` (``side/<side>``, ``seat/<n>``), by unit number."""
    found: dict[int, tuple[float, int]] = {}
    for key in tally.keys("unit/"):
        number, _, rest = key[len("unit/") :].partition("/")
        if number.isdigit() and rest == f"played/{who}" and tally.get(key):
            found[int(number)] = (tally.get(f"unit/{number}/wins/{who}") / TWELFTHS, tally.get(key))
    return found


def kept_margins(tally: Tally, who: str) -> dict[int, tuple[float, int]]:
    """Each kept unit's score margin of ``who`` (``side/<side>``: its score less the other sides', summed over the
    unit's games) and games, by unit number."""
    found: dict[int, tuple[float, int]] = {}
    for key in tally.keys("unit/"):
        number, _, rest = key[len("unit/") :].partition("/")
        if number.isdigit() and rest == f"played/{who}" and tally.get(key):
            margin = tally.get(f"unit/{number}/score/{who}") - tally.get(f"unit/{number}/against/{who}")
            found[int(number)] = (float(margin), tally.get(key))
    return found


@dataclass(frozen=True)
class UnitShare:
    """A share counted over paired units: successes (wins in games), trials (games), the units, and the effective
    trials its variance is worth."""

    successes: float
    trials: int
    units: int
    effective: float

    @property
    def share(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    def judge(self, low: float, high: float, family: int = 1) -> Verdict | None:
        """The verdict on this share against ``[low, high]`` (``engine/verdicts.py``'s ``outside``)."""
        return outside(self.successes, self.trials, low, high, family, self.effective)


def residuals(tally: Tally, key: str, scale: int = 1) -> tuple[float, float, int]:
    """``(Σ (w_u - p n_u)², Σn², U)`` of the count ``key`` (in ``scale`` parts of one: twelfths for wins)."""
    trials = trials_key(key)
    total, n = tally.get(key) / scale, tally.get(trials)
    if not n:
        return 0.0, 0.0, tally.get("units")
    p = total / n
    ww = tally.get(f"unit/sq/{key}") / scale / scale
    wn = tally.get(f"unit/x/{key}") / scale
    nn = tally.get(f"unit/sq/{trials}")
    return max(0.0, ww - 2 * p * wn + p * p * nn), nn, tally.get("units")


def effective_trials(tally: Tally, key: str, scale: int = 1) -> UnitShare:
    """The share counted under ``key`` (``wins/side/<side>``, ``wins/seat/0``, ``draws``) with the effective trials
    of its unit variance; a tally without units (or units of one trial) gives the plain count."""
    successes, trials = tally.get(key) / scale, tally.get(trials_key(key))
    square, nn, units = residuals(tally, key, scale)
    plain = UnitShare(successes, trials, units, float(trials))
    if not trials or units < 2 or nn <= trials:
        return plain  # no unit holds two trials (or none holds any): independent games
    if successes in (0, trials):  # no residual to measure: as if every unit were one trial, the most they can be
        return UnitShare(successes, trials, units, trials * trials / nn)
    p = successes / trials
    variance = units / (units - 1) * square / (trials * trials)
    effective = p * (1 - p) / variance if variance > 0 else float(EXACT)
    if units < MIN_UNITS:
        effective = min(effective, float(trials))
    return UnitShare(successes, trials, units, min(effective, float(EXACT)))


def wins(tally: Tally, who: str) -> UnitShare:
    """The win share of ``who`` (``side/<side>``, ``seat/<n>``, ``bot/<name>``) over its paired units."""
    return effective_trials(tally, f"wins/{who}", TWELFTHS)


def interval(found: UnitShare, z: float = 1.96) -> tuple[float, float]:
    """The share's Wilson interval at its effective trials (95% by default)."""
    return wilson(found.share * found.effective, found.effective, z) if found.trials else (0.0, 1.0)


def unit_outside(tally: Tally, key: str, low: float, high: float, family: int = 1) -> Verdict | None:
    """The verdict (``engine/verdicts.py``'s ``outside``) on the share counted under ``key`` (``wins/seat/0``,
    ``wins/side/<side>``, ``draws``), judged at its effective trials over the paired units."""
    found = effective_trials(tally, key, TWELFTHS if key.startswith("wins/") or key == "lost-by-all" else 1)
    return outside(found.successes, found.trials, low, high, family, found.effective)


@dataclass(frozen=True)
class Difference:
    """A share's difference between two runs on the same deals (variant less published), with its standard error
    from the units' paired differences, and the units it is taken over."""

    value: float
    error: float
    units: int

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        return self.value - z * self.error, self.value + z * self.error


def compare_wins(base: Tally, variant: Tally, who: str, z: float = 1.96) -> dict[str, float | int | bool] | None:
    """The change of ``who``'s win share from ``base`` to ``variant`` on the deals both played, with its interval
    from the paired differences (``apart``: the interval leaves out no change); None without kept units."""
    found = unit_difference(kept(base, who), kept(variant, who))
    if found is None:
        return None
    low, high = found.interval(z)
    return {
        "difference": round(found.value, 4),
        "low": round(low, 4),
        "high": round(high, 4),
        "units": found.units,
        "apart": low > 0 or high < 0,
    }


def unit_difference(base: dict[int, tuple[float, int]], variant: dict[int, tuple[float, int]]) -> Difference | None:
    """The difference of a share between two runs that played the same deals: ``base`` and ``variant`` map each
    unit's number to its successes and trials. The estimate is the difference of the two ratio estimates; its
    variance is the ratio estimator's over the units of the paired residual ``d_u = (w'_u - p' n'_u) / N' -
    (w_u - p n_u) / N``: what the shared deals add to both sides cancels. None without two shared units."""
    shared = sorted(set(base) & set(variant))
    if len(shared) < 2:
        return None
    w0, n0 = sum(base[u][0] for u in shared), sum(base[u][1] for u in shared)
    w1, n1 = sum(variant[u][0] for u in shared), sum(variant[u][1] for u in shared)
    if not n0 or not n1:
        return None
    p0, p1 = w0 / n0, w1 / n1
    residual = [(variant[u][0] - p1 * variant[u][1]) / n1 - (base[u][0] - p0 * base[u][1]) / n0 for u in shared]
    units = len(shared)
    variance = units / (units - 1) * sum(r * r for r in residual)
    return Difference(p1 - p0, math.sqrt(variance), units)
