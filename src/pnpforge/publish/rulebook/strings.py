"""The PDF rulebook's own words, per language: ``layouts/rulebook/strings/<lang>.yaml``.

Everything the book writes itself (the contents' and glossary's titles, the index, the label of an example box,
the cover's subtitle and version line) comes from these files, never from the code or the template. They are
found through the layout resolver, so each layer may hold them: the shared set (English and German), the packs a
pack names in ``layouts_from``, and the pack's own ``layouts/``; later layers override earlier ones key by key.
A language no layer has falls back to English with one warning; a key a language lacks takes the English word,
also with one warning naming the keys. A book's ``rulebook.yaml`` may still override single words (``labels:``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.resolver import Resolver
from pnpforge.render.words import read_words, word_files

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

STRINGS_DIR = "rulebook/strings"
FALLBACK = "en"


def strings_files(pack: Pack, lang: str, layouts_dir: Path) -> list[Path]:
    """The files of one language, the shared set's first and the pack's own last."""
    return word_files(pack, layouts_dir, STRINGS_DIR, lang)


def load_strings(pack: Pack, lang: str, layouts_dir: Path, findings: list[Finding]) -> dict[str, str]:
    """The book's words in ``lang`` (English where the language has none); problems are added to ``findings``."""
    english = _merged(strings_files(pack, FALLBACK, layouts_dir), findings)
    if lang == FALLBACK:
        return english
    files = strings_files(pack, lang, layouts_dir)
    resolver = Resolver.for_pack(pack, layouts_dir)
    if not files:
        findings.append(Finding("warning", f"the rulebook has no words in language '{lang}' (no "
                                           f"{STRINGS_DIR}/{lang}.yaml in {resolver.places(STRINGS_DIR)}); its "
                                           "contents, glossary, index and examples are titled in English",
                                mark=Mark(display_path(resolver.layers[0].folder(STRINGS_DIR))), rule="rulebook"))
        return english
    own = _merged(files, findings)
    missing = [key for key in english if key not in own]
    if missing:
        findings.append(Finding("warning", f"the rulebook's words in '{lang}' lack {', '.join(missing)}; the English "
                                           "words are used", mark=Mark(display_path(files[-1])), rule="rulebook"))
    return {**english, **own}


def _merged(files: list[Path], findings: list[Finding]) -> dict[str, str]:
    """The files' words, later files overriding earlier ones key by key."""
    words: dict[str, str] = {}
    for path in files:
        words.update(read_words(path, findings, "rulebook"))
    return words
