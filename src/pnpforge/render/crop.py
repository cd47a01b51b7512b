"""Page boxes: cut a master render down to the bleed one output asks for.

A pack is laid out once, with the widest bleed any output needs (the layouts' own and every print-shop
preset's). Each output then takes the same vector pages with a smaller page box: ``MediaBox``, ``CropBox`` and
``BleedBox`` become trim plus that output's bleed, ``TrimBox`` the trim. Content is placed from the trim, so
cutting the page box is exact: the art simply reaches further into the part that is cut away. The pages
themselves are copied from the render cache (``render.stage.assemble``).
"""

from __future__ import annotations

PT_PER_MM = 72 / 25.4


Box = tuple[float, float, float, float]  # left, bottom, right, top in points


def page_boxes(mediabox: tuple[float, ...], drawn_bleed: float, bleed: float) -> dict[str, Box]:
    """The page boxes, in points, of a face drawn with ``drawn_bleed`` mm of bleed and shown with ``bleed`` mm."""
    left, bottom, right, top = mediabox
    cut, inset = (drawn_bleed - bleed) * PT_PER_MM, drawn_bleed * PT_PER_MM
    outer = (_r(left + cut), _r(bottom + cut), _r(right - cut), _r(top - cut))
    trim = (_r(left + inset), _r(bottom + inset), _r(right - inset), _r(top - inset))
    return {"/MediaBox": outer, "/CropBox": outer, "/BleedBox": outer, "/TrimBox": trim}


def _r(value: float) -> float:
    """Box coordinates rounded to a thousandth of a point, so that output does not depend on float noise."""
    return round(value, 3)
