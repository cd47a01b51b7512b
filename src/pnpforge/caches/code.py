"""Digests of pnpforge's own code, so that every cached artefact is keyed by the code that made it.

A cache entry made by one version of a stage must never be taken for the work of another: a face drawn before an
upgrade of the native renderer is drawn again after it. Each cache therefore names the parts of pnpforge it
depends on (``digest("render")``, ``digest("impose", "render")``) and its key includes their digest: the SHA-256
of pnpforge's version and of the bytes of every Python source file in those packages or modules. A comment changed
in one of them is enough to make every entry of that cache new; a change anywhere else leaves it alone.

Digests are computed once per process (the files are read when first asked for, a few milliseconds for the whole
package) and kept in ``_DIGESTS``, a documented process cache: the source of a running process does not change
under it in any way that matters to what it has already imported.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pnpforge

PACKAGE_ROOT = Path(pnpforge.__file__).resolve().parent
_DIGESTS: dict[tuple[str, ...], str] = {}  # process cache: parts -> digest (the source is fixed once imported)


def source_files(part: str) -> list[Path]:
    """The Python files of ``part``: a dotted name under ``pnpforge`` (``render.native``), a package or a module."""
    base = PACKAGE_ROOT.joinpath(*part.split("."))
    if base.is_dir():
        return sorted(base.rglob("*.py"))
    module = base.with_suffix(".py")
    if module.is_file():
        return [module]
    raise ValueError(f"pnpforge has no package or module {part!r}")


def digest(*parts: str) -> str:
    """A short hex digest of pnpforge's version and the source of ``parts`` (in any order, counted once)."""
    wanted = tuple(sorted(set(parts)))
    found = _DIGESTS.get(wanted)
    if found is None:
        hashed = hashlib.sha256(f"pnpforge {pnpforge.__version__}\n".encode("utf-8"))
        files = sorted({path for part in wanted for path in source_files(part)})
        for path in files:
            name = path.relative_to(PACKAGE_ROOT).as_posix().encode("utf-8")
            data = path.read_bytes()
            hashed.update(len(name).to_bytes(4, "big") + name + len(data).to_bytes(8, "big") + data)
        found = _DIGESTS[wanted] = hashed.hexdigest()[:32]
    return found
