"""``pnpforge validate``: the static checks, then seeded games on local processes or a Dask cluster, until every
finding is decided (``--games auto``) or for a given number of games; the report, and a variant beside the published
rules (``--compare``)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnpforge.check.accepted import acknowledge
from pnpforge.check.pack import check_pack
from pnpforge.files import BUILD_DIR
from pnpforge.findings import Finding, Mark, exit_code
from pnpforge.report.terminal import format_findings


class GamesParam(click.ParamType):
    """A number of games, or ``auto`` (None)."""

    name = "N|auto"

    def convert(self, value, param, ctx):
        if value is None or value == "auto":
            return None
        try:
            games = int(value)
        except (TypeError, ValueError):
            self.fail(f"expected a number of games or auto, found {value!r}", param, ctx)
        if not 1 <= games <= 1_000_000:
            self.fail(f"expected 1 to 1000000 games, found {games}", param, ctx)
        return games


@click.command()
@click.argument("game")
@click.option("--static", "static_only", is_flag=True, help="Run the static checks only (no simulation).")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
@click.option("--games", type=GamesParam(), default="auto", show_default=True,
              help="Simulated games per configuration (player count), or auto: play until every finding is decided "
                   "by its evidence, up to --max-games.")
@click.option("--max-games", type=click.IntRange(1, 1_000_000), default=4000, show_default=True,
              help="With --games auto: the most games per configuration.")
@click.option("--players", help="Player counts to simulate, e.g. 2,3,4 (default: every count the game allows).")
@click.option("--mode", help="Game mode (the game package lists its modes; default: its first).")
@click.option("--bots", default="greedy", show_default=True, help="Bots to simulate with, e.g. greedy or greedy,mcts.")
@click.option("--seed", type=int, default=1, show_default=True, help="First seed; game k uses seed + k.")
@click.option("--variant", default="", help="Play one of the pack's variants (house rules in game.yaml's variants:) "
                                           "instead of its published rules.")
@click.option("--compare", is_flag=True, help="With --variant: also play the same games under the published rules "
                                              "and write compare.html, the two side by side.")
@click.option("--jobs", type=click.IntRange(1, 64), help="Worker processes (default: one per core).")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Where the games are played: local processes, or a Dask cluster (same results).")
@click.option("--scheduler", metavar="ADDRESS", help="With --executor dask: the scheduler of an existing cluster, "
                                                     "e.g. tcp://10.0.0.5:8786 (default: start --jobs workers here).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=BUILD_DIR,
              show_default=True, help="Reports go to <out>/<game>/validation/ (<variant>/ below it for a variant).")
def validate(game: str, static_only: bool, strict: bool, games: int | None, max_games: int, players: str | None,
             mode: str | None, bots: str, seed: int, variant: str, compare: bool, jobs: int | None, executor: str,
             scheduler: str | None, out_dir: Path) -> None:
    """Check GAME's data: static rules, then seeded games with greedy bots when the game has an engine.

    Writes report.json and report.html (with charts) to build/<game>/validation/. Every finding about a game
    situation names a seed; `pnpforge replay GAME --seed N --players P --bots greedy` prints that game.
    """
    if compare and not variant:
        raise click.BadParameter("--compare puts a variant beside the published rules: name it with --variant",
                                 param_hint="--compare")
    if scheduler and executor != "dask":
        raise click.BadParameter("a scheduler is where Dask plays the games: add --executor dask",
                                 param_hint="--scheduler")
    if scheduler and jobs:
        raise click.BadParameter("--jobs is the number of workers started here; the cluster at --scheduler has its "
                                 "own", param_hint="--jobs")
    checked = check_pack(game)
    findings = list(checked.findings)
    pack = checked.pack
    if pack is not None and not any(f.severity == "error" for f in findings):  # else only follow-on errors
        from pnpforge.publish.preflight import preflight

        findings += preflight(pack, pack.game.languages)  # reported, but only the data decide the simulation
    if pack is None or any(f.blocking for f in checked.findings) or static_only:
        click.echo(format_findings(findings, checked.files_checked))
        sys.exit(exit_code(findings, strict))
    from pnpforge.games import load_package

    package = load_package(pack.game.engine)
    if package is None or not package.has_engine or package.analyse is None:
        findings.append(Finding("info", f"pack '{pack.id}' has no rules engine: static checks only",
                                mark=Mark(str(pack.game_doc.path)), rule="simulation"))
        click.echo(format_findings(findings, checked.files_checked))
        sys.exit(exit_code(findings, strict))
    from pnpforge.engine.validate import AUTO_FIRST

    settings = _settings(pack, package, games or min(AUTO_FIRST, max_games), players, mode or package.modes[0], bots,
                         seed, jobs, variant)
    if variant:
        from pnpforge.content.variants import variant_pack

        pack, problems = variant_pack(pack, variant)
        if pack is None:
            click.echo(format_findings(problems, checked.files_checked))
            sys.exit(2)
    shown = [f for f in findings if f.severity != "info"]
    if shown:
        click.echo(format_findings(shown, checked.files_checked).rsplit("\n", 1)[0])
    from pnpforge.engine.executors import ExecutorError, open_executor

    try:
        with open_executor(executor, settings.jobs, scheduler) as runner:
            settings, analysis = _simulate(pack, package, settings, None if games else max_games, runner)
            every, data, folder = _report(pack, settings, findings, analysis, out_dir, runner)
            if compare:
                _compare(checked.pack, package, settings, findings, data, folder, runner)
    except ExecutorError as exc:
        click.echo(f"error: {exc}")
        sys.exit(2)
    sys.exit(exit_code(every, strict))


def _report(pack, settings, findings: list, analysis, out_dir: Path, runner) -> tuple[list, dict, Path]:
    """Write and print the validation report; every finding, the report's data and its folder."""
    from pnpforge.engine.executors import summary_line
    from pnpforge.report.validation import report_data, terminal_summary, write_html, write_json

    analysis.findings = acknowledge(pack, analysis.findings)
    data = report_data(pack.id, settings, findings, analysis)
    folder = out_dir / pack.id / "validation"
    folder = folder / settings.variant if settings.variant else folder
    write_json(folder / "report.json", data)
    write_html(folder / "report.html", data, analysis)
    # where the games were played is the run's record beside the report, which stays the same wherever they were
    played_on, record = runner.summary(), folder / "executor.json"
    if played_on is not None:
        write_json(record, played_on)
    else:
        record.unlink(missing_ok=True)  # a record of an earlier run on a cluster would no longer be true
    every = findings + analysis.findings
    click.echo(format_findings(analysis.findings, None).rsplit("\n", 1)[0])
    click.echo(terminal_summary(data, every))
    if played_on is not None:
        click.echo(summary_line(played_on))
    click.echo(f"wrote {folder / 'report.json'} and {folder / 'report.html'}"
               + (f" ({record.name}: where the games were played)" if played_on is not None else ""))
    return every, data, folder


