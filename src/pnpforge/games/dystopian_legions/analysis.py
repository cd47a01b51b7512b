"""What the validator reports: of battles, the force balance (``balance.py``); of simulated duels, how they ended,
each nation's win share with its interval, and a note of the match played. A duel pits two particular sections, so
an uneven result is information about those sections at that range and cover, not a balance fault of the game: it
is reported, never a warning."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fractions import Fraction

from pnpforge.engine.analyses import outcomes, replay_hint, win_share
from pnpforge.engine.pool_odds import decimal, percent
from pnpforge.engine.playout import Run
from pnpforge.engine.validate import Analysis, Bar, Chart
from pnpforge.games.dystopian_legions.balance import analyse_battles, merged
from pnpforge.games.dystopian_legions.fair_points import forces_at
from pnpforge.findings import Finding
from pnpforge.games.dystopian_legions import melee_pairs
from pnpforge.games.dystopian_legions.duel import DEFAULT_SECTIONS
from pnpforge.games.dystopian_legions.odds import Kit, melee_pool

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.tally import Tally

NATIONS = ("britannia", "prussia")


def nations(pack: Pack) -> tuple[str, ...]:
    """The sides the seats rotate over: the two nations, each with its Line section."""
    return NATIONS


def configurations(pack: Pack, settings: Any) -> dict[Any, Run]:
    """Battles on each standard table (``balance.py``), duels per player count."""
    if settings.mode != "battle":
        return {n: Run(players=n, mode=settings.mode, bots=settings.bots, analyse=True) for n in settings.players}
    return {
        table.id: Run(players=2, mode="battle", bots=settings.bots, options=(("table", table.id),), analyse=True)
        for table in pack.of_type("table")
    }


def decks(pack: Pack) -> set[str]:
    """The cards the 500-point forces hold in their decks (a hand is chosen from the deck before each battle)."""
    return {card for force in forces_at(pack).values() for card in force.data.get("tacs", [])}


def analyse(pack: Pack, tallies: dict[Any, Tally], settings: Any) -> Analysis:
    if settings.mode == "battle":
        result = analyse_battles(pack, tallies, settings, decks(pack))
        every = merged(tallies)
        shares = {nation: share for nation in NATIONS if (share := win_share(every, f"side/{nation}")) is not None}
        if shares:
            result.findings.append(battles(pack, 2, every, shares))
        return result
    result = Analysis()
    for players, tally in sorted(tallies.items()):
        summary, bars = outcomes(tally)
        shares = {nation: share for nation in NATIONS if (share := win_share(tally, f"side/{nation}")) is not None}
        result.summary[f"{players}p"] = {"games": tally.get("games"), **summary, "win_share": shares}
        result.charts.append(Chart(f"outcomes-{players}p", "How the duels ended", bars))
        side_bars = [Bar(n, s["share"], s["low"], s["high"]) for n, s in shares.items()]
        result.charts.append(Chart(f"sides-{players}p", "Each nation's share of the duels won", side_bars))
        if shares:
            words = ", ".join(f"{n} {s['share']:.0%}" for n, s in shares.items())
            hint = replay_hint(pack.id, players, tally, "games", "duel")
            result.findings.append(
                Finding(
                    "info",
                    f"duels of the nations' Line sections at 12 inches, the British "
                    f"in soft cover: won by {words} of {tally.get('games')}{why(pack)}{hint}",
                    mark=pack.game_doc.mark(("factions",)),
                    rule="duel",
                )
            )
    return result


def battles(pack: Pack, players: int, tally: Tally, shares: dict[str, Any]) -> Finding:
    """Battles of the default forces: each nation's share, and how many stopped at the pack's turn cap (a battle the
    book would have played on: a finding, never a silent end)."""
    words = ", ".join(f"{n} {s['share']:.0%}" for n, s in shares.items())
    games = tally.get("games")
    capped = tally.get("ended/turn-cap")
    cap = pack.game.parameters.get("battle", {}).get("turn_cap")
    hint = replay_hint(pack.id, players, tally, "ended/turn-cap", "battle")
    return Finding(
        "info",
        f"battles of the 500-point forces on the standard tables: won by {words} of {games}; {capped} of them "
        f"stopped at the turn cap of {cap} turns short of the Battle Log Points that win{hint}",
        mark=pack.game_doc.mark(("parameters", "battle", "turn_cap")),
        rule="battle",
    )


def why(pack: Pack) -> str:
    """What decides the default duel, from the exact melee odds: at 12 inches either section may charge, and the
    melee goes the way the pools say (DECISIONS.md, "The default duel")."""
    kit = Kit(pack)
    one, other = (kit.data.sections.get(s) for s in DEFAULT_SECTIONS)
    if one is None or other is None or not (melee_pool(kit, one) and melee_pool(kit, other)):
        return ""
    fight = melee_pairs.fight(kit, one, other)
    return (
        f" ({one.points} points against {other.points}; both may charge at 12 inches, and in a melee the "
        f"{other.name} expects to take {decimal(Fraction(fight.dealt))} LP and deal "
        f"{decimal(Fraction(fight.taken))}, and gains the Upper Hand {percent(Fraction(fight.lower))} of the time "
        f"to {percent(Fraction(fight.upper))}: DECISIONS.md, The default duel)"
    )
