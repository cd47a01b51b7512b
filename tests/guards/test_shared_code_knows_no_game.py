"""Shared code (src/pnpforge/ outside games/) names no game: no pack id, faction, component type or game term."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.guards.vocabulary import pack_roots, pack_vocabulary, package_vocabulary

SHARED = REPO / "src" / "pnpforge"


def _normalise(text: str) -> str:
    """Identifiers become words: ``plot_type`` and ``plot-type`` read as ``plot type``."""
    return re.sub(r"[_\-]+", " ", text).lower()


def _pattern(term: str) -> re.Pattern:
    return re.compile(r"\b" + re.escape(_normalise(term)).replace(r"\ ", r"\s+") + r"(s|es)?\b")


def shared_files() -> list[Path]:
    return sorted(p for p in SHARED.rglob("*") if p.is_file() and p.suffix in (".py", ".html", ".css", ".js", ".yaml")
                  and "games" not in p.relative_to(SHARED).parts)


def offending(terms: set[str], files: list[Path], root: Path = REPO) -> list[str]:
    hits = []
    for path in files:
        text = _normalise(path.read_text(encoding="utf-8"))
        for term in sorted(terms):
            match = _pattern(term).search(text)
            if match:
                line = text.count("\n", 0, match.start()) + 1
                hits.append(f"{path.relative_to(root)}:{line}: '{term}'")
    return hits


@pytest.mark.parametrize("root", pack_roots(), ids=lambda p: p.name)
def test_pack_vocabulary_is_absent_from_shared_code(root: Path) -> None:
    terms = pack_vocabulary(root)
    assert terms, "a pack declares at least its id"
    assert offending(terms, shared_files()) == []


def test_game_package_vocabulary_is_absent_from_shared_code() -> None:
    assert offending(package_vocabulary(), shared_files()) == []


def test_the_guard_finds_a_planted_term(tmp_path: Path) -> None:
    planted = tmp_path / "render.py"
    planted.write_text("def draw(card):\n    return card.stall_rent  # knows a game\n")
    hits = offending({"stall"}, [planted], root=tmp_path)
    assert hits == ["render.py:2: 'stall'"]
