"""What the simulated games say about the Legion pack: findings against the thresholds in game.yaml, and charts.

Each finding names the content it is about (its file and line) and the seed of a game that shows it, so that
``pnpforge replay legion-siberian-story --seed N --players P --bots greedy`` prints that game.
"""

from __future__ import annotations

from pnpforge.content.pack import Pack
from pnpforge.engine.simulate import Tally
from pnpforge.engine.stats import share, wilson
from pnpforge.engine.validate import Analysis, Bar, Chart, Settings, Table
from pnpforge.findings import Finding
from pnpforge.games.legion_siberian_story.modes import CAMPAIGN_GAMES
from pnpforge.games.legion_siberian_story.simulate import TWELFTHS


def _seed(tally: Tally, key: str, players: int, settings: Settings) -> str:
    seed = tally.seeds.get(key)
    if seed is None:
        return ""
    mode = f" --mode {settings.mode}" if settings.mode != "base" else ""
    return f"; see `pnpforge replay legion-siberian-story --seed {seed} --players {players}{mode} --bots greedy`"


def _faction_mark(pack: Pack, faction: str):
    index = next(i for i, f in enumerate(pack.game.factions) if f.id == faction)
    return pack.game_doc.mark(("factions", index))


def analyse(pack: Pack, tallies: dict[int, Tally], settings: Settings) -> Analysis:
    """Findings, charts and tables from the merged tallies of every player count."""
    limits = pack.game.thresholds
    result = Analysis()
    total = Tally()
    for players, tally in sorted(tallies.items()):
        total.merge(tally)
        _balance(pack, tally, players, settings, float(limits.get("faction_win_share_tolerance", 0.07)), result)
    any_players = min(tallies)
    _plots(pack, total, any_players, settings, float(limits.get("plot_entered_min_share", 0.05)), result)
    _characters(pack, total, any_players, settings, float(limits.get("character_played_min_share", 0.01)), result)
    _equipment(pack, total, any_players, settings, result)
    _orders(pack, total, any_players, settings, float(limits.get("order_useful_min_share", 0.01)), result)
    _locations(pack, total, any_players, settings, result)
    if settings.mode == "despatches":
        _despatches(pack, total, any_players, settings, result)
    _gaps_and_averages(pack, total, settings, result)
    return result


def _balance(pack, tally, players, settings, tolerance, result) -> None:
    expected = 1 / players
    bars, seats = [], []
    for faction in pack.game.factions:
        played = tally.get(f"played/faction/{faction.id}")
        if not played:
            continue
        wins = tally.get(f"wins/faction/{faction.id}") / TWELFTHS
        low, high = wilson(wins, played)
        value = wins / played
        bars.append(Bar(faction.id, round(value, 4), round(low, 4), round(high, 4)))
        if abs(value - expected) > tolerance:
            key = "losses" if value > expected else "wins"
            side = "often" if value > expected else "rarely"
            shown = "lost" if value > expected else "won"
            result.findings.append(Finding(
                "warning", f"faction '{faction.id}' wins too {side}: {value:.1%} of {played} {players}-player games "
                           f"(95% CI {low:.1%}-{high:.1%}); expected {expected:.0%} ± {tolerance * 100:.0f} points; "
                           f"a game it {shown}{_seed(tally, f'{key}/faction/{faction.id}', players, settings)}",
                mark=_faction_mark(pack, faction.id), rule="faction-win-share"))
    for seat in range(players):
        played = tally.get(f"played/seat/{seat}")
        wins = tally.get(f"wins/seat/{seat}") / TWELFTHS
        low, high = wilson(wins, played)
        seats.append(Bar(f"seat {seat + 1}", round(wins / played, 4) if played else 0, round(low, 4), round(high, 4)))
    result.charts.append(Chart(f"factions-{players}p", f"Win share per faction, {players} players", bars,
                               reference=expected, band=tolerance))
    result.charts.append(Chart(f"seats-{players}p", f"Win share per seat, {players} players", seats,
                               reference=expected))
    result.summary[f"{players}p"] = {
        "games": tally.get("games"),
        "win_share": {b.label: share(tally.get(f"wins/faction/{b.label}") / TWELFTHS,
                                     tally.get(f"played/faction/{b.label}")) for b in bars},
        "seat_share": {b.label: b.value for b in seats},
    }
    scores = sorted((int(k.rsplit("/", 1)[1]), tally.get(k)) for k in tally.keys("score/hist/"))
    title = "Campaign totals" if tally.get("campaigns") else "Final scores"
    result.charts.append(Chart(f"scores-{players}p", f"{title}, {players} players",
                               [Bar(str(s), n) for s, n in scores], unit="count", xlabel="VP"))


