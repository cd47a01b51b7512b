"""What each configuration of a run cost (``engine/cost.py``) and ``validate -v``, which prints it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import pytest

import pnpforge.games
from pnpforge.engine.cost import Cost, Metered, cost_lines, cpu_seconds, label
from pnpforge.engine.executors import LocalExecutor
from pnpforge.engine.playout import Run
from pnpforge.engine.simulate import Chunk
from pnpforge.engine.tally import Tally
from tests.engine import dice_race
from tests.helpers import run_cli


@dataclass
class Ticking:
    """An executor that plays nothing and moves a clock on by 0.5 s a game."""

    now: list[float] = field(default_factory=lambda: [0.0])

    def run(self, work: Iterable[Chunk], progress: Callable[[int], None] | None = None) -> Tally:
        self.now[0] += 0.5 * sum(chunk.count for chunk in work)
        return Tally()

    def summary(self) -> None:
        return None


def _chunks(run: Run, *counts: int) -> list[Chunk]:
    return [Chunk("/pack", dice_race.PACKAGE, run, 0, count) for count in counts]


def test_each_configuration_counts_its_games_looks_and_cpu() -> None:
    inner = Ticking()
    metered = Metered(inner, clock=lambda: inner.now[0])
    two, three = Run(players=2, mode="base"), Run(players=3, mode="base")
    ladder = Run(players=2, mode="base", bots=("search", "greedy"))
    metered.run(_chunks(two, 20, 20))
    metered.run(_chunks(three, 10))
    metered.run(_chunks(two, 20, 20, 20, 20))
    metered.run(_chunks(ladder, 4))
    metered.run([])  # nothing played: no look
    assert metered.costs == {
        "base 2p greedy": Cost(games=120, looks=2, cpu=60.0),
        "base 3p greedy": Cost(games=10, looks=1, cpu=5.0),
        "base 2p search v greedy": Cost(games=4, looks=1, cpu=2.0),
    }
    lines = cost_lines(metered.costs, local=True, other=1.25)
    assert lines[1].split() == ["base", "2p", "greedy", "120", "2", "60.0", "500.0"]  # the most expensive first
    assert lines[-2].split()[-2:] == ["134", "67.0"]
    assert lines[-1].split()[-1] == "1.2"


def test_a_label_names_scenario_and_options() -> None:
    run = Run(players=4, mode="survival", scenario="pass", options=(("rounds", 3),), bot_options=(("budget", 8),))
    assert label(run) == "survival 4p greedy pass rounds=3 budget=8"


def test_worker_processes_cpu_is_counted() -> None:
    """Games played in two worker processes count in the figures: CPU time of this process alone would be almost
    nothing."""
    metered = Metered(LocalExecutor(2))
    run = Run(players=2, mode=dice_race.PACKAGE.modes[0], analyse=True)
    before = cpu_seconds()
    metered.run([Chunk(str(dice_race.PACK), dice_race.PACKAGE, run, first, 100, unit=2) for first in (0, 100)])
    cost = next(iter(metered.costs.values()))
    assert cost.games == 200 and cost.looks == 1
    assert 0 < cost.cpu <= cpu_seconds() - before + 1e-6
    assert metered.local and not Metered(Ticking()).local


def test_validate_verbose_prints_the_cost_table_and_keeps_it_out_of_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pnpforge.games, "load_package", lambda engine: dice_race.PACKAGE)
    args = ["validate", str(dice_race.PACK), "--games", "40", "--jobs", "1", "--mode", dice_race.PACKAGE.modes[0]]
    quiet = run_cli(*args, "--out", str(tmp_path / "quiet"))
    loud = run_cli(*args, "--out", str(tmp_path / "loud"), "-v")
    assert "CPU s" not in quiet.output
    table = loud.output[loud.output.index("configuration") :].splitlines()
    mode = dice_race.PACKAGE.modes[0]
    assert table[1].startswith(f"{mode} 2p greedy ")
    assert table[1].split()[-4:-2] == ["40", "1"]  # 40 games in one look
    assert float(table[1].split()[-2]) > 0
    reports = [
        json.loads((tmp_path / out / dice_race.PACK.name / "validation" / "report.json").read_text("utf-8"))
        for out in ("quiet", "loud")
    ]
    assert reports[0] == reports[1]
