"""Making the compiled build: the modules of ``modules.txt`` compiled with mypyc as one group, from a copy of the
package's sources, into a folder outside the source tree, with a manifest of what was compiled.

The copy is what mypyc reads, so nothing (no ``.c``, no ``build/``, no extension) lands beside the sources, and the
manifest's digests are those of the very bytes compiled: a source edited while the compiler ran leaves a build that
the finder will not use. The new build is made in a folder of its own and put in place by renaming, so a process
never sees half of one. Tools that are missing (mypyc, setuptools, a C compiler, Python's headers) raise
``Unavailable`` before anything is changed; a compile that fails raises ``Failed`` and leaves the old build as it was
(which the finder uses only while every listed source is still the one it was made from).
"""

from __future__ import annotations

import importlib.util
import json
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
from pathlib import Path
from typing import Callable

from pnpforge.compiled import MANIFEST
from pnpforge.compiled.finder import COMPILED, check, python_tag, source_digest

LIST = Path(__file__).with_name("modules.txt")
PACKAGE = "pnpforge"
GROUP = "pnpforge_compiled"  # the group's shared library is the top-level module pnpforge_compiled__mypyc
LIBRARY = GROUP + "__mypyc"
MYPY_CONFIG = f"""[mypy]
python_version = {sys.version_info.major}.{sys.version_info.minor}
plugins = pydantic.mypy
always_true = __with_libyaml__
ignore_missing_imports = True
cache_dir = mypy-cache
"""
SETUP = """import json
from setuptools import setup
from mypyc.build import mypycify

args = json.load(open("args.json"))
setup(name="pnpforge-compiled", script_args=["build_ext", "--build-lib", "lib", "--build-temp", "temp"],
      ext_modules=mypycify(["--config-file", "mypy.ini", *args["paths"]], group_name=args["group"],
                           target_dir="c", opt_level="3"))
"""


class Unavailable(Exception):
    """A tool the build needs is missing: the plain build is all there is."""


class Failed(Exception):
    """The compile stopped: the list holds a module that does not compile, or the compiler failed."""


def listed(path: Path = LIST) -> list[str]:
    """The dotted names of ``path``, one a line, without comments and blank lines, in order, each once."""
    names: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name and name not in names:
            names.append(name)
    return names


def source_of(name: str, package_dir: Path, package: str = PACKAGE) -> str:
    """``name``'s source file relative to ``package_dir`` (the folder of ``package``); a package's ``__init__`` is
    refused (its extension would have to stand in for the folder)."""
    parts = name.split(".")
    if parts[0] != package or len(parts) < 2:
        raise Failed(f"{name}: only modules of {package} can be listed")
    relative = os.path.join(*parts[1:]) + ".py"
    if not (package_dir / relative).is_file():
        kind = "a package (list its modules)" if (package_dir / os.path.join(*parts[1:])).is_dir() else "not found"
        raise Failed(f"{name}: {kind}")
    return relative


def missing_tools() -> str | None:
    """Why the build cannot be made here, or None."""
    for module in ("mypyc", "setuptools"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed in this environment"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]  # what setuptools runs
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler} not found; on Debian: apt-get install gcc)"
    include = sysconfig.get_paths()["include"]
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return f"no Python headers ({include}/Python.h not found; on Debian: apt-get install python3-dev)"
    return None


def is_current(out: Path, names: list[str], package_dir: Path) -> bool:
    """Whether ``out`` holds a build of exactly ``names`` that the finder would use for ``package_dir``."""
    try:
        manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        manifest["folder"] = str(out)
        return list(manifest["modules"]) == names and check(manifest, str(package_dir)) == COMPILED
    except (OSError, ValueError, KeyError, TypeError):
        return False


