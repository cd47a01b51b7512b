"""Check one player file against its pack, and print its document: the shared half of ``--list FILE``.

The pack declares the kinds of files its players write (``game.yaml``'s ``player_files:``); the file is read with
every value located (``content/player_files.py``); the pack's game package brings the kind's checks, the summary
lines under them and the document (``GamePackage.player_files``). Findings are located in the player's file and give
the exit codes of pack findings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.content.player_files import PlayerFile, load_player_file
from pnpforge.engine.contract import PlayerFileRules
from pnpforge.findings import Finding, Mark
from pnpforge.games import load_package


@dataclass
class ListReport:
    """What checking one player file found: the file (None when unusable), the findings and the summary lines."""

    file: PlayerFile | None
    findings: list[Finding] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def rules_for(pack: Pack, kind: str) -> PlayerFileRules | None:
    """The game package's rules for a kind of player file, when it has any."""
    package = load_package(pack.game.engine)
    return package.player_files.get(kind) if package is not None else None


def check_list(pack: Pack, path: Path) -> ListReport:
    """Read a player file and run its kind's checks; the summary lines come only for a file that could be read."""
    player_file, found = load_player_file(pack, path)
    if player_file is None:
        return ListReport(None, found)
    rules = rules_for(pack, player_file.kind)
    if rules is None:
        whose = (
            f"game package '{pack.game.engine}'" if pack.game.engine else f"pack '{pack.id}' (it has no game package)"
        )
        found.append(
            Finding(
                "warning",
                f"{whose} has no checks of a {player_file.label}: its fields alone were checked",
                mark=Mark(player_file.path),
                rule="player-files",
            )
        )
        return ListReport(player_file, found)
    if any(f.severity == "error" for f in found):  # an id the pack lacks: the rules would only repeat it
        return ListReport(player_file, found)
    found += list(rules.check(pack, player_file))
    lines = rules.summary(pack, player_file) if rules.summary is not None else []
    return ListReport(player_file, found, lines)
