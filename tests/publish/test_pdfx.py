"""DriveThruCards press files: PDF/X-1a:2003 markers, CMYK only, no transparency, total ink within the limit,
text still text, the same bytes every time; and the ink limiter itself."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy
import pytest
from PIL import Image
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, FloatObject, NameObject, StreamObject

from pnpforge.publish.ink import ink_budget, limit_ink, limit_ink_pixels, opaque_text
from pnpforge.publish.pdfx import PdfxError, cmyk_profile, ghostscript, make_pdfx
from pnpforge.render.stage import cut, render_master

from tests.conftest import need
from tests.render.conftest import LEGION, load

BLEED_MM = 25.4 / 8
CHARACTERS = 3
RGB_SPACES = {"/DeviceRGB", "/CalRGB", "/RGB"}


def need_ghostscript() -> None:
    """Skip without Ghostscript, or fail under CI=true."""
    need(ghostscript() is not None, "Ghostscript (gs) is not installed: apt-get install ghostscript")


@pytest.fixture(scope="module")
def legion(tmp_path_factory):
    """Three Legion characters and their back, rendered once: RGB, translucent panels and text, shadings."""
    pack = load(LEGION)
    names = {item.id: item.get("name") for item in pack.of_type("character")[:CHARACTERS]}
    out = tmp_path_factory.mktemp("legion")
    wanted = {f"character/{item}" for item in names}
    master = render_master(pack, "en", out, [BLEED_MM], jobs=1,
                           select=lambda face: face.key in wanted or face.key == "character/back/whites")
    return master, names, out


@pytest.fixture(scope="module")
def press(legion, tmp_path_factory):
    """The characters at 1/8 inch bleed and their press file."""
    need_ghostscript()
    master, names, out = legion
    source = cut(master, out / "eighth", lambda face: BLEED_MM).pdfs[0]
    target = tmp_path_factory.mktemp("press") / "characters.pdf"
    make_pdfx(source, target, "Legion: characters")
    return source, target, names


def test_info_and_output_intent_say_pdfx_1a(press) -> None:
    _, target, _ = press
    reader = PdfReader(target)
    assert reader.pdf_header == "%PDF-1.3"
    info = reader.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == info["/GTS_PDFXConformance"] == "PDF/X-1a:2003"
    assert (info["/Trapped"], info["/Title"]) == ("/False", "Legion: characters")
    assert "/CreationDate" in info and "/ModDate" in info and "/ID" in reader.trailer
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert (intent["/S"], intent["/RegistryName"], intent["/OutputConditionIdentifier"]) == \
        ("/GTS_PDFX", "http://www.color.org", "CGATS TR 001")
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    assert profile.get_data() == cmyk_profile(ghostscript()).read_bytes()


def test_every_page_keeps_the_source_boxes(press) -> None:
    source, target, _ = press
    sources, pages = PdfReader(source).pages, PdfReader(target).pages
    assert len(pages) == len(sources) == CHARACTERS + 1
    for source_page, page in zip(sources, pages):
        assert "/TrimBox" in page and "/BleedBox" in page
        assert _relative(page.trimbox, page) == pytest.approx(_relative(source_page.trimbox, source_page), abs=0.01)
        assert _relative(page.bleedbox, page) == pytest.approx(_relative(source_page.mediabox, source_page), abs=0.01)
        assert (float(page.mediabox.width), float(page.mediabox.height)) == \
            pytest.approx((float(source_page.mediabox.width), float(source_page.mediabox.height)), abs=0.01)
    assert [float(v) for v in pages[0].trimbox] == pytest.approx([9, 9, 189, 261], abs=0.01)  # 63.5 x 88.9 mm


def test_no_rgb_and_no_transparency(press) -> None:
    source, target, _ = press
    assert _rgb_and_transparency(PdfReader(source)) >= {"/DeviceRGB", "alpha", "group"}  # what there was to remove
    assert _rgb_and_transparency(PdfReader(target)) == set()


def test_total_ink_is_within_the_limit(press) -> None:
    source, target, _ = press
    assert max(_max_ink(source)) > 240  # the source's near-black text is about 280 % once in CMYK
    assert all(ink <= 240 for ink in _max_ink(target)), _max_ink(target)


def test_text_stays_text_with_embedded_fonts(press) -> None:
    _, target, names = press
    reader = PdfReader(target)
    for page, name in zip(reader.pages, names.values()):
        assert name in " ".join(page.extract_text().split())
    descriptors = [font.get_object() for font in _fonts(reader)]
    assert descriptors and all({"/FontFile", "/FontFile2", "/FontFile3"} & set(font) for font in descriptors)


def test_the_same_source_gives_the_same_bytes(press, tmp_path: Path) -> None:
    source, target, _ = press
    again = tmp_path / "again.pdf"
    make_pdfx(source, again, "Legion: characters")
    assert again.read_bytes() == target.read_bytes()


def test_copies_share_one_image_and_boxes_move_to_the_origin(legion, tmp_path: Path) -> None:
    need_ghostscript()
    master, _, out = legion
    source = cut(master, out / "three-mm", lambda face: 3.0).pdfs[0]  # cut inside the master: origin not 0 0
    source_page = PdfReader(source).pages[0]
    assert float(source_page.mediabox.left) > 0.4
    target = tmp_path / "copies.pdf"
    make_pdfx(source, target, "copies", order=[0, 0, 0, 3])
    reader = PdfReader(target)
    assert len(reader.pages) == 4
    images = {ref.idnum for page in reader.pages for ref in page["/Resources"]["/XObject"].values()}
    assert len(images) == 2
    page = reader.pages[0]
    assert [float(v) for v in page.mediabox][:2] == [0, 0]
    assert _relative(page.trimbox, page) == pytest.approx(_relative(source_page.trimbox, source_page), abs=0.01)


def test_without_ghostscript_a_readable_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert ghostscript() is None
    with pytest.raises(PdfxError) as error:
        make_pdfx(tmp_path / "in.pdf", tmp_path / "out.pdf", "deck")
    assert str(error.value) == ("Ghostscript (gs) is not installed; DriveThruCards files need it: "
                                "apt-get install ghostscript")
    assert not (tmp_path / "out.pdf").exists()


def test_a_file_ghostscript_cannot_read_is_a_readable_error(tmp_path: Path) -> None:
    need_ghostscript()
    broken = tmp_path / "broken.pdf"
    broken.write_text("not a PDF")
    with pytest.raises(PdfxError, match=r"^Ghostscript failed on .*broken\.pdf: Error: /\w+"):
        make_pdfx(broken, tmp_path / "out.pdf", "deck")
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize(("cmyk", "max_ink", "limited"), [
    ((0.2, 0.3, 0.1, 0.5), 240, (0.2, 0.3, 0.1, 0.5)),  # within the limit: unchanged
    ((1.0, 1.0, 1.0, 1.0), 240, (1.4 / 3, 1.4 / 3, 1.4 / 3, 1.0)),  # K kept, the rest shares what is left
    ((0.6, 0.3, 0.9, 0.9), 240, (0.5, 0.25, 0.75, 0.9)),  # C, M, Y keep their proportions
    ((0.5, 0.5, 0.0, 1.0), 80, (0.0, 0.0, 0.0, 0.8)),  # K alone over the limit: clamped
])
def test_limit_ink(cmyk, max_ink: float, limited) -> None:
    found = limit_ink(*cmyk, max_ink)
    assert found == pytest.approx(limited)
    assert sum(found) <= max_ink / 100


def test_limit_ink_pixels_stays_within_the_limit_after_rounding() -> None:
    assert ink_budget(240) == 612
    pixels = numpy.array([[[255, 255, 255, 1],  # C, M, Y would round to 204 each: 613 in all
                           [255, 255, 255, 255],
                           [10, 20, 30, 40],  # within the limit: unchanged
                           [0, 0, 0, 0]]], dtype=numpy.uint8)
    limited = limit_ink_pixels(pixels, 240)
    assert limited.dtype == numpy.uint8 and limited.shape == pixels.shape
    assert limited[0, 0].tolist() == [203, 203, 203, 1]
    assert limited[0, 1].tolist() == [119, 119, 119, 255]
    assert limited[0, 2:].tolist() == pixels[0, 2:].tolist()
    noise = numpy.random.default_rng(7).integers(0, 256, (64, 64, 4), dtype=numpy.uint8)
    limited = limit_ink_pixels(noise, 240)
    assert limited.astype(int).sum(axis=2).max() / 255 * 100 <= 240
    within = noise.astype(int).sum(axis=2) <= 612
    assert 0 < within.sum() < within.size and (limited[within] == noise[within]).all()
    assert (limited[..., 3] == noise[..., 3]).all()  # K is kept (K alone never reaches 240 %)


def test_opaque_text_bakes_opacity_into_limited_colours() -> None:
    writer = PdfWriter()
    page = writer.add_blank_page(100, 100)
    empty_group = StreamObject()
    empty_group.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                        NameObject("/BBox"): _array(0, 0, 100, 100),
                        NameObject("/Group"): DictionaryObject({NameObject("/S"): NameObject("/Transparency")})})
    half = DictionaryObject({NameObject("/ca"): FloatObject(0.5), NameObject("/CA"): FloatObject(0.5),
                             NameObject("/BM"): NameObject("/Multiply")})
    page[NameObject("/Resources")] = DictionaryObject({
        NameObject("/ExtGState"): DictionaryObject({NameObject("/Half"): half}),
        NameObject("/XObject"): DictionaryObject({NameObject("/Empty"): writer._add_object(empty_group)})})
    content = StreamObject()
    content.set_data(b"0.7 0.7 0.7 0.9 k q /Half gs BT ET /Empty Do 0.4 g Q BT ET 1 0 0 rg")
    page.replace_contents(content)
    opaque_text(page, writer, 240)
    operations = [(operator.decode(), [float(v) if isinstance(v, float) else v for v in operands])
                  for operands, operator in ContentStream(page.get_contents(), writer).operations]
    colours = [(operator, operands) for operator, operands in operations if operator in ("k", "g", "K", "G")]
    assert colours == [
        ("k", [0.498039, 0.498039, 0.498039, 0.898039]),  # 300 % limited to under 240 % in 8-bit steps
        ("k", [0.349020, 0.349020, 0.349020, 0.447059]),  # at half opacity: half the ink
        ("G", [0.501961]),  # the stroke (black) at half opacity
        ("g", [0.701961]),  # 60 % gray at half opacity: 30 %
        ("k", [0.0, 1.0, 1.0, 0.0]),  # back to opaque after Q; RGB red as CMYK
    ]
    assert "Do" not in [operator for operator, _ in operations]  # the empty group is dropped
    assert dict(page["/Resources"]["/ExtGState"]["/Half"]) == {}


def _array(*values: float) -> ArrayObject:
    """A PDF array of numbers."""
    return ArrayObject(FloatObject(value) for value in values)


def _relative(box, page) -> list[float]:
    """A box relative to the page's MediaBox corner (Ghostscript moves that corner to 0 0)."""
    left, bottom = float(page.mediabox.left), float(page.mediabox.bottom)
    return [float(box.left) - left, float(box.bottom) - bottom, float(box.right) - left, float(box.top) - bottom]


