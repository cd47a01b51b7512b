"""The skill ladder of a game played together against an automaton (solo or co-operative play against a deck of
rules): the same bot in every seat, each rung of random < greedy < search a run of its own, and a stronger team must
not do worse against the automaton than a weaker one.

The rungs are the pairings a game package declares for ``make matches`` with one bot in every seat, in a mode whose
players win or lose together (co-operative roles with an automaton, or a loss for all); the rungs of one mode and
player count make its steps. Each rung is played like a step of ``engine/ladder.py``: looks at ``LADDER_FIRST``
games, doubling, up to ``LADDER_MAX`` or the pairing's own limit (a slow search bot's), the error spent over the
looks and shared by every step of the run. A step compares the two teams' success (the share of the games the
players won) by Newcombe's interval of a difference of two Wilson intervals (the rungs play their own games, so
they are independent): it holds once the interval lies above nothing, fails (a warning, rule ``skill-ladder``) once
it lies below, and is otherwise undecided, which at the rungs' limits is info.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from pnpforge.engine.analyses import players_share
from pnpforge.engine.executors import Executor
from pnpforge.engine.matches import Pairing
from pnpforge.engine.playout import Run
from pnpforge.engine.seating import roles_of
from pnpforge.engine.simulate import CHUNK, chunks
from pnpforge.engine.stats import share, wilson
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import schedule
from pnpforge.engine.verdicts import Verdict, sequential, z_score
from pnpforge.findings import Finding, Mark

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.contract import GamePackage

LADDER = ("random", "greedy", "search")  # weakest first (``engine/ladder.py``'s)
LADDER_FIRST = 20
LADDER_MAX = 160


def team_steps(package: GamePackage, pack: Pack) -> list[tuple[Pairing, Pairing]]:
    """``(weaker, stronger)`` rungs of each mode and player count played together against the game."""
    rungs: dict[tuple[str, int, str | None], dict[str, Pairing]] = {}
    for pairing in package.matches:
        bot = pairing.bots[0]
        if set(pairing.bots) != {bot} or bot not in LADDER or bot not in package.bots:
            continue
        roles = roles_of(package, pack, pairing.mode)
        if roles is None or not roles.cooperative or not roles.short:
            continue
        rungs.setdefault((pairing.mode, pairing.players, pairing.scenario), {}).setdefault(bot, pairing)
    found = []
    for group in rungs.values():
        names = [bot for bot in LADDER if bot in group]
        found += [(group[weaker], group[stronger]) for weaker, stronger in zip(names, names[1:])]
    return found


def difference(won: tuple[float, int], lost: tuple[float, int], z: float) -> tuple[float, float, float]:
    """The difference of two shares ``(successes, trials)`` with Newcombe's hybrid score interval."""
    (a, n), (b, m) = won, lost
    p, q = a / n, b / m
    (pl, ph), (ql, qh) = wilson(a, n, z), wilson(b, m, z)
    d = p - q
    return d, d - math.sqrt((p - pl) ** 2 + (qh - q) ** 2), d + math.sqrt((ph - p) ** 2 + (q - ql) ** 2)


class _Rung:
    """One rung's games so far."""

    def __init__(self, pairing: Pairing, most: int, mode: str):
        self.pairing, self.tally, self.played = pairing, Tally(), 0
        self.limit = min(most, pairing.games or most)
        self.config = Run(
            players=pairing.players,
            mode=pairing.mode or mode,
            scenario=pairing.scenario,
            bots=tuple(pairing.bots),
            bot_options=pairing.bot_options,
        )

    def play(self, pack: Pack, package: GamePackage, seed: int, executor: Executor, target: int) -> None:
        target = min(target, self.limit)
        if target <= self.played:
            return
        size = min(CHUNK, max(1, -(-(target - self.played) // 8)))
        self.tally.merge(
            executor.run(chunks(pack.root, package, self.config, seed, target - self.played, size, first=self.played))
        )
        self.played = target

    @property
    def won(self) -> tuple[float, int]:
        games = self.tally.get("games")
        return players_share(self.tally) * games, games


def team_ladder(
    pack: Pack,
    package: GamePackage,
    seed: int,
    executor: Executor,
    family: int,
    most: int = LADDER_MAX,
    mark: Mark | None = None,
) -> tuple[list[dict[str, Any]], list[Finding]]:
    """Each team step played until decided (see the module docstring), its verdicts made together with ``family``
    steps in all: rows for the ladder's block (``teams``) and findings."""
    steps = team_steps(package, pack)
    rungs: dict[Pairing, _Rung] = {}
    for pair in steps:
        for pairing in pair:
            rungs.setdefault(pairing, _Rung(pairing, most, package.modes[0]))
    plan = schedule(min(LADDER_FIRST, most), most)
    verdicts: dict[tuple[Pairing, Pairing], tuple[str, float, float, float]] = {}
    for target in plan:
        open_steps = [pair for pair in steps if verdicts.get(pair, ("undecided",))[0] == "undecided"]
        if not open_steps:
            break
        for pair in open_steps:
            for pairing in pair:
                rungs[pairing].play(pack, package, seed, executor, target)
        for pair in open_steps:
            weaker, stronger = rungs[pair[0]], rungs[pair[1]]
            with sequential(len(plan)):
                d, low, high = difference(stronger.won, weaker.won, z_score(family))
            status = "holds" if low > 0 else "fails" if high < 0 else "undecided"
            verdicts[pair] = (status, d, low, high)
    rows, findings = [], []
    for pair in steps:
        weaker, stronger = rungs[pair[0]], rungs[pair[1]]
        status, d, low, high = verdicts[pair]
        first, second = stronger.pairing.bots[0], weaker.pairing.bots[0]
        where = f"{stronger.config.players} players, mode {stronger.config.mode}"
        rows.append(
            {
                "stronger": first,
                "weaker": second,
                "players": stronger.config.players,
                "mode": stronger.config.mode,
                "stronger_share": share(*stronger.won),
                "weaker_share": share(*weaker.won),
                "difference": round(d, 4),
                "low_together": round(low, 4),
                "high_together": round(high, 4),
                "verdict": status,
            }
        )
        said = (
            f"the {first} team carries the game against the automaton in {share(*stronger.won)['share']:.1%} of "
            f"{stronger.won[1]} games, the {second} team in {share(*weaker.won)['share']:.1%} of {weaker.won[1]} "
            f"({where})"
        )
        subject = f"{first} over {second}"
        if status == "fails":
            verdict = Verdict(True, d, low, high, stronger.won[1], family=family, unit="points", scale=100)
            findings.append(
                Finding(
                    "warning",
                    f"{said} ({verdict.evidence()}); a stronger team should not do worse",
                    mark=mark,
                    subject=subject,
                    rule="skill-ladder",
                )
            )
        elif status == "undecided":
            findings.append(
                Finding(
                    "info",
                    f"undecided: {said}, a difference of {d * 100:+.1f} points "
                    f"({low * 100:+.1f} to {high * 100:+.1f} together with the other steps); "
                    "the rungs' limits did not decide it",
                    mark=mark,
                    subject=subject,
                    rule="skill-ladder",
                )
            )
    return rows, findings
