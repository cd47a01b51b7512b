"""A flex column whose items are longer than the column is left to WeasyPrint: CSS keeps the items at their
content size and, centred, lets them overflow both ends, WeasyPrint shrinks them to the column and starts them at
the top. A column its items fit is drawn natively, centred as both draw it."""

from __future__ import annotations

import pytest

from pnpforge.render.native.dom import Unsupported
from pnpforge.render.native.face import NativeRenderer

from tests.render.native.test_rotate import ship  # noqa: F401 - the harbour-lights ship's front, a fixture

COLUMN = ('<div style="position:absolute;left:10mm;top:20mm;width:30mm;height:{}mm;display:flex;'
          'flex-direction:column;justify-content:center;font-size:9pt;overflow:visible">'
          '<p style="margin:0">Three words here</p><p style="margin:0">and three more</p></div>')


def _render(ship, height: float) -> None:  # noqa: F811 - the fixture
    html, anchor, renderer = ship
    native = NativeRenderer(renderer.fonts, renderer.roots.as_dict())
    native.render(html.replace(anchor, COLUMN.format(height) + anchor))


def test_a_flex_column_its_items_overflow_goes_to_weasyprint(ship) -> None:  # noqa: F811
    with pytest.raises(Unsupported, match="flex column whose items overflow it"):
        _render(ship, 4)


def test_a_flex_column_its_items_fit_is_drawn_natively(ship) -> None:  # noqa: F811
    _render(ship, 20)
