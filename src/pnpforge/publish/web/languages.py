"""The language switcher of a pack written in several languages: every page links to the same page of the site
in each other language.

The sites of one build lie side by side, ``build/<pack>/web/`` for the pack's first language and
``build/<pack>/<lang>/web/`` for each other, and have the same pages, except for the rules: a rules page is
matched by its number (``rules/07-the-harbour.html`` and ``rules/07-der-hafen.html``), and a page a language
lacks leads to that site's home page. Each site knows the others' pages from the pack alone, so the sites can be
built one after another and their links stay relative (they work from ``file://``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.publish.rulebook.book import PAGE_NAME, rules_folder
from pnpforge.publish.web.strings import load_strings
from pnpforge.render.stage import pack_output_dir

RULES_DIR = "rules"
HOME = "index.html"
WEB_DIR = "web"


@dataclass
class Language:
    """One language's site: its code, its name in itself, its folder and its rules pages by number."""

    lang: str
    name: str
    site: Path
    chapters: dict[str, str] = field(default_factory=dict)  # "07" -> "rules/07-der-hafen.html"

    def page(self, path: str) -> str:
        """This site's page that matches ``path`` of another language's site."""
        folder, _, name = path.rpartition("/")
        if folder != RULES_DIR:
            return path
        return self.chapters.get(name.split("-", 1)[0], HOME)


def rules_pages(pack: Pack, lang: str) -> dict[str, str]:
    """The rules pages a language's site has, by their number."""
    folder = rules_folder(pack, lang)
    if not folder.is_dir():
        return {}
    return {path.name.split("-", 1)[0]: f"{RULES_DIR}/{path.stem}.html"
            for path in sorted(folder.glob("*.md")) if PAGE_NAME.match(path.name)}


class Switcher:
    """The links of every page to the same page in the pack's other languages."""

    def __init__(self, pack: Pack, build_dir: Path, lang: str, layouts_dir: Path, enabled: bool = True):
        """Each language of the pack with its site folder (none when the pack has one language or when
        ``enabled`` is false, as in a live preview that serves one site)."""
        self.lang = lang
        self.languages: list[Language] = []
        if not enabled or len(pack.game.languages) < 2:
            return
        for code in pack.game.languages:
            strings = load_strings(pack, layouts_dir, code, [], warn=False)
            site = pack_output_dir(build_dir, pack, code) / WEB_DIR
            self.languages.append(Language(code, strings.name, site, rules_pages(pack, code)))
        self.here = next(language for language in self.languages if language.lang == lang)

    def links(self, path: str) -> list[dict]:
        """``{lang, name, href, current}`` for each language, the page's own first among them in the pack's
        sequence; hrefs relative to the page at ``path``."""
        found = []
        up = "../" * path.count("/")
        for language in self.languages:
            if language.lang == self.lang:
                found.append({"lang": language.lang, "name": language.name, "href": "", "current": True})
                continue
            between = Path(os.path.relpath(language.site, self.here.site)).as_posix()
            found.append({"lang": language.lang, "name": language.name, "current": False,
                          "href": f"{up}{between}/{language.page(path)}"})
        return found
