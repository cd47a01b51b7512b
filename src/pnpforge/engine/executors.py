"""Where the simulation's chunks are played: local processes (``--jobs``) or a Dask cluster (``--executor dask``).

An executor plays a list of chunks and merges their tallies in chunk sequence, whatever order they finish in, so
the statistics are the same byte for byte wherever the games were played. ``validate`` opens one executor for its
whole run (every round of ``--games auto``, and ``--compare``) and closes it at the end, however the run ends.

On Dask each chunk is one task. A worker that dies takes its running and finished-but-unfetched chunks with it; the
scheduler gives them to other workers (a chunk is deterministic, so the result does not change), and the executor
counts them from the scheduler's ``remove-worker`` events for the report. A chunk whose workers keep dying (more than
``distributed.scheduler.allowed-failures``, 3 by default) fails the run. Workers load the pack themselves from its
folder (``cached_pack``), so on a remote cluster every worker needs the same pnpforge and the pack at the same path.
"""

from __future__ import annotations

import logging
import threading
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Protocol

from pnpforge.engine.packs import PackError, cached_pack
from pnpforge.engine.simulate import Chunk, run, run_chunk
from pnpforge.engine.tally import Tally

CONNECT_TIMEOUT = 5.0  # seconds to reach a scheduler before giving up
HANDSHAKE_DEADLINE = 15.0  # seconds until a reached scheduler has answered and the client is ready
WORKERS_DEADLINE = 120.0  # seconds for every worker to load the pack (a large pack on a slow disk takes a while)
PROBE_EVERY = 30.0  # seconds between two checks, during a run, that the scheduler still answers
SCHEDULER_DEADLINE = 60.0  # seconds the scheduler has to answer one of those checks before the run is given up
CLOSE_DEADLINE = 15.0  # seconds to close the client (a silent scheduler would hold it for good)


class ExecutorError(Exception):
    """The executor cannot play the chunks (a scheduler out of reach, workers that cannot play them): one line for
    the user, no traceback."""


class Executor(Protocol):
    """Plays chunks and merges their tallies in chunk sequence, calling ``progress(games)`` as each chunk is done."""

    def run(self, work: Iterable[Chunk], progress: Callable[[int], None] | None = None) -> Tally: ...

    def summary(self) -> dict[str, Any] | None:
        """What the report says about where the games were played (None: nothing, as for local processes)."""


@dataclass(frozen=True)
class LocalExecutor:
    """``jobs`` processes on this machine (1: this process)."""

    jobs: int = 1

    def run(self, work: Iterable[Chunk], progress: Callable[[int], None] | None = None) -> Tally:
        return run(work, self.jobs, progress)

    def summary(self) -> None:
        return None