def build(names: list[str], out: Path, package_dir: Path, say: Callable[[str], None] = print) -> dict:
    """Compile ``names`` (modules of the package in ``package_dir``) into ``out``; the manifest written there."""
    if not names:
        raise Failed("no module is listed")
    reason = missing_tools()
    if reason:
        raise Unavailable(reason)
    sources = {name: source_of(name, package_dir) for name in names}
    started, children = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = out.with_name(out.name + ".work")  # kept: mypy's cache and the C files make the next build quicker
    work.mkdir(exist_ok=True)
    copy = work / "src" / PACKAGE
    shutil.rmtree(work / "src", ignore_errors=True)
    shutil.rmtree(work / "lib", ignore_errors=True)
    shutil.copytree(package_dir, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
    paths = [str(Path("src") / PACKAGE / sources[name]) for name in names]
    (work / "mypy.ini").write_text(MYPY_CONFIG, encoding="utf-8")
    (work / "setup.py").write_text(SETUP, encoding="utf-8")
    (work / "args.json").write_text(json.dumps({"paths": paths, "group": GROUP}), encoding="utf-8")
    say(f"compiling {len(names)} module(s) with mypyc as one group (type check, C, then the C compiler; "
        "a minute or more)")
    log = _run([sys.executable, "setup.py"], work, say)
    suffix = python_tag()["ext_suffix"]
    assert isinstance(suffix, str)
    made = {name: Path(*name.split(".")).with_suffix("").as_posix() + suffix for name in names}
    library = LIBRARY + suffix if (work / "lib" / (LIBRARY + suffix)).is_file() else None
    for file in made.values():
        if not (work / "lib" / file).is_file():
            raise Failed(f"the compile finished without {file}:\n" + "\n".join(log[-20:]))
    manifest = {
        "format": 1, "package": PACKAGE,
        "modules": {name: {"source": sources[name], "sha256": source_digest(str(copy / sources[name])),
                           "file": made[name]} for name in names},
        "library": {"name": LIBRARY, "file": library} if library else None,
        "python": python_tag(), "python_version": sys.version.split()[0], "mypy": _mypy_version(),
    }
    done = resource.getrusage(resource.RUSAGE_CHILDREN)
    manifest["build"] = {"wall_s": round(time.perf_counter() - started, 1),
                         "cpu_s": round(done.ru_utime + done.ru_stime - children.ru_utime - children.ru_stime, 1),
                         "load": [round(x, 1) for x in os.getloadavg()]}
    fresh = out.with_name(out.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    fresh.mkdir()
    for file in [*made.values(), *([library] if library else [])]:
        (fresh / file).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(work / "lib" / file, fresh / file)
    (fresh / "build.log").write_text("\n".join(log) + "\n", encoding="utf-8")
    (fresh / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    _replace(out, fresh)
    return manifest


def _run(command: list[str], cwd: Path, say: Callable[[str], None]) -> list[str]:
    """Run the compile, saying each step it prints (shortened), and return its whole output."""
    env = {**os.environ, "PNPFORGE_PLAIN": "1", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1"}
    env.pop("PYTHONPATH", None)
    lines: list[str] = []
    started = time.perf_counter()
    quiet = threading.Event()

    def heartbeat() -> None:  # mypy's type check prints nothing for a minute or more
        while not quiet.wait(30):
            say(f"  ... still compiling ({time.perf_counter() - started:.0f} s)")

    beating = threading.Thread(target=heartbeat, daemon=True)
    beating.start()
    try:
        with subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True) as process:
            assert process.stdout is not None
            for line in process.stdout:
                lines.append(line.rstrip("\n"))
                say("  " + (line.rstrip() if len(line) < 150 else line[:146].rstrip() + " ..."))
    finally:
        quiet.set()
    if process.returncode:
        raise Failed("mypyc or the C compiler stopped (exit %d); the last lines:\n%s"
                     % (process.returncode, "\n".join(lines[-30:])))
    return lines


def _replace(out: Path, fresh: Path) -> None:
    """Put ``fresh`` where ``out`` is, each rename whole."""
    old = out.with_name(out.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    fresh.rename(out)
    shutil.rmtree(old, ignore_errors=True)


def _mypy_version() -> str:
    from mypy.version import __version__

    return __version__
