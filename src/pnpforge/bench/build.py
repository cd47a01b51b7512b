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


def bench_simulation(games: dict[str, int] | None = None, jobs: int = 2) -> dict:
    """Full games per second through the simulation harness (the validator's path), at the most players."""
    import cProfile
    import io
    import pstats

    from pnpforge.engine.packs import cached_pack
    from pnpforge.engine.playout import Run
    from pnpforge.engine.simulate import chunks, run, run_chunk
    from pnpforge.games import load_package

    games = games or {"random": 400, "greedy": 100}
    results = {}
    for pack_id in all_pack_ids():
        checked = check_pack(pack_id)
        package = load_package(checked.pack.game.engine) if checked.pack else None
        if package is None or not package.has_engine:
            continue
        players = checked.pack.game.players.max if checked.pack.game.players else 2
        entry = {"players": players, "jobs": jobs}
        for bot, count in games.items():
            work = chunks(checked.pack.root, package, Run(players=players, bots=(bot,)), 0, count)
            start = time.perf_counter()
            run(work, jobs=jobs)
            elapsed = time.perf_counter() - start
            entry[f"{bot}_games_per_second"] = round(count / elapsed, 1)
        cached_pack(str(checked.pack.root.resolve()))  # loaded before profiling: the profile is of play only
        profiler = cProfile.Profile()
        sample = chunks(checked.pack.root, package, Run(players=players, bots=("random",)), 0, 60)
        profiler.enable()
        for chunk in sample:
            run_chunk(chunk)
        profiler.disable()
        stream = io.StringIO()
        stats = pstats.Stats(profiler, stream=stream).sort_stats("tottime")
        top = []
        for (filename, line, func), (_, calls, tottime, cumtime, _) in sorted(
                stats.stats.items(), key=lambda kv: -kv[1][2])[:8]:
            top.append({"function": f"{Path(filename).name}:{line}({func})", "calls": calls,
                        "tottime_s": round(tottime, 3), "cumtime_s": round(cumtime, 3)})
        entry["profile_random_60_games"] = top
        results[pack_id] = entry
    return results


BUILD_GOALS = {"cold_build_s": 15.0, "one_card_rebuild_s": 1.0, "faces_per_second": 100.0}
PUBLISH_GOALS = {"rulebook_warm_s": 5.0}  # "a few seconds" once its layouts are cached


def bench_build(pack_ids: list[str] | None = None) -> dict:
    """``pnpforge build`` from nothing, again with nothing changed, and after editing one card, per pack.

    Each build is the real command in a fresh process on a copy of the pack (so the edit never touches
    ``content/``); wall time, CPU time of the process and its workers, and the largest resident set come from
    ``wait4``. The edited card is the first item of the type with the most faces, one of its text fields
    extended by a few words.
    """
    import os
    import re
    import shutil
    import sys
    import tempfile

    results = {}
    for pack_id in pack_ids or all_pack_ids():
        checked = check_pack(pack_id)
        if checked.pack is None:
            continue
        with tempfile.TemporaryDirectory(prefix="pnpforge-bench-") as tmp:
            root = Path(tmp) / pack_id
            shutil.copytree(checked.pack.root, root)
            out = Path(tmp) / "out"
            command = [sys.executable, "-m", "pnpforge", "build", str(root), "--out", str(out)]

            def run() -> dict:
                result = _timed(command)
                found = re.search(r"^(\d+) faces? rendered, (\d+) unchanged", result.pop("output"), re.MULTILINE)
                result.update({"faces_rendered": int(found.group(1)) if found else None,
                               "faces": int(found.group(1)) + int(found.group(2)) if found else None})
                return result

            cold = run()
            unchanged = run()
            edited_item = _edit_one_card(checked.pack, root)
            one_card = run() if edited_item else None
        rendered = cold["faces_rendered"] or 0
        entry = {"cold": cold, "no_change": unchanged, "one_card": one_card, "edited": edited_item,
                 "faces_per_second": round(rendered / cold["wall_s"], 1) if cold["wall_s"] else None,
                 "load_average": [round(v, 2) for v in os.getloadavg()]}
        entry["goals"] = {
            "cold_build_s": {"goal": BUILD_GOALS["cold_build_s"], "measured": cold["wall_s"],
                             "met": cold["wall_s"] < BUILD_GOALS["cold_build_s"]},
            "one_card_rebuild_s": {"goal": BUILD_GOALS["one_card_rebuild_s"],
                                   "measured": one_card["wall_s"] if one_card else None,
                                   "met": bool(one_card) and one_card["wall_s"] < BUILD_GOALS["one_card_rebuild_s"]},
            "faces_per_second": {"goal": BUILD_GOALS["faces_per_second"], "measured": entry["faces_per_second"],
                                 "met": (entry["faces_per_second"] or 0) >= BUILD_GOALS["faces_per_second"]},
        }
        results[pack_id] = entry
    return results


