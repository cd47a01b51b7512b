"""Player-facing text is written in this project's own words: no run of 8 words shared with the seed rulebooks.

Every pack is held against every seed at once: the shingles (runs of 8 words) of every file in the seeds folder,
each read whole (the Dystopian Legions source is some 242,000 characters), with its HTML tags and entities taken
out first so that a tag inside a sentence (``<i>Shaken Markers</i>``) does not hide a copied run. A pack's
player-facing text is each of its strings (names, item texts, rule summaries), each rules page, the glossary and
rulebook settings beside the pages, and the words its own layout templates print.
"""

from __future__ import annotations

import html
import re
import shutil
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

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


TAG = re.compile(r"<[^<>]*>")
TEMPLATE_CODE = re.compile(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)


def plain(text: str) -> str:
    """Text without HTML tags and with its entities read (``&amp;`` is ``&``): the words a reader sees."""
    return html.unescape(TAG.sub(" ", text))


def seed_texts() -> list[tuple[Path, str]]:
    """Every seed file, whole, as plain text."""
    return [(path, plain(path.read_text(encoding="utf-8", errors="replace")))
            for path in sorted(SEEDS.glob("*")) if path.is_file()]


@lru_cache(maxsize=1)
def seed_shingles() -> frozenset:
    found: set = set()
    for _, text in seed_texts():
        found |= shingles(text)
    return frozenset(found)


def yaml_strings(value: object) -> list[str]:
    """Every string value in parsed YAML (mapping keys are names, not text)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in yaml_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in yaml_strings(v)]
    return []


def template_words(source: str) -> str:
    """What a layout template prints of its own: the text left once its Jinja code and HTML tags are out."""
    return plain(TEMPLATE_CODE.sub(" ", source))


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
        texts.append((_shown(page), page.read_text(encoding="utf-8")))
    for settings in sorted((root / "rules").rglob("*.yaml")) if (root / "rules").is_dir() else []:
        texts += [(_shown(settings), s) for s in yaml_strings(yaml.safe_load(settings.read_text(encoding="utf-8")))]
    for template in sorted((root / "layouts").rglob("*.html")) if (root / "layouts").is_dir() else []:
        texts.append((_shown(template), template_words(template.read_text(encoding="utf-8"))))
    for words_file in sorted((root / "layouts").rglob("strings/*.yaml")) if (root / "layouts").is_dir() else []:
        texts += [(_shown(words_file), s) for s in yaml_strings(yaml.safe_load(words_file.read_text(encoding="utf-8")))]
    return texts


def _shown(path: Path) -> str:
    """A file's path as a finding shows it: from the repository when it is in it."""
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


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


DYSTOPIAN = REPO / "content" / "dystopian-legions"
DYSTOPIAN_SOURCE = "wargame-core-rulebook-2.0.txt"


def test_the_whole_dystopian_legions_source_is_scanned() -> None:
    need(SEEDS.is_dir(), f"the seed rulebooks are not at {SEEDS}")
    source = dict(seed_texts())[SEEDS / DYSTOPIAN_SOURCE]
    assert len(source) > 240_000  # characters (241,997 bytes)
    every = words(source)
    seeds = seed_shingles()
    assert tuple(every[:RUN]) in seeds and tuple(every[-RUN:]) in seeds  # its first words and its last
    assert tuple(every[len(every) // 2:len(every) // 2 + RUN]) in seeds


def test_a_copy_from_the_last_page_of_the_dystopian_legions_source_is_caught(tmp_path: Path) -> None:
    need(SEEDS.is_dir(), f"the seed rulebooks are not at {SEEDS}")
    # the book's last page is its back cover, after the index: the last 1,700 characters of the text
    last_page = plain((SEEDS / DYSTOPIAN_SOURCE).read_text(encoding="utf-8"))[-1700:]
    copied = " ".join(words(last_page)[30:30 + RUN])
    assert len(copied.split()) == RUN
    pack = tmp_path / DYSTOPIAN.name
    shutil.copytree(DYSTOPIAN, pack)
    assert shared_runs(player_facing(pack)) == []  # the copy is clean before anything is planted
    sheet = pack / "quick-reference.yaml"
    text = sheet.read_text(encoding="utf-8")
    anchor = '        - "Placed and Rushed at once make a Regular shot."\n'
    assert anchor in text
    sheet.write_text(text.replace(anchor, anchor + f'        - "Quilted zephyr: {copied}; zephyr quilted."\n'),
                     encoding="utf-8")
    template = pack / "layouts" / "ruler.html"
    template.write_text(template.read_text(encoding="utf-8") + f"<p>Quilted zephyr: {copied.upper()}.</p>\n",
                        encoding="utf-8")
    hits = shared_runs(player_facing(pack))
    assert [hit.split(":")[0] for hit in hits] == [str(sheet), str(template)], hits
    assert all(f"'{copied.lower()}'" in hit for hit in hits), hits
