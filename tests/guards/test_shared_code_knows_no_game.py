"""Shared code and layouts (src/pnpforge/ outside games/, and the shared layouts/) name no game: no pack id,
faction id or declared game term (a pack's ``vocabulary:``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.guards.vocabulary import pack_roots, pack_vocabulary, package_vocabulary

SHARED = REPO / "src" / "pnpforge"
LAYOUTS = REPO / "layouts"
SUFFIXES = (".py", ".html", ".css", ".js", ".yaml")


def _normalise(text: str) -> str:
    """Identifiers become words: ``plot_type`` and ``plot-type`` read as ``plot type``."""
    return re.sub(r"[_\-]+", " ", text).lower()


def _pattern(term: str) -> re.Pattern:
    return re.compile(r"\b" + re.escape(_normalise(term)).replace(r"\ ", r"\s+") + r"(s|es)?\b")


def shared_files() -> list[Path]:
    """The shared code (without the game packages) and the shared layouts (without vendored libraries)."""
    code = [p for p in SHARED.rglob("*") if p.is_file() and p.suffix in SUFFIXES
            and not {"games", "layouts"} & set(p.relative_to(SHARED).parts)]
    layouts = [p for p in LAYOUTS.rglob("*") if p.is_file() and p.suffix in SUFFIXES
               and "vendor" not in p.relative_to(LAYOUTS).parts]
    return sorted(code + layouts)


def test_the_shared_layouts_are_searched() -> None:
    files = shared_files()
    assert LAYOUTS / "generic" / "card.html" in files and LAYOUTS / "web" / "site.yaml" in files


# A colour keyword or font weight in a stylesheet or font list is CSS's word, even when a game names a side so;
# so it is in the native renderer, which implements CSS and SVG (``white-space``, SVG's default ``black`` fill).
CSS_WORDS = {"black", "white", "red", "blue", "green", "yellow", "grey", "gray", "orange", "purple", "brown"}
STYLE_SUFFIXES = (".css", ".yaml")
CSS_CODE = SHARED / "render" / "native"


def offending(terms: set[str], files: list[Path], root: Path = REPO) -> list[str]:
    hits = []
    for path in files:
        text = _normalise(path.read_text(encoding="utf-8"))
        for term in sorted(terms):
            if term in CSS_WORDS and (path.suffix in STYLE_SUFFIXES and LAYOUTS in path.parents
                                      or CSS_CODE in path.parents):
                continue
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
