"""Decided verdicts: a finding about simulated games is a warning only when its evidence is clear.

Every check of the validator compares a share it observed (a side's wins, an item taken up when offered, an
effect that changed an outcome) with what the pack accepts (a band around an expected share, or a minimum). A
share observed inside is no finding. One observed outside is

- **clear** when its whole interval lies outside too: a warning;
- **undecided** otherwise: an info finding that says how many more trials would decide it at the rate seen so far.

The intervals are Wilson score intervals at 95%, widened for the checks made together (Bonferroni over the
``family``: four sides at three player counts are twelve checks, and a report of twelve 95% intervals is wrong
somewhere about one time in two). Something never seen is judged by the chance of seeing none in that many trials
if its rate were the pack's minimum (``thresholds.min_rate``, 2% by default): clear below 1%.

A run that looks at its games more than once (``validate --games auto``) spends its error over the looks it plans
(``sequential``): with ``looks`` planned, every interval is at the level ``1 - 0.05 / looks`` and a "never" check's
risk is ``1% / looks``, so that the chance of a false warning over all the looks stays under 5% (1%), whenever the
run stops (``docs/why/validator.md``).
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from statistics import NormalDist
from typing import Iterator

from pnpforge.engine.stats import wilson

CONFIDENCE = 0.95
NEVER_RISK = 0.01  # a "never" finding is clear when seeing none at the minimum rate is less likely than this
MIN_RATE = 0.02  # the default of ``thresholds.min_rate``
MAX_TRIALS = 10**9
_LOOKS: ContextVar[int] = ContextVar("looks", default=1)


@contextmanager
def sequential(looks: int) -> Iterator[None]:
    """Verdicts made inside are made at one of ``looks`` planned looks at the same games: each look gets an equal
    part of the error (a Bonferroni alpha-spending rule)."""
    token = _LOOKS.set(max(1, looks))
    try:
        yield
    finally:
        _LOOKS.reset(token)


def looks() -> int:
    """The looks the verdicts made now share their error with (1 outside ``sequential``)."""
    return _LOOKS.get()


@dataclass(frozen=True)
class Verdict:
    """A check's share observed outside what the pack accepts: clear (a warning) or undecided (info)."""

    clear: bool
    share: float
    low: float  # the interval (for a "never" check: 0 and the rate it rules out)
    high: float
    trials: int
    trials_needed: int = 0  # undecided: the trials that would decide it at the share observed
    family: int = 1  # the checks its interval was widened for
    min_rate: float | None = None  # a "never" check: the rate it was judged at
    unit: str | None = None  # an estimate's interval, not a share's: its unit ("points", "" for a plain number)
    scale: float = 1.0  # ... and the factor it is printed at (100 for points of a share)
    looks: int = 1  # the planned looks at the games its error was shared with

    def evidence(self) -> str:
        """What decides it, as reports print it: the interval, or for a "never" check the chance of seeing none."""
        if self.min_rate is not None:
            return (f"none in {self.trials:,} has a chance of {(1 - self.min_rate) ** self.trials:.1%} at a rate of "
                    f"{self.min_rate:.0%}")
        together = f" of {self.family} checks together" if self.family > 1 else ""
        together += f" over {self.looks} looks" if self.looks > 1 else ""
        if self.unit is not None:
            low, high = self.low * self.scale, self.high * self.scale
            return f"{CONFIDENCE:.0%} CI{together} {low:+.1f} to {high:+.1f}{' ' + self.unit if self.unit else ''}"
        return f"{CONFIDENCE:.0%} CI{together} {self.low:.1%}-{self.high:.1%}"

    def needed(self, unit: str) -> str:
        """The trials that would decide it, in words."""
        return f"about {max(1, self.trials_needed):,} {unit}"


def z_score(family: int = 1) -> float:
    """The two-sided z of the confidence level shared by ``family`` checks (and by the planned looks, inside
    ``sequential``)."""
    return NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2 / max(1, family) / looks())