def _timed(command: list[str]) -> dict:
    """Run a command in a fresh process: wall and CPU seconds (with its workers), peak memory, exit code, output."""
    import os
    import subprocess

    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return {"wall_s": round(wall, 2), "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
            "peak_memory_mb": round(usage.ru_maxrss / 1024, 1), "exit_code": os.waitstatus_to_exitcode(status),
            "output": output}


def bench_publish(pack_ids: list[str] | None = None) -> dict:
    """The PDF rulebook and the web site of each pack that has rules: from nothing, then again unchanged.

    ``pnpforge build --only rulebook`` and ``--only web`` in fresh processes into an empty folder; the second
    run of each is what an author waits for after editing something else.
    """
    import sys
    import tempfile

    from pnpforge.publish.rulebook import has_rulebook

    results = {}
    for pack_id in pack_ids or all_pack_ids():
        checked = check_pack(pack_id)
        if checked.pack is None or not has_rulebook(checked.pack):
            continue
        entry = {}
        with tempfile.TemporaryDirectory(prefix="pnpforge-bench-") as tmp:
            for output in ("rulebook", "web"):
                command = [sys.executable, "-m", "pnpforge", "build", str(checked.pack.root), "--out", tmp,
                           "--only", output]
                runs = {}
                for name in ("cold", "warm"):
                    result = _timed(command)
                    result.pop("output")
                    runs[name] = result
                entry[output] = runs
        entry["goals"] = {"rulebook_warm_s": {"goal": PUBLISH_GOALS["rulebook_warm_s"],
                                              "measured": entry["rulebook"]["warm"]["wall_s"],
                                              "met": entry["rulebook"]["warm"]["wall_s"]
                                              < PUBLISH_GOALS["rulebook_warm_s"]}}
        results[pack_id] = entry
    return results


def _edit_one_card(pack, root: Path) -> str | None:
    """Extend one text field of the first item of the type with the most items; the edited item's subject."""
    types = sorted(pack.types, key=lambda name: -len(pack.of_type(name)))
    for type_name in types:
        spec = pack.types[type_name]
        for item in pack.of_type(type_name):
            for name, field_spec in spec.fields.items():
                value = item.get(name)
                if isinstance(value, dict):  # a translated string: edit the first language's text
                    value = next((v for v in value.values() if isinstance(v, str)), None)
                if field_spec.kind != "text" or not isinstance(value, str) or len(value) < 8:
                    continue
                path = root / spec.file
                text = path.read_text(encoding="utf-8")
                if text.count(value) != 1:
                    continue
                path.write_text(text.replace(value, value + " (edited)"), encoding="utf-8")
                return f"{item.subject}: {name}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description="Measure pnpforge's code paths and write a JSON summary.")
    parser.add_argument("--out", type=Path, default=Path("build/bench.json"))
    args = parser.parse_args()
    report = {
        "machine": {"python": platform.python_version(), "processor": platform.machine()},
        "static_checks": bench_static_checks(),
        "simulation": bench_simulation(),
        "build": bench_build(),
        "publish": bench_publish(),
    }
    report["peak_memory_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2, sort_keys=True))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
