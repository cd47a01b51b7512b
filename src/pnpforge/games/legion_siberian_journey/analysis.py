"""What the simulated games say about the Journey pack: findings against the thresholds in game.yaml, and charts.

The game's log becomes typed events (``events``): a Marketplace card or a plot laid is offered, a card bought (its price
counted beside) or a plot a squad marched to is entered, a plot paid out (a cooperative one: beaten) is won, an action
card played is used; Journey's own counts are the prices paid, the commanders' games and wins, cooperative plots failed
and how locations were decided. ``analyse`` judges them with the shared analyses (``engine/analyses.py``): win share per
faction, per commander and per seat, cards never bought or always bought at the lowest price, plots never entered or
never won, cooperative plots that always fail, action cards never played or never changing anything (weighed by
``weighing.py``), locations settled by secret bids, and the game's length.
"""

from __future__ import annotations

from functools import partial
from typing import Iterator

from pnpforge.content.pack import Pack
from pnpforge.engine.analyses import (judged, length_chart, never_won, rarely_entered, replay_hint, seat_bars,
                                      side_balance, side_marks)
from pnpforge.engine.events import Counted, Entered, Event, Held, Offered, Scores, Used, Won
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.stats import share, wilson
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import Analysis, Bar, Chart, Settings, Table
from pnpforge.engine.verdicts import MIN_RATE, below, never_seen, outside, still_open
from pnpforge.findings import Finding
from pnpforge.games.legion_siberian_journey.log import (Cancels, CommanderChosen, CoopFailed, LocationRevealed,
                                                     LocationWon, Marched, MarketOffered, MarketWon, Played, PlotLaid,
                                                     PlotPaid, SecretBids, TrapLaid)
from pnpforge.games.legion_siberian_journey.state import JourneyState

KINDS = {"character": "characters", "action": "actions"}


def events(state: JourneyState) -> Iterator[Event]:
    """The game's log as events, in the sequence it happened."""
    data = state.data
    row: list[int] = []  # this round's plots, left to right
    entered: set[int] = set()
    for entry in state.log:
        if isinstance(entry, MarketOffered):
            table = data.characters if entry.kind == "character" else data.actions
            yield Offered(table[entry.card].item)
        elif isinstance(entry, MarketWon):
            item = (data.characters if entry.kind == "character" else data.actions)[entry.card].item
            yield Entered(item)
            yield Held(item, entry.player, entry.kind)
            yield Counted(f"price/{item}", entry.paid)
            if entry.paid <= 1:
                yield Counted(f"cheapest/{item}")
        elif isinstance(entry, CommanderChosen):
            yield Held(entry.commander, entry.player, "commander")
            yield Counted(f"commander/{entry.commander}/played")
            yield Counted(f"commander/{entry.commander}/wins", round(state.returns()[entry.player] * TWELFTHS))
        elif isinstance(entry, PlotLaid):
            row.append(entry.plot)
            yield Offered(data.plots[entry.plot].item)
        elif isinstance(entry, (PlotPaid, CoopFailed)):
            plot = data.plots[entry.plot]
            if plot.cooperative:
                yield Counted(f"coop/{plot.item}/evaluated")
                if isinstance(entry, CoopFailed):
                    yield Counted(f"coop/{plot.item}/failed")
            if isinstance(entry, PlotPaid) and entry.paid:
                yield Won(plot.item)
                for player, _ in entry.paid[:1]:
                    yield Held(plot.item, player, "plot")
        elif isinstance(entry, SecretBids):
            yield Counted(f"secret/{entry.purpose}")
        elif isinstance(entry, LocationWon):
            yield Counted("locations/awarded")
            yield Won(data.locations[entry.location].item)
        elif isinstance(entry, LocationRevealed):
            row, entered = [], set()  # a new round's location: a new row of plots follows
            yield Offered(data.locations[entry.location].item)
        elif isinstance(entry, Marched):
            if entry.plot not in entered and entry.plot < len(row):
                entered.add(entry.plot)
                yield Entered(data.plots[row[entry.plot]].item)
        elif isinstance(entry, (Played, TrapLaid, Cancels)):  # a card played, laid as a trap or in answer to another
            item = data.actions[entry.card].item
            yield Used(item)
            yield Held(item, entry.player, "action")
    yield Scores(tuple(state.vp))


def _seed(players: int, tally: Tally, key: str) -> str:
    return replay_hint("legion-siberian-journey", players, tally, key)


