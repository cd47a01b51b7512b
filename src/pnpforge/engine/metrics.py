"""The standard game metrics every validation report shows, whatever the game, each with its 95% interval: balance
(the largest gap between the sides' win shares), the first player's advantage, draws and games ended by a limit,
and game length (mean, spread, and the pack's ideal band when game.yaml declares one: ``thresholds.length_min`` and
``length_max``, in the game's own unit of length).

They are read from the merged tallies of each configuration (``engine/results.py``'s keys), so they need nothing
from the game package. The skill ladder, the fourth block, needs games of its own (``engine/ladder.py``).
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from pnpforge.engine import paired
from pnpforge.engine.analyses import players_share
from pnpforge.engine.stats import share, wilson
from pnpforge.engine.tally import Tally

Z = 1.96  # the 95% intervals of the metrics (each on its own: they are measurements, not the verdicts' checks)


def standard_metrics(tallies: Mapping[Any, Tally], thresholds: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Per configuration (its label as text) the balance, first-player, endings and length blocks."""
    band = _band(thresholds)
    return {str(label): {"balance": balance(tally), "first_player": first_player(tally), "endings": endings(tally),
                         "length": length(tally, band)}
            for label, tally in tallies.items() if tally.get("games")}


def _band(thresholds: Mapping[str, Any]) -> tuple[float | None, float | None] | None:
    low, high = thresholds.get("length_min"), thresholds.get("length_max")
    return None if low is None and high is None else (None if low is None else float(low),
                                                        None if high is None else float(high))


def _shares(tally: Tally, kind: str) -> dict[str, tuple[float, int, float]]:
    """Each ``side/<faction>`` (or ``seat/<n>``) that played: its wins (in games), the games it played, and the
    effective games its paired units are worth (``engine/paired.py``)."""
    found = {}
    for key in tally.keys(f"played/{kind}/"):
        who = key[len("played/"):]
        unit = paired.wins(tally, who)
        found[who[len(kind) + 1:]] = (unit.successes, unit.trials, unit.effective)
    return found


def _interval(wins: float, games: int, effective: float) -> tuple[float, float]:
    """The 95% Wilson interval of a share at the effective games of its units."""
    return wilson(wins / games * effective, effective, Z)


def balance(tally: Tally) -> dict[str, Any]:
    """The largest gap between two sides' win shares (seats where sides do not rotate), with its 95% interval; each
    share's interval is Wilson's at the effective games of its paired units (``engine/paired.py``). Two sides that
    meet in every game split what they win between them, so the gap moves with one side's share: its interval,
    doubled. Otherwise Newcombe's interval of a difference of two Wilson intervals (as if the two sides' games were
    independent: wider, never narrower, than the truth where they meet in the same games)."""
    kind = "side" if tally.keys("played/side/") else "seat"
    shares = _shares(tally, kind)
    if len(shares) < 2:
        return {"by": kind, "gap": 0.0, "low": 0.0, "high": 0.0}
    ranked = sorted(shares, key=lambda who: (-shares[who][0] / shares[who][1], who))
    most, least = ranked[0], ranked[-1]
    (a, n, e), (b, m, f) = shares[most], shares[least]
    p, q = a / n, b / m
    (pl, ph), (ql, qh) = _interval(a, n, e), _interval(b, m, f)
    gap = p - q
    if len(shares) == 2 and n == m == tally.get("games"):  # one's share is what the two won less the other's
        low, high = 2 * pl - (a + b) / n, 2 * ph - (a + b) / n
    else:
        low = gap - math.sqrt((p - pl) ** 2 + (qh - q) ** 2)
        high = gap + math.sqrt((ph - p) ** 2 + (q - ql) ** 2)
    def name(who: str) -> str:
        return f"seat {int(who) + 1}" if kind == "seat" else who

    return {"by": kind, "most": name(most), "least": name(least), "gap": round(gap, 4), "low": round(max(-1.0, low), 4),
            "high": round(min(1.0, high), 4)}


def first_player(tally: Tally) -> dict[str, Any]:
    """The first seat's win share against an equal player's (of what the players won), and the difference; the
    interval over the paired units (``engine/paired.py``)."""
    unit = paired.wins(tally, "seat/0")
    seats = len(tally.keys("played/seat/")) or 1
    equal = players_share(tally) / seats
    low, high = paired.interval(unit, Z) if unit.trials else (0.0, 1.0)
    found = {"share": round(unit.share, 4), "low": round(low, 4), "high": round(high, 4), "games": unit.trials}
    return {**found, "equal_share": round(equal, 4), "advantage": round(found["share"] - equal, 4),
            "advantage_low": round(found["low"] - equal, 4), "advantage_high": round(found["high"] - equal, 4)}


def endings(tally: Tally) -> dict[str, Any]:
    """Draws, and games ended by a limit (a rule whose name says ``limit``: a turn or round limit), as shares of
    the games; the limit's rules by name. A game that reports no rule that ended it shows none."""
    games = tally.get("games")
    limits = [key for key in tally.keys("ended/") if "limit" in key]
    limited = sum(tally.get(key) for key in limits)
    drawn = paired.effective_trials(tally, "draws")
    low, high = paired.interval(drawn, Z) if games else (0.0, 1.0)
    draws = {"share": round(drawn.share, 4), "low": round(low, 4), "high": round(high, 4), "games": games}
    return {"draws": draws, "limit": share(limited, games),
            "limit_rules": [key[len("ended/"):] for key in limits],
            "rules_reported": bool(tally.keys("ended/"))}


def length(tally: Tally, band: tuple[float | None, float | None] | None = None) -> dict[str, Any]:
    """Game length (the game's own unit: turns, rounds, or the playout's moves): mean with its 95% interval,
    standard deviation, shortest, median and longest; against the pack's ideal band when it declares one (inside,
    outside, or undecided while the mean's interval straddles an edge)."""
    lengths = tally.histogram("length/")
    games = sum(count for _, count in lengths)
    if not games:
        return {"games": 0}
    total = sum(value * count for value, count in lengths)
    mean = total / games
    square = sum(count * (value - mean) ** 2 for value, count in lengths)
    sd = math.sqrt(square / (games - 1)) if games > 1 else 0.0
    error = Z * sd / math.sqrt(games)
    seen, middle = 0, lengths[0][0]
    for value, count in lengths:
        seen += count
        if 2 * seen >= games:
            middle = value
            break
    found: dict[str, Any] = {"games": games, "mean": round(mean, 2), "low": round(mean - error, 2),
                             "high": round(mean + error, 2), "sd": round(sd, 2), "min": lengths[0][0],
                             "median": middle, "max": lengths[-1][0]}
    if band is not None:
        low = -math.inf if band[0] is None else band[0]
        high = math.inf if band[1] is None else band[1]
        inside = low <= mean - error and mean + error <= high
        outside = mean + error < low or mean - error > high
        found["ideal"] = {"min": band[0], "max": band[1],
                          "verdict": "inside" if inside else "outside" if outside else "undecided"}
    return found
