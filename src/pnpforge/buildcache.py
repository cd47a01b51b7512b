"""Where the current build keeps what it can reuse next time: ``build/<pack>/cache/``.

A build names its cache folder once (``use``); modules that keep things between builds (compiled templates, font
metrics, parsed files) read and keep entries by a key in their own subfolder (``read``, ``keep``). Without a build
(the checks, the tests) there is none, ``read`` finds nothing and ``keep`` keeps nothing: things stay in memory.
Everything kept is made by pnpforge from its inputs, and each user checks an entry against them when reading it,
so a stale or damaged entry is only made again.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from pnpforge.files import write_atomic

_root: list[Path] = []


def use(root: Path | None) -> None:
    """Keep reusable things under ``root`` from now on (None: nowhere)."""
    _root[:] = [root] if root is not None else []


def active() -> bool:
    """True when a build keeps things."""
    return bool(_root)


def _entry(folder: str, key: str) -> Path | None:
    """The file of ``key`` in ``folder``, named by the key's hash; None when there is no build."""
    if not _root:
        return None
    return _root[0] / folder / hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def read(folder: str, key: str) -> bytes | None:
    """What an earlier build kept under ``key``, or None."""
    path = _entry(folder, key)
    if path is None:
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


def keep(folder: str, key: str, data: bytes) -> None:
    """Keep ``data`` under ``key`` for the next build (nothing when there is no build, or it cannot be written:
    that only costs the next build the work again)."""
    path = _entry(folder, key)
    if path is None:
        return
    try:
        write_atomic(path, data)
    except OSError:
        pass
