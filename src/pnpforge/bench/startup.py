"""What a build costs before its first face: imports, loading and checking the pack, the preflight, the native
renderer's check of the pack's own layouts. It is measured as the cold build of a pack of one card
(``tests/make_stress_pack.py --cards 1``, the bench deck's layouts, A4 sheets of nine): that build draws one face
and writes one sheet, a few hundredths of a second, so the figure is the start-up with those on top.

Each run is the real command in a fresh process writing into an empty folder; the median of a few runs is kept.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from pnpforge.bench.build import build_command
from pnpforge.bench.measure import goal, median_runs, timed

CHECKOUT = Path(__file__).resolve().parents[3]
MAKE_PACK = CHECKOUT / "tests" / "make_stress_pack.py"
STARTUP_GOAL_CPU_S = 0.4  # before the first face of a plain deck, at most (normalised)


def bench_startup(runs: int = 3, reference: float | None = None) -> dict:
    """The median CPU seconds of ``runs`` cold builds of a one-card pack, held to the start-up goal (normalised by
    the machine's ``reference`` when given)."""
    if not MAKE_PACK.is_file():
        return {"skipped": f"no {MAKE_PACK} (make bench runs from a checkout)"}
    with tempfile.TemporaryDirectory(prefix="pnpforge-bench-startup-") as tmp:
        pack = Path(tmp) / "startup-deck"
        written = timed([sys.executable, str(MAKE_PACK), str(pack), "--cards", "1"])
        if written["exit_code"] != 0:
            return {"skipped": f"the pack could not be written: {written['output'].strip()}"}
        results = []
        for run in range(runs):
            result = timed(build_command(pack, Path(tmp) / f"out-{run}", "--only", "print", "--paper", "a4"))
            result.pop("output")
            results.append(result)
    entry = median_runs(results)
    entry["command"] = "pnpforge build <one-card pack> --out <empty> --only print --paper a4"
    entry["goals"] = {"startup_cpu_s": goal(STARTUP_GOAL_CPU_S, entry["cpu_s"], reference=reference,
                                            unit="CPU s, a cold build of one card (start-up, one face, one sheet)")}
    return entry
