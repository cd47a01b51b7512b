"""The PDF rulebooks: contents with the right page numbers, page sizes, embedded vendored fonts, the index,
card figures, and the same bytes from the same input."""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from pnpforge.publish.rulebook import build_rulebook

from tests.publish.rulebook.conftest import CACHE

TOC_LINE = re.compile(r"^(.*?)\s*\.{3,}\s*(\d+)$")
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
VENDORED = {"Lato", "Lato Black", "Bebas Neue Bold", "EB Garamond 12"}


@lru_cache(maxsize=4)
def page_lines(path: Path) -> tuple[tuple[str, ...], ...]:
    """Each page's text lines without the card faces' text (faster), once per file."""
    found = []
    for page in PdfReader(path).pages:
        xobjects = page["/Resources"].get_object().get("/XObject")
        if xobjects is not None:  # in memory only: the faces are Form XObjects named /RbFace<n>
            for name in [n for n in xobjects.get_object() if n.startswith("/RbFace")]:
                del xobjects.get_object()[name]
        found.append(tuple(" ".join(line.split()) for line in page.extract_text().splitlines() if line.strip()))
    return tuple(found)


def contents(path: Path) -> list[tuple[str, int]]:
    """``(title, page number)`` of every entry of the contents page."""
    found = []
    for line in page_lines(path)[1]:
        match = TOC_LINE.match(line)
        if match:
            found.append((match.group(1), int(match.group(2))))
    return found


def test_the_build_reports_nothing_but_what_it_wrote(built) -> None:
    assert [str(f) for f in built["findings"] if f.severity != "info"] == []
    info = [f.message for f in built["findings"] if f.severity == "info"]
    assert len(info) == 1 and re.fullmatch(r"wrote .*rulebook-a4\.pdf \(\d+ pages\) and .*rulebook-letter\.pdf "
                                           r"\(\d+ pages\) in \d+\.\d s", info[0])


def test_every_contents_entry_names_the_page_where_its_heading_is(built, prepared) -> None:
    pages = page_lines(built["a4"])
    entries = contents(built["a4"])
    headings = [h.text for chapter in prepared.chapters for h in chapter.headings if h.level <= 2]
    assert [title for title, _ in entries] == headings + ["Glossary", "Index"]
    wrong = [f"{title}: the contents say page {number}, which has no such heading" for title, number in entries
             if not 2 < number <= len(pages) or title.casefold() not in {line.casefold() for line in pages[number - 1]}]
    assert wrong == []


def test_the_letter_edition_has_the_same_pages_and_contents(built) -> None:
    a4, letter = PdfReader(built["a4"]), PdfReader(built["letter"])
    assert len(letter.pages) == len(a4.pages)
    assert [" ".join(line.split()) for line in letter.pages[1].extract_text().splitlines()] == \
        list(page_lines(built["a4"])[1])
    assert [" ".join(line.split()) for line in letter.pages[-1].extract_text().splitlines()] == \
        list(page_lines(built["a4"])[-1])


@pytest.mark.parametrize("paper", PAPERS)
def test_pages_have_the_paper_size(built, paper) -> None:
    reader = PdfReader(built[paper])
    sizes = {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in reader.pages}
    assert sizes == {PAPERS[paper]}


def test_pages_are_numbered_in_their_footers(built) -> None:
    pages = page_lines(built["a4"])
    assert [number for number in range(3, len(pages) + 1) if str(number) not in pages[number - 1]] == []


