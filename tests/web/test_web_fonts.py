"""Web fonts: a vendored font cut to the Latin ranges the packs use, as WOFF, with its kerning and ligatures."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import uharfbuzz
from fontTools.ttLib import TTFont

from pnpforge.publish.web.images import FONT_RANGES, FontTask, _subset_font
from pnpforge.render.layouts import LAYOUTS_DIR

FONTS = sorted((LAYOUTS_DIR / "fonts").glob("*/*.[ot]tf"))
SHAPED = ("AV", "To", "fi", "ffi")  # kerned pairs and ligatures, in the fonts that have them


def wanted(source: TTFont) -> set[int]:
    """The characters of the ranges the source font has."""
    return {code for low, high in FONT_RANGES for code in range(low, high + 1)} & set(source.getBestCmap())


def shaped(data: bytes, text: str, features: dict[str, bool] | None = None) -> list[tuple[int, int, int]]:
    """How HarfBuzz sets ``text`` in a font: each glyph's advance and offsets (glyph ids differ once cut)."""
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    uharfbuzz.shape(uharfbuzz.Font(uharfbuzz.Face(data)), buffer, features or {})
    return [(p.x_advance, p.x_offset, p.y_offset) for p in buffer.glyph_positions]


def sfnt(path: Path) -> bytes:
    """A font file as plain OpenType data (HarfBuzz reads no WOFF)."""
    font = TTFont(path, recalcTimestamp=False)
    font.flavor = None
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_a_web_font_keeps_every_wanted_character_and_the_layout_tables(tmp_path: Path, path: Path) -> None:
    target = tmp_path / "font.woff"
    _subset_font(FontTask("key", str(target), str(path)))
    assert target.read_bytes()[:4] == b"wOFF"
    source, web = TTFont(path), TTFont(target)
    assert set(web.getBestCmap()) == wanted(source)
    assert "č" in map(chr, web.getBestCmap()) and "ß" in map(chr, web.getBestCmap())
    assert len(web.getGlyphOrder()) < len(source.getGlyphOrder())  # cut down, not copied
    for table in ("GPOS", "GSUB"):
        assert (table in web) == (table in source)
    assert "fpgm" not in web and "prep" not in web  # no hinting


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_a_web_font_kerns_and_ligates_as_its_source(tmp_path: Path, path: Path) -> None:
    target = tmp_path / "font.woff"
    _subset_font(FontTask("key", str(target), str(path)))
    source, web = path.read_bytes(), sfnt(target)
    for text in SHAPED:
        assert shaped(web, text) == shaped(source, text), text


def test_the_shaped_pairs_are_kerned_or_ligated_in_some_vendored_font() -> None:
    kerned = ligated = 0
    for path in FONTS:
        source = path.read_bytes()
        plain = {text: shaped(source, text, {"kern": False, "liga": False}) for text in SHAPED}
        kerned += shaped(source, "AV") != plain["AV"]
        ligated += len(shaped(source, "fi")) < len(plain["fi"])
    assert kerned and ligated  # else the test above compares nothing a subset could lose


def test_a_web_font_is_the_same_bytes_every_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    for number, clock in enumerate(("1000000000", "1700000000")):  # fontTools takes "now" from this when saving
        monkeypatch.setenv("SOURCE_DATE_EPOCH", clock)
        target = tmp_path / f"{number}.woff"
        _subset_font(FontTask("key", str(target), str(FONTS[0])))
        made.append(target.read_bytes())
    assert made[0] == made[1]
    assert TTFont(tmp_path / "0.woff")["head"].modified == TTFont(FONTS[0])["head"].modified
