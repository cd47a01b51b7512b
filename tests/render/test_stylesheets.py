"""Linked stylesheets parsed once per process: the same PDF bytes as WeasyPrint parsing them for every document,
nothing of one document's ``@page`` rules carried to the next, and a sheet with an at-rule or a changed file parsed
again."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import weasyprint
import weasyprint.css
from pypdf import PdfReader

from pnpforge.render import stylesheets
from pnpforge.render.pdf import html_to_pdf

PT_PER_MM = 72 / 25.4
PLAIN = ".box { width: 20mm; height: 30mm; background: #204060; color: #f0e0c0; font-size: 9pt; }\n"


def _document(width: int, height: int, sheets: tuple[str, ...] = ("plain.css",)) -> str:
    links = "".join(f'<link rel="stylesheet" href="pnp:layouts/{name}">' for name in sheets)
    return (f"<!DOCTYPE html><html><head><style>@page {{ size: {width}mm {height}mm; margin: 0; }}</style>{links}"
            f'</head><body><div class="box">a card</div></body></html>')


def _size_mm(pdf: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return round(float(box.width) / PT_PER_MM), round(float(box.height) / PT_PER_MM)


@pytest.fixture
def roots(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "plain.css").write_text(PLAIN, encoding="utf-8")
    (tmp_path / "paged.css").write_text(PLAIN + "@page { margin: 0; }\n", encoding="utf-8")
    stylesheets._SHEETS.clear()
    return {"layouts": tmp_path}


def test_a_kept_sheet_draws_the_same_bytes_as_one_parsed_again(roots, monkeypatch) -> None:
    kept = [html_to_pdf(_document(50, 80), roots)[0] for _ in range(2)]
    assert len(stylesheets._SHEETS) == 1
    monkeypatch.setattr(weasyprint.css, "CSS", weasyprint.CSS)  # WeasyPrint's own parse, every document
    monkeypatch.setattr(stylesheets, "keep_linked_sheets", lambda fetcher: None)
    monkeypatch.setattr("pnpforge.render.pdf.keep_linked_sheets", lambda fetcher: None)
    assert kept == [html_to_pdf(_document(50, 80), roots)[0]] * 2


def test_no_page_rule_travels_with_a_kept_sheet(roots) -> None:
    first, _ = html_to_pdf(_document(50, 80), roots)
    second, _ = html_to_pdf(_document(60, 90), roots)
    assert len(stylesheets._SHEETS) == 1
    assert (_size_mm(first), _size_mm(second)) == ((50, 80), (60, 90))


def test_a_sheet_with_an_at_rule_is_not_kept(roots) -> None:
    html_to_pdf(_document(50, 80, ("paged.css",)), roots)
    assert stylesheets._SHEETS == {}


def test_a_changed_sheet_is_parsed_again(roots) -> None:
    before, _ = html_to_pdf(_document(50, 80), roots)
    (roots["layouts"] / "plain.css").write_text(PLAIN.replace("#204060", "#a03020"), encoding="utf-8")
    after, _ = html_to_pdf(_document(50, 80), roots)
    assert len(stylesheets._SHEETS) == 2 and before != after


def test_a_kept_sheet_warns_each_document_that_uses_it(roots) -> None:
    (roots["layouts"] / "plain.css").write_text(PLAIN + ".box { colour: red; }\n", encoding="utf-8")
    warned = [html_to_pdf(_document(50, 80), roots)[1] for _ in range(2)]
    assert len(stylesheets._SHEETS) == 1
    assert warned[0] and warned[0] == warned[1] and any("colour" in message for message in warned[0])
