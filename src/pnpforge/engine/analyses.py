"""Generic analyses of merged tallies: win shares by side and seat, items never used, rarely entered or never won,
rule gaps, and game length.

Each function reads the keys ``engine/results.py`` writes and returns findings, chart bars or rows; a game
package's analysis calls the ones that fit, with its own thresholds, words and replay hint, and adds what only it
knows. Every finding about games names the seed of one that shows it (through ``hint``).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.stats import share, wilson
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import Bar, Chart
from pnpforge.findings import Finding, Mark

Hint = Callable[[Tally, str], str]  # (tally, key) -> "; see `pnpforge replay ... --seed N`" or ""


def side_balance(tally: Tally, sides: Iterable[tuple[str, Mark]], players: int, tolerance: float, hint: Hint,
                 noun: str = "faction") -> tuple[list[Finding], list[Bar], dict[str, Any]]:
    """Each side's win share against an equal share of ``1 / players`` ± ``tolerance``: findings, bars with 95%
    intervals, and the shares for the report's summary."""
    expected = 1 / players
    findings, bars, shares = [], [], {}
    for side, mark in sides:
        played = tally.get(f"played/side/{side}")
        if not played:
            continue
        wins = tally.get(f"wins/side/{side}") / TWELFTHS
        low, high = wilson(wins, played)
        value = wins / played
        bars.append(Bar(side, round(value, 4), round(low, 4), round(high, 4)))
        shares[side] = share(wins, played)
        if abs(value - expected) > tolerance:
            key = "losses" if value > expected else "wins"
            side_word = "often" if value > expected else "rarely"
            shown = "lost" if value > expected else "won"
            findings.append(Finding(
                "warning", f"{noun} '{side}' wins too {side_word}: {value:.1%} of {played} {players}-player games "
                           f"(95% CI {low:.1%}-{high:.1%}); expected {expected:.0%} ± {tolerance * 100:.0f} points; "
                           f"a game it {shown}{hint(tally, f'{key}/side/{side}')}",
                mark=mark, rule=f"{noun}-win-share"))
    return findings, bars, shares


def seat_bars(tally: Tally, players: int) -> list[Bar]:
    """Each seat's win share with its 95% interval."""
    bars = []
    for seat in range(players):
        played = tally.get(f"played/seat/{seat}")
        wins = tally.get(f"wins/seat/{seat}") / TWELFTHS
        low, high = wilson(wins, played)
        bars.append(Bar(f"seat {seat + 1}", round(wins / played, 4) if played else 0, round(low, 4), round(high, 4)))
    return bars


def rarely_entered(item: Any, tally: Tally, minimum: float, hint: Hint, offered: str = "rounds it was drawn",
                   rule: str = "entered") -> Finding | None:
    """An offered item that players took up in fewer than ``minimum`` of the times it was offered."""
    drawn, entered = tally.get(f"offered/{item.id}"), tally.get(f"entered/{item.id}")
    if not drawn or entered / drawn >= minimum:
        return None
    how = f"entered in only {entered / drawn:.1%} of" if entered else "never entered in"
    return Finding("warning", f"{how} the {drawn} {offered} (at least {minimum:.0%} expected)"
                              f"{hint(tally, f'offered/{item.id}')}", mark=item.mark(), subject=item.subject, rule=rule)


def never_won(item: Any, tally: Tally, hint: Hint, offered: str = "rounds drawn", rule: str = "won") -> Finding | None:
    """An item offered but never won."""
    drawn = tally.get(f"offered/{item.id}")
    if not drawn or tally.get(f"won/{item.id}"):
        return None
    return Finding("warning", f"never won in {drawn} {offered}{hint(tally, f'offered/{item.id}')}",
                   mark=item.mark(), subject=item.subject, rule=rule)


def rarely_used(item: Any, tally: Tally, games: int, minimum: float, hint_key: str, hint: Hint,
                verb: str = "played", among: str = "games", rule: str = "used") -> Finding | None:
    """An item used in fewer than ``minimum`` of the ``games`` it could have been."""
    used = tally.get(f"used-games/{item.id}")
    if not games or used / games >= minimum:
        return None
    return Finding("warning", f"{verb} in {used / games:.1%} of {among} {games} games (at least {minimum:.0%} "
                              f"expected){hint(tally, hint_key)}", mark=item.mark(), subject=item.subject, rule=rule)


def never_used(item: Any, tally: Tally, hint: Hint, message: str, hint_key: str = "games",
               rule: str = "used") -> Finding | None:
    """An item never used; ``message`` is the sentence, with ``{games}`` and ``{offered}`` filled in."""
    if tally.get(f"used/{item.id}"):
        return None
    text = message.format(games=tally.get("games"), offered=tally.get(f"offered/{item.id}"))
    return Finding("warning", f"{text}{hint(tally, hint_key)}", mark=item.mark(), subject=item.subject, rule=rule)


def rule_gaps(tally: Tally, mark: Mark) -> list[Finding]:
    """Each rule gap met, how often, and the first seed that met it."""
    games = tally.get("games")
    return [Finding("info", f"rule gap '{key[4:]}' hit {tally.get(key)} times in {games} games (handled as "
                            f"DECISIONS.md says); first in seed {tally.seeds.get(key)}", mark=mark, rule="rule-gap")
            for key in tally.keys("gap/")]


def length_chart(tally: Tally, width: int, title: str, xlabel: str, chart_id: str = "length") -> Chart:
    """Games per length bucket of ``width`` (the game's own length: turns, or the playout's moves)."""
    buckets = tally.histogram("length/", width)
    return Chart(chart_id, title, [Bar(f"{n}-{n + width - 1}", c) for n, c in buckets], unit="count", xlabel=xlabel)
