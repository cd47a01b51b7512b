"""Shared set-up for the rulebook tests: the pack, its rulebook prepared (no PDF), and one PDF build per session.

The PDF build uses the same layout cache as ``pnpforge build`` (``build/<pack>/cache/rulebook/``, keyed by the hash
of each layout's HTML, so it is never stale): after ``make`` the session's build takes a few seconds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.publish.rulebook import build_rulebook, prepare, rulebook_targets
from pnpforge.publish.rulebook.document import Rulebook

from tests.conftest import REPO

LEGION = REPO / "content" / "legion-siberian-story"
CACHE = REPO / "build" / "legion-siberian-story" / "cache" / "rulebook"


def load(root: Path) -> Pack:
    pack, problems = load_pack(root)
    assert pack is not None, [str(p) for p in problems]
    return pack


@pytest.fixture(scope="session")
def legion() -> Pack:
    return load(LEGION)


@pytest.fixture(scope="session")
def prepared(legion, tmp_path_factory) -> Rulebook:
    """The rulebook's chapters, glossary and examples rendered to HTML parts, without any PDF."""
    return prepare(legion, tmp_path_factory.mktemp("rulebook"), "en")


@pytest.fixture(scope="session")
def built(legion, tmp_path_factory) -> dict:
    """Both PDFs, built once per session: ``{"findings": [...], "a4": path, "letter": path}``."""
    out = tmp_path_factory.mktemp("rulebook-pdf")
    findings = build_rulebook(legion, out, "en", cache=CACHE)
    return {"findings": findings, **rulebook_targets(out)}
