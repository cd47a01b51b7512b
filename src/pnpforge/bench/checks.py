"""The in-process figures of ``make bench``: loading and checking every pack, and games played per second."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from pnpforge.check.pack import all_pack_ids, check_pack
from pnpforge.engine.cost import cpu_seconds


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


MODE_GAMES = 40  # greedy games of each mode timed on its own (a slower mode, a battle)


def timed_modes(package: Any) -> list[str]:
    """The modes the bench times on their own: the package's ``bench_modes``, else those the validator leaves out."""
    if package.bench_modes is not None:
        return list(package.bench_modes)
    default = package.validated_modes or package.modes
    return [mode for mode in package.modes if mode not in default]


def _other_modes(root: Path, package: Any, players: int, jobs: int) -> dict[str, Any]:
    """Greedy games per CPU second of each mode the package has the bench time on its own (``bench_modes``; by
    default the modes the validator does not play), under ``greedy_<mode>s_per_cpu_second``."""
    from pnpforge.engine.playout import Run
    from pnpforge.engine.simulate import chunks, run

    found: dict[str, Any] = {}
    for mode in timed_modes(package):
        work = chunks(root, package, Run(players=players, mode=mode, bots=("greedy",)), 0, MODE_GAMES)
        start, cpu = time.perf_counter(), cpu_seconds()
        run(work, jobs=jobs)
        elapsed, used = time.perf_counter() - start, cpu_seconds() - cpu
        found[f"greedy_{mode}s_per_second"] = round(MODE_GAMES / elapsed, 1)
        found[f"greedy_{mode}s_per_cpu_second"] = round(MODE_GAMES / used, 1) if used > 0 else None
    return found


def bench_simulation(games: dict[str, int] | None = None, jobs: int = 2, packs: set[str] | None = None) -> dict:
    """Full games per second (wall, and per CPU second of every process) through the simulation harness (the
    validator's path), at the most players, for every pack with an engine (or the ``packs`` named), with the build
    that played them (``compiled``: "compiled" or the reason it is plain, decided here before any worker is forked,
    so that the workers play the same build)."""
    import cProfile
    import io
    import pstats

    from pnpforge.compiled import status
    from pnpforge.engine.packs import cached_pack
    from pnpforge.engine.playout import Run
    from pnpforge.engine.simulate import chunks, run, run_chunk
    from pnpforge.games import load_package

    build = status()
    games = games or {"random": 2000, "greedy": 200}  # what one --games auto round plays over the configurations
    results = {}
    for pack_id in all_pack_ids():
        if packs and pack_id not in packs:
            continue
        pack = check_pack(pack_id).pack
        package = load_package(pack.game.engine) if pack else None
        if pack is None or package is None or not package.has_engine:
            continue
        players = pack.game.players.max if pack.game.players else 2
        entry: dict[str, Any] = {"players": players, "jobs": jobs, "compiled": build}
        for bot, count in games.items():
            work = chunks(pack.root, package, Run(players=players, bots=(bot,)), 0, count)
            start, cpu = time.perf_counter(), cpu_seconds()
            run(work, jobs=jobs)
            elapsed, used = time.perf_counter() - start, cpu_seconds() - cpu
            entry[f"{bot}_games_per_second"] = round(count / elapsed, 1)
            entry[f"{bot}_games_per_cpu_second"] = round(count / used, 1) if used > 0 else None
        entry.update(_other_modes(pack.root, package, players, jobs))
        cached_pack(str(pack.root.resolve()))  # loaded before profiling: the profile is of play only
        profiler = cProfile.Profile()
        sample = chunks(pack.root, package, Run(players=players, bots=("random",)), 0, 60)
        profiler.enable()
        for chunk in sample:
            run_chunk(chunk)
        profiler.disable()
        stream = io.StringIO()
        stats = pstats.Stats(profiler, stream=stream).sort_stats("tottime")
        top = []
        for (filename, line, func), (_, calls, tottime, cumtime, _) in sorted(
                stats.stats.items(), key=lambda kv: -kv[1][2])[:8]:  # type: ignore[attr-defined]  # pstats' own table, undeclared in typeshed
            top.append({"function": f"{Path(filename).name}:{line}({func})", "calls": calls,
                        "tottime_s": round(tottime, 3), "cumtime_s": round(cumtime, 3)})
        entry["profile_random_60_games"] = top
        results[pack_id] = entry
    return results
