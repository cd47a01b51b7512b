"""What the simulated games say about the Legion pack: findings against the thresholds in game.yaml, and charts.

Each finding names the content it is about (its file and line) and the seed of a game that shows it, so that
``pnpforge replay legion-siberian-story --seed N --players P --bots greedy`` prints that game. The shared analyses
(``engine/analyses.py``) judge win shares, plots entered and won, characters played, equipment bought, locations
and rule gaps; this module adds the orders' usefulness, the despatches and the averages of a game of Legion.
"""

from __future__ import annotations

from functools import partial

from pnpforge.content.pack import Pack
from pnpforge.engine.impact import fit, impact_findings, one_each, pick_findings
from pnpforge.engine.analyses import (judged, length_chart, never_used, never_won, rarely_entered, rarely_used,
                                      replay_hint, rule_gaps, seat_bars, side_balance, side_marks)
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import Analysis, Bar, Chart, Settings, Table
from pnpforge.engine.verdicts import MIN_RATE, below, never_seen, still_open
from pnpforge.findings import Finding
from pnpforge.games.legion_siberian_story.modes import CAMPAIGN_GAMES


def _seed(players: int, settings: Settings, tally: Tally, key: str) -> str:
    mode = settings.mode if settings.mode != "base" else ""
    return replay_hint("legion-siberian-story", players, tally, key, mode)


def analyse(pack: Pack, tallies: dict[int, Tally], settings: Settings) -> Analysis:
    """Findings, charts and tables from the merged tallies of every player count."""
    limits = pack.game.thresholds
    result = Analysis()
    total = Tally()
    family = len(pack.game.factions) * len(tallies)  # every faction at every player count: one family of checks
    for players, tally in sorted(tallies.items()):
        total.merge(tally)
        _balance(pack, tally, players, settings, float(limits.get("faction_win_share_tolerance", 0.07)), result,
                 family)
    any_players = min(tallies)
    min_rate = float(limits.get("min_rate", MIN_RATE))
    _plots(pack, total, any_players, settings, float(limits.get("plot_entered_min_share", 0.05)), min_rate, result)
    _characters(pack, total, any_players, settings, float(limits.get("character_played_min_share", 0.01)), min_rate,
                result)
    _equipment(pack, total, any_players, settings, min_rate, result)
    _orders(pack, total, any_players, settings, float(limits.get("order_useful_min_share", 0.01)), min_rate, result)
    _locations(pack, total, any_players, settings, min_rate, result)
    _impact(pack, tallies, total, any_players, settings, limits, result)
    if settings.mode == "despatches":
        _despatches(pack, total, any_players, settings, min_rate, result)
    _gaps_and_averages(pack, total, settings, result)
    return result


def _balance(pack: Pack, tally, players, settings, tolerance, result, family) -> None:
    hint = partial(_seed, players, settings)
    findings, bars, shares = side_balance(tally, side_marks(pack), players, tolerance, hint, family=family)
    result.findings += findings
    seats = seat_bars(tally, players)
    expected = 1 / players
    result.charts.append(Chart(f"factions-{players}p", f"Win share per faction, {players} players", bars,
                               reference=expected, band=tolerance))
    result.charts.append(Chart(f"seats-{players}p", f"Win share per seat, {players} players", seats,
                               reference=expected))
    result.summary[f"{players}p"] = {"games": tally.get("games"), "win_share": shares,
                                     "seat_share": {b.label: b.value for b in seats}}
    title = "Campaign totals" if tally.get("campaigns") else "Final scores"
    result.charts.append(Chart(f"scores-{players}p", f"{title}, {players} players",
                               [Bar(str(s), n) for s, n in tally.histogram("score/hist/")], unit="count", xlabel="VP"))


