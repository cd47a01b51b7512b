"""The build's glyph plan: per font, printable ASCII and every glyph the faces use, kept by face so that a build
reads only new faces and an edit in plain ASCII leaves the font subsets alone."""

from __future__ import annotations

import pytest

from pnpforge.render.cache import FaceCache
from pnpforge.render.fonts import load_fonts
from pnpforge.render.fragments import Fragment
from pnpforge.render.glyphs import BASE, GLYPHS, glyph_plan
from pnpforge.render.subsets import base_glyphs

LATO = str(load_fonts().face("body/regular").path)
BEBAS = str(load_fonts().face("display/regular").path)


def glyph(font: str, ch: str) -> int:
    return base_glyphs(font, ch)[0]


def face(font: str, text: str) -> Fragment:
    return Fragment([], 0, b"<<>>", None, (0.0, 0.0, 10.0, 10.0), {"f1": (font, {glyph(font, c): c for c in text})})


@pytest.fixture
def cache(tmp_path) -> FaceCache:
    cache = FaceCache(tmp_path / "faces")
    cache.store("ascii", face(LATO, "Ivan Sablin"), [])
    cache.store("czech", face(LATO, "Hrubý"), [])
    cache.store("title", face(BEBAS, "IVAN"), [])
    cache.store("more-ascii", face(LATO, "Anna (edited)"), [])
    return cache


def test_the_plan_holds_printable_ascii_and_every_glyph_used_per_font(cache) -> None:
    plan = glyph_plan(cache, ["ascii", "czech", "title", "ascii"])
    assert set(plan.gids) == {LATO, BEBAS}
    assert set(plan.gids[LATO]) == set(base_glyphs(LATO, BASE)) | {glyph(LATO, "ý")}
    assert set(plan.gids[BEBAS]) == set(base_glyphs(BEBAS, BASE))


def test_a_known_face_is_not_read_again(cache, monkeypatch) -> None:
    first = glyph_plan(cache, ["ascii", "czech"])
    assert (cache.folder.parent / GLYPHS).is_file()
    monkeypatch.setattr(FaceCache, "fragment", lambda self, key: pytest.fail(f"face {key} was read again"))
    assert glyph_plan(cache, ["czech", "ascii"]) == first


def test_only_a_glyph_beyond_ascii_changes_the_subsets(cache) -> None:
    ascii_only = glyph_plan(cache, ["ascii"])
    assert glyph_plan(cache, ["ascii", "more-ascii"]).digest == ascii_only.digest
    assert glyph_plan(cache, ["ascii", "czech"]).digest != ascii_only.digest
