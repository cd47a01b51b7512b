"""Exact odds of a dice pool against a target: a defence value to beat, an optional defence pool that cancels
what gets through, and the damage left, all in fractions (``engine/dice_exact.py`` gives the pools' counts).

An attack counts its pool (``Pool.symbol`` or successes). Against defence value ``v`` only the count above ``v``
does damage; a defence pool's count then cancels damage one for one, never below 0. The attack succeeds when some
damage is left. ``Odds`` keeps that damage's exact distribution; ``percent`` formats a fraction for display only
(a rule never decides on the decimal). ``at_least`` gives the chance of each count or more, which answers every
defence value at once when there is no defence pool: beating ``v`` needs ``v + 1``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from pnpforge.engine.dice import Pool
from pnpforge.engine.dice_exact import distribution_exact, net_exact


@dataclass(frozen=True)
class Odds:
    """The damage an attack leaves, ``{damage: probability}`` by rising damage, exact."""

    damage: tuple[tuple[int, Fraction], ...]

    @property
    def success(self) -> Fraction:
        """The chance that at least one damage is left."""
        return sum((p for d, p in self.damage if d >= 1), Fraction(0))

    @property
    def expected(self) -> Fraction:
        """The expected damage."""
        return sum((d * p for d, p in self.damage), Fraction(0))

    def at_least(self, n: int) -> Fraction:
        """The chance of ``n`` damage or more."""
        return sum((p for d, p in self.damage if d >= n), Fraction(0))

    def exactly(self, n: int) -> Fraction:
        return dict(self.damage).get(n, Fraction(0))


def against(pool: Pool, value: int = 0, defence: Pool | None = None) -> Odds:
    """The odds of ``pool`` against defence value ``value`` and the ``defence`` pool (if any)."""
    if value < 0:
        raise ValueError(f"a defence value cannot be negative: {value}")
    return Odds(tuple(net_exact(pool, value, defence).items()))


def at_least(pool: Pool, counts: Iterable[int]) -> list[Fraction]:
    """The chance of counting each of ``counts`` or more."""
    dist = distribution_exact(pool)
    return [sum((p for count, p in dist.items() if count >= n), Fraction(0)) for n in counts]


def expected_count(pool: Pool) -> Fraction:
    """The pool's expected count, exact."""
    return sum((count * p for count, p in distribution_exact(pool).items()), Fraction(0))


def percent(value: Fraction, places: int = 1) -> str:
    """A probability as a percentage rounded half up to ``places`` decimals (display only): ``Fraction(4, 9)`` gives
    ``44.4%``."""
    scaled = value * 100 * 10**places
    whole = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    text = str(whole).rjust(places + 1, "0")
    return f"{text[:-places]}.{text[-places:]}%" if places else f"{text}%"


def decimal(value: Fraction, places: int = 2) -> str:
    """A fraction as a decimal rounded half up to ``places`` decimals (display only)."""
    scaled = value * 10**places
    whole = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    text = str(whole).rjust(places + 1, "0")
    return f"{text[:-places]}.{text[-places:]}" if places else text
