"""Worker processes that end with the build: one pool factory for every stage that works in parallel.

A pool's workers are told by the kernel (Linux ``PR_SET_PDEATHSIG``) to stop when the process that started them
ends, however it ends, so killing a build never leaves workers rendering or writing behind it. Elsewhere the
workers end when they next find their queue closed.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections import deque
from typing import TYPE_CHECKING, Callable, TypeVar

if TYPE_CHECKING:  # a build of a few faces starts no worker: multiprocessing and ctypes load when one is
    from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1
T = TypeVar("T")
R = TypeVar("R")
_LIBC: list = []  # process cache: the C library, once looked up ([None]: none to use)


def end_with_parent(parent: int) -> None:
    """Worker initializer: ask for SIGTERM when the parent ends, and stop now if it already has."""
    if sys.platform.startswith("linux"):
        import ctypes.util  # noqa: PLC0415

        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os._exit(1)


def pool(workers: int, start: str | None = "spawn") -> ProcessPoolExecutor:
    """A process pool whose workers end with this process (``start``: the multiprocessing start method)."""
    import multiprocessing  # noqa: PLC0415
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    context = multiprocessing.get_context(start) if start else None
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=end_with_parent,
                               initargs=(os.getpid(),))


def spread(function: Callable[[T], R], tasks: list[T], workers: int) -> list[R]:
    """``[function(task) for task in tasks]`` with ``workers`` processes at work: this one and ``workers - 1``
    started for the call (it would otherwise wait for them, and each costs its start-up and imports).

    The started workers take tasks from the front and this process from the back, each the next one no one has
    begun, so put the tasks this process should rather not run (say, ones that load a large library) first. Each
    worker is handed one task at a time by a thread of this process that waits for it.
    """
    workers = min(workers, len(tasks))
    if workers <= 1:
        return [function(task) for task in tasks]
    results: list = [None] * len(tasks)
    remaining = deque(enumerate(tasks))
    lock = threading.Lock()
    failures: list[BaseException] = []

    def take(front: bool):
        with lock:
            if failures or not remaining:
                return None
            return remaining.popleft() if front else remaining.pop()

    def feed(executor: ProcessPoolExecutor) -> None:
        while (item := take(front=True)) is not None:
            try:
                results[item[0]] = executor.submit(function, item[1]).result()
            except BaseException as exc:  # noqa: BLE001 - raised again in the calling thread
                with lock:
                    failures.append(exc)

    with pool(workers - 1) as executor:
        feeders = [threading.Thread(target=feed, args=(executor,), daemon=True) for _ in range(workers - 1)]
        for feeder in feeders:
            feeder.start()
        try:
            while (item := take(front=False)) is not None:
                results[item[0]] = function(item[1])
        finally:
            with lock:
                remaining.clear()
            for feeder in feeders:
                feeder.join()
    if failures:
        raise failures[0]
    return results


def give_back_memory() -> None:
    """Return the C heap's free memory to the system (glibc's ``malloc_trim``; nothing elsewhere).

    Rasterising a large page allocates and frees tens of megabytes at a time; glibc keeps much of it, so a
    worker that has drawn an A4 page at 300 dpi would otherwise hold 200 MB for the rest of the build.
    """
    if not _LIBC:
        import ctypes.util  # noqa: PLC0415

        name = ctypes.util.find_library("c") if sys.platform.startswith("linux") else None
        try:
            library = ctypes.CDLL(name) if name else None
            _LIBC.append(library if library is not None and hasattr(library, "malloc_trim") else None)
        except OSError:
            _LIBC.append(None)
    if _LIBC[0] is not None:
        _LIBC[0].malloc_trim(0)