class DaskExecutor:
    """The chunks as tasks on a ``dask.distributed`` cluster, through ``client``; counts what lost workers cost."""

    def __init__(self, client: Any):
        self.client = client
        self.token = uuid.uuid4().hex[:12]  # this run's task names, apart from other clients' on a shared scheduler
        self.submitted = 0
        self.rerun: set[str] = set()  # names of chunks a lost worker had been given
        self.lost: set[tuple[Any, str]] = set()  # (time, address) of each worker lost while it held chunks
        self.checked: set[tuple[str, str, str, str]] = set()  # (pack root, variant, vary, package) workers can play

    def run(self, work: Iterable[Chunk], progress: Callable[[int], None] | None = None) -> Tally:
        from distributed import as_completed

        work = list(work)
        for chunk in work:
            self._check_workers(chunk)
        keys = [f"pnpforge-chunk-{self.token}-{self.submitted + n}" for n in range(len(work))]
        self.submitted += len(work)
        place = {key: n for n, key in enumerate(keys)}
        waiting: dict[int, Tally] = {}  # tallies that came back before an earlier chunk's
        merged, next_chunk = Tally(), 0
        # only as_completed holds the futures: each is released once its tally is here, so a worker lost later
        # costs no chunk already fetched
        # no retries: a chunk that raises would raise again (it is deterministic); a lost worker's chunks are given
        # to other workers by the scheduler itself
        done = as_completed(self.client.map(run_chunk, work, key=keys, retries=0), with_results=True,
                            raise_errors=False, loop=self.client.loop)
        watch = _Watch(self.client, done)
        try:
            for future, result in done:
                n = place[future.key]
                if future.status != "finished":
                    raise _failure(result, work[n])
                waiting[n] = result
                while next_chunk in waiting:  # merged in chunk sequence as soon as it can be, then let go
                    merged.merge(waiting.pop(next_chunk))
                    next_chunk += 1
                if progress:
                    progress(work[n].count)
        finally:
            watch.stop()
            if done.futures and watch.silent is None:
                self.client.cancel(list(done.futures))
        if watch.silent is not None and next_chunk < len(work):
            left = sum(chunk.count for n, chunk in enumerate(work) if n >= next_chunk)
            raise ExecutorError(f"the Dask scheduler stopped answering during the run ({watch.silent}); "
                                f"{left} games were not played")
        self._count_losses(set(keys))
        return merged

    def _check_workers(self, chunk: Chunk) -> None:
        """Each worker takes a chunk of this kind and loads its pack before any is played: a worker that cannot is
        an error naming it (a task that a worker cannot even unpickle would never finish)."""
        kind = (chunk.root, chunk.variant, chunk.vary, chunk.package.name)
        if kind in self.checked:
            return
        try:
            answers = _within(lambda: self.client.run(load_for, chunk, on_error="return"), WORKERS_DEADLINE)
        except TimeoutError:
            raise ExecutorError(f"the Dask workers did not say within {WORKERS_DEADLINE:g} s whether they can load "
                                f"the pack at {chunk.root}") from None
        for worker, answer in sorted(answers.items()):
            if isinstance(answer, BaseException):
                raise ExecutorError(f"Dask worker {worker} cannot play the games: {answer} (every worker needs the "
                                    "same pnpforge and the pack at the same path)")
        self.checked.add(kind)

    def _count_losses(self, keys: set[str]) -> None:
        """Chunks of this run that a removed worker was playing or held unfetched: the scheduler plays them again."""
        for when, event in self.client.get_events("all"):
            if not isinstance(event, dict) or event.get("action") != "remove-worker":
                continue
            taken = (set(event.get("processing-tasks", ())) | set(event.get("lost-computed-tasks", ()))) & keys
            if taken:
                self.rerun |= taken
                self.lost.add((when, event.get("worker", "")))

    def summary(self) -> dict[str, Any]:
        return {"name": "dask", "chunks_rerun": len(self.rerun), "workers_lost": len(self.lost)}


