"""Bold and italic in card text, drawn by both renderers: the face's HTML carries ``strong`` and ``em`` (raw HTML in
the text stays escaped), the native renderer and WeasyPrint both set them in the body font's bold and italic faces,
their pixels agree within the renderers' bound, and the fit measures the bold words in the bold face."""

from __future__ import annotations

import shutil

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from weasyprint.text.fonts import FontConfiguration

from pnpforge.check.pack import check_pack
from pnpforge.render import stage
from pnpforge.render.faces import pack_faces
from pnpforge.render.fit import Run, emphasised
from pnpforge.render.fonts import load_fonts
from pnpforge.render.fragments import PdfBuilder
from pnpforge.render.native.face import NativeRenderer
from pnpforge.render.pdf import html_to_pdf
from pnpforge.render.verify import image_share

from tests.conftest import DATA

TEXT = "**Dock:** every *other* captain pays you 1 :coin: (5* at night) <b>x</b>."


@pytest.fixture(scope="module")
def face(tmp_path_factory):
    """The Timber Queen's front with emphasis in its text: its document, the renderers' roots and fonts."""
    root = tmp_path_factory.mktemp("emphasis") / "harbour-lights"
    shutil.copytree(DATA / "harbour-lights", root)
    ships = root / "ships.csv"
    ships.write_text(ships.read_text(encoding="utf-8").replace(
        "Dock: every other captain pays you 1 :coin:.", f'"{TEXT}"'), encoding="utf-8")
    pack = check_pack(str(root)).pack
    assert pack is not None
    faces, _ = pack_faces(pack, stage.open_layouts(pack))
    queen = next(f for f in faces if f.key == "ship/timber-queen")
    renderer = stage._renderer(pack, "en", root.parent / "out", queen.layout.bleed, stage.LAYOUTS_DIR)
    return renderer.document([queen], "test"), renderer


def _fonts(pdf: bytes) -> set[str]:
    import io

    page = PdfReader(io.BytesIO(pdf)).pages[0]
    return {str(ref.get_object()["/BaseFont"]).split("+")[-1] for ref in page["/Resources"]["/Font"].values()}


def _text(pdf: bytes) -> str:
    import io

    return PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


def _image(pdf: bytes):
    return pdfium.PdfDocument(pdf)[0].render(scale=300 / 72).to_pil().convert("RGB")


def test_the_face_html_has_strong_and_em_and_escapes_raw_html(face) -> None:
    html, _ = face
    assert "<strong>Dock:</strong> every <em>other</em> captain pays you 1 <svg" in html
    assert "(5* at night) &lt;b&gt;x&lt;/b&gt;." in html
    assert "**" not in html


def test_both_renderers_set_bold_and_italic_in_the_body_faces(face) -> None:
    html, renderer = face
    fragment = NativeRenderer(renderer.fonts, renderer.roots.as_dict()).render(html)
    builder = PdfBuilder()
    builder.face_page(fragment, {"/MediaBox": fragment.mediabox})
    ours = builder.to_bytes()
    theirs, _ = html_to_pdf(html, renderer.roots.as_dict(), FontConfiguration())
    for pdf in (ours, theirs):
        fonts = _fonts(pdf)  # Lato-Bold natively, pnp-body-Bold from WeasyPrint: the same file
        assert any(name.endswith("-Bold") for name in fonts) and any(name.endswith("-Italic") for name in fonts)
        text = " ".join(_text(pdf).split())
        assert "Dock: every other captain pays you 1" in text and "5* at night" in text and "<b>x</b>" in text
        assert "**" not in text
    share = image_share(_image(ours), _image(theirs))
    assert share <= 0.005, f"{share:.3%} of pixels differ by more than 24/255"


def test_the_fit_measures_bold_words_in_the_bold_face() -> None:
    runs = emphasised("**Dock:** gain *1* :coin:.", "body/regular")
    assert runs == [Run("Dock:", "body/bold"), Run(" gain ", "body/regular"), Run("1", "body/italic"),
                    Run(" :coin:.", "body/regular")]
    fonts = load_fonts()
    bold, regular = fonts.metrics("body/bold"), fonts.metrics("body/regular")
    assert bold.width("Dock:", 8) > regular.width("Dock:", 8)  # so measuring the markers away is not enough
