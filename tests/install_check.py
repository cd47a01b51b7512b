"""pnpforge installed as a user installs it, beside another tool: ``make install-check``.

    python tests/install_check.py [--out build/install-check] [--beside protograf==0.5.2]

Builds a wheel of this checkout (offline, with the setuptools of the running environment), makes a fresh virtualenv,
and installs the wheel and ``--beside`` in one ``pip install``, so pip resolves pnpforge's ranges and the other
tool's pins together from the package index (the network is needed: this is not part of ``make test``). Then
``pip check`` must find nothing broken, and ``pnpforge build`` must build a copy of ``tests/data/harbour-lights``
from a folder outside the checkout, with every output in both its languages. Prints the figures: the versions the
resolver chose that differ from ``requirements.lock``, and the time of each step. Exit 0 when every check passed,
1 with one line per failed check otherwise.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOCK = REPO / "requirements.lock"
PACK = REPO / "tests" / "data" / "harbour-lights"
BESIDE = "protograf==0.5.2"
LOCK_LINE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?\s*$")


def normalise(name: str) -> str:
    """A distribution name as the package index compares it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_lock(path: Path = LOCK) -> list[tuple[str, str, str | None, list[str]]]:
    """Each pin of a lock file: (normalised name, version, environment marker or None, its sha256 hashes)."""
    pins: list[tuple[str, str, str | None, list[str]]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("--hash=sha256:"):
            if not pins:
                raise ValueError(f"{path}:{number}:1: error: a hash before any requirement")
            pins[-1][3].append(stripped.removeprefix("--hash=sha256:").rstrip(" \\"))
            continue
        match = LOCK_LINE.match(stripped)
        if not match:
            raise ValueError(f"{path}:{number}:1: error: expected 'name==version' (an exact pin), found {stripped!r}")
        name, _, version, marker = match.groups()
        pins.append((normalise(name), version, marker, []))
    return pins


def run(step: str, command: list[str], timings: dict[str, float], **kwargs) -> subprocess.CompletedProcess:
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    timings[step] = time.monotonic() - start
    print(f"install-check: {step}: exit {result.returncode}, {timings[step]:.1f} s", flush=True)
    return result


def build_wheel(out: Path, timings: dict[str, float]) -> Path:
    """A wheel of the checkout, built from a copy of it (setuptools writes build/ and *.egg-info where it builds)."""
    source = out / "source"
    skipped = shutil.ignore_patterns(".git", ".venv", "*.egg-info", "__pycache__", ".pytest_cache", "tests")

    def ignored(folder: str, names: list[str]) -> set[str]:  # the checkout's build/ outputs
        return skipped(folder, names) | ({"build"} if Path(folder) == REPO else set())

    shutil.copytree(REPO, source, symlinks=True, ignore=ignored)
    wheels = out / "wheels"
    built = run("wheel", [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                          "-q", "-w", str(wheels), str(source)], timings)
    if built.returncode:
        sys.exit(f"install-check: error: the wheel was not built:\n{built.stdout}{built.stderr}")
    return next(wheels.glob("pnpforge-*.whl"))


def outputs_missing(out: Path) -> list[str]:
    """What a full build of harbour-lights must write, for English (out/) and German (out/de/), that is not there."""
    missing = []
    for folder in (out, out / "de"):
        wanted = {
            "faces/*.pdf": list((folder / "faces").glob("*.pdf")),
            "faces/faces.json": [folder / "faces" / "faces.json"],
            "print/a4/*.pdf": list((folder / "print" / "a4").glob("*.pdf")),  # the pack's print plan: A4 only
            "shop/tgc/**/*.png": list((folder / "shop" / "tgc").rglob("*.png")),
            "shop/mpc/**/*.pdf": list((folder / "shop" / "mpc").rglob("*.pdf")),
            "rulebook-a4.pdf": [folder / "rulebook-a4.pdf"],
            "rulebook-letter.pdf": [folder / "rulebook-letter.pdf"],
            "web/index.html": [folder / "web" / "index.html"],
            "web/cards/*.html": list((folder / "web" / "cards").glob("*.html")),
        }
        missing += [f"{folder.relative_to(out.parent)}/{what}" for what, paths in wanted.items()
                    if not paths or not all(p.is_file() and p.stat().st_size > 0 for p in paths)]
    return missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "install-check",
                        help="Work folder, emptied first (default: build/install-check).")
    parser.add_argument("--beside", default=BESIDE, help=f"The other tool's requirement (default: {BESIDE}).")
    args = parser.parse_args()
    out = args.out.resolve()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    timings: dict[str, float] = {}
    failures: list[str] = []

    wheel = build_wheel(out, timings)
    env = out / "venv"
    python, pnpforge = env / "bin" / "python", env / "bin" / "pnpforge"
    base = getattr(sys, "_base_executable", sys.executable)  # the interpreter this venv was made from, not the venv
    made = run("venv", [base, "-m", "venv", str(env)], timings)
    if made.returncode:
        sys.exit(f"install-check: error: no virtualenv at {env}:\n{made.stderr}")
    installed = run("install", [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                                str(wheel), args.beside], timings)
    if installed.returncode:
        print(installed.stdout + installed.stderr)
        print(f"install-check: error: pip cannot install pnpforge beside {args.beside}")
        return 1
    check = run("pip check", [str(python), "-m", "pip", "check"], timings)
    if check.returncode:
        failures.append(f"pip check: {check.stdout.strip()}")

    frozen = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze", "--disable-pip-version-check"],
                            capture_output=True, text=True, check=True).stdout.splitlines()
    chosen = {normalise(line.split("==")[0]): line.split("==")[1] for line in frozen if "==" in line}
    locked = {name: version for name, version, _, _ in read_lock()}
    differ = sorted((name, locked[name], chosen[name]) for name in chosen.keys() & locked.keys()
                    if chosen[name] != locked[name] and name not in ("pip", "setuptools"))
    print(f"install-check: {len(chosen)} distributions in the virtualenv, "
          f"{len(chosen.keys() & locked.keys())} of them in requirements.lock; "
          f"{len(differ)} at another version than the lock's:")
    for name, lock_version, version in differ:
        print(f"  {name} {version} (lock: {lock_version})")

    elsewhere = out / "elsewhere"
    shutil.copytree(PACK, elsewhere / "harbour-lights")
    environment = {**os.environ, "XDG_CACHE_HOME": str(out / "user-cache")}  # a user's cache, cold
    for name in ("PYTHONPATH", "VIRTUAL_ENV"):
        environment.pop(name, None)
    where = subprocess.run([str(python), "-c", "import pnpforge; print(pnpforge.__file__)"], cwd=elsewhere,
                           capture_output=True, text=True, env=environment)
    if not where.stdout.startswith(str(env)):
        failures.append(f"pnpforge imported from {where.stdout.strip() or where.stderr.strip()}, not the virtualenv")
    built = run("build harbour-lights", [str(pnpforge), "build", "./harbour-lights"], timings, cwd=elsewhere,
                env=environment)
    if built.returncode:
        failures.append(f"pnpforge build exited {built.returncode}:\n{built.stdout}{built.stderr}")
    else:
        print("  " + "\n  ".join(built.stdout.strip().splitlines()[-3:]))
        failures += [f"not written: {path}" for path in outputs_missing(elsewhere / "build" / "harbour-lights")]
        if "error" in built.stdout.lower().replace("no errors", ""):
            failures.append(f"the build reported an error:\n{built.stdout}")

    other = args.beside.split("==")[0].split("[")[0]
    imported = subprocess.run([str(python), "-c", f"import {other.replace('-', '_')}"], capture_output=True,
                              text=True, cwd=elsewhere, env=environment)
    print(f"install-check: import {other}: "
          + ("ok" if imported.returncode == 0 else imported.stderr.strip().splitlines()[-1]))

    print(f"install-check: total {sum(timings.values()):.1f} s")
    for failure in failures:
        print(f"install-check: error: {failure}")
    if not failures:
        print(f"install-check: a wheel of pnpforge installed beside {args.beside} built harbour-lights")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
