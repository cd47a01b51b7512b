"""``make bench``: time the user-facing code paths and write ``build/bench.json``.

Figures are measured through the same functions the CLI calls; nothing here is asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import time
from pathlib import Path

from pnpforge.check.pack import all_pack_ids, check_pack


def bench_static_checks(repeat: int = 5) -> dict:
    """Load and statically check every pack; best of ``repeat`` runs, in milliseconds."""
    results = {}
    for pack_id in all_pack_ids():
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            checked = check_pack(pack_id)
            times.append(time.perf_counter() - start)
        items = sum(1 for _ in checked.pack.all_items()) if checked.pack else 0
        results[pack_id] = {"load_and_check_ms": round(min(times) * 1000, 1), "items": items}
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description="Measure pnpforge's code paths and write a JSON summary.")
    parser.add_argument("--out", type=Path, default=Path("build/bench.json"))
    args = parser.parse_args()
    report = {
        "machine": {"python": platform.python_version(), "processor": platform.machine()},
        "static_checks": bench_static_checks(),
    }
    report["peak_memory_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2, sort_keys=True))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
