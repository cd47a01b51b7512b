"""The native renderer against WeasyPrint on the worked example's faces: the same pixels within the issue's bound,
text that stays selectable, fonts embedded as subsets once per file, and a refusal where the CSS goes beyond it."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from weasyprint.text.fonts import FontConfiguration

from pnpforge.check.pack import check_pack
from pnpforge.render import stage
from pnpforge.render.faces import pack_faces
from pnpforge.render.fragments import PdfBuilder
from pnpforge.render.native.dom import Unsupported
from pnpforge.render.native.face import NativeRenderer
from pnpforge.render.pdf import html_to_pdf
from pnpforge.render.verify import image_share

from tests.conftest import DATA

DPI = 300


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    pack = check_pack(str(DATA / "harbour-lights")).pack
    layouts = stage.open_layouts(pack)
    faces, _ = pack_faces(pack, layouts)
    bleed = max(face.layout.bleed for face in faces)
    renderer = stage._renderer(pack, "en", tmp_path_factory.mktemp("out"), bleed, stage.LAYOUTS_DIR)
    documents = {face.key: renderer.document([face], "test") for face in faces}
    return documents, renderer.roots.as_dict(), NativeRenderer(renderer.fonts, renderer.roots.as_dict())


def _native_pdf(native: NativeRenderer, *documents: str) -> bytes:
    builder = PdfBuilder()
    for html in documents:
        fragment = native.render(html)
        builder.face_page(fragment, {"/MediaBox": fragment.mediabox})
    return builder.to_bytes()


def _image(pdf: bytes, page: int = 0):
    return pdfium.PdfDocument(pdf)[page].render(scale=DPI / 72).to_pil().convert("RGB")


@pytest.mark.parametrize("key", ["ship/timber-queen", "ship/old-anchor", "ship/back/all"])
def test_a_native_face_looks_like_weasyprints(example, key: str) -> None:
    documents, roots, native = example
    theirs, _ = html_to_pdf(documents[key], roots, FontConfiguration())
    share = image_share(_image(_native_pdf(native, documents[key])), _image(theirs))
    assert share <= 0.005, f"{key}: {share:.3%} of pixels differ by more than 24/255"


def test_native_text_is_selectable_and_each_font_is_one_subset_per_file(example) -> None:
    documents, _, native = example
    pdf = _native_pdf(native, documents["ship/timber-queen"], documents["ship/old-anchor"])
    reader = PdfReader(io.BytesIO(pdf))
    text = reader.pages[0].extract_text()
    assert "Timber Queen".upper() in text.upper() and "every other captain pays you" in text
    fonts = {}
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            fonts[ref.idnum] = ref.get_object()["/BaseFont"]
    assert len(fonts) == 3  # display, body and bold body, shared by both pages
    tags = [str(name).lstrip("/").split("+")[0] for name in fonts.values()]
    assert all(len(tag) == 6 and tag.isupper() for tag in tags), tags


def test_the_same_faces_give_the_same_bytes(example) -> None:
    documents, _, native = example
    assert _native_pdf(native, *documents.values()) == _native_pdf(native, *documents.values())


def test_css_beyond_the_native_renderer_is_refused(example) -> None:
    documents, _, native = example
    html = documents["ship/timber-queen"].replace('class="speed" style="', 'class="speed" style="float:left;')
    assert html != documents["ship/timber-queen"]
    with pytest.raises(Unsupported, match="float"):
        native.render(html)


def test_the_native_faces_are_not_drawn_by_weasyprint(example, monkeypatch) -> None:
    documents, _, native = example

    def refuse(*args, **kwargs):
        raise AssertionError("WeasyPrint was called")

    monkeypatch.setattr("pnpforge.render.pdf.HTML", refuse)
    monkeypatch.setattr("weasyprint.HTML", refuse)
    assert _native_pdf(native, *documents.values()).startswith(b"%PDF")


def test_a_line_break_in_a_letter_spaced_flex_item_widens_it_as_weasyprint_does(example) -> None:
    """WeasyPrint counts a ``<br>``'s letter spacing on both lines it touches when it sizes a flex item, so a
    centred two-line name set flush left sits that much further left; the native renderer sizes it the same way."""
    documents, roots, native = example
    name = '<span style="letter-spacing: 0.5em; font-size: 12pt; text-align: left">Harbour<br>Lights</span>'
    html = documents["ship/back/all"].replace("<span>Harbour Lights</span>", name)
    assert html != documents["ship/back/all"]
    theirs, _ = html_to_pdf(html, roots, FontConfiguration())
    share = image_share(_image(_native_pdf(native, html)), _image(theirs))
    assert share <= 0.005, f"{share:.3%} of pixels differ by more than 24/255"
