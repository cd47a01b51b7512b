"""Card impact: how much more often the players who had a card win than their sides win anyway, set against the
card's peers of the same type and cost.

A card that is too good does not always move its faction's win share enough to fail the faction band, but its
holders win more than the holders of its peers. The tallies count, for each item, the player-games that had it,
their wins and their sides (``held/`` keys, ``engine/results.py``). Sides differ in strength, so a card's *expected*
wins are what its holders' sides win in that configuration anyway; its *lift* is its wins above that. A card is
judged against its peers' pooled lift: a warning when its holders' win share, with its 95% interval, lies wholly
outside the share its peers' lift would give them ± the tolerance (``engine/verdicts.py``), else info saying how
many games would decide it. Cards are bought and played more by players who are ahead, so every card's lift
carries that bias; comparing peers with peers cancels it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from pnpforge.engine.analyses import judged
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.tally import Tally
from pnpforge.engine.verdicts import outside
from pnpforge.findings import Finding


@dataclass(frozen=True)
class Impact:
    """What the holders of an item won: in how many player-games they had it, their wins, and the wins their
    sides would have had at their usual rate."""

    games: int
    wins: float
    expected: float

    @property
    def lift(self) -> float:
        return self.wins - self.expected


def impacts(tallies: dict[Any, Tally], items: Iterable[str]) -> dict[str, Impact]:
    """Each item's ``Impact`` over every configuration (sides' usual win shares taken per configuration)."""
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    expected: dict[str, float] = {}
    items = list(items)
    for tally in tallies.values():
        usual = _side_shares(tally)
        for item in items:
            held = tally.get(f"held/{item}/games")
            if not held:
                continue
            games[item] = games.get(item, 0) + held
            wins[item] = wins.get(item, 0.0) + tally.get(f"held/{item}/wins") / TWELFTHS
            by_side = {side: tally.get(f"held/{item}/side/{side}") for side in usual}
            counted = sum(by_side.values())
            fallback = _mean_share(tally)
            expected[item] = expected.get(item, 0.0) + sum(n * usual[s] for s, n in by_side.items()) \
                + (held - counted) * fallback
    return {item: Impact(games[item], wins[item], expected[item]) for item in games}


def _side_shares(tally: Tally) -> dict[str, float]:
    """Each side's win share in this configuration."""
    shares = {}
    for key in tally.keys("played/side/"):
        side = key[len("played/side/"):]
        played = tally.get(key)
        if played:
            shares[side] = tally.get(f"wins/side/{side}") / TWELFTHS / played
    return shares


def _mean_share(tally: Tally) -> float:
    """The win share of a player-game in this configuration (1 / players when nobody shares a win)."""
    played = sum(tally.get(k) for k in tally.keys("played/seat/"))
    return sum(tally.get(k) for k in tally.keys("wins/seat/")) / TWELFTHS / played if played else 0.0


def impact_findings(groups: dict[str, list[tuple[str, Any, str | None]]], found: dict[str, Impact], tolerance: float,
                    hint, rule: str = "card-impact") -> tuple[list[Finding], list[list]]:
    """Findings for items whose holders win clearly more (or less) than their peers' holders would, and table rows
    (item, peers, games held, won, expected at the peers' lift). ``groups``: peers by name, each a list of
    ``(item id, mark, subject)``; ``hint(item)`` names a game to replay."""
    findings, rows = [], []
    family = sum(1 for members in groups.values() for item, _, _ in members if item in found)
    for name, members in groups.items():
        held = [(item, mark, subject) for item, mark, subject in members if item in found]
        for item, mark, subject in held:
            peers = [found[other] for other, _, _ in held if other != item]
            peer_games = sum(p.games for p in peers)
            if not peer_games:
                continue
            mine = found[item]
            centre = (mine.expected + mine.games * sum(p.lift for p in peers) / peer_games) / mine.games
            share = mine.wins / mine.games
            rows.append([item, name, mine.games, round(share, 4), round(centre, 4)])
            verdict = outside(mine.wins, mine.games, centre - tolerance, centre + tolerance, family)
            if verdict is None:
                continue
            better = share > centre
            statement = (f"{'too strong' if better else 'too weak'} for its peers ({name}): its holders won "
                         f"{share:.1%} of the {mine.games} games they had it {{evidence}}; at its peers' lift they "
                         f"would win {centre:.1%} ± {tolerance * 100:.0f} points")
            findings.append(judged(verdict, statement, "games held", hint(item), mark, rule, subject))
    return findings, rows
