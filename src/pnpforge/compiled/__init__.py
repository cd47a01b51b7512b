"""The optional compiled build of pnpforge's hot modules (docs/why/compiled-build.md).

``python -m pnpforge.compiled build`` compiles the modules listed in ``modules.txt`` with mypyc, as one group, into a
folder of the running Python's environment (``<sys.prefix>/pnpforge-compiled``, or ``$PNPFORGE_COMPILED_DIR``), with
a manifest of the exact source bytes compiled. At ``import pnpforge``, ``install`` puts a finder in front of the
import system when that manifest exists and ``$PNPFORGE_PLAIN`` is not set; the first import of a listed module
checks every listed source against the manifest and loads either all of them compiled or all of them plain
(``finder.py``). ``status()`` tells which, and why. This module stays small: every ``import pnpforge`` runs it.
"""

from __future__ import annotations

import os
import sys

PLAIN = "PNPFORGE_PLAIN"  # set (to anything but "" or "0"): every module loads plain
DIRECTORY = "PNPFORGE_COMPILED_DIR"  # where the build is, when not in the environment's own folder
MANIFEST = "manifest.json"


def directory() -> str:
    """The folder of the compiled build this Python uses."""
    return os.environ.get(DIRECTORY) or os.path.join(sys.prefix, "pnpforge-compiled")


def plain_forced() -> bool:
    return os.environ.get(PLAIN, "") not in ("", "0")


def install() -> None:
    """Put the compiled build's finder first on ``sys.meta_path`` when there is a build and plain is not forced;
    ``status`` says why not. Reads no file: the manifest is read at the first import of a listed module."""
    if plain_forced():
        return
    manifest = os.path.join(directory(), MANIFEST)
    if not os.path.isfile(manifest):
        return
    from pnpforge.compiled.finder import CompiledFinder

    if not any(isinstance(finder, CompiledFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, CompiledFinder(manifest))


def status() -> str:
    """``"compiled"`` when the listed modules load from the compiled build, else ``"plain: <reason>"``. Decides now
    (checking the sources against the manifest) when no listed module has been imported yet."""
    from pnpforge.compiled.finder import CompiledFinder

    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder.status()
    if plain_forced():
        return f"plain: {PLAIN} is set"
    manifest = os.path.join(directory(), MANIFEST)
    if not os.path.isfile(manifest):
        return f"plain: no compiled build ({manifest} is missing)"
    return "plain: no compiled build's finder installed"
