"""Page boxes: cut a master render down to the bleed one output asks for.

A pack is laid out once, with the widest bleed any output needs (the layouts' own and every print-shop
preset's). Each output then takes the same vector pages with a smaller page box: ``MediaBox``, ``CropBox`` and
``BleedBox`` become trim plus that output's bleed, ``TrimBox`` the trim. Content is placed from the trim, so
cutting the page box is exact: the art simply reaches further into the part that is cut away.
"""

from __future__ import annotations

import io
from pathlib import Path
from pypdf import PdfReader, PdfWriter
from pypdf.generic import RectangleObject

PT_PER_MM = 72 / 25.4


def crop_pdf(source: Path, target: Path, cuts: list[tuple[float, float]]) -> None:
    """Write ``source`` to ``target`` with each page's box shrunk: ``cuts[i] = (cut mm, bleed mm)`` per page."""
    writer = PdfWriter(clone_from=PdfReader(source))
    for page, (cut, bleed) in zip(writer.pages, cuts):
        box = page.mediabox
        left, bottom = float(box.left) + cut * PT_PER_MM, float(box.bottom) + cut * PT_PER_MM
        right, top = float(box.right) - cut * PT_PER_MM, float(box.top) - cut * PT_PER_MM
        outer = RectangleObject([_r(left), _r(bottom), _r(right), _r(top)])
        inset = bleed * PT_PER_MM
        trim = RectangleObject([_r(left + inset), _r(bottom + inset), _r(right - inset), _r(top - inset)])
        page.mediabox = outer
        page.cropbox = outer
        page.bleedbox = outer
        page.trimbox = trim
    buffer = io.BytesIO()
    writer.write(buffer)
    data = buffer.getvalue()
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.is_file() or target.read_bytes() != data:
        temporary = target.with_suffix(target.suffix + ".tmp")
        temporary.write_bytes(data)
        temporary.replace(target)


def _r(value: float) -> float:
    """Box coordinates rounded to a thousandth of a point, so that output does not depend on float noise."""
    return round(value, 3)
