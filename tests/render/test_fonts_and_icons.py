"""Vendored fonts (licence, Czech and German glyphs) and icons (every declared icon drawn; text stays data)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from pnpforge.render.fonts import load_fonts
from pnpforge.render.icons import IconSet

from tests.conftest import REPO
from tests.render.conftest import renderer_for

CZECH_GERMAN = "ěščřžýáíéůúťďňĚŠČŘŽÝÁÍÉŮÚŤĎŇäöüßÄÖÜ"


def test_every_vendored_face_has_czech_and_german_glyphs_and_a_licence() -> None:
    fonts = load_fonts()
    assert {key.split("/")[0] for key in fonts.faces} == {"display", "body", "serif"}
    for key, face in fonts.faces.items():
        assert face.path.resolve().is_relative_to((REPO / "layouts" / "fonts").resolve())
        cmap = TTFont(face.path, lazy=True).getBestCmap()
        assert [ch for ch in CZECH_GERMAN if ord(ch) not in cmap] == [], key
        licence = (face.path.parent / "OFL.txt").read_text(encoding="utf-8")
        assert "SIL OPEN FONT LICENSE Version 1.1" in licence


def test_font_faces_point_only_at_vendored_files() -> None:
    css = load_fonts().font_face_css(lambda path: f"pnp:layouts/fonts/{path.parent.name}/{path.name}")
    urls = re.findall(r"url\('([^']+)'\)", css)
    assert urls and all(url.startswith("pnp:layouts/fonts/") for url in urls)
    assert "local(" not in css


def test_every_icon_of_the_legion_pack_has_a_drawing(legion) -> None:
    icons = IconSet(legion, "en")
    missing = [icon_id for icon_id in legion.game.icons if icons.path(icon_id) is None]
    assert missing == []
    for path in sorted((REPO / "layouts" / "icons").glob("*.svg")):
        text = path.read_text(encoding="utf-8")
        assert 'viewBox="0 0 24 24"' in text and 'stroke="currentColor"' in text, path.name


def test_icon_markup_is_drawn_and_content_is_escaped_never_evaluated(lantern, tmp_path: Path) -> None:
    renderer = renderer_for(lantern, tmp_path)
    html = str(renderer.view.rich("Pay {{ 7 * 7 }} <b>coins</b> & gain 2 :coin: {% if x %}"))
    assert "{{ 7 * 7 }}" in html and "49" not in html
    assert "&lt;b&gt;coins&lt;/b&gt; &amp; gain 2" in html and "{% if x %}" in html
    assert '<span class="icon icon-badge"' in html  # the fixture's coin icon has no drawing: its label is shown


def test_icons_take_the_colour_asked_for(legion) -> None:
    svg = str(IconSet(legion, "en").svg("wound", "#a3161f"))
    assert svg.startswith('<svg class="icon icon-wound" viewBox="0 0 24 24" color="#a3161f"')
    assert 'stroke="currentColor"' in svg
    assert 'color="#1d1d1b"' in str(IconSet(legion, "en").svg("wound", "red; background: url(x)"))


def test_font_metrics_kept_in_the_build_cache_are_the_ones_read_from_the_font(tmp_path, monkeypatch) -> None:
    from pnpforge.caches.store import Store
    from pnpforge.render import fonts as fonts_module

    path = load_fonts().face("body/regular").path
    read = fonts_module._read_metrics(path)
    store = Store(tmp_path)
    try:
        fonts_module._metrics.cache_clear()
        assert fonts_module._metrics(path, store) == read  # read from the font, then kept
        fonts_module._metrics.cache_clear()
        [kept] = tmp_path.iterdir()
        with monkeypatch.context() as patched:
            patched.setattr(fonts_module, "_read_metrics", lambda _: pytest.fail("the font was read again"))
            assert fonts_module._metrics(path, store) == read  # from the kept file
        kept.write_text("{damaged", encoding="utf-8")
        fonts_module._metrics.cache_clear()
        assert fonts_module._metrics(path, store) == read
    finally:
        fonts_module._metrics.cache_clear()
