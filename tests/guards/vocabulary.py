"""Collect every pack's and game package's vocabulary: the words shared code must never contain."""

from __future__ import annotations

from pathlib import Path

from pnpforge.content.pack import load_pack
from pnpforge.games import available_packages, load_package

from tests.conftest import DATA, REPO


def pack_roots() -> list[Path]:
    """Every pack of the repository: the game packs and the data-only fixture game."""
    roots = sorted(p for p in (REPO / "content").glob("*") if (p / "game.yaml").is_file())
    return roots + [DATA / "lantern-market"]


def pack_vocabulary(root: Path) -> set[str]:
    pack, problems = load_pack(root)
    assert pack is not None, [str(p) for p in problems]
    terms = {pack.id, *pack.game.vocabulary}  # declared terms; type names (card, token, ...) are generic words
    terms |= {faction.id for faction in pack.game.factions}
    return terms


def package_vocabulary() -> set[str]:
    terms: set[str] = set()
    for name in available_packages():
        package = load_package(name)
        terms |= {name, *(package.vocabulary if package else ())}
    return terms
