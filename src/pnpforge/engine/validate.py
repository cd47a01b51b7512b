"""The simulated half of ``pnpforge validate``: seeded games per player count through the harness, then the game
package's analysis of the merged tallies into findings, charts and tables.

The shapes here (``Analysis``, ``Chart``, ``Table``) are what the report stage renders; they carry no game words.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.executors import Executor, LocalExecutor
from pnpforge.engine.playout import Run
from pnpforge.engine.simulate import CHUNK, chunks
from pnpforge.engine.tally import Tally
from pnpforge.findings import Finding

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


@dataclass
class Bar:
    """One bar of a chart, optionally with its 95% interval."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None


@dataclass
class Chart:
    """A bar chart: shares with intervals against a reference line, or counts."""

    id: str
    title: str
    bars: list[Bar]
    unit: str = "share"  # share (0-1, shown as %) or count
    reference: float | None = None
    band: float | None = None  # half-width of the accepted band around the reference
    xlabel: str = ""


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[Any]]


@dataclass
class Analysis:
    """What a game package concludes from the tallies."""

    findings: list[Finding] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary,
            "charts": [asdict(c) for c in self.charts],
            "tables": [asdict(t) for t in self.tables],
        }


@dataclass(frozen=True)
class Settings:
    """One validation run: games per player count, player counts, mode, the run's seed (``simulate.game_seed``),
    bots, processes."""

    games: int
    players: tuple[int, ...]
    mode: str
    seed: int
    jobs: int
    bots: tuple[str, ...] = ("greedy",)
    variant: str = ""  # one of the pack's variants (house rules) instead of its published rules
    vary: str = ""  # a sweep's assignments made on the pack (``content/vary.py``'s canonical text); not reported


def simulate_pack(pack: Pack, package: GamePackage, settings: Settings,
                  progress: Callable[[int], None] | None = None, skip: int = 0,
                  executor: Executor | None = None) -> dict[Any, Tally]:
    """Play ``settings.games`` seeded games per configuration (seats and factions rotating with the seed), leaving
    out the first ``skip`` of them (played before), on ``executor`` (default: ``settings.jobs`` local processes)."""
    executor = executor or LocalExecutor(settings.jobs)
    tallies = {}
    for label, config in configurations(pack, package, settings).items():
        games = settings.games - skip
        size = min(CHUNK, max(1, math.ceil(games / settings.jobs)))  # a few games still keep every process busy
        work = chunks(pack.root, package, config, settings.seed, games, size, variant=settings.variant,
                      vary=settings.vary, first=skip)
        tallies[label] = executor.run(work, progress)
    return tallies


AUTO_FIRST = 100  # games per configuration that ``--games auto`` starts with


def undecided_factor(analysis: Analysis, within: float | None = None) -> float:
    """By what factor the games played would have to grow to decide every undecided finding that growing them by
    at most ``within`` would decide, at the rates seen (0: none)."""
    return max((f.data["more"] for f in analysis.findings
                if "more" in f.data and (within is None or f.data["more"] <= within)), default=0.0)


def simulate_until_decided(pack: Pack, package: GamePackage, settings: Settings, max_games: int,
                           progress: Callable[[int, int], None] | None = None, first: int = AUTO_FIRST,
                           executor: Executor | None = None) -> tuple[Settings, Analysis, dict[Any, Tally]]:
    """``--games auto``: play games per configuration until no finding is undecided, or none that ``max_games``
    could decide at the rates seen is, or ``max_games`` were played;
    the settings of what was played (``games`` the final count), the analysis of it and the merged tallies per
    configuration.

    Each round plays the games the most demanding undecided finding asks for at the rate seen (at least twice as
    many as before), continuing from the seeds already played: the result is the games ``--games N`` with the final
    count would have played. Every round is played on ``executor`` (default: ``settings.jobs`` local processes).
    """
    if package.analyse is None:
        raise ValueError(f"game package '{package.name}' has no analyses to decide")
    tallies: dict[Any, Tally] = {}
    played, target = 0, min(first, max_games)
    while True:
        step = replace(settings, games=target)
        more = simulate_pack(pack, package, step, _progress_of(progress, target) if progress else None, skip=played,
                             executor=executor)
        for label, tally in more.items():
            tallies.setdefault(label, Tally()).merge(tally)
        played = target
        analysis = package.analyse(pack, tallies, step)
        factor = undecided_factor(analysis, max_games / played)  # more games than that would not decide the rest
        if not factor or played >= max_games:
            return step, analysis, tallies
        target = min(max_games, max(2 * played, math.ceil(played * factor)))


def _progress_of(progress: Callable[[int, int], None], total: int) -> Callable[[int], None]:
    """``progress(n, total)`` as a callable of ``n``, for one round."""
    return lambda n: progress(n, total)


def configurations(pack: Pack, package: GamePackage, settings: Settings) -> dict[Any, Run]:
    """What to simulate: the game package's own list when it has one, else each player count."""
    if package.configurations is not None:
        return package.configurations(pack, settings)
    return {n: Run(players=n, mode=settings.mode, bots=settings.bots, analyse=True) for n in settings.players}
