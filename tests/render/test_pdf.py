"""Print geometry of the face PDFs, checked on pixels: trim, bleed, overlay zones; vector text, embedded fonts,
and byte-identical output for identical input."""

from __future__ import annotations

import io
import itertools

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops
from pypdf import PdfReader

from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.raster import rasterise
from pnpforge.render.stage import render_master

from tests.render.conftest import PX_PER_MM

PT_PER_MM = 72 / 25.4


def page_of(result, key: str):
    pdf, index = result.pages[key]
    return pdf, index


def raster(result, key: str, transparent: bool = False) -> Image.Image:
    pdf, index = page_of(result, key)
    return next(rasterise(pdf, 300, transparent=transparent, pages=[index]))[1]


def test_poker_face_has_trim_and_3_mm_bleed(lantern_faces, legion_cards) -> None:
    for result, key in ((lantern_faces, "merchant/old-marta"),
                        (legion_cards, next(k for k in legion_cards.pages if k.startswith("character/")))):
        pdf, index = page_of(result, key)
        page = PdfReader(pdf).pages[index]
        width, height = float(page.mediabox.width) / PT_PER_MM, float(page.mediabox.height) / PT_PER_MM
        trim = page.trimbox
        assert width == pytest.approx(63.5 + 6, abs=0.2) and height == pytest.approx(88.9 + 6, abs=0.2)
        assert float(trim.width) / PT_PER_MM == pytest.approx(63.5, abs=0.2)
        assert float(trim.height) / PT_PER_MM == pytest.approx(88.9, abs=0.2)
        assert float(trim.left - page.mediabox.left) / PT_PER_MM == pytest.approx(3, abs=0.05)
        assert float(trim.bottom - page.mediabox.bottom) / PT_PER_MM == pytest.approx(3, abs=0.05)
        image = raster(result, key)
        assert image.size == (round(69.5 * PX_PER_MM), round(94.9 * PX_PER_MM))
        # artwork and background reach the page edge all round: no white pixel on the outermost rows/columns
        w, h = image.size
        for box in ((0, 0, w, 1), (0, h - 1, w, h), (0, 0, 1, h), (w - 1, 0, w, h)):
            assert (255, 255, 255) not in [c for _, c in image.crop(box).getcolors(w * h)]


def test_same_input_gives_byte_identical_pdfs(tmp_path, lantern) -> None:
    first = render_master(lantern, "en", tmp_path / "a", jobs=1)
    second = render_master(lantern, "en", tmp_path / "b", jobs=1)
    assert [p.name for p in first.pdfs] == [p.name for p in second.pdfs] == ["merchant.pdf", "stall.pdf"]
    for a, b in zip(first.pdfs, second.pdfs):
        assert a.read_bytes() == b.read_bytes()
    reader = PdfReader(first.pdfs[0])
    assert "/CreationDate" not in reader.metadata and "/ModDate" not in reader.metadata


VENDORED = {TTFont(path)["name"].getDebugName(6) for path in sorted((LAYOUTS_DIR / "fonts").glob("*/*.[ot]tf"))}


def test_text_is_vector_and_every_font_is_vendored_and_embedded(legion_cards, legion) -> None:
    key = next(k for k in legion_cards.pages if k.startswith("character/") and "/back/" not in k)
    item = legion.by_id()[key.split("/")[1]]
    pdf, index = page_of(legion_cards, key)
    page = PdfReader(pdf).pages[index]
    text = " ".join(page.extract_text().split())
    assert item.get("name") in text
    assert str(item.get("combat_power")) in text
    fonts = page["/Resources"]["/Font"]
    families = set()
    for ref in fonts.values():
        font = ref.get_object()
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        program = descriptor.get("/FontFile2") or descriptor.get("/FontFile3")
        assert program is not None, f"{font['/BaseFont']} is not embedded"
        name = str(font["/BaseFont"]).split("+")[-1]
        assert name.startswith("pnp-") or name in VENDORED, name  # an @font-face family of ours, or a vendored file
        embedded = TTFont(io.BytesIO(program.get_object().get_data()))
        families.add(embedded["name"].getDebugName(1))
    assert families == {"Bebas Neue Bold", "Lato", "EB Garamond 12"}


