"""``pnpforge new``: a new pack that builds at once, its cards typed in or taken from a spreadsheet."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnpforge.report.terminal import format_findings


@click.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--from", "sheet", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A spreadsheet (.csv or .xlsx, a header row) whose rows become the cards.")
def new(folder: Path, sheet: Path | None) -> None:
    """Make a new pack in FOLDER: one card type, a front layout, a rules page, a README; it builds at once."""
    from pnpforge.content.source import LoadError
    from pnpforge.scaffold import create

    if folder.exists():
        raise click.ClickException(f"{folder} already exists; give a new folder")
    try:
        done = create(folder, sheet)
    except LoadError as exc:
        click.echo(format_findings(exc.findings, 1, show_info=False))
        sys.exit(2)
    for note in done.notes:
        click.echo(f"{sheet}: warning: {note}")
    click.echo(f"created {folder}/ with {done.cards} card{'' if done.cards == 1 else 's'}: {', '.join(done.files)}")
    if done.problems:  # the workbook was copied as it is: what to change in it before the pack loads
        click.echo(format_findings(done.problems, 1, show_info=False))
        click.echo(f"next: fix the workbook in {folder}/ as above, then run: pnpforge validate {folder}")
        sys.exit(1)
    click.echo(f"next: edit {folder}/game.yaml and {folder}/layouts/front.html (see {folder}/README.md), then "
               f"run: pnpforge build {folder}")
