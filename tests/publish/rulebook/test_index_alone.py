"""The index laid out alone (when a term's uses share a page) is kept by the key of its own HTML: a book that
changed elsewhere takes it from there instead of laying it out again, with the same bytes."""

from __future__ import annotations

import json

import weasyprint

from pnpforge.publish.rulebook.pdf import INDEX_ALONE, book_task

HEAD = "<html><head><style>@page { size: 100mm 100mm; }</style></head>"


def _book(words: str) -> str:
    return (f'{HEAD}<body><p id="u1">{words}</p><p id="u2">Tokens are spent.</p>'
            '<section id="index"><h1>Index</h1></section></body></html>')


def test_a_book_changed_elsewhere_takes_its_index_from_the_cache(tmp_path, monkeypatch) -> None:
    entries = [["token", "term-token", ["u1", "u2"]]]  # both uses on the first page: the index is laid out alone
    rendered = []
    real = weasyprint.HTML.render
    monkeypatch.setattr(weasyprint.HTML, "render", lambda self, **kw: rendered.append(1) or real(self, **kw))
    book_task(_book("A token is taken."), entries, "Index", {}, str(tmp_path / "first"))
    assert len(rendered) == 2 and len(list(tmp_path.glob(f"*{INDEX_ALONE}.pdf"))) == 1
    book_task(_book("A token is taken, then given back."), entries, "Index", {}, str(tmp_path / "second"))
    assert len(rendered) == 3  # the book only
    assert (tmp_path / "second.index.pdf").read_bytes() == (tmp_path / "first.index.pdf").read_bytes()
    meta = json.loads((tmp_path / "second.json").read_text(encoding="utf-8"))
    assert meta["index_key"] == json.loads((tmp_path / "first.json").read_text(encoding="utf-8"))["index_key"]
    book_task(_book("A token is taken."), [["token", "term-token", ["u1"]]], "Index", {}, str(tmp_path / "third"))
    assert len(rendered) == 4 and "index_key" not in json.loads((tmp_path / "third.json").read_text())