def _overlays(legion_cards, legion):
    items = {i.id: i for i in legion.of_type("overlay")}
    return [(items[key.split("/")[1]], key) for key in legion_cards.pages if key.startswith("overlay/")]


def _mask(result, key: str) -> Image.Image:
    return raster(result, key, transparent=True).getchannel("A").point(lambda a: 255 if a > 0 else 0)


def _box_px(zone, bleed: float) -> tuple[int, int, int, int]:
    return tuple(round(v * PX_PER_MM) for v in (zone.x + bleed, zone.y + bleed, zone.x + zone.w + bleed,
                                                zone.y + zone.h + bleed))


def test_each_overlay_lands_on_its_zone_of_the_character_card(legion_cards, legion) -> None:
    character = next(f.layout for f in legion_cards.faces if f.type == "character" and f.side == "front")
    overlays = _overlays(legion_cards, legion)
    assert len(overlays) == len(legion.of_type("overlay"))
    for item, key in overlays:
        zone = character.zones[item.get("zone")]
        bleed = legion_cards.bleeds[key]
        left, top, right, bottom = _mask(legion_cards, key).getbbox()
        found = [v / PX_PER_MM - bleed for v in (left, top, right, bottom)]
        wanted = [zone.x, zone.y, zone.x + zone.w, zone.y + zone.h]
        assert found == pytest.approx(wanted, abs=0.2), key


def _may_share_a_sleeve(a, b) -> bool:
    """Every pair of overlay kinds may, except a Crippled card and the enhancement that cures its position."""
    def forbids(item):
        return {e.get("skill") for e in item.get("effects") if e.get("effect") == "forbid_skill"}

    def adds(item):
        return {e.get("skill") for e in item.get("effects") if e.get("effect") == "add_skill"}
    return not (forbids(a) & adds(b) or forbids(b) & adds(a))


def test_overlays_allowed_in_one_sleeve_never_overlap(legion_cards, legion) -> None:
    character = next(f.layout for f in legion_cards.faces if f.type == "character" and f.side == "front")
    overlays = _overlays(legion_cards, legion)
    masks = {key: _mask(legion_cards, key) for _, key in overlays}
    pairs = list(itertools.combinations(overlays, 2))
    excluded = [(a.id, b.id) for (a, _), (b, _) in pairs if not _may_share_a_sleeve(a, b)]
    assert sorted(excluded) == [("crippled-charisma", "medal"), ("crippled-combat", "perfect-aim"),
                                ("crippled-intelligence", "encryption")]
    for (a, key_a), (b, key_b) in pairs:
        same_zone = a.get("zone") == b.get("zone")
        if not _may_share_a_sleeve(a, b):
            assert same_zone  # the enhancement replaces the Crippled card on the same position
            continue
        assert not character.zones[a.get("zone")].overlaps(character.zones[b.get("zone")]), (a.id, b.id)
        assert ImageChops.multiply(masks[key_a], masks[key_b]).getbbox() is None, (a.id, b.id)


def test_no_overlay_covers_the_name_or_the_combat_power(legion_cards, legion) -> None:
    character = next(f.layout for f in legion_cards.faces if f.type == "character" and f.side == "front")
    for item, key in _overlays(legion_cards, legion):
        mask = _mask(legion_cards, key)
        for protected in ("name", "combat_power"):
            assert not character.zones[item.get("zone")].overlaps(character.zones[protected])
            assert mask.crop(_box_px(character.zones[protected], legion_cards.bleeds[key])).getbbox() is None


def test_overlay_pages_are_transparent_outside_their_zone(legion_cards, legion) -> None:
    item, key = _overlays(legion_cards, legion)[0]
    image = raster(legion_cards, key, transparent=True)
    assert image.mode == "RGBA" and image.getpixel((5, 5))[3] == 0
