"""The pack a command works on when it is given no GAME: the current folder, when it holds a ``game.yaml``.

``validate`` and ``diff`` take GAME as optional and default to it, so a designer working inside the pack's folder
types ``pnpforge validate`` as they type ``git status``. (``build`` without GAME builds every pack under
``content/``.)
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnpforge.check.pack import all_pack_ids

PACK_FILE = "game.yaml"


def current_pack() -> str:
    """``.`` when the current folder is a pack; otherwise one error line naming the packs there are, and exit 2."""
    if Path(PACK_FILE).is_file():
        return "."
    packs = all_pack_ids()
    known = f"; packs under content/: {', '.join(packs)}" if packs else "; there is no pack under content/ here"
    click.echo(f"error: give GAME (a pack id or a pack folder): the current folder has no {PACK_FILE}{known}",
               err=True)
    sys.exit(2)
