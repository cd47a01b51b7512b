"""Small statistics for match and balance reports: shares with Wilson score intervals."""

from __future__ import annotations

import math


def wilson(successes: float, trials: float, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (successes may be fractional: shared wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def share(successes: float, trials: int) -> dict[str, float]:
    """A share with its interval, rounded for reports."""
    low, high = wilson(successes, trials)
    value = successes / trials if trials else 0.0
    return {"share": round(value, 4), "low": round(low, 4), "high": round(high, 4), "games": trials}
