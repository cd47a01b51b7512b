"""The ``pnpforge`` command: its verbs (one module each in ``commands/``), and the exit codes of the spec.

Exit codes: 0 clean; 1 findings of error level (or warnings under --strict); 2 input that cannot be used;
3 an internal error (a bug: one line, and a request to report it).
"""

from __future__ import annotations

import atexit
import gc
import importlib
import sys
from typing import NoReturn

import click

from pnpforge import __version__

INTERNAL_ERROR = 3
MISSING_LIBRARY = "cannot load library"  # how cffi says a shared library (Pango's, for WeasyPrint) is missing
VERBS = ("validate", "sweep", "diff", "build", "new", "replay", "serve")  # each in commands/<verb>.py


class Verbs(click.Group):
    """The verbs of ``commands/``, each imported when it is asked for: a build does not load the validator's
    engine, nor ``validate`` the stages of a build."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(VERBS) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in VERBS and cmd_name not in self.commands:
            self.add_command(getattr(importlib.import_module(f"pnpforge.commands.{cmd_name}"), cmd_name))
            gc.freeze()  # what the imports made lives as long as the process: later collections need not walk it
        return super().get_command(ctx, cmd_name)


@click.group(cls=Verbs, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnpforge")
def cli() -> None:
    """Turn a game's data into print files, rulebooks and a validation report.

    GAME is a pack id under ./content/ or the path of a pack folder.
    """



def main() -> None:
    """Entry point: run the CLI; an unexpected exception becomes one line asking for a bug report."""
    atexit.register(_leave)
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
    except OSError as exc:
        if MISSING_LIBRARY not in str(exc):
            _internal_error(exc)
        library = str(exc).split("\n")[0].split(":")[0]
        click.echo(f"error: a system library pnpforge draws with is missing ({library}): install Pango and its "
                   "dependencies (the README's 'Installing it beside other tools' lists the packages); `new` and "
                   "`replay` work without it", err=True)
        sys.exit(2)
    except Exception as exc:  # noqa: BLE001 - the one place that turns a bug into a report request
        _internal_error(exc)


def _leave() -> None:
    """At exit: one collection, so that WeasyPrint's font configurations remove their temporary folders while
    Python can, then every object left is frozen. The interpreter's shutdown would otherwise walk and free them
    all (a tenth of a CPU second after a small build); the operating system takes the memory back anyway, and
    every file is written and closed by then."""
    gc.collect()
    gc.freeze()


def _internal_error(exc: Exception) -> NoReturn:
    click.echo(f"pnpforge: internal error ({type(exc).__name__}: {exc}); this is a bug in pnpforge, "
               "please report it with the command you ran", err=True)
    sys.exit(INTERNAL_ERROR)
