"""Figure captions laid out alone: a renamed card lays out its caption again, not the book, and the PDFs are the
bytes a build that lays the captions out from nothing writes."""

from __future__ import annotations

import shutil

from pypdf import PdfReader

import pnpforge.publish.rulebook.pdf as pdf
from pnpforge.publish.rulebook import build_rulebook
from pnpforge.publish.rulebook.captions import ANCHOR, document, placeholders, split
from pnpforge.publish.rulebook.document import book_html
from pnpforge.render.layouts import LAYOUTS_DIR

from tests.publish.rulebook.conftest import CACHE

BOOK = (
    '<html><head><link rel="stylesheet" href="pnp:layouts/rulebook/rulebook.css"></head><body>'
    '<section class="rb-chapter"><div class="rb-example"><div class="rb-figures">'
    '<span class="rb-figure rb-type-character" style="width:31.75mm;"><span class="rb-card" id="rb-fig-1">'
    '</span><span class="rb-caption">Ivan &amp; Yuri</span></span></div></div>\n'
    '<p>Text<br><span class="rb-caption">Not <b>one</b></span></p>'
    '<table><tr><td><span class="rb-caption">In a cell</span></td></tr></table></section></body></html>'
)


def test_each_caption_is_found_with_the_elements_it_stands_in() -> None:
    captions = split(BOOK)
    assert [c.text for c in captions] == ["Ivan &amp; Yuri", "In a cell"]  # one with markup in it stays in the book
    assert [tag for tag, _, _ in captions[0].around] == ["html", "body", "section", "div", "div", "span"]
    assert captions[0].around[-1] == ("span", "rb-figure rb-type-character", "width:31.75mm;")
    assert [tag for tag, _, _ in captions[1].around][-3:] == ["table", "tr", "td"]


def test_the_captions_document_has_a_page_a_caption_in_the_same_classes() -> None:
    html = document(BOOK, split(BOOK))
    assert html.count('class="rb-caption-page"') == 2 and 'href="pnp:layouts/rulebook/rulebook.css"' in html
    assert (
        '<section class="rb-chapter rb-around"><div class="rb-example rb-around"><div class="rb-figures rb-around">'
        '<span class="rb-figure rb-type-character" style="width:31.75mm;">'
        f'<span class="rb-caption" id="{ANCHOR}1">Ivan &amp; Yuri</span></span></div></div></section>'
    ) in html
    assert "<td" not in html  # a table's parts would be moved by the HTML parser out of their place


def test_the_book_keeps_an_empty_box_of_each_captions_height() -> None:
    laid = placeholders(BOOK, [10.12, 20.24])
    assert "Ivan" not in laid and "In a cell" not in laid and "Not <b>one</b>" in laid
    assert f'<span class="rb-caption" id="{ANCHOR}1" style="height:10.1200px;box-sizing:border-box;"></span>' in laid
    assert placeholders(BOOK.replace("Ivan", "Nave"), [10.12, 20.24]) == laid


def test_a_renamed_caption_does_not_lay_the_book_out_again(legion, built, prepared, tmp_path, monkeypatch) -> None:
    html = book_html(prepared, LAYOUTS_DIR)
    assert html.count('<span class="rb-caption">Rotmistr Ivan Sablin</span>') == 1
    renamed = html.replace(
        '<span class="rb-caption">Rotmistr Ivan Sablin<', '<span class="rb-caption">Rotmistr Ivan Nilbas<'
    )
    cache = tmp_path / "cache"
    shutil.copytree(CACHE, cache)

    def no_book(*_args) -> None:
        raise AssertionError("the book was laid out again")

    monkeypatch.setattr(pdf, "book_task", no_book)
    findings = build_rulebook(legion, tmp_path / "out", "en", cache=cache, checked=(prepared, renamed))
    assert [f.severity for f in findings] == ["info"]
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "out" / "rulebook-a4.pdf").pages[:6])
    assert "Rotmistr Ivan Nilbas" in text and "Rotmistr Ivan Sablin" not in text
    assert len(PdfReader(tmp_path / "out" / "rulebook-a4.pdf").pages) == len(PdfReader(built["a4"]).pages)
    # the captions laid out from nothing give the same bytes
    for path in cache.glob("*.json"):
        if b'"boxes": [[' in path.read_bytes():  # a captions' layout (a book's boxes are by anchor)
            path.unlink()
    build_rulebook(legion, tmp_path / "again", "en", cache=cache, checked=(prepared, renamed))
    for paper in ("a4", "letter"):
        name = f"rulebook-{paper}.pdf"
        assert (tmp_path / "again" / name).read_bytes() == (tmp_path / "out" / name).read_bytes()
