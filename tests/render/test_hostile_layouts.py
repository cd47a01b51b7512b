"""A layout, template or stylesheet of the wrong shape is a located error (exit 2), never an internal one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import DATA
from tests.helpers import run_cli


def harbour(tmp_path: Path) -> Path:
    pack = tmp_path / "harbour-lights"
    shutil.copytree(DATA / "harbour-lights", pack)
    return pack


def build_faces(tmp_path: Path, pack: Path):
    result = run_cli("build", str(pack), "--only", "faces", "--lang", "en", "--out", str(tmp_path / "out"))
    assert "internal error" not in result.output, result.output
    assert not (tmp_path / "out" / "harbour-lights" / "faces").exists()
    return result


@pytest.mark.parametrize("attack, message", [
    ("{{ 'wide'|mm }}", "mm: expected a number of millimetres, found 'wide'"),
    ("{% include 'ship.html' %}", "RecursionError: maximum recursion depth exceeded"),
])
def test_a_template_fault_is_located_at_its_line(tmp_path: Path, attack: str, message: str) -> None:
    pack = harbour(tmp_path)
    template = pack / "layouts" / "ship.html"
    template.write_text(attack + "\n" + template.read_text(encoding="utf-8"), encoding="utf-8")
    result = build_faces(tmp_path, pack)
    assert result.code == 2, result.output
    assert f"{template}:1:1: error: layout 'ship': template 'ship.html': {message}" in result.output, result.output


@pytest.mark.parametrize("name, shown", [
    ("ship.html", "layout 'ship': template 'ship.html'"),
    ("ship.css", "stylesheet 'ship.css'"),
])
def test_a_template_or_stylesheet_that_is_not_utf8_is_located_at_its_byte(tmp_path: Path, name: str,
                                                                           shown: str) -> None:
    pack = harbour(tmp_path)
    path = pack / "layouts" / name
    path.write_bytes(b"/* the harbour\n   caf\xe9 */\n" + path.read_bytes())
    result = build_faces(tmp_path, pack)
    assert result.code == 2, result.output
    assert [line for line in result.lines if ": error: " in line] == [
        f"{path}:2:7: error: {shown}: file is not valid UTF-8 (byte 0xe9); save it with UTF-8 encoding"]


@pytest.mark.parametrize("old, new, expected", [
    ("size: poker", "size: {w: wide, h: 88}", "5:8: error: layout 'ship': size: w: expected a number, found 'wide'"),
    ("template: ship.html", "template: [ship.html]",
     "8:1: error: layout 'ship': template: expected a template's file name, found ['ship.html']"),
    ("same_for: []", "same_for: 3", "10:27: error: layout 'ship': back: same_for: expected a list of names, found 3"),
    ("cost: {x: 3, y: 3, w: 11, h: 11, shape: round,", "cost: {x: 3, y: 3, w: 11, h: 11, shape: [round],",
     "13:36: error: layout 'ship': zones: cost: shape: expected rect or round, found ['round']"),
    ("{zone: title,", "{zone: [title],",
     "19:11: error: layout 'ship': fit: title: zone: expected a zone name, found ['title']"),
    ("font: display/regular", "font: [1]",
     "19:40: error: layout 'ship': fit: title: font: expected a font as role/style, found [1]"),
    ("template: ship.html", "template: ship.html\nart: {zone: [sea]}",
     "9:7: error: layout 'ship': art: zone: expected a name, found ['sea']"),
])
def test_a_layout_value_of_the_wrong_type_is_located_at_its_key(tmp_path: Path, old: str, new: str,
                                                               expected: str) -> None:
    pack = harbour(tmp_path)
    layout = pack / "layouts" / "ship.yaml"
    text = layout.read_text(encoding="utf-8")
    assert old in text
    layout.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = build_faces(tmp_path, pack)
    assert result.code == 2, result.output
    assert f"{layout}:{expected}" in result.lines, result.output


def test_zones_given_as_words_are_located_at_the_key(tmp_path: Path) -> None:
    pack = harbour(tmp_path)
    layout = pack / "layouts" / "ship.yaml"
    kept = [line for line in layout.read_text(encoding="utf-8").splitlines()
            if not line.startswith(("zones:", "fit:", "  "))]
    layout.write_text("\n".join(kept) + "\nzones: the top half\n", encoding="utf-8")
    result = build_faces(tmp_path, pack)
    assert result.code == 2, result.output
    expected = f"{layout}:{len(kept) + 1}:1: error: layout 'ship': zones: expected a mapping of zone names"
    assert expected in result.lines, result.output
