"""Where the current build keeps what it can reuse next time: ``build/<pack>/cache/``.

A build names its cache folder once (``use``); modules that keep things between builds (compiled templates, font
metrics) ask for their own subfolder (``folder``). Without a build (the checks, the tests) there is none and
they keep things in memory only. Everything kept there is made by pnpforge from its inputs and checked against
them when read, so a stale or damaged entry is only made again.
"""

from __future__ import annotations

from pathlib import Path

_root: list[Path] = []


def use(root: Path | None) -> None:
    """Keep reusable things under ``root`` from now on (None: nowhere)."""
    _root[:] = [root] if root is not None else []


def folder(name: str) -> Path | None:
    """The subfolder ``name`` of the current build's cache, or None when there is no build."""
    return _root[0] / name if _root else None
