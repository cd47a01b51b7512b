"""Packs loaded once per worker process, by the folder they were loaded from."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pnpforge.content.pack import Pack, load_pack
from pnpforge.content.variants import variant_pack


class PackError(RuntimeError):
    """A pack that does not load where a chunk is played (on a remote worker: missing at that path, or changed)."""


def cached_pack(root: str, variant: str = "") -> Pack:
    """The pack at ``root`` (with the changes of ``variant``, one of its ``game.yaml``'s variants, when given); a
    pack that no longer loads is a ``PackError`` (the caller checked it before)."""
    return _load(root, variant)  # one cache key however the caller spells the arguments


@lru_cache(maxsize=4)
def _load(root: str, variant: str) -> Pack:
    pack, problems = load_pack(Path(root))
    if pack is not None and variant:
        pack, problems = variant_pack(pack, variant)
    if pack is None:
        raise PackError(f"pack at {root} does not load: {problems[0]}")
    return pack
