"""The points value at which a force's win share is one half, from its wins at a few trial values.

Each trial value ``t_k`` was played on the same deals (common random numbers: the same paired units at every
value), so the wins of a unit at different values are correlated, and the estimate uses that rather than suffering
it. Per trial the share ``p_k = W_k / N_k`` goes to its empirical log-odds ``y_k = ln((W_k + ½) / (N_k - W_k + ½))``
(finite at none and all), and a weighted least-squares line ``y = A + B t`` (weights ``(W_k + ½)(N_k - W_k + ½) /
(N_k + 1)``, the inverse of the log-odds' variance, held fixed) is fitted through the trials. The fitted value is
where the line crosses even odds: ``t* = -A / B``.

Its interval is Fieller's: the values ``t`` whose predicted log-odds ``A + B t`` are within ``z`` standard errors of
zero. The standard errors come from the covariance of the wins between trials over the units (``U / (U - 1) ·
Σ_u r_uj r_uk`` with ``r_uk = w_uk - p_k n_uk``, the paired units' residuals, as in ``engine/paired.py``), carried to
the log-odds by their derivative.

A game with a score can be judged by its **margin** instead (``statistic="margin"``: per unit the side's score less
the other side's, summed over its games): the mean margin per game ``y_k = M_k / N_k`` takes the place of the
log-odds, with equal weights per game (``N_k``), and the fitted value is where the line crosses a margin of zero.
A margin moves with every model a price buys or sheds, where a win share moves only in the battles that were close,
so far fewer units decide it (``docs/why/fair-points.md``).

Fieller's interval is honest where the delta method is not: when the slope is not clearly away from zero (the trials
do not show the share moving as the cost rises), the set is unbounded and the value is reported as not fitted,
instead of a narrow interval around a meaningless root; so is a share that rises with the cost (no price makes a
dearer item worth less: chance, or a force that plays better smaller).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

Wins = Mapping[int, tuple[float, int]]  # per paired unit: its wins (in games), or its score margin, and games


@dataclass(frozen=True)
class Trial:
    """One trial value's games: its value, wins and games over the units every trial played."""

    value: int
    wins: float
    games: int

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Fit:
    """The fitted value with its interval (all three None: not fitted, the slope not clear of zero), the slope of the
    log-odds per point (negative when the share falls as the cost rises, as it should), the trials and the units."""

    fitted: float | None
    low: float | None
    high: float | None
    slope: float
    trials: tuple[Trial, ...]
    units: int
    spread: float = 0.0  # the slope's standard error (0: not estimated)

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval."""
        if self.fitted is None:
            return False
        return (self.low is not None and value < self.low) or (self.high is not None and value > self.high)


def common_units(per_trial: Sequence[Wins]) -> list[int]:
    """The units every trial played (a trial's missing unit would break the pairing)."""
    if not per_trial:
        return []
    shared = set(per_trial[0])
    for wins in per_trial[1:]:
        shared &= set(wins)
    return sorted(shared)


def fit(values: Sequence[int], per_trial: Sequence[Wins], z: float = 1.96, statistic: str = "wins") -> Fit:
    """The fit of the wins (or score margins, ``statistic="margin"``) of ``per_trial[k]`` (played at ``values[k]``)
    on the units they share, at a two-sided ``z``."""
    units = common_units(per_trial)
    trials = tuple(
        Trial(v, sum(w[u][0] for u in units), sum(w[u][1] for u in units)) for v, w in zip(values, per_trial)
    )
    count = len(units)
    if count < 2 or len({t.value for t in trials}) < 2:
        return Fit(None, None, None, 0.0, trials, count)
    y, weight, slope_of_y = [], [], []
    for t in trials:
        if statistic == "margin":
            y.append(t.share)
            weight.append(float(t.games))
            slope_of_y.append(1 / t.games)  # dy/dM
            continue
        won, lost = t.wins + 0.5, t.games - t.wins + 0.5
        y.append(math.log(won / lost))
        weight.append(won * lost / (t.games + 1))
        slope_of_y.append(1 / won + 1 / lost)  # dy/dW
    total = sum(weight)
    mean_t = sum(w * t.value for w, t in zip(weight, trials)) / total
    spread = sum(w * (t.value - mean_t) ** 2 for w, t in zip(weight, trials))
    beta = [w * (t.value - mean_t) / spread for w, t in zip(weight, trials)]  # B = Σ beta_k y_k
    alpha = [w / total - b * mean_t for w, b in zip(weight, beta)]  # A = Σ alpha_k y_k
    a = sum(c * v for c, v in zip(alpha, y))
    b = sum(c * v for c, v in zip(beta, y))
    cov = _covariance(units, per_trial, trials)
    grad_a = [c * d for c, d in zip(alpha, slope_of_y)]
    grad_b = [c * d for c, d in zip(beta, slope_of_y)]
    vaa, vab, vbb = (_quadratic(cov, grad_a, grad_a), _quadratic(cov, grad_a, grad_b), _quadratic(cov, grad_b, grad_b))
    fitted = -a / b if b else None
    low, high = _fieller(a, b, vaa, vab, vbb, z)
    spread = math.sqrt(vbb) if vbb > 0 else 0.0
    if low is None or high is None or b >= 0:  # the trials do not show the share falling clearly as the cost rises
        return Fit(None, None, None, b, trials, count, spread)
    return Fit(fitted, low, high, b, trials, count, spread)


def _covariance(units: list[int], per_trial: Sequence[Wins], trials: tuple[Trial, ...]) -> list[list[float]]:
    """The covariance of the trials' wins over the paired units, from the units' residuals."""
    count, size = len(units), len(trials)
    residual = [[w[u][0] - t.share * w[u][1] for w, t in zip(per_trial, trials)] for u in units]
    scale = count / (count - 1)
    return [[scale * sum(r[j] * r[k] for r in residual) for k in range(size)] for j in range(size)]


def _quadratic(cov: list[list[float]], left: list[float], right: list[float]) -> float:
    return sum(left[j] * cov[j][k] * right[k] for j in range(len(left)) for k in range(len(right)))


def _fieller(a: float, b: float, vaa: float, vab: float, vbb: float, z: float) -> tuple[float | None, float | None]:
    """The ``t`` with ``(A + B t)² ≤ z² var(A + B t)``: a bounded interval when the slope is clear of zero, else
    None (the set is unbounded)."""
    z2 = z * z
    qa, qb, qc = b * b - z2 * vbb, 2 * (a * b - z2 * vab), a * a - z2 * vaa
    disc = qb * qb - 4 * qa * qc
    if qa > 0:
        if disc < 0:  # cannot happen with the root inside; guard against rounding
            return (-a / b, -a / b) if b else (None, None)
        root = math.sqrt(disc)
        return (-qb - root) / (2 * qa), (-qb + root) / (2 * qa)
    return None, None
