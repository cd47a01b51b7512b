"""Legie on the shared simulation harness: one seeded game's tally, the validator's analysis, and matches.

Colours alternate with the seed (the first bot takes Black in even games), so a match is fair to colours; a draw
counts half a win to each side (six twelfths, the harness's integer unit).
"""

from __future__ import annotations

import random
from pathlib import Path

from pnpforge.engine.play import play_game
from pnpforge.engine.simulate import Tally, chunks, run
from pnpforge.engine.stats import share, wilson
from pnpforge.engine.validate import Analysis, Bar, Chart, Settings, Table
from pnpforge.findings import Finding
from pnpforge.games.legie.bots import BOTS
from pnpforge.games.legie.model import ruleset_from_pack
from pnpforge.games.legie.state import DRAW, PASS, LegieGame

TWELFTHS = 12
COLOURS = ("black", "white")
MCTS_ITERATIONS = 400
PAIRINGS = (("greedy", "random"), ("mcts", "greedy"))
_GAMES: dict = {}


def make_bot(name: str, iterations: int = MCTS_ITERATIONS):
    """A bot by name; MCTS gets its per-decision iteration budget."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[name](iterations) if name == "mcts" else BOTS[name]()


def _game(pack, mode: str, scenario: str | None) -> LegieGame:
    key = (id(pack), mode, scenario)
    if key not in _GAMES:
        rules = ruleset_from_pack(pack)
        _GAMES[key] = (pack, LegieGame(rules, mode, rules.scenarios.get(scenario) if scenario else None))
    return _GAMES[key][1]


def play(pack, config: dict, seed: int, transcript: list[str] | None = None):
    """Play the game a seed stands for: bots by colour alternate with the seed."""
    names = tuple(config.get("bots", ("greedy",)))
    first, second = (names * 2)[:2]
    seats = (first, second) if seed % 2 == 0 else (second, first)
    passes = [0]

    def count(state, action):
        if action == PASS:
            passes[0] += 1

    game = _game(pack, config.get("mode", "basic"), config.get("scenario"))
    final = play_game(game, [make_bot(n, config.get("iterations", MCTS_ITERATIONS)) for n in seats],
                      random.Random(seed), after_action=count, transcript=transcript)
    return final, seats, passes[0]


def simulate(pack, config: dict, seed: int) -> Tally:
    """Tally one game: wins by colour and bot, draws (and those by the turn limit), length, passes, decisive units."""
    final, seats, passes = play(pack, config, seed)
    tally = Tally()
    tally.add("games", 1, seed)
    for player, name in enumerate(seats):
        points = TWELFTHS if final.winner == player else (TWELFTHS // 2 if final.winner == DRAW else 0)
        for key in (f"colour/{COLOURS[player]}", f"bot/{name}"):
            tally.add(f"wins/{key}", points, seed)
            tally.add(f"played/{key}", 1, seed)
    if final.winner == DRAW:
        tally.add("draws", 1, seed)
        if final.ended_by == "turn-limit":
            tally.add("draws/turn-limit", 1, seed)
    elif final.last_placer == final.winner and final.last_kind >= 0:
        tally.add(f"decided/{final.game.kinds[final.last_kind]}", 1, seed)
    tally.add("turns", final.turns)
    tally.add(f"length/{final.turns // 10 * 10}", 1, seed)
    if passes:
        tally.add("passes", passes, seed)
        tally.add("games_with_pass", 1, seed)
    tally.add(f"ended_by/{final.ended_by}", 1, seed)
    return tally


def configurations(pack, settings: Settings) -> dict[str, dict]:
    """Both modes and every scenario (scenarios are advanced only), for each bot the run asks for."""
    rules = ruleset_from_pack(pack)
    games = [("basic", None), ("advanced", None)] + [("advanced", s) for s in sorted(rules.scenarios)]
    if settings.mode != "all":
        games = [(m, s) for m, s in games if (s or m) == settings.mode]
    found = {}
    for bot in settings.bots:
        for mode, scenario in games:
            label = f"{scenario or mode} ({bot})"
            found[label] = {"mode": mode, "bots": (bot,), "iterations": 100,
                            **({"scenario": scenario} if scenario else {})}
    return found


def analyse(pack, tallies: dict, settings: Settings) -> Analysis:
    """First-player (Black) win share per configuration, draws, passes, length and decisive units."""
    limits = pack.game.thresholds
    tolerance = float(limits.get("black_win_share_tolerance", 0.10))
    draw_max = float(limits.get("draw_share_max", 0.05))
    result = Analysis()
    bars = []
    for label, tally in tallies.items():
        games = tally.get("games")
        black = tally.get("wins/colour/black") / TWELFTHS
        low, high = wilson(black, games)
        bars.append(Bar(label, round(black / games, 4), round(low, 4), round(high, 4)))
        result.summary[label] = {"games": games, "black_share": share(black, games),
                                 "draws": tally.get("draws"), "turn_limit_draws": tally.get("draws/turn-limit"),
                                 "mean_turns": round(tally.get("turns") / games, 1),
                                 "games_with_a_pass": tally.get("games_with_pass")}
        where = pack.game_doc.mark(("thresholds", "black_win_share_tolerance"))
        if abs(black / games - 0.5) > tolerance:
            result.findings.append(Finding(
                "warning", f"{label}: Black scores {black / games:.1%} of {games} games (95% CI {low:.1%}-{high:.1%}); "
                           f"expected 50% ± {tolerance * 100:.0f} points", mark=where, rule="first-player"))
        draws = tally.get("draws")
        if draws / games > draw_max:
            result.findings.append(Finding(
                "warning", f"{label}: {draws / games:.1%} of games are drawn (at most {draw_max:.0%}); "
                           f"seed {tally.seeds.get('draws')}", mark=pack.game_doc.mark(("thresholds", "draw_share_max")),
                rule="draws"))
        result.findings.append(Finding(
            "info", f"{label}: {games} games, Black {black / games:.1%}, {draws} draws "
                    f"({tally.get('draws/turn-limit')} by the turn limit), {tally.get('turns') / games:.1f} turns on "
                    f"average, a player could not lay a unit in {tally.get('games_with_pass')} games",
            mark=pack.game_doc.mark(()), rule="summary"))
        decided = [(k.split("/", 1)[1], tally.get(k)) for k in tally.keys("decided/")]
        result.tables.append(Table(f"{label}: the unit laid on the winning turn", ["unit", "games"],
                                   [[k, n] for k, n in sorted(decided, key=lambda x: -x[1])]))
        lengths = sorted((int(k.rsplit("/", 1)[1]), tally.get(k)) for k in tally.keys("length/"))
        result.charts.append(Chart(f"length-{label}", f"Turns per game, {label}",
                                   [Bar(f"{n}-{n + 9}", c) for n, c in lengths], unit="count", xlabel="turns"))
    result.charts.insert(0, Chart("black", "Black's score share per configuration", bars, reference=0.5,
                                  band=tolerance))
    return result


def run_match(root: Path, mode: str, first: str, second: str, games: int, scenario: str | None = None,
              seed: int = 0, jobs: int = 2, progress=None) -> dict:
    """A match on the shared harness: the first bot's score share with its 95% interval."""
    config = {"mode": mode, "bots": (first, second), **({"scenario": scenario} if scenario else {})}
    tally = run(chunks(Path(root).resolve(), "legie", config, seed, games, size=10), jobs, progress)
    score = tally.get(f"wins/bot/{first}") / TWELFTHS
    result = share(score, tally.get(f"played/bot/{first}"))
    return {"bots": [first, second], "mode": mode, "scenario": scenario, "wins": score, **result,
            "stronger": result["low"] > 0.5, "draws": tally.get("draws"),
            "black_wins": tally.get("wins/colour/black") / TWELFTHS,
            "mean_turns": round(tally.get("turns") / games, 1)}


def matches(pack, games: int = 200, jobs: int = 2, progress=None) -> dict:
    """Greedy against random and MCTS against greedy, in the basic and the advanced game."""
    results = [run_match(pack.root, mode, a, b, games, jobs=jobs, progress=progress)
               for mode in ("basic", "advanced") for a, b in PAIRINGS]
    return {"game": pack.id, "mcts_iterations": MCTS_ITERATIONS, "matches": results}


def transcript(pack, config: dict, seed: int) -> str:
    lines: list[str] = []
    final, seats, _ = play(pack, config, seed, transcript=lines)
    head = f"seed {seed}: black {seats[0]}, white {seats[1]}"
    return "\n".join([head, *lines, "", str(final)])
