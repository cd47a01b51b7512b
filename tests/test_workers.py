"""Killing a build ends its workers too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from tests.conftest import REPO

SCRIPT = """
import os, sys
from pnpforge.workers import pool
with pool(1, start=None) as workers:
    print(workers.submit(os.getpid).result(), flush=True)
    sys.stdin.read()  # hold the pool open until killed
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_killed_main_process_takes_its_workers_with_it() -> None:
    main = subprocess.Popen([sys.executable, "-c", SCRIPT], cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    worker = int(main.stdout.readline())
    assert _alive(worker)
    main.send_signal(signal.SIGKILL)
    main.wait(timeout=10)
    deadline = time.monotonic() + 10
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)  # a bounded poll: the kernel's signal reaches the worker within milliseconds
    assert not _alive(worker), "the worker outlived the process that started it"


def _work(task: int) -> tuple[int, int]:
    """A task that takes a few milliseconds of CPU (so that no one process takes every task), with who ran it."""
    if task < 0:
        raise ValueError(f"task {task} failed")
    return sum(range(200_000)) * 0 + task * task, os.getpid()


def test_spread_runs_every_task_here_and_in_a_worker_and_keeps_their_order() -> None:
    from pnpforge.workers import spread

    results = spread(_work, list(range(12)), 2)
    assert [value for value, _ in results] == [n * n for n in range(12)]
    ran_here = {pid for _, pid in results} & {os.getpid()}
    assert ran_here and len({pid for _, pid in results}) == 2  # this process and one started for the call
    assert results[0][1] != os.getpid()  # the worker takes tasks from the front
    assert spread(_work, [3], 4) == [(9, os.getpid())]  # one task: no worker started
    assert [value for value, _ in spread(_work, [1, 2], 1)] == [1, 4]


def test_spread_raises_a_task_failure_from_either_side() -> None:
    import pytest

    from pnpforge.workers import spread

    with pytest.raises(ValueError, match="task -1 failed"):
        spread(_work, [-1] + list(range(8)), 2)  # the first task: a worker's
    with pytest.raises(ValueError, match="task -2 failed"):
        spread(_work, list(range(8)) + [-2], 2)  # the last task: this process's
