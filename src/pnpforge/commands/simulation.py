"""What ``validate`` and ``sweep`` share: the options of a simulation run (games, players, mode, bots, seed, where
the games are played), their checks, and playing one pack's games with a progress bar."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

import click

from pnpforge.report.terminal import format_findings

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


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

MAX_GAMES_DEFAULT = 4000  # --max-games: the games per configuration --games auto plays at most


def game_options(command):
    """``--games``, ``--max-games``, ``--players``, ``--mode``, ``--bots`` and ``--seed``."""
    options = [
        click.option("--games", type=GamesParam(), default="auto", show_default=True,
                     help="Simulated games per configuration (player count), or auto: play until every finding is "
                          "decided by its evidence, up to --max-games."),
        click.option("--max-games", type=click.IntRange(1, 1_000_000), default=MAX_GAMES_DEFAULT, show_default=True,
                     help="With --games auto: the most games per configuration."),
        click.option("--players", help="Player counts to simulate, e.g. 2,3,4 (default: every count the game "
                                       "allows)."),
        click.option("--mode", help="Game mode (the game package lists its modes). validate plays every mode without "
                                    "it; sweep plays the first."),
        click.option("--bots", default="greedy", show_default=True,
                     help="Bots to simulate with, e.g. greedy or greedy,mcts."),
        click.option("--seed", type=int, default=1, show_default=True,
                     help="The run's seed: each game's seed is hashed from it, the configuration and the game's "
                          "number, so runs with different seeds share no game."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def executor_options(command):
    """``--jobs``, ``--executor`` and ``--scheduler``."""
    options = [
        click.option("--jobs", type=click.IntRange(1, 64), help="Worker processes (default: one per core)."),
        click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
                     help="Where the games are played: local processes, or a Dask cluster (same results)."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="With --executor dask: the scheduler of an existing cluster, e.g. tcp://10.0.0.5:8786 "
                          "(default: start --jobs workers here)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def check_executor(executor: str, scheduler: str | None, jobs: int | None) -> None:
    """Refuse ``--scheduler`` without Dask, ``--jobs`` with a cluster that has its own workers, and ``--executor
    dask`` where Dask is not installed (an extra: ``pnpforge[dask]``)."""
    if scheduler and executor != "dask":
        raise click.BadParameter("a scheduler is where Dask plays the games: add --executor dask",
                                 param_hint="--scheduler")
    if scheduler and jobs:
        raise click.BadParameter("--jobs is the number of workers started here; the cluster at --scheduler has its "
                                 "own", param_hint="--jobs")
    if executor == "dask":  # before the static checks, which take a while on a large pack
        from pnpforge.engine.executors import ExecutorError, require_dask

        try:
            require_dask()
        except ExecutorError as exc:
            click.echo(f"error: {exc}")
            sys.exit(2)


@contextmanager
def executor_for(executor: str, jobs: int, scheduler: str | None) -> Iterator:
    """The executor the games are played on, for the ``with`` block; one it cannot open or keep (a scheduler out of
    reach, workers that cannot play the games) is one line and exit 2."""
    from pnpforge.engine.executors import ExecutorError, open_executor

    try:
        with open_executor(executor, jobs, scheduler) as runner:
            yield runner
    except ExecutorError as exc:
        click.echo(f"error: {exc}")
        sys.exit(2)


def echo_shown(findings: list, files_checked) -> None:
    """The static findings above info, before the games start (their count line comes with the report)."""
    shown = [f for f in findings if f.severity != "info"]
    if shown:
        click.echo(format_findings(shown, files_checked).rsplit("\n", 1)[0])


def settings_for(pack: Pack, package, games: int | None, max_games: int, players: str | None, mode: str | None,
                 bots: str, seed: int, jobs: int | None, variant: str = ""):
    """The run's ``Settings`` from the options, each checked against the pack and its game package (``games``
    None: ``auto``, which starts with ``AUTO_FIRST`` games)."""
    from pnpforge.engine.simulate import default_jobs
    from pnpforge.engine.validate import AUTO_FIRST, Settings

    mode = mode or package.modes[0]
    supported = range(pack.game.players.min, pack.game.players.max + 1) if pack.game.players else range(2, 3)
    try:
        counts = tuple(int(x) for x in players.split(",")) if players else tuple(supported)
    except ValueError:
        raise click.BadParameter(f"expected player counts like 2,3,4, found {players!r}",
                                 param_hint="--players") from None
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
    return Settings(games or min(AUTO_FIRST, max_games), counts, mode, seed, jobs or default_jobs(), names, variant)


def simulate(pack: Pack, package, settings, max_games: int | None, runner, title: str = ""):
    """Play the games on ``runner`` (``max_games``: until every finding is decided, at most that many per
    configuration) with a progress bar headed ``title``; the settings of what was played, the analysis and the
    merged tallies per configuration."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from pnpforge.engine.validate import configurations, simulate_pack, simulate_until_decided
    from pnpforge.engine.verdicts import sequential

    count = len(configurations(pack, package, settings))
    until = f"{title}, until decided" if title else f"{pack.id} ({settings.mode}, until decided)"
    title = title or f"{pack.id} ({settings.mode})"
    with Progress(TextColumn("simulating {task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(title, total=settings.games * count)
        if max_games is None:
            tallies = simulate_pack(pack, package, settings, progress=lambda n: bar.advance(task, n), executor=runner)
            with sequential(settings.looks):  # the same games again (--compare): judged as the first run was
                return settings, package.analyse(pack, tallies, settings), tallies

        def advance(n: int, total: int) -> None:
            bar.update(task, total=total, description=until)
            bar.advance(task, n)

        return simulate_until_decided(pack, package, settings, max_games, advance, executor=runner)
