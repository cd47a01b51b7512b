"""Force balance: what ``validate`` reports of battles between the nations' 500-point forces, table by table.

Each standard table is a configuration of its own; on it the generator deals the scenario (deployment, mission,
conditions), and a paired unit plays that deal twice with the nations' seats swapped. The report gives, per table:
each nation's win share with its interval (a warning outside ``thresholds.force_win_tolerance`` of a half), the
spread of the Battle Log Points each nation ends with, the turns the battles took, and the battles that reached the
pack's turn cap (a warning when more than ``thresholds.turn_cap_max`` of them did: the book has no turn limit, so
a battle stopped by the cap is one the rules did not finish). Over every table: the scenarios one seat wins more
than ``thresholds.scenario_win_max`` of, and the Tactical Action Cards of the forces' decks that were never played
or that never changed anything when played (``weigh.py``).

The battle's ``events`` feed these counts: ``Length`` (turns), ``Ended`` (the rule that ended it), ``Used`` (a card
played), and ``Counted`` keys ``blp/<nation>/<n>``, ``scenario/played/<id>`` and ``scenario/wins/<id>/<seat>``.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pnpforge.engine.analyses import judged, lopsided, never_used, replay_hint, side_balance, side_marks
from pnpforge.engine.validate import Analysis, Chart
from pnpforge.games.dystopian_legions.battle import battle_events
from pnpforge.engine.verdicts import MIN_RATE, never_seen, outside
from pnpforge.findings import Finding

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.tally import Tally

NATIONS = ("britannia", "prussia")
CAP_RULE = "turn-cap"


def analyse_battles(pack: Pack, tallies: dict[Any, Tally], settings: Any, decks: set[str]) -> Analysis:
    """The force-balance report of the battles per table (``tallies`` by table id); ``decks``: the cards the forces
    hold."""
    thresholds = pack.game.thresholds
    tolerance = float(thresholds.get("force_win_tolerance", 0.1))
    cap_max = float(thresholds.get("turn_cap_max", 0.05))
    scenario_max = float(thresholds.get("scenario_win_max", 0.8))
    min_rate = float(thresholds.get("min_rate", MIN_RATE))
    result = Analysis()
    marks = side_marks(pack)
    family = 2 * max(1, len(tallies))
    for table, tally in sorted(tallies.items()):
        games = tally.get("games")
        if not games:
            continue

        def hint(t: Tally, key: str) -> str:
            return replay_hint(pack.id, 2, t, key, settings.mode)

        findings, bars, shares = side_balance(
            tally, [(n, mark) for n, mark in marks if n in NATIONS], 2, tolerance, hint, "nation", family
        )
        result.findings += [named(f, table) for f in findings]
        result.charts.append(
            Chart(
                f"nations-{table}",
                f"{table}: each nation's share of the battles won",
                bars,
                reference=0.5,
                band=tolerance,
            )
        )
        blp = {nation: spread(tally, f"blp/{nation}/") for nation in NATIONS}
        turns = spread(tally, "length/")
        capped = tally.get(f"ended/{CAP_RULE}")
        result.summary[str(table)] = {
            "battles": games,
            "win_share": shares,
            "blp": blp,
            "turns": turns,
            "turn_cap": {"battles": capped, "share": round(capped / games, 4)},
        }
        verdict = outside(capped, games, 0.0, cap_max, max(1, len(tallies)))
        if verdict is not None:
            result.findings.append(
                judged(
                    verdict,
                    f"{capped} of {games} battles reached the turn cap {{evidence}}; at most {cap_max:.0%} expected",
                    "battles",
                    hint(tally, f"ended/{CAP_RULE}"),
                    pack.game_doc.mark(("thresholds", "turn_cap_max")),
                    CAP_RULE,
                )
            )
            result.findings[-1] = named(result.findings[-1], table)
    every = merged(tallies)
    if every.get("games"):

        def hint_all(t: Tally, key: str) -> str:
            return replay_hint(pack.id, 2, t, key, settings.mode)

        result.findings += lopsided(every, "scenario/", scenario_max, hint_all)
        for card in pack.of_type("tac"):
            if card.id not in decks:
                continue
            found = never_used(
                card, every, hint_all, "never played in {games} battles", rule="tac-played", unit="battles"
            )
            if found is not None:
                result.findings.append(found)
            weighed = every.get(f"weighed/{card.id}")
            if weighed and not every.get(f"changed/{card.id}"):
                verdict = never_seen(weighed, min_rate)
                result.findings.append(
                    judged(
                        verdict,
                        f"played and weighed {weighed} times, never changed a section's models, Life Points, "
                        "markers or melee by the end of its turn",
                        "plays weighed",
                        hint_all(every, f"weighed/{card.id}"),
                        card.mark(),
                        "tac-changes",
                        card.subject,
                    )
                )
    return result


def named(finding: Finding, table: Any) -> Finding:
    """A finding about one table's battles, its message opening with the table (after ``undecided:``), which is how
    ``validate --games auto`` tells the configuration it concerns."""
    undecided = "undecided: "
    rest = finding.message.removeprefix(undecided)
    opening = undecided if rest != finding.message else ""
    return replace(finding, message=f"{opening}{table}: {rest}")


def spread(tally: Tally, prefix: str) -> dict[str, float]:
    """Mean, standard deviation, least and most of a count kept as a histogram (``<prefix><n>``: games with n)."""
    counts = [
        (int(key[len(prefix) :]), tally.get(key))
        for key in tally.keys(prefix)
        if key[len(prefix) :].lstrip("-").isdigit()
    ]
    total = sum(c for _, c in counts)
    if not total:
        return {}
    mean = sum(v * c for v, c in counts) / total
    variance = sum(c * (v - mean) ** 2 for v, c in counts) / max(1, total - 1)
    values = [v for v, c in counts if c]
    return {"mean": round(mean, 2), "sd": round(math.sqrt(variance), 2), "min": min(values), "max": max(values)}


def merged(tallies: dict[Any, Tally]) -> Tally:
    """Every table's battles in one tally."""
    from pnpforge.engine.tally import Tally

    every = Tally()
    for tally in tallies.values():
        every.merge(tally)
    return every


def events(state: Any) -> list[Any]:
    """A battle's events for the validator: the battle's own (how it ended, its turns, its Battle Log Points), then
    what force balance counts (each nation's BLP, the scenario and what each role took of it, every card played);
    none for a duel."""
    from pnpforge.engine.events import Counted, Used
    from pnpforge.engine.results import TWELFTHS

    found = battle_events(state)
    if not found or not hasattr(state, "units"):
        return found
    nations = [name.removesuffix("-2") for name in state.game.players]
    for player, nation in enumerate(nations):
        found.append(Counted(f"blp/{nation}/{state.blp[player]}"))
    scenario = "+".join(state.names)
    found.append(Counted(f"scenario/played/{scenario}"))
    returns = state.returns()
    for player, role in ((state.advantage, "attacker"), (1 - state.advantage, "defender")):
        share = round(returns[player] * TWELFTHS)
        if share:
            found.append(Counted(f"scenario/wins/{scenario}/{role}", share))
    for player in (0, 1):
        found += [Used(card) for card in state.units[state.first_of(player)].side.graveyard]
    return found
