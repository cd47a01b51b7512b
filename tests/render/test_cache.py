"""The render cache: a face's key follows exactly what its PDF depends on, and a page copied through its fragment
is the page WeasyPrint drew."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import ImageChops
from pypdf import PdfReader

from pnpforge.render.cache import FileDigests, face_key
from pnpforge.render.faces import pack_faces
from pnpforge.render.digest import digest
from pnpforge.render.fragments import PdfBuilder
from pnpforge.render.pdf import html_to_pdf
from pnpforge.render.raster import rasterise

from tests.render.conftest import renderer_for


def _first_face_html(pack, tmp_path: Path):
    renderer = renderer_for(pack, tmp_path)
    face = pack_faces(pack, renderer.layouts)[0][0]
    roots = {"layouts": renderer.layouts_dir, "pack": pack.root, "art": renderer.art_cache}
    return renderer.document([face], "test"), roots


def test_a_fragment_copies_the_page_pixel_for_pixel_with_its_text(lantern, tmp_path) -> None:
    html, roots = _first_face_html(lantern, tmp_path)
    original, _ = html_to_pdf(html, roots)
    fragment = digest(original)
    builder = PdfBuilder()
    builder.face_page(fragment, {"/MediaBox": fragment.mediabox})
    builder.face_page(fragment, {"/MediaBox": fragment.mediabox})
    copied = builder.to_bytes("copy")
    (tmp_path / "a.pdf").write_bytes(original)
    (tmp_path / "b.pdf").write_bytes(copied)
    first = next(rasterise(tmp_path / "a.pdf", 150))[1]
    for _, page in rasterise(tmp_path / "b.pdf", 150):
        assert ImageChops.difference(first, page).getbbox() is None
    reader = PdfReader(tmp_path / "b.pdf")
    assert len(reader.pages) == 2 and "Old Marta" in reader.pages[1].extract_text()
    assert builder.to_bytes("copy") == copied  # no clock, no randomness


def test_the_key_follows_the_html_and_every_file_it_fetches(lantern, tmp_path) -> None:
    layouts = tmp_path / "layouts"
    shutil.copytree(Path("layouts"), layouts)
    html, roots = _first_face_html(lantern, tmp_path)
    roots = dict(roots, layouts=layouts)
    key = face_key(html, FileDigests(roots))
    assert key == face_key(html, FileDigests(roots))
    assert face_key(html + " ", FileDigests(roots)) != key
    css = layouts / "generic" / "card.css"
    assert "pnp:layouts/generic/card.css" in html
    (layouts / "generic" / "unused.css").write_text("body { color: red; }\n", encoding="utf-8")
    assert face_key(html, FileDigests(roots)) == key  # a file the face does not fetch changes nothing
    css.write_text(css.read_text(encoding="utf-8") + "\n.extra { color: red; }\n", encoding="utf-8")
    assert face_key(html, FileDigests(roots)) != key
    font = next(layouts.glob("fonts/lato/Lato-Regular.ttf"))
    before = face_key(html, FileDigests(roots))
    font.write_bytes(font.read_bytes() + b"\0")
    assert face_key(html, FileDigests(roots)) != before
