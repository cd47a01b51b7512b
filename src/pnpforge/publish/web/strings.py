"""The words of the site's own parts (navigation, buttons, headings, messages) in the site's language.

They are data, one file per language, found through the pack's resolver like every other layout file:
  ``layouts/web/strings/<lang>.yaml``              the shared words (English and German ship with pnpforge)
  ``<other>/layouts/web/strings/<lang>.yaml``      each pack named in ``layouts_from``
  ``<pack>/layouts/web/strings/<lang>.yaml``       the pack's own, which may add a language or change single words

Later files override earlier ones key by key, on top of the shared English words, so a key a language leaves
out reads as in English. A language that no layer has a file for is English throughout, and the build says so
once, as a warning. A file is a mapping of keys to strings; anything else is a located error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.words import read_words, word_files

STRINGS_DIR = "web/strings"
BASE_LANGUAGE = "en"
LANGUAGE_NAME = "language_name"


@dataclass
class Strings:
    """The words of one language, with the files they came from."""

    lang: str
    words: dict[str, str] = field(default_factory=dict)
    sources: list[Path] = field(default_factory=list)
    own: bool = True  # False: no file gives this language, the words are English

    def get(self, key: str) -> str:
        """A word by its key (the key itself when no file gives it)."""
        return self.words.get(key, key)

    @property
    def name(self) -> str:
        """The language's name in itself (``Deutsch``), or its code when no file of its own names it."""
        return self.words.get(LANGUAGE_NAME, self.lang) if self.own else self.lang


def strings_files(pack: Pack | None, layouts_dir: Path, lang: str) -> list[Path]:
    """The files of one language, the shared set's first."""
    return word_files(pack, layouts_dir, STRINGS_DIR, lang)


def _read(path: Path, findings: list[Finding]) -> dict[str, str]:
    """One strings file as a mapping; problems are located errors that block the site."""
    return read_words(path, findings, "web", blocking=True)


def load_strings(pack: Pack | None, layouts_dir: Path, lang: str, findings: list[Finding],
                 warn: bool = True) -> Strings:
    """The words of ``lang``: the English words, then every file of ``lang`` in the resolver's order."""
    strings = Strings(lang)
    for path in strings_files(pack, layouts_dir, BASE_LANGUAGE) if lang != BASE_LANGUAGE else []:
        strings.words.update(_read(path, findings))
    own = strings_files(pack, layouts_dir, lang)
    for path in own:
        strings.words.update(_read(path, findings))
    strings.sources = own
    strings.own = bool(own)
    if not own and warn:
        where = Mark(display_path(pack.game_doc.path)) if pack is not None else None
        findings.append(Finding("warning", f"the web site has no words in language '{lang}' "
                                           f"(layouts/web/strings/{lang}.yaml): its menus and buttons are in English",
                                mark=where, rule="web"))
    return strings
