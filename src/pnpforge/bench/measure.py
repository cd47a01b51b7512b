"""How the bench measures a command: in a fresh process, its wall and CPU seconds and its memory.

CPU seconds are user plus system time of the process and of the workers it waited for, from ``os.wait4``. Memory is
measured twice: ``ru_maxrss`` of ``wait4`` is the largest resident set of any single process, and a sampler reads
the resident set of every process of the command's tree (the command and all its descendants) from ``/proc`` every
0.1 s and keeps the largest sum, which is what the machine needed at once. A sum of resident sets counts pages that
processes share once per process, so it is the cautious figure; the sum of proportional sets (``Pss``, shared pages
split between the processes sharing them) is kept beside it. Away from Linux the sampled figures are ``None``.

CPU seconds depend on the machine: every CPU figure is also written normalised to a reference of 1.0 s
(``normalise``, with the machine's reference figure from ``reference.py``), and CPU goals are judged on that.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import threading
import time
from pathlib import Path

PROC = Path("/proc")
SAMPLE_EVERY_S = 0.1


def timed(command: list[str], cwd: Path | None = None) -> dict:
    """Run a command in a fresh process: wall and CPU seconds (with its workers), peak memory, exit code, output.

    The command may keep compiled Python modules, as it does on a user's machine, even where the bench's own
    environment says not to.
    """
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd,
                               env=env)
    sampler = TreeMemory(process.pid)
    sampler.start()
    assert process.stdout is not None  # a pipe, asked for above
    output = process.stdout.read()
    sampler.stop()  # before wait4 reaps the process, so its pid cannot be another's yet
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.stdout.close()
    return {"wall_s": round(wall, 2), "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
            "peak_memory_mb": round(usage.ru_maxrss / 1024, 1),
            "peak_tree_memory_mb": sampler.peak_rss_mb, "peak_tree_pss_mb": sampler.peak_pss_mb,
            "exit_code": os.waitstatus_to_exitcode(status), "output": output}


class TreeMemory:
    """Samples the summed memory of a process and all its descendants in a thread until stopped."""

    def __init__(self, root: int, every: float = SAMPLE_EVERY_S) -> None:
        self.root, self.every = root, every
        self.available = (PROC / str(root) / "status").exists()
        self.rss_kb = self.pss_kb = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        if self.available:
            self._thread.start()

    def stop(self) -> None:
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()

    @property
    def peak_rss_mb(self) -> float | None:
        return round(self.rss_kb / 1024, 1) if self.available else None

    @property
    def peak_pss_mb(self) -> float | None:
        return round(self.pss_kb / 1024, 1) if self.available and self.pss_kb else None

    def _run(self) -> None:
        while True:
            rss = pss = 0
            for pid in tree_pids(self.root):
                rss += _kb(PROC / str(pid) / "status", "VmRSS:")
                pss += _kb(PROC / str(pid) / "smaps_rollup", "Pss:")
            self.rss_kb, self.pss_kb = max(self.rss_kb, rss), max(self.pss_kb, pss)
            if self._done.wait(self.every):
                return


def tree_pids(root: int) -> list[int]:
    """``root`` and every process descended from it, from the parent ids in ``/proc/<pid>/stat``."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # the process ended while the folder was read
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])  # the name in parentheses may hold spaces
        children.setdefault(parent, []).append(int(entry.name))
    found, queue = [], [root]
    while queue:
        pid = queue.pop()
        found.append(pid)
        queue.extend(children.get(pid, []))
    return found


def _kb(path: Path, key: str) -> int:
    """The ``key: N kB`` line of a ``/proc`` file, or 0 when the process has gone (or the kernel has no such file)."""
    try:
        for line in path.read_text().splitlines():
            if line.startswith(key):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def median_runs(runs: list[dict]) -> dict:
    """The median of each figure over several runs of the same command, with every run beside it."""
    summary: dict = {"runs": len(runs), "statistic": f"median of {len(runs)} cold runs"}
    for key in ("wall_s", "cpu_s", "peak_memory_mb", "peak_tree_memory_mb", "peak_tree_pss_mb"):
        values = [run[key] for run in runs if run.get(key) is not None]
        summary[key] = round(statistics.median(values), 2) if values else None
    summary["exit_codes"] = sorted({run["exit_code"] for run in runs})
    summary["each"] = [{k: v for k, v in run.items() if k != "output"} for run in runs]
    return summary


def goal(target: float, measured: float | None, at_least: bool = False, unit: str = "",
         reference: float | None = None, per_cpu_second: bool = False) -> dict:
    """A goal as the JSON records it: the target (at most, or at least), its unit, the figure measured, and whether
    it was met.

    A CPU goal is given the machine's ``reference`` (``reference.py``): it is then judged on the figure normalised
    to a reference of 1.0 s (CPU seconds divided by the reference; a rate ``per_cpu_second`` multiplied by it),
    and the raw figure is kept beside it (``measured_raw``).
    """
    entry: dict = {"goal": target, "bound": "at least" if at_least else "at most", "unit": unit}
    if reference is not None:
        entry.update(measured_raw=measured, reference_cpu_s=reference, normalised=True)
        if measured is not None:
            measured = round(measured * reference if per_cpu_second else measured / reference, 2)
        entry["unit"] = f"{unit} (normalised to a reference of 1.0 s)"
    entry["measured"] = measured
    entry["met"] = measured is not None and (measured >= target if at_least else measured <= target)
    return entry


NORM = "_norm"


def normalise(figures, reference: float):
    """``figures`` with every CPU figure also given normalised to a reference of 1.0 s, as a sibling key named
    ``<key>_norm``: CPU seconds (``cpu_s`` and keys ending in ``_cpu_s``) divided by the reference, rates per CPU
    second (keys ending in ``per_cpu_second``) multiplied by it. Goals (which carry their own) are left alone."""
    if isinstance(figures, list):
        return [normalise(value, reference) for value in figures]
    if not isinstance(figures, dict) or "bound" in figures:
        return figures
    out = {}
    for key, value in figures.items():
        out[key] = normalise(value, reference)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or key.endswith(NORM) \
                or key.startswith("reference"):
            continue
        if key == "cpu_s" or key.endswith("_cpu_s"):
            out[key + NORM] = round(value / reference, 3)
        elif key.endswith("per_cpu_second"):
            out[key + NORM] = round(value * reference, 1)
    return out