def test_every_font_is_a_vendored_one_and_embedded(built) -> None:
    reader = PdfReader(built["a4"])
    fonts: dict[str, str | None] = {}
    seen: set[int] = set()

    def visit(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for reference in (resources.get("/Font") or {}).values():
            if reference.idnum in seen:
                continue
            seen.add(reference.idnum)
            font = reference.get_object()
            descendants = font.get("/DescendantFonts")
            described = descendants[0].get_object() if descendants else font
            descriptor = described.get("/FontDescriptor")
            files = [descriptor.get_object()[k] for k in ("/FontFile", "/FontFile2", "/FontFile3")
                     if descriptor is not None and k in descriptor.get_object()]
            family = TTFont(io.BytesIO(files[0].get_object().get_data()))["name"].getDebugName(1) if files else None
            fonts[str(font["/BaseFont"])] = family
        for reference in (resources.get("/XObject") or {}).values():
            if reference.idnum in seen:
                continue
            seen.add(reference.idnum)
            xobject = reference.get_object()
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    assert fonts and all(fonts.values()), fonts  # every font has its program embedded
    assert set(fonts.values()) == VENDORED  # and it is one of layouts/fonts/


def test_card_figures_are_drawn_as_vector_faces(built, prepared) -> None:
    reader = PdfReader(built["a4"])
    drawn = sum(len([n for n in (p.get("/Resources").get_object().get("/XObject") or {}) if n.startswith("/RbFace")])
                for p in reader.pages)
    assert drawn >= 60
    example = next(n for n, lines in enumerate(page_lines(built["a4"])) if "A second wound is fatal" in " ".join(lines))
    text = "".join(reader.pages[n].extract_text() for n in (0, example, example + 1)).upper()
    assert "ROTMISTR IVAN" in text and "SERGEANT KUBÁT" in text  # the cover's and an example's cards, as text


def test_the_index_lists_each_page_once_in_sequence(built) -> None:
    page = next(lines for lines in reversed(page_lines(built["a4"])) if lines[0] == "Index")
    entries = [line for line in page[1:] if re.search(r"\d$", line)]
    assert len(entries) >= 40
    for entry in entries:
        numbers = [int(n) for n in re.sub(r"^\D+", "", entry).split(", ")]
        assert numbers == sorted(set(numbers)), entry


def test_the_same_input_gives_the_same_bytes(legion, built, tmp_path) -> None:
    findings = build_rulebook(legion, tmp_path, "en", cache=CACHE)
    assert [f.severity for f in findings] == ["info"]
    for paper in PAPERS:
        assert (tmp_path / f"rulebook-{paper}.pdf").read_bytes() == built[paper].read_bytes()
    assert b"/CreationDate" not in built["a4"].read_bytes()


def test_a_numbered_list_that_goes_on_after_a_heading_keeps_counting(built) -> None:
    # Set-up numbers its steps 1-4, then 5-9 under the next heading, then 10: print engines ignore `start`.
    page = next(lines for lines in page_lines(built["a4"])
                if any("Shuffle the location cards" in line for line in lines))
    markers = [int(line.rstrip(". ")) for line in page if re.fullmatch(r"\d+\.\s*", line)]
    assert markers[:10] == list(range(1, 11)) and markers[10:11] in ([], [1])  # the next chapter's list restarts


def test_an_unchanged_rulebook_is_not_put_together_again_but_a_touched_pdf_is(legion, built, tmp_path,
                                                                               monkeypatch) -> None:
    import pnpforge.publish.rulebook.assemble as assemble

    for paper in PAPERS:
        (tmp_path / f"rulebook-{paper}.pdf").write_bytes(built[paper].read_bytes())
    finished = []
    real = assemble.finish
    monkeypatch.setattr(assemble, "finish",
                        lambda *args: finished.extend(target.name for target in args[3]) or real(*args))
    build_rulebook(legion, tmp_path, "en", cache=CACHE)
    assert finished == ["rulebook-a4.pdf", "rulebook-letter.pdf"]  # no stamps yet: both are put together
    finished.clear()
    info = [f.message for f in build_rulebook(legion, tmp_path, "en", cache=CACHE) if f.severity == "info"]
    pages = len(PdfReader(built["a4"]).pages)
    assert finished == [] and info[0].count(f"({pages} pages)") == 2
    (tmp_path / "rulebook-letter.pdf").write_bytes(b"changed by hand")
    build_rulebook(legion, tmp_path, "en", cache=CACHE)
    assert finished == ["rulebook-letter.pdf"]
    assert (tmp_path / "rulebook-letter.pdf").read_bytes() == built["letter"].read_bytes()
    assert (tmp_path / "rulebook-a4.pdf").read_bytes() == built["a4"].read_bytes()