def _max_ink(pdf: Path, dpi: int = 150) -> list[float]:
    """The largest total ink (percent) on each page, rasterised in CMYK by Ghostscript."""
    folder = pdf.parent / f"{pdf.stem}-ink"
    folder.mkdir(exist_ok=True)
    subprocess.run([ghostscript(), "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", f"-r{dpi}",
                    f"-sOutputFile={folder / 'page-%03d.tif'}", str(pdf)], check=True)
    return [numpy.asarray(Image.open(path)).astype(int).sum(axis=2).max() / 255 * 100
            for path in sorted(folder.glob("page-*.tif"))]


def _rgb_and_transparency(reader: PdfReader) -> set[str]:
    """What of RGB and transparency the pages use: in their resources, forms, images, shadings and patterns
    (followed recursively) and in their content streams."""
    found: set[str] = set()
    seen: set[int] = set()

    def visit(value) -> None:
        """Look at one object and everything it refers to (but a page's parent), each once."""
        if hasattr(value, "idnum"):
            if value.idnum in seen:
                return
            seen.add(value.idnum)
        value = value.get_object()
        if isinstance(value, dict):
            _check_dictionary(value, found)
            if value.get("/Type") == "/Page":
                _check_content(value.get_contents(), reader, found)
            elif value.get("/Subtype") == "/Form" or value.get("/PatternType") == 1:
                _check_content(value, reader, found)
            for key, item in value.items():
                if key != "/Parent":
                    visit(item)
        elif isinstance(value, list):
            if value and value[0] == "/ICCBased" and value[1].get_object().get("/N") == 3:
                found.add("ICCBased N 3")
            for item in value:
                visit(item)
        elif isinstance(value, str) and value in RGB_SPACES:
            found.add(str(value))

    for page in reader.pages:
        visit(page)
    return found


