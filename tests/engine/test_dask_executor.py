"""The Dask executor: the statistics of local processes byte for byte, every round of ``--games auto`` on one cluster,
no chunk lost with a worker, and one-line errors for a scheduler out of reach or a worker without the pack."""

from __future__ import annotations

import importlib
import json
import os
import pickle
import re
import signal
import socket
import sys
from dataclasses import replace
from pathlib import Path

import cloudpickle
import pytest

from pnpforge.content.pack import load_pack
from pnpforge.engine import executors
from pnpforge.engine.executors import DaskExecutor, ExecutorError, LocalExecutor, open_executor, summary_line
from pnpforge.engine.playout import Run
from pnpforge.engine.simulate import chunks, run
from pnpforge.engine.validate import Settings, simulate_until_decided
from pnpforge.games import load_package
from pnpforge.report.validation import report_data, write_json

from tests.conftest import DATA, REPO
from tests.engine import dice_race
from tests.engine.registered import engine_packs
from tests.helpers import run_cli

LEGIE = REPO / "content" / "legie"


@pytest.fixture(scope="module")
def client():
    """One local cluster for the module, as ``--executor dask`` starts it: 2 worker processes of 1 thread, no
    dashboard, on 127.0.0.1."""
    with open_executor("dask", 2) as executor:
        yield executor.client


def race_work(games: int = 400, size: int = 50) -> list:
    return chunks(DATA / "dice-race", dice_race.PACKAGE, Run(players=2, bots=("greedy",), analyse=True), 1, games,
                  size)


def tally_bytes(tally) -> bytes:
    return json.dumps(tally.to_json()).encode()


@pytest.mark.parametrize("package,root", engine_packs(), ids=lambda p: getattr(p, "name", None))
def test_a_chunk_travels_to_a_worker_by_reference(package, root) -> None:
    """A chunk is the pack's path and the package's functions by name: what a remote worker imports and loads."""
    chunk = chunks(root.relative_to(REPO), package, Run(), 1, 1)[0]  # as a user names it, from the working folder
    assert cloudpickle.loads(cloudpickle.dumps(chunk)) == chunk == pickle.loads(pickle.dumps(chunk))
    assert Path(chunk.root).is_absolute()


def test_every_round_of_auto_on_dask_gives_the_report_of_local_processes(client, tmp_path: Path) -> None:
    pack, _ = load_pack(LEGIE)
    package = load_package("legie")
    settings = Settings(10, (2,), "column", 40, 2)
    seen = []
    dask = DaskExecutor(client)
    step, analysis, _ = simulate_until_decided(pack, package, settings, 200,
                                            lambda n, target: seen.append((n, target)), first=10, executor=dask)
    local_step, local_analysis, _ = simulate_until_decided(pack, package, settings, 200, first=10,
                                                        executor=LocalExecutor(2))
    # looks at 10 games (5 in a chunk per worker), 20 and 40 (the next counts of the schedule, each in a chunk per
    # worker), where no undecided finding is left that the limit could decide
    assert step.games == local_step.games == 40 and dask.submitted == 2 + 2 + 2
    assert sum(n for n, _ in seen) == 40 and seen[-1][1] == 40  # progress as each chunk came back
    write_json(tmp_path / "dask.json", report_data("legie", step, [], analysis))
    write_json(tmp_path / "local.json", report_data("legie", local_step, [], local_analysis))
    assert (tmp_path / "dask.json").read_bytes() == (tmp_path / "local.json").read_bytes()
    assert dask.summary() == {"name": "dask", "chunks_rerun": 0, "workers_lost": 0}


def test_validate_on_a_dask_scheduler_writes_the_report_of_local_processes(client, tmp_path: Path) -> None:
    args = ("validate", "legie", "--mode", "column", "--games", "40", "--seed", "5")
    local = run_cli(*args, "--jobs", "2", "--out", str(tmp_path / "local"))
    dask = run_cli(*args, "--executor", "dask", "--scheduler", client.scheduler.address,
                   "--out", str(tmp_path / "dask"))
    assert local.code == dask.code == 0, dask.output
    assert "info: dask: no worker was lost" in dask.lines and "info: dask" not in local.output
    here, there = (tmp_path / side / "legie" / "validation" / "column" for side in ("local", "dask"))
    for name in ("report.json", "report.html"):
        assert (here / name).read_bytes() == (there / name).read_bytes(), name
    record = json.loads((there / "executor.json").read_text(encoding="utf-8"))
    assert record == {"name": "dask", "chunks_rerun": 0, "workers_lost": 0}
    assert not (here / "executor.json").exists()
    local = run_cli(*args, "--jobs", "2", "--out", str(tmp_path / "dask"))  # the same folder, now played locally
    assert local.code == 0 and not (there / "executor.json").exists()  # no record of a cluster it did not use


