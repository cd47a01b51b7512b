"""Card impact: what having a card is worth to its holder's win share and score, set against its peers, and how
often it is taken set against how often its peers are.

A card that is too good does not always move its faction's win share enough to fail the faction band, and its
holders are not simply "the players who won": strong players collect many cards, and sides and seats differ. So
each player-game's win share (and score) is fitted by least squares on the items of one kind the player had, with
one constant per seat and per side in each configuration (the seat and faction controls). A card's *impact* is its
coefficient: the win share (or score) having it adds, the other cards of its kind, the seat and the side held
fixed, with its standard error. The fit needs only sums that merge by addition (``count_held`` in
``engine/results.py``), so it is the same however the games were split over processes.

A card is judged against its peers (same type and cost, as the game package groups them): a warning when its
impact's 95% interval (with the error of the peers' mean too, widened for the peers judged together) lies wholly
outside the peers' mean impact ± the pack's tolerance; an info finding with the games that would decide it when it lies
outside but its interval does not. Cards taken by choice (characters, equipment) are also judged by how often they are
taken: a warning when a card is taken clearly more often than its peers, by more than the pack's margin in log-odds —
the card everyone takes, whose impact cannot be measured because nobody is without it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Callable

import numpy as np

from pnpforge.engine.analyses import judged
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.tally import Tally
from pnpforge.engine.verdicts import estimate_outside, outside
from pnpforge.findings import Finding

RIDGE = 1.0  # a light penalty (in player-games) so that items always held with another still give a fit
MIN_HELD = 30  # player-games with a card before its impact can be decided (fewer: its interval is not yet normal)
OUTCOMES = {"wins": ("win share", 1.0 / TWELFTHS), "score": ("score", 1.0)}


@dataclass(frozen=True)
class Impact:
    """A card's coefficient in the fit of one outcome, its standard error, and the player-games that had it."""

    value: float
    error: float
    games: int


def _cells(tally: Tally) -> list[tuple[str, str | None, int]]:
    """``(seat, side, player-games)`` of a configuration (side None when sides do not rotate)."""
    cells: list[tuple[str, str | None, int]] = []
    for key in tally.keys("fit/n/"):
        parts = key[len("fit/n/"):].split("/")
        if parts[0] == "side":  # fit/n/side/<side>/seat/<p>
            cells.append((parts[3], parts[1], tally.get(key)))
        else:  # fit/n/seat/<p>
            cells.append((parts[1], None, tally.get(key)))
    return cells


def fit(tallies: dict[Any, Tally], items: list[str], outcome: str = "wins") -> dict[str, Impact]:
    """Each held item's impact on ``outcome`` (``wins``: win share; ``score``) from the merged configurations."""
    scale = OUTCOMES[outcome][1]
    index = {item: i for i, item in enumerate(items)}
    columns: list[tuple[Any, str, str]] = []  # the controls: (configuration, "seat" or "side", name)
    for config, tally in sorted(tallies.items(), key=lambda kv: str(kv[0])):
        cells = _cells(tally)
        seats = sorted({seat for seat, _, _ in cells}, key=int)
        sides = sorted({side for _, side, _ in cells if side is not None})
        if sides:  # a constant per side, and per seat after the first (the first seat's is the sides')
            columns += [(config, "side", s) for s in sides] + [(config, "seat", s) for s in seats[1:]]
        else:
            columns += [(config, "seat", s) for s in seats]
    k = len(items) + len(columns)
    gram, moment = np.zeros((k, k)), np.zeros(k)
    squares, rows = 0.0, 0
    for c, (config, what, name) in enumerate(columns, start=len(items)):
        tally = tallies[config]
        moment[c] = _outcome_sum(tally, outcome, what, name) * scale
        for d, (other_config, other_what, other_name) in enumerate(columns, start=len(items)):
            if other_config == config:
                gram[c, d] = _cell_count(tally, (what, name), (other_what, other_name))
        for item, i in index.items():
            gram[i, c] = gram[c, i] = tally.get(f"held/{item}/{what}/{name}")
    for tally in tallies.values():
        squares += tally.get(f"fit/yy/{outcome}") * scale * scale
        rows += sum(n for _, _, n in _cells(tally))
        for item, i in index.items():
            gram[i, i] += tally.get(f"held/{item}/games")
            moment[i] += tally.get(f"held/{item}/{outcome}") * scale
            for key in tally.keys(f"held/{item}/with/"):
                j = index.get(key[len(f"held/{item}/with/"):])
                if j is not None:
                    gram[i, j] += tally.get(key)
                    gram[j, i] = gram[i, j]
    if not rows:
        return {}
    held = np.diag(gram)[:len(items)].copy()
    penalised = gram + RIDGE * np.eye(k)
    inverse = np.linalg.inv(penalised)
    beta = inverse @ moment
    residual = max(0.0, float(squares - 2 * beta @ moment + beta @ gram @ beta))
    variance = residual / max(1, rows - k)
    spread = inverse @ gram @ inverse * variance
    return {item: Impact(float(beta[i]), float(math.sqrt(max(spread[i, i], 0.0))), int(held[i]))
            for item, i in index.items() if held[i]}


