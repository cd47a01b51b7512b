"""Packs loaded once per worker process, by the folder they were loaded from (and the changes played on them)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pnpforge.content.pack import Pack, load_pack
from pnpforge.findings import Finding
from pnpforge.content.variants import variant_pack
from pnpforge.content.vary import VaryError, assignments_from, vary_pack


class PackError(RuntimeError):
    """A pack that does not load where a chunk is played (on a remote worker: missing at that path, or changed)."""


def cached_pack(root: str, variant: str = "", vary: str = "") -> Pack:
    """The pack at ``root``: with the changes of ``variant`` (one of its ``game.yaml``'s variants) when given, and
    with ``vary`` (a sweep's assignments as ``content/vary.py``'s canonical text) when given. A pack that no longer
    loads, or whose changes no longer apply, is a ``PackError`` (the caller checked it before)."""
    return _load(root, variant, vary)  # one cache key however the caller spells the arguments


@lru_cache(maxsize=8)
def _load(root: str, variant: str, vary: str) -> Pack:
    pack: Pack | None
    problems: list[Finding] = []
    if variant or vary:
        pack = _load(root, "", "")  # the published pack, loaded once for all its variants
    else:
        pack, problems = load_pack(Path(root))
    if pack is not None and variant:
        pack, problems = variant_pack(pack, variant)
    if pack is not None and vary:
        try:
            pack, problems = vary_pack(pack, assignments_from(vary))
        except VaryError as exc:
            raise PackError(f"pack at {root}: the changes {vary!r} do not parse: {exc}") from None
    if pack is None:
        raise PackError(f"pack at {root} does not load: {problems[0]}")
    return pack