class _Watch:
    """Asks the scheduler every ``PROBE_EVERY`` seconds, while chunks are played, whether it still answers (a chunk
    may take long; a scheduler that stopped answering would keep the run waiting for good). One that does not answer
    within ``SCHEDULER_DEADLINE`` ends the run: the chunks still awaited are dropped, which ends the iteration over
    ``done``, and ``silent`` says why."""

    def __init__(self, client: Any, done: Any):
        self.client, self.done = client, done
        self.silent: str | None = None
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pnpforge-dask-watch", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stopped.wait(PROBE_EVERY):
            try:
                _within(lambda: self.client.run_on_scheduler(_answer), SCHEDULER_DEADLINE)
            except Exception as exc:  # noqa: BLE001 - silent, gone or broken: the run cannot go on either way
                if self._stopped.is_set():
                    return
                self.silent = (f"no answer within {SCHEDULER_DEADLINE:g} s" if isinstance(exc, TimeoutError)
                               else str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
                self.done.clear()
                return

    def stop(self) -> None:
        self._stopped.set()


def _answer(dask_scheduler: Any = None) -> bool:
    """Run on the scheduler by ``_Watch``: that it answers is all that is asked."""
    return True


def load_for(chunk: Chunk) -> bool:
    """On a worker: load the pack ``chunk`` is played on (and kept for its chunks)."""
    cached_pack(chunk.root, chunk.variant, chunk.vary)
    return True


def _failure(result: Any, chunk: Chunk) -> BaseException:
    """A chunk that failed for a reason of the cluster as an ``ExecutorError``; any other (a bug in a game, which
    fails the same way locally) as it was raised. ``result``: what ``as_completed`` gave for the failed future."""
    from distributed import KilledWorker

    exc = result[1].with_traceback(result[2]) if isinstance(result, tuple) else result
    games = f"games {chunk.first}-{chunk.first + chunk.count - 1}"
    if isinstance(exc, KilledWorker):
        return ExecutorError(f"{games}: every Dask worker that played them died "
                             "(at most distributed.scheduler.allowed-failures may)")
    if isinstance(exc, (ImportError, PackError)):
        return ExecutorError(f"a Dask worker cannot play {games}: {exc} (every worker needs the same pnpforge and "
                             "the pack at the same path)")
    if not isinstance(exc, Exception):  # cancelled: the scheduler was lost or closed
        return ExecutorError(f"{games} were cancelled by the Dask cluster ({type(exc).__name__})")
    return exc


def summary_line(summary: dict[str, Any]) -> str:
    """The info line a Dask run prints: what lost workers cost, or that none was lost."""
    if not summary["workers_lost"]:
        return "info: dask: no worker was lost"
    workers, chunks = summary["workers_lost"], summary["chunks_rerun"]
    return (f"info: dask: {workers} worker{'' if workers == 1 else 's'} lost; {chunks} chunk"
            f"{' was' if chunks == 1 else 's were'} played again on other workers (same results)")


@contextmanager
def open_executor(name: str, jobs: int, scheduler: str | None = None) -> Iterator[Executor]:
    """The executor ``name`` for one validation run: ``jobs`` local processes, or a Dask client of the scheduler at
    ``scheduler`` (None: of a cluster of ``jobs`` worker processes started here), closed when the run ends."""
    if name == "local":
        yield LocalExecutor(jobs)
        return
    client, cluster = _connect(scheduler, jobs)
    try:
        yield DaskExecutor(client)
    finally:
        try:
            _within(client.close, CLOSE_DEADLINE)
        except TimeoutError:
            pass  # the scheduler no longer answers: the client's thread ends with the process
        if cluster is not None:
            cluster.close()


def _connect(scheduler: str | None, jobs: int) -> tuple[Any, Any]:
    """A client of ``scheduler``, or of a new local cluster (processes on this machine only, no dashboard)."""
    from distributed import Client, LocalCluster

    if scheduler is None:
        cluster = LocalCluster(n_workers=jobs, processes=True, threads_per_worker=1, dashboard_address=None,
                               host="127.0.0.1", silence_logs=logging.CRITICAL)  # its failures are reported here
        try:
            return Client(cluster, set_as_default=False), cluster
        except BaseException:
            cluster.close()
            raise
    from distributed.comm.addressing import resolve_address

    try:
        if not scheduler.startswith(("tcp://", "tls://")) and "://" in scheduler:
            raise ValueError(f"only tcp:// and tls:// schedulers can be reached from here, not {scheduler!r}")
        resolve_address(scheduler)  # a malformed address or unknown host fails here, before a client exists
        return _within(lambda: Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False),
                       HANDSHAKE_DEADLINE), None
    except Exception as exc:  # noqa: BLE001 - whatever the other end did, the user gets one line, exit 2
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if not isinstance(exc, (OSError, ValueError)):  # it answered, in another protocol or with garbage
            reason = f"it answered, but not as a Dask scheduler does ({reason[:80]})"
        raise ExecutorError(f"cannot reach the Dask scheduler at {scheduler}: {reason}") from None


def _within(make: Callable[[], Any], seconds: float) -> Any:
    """What ``make()`` returns, or ``TimeoutError`` when it has not returned within ``seconds`` (a peer that
    accepts a connection and never answers holds a Dask client's handshake for good; the thread is left behind,
    as a daemon, and ends with the process)."""
    done: dict[str, Any] = {}

    def run() -> None:
        try:
            done["value"] = make()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller below
            done["error"] = exc

    worker = threading.Thread(target=run, name="pnpforge-dask-connect", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise TimeoutError(f"it accepted the connection but did not answer within {seconds:g} s")
    if "error" in done:
        raise done["error"]
    return done["value"]
