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
from pnpforge.engine.seating import unit_size
from pnpforge.engine.simulate import CHUNK, chunks
from pnpforge.engine.tally import Tally
from pnpforge.engine.verdicts import sequential
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
    metrics: dict[str, Any] = field(default_factory=dict)  # the standard metrics (``engine/metrics.py``), when made
    fair_points: list[dict[str, Any]] = field(default_factory=list)  # fitted costs (``engine/fair_points.py``)

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary,
            "charts": [asdict(c) for c in self.charts],
            "tables": [asdict(t) for t in self.tables],
            **({"metrics": self.metrics} if self.metrics else {}),
            **({"fair_points": self.fair_points} if self.fair_points else {}),
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
    looks: int = 1  # the looks at the games a sequential run planned (``engine/verdicts.py``'s ``sequential``)
    counts: tuple[tuple[Any, int], ...] = ()  # each configuration's games, where a sequential run stopped them apart
    units_kept: bool = False  # keep each paired unit's wins, to compare runs on the same deals (--compare, sweep)


def simulate_pack(pack: Pack, package: GamePackage, settings: Settings,
                  progress: Callable[[int], None] | None = None, skip: int = 0,
                  executor: Executor | None = None) -> dict[Any, Tally]:
    """Play ``settings.games`` seeded games per configuration (``settings.counts`` names a count of its own for
    some: a sequential run's), seats and factions rotating with the seed, leaving out the first ``skip`` of them
    (played before), on ``executor`` (default: ``settings.jobs`` local processes)."""
    executor = executor or LocalExecutor(settings.jobs)
    own = dict(settings.counts)
    tallies = {}
    for label, config in configurations(pack, package, settings).items():
        tallies[label] = _play(pack, package, settings, config, skip, own.get(label, settings.games), progress,
                               executor)
    return tallies


def _play(pack: Pack, package: GamePackage, settings: Settings, config: Run, first: int, last: int,
          progress: Callable[[int], None] | None, executor: Executor) -> Tally:
    """Games ``first`` to ``last - 1`` of one configuration."""
    games = last - first
    if games <= 0:
        return Tally()
    size = min(CHUNK, max(1, math.ceil(games / settings.jobs)))  # a few games still keep every process busy
    work = chunks(pack.root, package, config, settings.seed, games, size, variant=settings.variant,
                  vary=settings.vary, first=first, unit=unit_size(package, pack, config), keep=settings.units_kept)
    return executor.run(work, progress)


AUTO_FIRST = 100  # games per configuration that ``--games auto`` starts with


def schedule(first: int, max_games: int) -> list[int]:
    """The game counts per configuration at which ``--games auto`` may look at its games: ``first``, doubling,
    then ``max_games``. Fixed before any game is played, so the error spent per look holds however the run stops
    (``engine/verdicts.py``'s ``sequential``)."""
    counts = [min(first, max_games)]
    while counts[-1] < max_games:
        counts.append(min(max_games, 2 * counts[-1]))
    return counts


