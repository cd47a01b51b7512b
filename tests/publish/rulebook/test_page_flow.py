"""How the rulebooks' pages fill: chapters follow one another, so no page but the last ends above its middle
unless ``rulebook.yaml`` asked for a page break after it; an example box is split only when it is taller than half
a page, and then only after its figures. Every rulebook of our packs, in both paper sizes and both of Legie's
languages, is read from the PDFs ``build_rulebook`` writes (with the layout cache ``pnpforge build`` uses, so after
``make`` this takes a few seconds)."""

from __future__ import annotations

import ctypes
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from pypdf import PdfReader

from pnpforge.content.pack import Pack
from pnpforge.publish.rulebook import build_rulebook, rulebook_targets
from pnpforge.publish.rulebook.book import GLOSSARY, INDEX, Sources, load_sources
from pnpforge.publish.rulebook.document import PAGE

from tests.conftest import REPO
from tests.games.legie.helpers import load_pack_once
from tests.publish.rulebook.conftest import LEGION, load

PT_PER_MM = 72 / 25.4
BOOKS = {"legion-siberian-story": "en", "legion-siberian-journey": "en", "legie": "en", "legie/de": "de"}
PAPERS = ("a4", "letter")
EXAMPLE_FILL, OUTCOME_FILL = (250, 246, 236), (255, 255, 255)  # backgrounds of .rb-example and .rb-outcome
TOLERANCE = 1.5  # pt
BAND = 25.0  # pt: an example's title band is about 8 mm high


def text_area() -> tuple[float, float]:
    """The bottom and top of a page's text area in PDF points (the running header and footer lie outside), from
    the ``@page`` margins of rulebook.css."""
    css = (REPO / "layouts" / "rulebook" / "rulebook.css").read_text(encoding="utf-8")
    top, _, bottom, _ = (float(v) for v in re.search(r"@page \{\s*margin: ([\d.]+)mm ([\d.]+)mm ([\d.]+)mm "
                                                      r"([\d.]+)mm", css).groups())
    return bottom * PT_PER_MM, (PAGE[1] - top) * PT_PER_MM


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, dict]:
    """Each rulebook built once: its sources and both PDFs."""
    built = {}
    for name, lang in BOOKS.items():
        pack_id = name.split("/")[0]
        pack: Pack = load_pack_once() if pack_id == "legie" else load(LEGION.parent / pack_id)
        out = tmp_path_factory.mktemp(name.replace("/", "-"))
        cache = REPO / "build" / name / "cache" / "rulebook"
        findings = build_rulebook(pack, out, lang, cache=cache)
        assert [str(f) for f in findings if f.severity != "info"] == []
        built[name] = {"sources": load_sources(pack, lang), **rulebook_targets(out)}
    return built


def opening_pages(path, sources: Sources) -> dict[str, int]:
    """The page (0-based) each part of the book opens on, from the PDF's outline: contents, chapters, glossary,
    index."""
    reader = PdfReader(path)
    top = [item for item in reader.outline if not isinstance(item, list)]
    names = ["contents", *[page.name for page in sources.pages], GLOSSARY, INDEX]
    assert len(top) == len(names), [item.title for item in top]
    return {name: reader.get_destination_page_number(item) for name, item in zip(names, top)}


def forced_openings(path, sources: Sources) -> set[int]:
    """The pages that open after a page break the book always makes or ``rulebook.yaml`` asks for."""
    opens = opening_pages(path, sources)
    first_chapter = sources.pages[0].name
    return {opens[name] for name in ("contents", first_chapter, INDEX, *sources.breaks_before())}


def text_bottoms(path) -> list[float | None]:
    """Per page, where its body text ends (the lowest character in the text area, in PDF points), or None."""
    low, high = text_area()
    pdf = pdfium.PdfDocument(path)
    bottoms = []
    for page in pdf:
        chars = page.get_textpage()
        found = [box[1] for box in (chars.get_charbox(i) for i in range(chars.count_chars()))
                 if box[2] > box[0] and box[1] > low - TOLERANCE and box[3] < high + TOLERANCE]
        bottoms.append(min(found) if found else None)
    return bottoms


