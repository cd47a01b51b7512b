"""What each configuration of a run cost: the games it played, the looks it took and the CPU seconds they used.

``Metered`` wraps the executor a run plays on and counts, for every call (one look at one configuration's games, or
one step of the skill ladder), the games of its chunks and the CPU seconds this process and its finished worker
processes used meanwhile (the pool's workers are joined at the end of each call, so their time is counted then).
On a cluster the workers are elsewhere and only this process's time is seen: the figures say so.

CPU time differs from run to run, so it is never written into a report (which stays the same byte for byte);
``validate -v`` prints it after the run.
"""

from __future__ import annotations

import resource
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from pnpforge.engine.executors import Executor, LocalExecutor
from pnpforge.engine.playout import Run
from pnpforge.engine.simulate import Chunk
from pnpforge.engine.tally import Tally


def cpu_seconds() -> float:
    """CPU seconds (user and system) of this process and of its worker processes that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime


def label(run: Run) -> str:
    """A configuration in a few words: mode, player count, bots (a ladder's pairing), scenario and options."""
    parts = [run.mode or "-", f"{run.players}p", " v ".join(run.bots)]
    if run.scenario:
        parts.append(run.scenario)
    parts += [f"{key}={value}" for key, value in run.options + run.bot_options]
    return " ".join(parts)


@dataclass
class Cost:
    """One configuration's games, looks and CPU seconds."""

    games: int = 0
    looks: int = 0
    cpu: float = 0.0


@dataclass
class Metered:
    """An executor that plays on ``inner`` and counts what each configuration cost (``costs``, in first-played
    order)."""

    inner: Executor
    clock: Callable[[], float] = cpu_seconds
    costs: dict[str, Cost] = field(default_factory=dict)

    def run(self, work: Iterable[Chunk], progress: Callable[[int], None] | None = None) -> Tally:
        work = list(work)
        start = self.clock()
        tally = self.inner.run(work, progress)
        spent = self.clock() - start
        if work:
            cost = self.costs.setdefault(label(work[0].run), Cost())
            cost.games += sum(chunk.count for chunk in work)
            cost.looks += 1
            cost.cpu += spent
        return tally

    def summary(self) -> dict[str, Any] | None:
        return self.inner.summary()

    @property
    def local(self) -> bool:
        """Whether the workers are processes of this machine, whose CPU time is counted."""
        return isinstance(self.inner, LocalExecutor)


def cost_lines(costs: dict[str, Cost], local: bool = True, other: float = 0.0) -> list[str]:
    """The table ``validate -v`` prints: a line per configuration, most expensive first, then the total (``other``:
    CPU seconds spent outside the games, analysing them and writing the reports)."""
    rows = sorted(costs.items(), key=lambda item: (-item[1].cpu, item[0]))
    width = max([len(name) for name in costs] + [len("configuration")])
    lines = [f"{'configuration':<{width}}  {'games':>7}  {'looks':>5}  {'CPU s':>9}  {'CPU ms/game':>11}"]
    for name, cost in rows:
        each = 1000 * cost.cpu / cost.games if cost.games else 0.0
        lines.append(f"{name:<{width}}  {cost.games:>7}  {cost.looks:>5}  {cost.cpu:>9.1f}  {each:>11.1f}")
    games = sum(cost.games for cost in costs.values())
    cpu = sum(cost.cpu for cost in costs.values())
    lines.append(f"{'games, in all':<{width}}  {games:>7}  {'':>5}  {cpu:>9.1f}")
    lines.append(f"{'analyses and reports':<{width}}  {'':>7}  {'':>5}  {other:>9.1f}")
    if not local:
        lines.append("(the games were played on a cluster: its workers' CPU time is not counted here)")
    return lines