def outside(successes: float, trials: int, low: float, high: float, family: int = 1,
            effective: float | None = None) -> Verdict | None:
    """The verdict on a share that should lie in ``[low, high]``; None when it was observed there (or never tried).
    ``effective``: the independent trials the share's variance is worth, when its trials are not independent
    (paired units, ``engine/paired.py``): the interval is Wilson's at that many, the trials needed are games."""
    if trials <= 0:
        return None
    share = successes / trials
    if low <= share <= high:
        return None
    z = z_score(family)
    worth = trials if effective is None else effective
    lo, hi = wilson(share * worth, worth, z)
    if hi < low or lo > high:
        return Verdict(True, share, lo, hi, trials, family=family, looks=looks())
    needed = _trials_to_decide(share, low, high, z, worth)
    games = needed if effective is None else min(MAX_TRIALS, math.ceil(needed * trials / worth))
    return Verdict(False, share, lo, hi, trials, int(games), family, looks=looks())


def estimate_outside(value: float, error: float, trials: int, low: float, high: float, family: int = 1,
                     unit: str = "", scale: float = 1.0) -> Verdict | None:
    """The verdict on an estimate (with its standard error, from ``trials``) that should lie in ``[low, high]``:
    a normal interval. Undecided, the trials needed assume the error shrinks with their square root."""
    if trials <= 0 or low <= value <= high:
        return None
    z = z_score(family)
    lo, hi = value - z * error, value + z * error
    if hi < low or lo > high:
        return Verdict(True, value, lo, hi, trials, family=family, unit=unit, scale=scale, looks=looks())
    distance = value - high if value > high else low - value
    needed = min(MAX_TRIALS, math.ceil(trials * (z * error / distance) ** 2) + 1)
    return Verdict(False, value, lo, hi, trials, needed, family, unit=unit, scale=scale, looks=looks())


def below(successes: float, trials: int, minimum: float, family: int = 1) -> Verdict | None:
    """The verdict on a share that should be at least ``minimum``."""
    return outside(successes, trials, minimum, 1.0, family)


def still_open(useful: float, weighed: int, minimum: float, family: int, min_rate: float = MIN_RATE) -> bool:
    """Whether the check that a thing is useful in at least ``minimum`` of the times it was weighed is still open:
    never weighed; never useful and not yet weighed enough to say so; or an interval that neither clears the bar
    nor lies wholly below it (what a validator's weighing observer keeps weighing)."""
    if not weighed:
        return True
    if not useful:
        return not never_seen(weighed, min_rate).clear
    verdict = below(useful, weighed, minimum, family)
    if verdict is None:
        return wilson(useful, weighed, z_score(family))[0] < minimum
    return not verdict.clear


def never_seen(trials: int, min_rate: float = MIN_RATE) -> Verdict:
    """The verdict on something seen in none of ``trials`` (at least one): clear when none in that many is unlikely
    (under ``NEVER_RISK``, shared by the planned looks) at the rate ``min_rate``."""
    if trials <= 0:
        raise ValueError(f"nothing to judge in {trials} trials")
    risk = NEVER_RISK / looks()
    needed = math.ceil(math.log(risk) / math.log(1 - min_rate))
    ruled_out = 1 - risk ** (1 / trials)  # rates above this make none in ``trials`` less likely than the risk
    return Verdict(trials >= needed, 0.0, 0.0, ruled_out, trials, 0 if trials >= needed else needed,
                   min_rate=min_rate)


def _trials_to_decide(share: float, low: float, high: float, z: float, start: float) -> int:
    """The fewest trials whose interval, at the same observed share, lies wholly outside ``[low, high]``."""
    def clear(n: int) -> bool:
        lo, hi = wilson(share * n, n, z)
        return hi < low or lo > high

    upper = max(int(start) + 1, 2)
    while not clear(upper):
        if upper >= MAX_TRIALS:
            return MAX_TRIALS
        upper *= 2
    lower = max(int(start), upper // 2)
    while upper - lower > 1:  # the interval narrows as the trials grow at a fixed share
        middle = (lower + upper) // 2
        lower, upper = (lower, middle) if clear(middle) else (middle, upper)
    return upper