def _check_dictionary(value, found: set[str]) -> None:
    """Transparency settings in one dictionary."""
    for key in ("/ca", "/CA"):
        if key in value and float(value[key]) < 1:
            found.add("alpha")
    if value.get("/SMask", "/None") != "/None":
        found.add("soft mask")
    if value.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
        found.add("blend mode")
    if value.get("/S") == "/Transparency":
        found.add("group")


def _check_content(stream, reader: PdfReader, found: set[str]) -> None:
    """RGB colour operators in a page's, a form's or a pattern's content."""
    if stream is None:
        return
    for operands, operator in ContentStream(stream, reader).operations:
        if operator in (b"rg", b"RG") or (operator in (b"cs", b"CS") and operands[0] in RGB_SPACES):
            found.add(f"{operator.decode()} operator")


def _fonts(reader: PdfReader) -> list:
    """The font descriptors of every font on the pages (a Type 0 font's through its descendant)."""
    descriptors = []
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            for part in [font, *(descendant.get_object() for descendant in font.get("/DescendantFonts", []))]:
                if "/FontDescriptor" in part:
                    descriptors.append(part["/FontDescriptor"])
    return descriptors


def test_the_drivethrucards_preset_writes_each_deck_back_then_front(tmp_path: Path) -> None:
    """The shared preset through the build: a deck PDF per type of cards, each copy as its back then its front,
    trim + 1/8 in, PDF/X-1a, CMYK within 240 %, every front's text still text (the last merchant's text layer
    once kept a pattern of translucent art that made the page one image); a second build rewrites nothing."""
    need_ghostscript()
    from pnpforge.publish.drivethru import build_deck_pdfs
    from pnpforge.publish.shop import load_presets
    from tests.render.conftest import LANTERN

    pack = load(LANTERN)
    preset, = [p for p in load_presets() if p.id == "drivethrucards"]
    master = render_master(pack, "en", tmp_path, [preset.bleed_mm], jobs=1)
    result = build_deck_pdfs(pack, master, preset, tmp_path, "en")
    assert result.findings == []
    assert sorted(p.name for p in result.pdfs) == ["merchant.pdf", "stall.pdf"]
    merchants = tmp_path / "shop" / "drivethrucards" / "merchant.pdf"
    reader = PdfReader(merchants)
    items = pack.of_type("merchant")
    assert len(reader.pages) == 2 * sum(item.qty for item in items)
    fronts = [page.extract_text() for page in reader.pages[1::2]]
    expected = [item.get("name")["en"] for item in items for _ in range(item.qty)]
    assert all(name in text for name, text in zip(expected, fronts, strict=True))
    backs = [page.extract_text() for page in reader.pages[0::2]]
    assert all("Lantern Market" in text and not any(name in text for name in expected) for text in backs)
    for page in reader.pages:
        assert float(page.mediabox.width) / 72 * 25.4 == pytest.approx(63.5 + 2 * BLEED_MM, abs=0.02)
        assert float(page.trimbox.width) / 72 * 25.4 == pytest.approx(63.5, abs=0.02)
    assert reader.trailer["/Info"].get_object()["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert _rgb_and_transparency(reader) == set()
    inks = _max_ink(merchants, dpi=72)
    assert max(inks) <= 240 and min(inks) > 0
    stamp = merchants.stat().st_mtime_ns
    build_deck_pdfs(pack, master, preset, tmp_path, "en")
    assert merchants.stat().st_mtime_ns == stamp


def test_cards_without_a_back_get_a_blank_back_page(tmp_path: Path) -> None:
    """Legion's player aids have no back: each copy is a blank page then its front, the blank page stored once."""
    need_ghostscript()
    from pnpforge.publish.drivethru import build_deck_pdfs
    from pnpforge.publish.shop import load_presets

    pack = load(LEGION)
    preset, = [p for p in load_presets() if p.id == "drivethrucards"]
    master = render_master(pack, "en", tmp_path, [preset.bleed_mm], jobs=1, select=lambda f: f.type == "aid_card")
    result = build_deck_pdfs(pack, master, preset, tmp_path, "en")
    assert [p.name for p in result.pdfs] == ["aid_card.pdf"]
    reader = PdfReader(result.pdfs[0])
    assert len(reader.pages) == 2 * sum(item.qty for item in pack.of_type("aid_card"))
    inks = _max_ink(result.pdfs[0], dpi=36)
    assert max(inks[0::2]) == 0 and min(inks[1::2]) > 0
    source = PdfReader(tmp_path / "cache" / "shop" / "drivethrucards" / "aid_card.rgb.pdf")
    assert len(source.pages) == 1 + len(pack.of_type("aid_card"))  # one blank page, each front once


def test_without_ghostscript_the_build_warns_and_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A designer without Ghostscript still gets every other output: one warning says what to install."""
    from pnpforge.publish.drivethru import build_deck_pdfs
    from pnpforge.publish.shop import load_presets
    from tests.render.conftest import LANTERN

    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    pack = load(LANTERN)
    preset, = [p for p in load_presets() if p.id == "drivethrucards"]
    master = render_master(pack, "en", tmp_path, [preset.bleed_mm], jobs=1, select=lambda f: f.type == "stall")
    result = build_deck_pdfs(pack, master, preset, tmp_path, "en")
    assert result.pdfs == []
    assert [(f.severity, f.message) for f in result.findings] == [
        ("warning", "DriveThruCards files not made: Ghostscript (gs) is not installed; apt-get install ghostscript")]


def test_press_files_are_made_only_when_shop_files_are_asked_for(tmp_path: Path) -> None:
    """A full build leaves the DriveThruCards files out (too slow for every build); ``--only shop`` makes them."""
    need_ghostscript()
    from pnpforge.publish.outputs import build_outputs
    from tests.render.conftest import LANTERN

    pack = load(LANTERN)
    full = build_outputs(pack, "en", tmp_path / "full", only=("faces", "shop"), select=lambda f: f.type == "stall")
    assert "drivethrucards" in {shop.preset.id for shop in full.shops}
    every = build_outputs(pack, "en", tmp_path / "every", only=None, select=lambda f: f.type == "stall")
    assert "drivethrucards" not in {shop.preset.id for shop in every.shops}
    assert not (tmp_path / "every" / "lantern-market" / "shop" / "drivethrucards").exists()
