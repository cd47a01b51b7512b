"""Packs loaded once per worker process, by the folder they were loaded from."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pnpforge.content.pack import Pack, load_pack


@lru_cache(maxsize=4)
def cached_pack(root: str) -> Pack:
    """The pack at ``root``; a pack that no longer loads is a ``RuntimeError`` (the caller checked it before)."""
    pack, problems = load_pack(Path(root))
    if pack is None:
        raise RuntimeError(f"pack at {root} does not load: {problems[0]}")
    return pack
