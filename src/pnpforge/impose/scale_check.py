"""The scale check printed on sheets that carry true-scale faces: a 100 mm bar, a 4 in bar, and the words that
say to print at 100 %.

A reader lays a ruler on the bars: when either is off, the printer scaled the page and no template on it measures
what it should. The bars are filled rectangles exactly 100 mm and 101.6 mm long (end ticks inside them); the words
are drawn as the outlines of the shared body font's glyphs, so the sheet needs no font of its own. The check goes
in the margin above or below a page's faces where it fits (``room``), else on a page of its own.
"""

from __future__ import annotations

import functools
from pathlib import Path

from pnpforge.impose.geometry import SheetPage
from pnpforge.render.fragments import PT_PER_MM, number

BAR_MM = 100.0
INCHES_MM = 4 * 25.4
BAR_HEIGHT = 1.2  # mm
TICK = (0.25, 3.0)  # mm: an end tick's width and height
LABEL_PT = 7.0
WORDS_PT = 7.5
WIDTH = INCHES_MM + 16  # the check's box, mm: the longer bar and its label
HEIGHT = 14.0
CLEAR = 2.0  # mm kept between the check and anything else on the page
WORDS = "Print at 100 %, no fit to page: both bars must measure what they say."


def bars(x: float, y: float) -> list[tuple[float, float, float, float]]:
    """The filled rectangles (left, top, width, height; mm on the sheet) of a check whose box starts at (x, y)."""
    shapes = []
    for row, length in ((0, BAR_MM), (1, INCHES_MM)):
        bar_y = y + TICK[1] / 2 + row * 5.5
        shapes.append((x, bar_y, length, BAR_HEIGHT))
        for tick_x in (x, x + length - TICK[0]):
            shapes.append((tick_x, bar_y + BAR_HEIGHT / 2 - TICK[1] / 2, TICK[0], TICK[1]))
    return shapes


def room(page: SheetPage, printable: tuple[float, float, float, float]) -> tuple[float, float] | None:
    """Where the check fits on ``page`` (its box's top-left corner, mm): in the margin above everything printed,
    else below it, centred across the printable area; None when neither margin is large enough."""
    left, top, right, bottom = printable
    if right - left < WIDTH:
        return None
    boxes = [p.shown for p in page.placements]
    boxes += [(min(a, c), min(b, d), max(a, c), max(b, d)) for a, b, c, d in page.marks + page.folds]
    boxes += [(x, y, x + w, y + h) for x, y, w, h, _ in page.locator]
    boxes += [(x - 6, y - 6, x + 6, y + 6) for x, y in page.targets]
    x = (left + right - WIDTH) / 2
    if not boxes:
        return x, top + (bottom - top - HEIGHT) / 2
    highest, lowest = min(b[1] for b in boxes), max(b[3] for b in boxes)
    if highest - top >= HEIGHT + CLEAR:
        return x, top
    if bottom - lowest >= HEIGHT + CLEAR:
        return x, bottom - HEIGHT
    return None


def ops(x: float, y: float, paper_height: float, font: Path | None = None) -> bytes:
    """The check's drawing as PDF operators, its box's top-left corner at (x, y) mm on a page ``paper_height``
    mm high."""
    def pt(px: float, py: float) -> tuple[float, float]:
        return px * PT_PER_MM, (paper_height - py) * PT_PER_MM

    parts = [b"q 0 g"]
    for left, top, width, height in bars(x, y):
        a, b = pt(left, top + height)
        parts.append(b"%s %s %s %s re f" % (number(a), number(b), number(width * PT_PER_MM),
                                            number(height * PT_PER_MM)))
    path = font or _body_font()
    for row, label in ((0, "100 mm"), (1, "4 in")):
        base_x, base_y = pt(x + INCHES_MM + 2.0, y + TICK[1] / 2 + row * 5.5 + BAR_HEIGHT + 0.9)
        parts.append(text_ops(label, path, LABEL_PT, base_x, base_y))
    base_x, base_y = pt(x, y + HEIGHT - 0.8)
    parts.append(text_ops(WORDS, path, WORDS_PT, base_x, base_y))
    parts.append(b"Q")
    return b" ".join(parts)


@functools.cache
def _body_font() -> Path:
    """The shared set's body font (the check's words look the same in every pack)."""
    from pnpforge.render.fonts import load_fonts  # noqa: PLC0415 - only sheets with a scale check need it

    return load_fonts().face("body/regular").path


@functools.cache
def _glyphs(font: Path):
    """The font's glyph set, character map, advances and units per em."""
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    loaded = TTFont(str(font), lazy=True)
    return loaded.getGlyphSet(), loaded.getBestCmap(), loaded["hmtx"], loaded["head"].unitsPerEm


def text_ops(text: str, font: Path, size_pt: float, x: float, y: float) -> bytes:
    """``text`` as filled glyph outlines, its baseline starting at (x, y) in PDF points."""
    from fontTools.pens.basePen import BasePen  # noqa: PLC0415

    glyph_set, cmap, metrics, units = _glyphs(font)
    scale = size_pt / units
    out: list[bytes] = []

    class Pen(BasePen):
        def __init__(self, origin: float) -> None:
            super().__init__(glyph_set)
            self.origin = origin

        def _xy(self, point) -> bytes:
            return b"%s %s" % (number(self.origin + point[0] * scale), number(y + point[1] * scale))

        def _moveTo(self, p0) -> None:
            out.append(self._xy(p0) + b" m")

        def _lineTo(self, p1) -> None:
            out.append(self._xy(p1) + b" l")

        def _curveToOne(self, p1, p2, p3) -> None:
            out.append(b" ".join(self._xy(p) for p in (p1, p2, p3)) + b" c")

        def _closePath(self) -> None:
            out.append(b"h")

    cursor = x
    for character in text:
        name = cmap.get(ord(character))
        if name is None:
            continue
        glyph_set[name].draw(Pen(cursor))
        cursor += metrics[name][0] * scale
    return b" ".join(out) + (b" f" if out else b"")
