"""``python -m pnpforge.compiled build|status|list``: make the compiled build, say which build is in use and why,
print the list of compiled modules (docs/why/compiled-build.md)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pnpforge.compiled import directory, status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pnpforge.compiled",
                                     description="pnpforge's optional compiled build (mypyc).")
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build", help="compile the listed modules (nothing is done when the build is current)")
    make.add_argument("--out", type=Path, help=f"the build's folder (default {directory()})")
    make.add_argument("--list", type=Path, help="the list of modules (default: the package's modules.txt)")
    make.add_argument("--force", action="store_true", help="compile even when the build is current")
    make.add_argument("--if-possible", action="store_true",
                      help="exit 0, saying why, when mypyc or a C compiler is missing (make setup uses it)")
    commands.add_parser("status", help='print "compiled" or "plain: <reason>", the folder and the listed modules')
    commands.add_parser("list", help="print the listed modules, one a line")
    args = parser.parse_args(argv)
    from pnpforge.compiled import build

    if args.command == "list":
        print("\n".join(build.listed()))
        return 0
    if args.command == "status":
        print(status())
        print(f"folder: {directory()}")
        print("listed:", " ".join(build.listed()))
        return 0
    import pnpforge

    out = (args.out or Path(directory())).absolute()
    names = build.listed(args.list or build.LIST)
    package_dir = Path(pnpforge.__path__[0])
    if not args.force and build.is_current(out, names, package_dir):
        print(f"compiled build: current ({len(names)} modules in {out})")
        return 0
    print(f"compiled build: {len(names)} modules from {package_dir} into {out}", flush=True)
    started = time.perf_counter()
    try:
        manifest = build.build(names, out, package_dir, say=lambda line: print(line, flush=True))
    except build.Unavailable as reason:
        print(f"compiled build skipped: {reason}; pnpforge runs plain", file=sys.stderr)
        return 0 if args.if_possible else 2
    except build.Failed as reason:
        print(f"compiled build failed: {reason}\n(pnpforge runs plain until the build is made)", file=sys.stderr)
        return 1
    figures = manifest["build"]
    print(f"compiled build: done in {time.perf_counter() - started:.1f} s wall, {figures['cpu_s']} s CPU "
          f"(load {figures['load'][0]}), {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