def _plots(pack: Pack, tally, players, settings, minimum, min_rate, result) -> None:
    hint = partial(_seed, players, settings)
    rows = []
    plots = pack.of_type("plot")
    for plot in plots:
        rows.append([plot.id] + [tally.get(f"{key}/{plot.id}") for key in ("offered", "entered", "won")])
        found = rarely_entered(plot, tally, minimum, hint, rule="plot-entered", family=len(plots),
                               min_rate=min_rate) or \
            never_won(plot, tally, hint, rule="plot-won", min_rate=min_rate)
        if found:
            result.findings.append(found)
    result.tables.append(Table("Plots: rounds drawn, entered, won", ["plot", "drawn", "entered", "won"], rows))


def _characters(pack: Pack, tally, players, settings, minimum, min_rate, result) -> None:
    hint = partial(_seed, players, settings)
    bars = []
    characters = pack.of_type("character")
    for c in characters:
        games = tally.get(f"played/side/{c['faction']}")
        if not games:
            continue
        bars.append(Bar(c.id, round(tally.get(f"used-games/{c.id}") / games, 4)))
        found = rarely_used(c, tally, games, minimum, f"played/side/{c['faction']}", hint, verb="played",
                            among="its faction's", rule="character-played", family=len(characters),
                            min_rate=min_rate)
        if found:
            result.findings.append(found)
    result.charts.append(Chart("characters", "Share of its faction's games in which each character marched",
                               sorted(bars, key=lambda b: b.value), xlabel="character"))


def _equipment(pack: Pack, tally, players, settings, min_rate, result) -> None:
    bars = []
    for card in pack.of_type("overlay"):
        if card.get("cost") is None:
            continue
        bars.append(Bar(card.id, tally.get(f"used/{card.id}")))
        found = never_used(card, tally, partial(_seed, players, settings), "never bought in {games} games",
                           rule="equipment-bought", min_rate=min_rate)
        if found:
            result.findings.append(found)
    result.charts.append(Chart("equipment", "Equipment and Enhancements bought", bars, unit="count"))


def observing(pack: Pack, tallies: dict, settings: Settings) -> set[str]:
    """The orders and locations whose checks of what the weighing counts (``usefulness.py``) are still open: an
    order whose usefulness interval still reaches its bar from above (or that was never weighed, or weighed without
    changing an outcome and not yet often enough to say it never does), a location whose effect has not yet changed
    an outcome and is not yet clearly one that never does. More weighing cannot change a settled check's verdict, and
    the validator has only the open ones weighed in its later games (``engine/validate.py``). The Blank, the placebo
    every order is measured against, is weighed as long as any order is."""
    total = Tally()
    for tally in tallies.values():
        total.merge(tally)
    limits = pack.game.thresholds
    min_rate = float(limits.get("min_rate", MIN_RATE))
    orders = pack.of_type("order")
    bar, _ = _placebo_bar(orders, total, float(limits.get("order_useful_min_share", 0.01)))
    still = {order.id for order in orders
             if order.get("effects") and still_open(total.get(f"order/{order.id}/useful"),
                                                    total.get(f"order/{order.id}/weighed"), bar, len(orders), min_rate)}
    if still:
        still.update(order.id for order in orders if not order.get("effects"))
    for location in pack.of_type("location"):
        offered = total.get(f"offered/{location.id}")
        if not total.get(f"used/{location.id}") and not (offered and never_seen(offered, min_rate).clear):
            still.add(location.id)
    return still


def _placebo_bar(orders, tally, margin: float) -> tuple[float, str]:
    """The share an order must reach to count as doing something: the do-nothing Blank's, measured the same way in
    the same games, plus ``margin``. Without a Blank, ``margin`` itself."""
    weighed = sum(tally.get(f"order/{o.id}/weighed") for o in orders if not o.get("effects"))
    if not weighed:
        return margin, f"at least {margin:.0%} expected"
    useful = sum(tally.get(f"order/{o.id}/useful") for o in orders if not o.get("effects"))
    placebo = useful / weighed
    return placebo + margin, f"at least {margin:.0%} more than the Blank's {placebo:.1%}, which does nothing, expected"


