"""The skill ladder of a validation report: random < greedy < search, each step a match of the stronger bot against
the weaker, with its score share and 95% interval against an equal player's.

The steps are the pairings the game package declares for ``make matches`` (``GamePackage.matches``) whose first bot
is the higher on the ladder and whose other bots are all one rung below it. Each is played sequentially: looks at
``LADDER_FIRST`` games, doubling, up to ``LADDER_MAX`` (or the pairing's own limit, for a slow bot), with the error
spent over the looks and shared by the steps (``engine/verdicts.py``); a step stops once decided, or once its
limit could not decide it at the share seen (a pairing with a limit below ``LADDER_MAX`` is looked at the same
number of times, at shares of its limit: ``team_ladder.look_counts``). A step whose
stronger bot clearly does not beat the weaker is a warning: a finding about the game (nothing to learn, or luck
decides) or about its bots. One still undecided at its limit is info.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpforge.engine.analyses import judged, players_share
from pnpforge.engine.executors import Executor
from pnpforge.engine.matches import Pairing
from pnpforge.engine.playout import Run
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.simulate import CHUNK, chunks
from pnpforge.engine.stats import share, wilson
from pnpforge.engine.tally import Tally
from pnpforge.engine.team_ladder import look_counts, team_ladder, team_steps
from pnpforge.engine.validate import schedule
from pnpforge.engine.verdicts import below, sequential, z_score
from pnpforge.findings import Finding, Mark

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.contract import GamePackage

LADDER = ("random", "greedy", "search")  # weakest first
LADDER_FIRST = 20  # games of a step at its first look
LADDER_MAX = 160  # games of a step at most


def steps(package: GamePackage) -> list[Pairing]:
    """The pairings that are steps of the ladder, weakest step first (the first declared of each)."""
    found: dict[tuple[str, str], Pairing] = {}
    for pairing in package.matches:
        first, others = pairing.bots[0], set(pairing.bots[1:])
        if first not in LADDER or len(others) != 1 or not others <= set(LADDER):
            continue
        (weaker,) = others
        if LADDER.index(first) == LADDER.index(weaker) + 1 and first in package.bots and weaker in package.bots:
            found.setdefault((first, weaker), pairing)
    return sorted(found.values(), key=lambda p: LADDER.index(p.bots[0]))


def skill_ladder(pack: Pack, package: GamePackage, seed: int, executor: Executor, most: int = LADDER_MAX,
                 mark: Mark | None = None) -> tuple[dict[str, Any], list[Finding]]:
    """Each step played until decided (at most ``most`` games, or its pairing's limit): the ladder's block for the
    report (``steps``: each with its share, interval, games and verdict: holds, fails or undecided; ``holds``:
    whether every step does; ``teams``: the steps of a game played together against an automaton,
    ``engine/team_ladder.py``) and its findings (rule ``skill-ladder``, subject ``<stronger> over <weaker>``)."""
    pairings = steps(package)
    family = len(pairings) + len(team_steps(package, pack))
    rows, findings = [], []
    for pairing in pairings:
        limit = min(most, pairing.games or most)
        plan = look_counts(limit, schedule(min(LADDER_FIRST, most), most))  # a slow pairing: shares of its limit
        config = Run(players=pairing.players, mode=pairing.mode or package.modes[0], scenario=pairing.scenario,
                     bots=tuple(pairing.bots), bot_options=pairing.bot_options)
        tally, played = Tally(), 0
        first, weaker = pairing.bots[0], pairing.bots[1]
        hopeless = False
        for target in plan:
            if target > played:
                size = min(CHUNK, max(1, -(-(target - played) // 8)))  # slow bots: every process gets some
                tally.merge(executor.run(chunks(pack.root, package, config, seed, target - played, size,
                                                first=played)))
                played = target
            wins, games = tally.get(f"wins/bot/{first}") / TWELFTHS, tally.get(f"played/bot/{first}")
            equal = players_share(tally) / pairing.players
            with sequential(len(plan)):
                z = z_score(family)
                low, high = wilson(wins, games, z)
                verdict = below(wins, games, equal, family)  # below an equal player: a finding
            status = "holds" if low > equal else "fails" if verdict is not None and verdict.clear else "undecided"
            if status != "undecided":
                break
            at_limit = wilson(wins / games * limit, limit, z) if games else (0.0, 1.0)
            if played < limit and at_limit[0] <= equal <= at_limit[1]:  # the limit would not decide it either
                hopeless = True
                break
        subject = f"{first} over {weaker}"
        where = f"{pairing.players} players" + (f", mode {pairing.mode}" if pairing.mode else "")
        rows.append({"stronger": first, "weaker": weaker, "players": pairing.players, "mode": config.mode,
                     **share(wins, games), "low_together": round(low, 4), "high_together": round(high, 4),
                     "equal_share": round(equal, 4), "looks_planned": len(plan), "verdict": status})
        statement = (f"the {first} bot scores {wins / games:.1%} against {weaker} in {games} games ({where}) "
                     f"{{evidence}}; a stronger bot should beat a weaker one (an equal player scores {equal:.0%})")
        if status == "fails" and verdict is not None:
            findings.append(judged(verdict, statement, "games", "", mark, "skill-ladder", subject))
        elif status == "undecided":
            findings.append(Finding("info", f"undecided: the {first} bot scores {wins / games:.1%} against {weaker} "
                                            f"in {games} games ({where}), {low:.1%}-{high:.1%} together with the "
                                            f"other steps; " + (f"at the share seen, the ladder's limit of {limit} "
                                                                "games would not decide it" if hopeless else
                                                                f"the ladder's limit of {limit} games did not "
                                                                "decide it"),
                                    mark=mark, subject=subject, rule="skill-ladder"))
    teams, found = team_ladder(pack, package, seed, executor, family, most, mark)
    return {"played": True, "steps": rows, "teams": teams,
            "holds": all(r["verdict"] == "holds" for r in rows + teams)}, findings + found
