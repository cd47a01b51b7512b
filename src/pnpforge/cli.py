"""The ``pnpforge`` command: parse arguments, call a stage, print, exit with the spec's code.

Exit codes: 0 clean; 1 findings of error level (or warnings under --strict); 2 input that cannot be used;
3 an internal error (a bug: one line, and a request to report it).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnpforge import __version__
from pnpforge.check.pack import all_pack_ids, check_pack
from pnpforge.findings import Finding, Mark, exit_code
from pnpforge.report.jsonfile import write_findings
from pnpforge.report.terminal import format_findings

BUILD_DIR = Path("build")
INTERNAL_ERROR = 3


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnpforge")
def cli() -> None:
    """Turn a game's data into print files, rulebooks and a validation report.

    GAME is a pack id under ./content/ or the path of a pack folder.
    """


@cli.command()
@click.argument("games", nargs=-1, metavar="[GAME ...]")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=BUILD_DIR,
              show_default=True, help="Where build/<game>/ folders go.")
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
def build(games: tuple[str, ...], out_dir: Path, strict: bool) -> None:
    """Build every output of each GAME (default: every pack under content/) into build/<game>/."""
    names = list(games) or all_pack_ids()
    if not names:
        raise click.ClickException("no packs under content/ and no GAME given")
    codes = []
    for name in names:
        checked = check_pack(name)
        pack_id = checked.pack.id if checked.pack else Path(name).name
        click.echo(f"== {pack_id}")
        click.echo(format_findings(checked.findings, checked.files_checked, show_info=False))
        code = exit_code(checked.findings, strict)
        codes.append(code)
        if checked.pack is None:
            continue
        target = out_dir / pack_id / "check.json"
        write_findings(target, checked.findings, pack_id)
        click.echo(f"wrote {target}")
    sys.exit(max(codes))


@cli.command()
@click.argument("game")
@click.option("--static", "static_only", is_flag=True, help="Run the static checks only (no simulation).")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
def validate(game: str, static_only: bool, strict: bool) -> None:
    """Check GAME's data: static rules, then simulated games with bots when the game has an engine."""
    checked = check_pack(game)
    findings = list(checked.findings)
    if checked.pack is not None and not static_only:
        findings += _simulation_findings(checked.pack)
    click.echo(format_findings(findings, checked.files_checked))
    sys.exit(exit_code(findings, strict))


def _simulation_findings(pack) -> list[Finding]:
    from pnpforge.games import load_package

    package = load_package(pack.game.engine) if pack.game.engine else None
    if package is None or package.engine is None:
        return [Finding("info", f"pack '{pack.id}' has no rules engine: static checks only",
                        mark=Mark(str(pack.game_doc.path)), rule="simulation")]
    return []


@cli.command()
@click.argument("game")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def replay(game: str, file: Path) -> None:
    """Play a scripted game or scenario FILE through GAME's engine and print the result as JSON."""
    from pnpforge.games import load_package

    checked = check_pack(game)
    if checked.pack is None:
        click.echo(format_findings(checked.findings))
        sys.exit(2)
    package = load_package(checked.pack.game.engine) if checked.pack.game.engine else None
    if package is None or package.replay is None:
        click.echo(f"{checked.pack.game_doc.path}: error: pack '{checked.pack.id}' has no rules engine, "
                   "so there is nothing to replay")
        sys.exit(2)
    if not file.is_file():
        click.echo(f"{file}: error: no such file")
        sys.exit(2)
    code, output = package.replay(checked.pack, file)
    click.echo(output)
    sys.exit(code)


def main() -> None:
    """Entry point: run the CLI; an unexpected exception becomes one line asking for a bug report."""
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except click.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as exc:  # noqa: BLE001 - the one place that turns a bug into a report request
        click.echo(f"pnpforge: internal error ({type(exc).__name__}: {exc}); this is a bug in pnpforge, "
                   "please report it with the command you ran", err=True)
        sys.exit(INTERNAL_ERROR)
