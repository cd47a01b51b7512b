"""Shared set-up for the Dystopian Legions tests: the pack's faces and home-print sheets, built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.helpers import run_cli

PACK = REPO / "content" / "dystopian-legions"


@pytest.fixture(scope="session")
def legions_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build folder holding the pack's faces (``faces/``) and sheets (``print/``) from one build of both: the
    faces are drawn once for the tests that read either."""
    out = tmp_path_factory.mktemp("dystopian-legions-build")
    result = run_cli("build", str(PACK), "--only", "faces,print", "--out", str(out), "--jobs", "2")
    assert result.code == 0, result.output
    return out
