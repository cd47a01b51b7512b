"""A ``grid`` field on a card page: an inline SVG of the map with its walls and doors, escaped, without scripts."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from xml.etree import ElementTree

from pnpforge.content.pack import load_pack
from pnpforge.engine.grid import Grid
from pnpforge.render.map_drawing import map_svg
from pnpforge.publish.web.values import Values

from tests.content.test_grid_field import STALLS, grid_pack

SVG = "{http://www.w3.org/2000/svg}"


def drawn(markup: str) -> ElementTree.Element:
    """The SVG element of a page fragment (it must parse as XML on its own)."""
    found = re.search(r"<svg.*</svg>", markup, re.S)
    assert found, markup
    return ElementTree.fromstring(found.group())


def test_the_card_page_shows_a_grid_field_as_a_drawing(tmp_path: Path) -> None:
    pack, problems = load_pack(grid_pack(tmp_path))
    assert problems == []
    values = Values(pack, SimpleNamespace(lang="en"), lambda *_: None, str)  # type: ignore[arg-type]
    rows = {name: html for name, _, html in values.rows(pack.items["stall"][0])}
    svg = drawn(str(rows["layout"]))
    assert svg.get("role") == "img" and svg.get("aria-label") == "map, 3 by 2 squares"
    cells = svg.findall(f"{SVG}rect[{SVG}title]")
    assert sorted(r.find(f"{SVG}title").text for r in cells) == ["closed door", "floor", "floor", "floor", "floor",
                                                                 "lantern"]
    walls = svg.findall(f"{SVG}line[@class='wb-map-wall']")
    assert len(walls) == 10  # the border kept as drawn, the two edges beside the missing cell included
    assert len(svg.findall(f"{SVG}rect[@class='wb-map-door-closed']")) == 1


def test_an_opening_and_an_open_door_are_drawn_as_such() -> None:
    grid = Grid.from_ascii("+-+-+\n|. .d\n+ +-+\n .|  \n+-+  ", border=True)
    svg = drawn(map_svg(grid))
    assert len(svg.findall(f"{SVG}rect[@class='wb-map-door-open']")) == 1
    assert len(svg.findall(f"{SVG}line[@class='wb-map-wall']")) == 6  # the opening west of (0, 1) has none
    assert len(drawn(map_svg(grid, border=False)).findall(f"{SVG}line[@class='wb-map-wall']")) == 7


def test_terrain_names_are_escaped_and_the_drawing_has_no_script(tmp_path: Path) -> None:
    hostile = STALLS.replace("{F: fountain}", "{F: \"<script>alert(1)</script>\"}")
    pack, problems = load_pack(grid_pack(tmp_path, hostile))
    assert problems == []
    values = Values(pack, SimpleNamespace(lang="en"), lambda *_: None, str)  # type: ignore[arg-type]
    html = str(dict((n, h) for n, _, h in values.rows(pack.items["stall"][1]))["layout"])
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "style=" not in html and not re.search(r"\son\w+=", html)