def unit_plan(first: int, max_games: int, unit: int) -> list[int]:
    """``schedule`` in paired units of ``unit`` games: the first look at least ``first`` games, the last at most
    ``max_games`` (and at least one unit)."""
    return schedule(max(1, -(-first // unit)), max(1, max_games // unit))


def undecided_factor(analysis: Analysis, within: float | None = None) -> float:
    """By what factor the games played would have to grow to decide every undecided finding that growing them by
    at most ``within`` would decide, at the rates seen (0: none)."""
    return max((f.data["more"] for f in analysis.findings
                if "more" in f.data and (within is None or f.data["more"] <= within)), default=0.0)


def concerns(finding: Finding, label: Any, labels: list[Any]) -> bool:
    """Whether a finding is about the games of one configuration: one that names a player count (``players``)
    where the configurations are player counts, or whose message starts (after ``undecided:``) with the label; a
    finding that names none (a card weighed over every player count) is about them all."""
    players = finding.data.get("players")
    if players is not None and all(isinstance(other, int) for other in labels):
        return players == label
    message = finding.message.removeprefix("undecided: ")
    named = [other for other in labels if message.startswith(f"{other}: ")]
    return label in named if named else True


def simulate_until_decided(pack: Pack, package: GamePackage, settings: Settings, max_games: int,
                           progress: Callable[[int, int], None] | None = None, first: int = AUTO_FIRST,
                           executor: Executor | None = None) -> tuple[Settings, Analysis, dict[Any, Tally]]:
    """``--games auto``: play games per configuration until no finding is undecided, or none that ``max_games``
    could decide at the rates seen is, or ``max_games`` were played; each configuration stops on its own, once no
    undecided finding it could still decide is about it (``concerns``). The settings of what was played (``games``
    the most any configuration played, ``counts`` each one's), the analysis of it and the merged tallies per
    configuration.

    The looks come at the counts of ``schedule``, in paired units (one deal in every seating: ``first`` and
    ``max_games`` games make ``unit_plan``'s units), one after the other: the configurations still growing play
    to the next count of their plan, and every verdict is made at the error each look of the longest plan may spend
    (``engine/verdicts.py``). A look is never skipped, even when the rate seen asks for many times the games: the
    rate seen at a few games is the noisiest, and a finding that seemed within reach at the first look is judged
    again at twice the games before more are played for it (``next_look``). The game package's observer weighs,
    in the later games, only the items whose checks of what it counts are still open (``GamePackage.observing``,
    asked at the look's error; an item once settled is not weighed again), and no game once none is: a settled
    check keeps the games that were weighed. Every round is played on ``executor`` (default: ``settings.jobs``
    local processes).
    """
    if package.analyse is None:
        raise ValueError(f"game package '{package.name}' has no analyses to decide")
    executor = executor or LocalExecutor(settings.jobs)
    configs = configurations(pack, package, settings)
    labels = list(configs)
    size = {label: unit_size(package, pack, config) for label, config in configs.items()}
    plans = {label: unit_plan(first, max_games, size[label]) for label in labels}
    looks = max(len(plan) for plan in plans.values())
    tallies: dict[Any, Tally] = {label: Tally() for label in labels}
    played = dict.fromkeys(labels, 0)  # units
    target = {label: plans[label][0] for label in labels}
    look, watch = 0, None  # the items the observer weighs (None: every one)
    while True:
        total = sum(target[label] * size[label] for label in labels)
        for label, config in configs.items():
            if target[label] > played[label]:
                tallies[label].merge(_play(pack, package, settings, config, played[label] * size[label],
                                           target[label] * size[label],
                                           _progress_of(progress, total) if progress else None, executor))
                played[label] = target[label]
        games = {label: played[label] * size[label] for label in labels}
        step = replace(settings, games=max(games.values()), looks=looks, counts=tuple(games.items()))
        with sequential(looks):
            analysis = package.analyse(pack, tallies, step)
            if package.observing is not None and watch != ():
                still = set(package.observing(pack, tallies, step))
                narrowed = tuple(sorted(still if watch is None else still & set(watch)))
                if narrowed != watch:
                    watch = narrowed
                    configs = {label: replace(config, watch=watch) for label, config in configs.items()}
        look += 1
        for label in labels:
            target[label] = next_look(analysis, label, labels, played[label], plans[label], look)
        if target == played:
            return step, analysis, tallies


def next_look(analysis: Analysis, label: Any, labels: list[Any], units: int, plan: list[int], look: int) -> int:
    """The units a configuration that played ``units`` is to have at the next look (the look numbered ``look``
    from 0 of every configuration's ``plan``): the plan's count there while an undecided finding about it
    (``concerns``) could be decided within the plan's last count at the rate seen, else ``units`` (it stops).

    The looks are shared by the configurations: a configuration that stopped and is about a finding again later
    joins the others at their look, so no finding is looked at more often than the plans have looks."""
    if look >= len(plan) or units >= plan[-1]:
        return units
    wanted = any(0 < f.data["more"] <= plan[-1] / units for f in analysis.findings
                 if "more" in f.data and concerns(f, label, labels))
    return max(units, plan[look]) if wanted else units


def _progress_of(progress: Callable[[int, int], None], total: int) -> Callable[[int], None]:
    """``progress(n, total)`` as a callable of ``n``, for one round."""
    return lambda n: progress(n, total)


def configurations(pack: Pack, package: GamePackage, settings: Settings) -> dict[Any, Run]:
    """What to simulate: the game package's own list when it has one, else each player count."""
    if package.configurations is not None:
        return package.configurations(pack, settings)
    return {n: Run(players=n, mode=settings.mode, bots=settings.bots, analyse=True) for n in settings.players}
