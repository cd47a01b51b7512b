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
