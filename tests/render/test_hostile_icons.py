"""Icons and SVG art from a hostile pack: a template cannot draw or probe a file by path, an icon's markup reaches a
face only sanitized, and an SVG file that cannot be used is a located error (exit 2), never an internal error."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pnpforge.render.art import prepare_art
from pnpforge.render.faces import pack_faces
from pnpforge.render.icons import IconSet
from pnpforge.render.layouts import Zone

from tests.conftest import DATA
from tests.helpers import run_cli
from tests.render.conftest import load, renderer_for

ANCHOR_CALL = "{{ icon('anchor', params.sea) }}"  # line 14 of harbour-lights' ship.html, at column 3
HOSTILE = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert('load')">
<script>alert('script')</script>
<path d="M2 2h20v20z" onclick="alert('click')"/>
<a href="javascript:alert('link')"><circle cx="12" cy="12" r="4"/></a>
<foreignObject width="24" height="24"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/frame"/>
</foreignObject>
<meta xmlns="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=https://evil.example/meta"/>
</svg>
"""
PAYLOADS = ("alert(", "evil.example", "onclick", "onload", "javascript:", "foreignObject", "<iframe",
            'http-equiv="refresh"')


def harbour(tmp_path: Path) -> Path:
    """A copy of the harbour-lights fixture (its ship front draws the anchor icon)."""
    pack = tmp_path / "harbour-lights"
    shutil.copytree(DATA / "harbour-lights", pack)
    return pack


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def ship_html(pack: Path, tmp_path: Path) -> str:
    """The face HTML of the first ship's front, as the PDF stage receives it."""
    loaded = load(pack)
    renderer = renderer_for(loaded, tmp_path, "en")
    faces, _ = pack_faces(loaded, renderer.layouts)
    face = next(f for f in faces if f.type == "ship" and f.side == "front")
    return renderer.document([face], "test")


def faces_build(pack: Path, tmp_path: Path):
    return run_cli("build", str(pack), "--only", "faces", "--lang", "en", "--out", str(tmp_path / "out"))


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """An SVG outside the pack, which no template may draw or find."""
    folder = tmp_path / "x"
    folder.mkdir()
    (folder / "evil.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
                                     '<path id="SECRET" d="M0 0h24"/></svg>', encoding="utf-8")
    return folder / "evil"


@pytest.mark.parametrize("how", ["relative", "absolute"])
def test_an_icon_named_by_a_path_in_a_template_is_a_located_error(tmp_path: Path, outside: Path, how: str) -> None:
    pack = harbour(tmp_path)
    named = "../../../x/evil" if how == "relative" else str(outside)
    edit(pack / "layouts" / "ship.html", ANCHOR_CALL, f"{{{{ icon('{named}', params.sea) }}}}")
    result = faces_build(pack, tmp_path)
    assert result.code == 2, result.output
    assert (f"{pack}/layouts/ship.html:14:3: error: layout 'ship': template 'ship.html': icon('{named}'): an icon id "
            "is a name (lower-case letters, digits, '-' and '_'), never a path") in result.output
    assert "internal error" not in result.output
    assert not (tmp_path / "out" / "harbour-lights" / "faces").exists()


def test_has_icon_cannot_tell_whether_a_file_exists(tmp_path: Path, outside: Path) -> None:
    pack = harbour(tmp_path)
    probes = ("../../../x/evil", str(outside), "../layouts/icons/anchor", "anchor", "no-such-icon")
    shown = " ".join(f"{{{{ has_icon('{probe}') }}}}" for probe in probes)
    edit(pack / "layouts" / "ship.html", ANCHOR_CALL, f'{ANCHOR_CALL}<i class="probe">{shown}</i>')
    html = ship_html(pack, tmp_path)
    assert '<i class="probe">False False False True False</i>' in html
    assert "SECRET" not in html
    icons = IconSet(load(pack), "en")
    assert [icons.path(probe) for probe in probes[:3]] == [None, None, None]


def test_an_icon_reaches_a_face_as_its_drawing_only(tmp_path: Path) -> None:
    pack = harbour(tmp_path)
    (pack / "layouts" / "icons" / "anchor.svg").write_text(HOSTILE, encoding="utf-8")
    html = ship_html(pack, tmp_path)
    assert '<path d="M2 2h20v20z"/>' in html and '<circle cx="12" cy="12" r="4"/>' in html
    assert [payload for payload in PAYLOADS if payload in html] == []