def test_a_worker_without_the_pack_or_the_game_is_a_one_line_error(client, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = replace(race_work(1, 1)[0], root=str(tmp_path / "elsewhere"))
    with pytest.raises(ExecutorError, match=r"^Dask worker tcp://127.0.0.1:\d+ cannot play the games: pack at "
                                            r".*/elsewhere does not load: .* \(every worker needs the same pnpforge "
                                            r"and the pack at the same path\)$"):
        DaskExecutor(client).run([elsewhere])
    (tmp_path / "game_only_here.py").write_text("def new_game(pack, config):\n    return None\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))  # here, not on the workers started before
    monkeypatch.setitem(sys.modules, "game_only_here", importlib.import_module("game_only_here"))
    unknown = replace(race_work(1, 1)[0], package=replace(dice_race.PACKAGE,
                                                          new_game=sys.modules["game_only_here"].new_game))
    with pytest.raises(ExecutorError, match=r"cannot play the games: .*No module named 'game_only_here'"):
        DaskExecutor(client).run([unknown])


def test_a_worker_killed_mid_run_loses_no_chunk_and_is_reported(client) -> None:
    work = race_work()
    local = run(work, 2)
    processes = client.run(os.getpid)
    killed = []

    def kill_a_busy_worker(games: int) -> None:
        if not killed:  # after the first chunk is back: the other worker is playing one
            busy = sorted(worker for worker, keys in client.processing().items() if keys)
            os.kill(processes[busy[0]], signal.SIGKILL)
            killed.append(busy[0])

    dask = DaskExecutor(client)
    merged = dask.run(work, kill_a_busy_worker)
    assert killed and tally_bytes(merged) == tally_bytes(local)
    summary = dask.summary()
    # its running chunk, and any it had queued or finished but not yet handed back
    assert summary["workers_lost"] == 1 and summary["chunks_rerun"] >= 1
    assert summary_line(summary).startswith("info: dask: 1 worker lost; ")
    assert dask.run(race_work(100), None).get("games") == 100  # the cluster plays on


def test_a_scheduler_needs_the_dask_executor() -> None:
    result = run_cli("validate", "legie", "--scheduler", "tcp://127.0.0.1:8786")
    assert result.code == 2
    assert "Invalid value for --scheduler: a scheduler is where Dask plays the games: add --executor dask" \
        in result.output


def test_a_scheduler_out_of_reach_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 0.5)
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{probe.getsockname()[1]}"
    result = run_cli("validate", "legie", "--mode", "column", "--games", "2", "--executor", "dask",
                     "--scheduler", address, "--out", str(tmp_path))
    assert result.code == 2 and "Traceback" not in result.output
    assert result.lines[-1] == (f"error: cannot reach the Dask scheduler at {address}: Timed out trying to connect "
                                f"to {address} after 0.5 s")
    assert not (tmp_path / "legie").exists()
    with pytest.raises(ExecutorError, match="^cannot reach the Dask scheduler at 127.0.0.1: missing port number"):
        with open_executor("dask", 1, "127.0.0.1"):
            pass


def _peer(reply: bytes | None) -> tuple[socket.socket, str]:
    """A TCP server that accepts and then stays silent (``reply`` None) or answers anything with ``reply``."""
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            if reply is not None:
                try:
                    conn.recv(65536)
                    conn.sendall(reply)
                except OSError:
                    pass

    threading.Thread(target=serve, daemon=True).start()
    return server, f"tcp://127.0.0.1:{server.getsockname()[1]}"


@pytest.mark.parametrize("reply, reason", [
    (None, "it accepted the connection but did not answer within 1 s"),
    (b"HTTP/1.0 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "it answered, but not as a Dask scheduler does"),
])
def test_a_peer_that_is_no_scheduler_is_one_line_within_the_deadline(monkeypatch: pytest.MonkeyPatch,
                                                                     reply: bytes | None, reason: str) -> None:
    monkeypatch.setattr(executors, "HANDSHAKE_DEADLINE", 1.0)
    server, address = _peer(reply)
    try:
        with pytest.raises(ExecutorError) as refused:
            with open_executor("dask", 1, address):
                pass
    finally:
        server.close()
    assert str(refused.value).startswith(f"cannot reach the Dask scheduler at {address}: {reason}")


def test_an_address_of_another_transport_is_refused() -> None:
    with pytest.raises(ExecutorError, match="^cannot reach the Dask scheduler at inproc://x: only tcp:// and tls://"):
        with open_executor("dask", 1, "inproc://x"):
            pass


FROZEN_RUN = """
import os, signal, sys
from distributed import Client
from pnpforge.engine import executors
from tests.engine.test_dask_executor import race_work

executors.PROBE_EVERY, executors.SCHEDULER_DEADLINE, executors.CLOSE_DEADLINE = 0.5, 5.0, 1.0
file, scheduler = sys.argv[1], int(sys.argv[2])
client = Client(scheduler_file=file, timeout=30, set_as_default=False)
client.wait_for_workers(1, timeout=30)
frozen = []

def freeze(games):
    if not frozen:
        os.kill(scheduler, signal.SIGSTOP)
        frozen.append(games)

try:
    executors.DaskExecutor(client).run(race_work(2000), freeze)
    print("the run ended without an error")
except executors.ExecutorError as exc:
    print(f"frozen after {frozen}: {exc}")
executors._within(client.close, 1.0)
"""


def test_a_scheduler_that_stops_answering_mid_run_ends_it_with_one_line(tmp_path: Path) -> None:
    """A scheduler of its own process, frozen (SIGSTOP) once the first chunk is back: its connections stay open and
    silent. The run ends within the deadline with one line, and closing the client does not wait for it. (The
    client runs in a process of its own too: Dask's clients in one process share an event loop.)"""
    import subprocess

    file = tmp_path / "scheduler.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), str(REPO)])}
    quiet = {"env": env, "cwd": REPO, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", "0", "--no-dashboard", "--scheduler-file", str(file)], **quiet)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", "--scheduler-file", str(file),
                               "--nthreads", "1", "--no-dashboard"], **quiet)
    try:
        run = subprocess.run([sys.executable, "-c", FROZEN_RUN, str(file), str(scheduler.pid)], env=env, cwd=REPO,
                             capture_output=True, text=True, timeout=120)
    finally:
        os.kill(scheduler.pid, signal.SIGCONT)
        for process in (worker, scheduler):
            process.kill()
            process.wait()
    message = re.fullmatch(r"frozen after \[50\]: the Dask scheduler stopped answering during the run \(no answer "
                           r"within 5 s\); (\d+) games were not played\n", run.stdout)
    assert message and 0 < int(message[1]) < 2000, run.stdout + run.stderr[-2000:]