def _plots(pack, tally, players, settings, minimum, result) -> None:
    rows = []
    for plot in pack.of_type("plot"):
        drawn = tally.get(f"plot/{plot.id}/drawn")
        entered = tally.get(f"plot/{plot.id}/entered")
        won = tally.get(f"plot/{plot.id}/won")
        rows.append([plot.id, drawn, entered, won])
        if not drawn:
            continue
        where = _seed(tally, f"plot/{plot.id}/drawn", players, settings)
        if entered / drawn < minimum:
            how = f"entered in only {entered / drawn:.1%} of" if entered else "never entered in"
            result.findings.append(Finding(
                "warning", f"{how} the {drawn} rounds it was drawn (at least {minimum:.0%} expected){where}",
                mark=plot.mark(), subject=plot.subject, rule="plot-entered"))
        elif not won:
            result.findings.append(Finding("warning", f"never won in {drawn} rounds drawn{where}",
                                           mark=plot.mark(), subject=plot.subject, rule="plot-won"))
    result.tables.append(Table("Plots: rounds drawn, entered, won", ["plot", "drawn", "entered", "won"], rows))


def _characters(pack, tally, players, settings, minimum, result) -> None:
    bars = []
    for c in pack.of_type("character"):
        games = tally.get(f"played/faction/{c['faction']}")
        used = tally.get(f"character/{c.id}/games")
        if not games:
            continue
        bars.append(Bar(c.id, round(used / games, 4)))
        if used / games < minimum:
            result.findings.append(Finding(
                "warning", f"played in {used / games:.1%} of its faction's {games} games (at least {minimum:.0%} "
                           f"expected){_seed(tally, f'played/faction/' + c['faction'], players, settings)}",
                mark=c.mark(), subject=c.subject, rule="character-played"))
    result.charts.append(Chart("characters", "Share of its faction's games in which each character marched",
                               sorted(bars, key=lambda b: b.value), xlabel="character"))


def _equipment(pack, tally, players, settings, result) -> None:
    bars = []
    for card in pack.of_type("overlay"):
        if card.get("cost") is None:
            continue
        bought = tally.get(f"bought/{card.id}")
        bars.append(Bar(card.id, bought))
        if not bought:
            result.findings.append(Finding("warning", f"never bought in {tally.get('games')} games"
                                                      f"{_seed(tally, 'games', players, settings)}",
                                           mark=card.mark(), subject=card.subject, rule="equipment-bought"))
    result.charts.append(Chart("equipment", "Equipment and Enhancements bought", bars, unit="count"))


