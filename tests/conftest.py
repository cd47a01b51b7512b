"""Shared test set-up: the repository root as working directory, the golden-file option, the tool policy."""

from __future__ import annotations

import atexit
import gc
import os
from pathlib import Path

import pytest

atexit.register(gc.collect)  # WeasyPrint's font configurations remove their temporary folders while Python can

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"
SEEDS = REPO.parent / "shared" / "seeds"
IN_CI = os.environ.get("CI", "").lower() == "true"


def pytest_configure(config: pytest.Config) -> None:
    """The user's cache folder (the secret sealing cache entries, caches moved out of packs) is the session's own,
    for the tests and every command they run."""
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="pnpforge-test-cache-")
    os.environ["XDG_CACHE_HOME"] = folder
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files from current output")


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands run from the repository root, as a user runs them."""
    monkeypatch.chdir(REPO)


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def need(condition: bool, why: str) -> None:
    """Skip when a tool or input is missing, but fail under CI=true, where everything must be present."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"{why} (required under CI=true)")
    pytest.skip(why)
