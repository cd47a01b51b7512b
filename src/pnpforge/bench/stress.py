"""A build of many cards: ``tests/make_stress_pack.py`` writes a pack of N generated cards (10,000 by default) into a
temporary folder, and ``pnpforge build --only faces,print --paper a4`` prints it from nothing, with the memory of
all its processes together sampled as it runs. The goals are for 10,000 cards; a smaller run records its figures
and a linear projection of its CPU time, and leaves the goals undecided.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from pnpforge.bench.build import build_command, timed_build
from pnpforge.bench.measure import goal, timed

CHECKOUT = Path(__file__).resolve().parents[3]
MAKE_PACK = CHECKOUT / "tests" / "make_stress_pack.py"
GOAL_CARDS = 10_000
STRESS_GOALS = {"cpu_s": 200.0, "peak_tree_memory_mb": 1024.0}


def bench_stress(cards: int = GOAL_CARDS, reference: float | None = None) -> dict:
    """Write a pack of ``cards`` generated cards and time its faces and A4 sheets built from nothing (the CPU goal
    judged normalised by the machine's ``reference`` when given)."""
    if cards <= 0:
        return {"skipped": "no stress run asked for (--stress-cards 0)"}
    if not MAKE_PACK.is_file():
        return {"skipped": f"no {MAKE_PACK} (make bench runs from a checkout)"}
    with tempfile.TemporaryDirectory(prefix="pnpforge-bench-stress-") as tmp:
        pack = Path(tmp) / "stress-deck"
        written = timed([sys.executable, str(MAKE_PACK), str(pack), "--cards", str(cards)])
        if written["exit_code"] != 0:
            return {"cards": cards, "skipped": f"the pack could not be written: {written['output'].strip()}"}
        command = build_command(pack, Path(tmp) / "out", "--only", "faces,print", "--paper", "a4")
        result = timed_build(command)
    entry = {"cards": cards, "command": "pnpforge build <stress pack> --out <empty> --only faces,print --paper a4",
             "build": result, "write_pack_s": written["wall_s"],
             "load_average": [round(v, 2) for v in os.getloadavg()]}
    if cards == GOAL_CARDS:
        entry["goals"] = {
            "cpu_s": goal(STRESS_GOALS["cpu_s"], result["cpu_s"], unit=f"CPU s for {GOAL_CARDS} cards",
                          reference=reference),
            "peak_tree_memory_mb": goal(STRESS_GOALS["peak_tree_memory_mb"], result["peak_tree_memory_mb"],
                                        unit="MB, all processes together"),
        }
    else:
        projected = round(result["cpu_s"] * GOAL_CARDS / cards, 1)
        entry["projected_cpu_s_for_10000_cards"] = projected
        entry["goals"] = {name: {"goal": target, "met": None,
                                 "note": f"the goal is for {GOAL_CARDS} cards; this run had {cards}"}
                          for name, target in STRESS_GOALS.items()}
    return entry
