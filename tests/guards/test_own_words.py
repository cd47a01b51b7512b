"""Player-facing text is written in this project's own words: no run of 8 words shared with the seed rulebooks."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.content.text import strings_of
from pnpforge.content.walk import walk

from tests.conftest import REPO, SEEDS, need

RUN = 8


def words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+(?:'[^\W_]+)?", text.lower().replace("’", "'"))


def shingles(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


@lru_cache(maxsize=1)
def seed_shingles() -> frozenset:
    found: set = set()
    for path in sorted(SEEDS.glob("*")):
        if path.is_file():
            found |= shingles(path.read_text(encoding="utf-8", errors="replace"))
    return frozenset(found)


def player_facing(root: Path) -> list[tuple[str, str]]:
    """``(where, text)`` for every player-facing string of a pack and each of its rules pages."""
    pack, problems = load_pack(root)
    assert pack is not None, [str(p) for p in problems]
    texts: list[tuple[str, str]] = []
    game = pack.game
    for value in (game.name, game.about, *(f.name for f in game.factions), *(i.label for i in game.icons.values())):
        texts += [(f"{pack.game_doc.path}", s) for s in strings_of(value)]
    for item in pack.all_items():
        for path, spec, value in walk(pack.types[item.type].fields, item.values, pack.effects):
            if spec.kind == "text":
                texts += [(f"{item.mark(*path)} {item.subject}", s) for s in strings_of(value)]
    for index, rule in enumerate(pack.rules):
        texts.append((f"{pack.rules_doc.mark((index, 'summary'))} rule '{rule.id}'", rule.summary))
    for page in sorted((root / "rules").rglob("*.md")) if (root / "rules").is_dir() else []:
        texts.append((str(page.relative_to(REPO)), page.read_text(encoding="utf-8")))
    return texts


def shared_runs(texts: list[tuple[str, str]]) -> list[str]:
    seeds = seed_shingles()
    hits = []
    for where, text in texts:
        common = shingles(text) & seeds
        if common:
            hits.append(f"{where}: '{' '.join(sorted(common)[0])}'")
    return hits


def content_packs() -> list[Path]:
    return sorted(p for p in (REPO / "content").glob("*") if (p / "game.yaml").is_file())


@pytest.mark.parametrize("root", content_packs(), ids=lambda p: p.name)
def test_pack_text_shares_no_8_word_run_with_the_seeds(root: Path) -> None:
    need(SEEDS.is_dir(), f"the seed rulebooks are not at {SEEDS}")
    assert shared_runs(player_facing(root)) == []


def test_the_check_catches_a_copied_sentence() -> None:
    need(SEEDS.is_dir(), f"the seed rulebooks are not at {SEEDS}")
    source = (SEEDS / "legion-siberian-story-rules.txt").read_text(encoding="utf-8")
    copied = " ".join(words(source)[200:212])
    assert shared_runs([("planted", f"Our own opening. {copied.upper()} and our own ending.")]) != []
    assert shared_runs([("own", "A quiet sentence written here, sharing nothing long with any rulebook at all.")]) == []
