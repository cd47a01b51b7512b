"""``{map}`` on the web: the rules page of border-watch shows the mission's map joined from three ASCII sectors, and
Chromium draws its walls and doors where the data puts them (the same check as the printed face's and the PDF
rulebook's: ``tests/render/test_map_faces.py``, ``tests/publish/rulebook/test_map_figure.py``)."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from pnpforge.render.map_drawing import CELL, COORDINATE

from tests.helpers import run_cli
from tests.render.test_map_faces import WATCH, check_joined_map

MARGIN = COORDINATE + 2  # svg units left of and above the first square: the coordinates and half a wall
VIEW = 8 * CELL + 4 + COORDINATE  # the joined map's view box, a side


@pytest.fixture(scope="module")
def rules_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("maps")
    result = run_cli("build", str(WATCH), "--only", "web", "--jobs", "1", "--out", str(out))
    assert result.code == 0, result.output
    return out / "border-watch" / "web" / "rules" / "01-the-fort.html"


def test_the_rules_page_holds_the_drawers_svg_of_both_maps(rules_page: Path) -> None:
    page = rules_page.read_text(encoding="utf-8")
    assert page.count('<figure class="rb-map"><svg class="wb-map"') == 2
    assert 'aria-label="map, 8 by 8 squares"' in page and 'aria-label="map, 4 by 4 squares"' in page
    assert page.count('class="wb-map-marker"') == 2 and "wb-map-door-open" in page


def test_chromium_draws_the_walls_and_doors_where_the_data_puts_them(rules_page: Path, browser) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900}, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(rules_page.as_uri())
        shot = Image.open(io.BytesIO(page.locator("figure.rb-map svg").first.screenshot())).convert("RGB")
    finally:
        context.close()
    unit = shot.width / VIEW  # px per svg unit: the screenshot is the svg's whole view box
    assert abs(shot.height / VIEW - unit) < 0.02 and unit > 1
    check_joined_map(np.asarray(shot, dtype=np.int16), (MARGIN * unit, MARGIN * unit), CELL * unit)
