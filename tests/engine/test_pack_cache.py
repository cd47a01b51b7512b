"""The process cache of values a pack alone decides."""

from pnpforge.engine import pack_cache
from pnpforge.engine.pack_cache import per_pack


class _Pack:
    pass


def test_a_value_is_made_once_per_pack_and_name() -> None:
    one, other = _Pack(), _Pack()
    made: list[str] = []

    def make(label: str):
        return lambda: made.append(label) or [label]

    first = per_pack(one, "odds", make("one odds"))
    assert per_pack(one, "odds", make("again")) is first
    assert per_pack(one, "kit", make("one kit")) == ["one kit"]
    assert per_pack(other, "odds", make("other odds")) == ["other odds"]
    assert made == ["one odds", "one kit", "other odds"]


def test_a_reused_id_never_serves_another_pack_s_value() -> None:
    pack, stranger = _Pack(), _Pack()
    pack_cache._KEPT[(id(pack), "odds")] = (stranger, ["stale"])
    assert per_pack(pack, "odds", lambda: ["fresh"]) == ["fresh"]


def test_the_cache_starts_again_when_full() -> None:
    packs = [_Pack() for _ in range(pack_cache.KEPT + 1)]
    for p in packs:
        per_pack(p, "odds", list)
    assert len(pack_cache._KEPT) <= pack_cache.KEPT
