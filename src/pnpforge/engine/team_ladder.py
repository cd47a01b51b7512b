"""The skill ladder of a game played together against an automaton (solo or co-operative play against a deck of
rules): the same bot in every seat, each rung of random < greedy < search a run of its own, and a stronger team must
not do worse against the automaton than a weaker one.

The rungs are the pairings a game package declares for ``make matches`` with one bot in every seat, in a mode whose
players win or lose together (co-operative roles with an automaton, or a loss for all); the rungs of one mode and
player count make its steps. Each rung is played like a step of ``engine/ladder.py``: looks at ``LADDER_FIRST``
games, doubling, up to ``LADDER_MAX`` (a rung whose pairing allows fewer games, a slow search team's, plays the same
share of its own limit at each look: ``look_counts``), the error spent over the looks and shared by every step of
the run. A step compares the two teams' success (the share of the games the players won) by Newcombe's interval of
a difference of two Wilson intervals (the rungs play their own games, so they are independent): it holds once the
interval lies above nothing, fails (a warning, rule ``skill-ladder``) once it lies below, and is otherwise
undecided, which at the rungs' limits is info. An undecided step stops early when its rungs' limits could not
decide it at the shares seen (``decidable``: two teams that never win are told apart by no number of games); it
stays undecided, and stopping can only take a decision away, never make one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
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


def look_counts(limit: int, plan: list[int]) -> list[int]:
    """A rung's games at each look of ``plan``: the plan's counts up to ``limit``, or, when ``limit`` is below the
    plan's last count, the same share of ``limit`` at each look (at least one game), so that a slow rung is looked
    at as often as the others, at counts fixed before any game is played."""
    if limit >= plan[-1]:
        return [min(count, limit) for count in plan]
    return [max(1, min(limit, -(-limit * count // plan[-1]))) for count in plan]


def decidable(stronger: tuple[float, int], weaker: tuple[float, int], limits: tuple[int, int], z: float) -> bool:
    """Whether a step could still be decided within the rungs' ``limits`` at the shares seen: its difference's
    interval at those many games with the same shares lies off nothing."""
    (a, n), (b, m) = stronger, weaker
    if not n or not m:
        return True
    _, low, high = difference((a / n * limits[0], limits[0]), (b / m * limits[1], limits[1]), z)
    return low > 0 or high < 0


def difference(won: tuple[float, int], lost: tuple[float, int], z: float) -> tuple[float, float, float]:
    """The difference of two shares ``(successes, trials)`` with Newcombe's hybrid score interval."""
    (a, n), (b, m) = won, lost
    p, q = a / n, b / m
    (pl, ph), (ql, qh) = wilson(a, n, z), wilson(b, m, z)
    d = p - q
    return d, d - math.sqrt((p - pl) ** 2 + (qh - q) ** 2), d + math.sqrt((ph - p) ** 2 + (q - ql) ** 2)


@dataclass(frozen=True)
class Step:
    """A step's verdict at its last look: the difference of the two teams' shares with its interval, the shares
    ``(successes, games)`` it was made on, whether the step goes on, and whether it stopped because its rungs'
    limits could not decide it at the shares seen."""

    status: str
    difference: float
    low: float
    high: float
    stronger: tuple[float, int]
    weaker: tuple[float, int]
    open: bool
    hopeless: bool


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
        if target <= self.played:
            return
        size = min(CHUNK, max(1, -(-(target - self.played) // 8)))
        self.tally.merge(
            executor.run(chunks(pack.root, package, self.config, seed, target - self.played, size, first=self.played))
        )
        self.played = target

    def target(self, look: int, plan: list[int]) -> int:
        """The games this rung has played at a look of the plan: the plan's count, or for a rung whose limit is
        below the plan's last count (a slow search team) the same share of its limit (``look_counts``)."""
        return look_counts(self.limit, plan)[look]

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
    verdicts: dict[tuple[Pairing, Pairing], Step] = {}
    for look in range(len(plan)):
        open_steps = [pair for pair in steps if pair not in verdicts or verdicts[pair].open]
        if not open_steps:
            break
        for pair in open_steps:
            for pairing in pair:
                rungs[pairing].play(pack, package, seed, executor, rungs[pairing].target(look, plan))
        for pair in open_steps:
            weaker, stronger = rungs[pair[0]], rungs[pair[1]]
            with sequential(len(plan)):
                z = z_score(family)
            d, low, high = difference(stronger.won, weaker.won, z)
            status = "holds" if low > 0 else "fails" if high < 0 else "undecided"
            hopeless = status == "undecided" and not decidable(
                stronger.won, weaker.won, (stronger.limit, weaker.limit), z
            )
            verdicts[pair] = Step(
                status,
                d,
                low,
                high,
                stronger.won,
                weaker.won,
                open=status == "undecided" and not hopeless,
                hopeless=hopeless,
            )
    rows, findings = [], []
    for pair in steps:
        weaker, stronger = rungs[pair[0]], rungs[pair[1]]
        step = verdicts[pair]
        status, d, low, high = step.status, step.difference, step.low, step.high
        strong, weak = step.stronger, step.weaker
        first, second = stronger.pairing.bots[0], weaker.pairing.bots[0]
        where = f"{stronger.config.players} players, mode {stronger.config.mode}"
        rows.append(
            {
                "stronger": first,
                "weaker": second,
                "players": stronger.config.players,
                "mode": stronger.config.mode,
                "stronger_share": share(*strong),
                "weaker_share": share(*weak),
                "difference": round(d, 4),
                "low_together": round(low, 4),
                "high_together": round(high, 4),
                "verdict": status,
            }
        )
        said = (
            f"the {first} team carries the game against the automaton in {share(*strong)['share']:.1%} of "
            f"{strong[1]} games, the {second} team in {share(*weak)['share']:.1%} of {weak[1]} "
            f"({where})"
        )
        subject = f"{first} over {second}"
        if status == "fails":
            verdict = Verdict(True, d, low, high, strong[1], family=family, unit="points", scale=100)
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
                    + (
                        "at the shares seen, the rungs' limits would not decide it"
                        if step.hopeless
                        else "the rungs' limits did not decide it"
                    ),
                    mark=mark,
                    subject=subject,
                    rule="skill-ladder",
                )
            )
    return rows, findings
