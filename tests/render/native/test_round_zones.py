"""A round zone cuts what it holds to its circle, in the native renderer and in WeasyPrint alike: a square of red
far larger than the harbour-lights ship's round cost zone shows only inside the coin."""

from __future__ import annotations

import re

import pytest
from weasyprint.text.fonts import FontConfiguration

from pnpforge.render.native.face import NativeRenderer
from pnpforge.render.pdf import html_to_pdf
from pnpforge.render.verify import image_share

from tests.render.ship import ship_front
from tests.render.native.test_face import _image, _native_pdf

DPI = 300
PX = 25.4 / DPI
RED = '<div style="position:absolute;left:-10mm;top:-10mm;width:40mm;height:40mm;background:#ff0000"></div>'


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """The ship's front with a red square in its cost coin, drawn by both renderers, and the coin's box in mm."""
    html, renderer = ship_front(tmp_path_factory.mktemp("out"))
    found = re.search(r'<div class="cost" style="([^"]*)">[^<]*</div>', html)
    assert found is not None and "border-radius:50%;overflow:hidden;" in found.group(1)
    left, top, width, height = (float(re.search(rf"{side}:([0-9.]+)mm", found.group(1)).group(1))
                                for side in ("left", "top", "width", "height"))
    html = html.replace(found.group(0), f'<div class="cost" style="{found.group(1)}">{RED}</div>')
    native = NativeRenderer(renderer.fonts, renderer.roots.as_dict())
    theirs, _ = html_to_pdf(html, renderer.roots.as_dict(), FontConfiguration())
    return {"native": _image(_native_pdf(native, html)), "weasyprint": _image(theirs)}, (left, top, width, height)


def _red(image, x_mm: float, y_mm: float) -> bool:
    r, g, b = image.getpixel((round(x_mm / PX), round(y_mm / PX)))
    return r > 200 and g < 60 and b < 60


@pytest.mark.parametrize("renderer", ["native", "weasyprint"])
def test_a_round_zone_shows_its_content_only_inside_its_circle(drawn, renderer: str) -> None:
    images, (left, top, width, height) = drawn
    image = images[renderer]
    cx, cy, radius = left + width / 2, top + height / 2, width / 2
    assert _red(image, cx, cy) and _red(image, cx + radius - 0.3, cy) and _red(image, cx, cy - radius + 0.3)
    # the corners of the zone's box lie outside its circle: the red square is cut away there
    for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        assert not _red(image, cx + dx * (radius - 0.5), cy + dy * (radius - 0.5)), (renderer, dx, dy)
    assert not _red(image, left + width + 1, cy) and not _red(image, cx, top + height + 1)


def test_both_renderers_cut_it_alike(drawn) -> None:
    images, _ = drawn
    assert image_share(images["native"], images["weasyprint"]) <= 0.005