def _orders(pack: Pack, tally, players, settings, margin, min_rate, result) -> None:
    rows = []
    orders = pack.of_type("order")
    bar, expected = _placebo_bar(orders, tally, margin)
    for order in orders:
        weighed = tally.get(f"order/{order.id}/weighed")
        useful = tally.get(f"order/{order.id}/useful")
        assigned = tally.get(f"used/{order.id}")
        reactions = tally.get(f"order/{order.id}/reaction")
        rows.append([order.id, assigned, weighed, useful, reactions])
        where = _seed(players, settings, tally, f"used/{order.id}")
        if not order.get("effects"):
            share = f"; changed an outcome in {useful / weighed:.1%} of them (the placebo)" if weighed else ""
            result.findings.append(Finding("info", f"played {assigned} times; drew a reaction {reactions} times"
                                                   f"{share}", mark=order.mark(), subject=order.subject,
                                           rule="order-blank"))
        elif weighed and not useful:
            result.findings.append(judged(
                never_seen(weighed, min_rate), f"never changed an outcome in the {weighed} times it was played",
                "times played", where, order.mark(), "order-useful", order.subject))
        elif weighed and (verdict := below(useful, weighed, bar, len(orders))) is not None:
            result.findings.append(judged(
                verdict, f"changed an outcome in {useful / weighed:.1%} of the {weighed} times it was played "
                         f"({expected})", "times played", where, order.mark(), "order-useful", order.subject))
        elif not assigned:
            games = tally.get("games")
            result.findings.append(judged(never_seen(games, min_rate), f"never played in {games} games", "games",
                                          "", order.mark(), "order-useful", order.subject))
    result.tables.append(Table("Orders: times played, weighed, useful, drew a reaction",
                               ["order", "played", "weighed", "useful", "reaction"], rows))


# What makes cards peers (the same type and cost): the groups card impact judges together, by item type.
PEERS = {
    "character": lambda item: "officers" if item.get("officer") else "characters",
    "overlay": lambda item: f"equipment costing {item['cost']}" if item.get("cost") is not None else None,
    "plot": lambda item: "plots entered with " + " and ".join(item["entry"]),
    "order": lambda item: "orders",
    "despatch": lambda item: "despatches",
}
TAKEN = ("character", "overlay")  # cards a player chooses to take, judged also by how often they are taken
# What each kind of card is judged on. A plot's reward is its VP, so a plot is judged on the score it adds: its
# win share follows from the same VP with the noise of who else won, and the published plots of one entry differ
# by up to 2 VP by design, which the score tolerance accepts. Other cards are bought or played in situations that
# move the score far more than they do (Officer Exams once the officer is dead, the Coat by all but the players who
# send nobody to the cold), which a bounded win share resists far better.
JUDGED_ON = {"plot": ("score",)}