def _compare(published, package, settings, static: list, data: dict, folder: Path, runner) -> None:
    """The games the variant played, played again under the published rules, and the two reports side by side."""
    from dataclasses import replace

    from pnpforge.report.compare import compare_data, write_compare
    from pnpforge.report.validation import report_data

    base_settings, analysis = _simulate(published, package, replace(settings, variant=""), None, runner)
    analysis.findings = acknowledge(published, analysis.findings)
    base = report_data(published.id, base_settings, static, analysis)
    json_path, html_path = write_compare(folder, compare_data(base, data, settings.variant))
    click.echo(f"wrote {json_path} and {html_path} (published rules beside variant {settings.variant})")


def _settings(pack, package, games: int, players: str | None, mode: str, bots: str, seed: int, jobs: int | None,
              variant: str = ""):
    from pnpforge.engine.simulate import default_jobs
    from pnpforge.engine.validate import Settings

    supported = range(pack.game.players.min, pack.game.players.max + 1) if pack.game.players else range(2, 3)
    try:
        counts = tuple(int(x) for x in players.split(",")) if players else tuple(supported)
    except ValueError:
        raise click.BadParameter(f"expected player counts like 2,3,4, found {players!r}", param_hint="--players")
    wrong = [n for n in counts if n not in supported]
    if wrong:
        raise click.BadParameter(f"{wrong[0]} players: the game is for {supported.start} to {supported.stop - 1}",
                                 param_hint="--players")
    if mode not in package.modes:
        raise click.BadParameter(f"unknown mode {mode!r}; modes: {', '.join(package.modes)}", param_hint="--mode")
    names = tuple(b.strip() for b in bots.split(","))
    unknown = [b for b in names if b not in package.bots]
    if unknown:
        raise click.BadParameter(f"unknown bot {unknown[0]!r}; bots: {', '.join(package.bots)}", param_hint="--bots")
    return Settings(games, counts, mode, seed, jobs or default_jobs(), names, variant)


def _simulate(pack, package, settings, max_games: int | None, runner):
    """Play the games on ``runner`` (``max_games``: until every finding is decided, at most that many per
    configuration) with a progress bar; the settings of what was played and the analysis."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from pnpforge.engine.validate import configurations, simulate_pack, simulate_until_decided

    count = len(configurations(pack, package, settings))
    with Progress(TextColumn("simulating {task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"{pack.id} ({settings.mode})", total=settings.games * count)
        if max_games is None:
            tallies = simulate_pack(pack, package, settings, progress=lambda n: bar.advance(task, n), executor=runner)
            return settings, package.analyse(pack, tallies, settings)

        def advance(n: int, target: int) -> None:
            bar.update(task, total=target * count, description=f"{pack.id} ({settings.mode}, until decided)")
            bar.advance(task, n)

        return simulate_until_decided(pack, package, settings, max_games, advance, executor=runner)
