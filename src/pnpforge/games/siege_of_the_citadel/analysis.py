"""What the simulated missions say: per mission, four corporations against a Dark Legion player and two against the
AI deck, the Doomtroopers' success with its interval, the spread of promotion points between the teams, the games
in which the box ran out of a creature, the rounds used, the creatures placed and eliminated; against the AI deck,
how often each AI card was turned, which of its lines applied, and how many cards a Dark Legion turn took.

Findings: a mission carried out in fewer or more of the games than the pack's band (``mission_success_min``,
``mission_success_max``), a creature placed but never eliminated, an AI card none of whose lines ever applied.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from pnpforge.engine import paired
from pnpforge.engine.analyses import judged, length_chart, replay_hint
from pnpforge.engine.events import Counted, Ended, Event, Length
from pnpforge.engine.playout import Run
from pnpforge.engine.stats import share
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import Analysis, Bar, Chart, Settings, Table
from pnpforge.engine.verdicts import MIN_RATE, never_seen
from pnpforge.findings import Finding
from pnpforge.games.siege_of_the_citadel.state import SiegeState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

AI = "-ai"
WON = "share/mission-won"
EXHAUSTED = "share/pool-exhausted"
Z = 1.96  # the measurements' 95% intervals


def events(state: SiegeState) -> list[Event]:
    """The mission's result and length in rounds, the teams' promotion points, the creatures placed and eliminated,
    and the AI deck's work (read from the counts the rules keep)."""
    mission = state.game.mission
    ended = "mission-won" if state.goal_done else "time-limit" if state.round >= mission.rounds else "mission-lost"
    found: list[Event] = [Length(state.round), Ended(ended)]
    if state.goal_done:
        found.append(Counted(WON))
    stats = state.stats
    if stats.get("figures missing"):
        found.append(Counted(EXHAUSTED))
    points = [team.score for team in state.teams.values()]
    spread = max(points) - min(points) if points else 0
    found += [
        Counted("pp/spread", spread),
        Counted("pp/spread-squares", spread * spread),
        Counted(f"pp/spread/{spread}"),
        Counted("pp/teams", len(points)),
        Counted("pp/total", sum(points)),
    ]
    for key, amount in stats.items():
        words = key.split(" ")
        if words[0] in ("placed", "eliminated"):
            found.append(Counted(f"{words[0]}/{words[1]}", amount))
        elif key.startswith("ai card ") and len(words) > 3 and words[3] in ("turned", "line"):
            found.append(Counted(f"ai/{words[2]}/{'/'.join(words[3:])}", amount))
        elif key == "ai instruction none":
            found.append(Counted("ai/idle", amount))
        elif key.startswith("ai turn"):
            found.append(Counted("ai-turn/" + "/".join(words[2:]) if len(words) > 2 else "ai-turn/turns", amount))
    return found


def configurations(pack: Pack, settings: Settings) -> dict[str, Run]:
    """A mission mode plays four corporations against a Dark Legion player (greedy bots in every seat) and two
    corporations against the AI deck; its ``-ai`` mode only the second; the campaign, three corporations."""
    mode = settings.mode
    bots = settings.bots
    mission = mode.removesuffix(AI)
    found: dict[str, Run] = {}
    if mode == mission:
        players = 3 if mission == "second-assault" else 5
        found[f"{mission} (Dark Legion player)"] = Run(players=players, mode=mission, bots=bots, analyse=True)
    if mode != mission or mission != "second-assault":
        found[f"{mission}{AI} (AI deck)"] = Run(players=2, mode=mission + AI, bots=bots, analyse=True)
    return found


def mean_of(tally: Tally, total: str, squares: str, trials: int) -> dict[str, float]:
    """A mean per game with its 95% normal interval, from a sum and a sum of squares."""
    if not trials:
        return {"mean": 0.0, "low": 0.0, "high": 0.0}
    mean = tally.get(total) / trials
    variance = max(0.0, tally.get(squares) / trials - mean * mean) * trials / max(1, trials - 1)
    half = Z * math.sqrt(variance / trials)
    return {"mean": round(mean, 2), "low": round(mean - half, 2), "high": round(mean + half, 2)}


def hist_mean(tally: Tally, prefix: str) -> tuple[dict[str, float], int, int]:
    """The mean of an integer histogram (``prefix<n>`` counts) with its 95% interval, its largest value and its
    number of observations."""
    rows = tally.histogram(prefix)
    count = sum(c for _, c in rows)
    total = sum(v * c for v, c in rows)
    squares = sum(v * v * c for v, c in rows)
    made = Tally()
    made.add("total", total)
    made.add("squares", squares)
    return mean_of(made, "total", "squares", count), max((v for v, _ in rows), default=0), count