def analyse(pack: Pack, tallies: dict[int, Tally], settings: Settings) -> Analysis:
    """Findings, charts and tables from the merged tallies of every player count."""
    limits = pack.game.thresholds
    min_rate = float(limits.get("min_rate", MIN_RATE))
    result = Analysis()
    total = Tally()
    family = len(pack.game.factions) * len(tallies)
    tolerance = float(limits.get("faction_win_share_tolerance", 0.07))
    for players, tally in sorted(tallies.items()):
        total.merge(tally)
        _balance(pack, tally, players, tolerance, family, result)
        _commanders(pack, tally, players, tolerance, result)
    any_players = min(tallies)
    hint = partial(_seed, any_players)
    _auction(pack, total, hint, min_rate, result)
    _plots(pack, total, hint, float(limits.get("plot_entered_min_share", 0.05)), min_rate, result)
    _actions(pack, total, hint, float(limits.get("action_useful_min_share", 0.05)), min_rate, result)
    _locations(pack, total, float(limits.get("sealed_bid_share", 0.10)), result)
    _length(pack, total, result)
    return result


def _balance(pack: Pack, tally, players, tolerance, family, result) -> None:
    findings, bars, shares = side_balance(tally, side_marks(pack), players, tolerance, partial(_seed, players),
                                          family=family)
    result.findings += findings
    expected = 1 / players
    result.charts.append(Chart(f"factions-{players}p", f"Win share per faction, {players} players", bars,
                               reference=expected, band=tolerance))
    seats = seat_bars(tally, players)
    result.charts.append(Chart(f"seats-{players}p", f"Win share per seat, {players} players", seats,
                               reference=expected))
    result.summary[f"{players}p"] = {"games": tally.get("games"), "win_share": shares,
                                     "seat_share": {b.label: b.value for b in seats}}


def _commanders(pack: Pack, tally, players, tolerance, result) -> None:
    """Each commander's win share against an equal share: a commander is a choice, so neither of a faction's two
    should decide its games."""
    commanders = pack.of_type("commander")
    expected = 1 / players
    bars = []
    for card in commanders:
        played = tally.get(f"commander/{card.id}/played")
        if not played:
            continue
        wins = tally.get(f"commander/{card.id}/wins") / TWELFTHS
        low, high = wilson(wins, played)
        bars.append(Bar(card.id, round(wins / played, 4), round(low, 4), round(high, 4)))
        verdict = outside(wins, played, expected - tolerance, expected + tolerance, len(commanders))
        if verdict is not None:
            word = "often" if wins / played > expected else "rarely"
            result.findings.append(judged(
                verdict, f"commander wins too {word}: {wins / played:.1%} of the {played} {players}-player games it "
                         f"led {{evidence}}; expected {expected:.0%} ± {tolerance * 100:.0f} points",
                f"{players}-player games", _seed(players, tally, f"commander/{card.id}/played"), card.mark(),
                "commander-win-share", card.subject, players))
    result.charts.append(Chart(f"commanders-{players}p", f"Win share per commander, {players} players", bars,
                               reference=expected, band=tolerance))


def _auction(pack: Pack, tally, hint, min_rate, result) -> None:
    """Cards offered in the Marketplace: never bought, or bought only ever at the lowest price."""
    rows = []
    for kind in KINDS:
        for card in pack.of_type(kind):
            offered, bought = tally.get(f"offered/{card.id}"), tally.get(f"entered/{card.id}")
            if not offered:
                continue
            paid = tally.get(f"price/{card.id}")
            rows.append([card.id, kind, offered, bought, round(paid / bought, 2) if bought else None])
            if not bought:
                result.findings.append(judged(
                    never_seen(offered, min_rate), f"never bought in the {offered} times it was offered", "offers",
                    hint(tally, f"offered/{card.id}"), card.mark(), "card-bought", card.subject))
            elif tally.get(f"cheapest/{card.id}") == bought:
                result.findings.append(judged(
                    never_seen(bought, min_rate), f"always bought for a single resource ({bought} times): nobody "
                                                  "bids against it", "purchases", hint(tally, f"entered/{card.id}"),
                    card.mark(), "card-price", card.subject))
    result.tables.append(Table("The Marketplace: times offered and bought, mean price paid (own resources)",
                               ["card", "kind", "offered", "bought", "mean price"], rows))


def _plots(pack: Pack, tally, hint, minimum, min_rate, result) -> None:
    rows = []
    plots = pack.of_type("plot")
    for plot in plots:
        evaluated, failed = tally.get(f"coop/{plot.id}/evaluated"), tally.get(f"coop/{plot.id}/failed")
        rows.append([plot.id, *(tally.get(f"{key}/{plot.id}") for key in ("offered", "entered", "won")),
                     failed if plot.get("contest") == "cooperative" else None])
        found = rarely_entered(plot, tally, minimum, hint, rule="plot-entered", family=len(plots), min_rate=min_rate)
        if found is None and evaluated and failed == evaluated:
            found = judged(never_seen(evaluated, min_rate), f"a cooperative plot never beaten in the {evaluated} "
                                                            "times squads tried", "attempts",
                           hint(tally, f"coop/{plot.id}/failed"), plot.mark(), "plot-cooperative-beaten",
                           plot.subject)
        if found is None and tally.get(f"entered/{plot.id}"):
            found = never_won(plot, tally, hint, rule="plot-won", min_rate=min_rate)
        if found:
            result.findings.append(found)
    result.tables.append(Table("Plots: rounds laid, entered, won (cooperative: beaten), cooperative failures",
                               ["plot", "laid", "entered", "won", "failed"], rows))


