"""The PDF rulebook's own words come from ``layouts/rulebook/strings/<lang>.yaml``: the German Legie has no English
word of the book's own left, the template writes no word of its own, a pack overrides a word or adds a language,
and a language without words falls back to English with one warning."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from pypdf import PdfReader

from pnpforge.content.pack import load_pack
from pnpforge.content.source import load_yaml
from pnpforge.findings import display_path
from pnpforge.publish.rulebook import build_rulebook, prepare
from pnpforge.publish.rulebook.book import load_sources
from pnpforge.publish.rulebook.document import book_html
from pnpforge.publish.rulebook.strings import load_strings
from pnpforge.render.layouts import LAYOUTS_DIR

from tests.conftest import DATA, REPO
from tests.games.legie.helpers import load_pack_once
from tests.publish.rulebook.test_pdf import page_lines

STRINGS = REPO / "layouts" / "rulebook" / "strings"
WORD = re.compile(r"[^\W\d_]+")
LABELS = re.compile(r'<(span|div) class="rb-(?:example|outcome)-label">.*?</\1>', re.DOTALL)  # the book's own words


def words(text: str) -> set[str]:
    """The words of a text, placeholders and markup left out, case folded."""
    return {w.casefold() for w in WORD.findall(re.sub(r"\{[a-z_]+\}|<[^>]+>|&[a-z]+;", " ", text))}


def strings(lang: str) -> dict[str, str]:
    return load_yaml(STRINGS / f"{lang}.yaml").data


def test_the_shared_languages_have_the_same_keys() -> None:
    assert set(strings("de")) == set(strings("en"))


def test_the_german_legie_has_no_english_word_of_the_book_s_own(tmp_path) -> None:
    pack = load_pack_once()
    findings = build_rulebook(pack, tmp_path, "de", cache=REPO / "build" / "legie" / "de" / "cache" / "rulebook")
    assert [str(f) for f in findings if f.severity != "info"] == []
    english = set().union(*map(words, strings("en").values())) - set().union(*map(words, strings("de").values()))
    book = prepare(pack, tmp_path / "prepared", "de")  # the pack's own German text: its words may be anything
    own = " ".join([LABELS.sub(" ", str(c.html)) for c in book.chapters] + [f"{t} {d}" for t, _, d in book.glossary])
    checked = english - words(own)
    assert {"contents", "glossary", "index", "example", "rules", "play"} <= checked
    text = " ".join(" ".join(lines) for lines in page_lines(tmp_path / "rulebook-a4.pdf"))
    assert sorted(checked & words(text)) == []
    first = " ".join(PdfReader(tmp_path / "rulebook-a4.pdf").pages[0].extract_text().split())
    assert "Spielregel" in first and "Version 1.0" in first
    assert {"inhalt", "glossar", "register", "beispiel", "geschieht"} <= words(text)


def test_the_template_writes_no_word_of_its_own() -> None:
    template = (REPO / "layouts" / "rulebook" / "rulebook.html").read_text(encoding="utf-8")
    visible = re.sub(r"\{#.*?#\}|\{\{.*?\}\}|\{%.*?%\}", " ", template, flags=re.DOTALL)
    visible = re.sub(r"<(style|title)>.*?</\1>|<[^>]+>", " ", visible, flags=re.DOTALL)
    assert visible.split() == []


def test_a_language_without_words_falls_back_to_english_with_one_warning() -> None:
    findings = []
    found = load_strings(load_pack_once(), "fr", LAYOUTS_DIR, findings)
    assert found == strings("en")
    assert [(f.severity, "'fr'" in f.message) for f in findings] == [("warning", True)]


def lantern(tmp_path: Path):
    """The fixture pack with its short rulebook in English and German."""
    root = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", root)
    shutil.copytree(DATA / "lantern-rules" / "rules", root / "rules")
    return root


def test_a_pack_overrides_a_word_adds_a_language_and_a_book_overrides_both(tmp_path) -> None:
    root = lantern(tmp_path)
    own = root / "layouts" / "rulebook" / "strings"
    own.mkdir(parents=True)
    (own / "de.yaml").write_text("index: Stichwörter\n", encoding="utf-8")
    (own / "fr.yaml").write_text("contents: Sommaire\nglossary: Glossaire\n", encoding="utf-8")
    pack, problems = load_pack(root)
    assert pack is not None, problems
    german = load_sources(pack, "de")
    assert german.findings == []
    assert (german.label("index"), german.label("glossary"), german.label("subtitle")) == \
        ("Stichwörter", "Glossar", "Spielregel")
    html = book_html(prepare(pack, tmp_path / "out", "de"), LAYOUTS_DIR)
    assert ">Stichwörter<" in html and ">Inhalt<" in html and "Version 1<" in html
    findings = []
    french = load_strings(pack, "fr", LAYOUTS_DIR, findings)
    assert (french["contents"], french["glossary"], french["index"]) == ("Sommaire", "Glossaire", "Index")
    missing = ", ".join(key for key in strings("en") if key not in ("contents", "glossary"))
    assert [f.message for f in findings] == [f"the rulebook's words in 'fr' lack {missing}; the English words are used"]
    assert findings[0].mark.path == display_path(own / "fr.yaml")
    (root / "rules" / "de" / "rulebook.yaml").write_text("labels: {index: Verzeichnis}\n", encoding="utf-8")
    assert load_sources(pack, "de").label("index") == "Verzeichnis"


def test_a_broken_strings_file_is_reported_at_its_line(tmp_path) -> None:
    root = lantern(tmp_path)
    own = root / "layouts" / "rulebook" / "strings"
    own.mkdir(parents=True)
    (own / "en.yaml").write_text("contents: Contents\nindex: [Index]\n", encoding="utf-8")
    pack, _ = load_pack(root)
    findings = []
    assert load_strings(pack, "en", LAYOUTS_DIR, findings)["index"] == "Index"  # the shared word stays
    assert [str(f) for f in findings] == [f"{display_path(own / 'en.yaml')}:2:1: error: index: expected a string, "
                                          "found list"]


def test_page_breaks_name_chapters_and_an_unknown_one_is_reported_with_the_chapters(tmp_path) -> None:
    root = lantern(tmp_path)
    book = root / "rules" / "en" / "rulebook.yaml"
    book.write_text("page_breaks: [the-market, glossary, winning]\n", encoding="utf-8")
    pack, _ = load_pack(root)
    sources = load_sources(pack, "en")
    assert sources.breaks_before() == {"the-market", "glossary", "winning"}
    assert [str(f) for f in sources.findings] == [f"{display_path(book)}:1:37: error: page_breaks: no chapter "
                                                  "'winning'; chapters: the-market, glossary, index"]
    html = book_html(prepare(pack, tmp_path / "out", "en"), LAYOUTS_DIR)
    assert '<section class="rb-chapter rb-break-before" data-page="01-the-market.md">' in html
    assert '<section class="rb-chapter rb-glossary rb-break-before">' in html
    book.write_text("page_breaks: []\n", encoding="utf-8")
    assert "rb-break-before" not in book_html(prepare(pack, tmp_path / "out", "en"), LAYOUTS_DIR)


def test_the_layout_docs_name_every_rulebook_key_and_every_word() -> None:
    from pnpforge.publish.rulebook.book import BookFile

    text = (REPO / "docs" / "layouts.md").read_text(encoding="utf-8")
    assert [key for key in BookFile.model_fields if f"| `{key}` |" not in text] == []
    assert [key for key in strings("en") if f"`{key}`" not in text] == []
