"""What the simulated games say about Legie: the first player's (Black's) score share per configuration, draws,
games ended by the turn limit, passes, length, and the unit laid on the winning turn.

The validator plays both modes and every scenario (scenarios are advanced only) for each bot asked for. A draw counts
half a win to each side; colours are seats (Black moves first), so the bots swap colours every game instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.analyses import judged, length_chart
from pnpforge.engine.events import Counted, Ended, Event, Length
from pnpforge.engine.paired import unit_outside
from pnpforge.engine.playout import Run
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.stats import share, wilson
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import Analysis, Bar, Chart, Settings, Table
from pnpforge.findings import Finding
from pnpforge.games.legie.model import ruleset_from_pack
from pnpforge.games.legie.state import DRAW, PASS, LegieState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

VALIDATION_ITERATIONS = 100  # MCTS iterations per decision in validation runs


def events(state: LegieState) -> list[Event]:
    """How the game ended, its length in turns, and the unit whose laying won it."""
    found: list[Event] = [Ended(state.ended_by), Length(state.turns)]
    if state.winner != DRAW and state.last_placer == state.winner and state.last_kind >= 0:
        found.append(Counted(f"decided/{state.game.kinds[state.last_kind]}"))
    return found


class PassCount:
    """Counts the passes of a validation game (a player with no square for any unit passes)."""

    def __init__(self, game, seed: int):
        self.seed, self.passes = seed, 0

    def start(self, state: LegieState) -> None:
        """Nothing to set up."""

    def after_action(self, state: LegieState, action) -> None:
        if action == PASS:
            self.passes += 1

    def finish(self, state: LegieState, tally: Tally) -> None:
        if self.passes:
            tally.add("passes", self.passes, self.seed)
            tally.add("games_with_pass", 1, self.seed)


def configurations(pack: Pack, settings: Settings) -> dict[str, Run]:
    """Both modes and every scenario (scenarios are advanced only), for each bot the run asks for."""
    rules = ruleset_from_pack(pack)
    games: list[tuple[str, str | None]] = [("basic", None), ("advanced", None)]
    games += [("advanced", s) for s in sorted(rules.scenarios)]
    if settings.mode != "all":
        games = [(m, s) for m, s in games if (s or m) == settings.mode]
    return {f"{scenario or mode} ({bot})": Run(players=2, mode=mode, scenario=scenario, bots=(bot,), analyse=True,
                                               bot_options=(("iterations", VALIDATION_ITERATIONS),))
            for bot in settings.bots for mode, scenario in games}


def analyse(pack: Pack, tallies: dict, settings: Settings) -> Analysis:
    """First-player (Black) win share per configuration, draws, passes, length and decisive units."""
    limits = pack.game.thresholds
    tolerance = float(limits.get("black_win_share_tolerance", 0.10))
    draw_max = float(limits.get("draw_share_max", 0.05))
    result = Analysis()
    bars = []
    for label, tally in tallies.items():
        games = tally.get("games")
        black = tally.get("wins/seat/0") / TWELFTHS
        low, high = wilson(black, games)
        bars.append(Bar(label, round(black / games, 4), round(low, 4), round(high, 4)))
        result.summary[label] = {"games": games, "black_share": share(black, games),
                                 "draws": tally.get("draws"), "turn_limit_draws": tally.get("draws/turn-limit"),
                                 "mean_turns": round(tally.get("length") / games, 1),
                                 "games_with_a_pass": tally.get("games_with_pass")}
        where = pack.game_doc.mark(("thresholds", "black_win_share_tolerance"))
        verdict = unit_outside(tally, "wins/seat/0", 0.5 - tolerance, 0.5 + tolerance, len(tallies))
        if verdict is not None:
            result.findings.append(judged(
                verdict, f"{label}: Black scores {black / games:.1%} of {games} games {{evidence}}; expected 50% ± "
                         f"{tolerance * 100:.0f} points", "games", "", where, "first-player"))
        draws = tally.get("draws")
        verdict = unit_outside(tally, "draws", 0.0, draw_max, len(tallies))
        if verdict is not None:
            result.findings.append(judged(
                verdict, f"{label}: {draws / games:.1%} of games are drawn {{evidence}}; at most {draw_max:.0%}",
                "games", f"; seed {tally.seeds.get('draws')}", pack.game_doc.mark(("thresholds", "draw_share_max")),
                "draws"))
        result.findings.append(Finding(
            "info", f"{label}: {games} games, Black {black / games:.1%}, {draws} draws "
                    f"({tally.get('draws/turn-limit')} by the turn limit), {tally.get('length') / games:.1f} turns on "
                    f"average, a player could not lay a unit in {tally.get('games_with_pass')} games",
            mark=pack.game_doc.mark(()), rule="summary"))
        decided = [(k.split("/", 1)[1], tally.get(k)) for k in tally.keys("decided/")]
        result.tables.append(Table(f"{label}: the unit laid on the winning turn", ["unit", "games"],
                                   [[k, n] for k, n in sorted(decided, key=lambda x: -x[1])]))
        result.charts.append(length_chart(tally, 10, f"Turns per game, {label}", "turns", f"length-{label}"))
    result.charts.insert(0, Chart("black", "Black's score share per configuration", bars, reference=0.5,
                                  band=tolerance))
    return result
