"""Values a pack alone decides (odds tables, a bot's odds kit), kept once per pack for the whole process.

Every game of the same pack in a process (each seating and mode is a game of its own) shares them, and game modules
keep no module-level state of their own: they ask ``per_pack``. A value is kept with its pack, so an id the runtime
reuses for another pack never serves the old value."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

T = TypeVar("T")

KEPT = 32  # values kept at most; past that the cache starts again (a test session loads many packs)

_KEPT: dict[tuple[int, str], tuple[object, object]] = {}  # process cache: (id of a pack, name) -> (the pack, value)


def per_pack(pack: object, name: str, make: Callable[[], T]) -> T:
    """The value ``name`` of ``pack``, made by ``make()`` on first use in the process."""
    key = (id(pack), name)
    found = _KEPT.get(key)
    if found is None or found[0] is not pack:
        if len(_KEPT) >= KEPT:
            _KEPT.clear()
        found = _KEPT[key] = (pack, make())
    return cast(T, found[1])
