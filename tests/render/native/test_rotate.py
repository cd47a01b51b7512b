"""A box turned by a quarter turn (``transform: rotate()``) is painted about its centre where WeasyPrint paints it:
a framed label with a thick red left border, dropped onto the harbour-lights ship, at each quarter turn. The
red side lands on the side the turn takes it to, in both renderers, and the two drawings stay within the bound."""

from __future__ import annotations

import numpy
import pytest
from weasyprint.text.fonts import FontConfiguration

from pnpforge.render.native.dom import Unsupported
from pnpforge.render.native.face import NativeRenderer
from pnpforge.render.pdf import html_to_pdf
from pnpforge.render.verify import MAX_SHARE, image_share

from tests.render.ship import ship_front
from tests.render.native.test_face import _image, _native_pdf

DPI = 300
PX = 25.4 / DPI
# a 26 x 8 mm label (the pack sizes border boxes) whose left 3 mm are a red border, text in it
LABEL = ('<div style="position:absolute;left:10mm;top:20mm;width:26mm;height:8mm;padding:1mm;'
         'border:1mm solid #202020;border-left:3mm solid #ff0000;background:#ffffff;color:#202020;'
         'font-size:9pt;white-space:nowrap;transform:{}">Turned label</div>')
# each quarter turn (clockwise) by some of its spellings
TURNS = {"rotate(0)": 0, "rotate(90deg)": 1, "rotate(-270deg)": 1, "rotate(180deg)": 2, "rotate(-180deg)": 2,
         "rotate(270deg)": 3, "rotate(-90deg)": 3, "rotate(0.75turn)": 3, "rotate(100grad)": 1}


@pytest.fixture(scope="module")
def ship(tmp_path_factory):
    """The ship's front as a document, the place to drop the label in, and its renderer."""
    html, renderer = ship_front(tmp_path_factory.mktemp("out"))
    assert html.count("</section>") == 1  # the face's own box: the label goes last in it, painted over the rest
    return html, "</section>", renderer


def _drawn(ship, transform: str):
    html, anchor, renderer = ship
    html = html.replace(anchor, LABEL.format(transform) + anchor)
    native = NativeRenderer(renderer.fonts, renderer.roots.as_dict())
    theirs, _ = html_to_pdf(html, renderer.roots.as_dict(), FontConfiguration())
    return _image(_native_pdf(native, html)), _image(theirs)


def _red_middle(image) -> tuple[float, float]:
    """The middle of the red pixels, in mm."""
    pixels = numpy.asarray(image).astype(int)
    ys, xs = numpy.nonzero((pixels[..., 0] > 200) & (pixels[..., 1] < 60) & (pixels[..., 2] < 60))
    assert len(xs) > 1000  # a 3 x 12 mm strip is about 5000 pixels at 300 dpi
    return (xs.mean() + 0.5) * PX, (ys.mean() + 0.5) * PX


@pytest.fixture(scope="module")
def unturned(ship) -> tuple[tuple[float, float], tuple[float, float]]:
    """The label's centre (mm) and its red side's middle from that centre, unturned: WeasyPrint's drawing of it
    unturned and a half turn round gives both (the centre lies half-way between the two red sides)."""
    (x0, y0), (x2, y2) = (_red_middle(_drawn(ship, transform)[1]) for transform in ("none", "rotate(0.5turn)"))
    centre = ((x0 + x2) / 2, (y0 + y2) / 2)
    assert 22 < x2 - x0 < 24 and abs(y2 - y0) < 0.1  # the red side crossed the 26 mm label
    return centre, (x0 - centre[0], y0 - centre[1])


@pytest.mark.parametrize("transform", list(TURNS))
def test_a_turned_box_lands_where_weasyprint_puts_it(ship, unturned, transform: str) -> None:
    native, weasyprint = _drawn(ship, transform)
    centre, (dx, dy) = unturned
    for _ in range(TURNS[transform]):  # a quarter turn clockwise, y pointing down
        dx, dy = -dy, dx
    for name, image in (("native", native), ("weasyprint", weasyprint)):
        x, y = _red_middle(image)
        assert abs(x - centre[0] - dx) < 0.2 and abs(y - centre[1] - dy) < 0.2, (name, transform, x, y)
    assert image_share(native, weasyprint) <= MAX_SHARE


@pytest.mark.parametrize("transform", ["rotate(45deg)", "rotate(1.5708rad)", "scale(2)", "rotate(90deg) scale(1)",
                                       "translate(1mm, 0)"])
def test_other_transforms_are_refused(ship, transform: str) -> None:
    html, anchor, renderer = ship
    native = NativeRenderer(renderer.fonts, renderer.roots.as_dict())
    with pytest.raises(Unsupported, match="transform"):
        native.render(html.replace(anchor, LABEL.format(transform) + anchor))


def test_another_transform_origin_is_refused(ship) -> None:
    html, anchor, renderer = ship
    native = NativeRenderer(renderer.fonts, renderer.roots.as_dict())
    label = LABEL.format("rotate(90deg);transform-origin:0 0")
    with pytest.raises(Unsupported, match="transform-origin"):
        native.render(html.replace(anchor, label + anchor))
