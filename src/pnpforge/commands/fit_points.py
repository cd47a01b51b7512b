"""``validate --fit-points``: the fair-points pass (``engine/fair_points.py``), apart from the balance run: each item
the game package names, played at a few trial costs against the reference force on the same deals, and a report of
printed and fitted costs side by side in ``<out>/<game>/validation/fair-points/``."""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from pnpforge.findings import Finding, exit_code
from pnpforge.report.terminal import format_findings

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

FOLDER = "fair-points"


def fit_pass(
    pack: Pack,
    package,
    static: list[Finding],
    units: int | None,
    seed: int,
    jobs: int,
    executor: str,
    scheduler: str | None,
    strict: bool,
    out_dir: Path,
) -> NoReturn:
    """Play and fit every subject of the game's plan, write the report and exit with the findings' code (2 when
    the game names nothing to fit)."""
    from pnpforge.check.accepted import acknowledge, unmatched
    from pnpforge.commands.simulation import echo_shown, executor_for
    from pnpforge.engine.fair_points import analysis, fit_points, trial_values
    from pnpforge.engine.seating import unit_size
    from pnpforge.engine.validate import Settings
    from pnpforge.report.validation import report_data, terminal_summary, write_html, write_json

    if package is None or package.fair_points is None:
        click.echo(
            f"{pack.game_doc.path}: error: pack '{pack.id}' names no priced items to fit: its game package "
            "gives no fair-points plan"
        )
        sys.exit(2)
    plan = package.fair_points(pack)
    if units:
        plan = replace(plan, units=units)
    games = sum(
        len(trial_values(s.printed, plan.factors)) * plan.units * unit_size(package, pack, s.run) for s in plan.subjects
    )
    echo_shown(static, None)
    click.echo(
        f"fitting {len(plan.subjects)} costs: {plan.units} paired units at each of {len(plan.factors)} trial "
        f"costs, {games:,} games (more where a crossing lies beyond the trials"
        + (f"; fewer where a fit decides, looked at every {plan.step} units)" if plan.looks > 1 else ")")
    )
    started = time.monotonic()
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with (
        executor_for(executor, jobs, scheduler) as runner,
        Progress(
            TextColumn("fitting {task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
        ) as bar,
    ):
        task = bar.add_task(f"{pack.id} costs", total=games)
        rows = fit_points(
            pack, package, plan, seed, runner, jobs, lambda n: bar.advance(task, n), lambda r: click.echo(line(r))
        )
        played_on = runner.summary()
    result = analysis(plan, rows)
    matched = [False] * len(pack.game.accepted)
    result.findings = acknowledge(pack, result.findings, matched)
    stale = unmatched(pack, matched, not units, fit=True)  # complete at the pack's own budget
    static = static + stale
    elapsed = time.monotonic() - started
    settings = Settings(games=plan.units, players=(2,), mode=FOLDER, seed=seed, jobs=jobs, bots=())
    data = report_data(pack.id, settings, static, result)
    folder = out_dir / pack.id / "validation" / FOLDER
    write_json(folder / "report.json", data)
    write_html(folder / "report.html", data, result)
    click.echo(format_findings(stale + result.findings, None).rsplit("\n", 1)[0])
    for row in rows:
        click.echo(line(row))
    click.echo(terminal_summary(data, static + result.findings))
    if played_on is not None:
        from pnpforge.engine.executors import summary_line

        click.echo(summary_line(played_on))
    games = sum(played for r in rows for _, _, played in r.trials)
    click.echo(f"{games:,} games in {elapsed:.0f} s; wrote {folder / 'report.json'} and {folder / 'report.html'}")
    sys.exit(exit_code(static + result.findings, strict))


def line(row) -> str:
    """A row of the fit as the terminal shows it: printed and fitted cost, the interval and the games per trial."""
    fitted = "not fitted" if row.fitted is None else f"{row.fitted} ({row.low} to {row.high})"
    games = row.trials[0][2] if row.trials else 0
    outside = "  OUTSIDE" if row.outside else ""
    return f"  {row.section}: printed {row.printed}, fitted {fitted}{outside} [{games} games per trial]"
