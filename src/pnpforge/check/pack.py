"""Open a pack for a command: resolve the argument, load it, run the static checks."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnpforge.check.registry import run_static_checks
from pnpforge.content.pack import CONTENT_DIR, Pack, load_pack, resolve_pack
from pnpforge.content.parsed import ParsedFiles
from pnpforge.content.source import LoadError
from pnpforge.findings import Finding


@dataclass
class CheckedPack:
    """A pack with its findings; ``pack`` is None when the input could not be used."""

    argument: str
    root: Path | None
    pack: Pack | None
    findings: list[Finding]

    @property
    def files_checked(self) -> int | None:
        return self.pack.file_count() if self.pack else None


def check_pack(argument: str, content_dir: Path = CONTENT_DIR, parsed: ParsedFiles | None = None) -> CheckedPack:
    """Load and statically check the pack named by ``argument`` (a pack id under content/ or a folder); a build
    passes the parsed files it keeps."""
    try:
        root = resolve_pack(argument, content_dir)
    except LoadError as exc:
        return CheckedPack(argument, None, None, exc.findings)
    pack, findings = load_pack(root, parsed)
    if pack is not None:
        findings = findings + run_static_checks(pack)
    return CheckedPack(argument, root, pack, findings)


def all_pack_ids(content_dir: Path = CONTENT_DIR) -> list[str]:
    """Every pack folder under content/ (a folder with a game.yaml)."""
    if not content_dir.is_dir():
        return []
    return sorted(p.name for p in content_dir.iterdir() if (p / "game.yaml").is_file())
