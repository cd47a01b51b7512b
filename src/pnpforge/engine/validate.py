"""The simulated half of ``pnpforge validate``: seeded games per player count through the harness, then the game
package's analysis of the merged tallies into findings, charts and tables.

The shapes here (``Analysis``, ``Chart``, ``Table``) are what the report stage renders; they carry no game words.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.playout import Run
from pnpforge.engine.simulate import chunks, run
from pnpforge.engine.tally import Tally
from pnpforge.findings import Finding


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
    """One validation run: games per player count, player counts, mode, first seed, bots, processes."""

    games: int
    players: tuple[int, ...]
    mode: str
    seed: int
    jobs: int
    bots: tuple[str, ...] = ("greedy",)


def simulate_pack(pack: Any, package: GamePackage, settings: Settings,
                  progress: Callable[[int], None] | None = None) -> dict[Any, Tally]:
    """Play ``settings.games`` seeded games per configuration (seats and factions rotating with the seed)."""
    tallies = {}
    for label, config in configurations(pack, package, settings).items():
        work = chunks(pack.root, package, config, settings.seed, settings.games)
        tallies[label] = run(work, settings.jobs, progress)
    return tallies


def configurations(pack: Any, package: GamePackage, settings: Settings) -> dict[Any, Run]:
    """What to simulate: the game package's own list when it has one, else each player count."""
    if package.configurations is not None:
        return package.configurations(pack, settings)
    return {n: Run(players=n, mode=settings.mode, bots=settings.bots, analyse=True) for n in settings.players}
