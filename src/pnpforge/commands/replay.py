"""``pnpforge replay``: a scripted game or scenario through a game's engine, or the transcript of a simulated game."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnpforge.check.pack import check_pack
from pnpforge.report.terminal import format_findings


@click.command()
@click.argument("game")
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seed", type=int, help="Replay the simulated game of this seed (as the validator played it).")
@click.option("--bots", default="greedy", show_default=True, help="Bots for --seed, one name or a comma list.")
@click.option("--players", type=int, default=2, show_default=True, help="Players for --seed.")
@click.option("--mode", help="Game mode for --seed (default: the game's first).")
@click.option("--svg", "svg", type=click.Path(dir_okay=False, path_type=Path),
              help="Also draw the position a scenario or a --seed game on the table ends in, as SVG, to this file.")
def replay(game: str, file: Path | None, seed: int | None, bots: str, players: int, mode: str | None,
           svg: Path | None) -> None:
    """Play a scripted game or scenario FILE through GAME's engine and print the result as JSON.

    With --seed instead of FILE, print the transcript of the simulated game of that seed. With --svg, a scenario
    on the table is also drawn, where it ends and where its models stood before; with --seed, where the battle ended.
    """
    from pnpforge.engine.playout import Run
    from pnpforge.engine.replay import replay as replay_file
    from pnpforge.engine.transcript import seed_figure, seed_transcript
    from pnpforge.games import load_package

    checked = check_pack(game)
    if checked.pack is None:
        click.echo(format_findings(checked.findings))
        sys.exit(2)
    package = load_package(checked.pack.game.engine)
    if seed is not None:
        if package is None or not package.has_engine:
            click.echo(f"{checked.pack.game_doc.path}: error: pack '{checked.pack.id}' has no simulated games")
            sys.exit(2)
        names = tuple(b.strip() for b in bots.split(","))
        mode = mode or package.modes[0]
        unknown = [b for b in names if b not in package.bots]
        if unknown or mode not in package.modes:
            what = f"bot {unknown[0]!r}; bots: {', '.join(package.bots)}" if unknown else \
                f"mode {mode!r}; modes: {', '.join(package.modes)}"
            click.echo(f"error: unknown {what}")
            sys.exit(2)
        run = Run(players=players, mode=mode, bots=names)
        try:
            click.echo(seed_transcript(package, checked.pack, run, seed))
            figure = seed_figure(package, checked.pack, run, seed) if svg is not None else None
        except ValueError as exc:  # a player count or mode this game cannot be played with
            click.echo(f"error: {exc}")
            sys.exit(2)
        if svg is not None:
            if figure is None:
                click.echo(f"error: the game of seed {seed} is not played on a table, so there is nothing to draw",
                           err=True)
                sys.exit(2)
            svg.write_text(figure.svg(), encoding="utf-8")
        sys.exit(0)
    if file is None:
        click.echo("error: give a scenario FILE or --seed N")
        sys.exit(2)
    if package is None or package.replay is None:
        click.echo(f"{checked.pack.game_doc.path}: error: pack '{checked.pack.id}' has no rules engine, "
                   "so there is nothing to replay")
        sys.exit(2)
    if not file.is_file():
        click.echo(f"{file}: error: no such file")
        sys.exit(2)
    outcome = replay_file(package, checked.pack, file)
    click.echo(outcome.to_json() if outcome.ok else format_findings(outcome.findings))
    if outcome.ok and svg is not None:
        if package.example_plane is None:
            click.echo(f"{file}: error: pack '{checked.pack.id}' draws no position on a table", err=True)
            sys.exit(2)
        try:
            svg.write_text(package.example_plane(checked.pack, file).svg(), encoding="utf-8")
        except (ValueError, OSError) as exc:
            click.echo(f"{file}: error: no drawing: {exc}", err=True)
            sys.exit(2)
    sys.exit(0 if outcome.ok else 2)
