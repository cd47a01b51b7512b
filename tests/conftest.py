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


_CHECKED: dict = {}  # shipped pack id -> its static check, for the tests that ask for shipped_packs_checked_once


@pytest.fixture
def shipped_packs_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pnpforge validate`` checks a shipped pack (an id under content/, which no test edits) once per session:
    the tests that run ``validate PACK --list FILE`` many times check the player's file each time, not the pack
    again. A folder given by its path is checked afresh, as a copy a test edits must be."""
    from pnpforge.check.pack import check_pack
    from pnpforge.commands import validate

    def checked_once(argument: str, *args, **kwargs):
        if args or kwargs or "/" in argument or not (REPO / "content" / argument / "game.yaml").is_file():
            return check_pack(argument, *args, **kwargs)
        if argument not in _CHECKED:
            _CHECKED[argument] = check_pack(argument)
        return _CHECKED[argument]

    monkeypatch.setattr(validate, "check_pack", checked_once)


def need(condition: bool, why: str) -> None:
    """Skip when a tool or input is missing, but fail under CI=true, where everything must be present."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"{why} (required under CI=true)")
    pytest.skip(why)