BAD_ICONS = {
    "closing": (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1h2"/></svg>\n'
                b'<meta http-equiv="refresh" content="0;url=https://evil.example/"><svg>',
                "2:1: error: icon 'anchor': not well-formed XML: junk after document element"),
    "utf8": (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">\n<path d="M1 1h\xff"/></svg>',
             "2:15: error: icon 'anchor': not UTF-8 text: byte 0xff cannot start or continue a character"),
    "viewbox": (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="zero zero wide tall"><path d="M1 1h2"/></svg>',
                "1:1: error: icon 'anchor': viewBox=\"zero zero wide tall\" is not four numbers (min-x min-y width "
                "height, the width and height not negative)"),
    "use": (("\n".join(['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><path id="l0" d="M0 0h1"/>']
                       + [f'<g id="l{k}">' + f'<use href="#l{k - 1}"/>' * 10 + "</g>" for k in range(1, 11)]
                       + ['</defs><use href="#l10"/></svg>'])).encode(),
            "6:1: error: icon 'anchor': <g> draws more than 100000 elements once the <use> elements in it are "
            "expanded"),
    "entity": (b'<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<svg>&e;</svg>',
               "1:15: error: icon 'anchor': a DOCTYPE with declarations of its own: SVG files may not declare "
               "entities"),
}


@pytest.mark.parametrize("case", sorted(BAD_ICONS))
def test_an_icon_file_that_cannot_be_used_stops_the_build_at_its_line(tmp_path: Path, case: str) -> None:
    data, message = BAD_ICONS[case]
    pack = harbour(tmp_path)
    (pack / "layouts" / "icons" / "anchor.svg").write_bytes(data)
    for result in (faces_build(pack, tmp_path), run_cli("validate", str(pack), "--static")):
        assert result.code == 2, result.output
        assert f"{pack}/layouts/icons/anchor.svg:{message}" in result.output
        assert "internal error" not in result.output
    assert not (tmp_path / "out" / "harbour-lights" / "faces").exists()


def test_an_icon_file_linked_from_outside_its_layouts_folder_is_not_drawn(tmp_path: Path) -> None:
    pack = harbour(tmp_path)
    icon = pack / "layouts" / "icons" / "anchor.svg"
    (pack / "drawings").mkdir()
    icon.rename(pack / "drawings" / "anchor.svg")
    os.symlink("../../drawings/anchor.svg", icon)
    assert IconSet(load(pack), "en").path("anchor") is None
    result = faces_build(pack, tmp_path)
    assert result.code == 2, result.output
    assert f"{icon}: error: icon 'anchor': the file leads out of {pack}/layouts/" in result.output


def lantern_with_svg_art(tmp_path: Path, data: bytes) -> Path:
    """A copy of lantern-market whose first merchant's art is an SVG file holding ``data``."""
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    (pack / "art" / "marta.svg").write_bytes(data)
    edit(pack / "merchants.yaml", "art: art/old-marta.png", "art: art/marta.svg")
    return pack


def test_svg_art_is_drawn_from_its_sanitized_copy(tmp_path: Path) -> None:
    source = tmp_path / "marta.svg"
    source.write_text(HOSTILE, encoding="utf-8")
    name = prepare_art(source, Zone("art", 0, 0, 40, 30), tmp_path / "cache")
    assert name is not None and name.endswith(".svg")
    copy = (tmp_path / "cache" / name).read_text(encoding="utf-8")
    assert copy.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">')
    assert '<path d="M2 2h20v20z"/>' in copy
    assert [payload for payload in PAYLOADS if payload in copy] == []


def test_svg_art_that_cannot_be_used_is_a_located_error_of_its_item(tmp_path: Path) -> None:
    pack = lantern_with_svg_art(tmp_path, b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="zero zero wide tall"/>')
    result = run_cli("build", str(pack), "--only", "faces", "--lang", "en", "--out", str(tmp_path / "out"))
    assert result.code == 2, result.output
    assert (f"{pack}/art/marta.svg:1:1: error: merchant 'old-marta': art: viewBox=\"zero zero wide tall\" is not "
            "four numbers") in result.output
    assert "internal error" not in result.output
