"""Web fonts: a vendored font cut to the Latin ranges the packs use, as WOFF, with its kerning and ligatures."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from pnpforge.publish.web.images import FONT_RANGES, FontTask, _subset_font
from pnpforge.render.layouts import LAYOUTS_DIR

FONTS = sorted((LAYOUTS_DIR / "fonts").glob("*/*.[ot]tf"))


def wanted(source: TTFont) -> set[int]:
    """The characters of the ranges the source font has."""
    return {code for low, high in FONT_RANGES for code in range(low, high + 1)} & set(source.getBestCmap())


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_a_web_font_keeps_every_wanted_character_and_the_layout_tables(tmp_path: Path, path: Path) -> None:
    target = tmp_path / "font.woff"
    _subset_font(FontTask("key", str(target), str(path)))
    assert target.read_bytes()[:4] == b"wOFF"
    source, web = TTFont(path), TTFont(target)
    assert set(web.getBestCmap()) == wanted(source)
    assert "č" in map(chr, web.getBestCmap()) and "ß" in map(chr, web.getBestCmap())
    assert len(web.getGlyphOrder()) < len(source.getGlyphOrder())  # cut down, not copied
    for table in ("GPOS", "GSUB"):  # kerning and ligatures of the kept glyphs stay
        assert (table in web) == (table in source)
    assert "fpgm" not in web and "prep" not in web  # no hinting


def test_a_web_font_is_the_same_bytes_every_time(tmp_path: Path) -> None:
    made = []
    for name in ("one.woff", "two.woff"):
        _subset_font(FontTask("key", str(tmp_path / name), str(FONTS[0])))
        made.append((tmp_path / name).read_bytes())
    assert made[0] == made[1]
