"""The duplex calibration page: how far a printer moves the back of a sheet against its front.

Page 1 (front) has crosses; page 2 (back) has, behind each cross, a horizontal scale crossing the cross's vertical
line and a vertical scale crossing its horizontal line, in millimetres, drawn where the backs of the card sheets
go (so already moved by the back offset the page was built with). Held to a light with the back towards the user,
the front's lines show through: where the vertical line crosses the horizontal scale is how far the backs must
move to the right (X), where the horizontal line crosses the vertical scale how far up (Y). Those readings, added
to the offset printed on the page, are the ``--back-offset X,Y`` that puts every back behind its front.

Drawn with ReportLab's canvas (lines and small text at exact positions), text in the vendored Lato, the fonts
embedded, in ReportLab's invariant mode: no dates, the same bytes every time.
"""

from __future__ import annotations

import io
from pathlib import Path

from typing import TYPE_CHECKING

from pnpforge.impose.presets import Sheet
from pnpforge.render.fonts import load_fonts
from pnpforge.render.layouts import LAYOUTS_DIR

if TYPE_CHECKING:
    from reportlab.pdfgen import canvas

mm = 72.0 / 2.54 * 0.1  # points per millimetre, computed as ReportLab computes its own
SCALE_MM = 5  # each scale reads from -5 to +5 mm
ARM_MM = 12  # half the length of a cross's lines
SCALE_GAP_MM = 6  # how far a scale runs beside the cross's centre
INSET_MM = 40  # the corner crosses, from the paper's edges
REGULAR, BOLD = "pnp-calibration", "pnp-calibration-bold"


def cross_centres(sheet: Sheet) -> list[tuple[float, float]]:
    """The crosses of the front page, mm from the top-left: the centre and four near the corners."""
    w, h = sheet.width, sheet.height
    return [(w / 2, h / 2), (INSET_MM, INSET_MM), (w - INSET_MM, INSET_MM), (INSET_MM, h - INSET_MM),
            (w - INSET_MM, h - INSET_MM)]


def calibration_pdf(sheet: Sheet, offset: tuple[float, float], layouts_dir: Path = LAYOUTS_DIR) -> bytes:
    """The two pages of the calibration sheet for one paper, backs moved by ``offset`` (mm, right and up)."""
    from reportlab.pdfgen import canvas  # noqa: PLC0415 - loaded by the builds that draw a calibration sheet

    _register(layouts_dir)
    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=(sheet.width * mm, sheet.height * mm), invariant=1, pageCompression=1)
    page.setTitle(f"Duplex calibration ({sheet.paper_name})")
    page.setAuthor("")
    page.setCreator("pnpforge")
    page.setProducer("pnpforge")
    _front(page, sheet)
    page.showPage()
    _back(page, sheet, offset)
    page.showPage()
    page.save()
    return out.getvalue()


def _register(layouts_dir: Path) -> None:
    """Make the vendored body font available to ReportLab (once per process)."""
    from reportlab.pdfbase import pdfmetrics  # noqa: PLC0415
    from reportlab.pdfbase.ttfonts import TTFont  # noqa: PLC0415

    if REGULAR in pdfmetrics.getRegisteredFontNames():
        return
    fonts = load_fonts(layouts_dir)
    pdfmetrics.registerFont(TTFont(REGULAR, str(fonts.face("body/regular").path)))
    pdfmetrics.registerFont(TTFont(BOLD, str(fonts.face("body/bold").path)))


def _y(sheet: Sheet, y_mm: float) -> float:
    """A distance from the paper's top as ReportLab's y (points from the bottom)."""
    return (sheet.height - y_mm) * mm


def _text_block(page: canvas.Canvas, sheet: Sheet, lines: list[str], top_mm: float) -> None:
    """Centred lines of instructions below ``top_mm``."""
    page.setFillGray(0)
    for index, line in enumerate(lines):
        page.setFont(BOLD if index == 0 else REGULAR, 11 if index == 0 else 8.5)
        page.drawCentredString(sheet.width / 2 * mm, _y(sheet, top_mm + index * 4.6), line)


def _front(page: canvas.Canvas, sheet: Sheet) -> None:
    """Crosses, and how to print the sheet."""
    page.setLineWidth(0.35)
    page.setStrokeGray(0)
    for x, y in cross_centres(sheet):
        page.line((x - ARM_MM) * mm, _y(sheet, y), (x + ARM_MM) * mm, _y(sheet, y))
        page.line(x * mm, _y(sheet, y - ARM_MM), x * mm, _y(sheet, y + ARM_MM))
        page.circle(x * mm, _y(sheet, y), 1.5 * mm)
    left, top, _, _ = sheet.printable
    _text_block(page, sheet, [
        "Duplex calibration: front",
        "Print this file on both sides of one sheet, flipping on the long edge, at 100% (no fit-to-page),",
        "with the settings you will use for the card sheets. Then turn the sheet over.",
    ], sheet.height / 2 + 30)


def _back(page: canvas.Canvas, sheet: Sheet, offset: tuple[float, float]) -> None:
    """Scales behind the crosses, moved by the current back offset, and how to read them."""
    dx, dy = offset
    page.setStrokeGray(0)
    page.setFillGray(0)
    for x_front, y_front in cross_centres(sheet):
        x, y = sheet.width - x_front + dx, y_front - dy  # behind the cross, moved like every back
        _scale(page, sheet, x, y + SCALE_GAP_MM, horizontal=True)
        _scale(page, sheet, x + SCALE_GAP_MM, y, horizontal=False)
    _text_block(page, sheet, [
        "Duplex calibration: back",
        "Hold the sheet against a light with this side towards you. Where the front's vertical line crosses",
        "a horizontal scale, read X; where its horizontal line crosses a vertical scale, read Y (mm; right and",
        "up are positive). Use the middle pair, or the average if they differ.",
        f"This page was built with --back-offset {dx:g},{dy:g}. Build again with",
        f"--back-offset {dx:g}+X,{dy:g}+Y  (for example X = 1.5, Y = -0.5 gives {dx + 1.5:g},{dy - 0.5:g}).",
    ], sheet.height / 2 + 30)


def _scale(page: canvas.Canvas, sheet: Sheet, x: float, y: float, horizontal: bool) -> None:
    """A millimetre scale from -5 to +5 centred on (x, y): positive to the right, or upwards."""
    page.setLineWidth(0.25)
    steps = range(-2 * SCALE_MM, 2 * SCALE_MM + 1)
    if horizontal:
        page.line((x - SCALE_MM) * mm, _y(sheet, y), (x + SCALE_MM) * mm, _y(sheet, y))
    else:
        page.line(x * mm, _y(sheet, y - SCALE_MM), x * mm, _y(sheet, y + SCALE_MM))
    for step in steps:
        value = step / 2
        length = 2.2 if step % 2 == 0 else 1.2
        if step == 0:
            length = 3.5
        if horizontal:
            page.line((x + value) * mm, _y(sheet, y), (x + value) * mm, _y(sheet, y - length))
        else:
            page.line(x * mm, _y(sheet, y - value), (x + length) * mm, _y(sheet, y - value))
        if step % 4 == 0:
            page.setFont(REGULAR, 4.5)
            label = f"{value:+g}" if value else "0"
            if horizontal:
                page.drawCentredString((x + value) * mm, _y(sheet, y - length - 1.8), label)
            else:
                page.drawString((x + length + 0.6) * mm, _y(sheet, y - value) - 1.5, label)