def _orders(pack, tally, players, settings, minimum, result) -> None:
    rows = []
    for order in pack.of_type("order"):
        weighed = tally.get(f"order/{order.id}/weighed")
        useful = tally.get(f"order/{order.id}/useful")
        assigned = tally.get(f"order/{order.id}/assigned")
        reactions = tally.get(f"order/{order.id}/reaction")
        rows.append([order.id, assigned, weighed, useful, reactions])
        where = _seed(tally, f"order/{order.id}/assigned", players, settings)
        if not order.get("effects"):
            result.findings.append(Finding("info", f"played {assigned} times; drew a reaction {reactions} times",
                                           mark=order.mark(), subject=order.subject, rule="order-blank"))
        elif weighed and useful / weighed < minimum:
            result.findings.append(Finding(
                "warning", f"changed an outcome in {useful / weighed:.1%} of the {weighed} times it was played "
                           f"(at least {minimum:.0%} expected){where}",
                mark=order.mark(), subject=order.subject, rule="order-useful"))
        elif not assigned:
            result.findings.append(Finding("warning", f"never played in {tally.get('games')} games",
                                           mark=order.mark(), subject=order.subject, rule="order-useful"))
    result.tables.append(Table("Orders: times played, weighed, useful, drew a reaction",
                               ["order", "played", "weighed", "useful", "reaction"], rows))


def _locations(pack, tally, players, settings, result) -> None:
    for location in pack.of_type("location"):
        rounds = tally.get(f"location/{location.id}/rounds")
        if rounds and not tally.get(f"location/{location.id}/changed"):
            result.findings.append(Finding(
                "warning", f"its effect never changed an outcome in the {rounds} rounds it was drawn"
                           f"{_seed(tally, f'location/{location.id}/rounds', players, settings)}",
                mark=location.mark(), subject=location.subject, rule="location-effect"))


def _despatches(pack, tally, players, settings, result) -> None:
    rows = []
    for card in pack.of_type("despatch"):
        drawn, kept = tally.get(f"despatch/{card.id}/drawn"), tally.get(f"despatch/{card.id}/kept")
        played, scored = tally.get(f"despatch/{card.id}/played"), tally.get(f"despatch/{card.id}/scored")
        rows.append([card.id, drawn, kept, played, scored])
        if drawn and not scored:
            result.findings.append(Finding(
                "warning", f"never scored: drawn {drawn} times, kept {kept}, played {played}"
                           f"{_seed(tally, f'despatch/{card.id}/drawn', players, settings)}",
                mark=card.mark(), subject=card.subject, rule="despatch-scored"))
    result.tables.append(Table("Despatches: drawn, kept, played, scored",
                               ["despatch", "drawn", "kept", "played", "scored"], rows))


def _gaps_and_averages(pack, tally, settings, result) -> None:
    games = tally.get("games")
    for key in tally.keys("gap/"):
        result.findings.append(Finding("info", f"rule gap '{key[4:]}' hit {tally.get(key)} times in {games} games "
                                               f"(handled as DECISIONS.md says); first in seed {tally.seeds.get(key)}",
                                       mark=pack.game_doc.mark(()), rule="rule-gap"))
    players_total = sum(tally.get(k) for k in tally.keys("played/seat/"))
    per = "campaign" if tally.get("campaigns") else "game"  # a Survival run counts whole campaigns
    score = round(tally.get("score/total") / players_total, 2) if players_total else 0
    deaths, frost, decisions = (round(tally.get(key) / games, digits) if games else 0
                                for key, digits in (("deaths", 2), ("frostbite_deaths", 2), ("decisions", 1)))
    averages = {"score_per_player": score, f"deaths_per_{per}": deaths, f"frostbite_deaths_per_{per}": frost,
                f"decisions_per_{per}": decisions}
    lengths = sorted((int(k.rsplit("/", 1)[1]), tally.get(k)) for k in tally.keys("length/"))
    result.summary["averages"] = averages
    unit = f"campaign of {CAMPAIGN_GAMES} games" if per == "campaign" else "game"
    result.findings.append(Finding(
        "info", f"per {unit}: {score} VP per player, {deaths} deaths ({frost} from frostbite), {decisions} "
                f"decisions (from {lengths[0][0]} to {lengths[-1][0] + 24})" if lengths else "no games",
        mark=pack.game_doc.mark(()), rule="averages"))
    result.charts.append(Chart("length", f"Decisions per {per}", [Bar(f"{n}-{n + 24}", c) for n, c in lengths],
                               unit="count", xlabel="decisions"))