def _outcome_sum(tally: Tally, outcome: str, what: str, name: str) -> int:
    if outcome == "wins":
        return tally.get(f"wins/{what}/{name}")
    return tally.get(f"fit/score/{what}/{name}")


def _cell_count(tally: Tally, first: tuple[str, str], second: tuple[str, str]) -> int:
    """The player-games in both of two controls (a seat, a side) of a configuration."""
    total = 0
    for seat, side, n in _cells(tally):
        where = {("seat", seat)} | ({("side", side)} if side is not None else set())
        if first in where and second in where:
            total += n
    return total


Group = list[tuple[str, Any, str | None]]  # peers: (item id, mark, subject)


def impact_findings(groups: dict[str, Group], found: dict[str, Impact], tolerance: float, outcome: str,
                    hint: Callable[[str], str], rule: str = "card-impact") -> tuple[list[tuple[str, Finding]],
                                                                                     list[list]]:
    """``(item, finding)`` for items held in at least ``MIN_HELD`` player-games whose impact lies outside their
    peers' mean ± ``tolerance``, and table rows (item, peers, player-games with it, impact, peers' mean)."""
    label, _ = OUTCOMES[outcome]
    points = outcome == "wins"
    findings, rows = [], []
    for name, members in groups.items():
        measured = [(item, mark, subject) for item, mark, subject in members if item in found]
        for item, mark, subject in measured:
            # the standard is set by the peers measured well enough to be judged themselves
            peers = [found[other] for other, _, _ in measured if other != item and found[other].games >= MIN_HELD]
            if not peers:
                continue
            mine, centre = found[item], sum(p.value for p in peers) / len(peers)
            # the peers' mean is itself an estimate: its error widens the card's interval
            error = math.sqrt(mine.error ** 2 + sum(p.error ** 2 for p in peers) / len(peers) ** 2)
            rows.append([item, name, mine.games, _show(mine.value, points), _show(centre, points)])
            verdict = estimate_outside(mine.value, error, mine.games, centre - tolerance, centre + tolerance,
                                       len(measured), unit="points" if points else "", scale=100 if points else 1)
            if verdict is None:
                continue
            if mine.games < MIN_HELD:  # too few to trust the interval: undecided until there are enough
                verdict = replace(verdict, clear=False, trials_needed=max(verdict.trials_needed, MIN_HELD))
            better = mine.value > centre
            band = f"{tolerance * 100:.0f} points" if points else f"{tolerance:g}"
            statement = (f"{'too strong' if better else 'too weak'} for its peers ({name}): having it adds "
                         f"{_show(mine.value, points)} to its holder's {label} {{evidence}} in the {mine.games} "
                         f"player-games with it; its peers add {_show(centre, points)} on average (± {band} "
                         f"accepted)")
            findings.append((item, judged(verdict, statement, "player-games with it", hint(item), mark, rule,
                                          subject)))
    return findings, rows


def one_each(*candidates: list[tuple[str, Finding]]) -> list[Finding]:
    """At most one finding per item: a warning before an undecided one, then the first list's before the next's
    (how often a card is taken explains its impact: a card nobody is without has no measurable one)."""
    best: dict[str, tuple[tuple[int, int], Finding]] = {}
    for rank, found in enumerate(candidates):
        for item, finding in found:
            key = (0 if finding.severity == "warning" else 1, rank)
            if item not in best or key < best[item][0]:
                best[item] = (key, finding)
    return [finding for _, finding in best.values()]


def _show(value: float, points: bool) -> str:
    return f"{value * 100:+.1f} points" if points else f"{value:+.2f}"


def pick_findings(groups: dict[str, Group], taken: dict[str, tuple[int, int]], margin: float,
                  hint: Callable[[str], str], rule: str = "card-taken", spans: int = 1) -> tuple[
                      list[tuple[str, Finding]], list[list]]:
    """``(item, finding)`` for items taken more often than their peers by more than ``margin`` in log-odds:
    ``taken`` gives each item's (player-games that had it, player-games that could have). ``spans``: the games a
    counted player-game spans (a campaign's); the margin applies to the share of single games, since over several
    games the share of players who took a card at least once nears 100% for any card often bought."""
    findings, rows = [], []
    for name, members in groups.items():
        for item, mark, subject in members:
            had, could = taken.get(item, (0, 0))
            others = [taken.get(other, (0, 0)) for other, _, _ in members if other != item]
            peer_had, peer_could = sum(h for h, _ in others), sum(c for _, c in others)
            if not could or not peer_could:
                continue
            usual = min(max(peer_had / peer_could, 1e-6), 1 - 1e-6)
            single = 1 - (1 - usual) ** (1 / spans)  # the peers' share of single games
            ceiling = 1 - (1 - 1 / (1 + math.exp(-(math.log(single / (1 - single)) + margin)))) ** spans
            rows.append([item, name, had, could, round(had / could, 4), round(usual, 4)])
            verdict = outside(had, could, 0.0, ceiling, len(members))
            if verdict is None:
                continue
            statement = (f"taken far more often than its peers ({name}): in {had / could:.1%} of the {could} "
                         f"player-games it could be {{evidence}}, its peers in {usual:.1%}; up to {ceiling:.1%} "
                         f"accepted")
            findings.append((item, judged(verdict, statement, "player-games", hint(item), mark, rule, subject)))
    return findings, rows
