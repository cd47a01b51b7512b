"""Dask is an extra (``pnpforge[dask]``): without it, ``--executor dask`` is one line and exit 2, and local processes
play on. The missing module is simulated, so these tests run with or without Dask installed."""

from __future__ import annotations

import sys
from importlib.abc import MetaPathFinder
from pathlib import Path

import pytest

from pnpforge.engine.executors import ExecutorError, LocalExecutor, open_executor
from pnpforge.engine.playout import Run
from pnpforge.engine.simulate import chunks

from tests.conftest import DATA
from tests.engine import dice_race
from tests.helpers import run_cli

ARGS = ("validate", "legie", "--mode", "column", "--games", "2")


def without_dask(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if neither dask nor distributed were installed (None in sys.modules: an import of it fails)."""
    for name in [name for name in sys.modules if name.split(".")[0] in ("dask", "distributed")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "distributed", None)


def test_the_dask_executor_without_dask_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    without_dask(monkeypatch)
    result = run_cli(*ARGS, "--executor", "dask", "--out", str(tmp_path))
    assert result.code == 2 and "Traceback" not in result.output, result.output
    assert result.lines[-1] == ("error: --executor dask needs Dask, which is not installed: pip install "
                                "'pnpforge[dask]' (or play the games on local processes: --executor local)")
    assert not (tmp_path / "legie").exists()  # refused before any game was played or report written
    with pytest.raises(ExecutorError, match="^--executor dask needs Dask, which is not installed"):
        with open_executor("dask", 1):  # the same refusal for a caller of the engine
            pass


def test_local_processes_need_no_dask(monkeypatch: pytest.MonkeyPatch) -> None:
    without_dask(monkeypatch)
    with open_executor("local", 1) as executor:
        assert isinstance(executor, LocalExecutor)
        tally = executor.run(chunks(DATA / "dice-race", dice_race.PACKAGE, Run(players=2, bots=("greedy",)), 1, 20,
                                    10))
    assert tally.get("games") == 20


class _BrokenDask(MetaPathFinder):
    """distributed is there, but one of its own dependencies is not."""

    def find_spec(self, name, path=None, target=None):  # noqa: ANN001, ANN201 - importlib's signature
        if name == "distributed":
            raise ModuleNotFoundError("No module named 'tornado'", name="tornado")
        return None


def test_a_broken_dask_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    without_dask(monkeypatch)
    monkeypatch.delitem(sys.modules, "distributed")
    monkeypatch.setattr(sys, "meta_path", [_BrokenDask(), *sys.meta_path])
    with pytest.raises(ExecutorError) as refused:
        with open_executor("dask", 1):
            pass
    assert str(refused.value) == "--executor dask: Dask cannot be imported: No module named 'tornado'"