def _impact(pack: Pack, tallies, total, players, settings, limits, result) -> None:
    """Card impact: each card's fitted worth to its holder's win share and score against its peers', and how often
    the cards a player chooses are taken against their peers (``engine/impact.py``)."""
    def hint(item: str) -> str:
        return _seed(players, settings, total, f"held/{item}/games")

    tolerance = {"wins": float(limits.get("card_impact_tolerance", 0.10)),
                 "score": float(limits.get("card_score_tolerance", 1.5))}
    rows: list[list] = []
    taken: dict[str, tuple[int, int]] = {}
    groups_taken: dict[str, list] = {}
    measured: dict[str, list] = {"wins": [], "score": []}
    all_games = sum(total.get(k) for k in total.keys("played/seat/"))
    for kind, peers in PEERS.items():
        groups: dict[str, list] = {}
        for item in pack.of_type(kind):
            name = peers(item)
            if name is not None:
                groups.setdefault(name, []).append((item.id, item.mark(), item.subject))
                if kind in TAKEN:
                    could = total.get(f"played/side/{item['faction']}") if item.get("faction") else all_games
                    taken[item.id] = (total.get(f"held/{item.id}/games"), could)
                    groups_taken.setdefault(name, []).append((item.id, item.mark(), item.subject))
        items = [i for members in groups.values() for i, _, _ in members]
        for outcome in JUDGED_ON.get(kind, ("wins",)):
            found, table = impact_findings(groups, fit(tallies, items, outcome), tolerance[outcome], outcome, hint)
            measured[outcome] += found
            rows += [[outcome, *row] for row in table]
    spans = CAMPAIGN_GAMES if total.get("campaigns") else 1  # a Survival player-game is a whole campaign
    often, _ = pick_findings(groups_taken, taken, float(limits.get("card_taken_log_odds", 2.5)), hint, spans=spans)
    result.findings += one_each(often, measured["wins"], measured["score"])
    result.tables.append(Table("Card impact: what having a card adds to its holder's win share (points) and score "
                               "(VP), the seat, the side and the other cards of its kind held fixed",
                               ["outcome", "card", "peers", "player-games", "impact", "peers' mean"], rows))


def _locations(pack: Pack, tally, players, settings, min_rate, result) -> None:
    for location in pack.of_type("location"):
        if not tally.get(f"offered/{location.id}"):
            continue
        found = never_used(location, tally, partial(_seed, players, settings),
                           "its effect never changed an outcome in the {offered} rounds it was drawn",
                           f"offered/{location.id}", rule="location-effect", trials_key=f"offered/{location.id}",
                           unit="rounds drawn", min_rate=min_rate)
        if found:
            result.findings.append(found)


def _despatches(pack: Pack, tally, players, settings, min_rate, result) -> None:
    rows = []
    for card in pack.of_type("despatch"):
        drawn, kept, played, scored = (tally.get(f"{key}/{card.id}") for key in ("offered", "entered", "used", "won"))
        rows.append([card.id, drawn, kept, played, scored])
        if drawn and not scored:
            result.findings.append(judged(
                never_seen(drawn, min_rate), f"never scored: drawn {drawn} times, kept {kept}, played {played}",
                "times drawn", _seed(players, settings, tally, f'offered/{card.id}'), card.mark(),
                "despatch-scored", card.subject))
    result.tables.append(Table("Despatches: drawn, kept, played, scored",
                               ["despatch", "drawn", "kept", "played", "scored"], rows))


def _gaps_and_averages(pack: Pack, tally, settings, result) -> None:
    games = tally.get("games")
    result.findings += rule_gaps(tally, pack.game_doc.mark(()))
    players_total = sum(tally.get(k) for k in tally.keys("played/seat/"))
    per = "campaign" if tally.get("campaigns") else "game"  # a Survival run counts whole campaigns
    score = round(tally.get("score/total") / players_total, 2) if players_total else 0
    deaths, frost, decisions = (round(tally.get(key) / games, digits) if games else 0
                                for key, digits in (("deaths", 2), ("deaths/frostbite", 2), ("moves", 1)))
    averages = {"score_per_player": score, f"deaths_per_{per}": deaths, f"frostbite_deaths_per_{per}": frost,
                f"decisions_per_{per}": decisions}
    lengths = tally.histogram("length/", 25)
    result.summary["averages"] = averages
    unit = f"campaign of {CAMPAIGN_GAMES} games" if per == "campaign" else "game"
    result.findings.append(Finding(
        "info", f"per {unit}: {score} VP per player, {deaths} deaths ({frost} from frostbite), {decisions} "
                f"decisions (from {lengths[0][0]} to {lengths[-1][0] + 24})" if lengths else "no games",
        mark=pack.game_doc.mark(()), rule="averages"))
    result.charts.append(length_chart(tally, 25, f"Decisions per {per}", "decisions"))
