"""The stores of the user's cache folder are held to a size: the entries used longest ago go first, an entry read
again counts as used, and the caches of build folders beside the stores are left alone."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnpforge.caches.store import Store, prune_user_stores, user_store

ENTRY = 1000  # bytes of data in each entry (the seal comes on top)


def _aged(store: Store, keys: list[str]) -> None:
    """Keep an entry per key, the first written longest ago."""
    for age, key in enumerate(keys):
        store.keep(key, bytes([age]) * ENTRY)
        path = store.path(key)
        assert path is not None
        when = 1_000_000 + age * 60
        os.utime(path, (when, when))


def _size(store: Store) -> int:
    assert store.folder is not None
    return sum(path.stat().st_size for path in store.folder.iterdir())


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path


def test_the_entries_used_longest_ago_go_first(cache_home: Path) -> None:
    store = user_store("fonts")
    _aged(store, ["a", "b", "c", "d"])
    assert store.read("a") == bytes([0]) * ENTRY  # read again: now the most recently used
    entry = _size(store) // 4
    removed = store.prune(3 * entry - 1)  # over the bound: down to three quarters of it
    assert removed == 2
    assert store.read("a") is not None and store.read("d") is not None
    assert store.read("b") is None and store.read("c") is None


def test_a_store_within_its_bound_keeps_everything(cache_home: Path) -> None:
    store = user_store("native")
    _aged(store, ["a", "b"])
    assert store.prune(_size(store)) == 0
    assert store.read("a") is not None and store.read("b") is not None


def test_every_user_store_is_pruned_and_build_caches_are_not(cache_home: Path) -> None:
    fonts, native = user_store("fonts"), user_store("native")
    _aged(fonts, ["a", "b", "c"])
    _aged(native, ["x"])
    builds = cache_home / "pnpforge" / "builds"
    builds.mkdir()
    (builds / "kept").write_bytes(b"\0" * 10 * ENTRY)
    removed = prune_user_stores(bound=2 * ENTRY)
    assert removed == 2  # fonts: three entries over two entries' bound, down to one; native within it
    assert fonts.read("c") is not None and fonts.read("a") is None and fonts.read("b") is None
    assert native.read("x") is not None
    assert (builds / "kept").is_file()