def filled(page, colour: tuple[int, int, int]) -> list[tuple[float, float]]:
    """The (bottom, top) of the page's paths filled with a colour."""
    found = []
    for obj in page.get_objects(max_depth=1):
        if obj.type != pdfium_raw.FPDF_PAGEOBJ_PATH:
            continue
        rgba = [ctypes.c_uint() for _ in range(4)]
        pdfium_raw.FPDFPageObj_GetFillColor(obj, *(ctypes.byref(v) for v in rgba))
        if tuple(v.value for v in rgba[:3]) == colour:
            _, bottom, _, top = obj.get_bounds()
            found.append((bottom, top))
    return found


def example_boxes(path, label: str) -> list[list[tuple[int, float, float, bool]]]:
    """Every example box as its pieces ``(page, bottom, top, opens with the outcome)``: a piece at the head of a
    page without the example's label in its title band goes on from the page before."""
    _, high = text_area()
    label = "".join(label.split()).casefold()
    pdf = pdfium.PdfDocument(path)
    boxes: list[list[tuple[int, float, float, bool]]] = []
    for number, page in enumerate(pdf):
        outcomes, chars = filled(page, OUTCOME_FILL), page.get_textpage()
        for bottom, top in sorted(filled(page, EXAMPLE_FILL), key=lambda box: -box[1]):
            band = "".join(chars.get_text_bounded(0, top - BAND, page.get_width(), top).split()).casefold()
            piece = (number, bottom, top, any(abs(o_top - top) < TOLERANCE for _, o_top in outcomes))
            if boxes and not band.startswith(label) and abs(top - high) < TOLERANCE and \
                    boxes[-1][-1][0] == number - 1:
                boxes[-1].append(piece)
            else:
                boxes.append([piece])
    return boxes


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", BOOKS)
def test_no_page_ends_above_its_middle_unless_a_break_was_asked_for(books, name, paper) -> None:
    book = books[name]
    low, high = text_area()
    middle = (low + high) / 2
    bottoms = text_bottoms(book[paper])
    forced = forced_openings(book[paper], book["sources"])
    short = [f"page {n + 1}: text ends {100 * (bottom - low) / (high - low) if bottom else 100:.0f}% up the page"
             for n, bottom in enumerate(bottoms[:-1]) if n + 1 not in forced and (bottom is None or bottom > middle)]
    assert short == []


@pytest.mark.parametrize("name", BOOKS)
def test_an_example_is_split_only_when_taller_than_half_a_page_and_after_its_figures(books, name) -> None:
    book = books[name]
    low, high = text_area()
    boxes = example_boxes(book["a4"], book["sources"].label("example"))
    stated = sum(len(re.findall(r"^\{example ", page.text, re.MULTILINE)) for page in book["sources"].pages)
    assert len(boxes) == stated  # every example found, each once
    for pieces in boxes:
        if len(pieces) == 1:
            continue
        height = sum(top - bottom for _, bottom, top, _ in pieces)
        assert height > (high - low) / 2, f"page {pieces[0][0] + 1}: an example of {height / (high - low):.0%} " \
                                          "of a page is split"
        assert all(outcome_first for *_, outcome_first in pieces[1:]), \
            f"page {pieces[0][0] + 1}: an example goes on over the page before its outcome"


@pytest.mark.parametrize("name", BOOKS)
def test_chapters_follow_on_and_those_named_in_page_breaks_open_a_page(books, name) -> None:
    book = books[name]
    sources = book["sources"]
    opens = opening_pages(book["a4"], sources)
    pdf = pdfium.PdfDocument(book["a4"])
    titles = {page.name: page.text.splitlines()[0].lstrip("# ").split(" {")[0].casefold() for page in sources.pages}
    first_line = {name: first_text(pdf[opens[name]]).casefold() for name in titles}
    asked = sources.breaks_before() - {GLOSSARY}
    assert asked and all(first_line[name] == titles[name] for name in asked)
    following = [name for name in titles if name not in asked and first_line[name] != titles[name]]
    assert len(following) >= (len(titles) - len(asked)) // 2  # most chapters begin on the page the last one ends on


def first_text(page) -> str:
    """The first line of text a page draws."""
    chars = page.get_textpage()
    return chars.get_text_range(0, chars.count_chars()).splitlines()[0].strip()