def _actions(pack: Pack, tally, hint, minimum, min_rate, result) -> None:
    """Action cards: never played, or never (rarely) changing how a round ends when played."""
    rows = []
    cards = pack.of_type("action")
    games = tally.get("games")
    for card in cards:
        played, weighed, useful = (tally.get(key) for key in
                                   (f"used/{card.id}", f"action/{card.id}/weighed", f"action/{card.id}/useful"))
        rows.append([card.id, card.get("phase"), played, weighed, useful])
        if not played:
            result.findings.append(judged(never_seen(games, min_rate), f"never played in {games} games", "games",
                                          "", card.mark(), "action-played", card.subject))
        elif weighed and not useful:
            result.findings.append(judged(
                never_seen(weighed, min_rate), f"never changed how the round ended in the {weighed} times it was "
                                               "weighed", "times weighed", hint(tally, f"action/{card.id}/weighed"),
                card.mark(), "action-useful", card.subject))
        elif weighed and (verdict := below(useful, weighed, minimum, len(cards))) is not None:
            result.findings.append(judged(
                verdict, f"changed how the round ended in {useful / weighed:.1%} of the {weighed} times it was "
                         f"weighed (at least {minimum:.0%} expected)", "times weighed",
                hint(tally, f"action/{card.id}/weighed"), card.mark(), "action-useful", card.subject))
    result.tables.append(Table("Action cards: times played, weighed, changed how the round ended",
                               ["card", "phase", "played", "weighed", "useful"], rows))


def observing(pack: Pack, tallies: dict[int, Tally], settings: Settings) -> set[str]:
    """The action cards whose checks of what the weighing counts (``weighing.py``) are still open: a card never
    weighed yet, one weighed without changing an outcome and not yet often enough to say it never does, or one whose
    share of changed rounds has an interval still reaching down to ``thresholds.action_useful_min_share`` without
    being clearly under it. More weighing cannot change a settled check's verdict, and the validator has only the
    open ones weighed in its later games (``engine/validate.py``). Journey measures its cards against that fixed
    share, not against a do-nothing card, so there is no placebo to keep weighing."""
    total = Tally()
    for tally in tallies.values():
        total.merge(tally)
    limits = pack.game.thresholds
    min_rate = float(limits.get("min_rate", MIN_RATE))
    minimum = float(limits.get("action_useful_min_share", 0.05))
    cards = pack.of_type("action")
    return {card.id for card in cards
            if still_open(total.get(f"action/{card.id}/useful"), total.get(f"action/{card.id}/weighed"), minimum,
                          len(cards), min_rate)}


def _locations(pack: Pack, tally, maximum, result) -> None:
    """Locations settled by a secret bid more often than ``thresholds.sealed_bid_share``."""
    awarded, secret = tally.get("locations/awarded"), tally.get("secret/location")
    result.summary["locations"] = {"awarded": awarded, "by_secret_bid": share(secret, awarded)}
    verdict = outside(secret, awarded, 0.0, maximum)
    if verdict is not None:
        result.findings.append(judged(
            verdict, f"{secret / awarded:.1%} of the {awarded} locations awarded went to a secret bid {{evidence}}; "
                     f"at most {maximum:.0%} expected", "locations awarded", "",
            pack.game_doc.mark(("thresholds", "sealed_bid_share")), "location-sealed-bids"))


def _length(pack: Pack, tally, result) -> None:
    games = tally.get("games")
    players = sum(tally.get(k) for k in tally.keys("played/seat/"))
    score = round(tally.get("score/total") / players, 2) if players else 0
    decisions = round(tally.get("moves") / games, 1) if games else 0
    plot_secret = round(tally.get("secret/plot") / games, 2) if games else 0
    result.summary["averages"] = {"score_per_player": score, "decisions_per_game": decisions,
                                  "plot_secret_bids_per_game": plot_secret}
    result.findings.append(Finding(
        "info", f"per game: {score} VP per player, {decisions} decisions, {plot_secret} secret bids at plots",
        mark=pack.game_doc.mark(()), rule="averages"))
    result.charts.append(length_chart(tally, 50, "Decisions per game", "decisions"))
