"""docs/rules-syntax.md, linked from the README, is the one description of what a rules page may hold: it names
every block macro the rulebook knows, and its examples written for the worked example pack (harbour-lights) draw
without an error there."""

from __future__ import annotations

import re
from pathlib import Path

from pnpforge.content.pack import load_pack
from pnpforge.findings import display_path
from pnpforge.publish.rulebook.book import Page, load_sources
from pnpforge.publish.rulebook.chapters import MACROS
from pnpforge.publish.rulebook.document import write_rulebook
from pnpforge.publish.rulebook.figures import Figures

from tests.conftest import DATA, REPO

DOC = REPO / "docs" / "rules-syntax.md"
HARBOUR_EXAMPLES = ["`:coin:`", "`[[ship]]`", r"`[[ships\|hired ships]]`", "`{card salt-wind old-anchor}`",
                    "`{table ship: name, cost=Cost, speed=Speed}`", "`{table ship cost=3: name, speed}`",
                    "## Docking {#docking"]


def test_the_readme_links_the_rules_syntax_and_it_names_every_macro() -> None:
    assert "(docs/rules-syntax.md)" in (REPO / "README.md").read_text(encoding="utf-8")
    text = DOC.read_text(encoding="utf-8")
    assert [name for name in MACROS if f"`{{{name} " not in text] == []


def test_the_examples_of_the_doc_draw_in_the_worked_example(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert [example for example in HARBOUR_EXAMPLES if example not in text] == []
    pack, problems = load_pack(DATA / "harbour-lights")
    assert pack is not None, problems
    lines = [example.strip("`").replace(r"\|", "|") for example in HARBOUR_EXAMPLES[:-1]]
    page_text = "# Syntax\n\n" + "\n\n".join(lines) + "\n\n## Docking {#docking .rules-box}\n"
    path = tmp_path / "01-syntax.md"
    path.write_text(page_text, encoding="utf-8")
    sources = load_sources(pack, "en")
    sources.pages = [Page(path, display_path(path), page_text)]
    book = write_rulebook(sources, Figures(pack, "en", tmp_path / "art"), "en")
    assert [str(f) for f in book.findings if f.mark and f.mark.path == display_path(path)] == []
    html = str(book.chapters[0].html)
    assert 'data-face="ship/salt-wind"' in html and ">hired ships</a>" in html
    assert re.search(r'<h2[^>]*id="docking"', html)
