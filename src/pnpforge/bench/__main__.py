"""``python -m pnpforge.bench``: run the bench's sections and write their figures as JSON (``build/bench.json``).

``--only peers,stress`` runs some sections and keeps the others' figures from the existing file. Every run first
measures the machine's reference figure (``machine.reference_cpu_s``, ``reference.py``); each section's CPU figures
are written raw and normalised by the reference of the run that measured them (``machine.normalised_with``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
from pathlib import Path
from typing import Callable

from pnpforge.bench.measure import normalise
from pnpforge.bench.reference import reference_cpu_s
from pnpforge.compiled import status as compiled_status

SECTIONS = ("static", "simulation", "build", "publish", "peers", "stress", "plane")
REPORT_KEYS = {"static": "static_checks"}  # the key a section's figures are written under, when not its own name


def sections(args: argparse.Namespace, reference: float) -> dict[str, Callable[[], dict]]:
    """Each section's name and the call that measures it (CPU goals judged with the machine's ``reference``)."""
    from pnpforge.bench.build import bench_build, bench_publish
    from pnpforge.bench.checks import bench_simulation, bench_static_checks
    from pnpforge.bench.peers import bench_peers
    from pnpforge.bench.plane import bench_plane
    from pnpforge.bench.startup import bench_startup
    from pnpforge.bench.stress import bench_stress

    packs = {name.strip() for name in args.packs.split(",")} if args.packs else None
    return {"static": bench_static_checks, "simulation": lambda: bench_simulation(packs=packs),
            "build": lambda: {**bench_build(sorted(packs) if packs else None, reference=reference,
                                          cold_goals=cold_goals(args.cold_goals)),
                              "startup": bench_startup(reference=reference)},
            "publish": bench_publish, "peers": lambda: bench_peers(runs=args.peer_runs),
            "stress": lambda: bench_stress(args.stress_cards, reference=reference),
            "plane": lambda: bench_plane(reference=reference)}


def cold_goals(text: str | None) -> dict[str, float]:
    """``PACK=CPU_S,...`` (``--cold-goals``): each pack's goal for its cold full build, in normalised CPU s."""
    goals = {}
    for part in (text or "").replace(" ", ",").split(","):
        if part.strip():
            name, _, value = part.partition("=")
            try:
                goals[name.strip()] = float(value)
            except ValueError:
                raise SystemExit(f"--cold-goals: expected PACK=CPU_S, found {part!r}") from None
    return goals


def compile_modules() -> None:
    """Compile pnpforge's modules once before anything is timed, as installing a package does: the first timed
    command would otherwise pay for it."""
    import compileall  # noqa: PLC0415
    import pnpforge  # noqa: PLC0415

    compileall.compile_dir(Path(pnpforge.__file__).parent, quiet=1)


def chosen(text: str | None) -> list[str]:
    """The sections ``--only`` names (every one without it); an unknown name stops the run."""
    if not text:
        return list(SECTIONS)
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in SECTIONS]
    if unknown:
        raise SystemExit(f"unknown section {', '.join(unknown)}; sections: {', '.join(SECTIONS)}")
    return names


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m pnpforge.bench",
                                     description="Measure pnpforge's code paths and write a JSON summary.")
    parser.add_argument("--out", type=Path, default=Path("build/bench.json"))
    parser.add_argument("--only", help=f"comma-separated sections to run ({','.join(SECTIONS)}); the others' "
                                       "figures are kept from the existing --out file")
    parser.add_argument("--packs", help="comma-separated pack ids the simulation and build sections measure "
                                        "(default: every pack, with an engine for simulation); the other packs' "
                                        "figures are kept from the --out file")
    parser.add_argument("--stress-cards", type=int, default=int(os.environ.get("BENCH_STRESS_CARDS", 10_000)),
                        help="cards in the stress pack (default $BENCH_STRESS_CARDS or 10000; 0 leaves it out)")
    parser.add_argument("--peer-runs", type=int, default=3, help="cold runs of each tool on the bench deck")
    parser.add_argument("--cold-goals", default=os.environ.get("BENCH_COLD_GOALS"),
                        help="each pack's goal for its cold full build in normalised CPU s, as PACK=CPU_S,... "
                             "(default $BENCH_COLD_GOALS; a pack not named is held to the largest pack's goals)")
    args = parser.parse_args(argv)
    names = chosen(args.only)
    report: dict = {}
    if args.only and args.out.is_file():
        try:
            report = json.loads(args.out.read_text(encoding="utf-8"))
        except ValueError:
            report = {}
    kept = report.get("machine", {}).get("normalised_with", {})
    print("== bench: reference", flush=True)
    machine = reference_cpu_s()
    reference = machine["reference_cpu_s"]
    report["machine"] = {"python": platform.python_version(), "processor": platform.machine(),
                         "cores": os.cpu_count(), **machine, "compiled": compiled_status(),
                         "normalised_with": {key: value for key, value in kept.items() if key not in names}}
    measure = sections(args, reference)
    compile_modules()
    for name in names:
        print(f"== bench: {name}", flush=True)
        figures = normalise(measure[name](), reference)
        if name in ("simulation", "build") and args.packs:  # the other packs' figures stay as they were
            figures = {**report.get(name, {}), **figures}
        report[REPORT_KEYS.get(name, name)] = figures
        report["machine"]["normalised_with"][name] = reference
    report["peak_memory_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2, sort_keys=True))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