def analyse(pack: Pack, tallies: dict[Any, Tally], settings: Settings) -> Analysis:
    """The mission measurements and findings of every configuration played (see the module docstring)."""
    limits = pack.game.thresholds
    low = float(limits.get("mission_success_min", 0.10))
    high = float(limits.get("mission_success_max", 0.90))
    min_rate = float(limits.get("min_rate", MIN_RATE))
    runs = configurations(pack, settings)
    result = Analysis()
    bars = []
    rows = []
    for label, tally in tallies.items():
        games = tally.get("games")
        if not games:
            continue
        run = runs.get(label, Run(players=2, mode=settings.mode))

        def hint(key: str, run: Run = run, tally: Tally = tally) -> str:
            return replay_hint(pack.id, run.players, tally, key, run.mode)

        won = paired.effective_trials(tally, WON)
        won_low, won_high = paired.interval(won)
        bars.append(Bar(label, round(won.share, 4), round(won_low, 4), round(won_high, 4)))
        exhausted = paired.effective_trials(tally, EXHAUSTED)
        rounds, longest, _ = hist_mean(tally, "length/")
        spread = mean_of(tally, "pp/spread", "pp/spread-squares", games)
        summary = {
            "games": games,
            "mission_success": {**share(won.successes, games), "low": round(won_low, 4), "high": round(won_high, 4)},
            "pool_exhausted": share(exhausted.successes, games),
            "rounds": {**rounds, "most": longest},
            "pp_spread": spread,
            "pp_per_team": round(tally.get("pp/total") / max(1, tally.get("pp/teams")), 2),
        }
        rows.append(
            [
                label,
                games,
                f"{won.share:.1%} ({won_low:.1%}-{won_high:.1%})",
                f"{spread['mean']} ({spread['low']}-{spread['high']})",
                f"{exhausted.share:.1%}",
                f"{rounds['mean']} ({rounds['low']}-{rounds['high']})",
            ]
        )
        mark = pack.game_doc.mark(("thresholds", "mission_success_min" if won.share < low else "mission_success_max"))
        verdict = won.judge(low, high, len(tallies))
        if verdict is not None:
            result.findings.append(
                judged(
                    verdict,
                    f"{label}: the Doomtroopers carry out the mission in {won.share:.1%} of {games} games "
                    f"{{evidence}}; expected {low:.0%} to {high:.0%}",
                    "games",
                    hint(WON if won.share > high else "games"),
                    mark,
                    "mission-success",
                    f"mission '{run.mode.removesuffix(AI)}'",
                )
            )
        result.findings += creatures(pack, label, tally, hint, min_rate, summary)
        if tally.get("ai-turn/turns"):
            result.findings += ai_deck(pack, label, tally, hint, min_rate, summary, result)
        result.summary[label] = summary
        result.charts.append(length_chart(tally, 1, f"Rounds used, {label}", "rounds", f"rounds-{label}"))
    result.tables.insert(
        0,
        Table(
            "Missions played: Doomtrooper success, promotion points, figure pools, rounds (95% intervals)",
            ["configuration", "games", "success", "PP spread between teams", "games a creature ran out", "rounds"],
            rows,
        ),
    )
    result.charts.insert(0, Chart("mission-success", "The Doomtroopers' success per mission", bars, reference=None))
    return result


def creatures(
    pack: Pack, label: str, tally: Tally, hint: Any, min_rate: float, summary: dict[str, Any]
) -> list[Finding]:
    """Each creature placed and how many were eliminated; one placed but never eliminated is a finding."""
    found, counts = [], {}
    figures = {item.get("creature"): item for item in pack.of_type("figure")}
    for key in tally.keys("placed/"):
        kind = key[len("placed/") :]
        placed, eliminated = tally.get(key), tally.get(f"eliminated/{kind}")
        counts[kind] = {"placed": placed, "eliminated": eliminated}
        if eliminated or not placed:
            continue
        item = figures.get(kind)
        found.append(
            judged(
                never_seen(placed, min_rate),
                f"{label}: no {kind.replace('_', ' ')} is ever eliminated of the {placed} placed",
                "creatures placed",
                hint(key),
                item.mark() if item is not None else pack.game_doc.mark(()),
                "creature-never-eliminated",
                f"creature '{kind}'",
            )
        )
    summary["creatures"] = counts
    return found


def ai_deck(
    pack: Pack, label: str, tally: Tally, hint: Any, min_rate: float, summary: dict[str, Any], result: Analysis
) -> list[Finding]:
    """How often each AI card was turned for a creature's action and which of its lines applied; a card none of
    whose lines ever applied is a finding. The cards a Dark Legion turn took."""
    found, rows, never = [], [], []
    for item in pack.of_type("ai_card"):
        number = item["number"]
        turned = tally.get(f"ai/{number}/turned")
        lines = [tally.get(f"ai/{number}/line/{n}") for n in range(1, len(item.get("instructions", [])) + 1)]
        idle = turned - sum(lines)
        rows.append([number, turned, *(lines + [""] * (3 - len(lines))), idle])
        never += [f"{number}.{n}" for n, count in enumerate(lines, 1) if turned and not count]
        if turned and not sum(lines):
            found.append(
                judged(
                    never_seen(turned, min_rate),
                    f"{label}: no line of AI card {number} applies in the {turned} times it was turned",
                    "times turned",
                    hint(f"ai/{number}/turned"),
                    item.mark(),
                    "ai-card-never-applies",
                    item.subject,
                )
            )
    actions = sum(r[1] for r in rows)
    steps, most, turns = hist_mean(tally, "ai-turn/cards/")
    summary["ai_deck"] = {
        "actions": actions,
        "idle": tally.get("ai/idle"),
        "lines_never_applied": never,
        "cards_per_turn": {**steps, "most": most, "turns": turns},
    }
    result.tables.append(
        Table(
            f"{label}: each AI card turned for a creature's action, the times each line applied "
            f"and the times none did (lines never applied: {', '.join(never) or 'none'}; a Dark "
            f"Legion turn took {steps['mean']} cards on average, {steps['low']}-{steps['high']}, "
            f"at most {most})",
            ["card", "turned", "line 1", "line 2", "line 3", "none applied"],
            rows,
        )
    )
    return found
