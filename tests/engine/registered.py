"""The game packages with an engine and the packs that use them: what the engine suite runs over.

Besides the registered packages, the suite plays the tiny dice race the tests build from the engine toolkit alone
(``tests/engine/dice_race.py``, with its pack in ``tests/data/dice-race``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.engine.contract import GamePackage
from pnpforge.games import registered

from tests.conftest import DATA, REPO
from tests.engine import dice_race

TEST_GAMES = ((dice_race.PACKAGE, DATA / "dice-race"),)


@lru_cache(maxsize=None)
def pack_at(root: Path) -> Pack:
    pack, problems = load_pack(root)
    assert pack is not None, [str(p) for p in problems]
    return pack


def engine_packs() -> list[tuple[GamePackage, Path]]:
    """Each registered package with an engine, with every pack of the repository that names it."""
    found = []
    for package in registered():
        if not package.has_engine:
            continue
        roots = [r for r in sorted((REPO / "content").glob("*")) if (r / "game.yaml").is_file()
                 and f"\nengine: {package.name}\n" in "\n" + (r / "game.yaml").read_text(encoding="utf-8")]
        found += [(package, root) for root in roots]
    return found + list(TEST_GAMES)


def params(per_package=None) -> list:
    """pytest parameters ``(package, pack root[, item])``, with readable ids."""
    out = []
    for package, root in engine_packs():
        items = per_package(package, root) if per_package else [None]
        for item in items:
            ident = root.name if item is None else f"{root.name}-{getattr(item, 'name', item)}"
            out.append(pytest.param(package, root, *(() if item is None else (item,)), id=ident))
    return out
