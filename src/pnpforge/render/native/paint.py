"""Painting a laid-out face into a PDF content stream, as WeasyPrint paints the same boxes.

Coordinates are points with y pointing down (the stream starts by flipping the page). Each box paints its
background and borders (a rounded border box, the border ring filled even-odd between the border box and the
padding box), then, clipped to its padding box when ``overflow: hidden``, its text or svg, its in-flow children
and then its positioned children in tree order. A box with ``opacity`` below 1 is painted into a transparency
group drawn with that alpha. A box turned by quarter turns (``transform: rotate()``) is painted about its centre
under a ``cm`` matrix, after its in-flow siblings (a stacking context, as in WeasyPrint). Text is shown glyph by
glyph from the HarfBuzz positions (TJ adjustments against the font's own advances); fonts are named by a
placeholder the PDF builder resolves to a subset per file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnpforge.render.fragments import number
from pnpforge.render.native import dashes, tables
from pnpforge.render.native.boxes import Box, Replaced
from pnpforge.render.native.css import Percent
from pnpforge.render.native.dom import SVG_MARKUP, Unsupported
from pnpforge.render.native.fonts import Font
from pnpforge.render.native.inline import Piece
from pnpforge.render.native.pango import GlyphWidths

KAPPA = 0.55  # a rounded corner's control-point distance per radius: WeasyPrint's, not the exact circle's 0.5523


@dataclass
class Canvas:
    """A content stream being written and the resources it names."""

    ops: list[bytes] = field(default_factory=list)
    alphas: set[float] = field(default_factory=set)
    shadings: dict[str, bytes] = field(default_factory=dict)
    fonts: dict[str, Font] = field(default_factory=dict)
    used: dict[str, dict[int, str]] = field(default_factory=dict)
    forms: list[bytes] = field(default_factory=list)  # transparency groups: their content streams

    def add(self, *parts: bytes) -> None:
        self.ops.extend(parts)


def _n(value: float) -> bytes:
    return number(value)


def _colour(rgba: tuple[float, float, float, float], canvas: Canvas, stroke: bool = False) -> bytes:
    red, green, blue, alpha = rgba
    ops = b"%s %s %s %s" % (_n(red), _n(green), _n(blue), b"RG" if stroke else b"rg")
    if alpha < 1:
        canvas.alphas.add(round(alpha, 4))
        ops = b"/a" + _n(round(alpha, 4)) + b" gs " + ops
    return ops


def _radii(box: Box) -> list[tuple[float, float]]:
    """Horizontal and vertical radius of each corner (top-left, top-right, bottom-right, bottom-left)."""
    found = []
    for corner in ("top-left", "top-right", "bottom-right", "bottom-left"):
        value = box.style[f"border-{corner}-radius"]
        if isinstance(value, Percent):
            found.append((value * box.width, value * box.height))
        else:
            found.append((float(value), float(value)))
    # scale down radii that do not fit their sides, as CSS says
    factor = 1.0
    for (a, b), side in (((0, 1), box.width), ((3, 2), box.width)):
        total = found[a][0] + found[b][0]
        if total > side > 0:
            factor = min(factor, side / total)
    for (a, b), side in (((0, 3), box.height), ((1, 2), box.height)):
        total = found[a][1] + found[b][1]
        if total > side > 0:
            factor = min(factor, side / total)
    return [(h * factor, v * factor) for h, v in found]


def rounded_rect(x: float, y: float, w: float, h: float, radii: list[tuple[float, float]]) -> bytes:
    """A closed path of a rectangle with elliptical corners."""
    if not any(r for pair in radii for r in pair):
        return b"%s %s %s %s re" % (_n(x), _n(y), _n(w), _n(h))
    (tlh, tlv), (trh, trv), (brh, brv), (blh, blv) = radii
    k = KAPPA
    parts = [b"%s %s m" % (_n(x + tlh), _n(y)), b"%s %s l" % (_n(x + w - trh), _n(y))]
    if trh or trv:
        parts.append(b"%s %s %s %s %s %s c" % (_n(x + w - trh + trh * k), _n(y), _n(x + w), _n(y + trv - trv * k),
                                               _n(x + w), _n(y + trv)))
    parts.append(b"%s %s l" % (_n(x + w), _n(y + h - brv)))
    if brh or brv:
        parts.append(b"%s %s %s %s %s %s c" % (_n(x + w), _n(y + h - brv + brv * k), _n(x + w - brh + brh * k),
                                               _n(y + h), _n(x + w - brh), _n(y + h)))
    parts.append(b"%s %s l" % (_n(x + blh), _n(y + h)))
    if blh or blv:
        parts.append(b"%s %s %s %s %s %s c" % (_n(x + blh - blh * k), _n(y + h), _n(x), _n(y + h - blv + blv * k),
                                               _n(x), _n(y + h - blv)))
    parts.append(b"%s %s l" % (_n(x), _n(y + tlv)))
    if tlh or tlv:
        parts.append(b"%s %s %s %s %s %s c" % (_n(x), _n(y + tlv - tlv * k), _n(x + tlh - tlh * k), _n(y),
                                               _n(x + tlh), _n(y)))
    parts.append(b"h")
    return b" ".join(parts)


def _padding_box(box: Box) -> tuple[float, float, float, float, list[tuple[float, float]]]:
    s = box.style
    top, right = float(s["border-top-width"]), float(s["border-right-width"])
    bottom, left = float(s["border-bottom-width"]), float(s["border-left-width"])
    radii = _radii(box)
    inner = [(max(0.0, radii[0][0] - left), max(0.0, radii[0][1] - top)),
             (max(0.0, radii[1][0] - right), max(0.0, radii[1][1] - top)),
             (max(0.0, radii[2][0] - right), max(0.0, radii[2][1] - bottom)),
             (max(0.0, radii[3][0] - left), max(0.0, radii[3][1] - bottom))]
    return box.x + left, box.y + top, box.width - left - right, box.height - top - bottom, inner


QUARTER_TURNS = ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0))  # (a, b, c, d), clockwise as y points down


def quarter_turn(box: Box) -> bytes:
    """The ``cm`` operands that turn ``box`` by its ``transform`` (quarter turns) about its border box's centre.

    Layout is untouched, as CSS says: the box is laid out where it stands and painted turned."""
    a, b, c, d = QUARTER_TURNS[box.style["transform"]]
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    return b"%d %d %d %d %s %s" % (a, b, c, d, _n(cx - a * cx - c * cy), _n(cy - b * cx - d * cy))


class Painter:
    """Paints laid-out boxes onto a canvas."""

    def __init__(self, svg_of):
        self.svg_of = svg_of  # markup -> parsed svg (cached by the caller)
        self.widths = GlyphWidths()  # the face's glyph widths, fixed at each glyph's first use

    def paint(self, box: Box, canvas: Canvas) -> None:
        style = box.style
        if style["visibility"] != "visible":
            raise Unsupported("visibility: hidden")
        turned = style["transform"] != 0
        if turned:
            canvas.add(b"q " + quarter_turn(box) + b" cm")
        if style["opacity"] < 1.0:
            self._group(box, canvas, style["opacity"])
        else:
            self._paint_box(box, canvas)
        if turned:
            canvas.add(b"Q")

    def _group(self, box: Box, canvas: Canvas, alpha: float) -> None:
        inner = Canvas(alphas=canvas.alphas, shadings=canvas.shadings, fonts=canvas.fonts, used=canvas.used,
                       forms=canvas.forms)
        self._paint_box(box, inner)
        canvas.forms.append(b"\n".join(inner.ops))
        alpha = round(alpha, 4)
        canvas.alphas.add(alpha)
        canvas.add(b"q /a" + _n(alpha) + b" gs /Fm%d Do Q" % (len(canvas.forms) - 1))

    def _paint_box(self, box: Box, canvas: Canvas) -> None:
        style = box.style
        background = style["background-color"]
        radii = _radii(box)
        if background is not None and background[3] > 0:
            canvas.add(b"q " + _colour(background, canvas) + b" " +
                       rounded_rect(box.x, box.y, box.width, box.height, radii) + b" f Q")
        self._borders(box, canvas, radii)
        clipped = style["overflow"] == "hidden" and box.replaced is None
        if clipped:
            px, py, pw, ph, inner = _padding_box(box)
            canvas.add(b"q " + rounded_rect(px, py, pw, ph, inner) + b" W n")
        if box.replaced is not None:
            self._replaced(box.replaced, box.content_x, box.content_y, canvas)
        if box.lines:
            self._lines(box, canvas)
        for child in box.children:  # a turned box is painted with the positioned ones, as WeasyPrint does
            if not (child.positioned or child.style["transform"]):
                self.paint(child, canvas)
        for child in box.children:
            if child.positioned or child.style["transform"]:
                self.paint(child, canvas)
        if box.grid is not None:
            self._collapsed_borders(box, canvas)
        if clipped:
            canvas.add(b"Q")

    def _collapsed_borders(self, table: Box, canvas: Canvas) -> None:
        """A table's collapsed borders: each segment a line centred on the grid, stronger ones painted later."""
        assert table.grid is not None  # laid out
        for _, width, colour, (x1, y1, x2, y2) in tables.segments(table.grid):
            canvas.add(b"q " + _colour(colour, canvas, stroke=True) + b" " + _n(width) + b" w %s %s m %s %s l S Q" % (
                _n(table.x + x1), _n(table.y + y1), _n(table.x + x2), _n(table.y + y2)))

    def _borders(self, box: Box, canvas: Canvas, radii) -> None:
        if box.borders is not None:
            return  # a table's or a cell's borders: collapsed, painted by the table
        style = box.style
        top, right, bottom, left = (float(style[f"border-{side}-width"]) for side in dashes.SIDES)
        widths = (top, right, bottom, left)
        if not any(widths):
            return
        colours = [style[f"border-{side}-color"] for side in dashes.SIDES]
        kinds = [style[f"border-{side}-style"] if colour[3] else None for side, colour in zip(dashes.SIDES, colours)]
        drawn = {kind for kind, width in zip(kinds, widths) if width and kind}
        one_colour = len(set(colours)) == 1
        rounded = any(r for pair in radii for r in pair)
        frame = (box.x, box.y, box.width, box.height)
        if drawn == {"solid"} and one_colour and all(widths):
            px, py, pw, ph, inner = _padding_box(box)
            canvas.add(b"q " + _colour(colours[0], canvas) + b" " + rounded_rect(*frame, radii) + b" " +
                       rounded_rect(px, py, pw, ph, inner) + b" f* Q")
            return
        if drawn in ({"dashed"}, {"dotted"}) and one_colour and all(widths) and len(set(widths)) == 1 \
                and not rounded:
            canvas.add(b"q " + _colour(colours[0], canvas, stroke=True), *dashes.stroked(drawn.pop(), widths[0], frame),
                       b"Q")
            return
        px, py, pw, ph, inner = _padding_box(box)
        ring = rounded_rect(px, py, pw, ph, inner) + b" " + rounded_rect(*frame, radii) + b" f*"
        for index in (2, 3, 1, 0):  # bottom, left, right, top: the order WeasyPrint paints sides in
            kind = kinds[index]
            if not widths[index] or not kind:
                continue
            clip = dashes.side_clip(kind, dashes.SIDES[index], frame, widths, radii)
            canvas.add(b"q " + clip + b" " + _colour(colours[index], canvas) + b" " + ring + b" Q")

    def _replaced(self, replaced: Replaced, x: float, y: float, canvas: Canvas) -> None:
        markup = replaced.element.get(SVG_MARKUP)
        if markup is None:
            raise Unsupported(f"<{replaced.element.tag}>")
        drawing = self.svg_of(markup)
        painted = drawing.paint(replaced.width, replaced.height, tuple(replaced.style["color"][:3]))
        if replaced.style["color"][3] < 1:
            raise Unsupported("a translucent svg colour")
        canvas.alphas.update(painted.alphas)
        canvas.shadings.update(dict(painted.shadings))
        canvas.add(b"q 1 0 0 1 %s %s cm" % (_n(x), _n(y)), painted.ops, b"Q")

    def _lines(self, box: Box, canvas: Canvas) -> None:
        left, top = box.content_x, box.content_y
        for line in box.lines:
            baseline = top + line.top + line.baseline
            texts = [piece for piece in line.pieces if piece.replaced is None and piece.glyphs]
            for piece in line.pieces:
                x = left + line.x + piece.x
                if piece.replaced is not None:
                    self._replaced(piece.replaced, x, baseline + piece.y, canvas)
                elif piece.glyphs:
                    self._text(piece, x, baseline, canvas, piece is texts[0], piece is texts[-1])

    def _text(self, piece: Piece, x: float, baseline: float, canvas: Canvas, starts: bool = True,
              ends: bool = True) -> None:
        font, size = piece.font, piece.size
        assert font is not None  # a piece of text
        canvas.fonts[font.key] = font
        used = canvas.used.setdefault(font.key, {})
        colour = piece.style["color"]
        parts = [b"BT", b"/F" + font.key.encode() + b" " + _n(size) + b" Tf", _colour(colour, canvas),
                 b"1 0 0 -1 %s %s Tm" % (_n(x + piece.glyphs[0].x), _n(baseline))]
        array = []
        glyphs = piece.glyphs
        spacing = piece.style["letter-spacing"]
        spacing = 0.0 if spacing == "normal" else float(spacing)
        for index, glyph in enumerate(glyphs):
            array.append(b"<%04x>" % glyph.id)
            used.setdefault(glyph.id, glyph.text)
            if index + 1 < len(glyphs):
                own = font.own_advance(glyph.id) * 1000 / font.units
                units = round((glyphs[index + 1].x - glyph.x - spacing) / size * font.units)
                drawn = self.widths.advance(font, glyph.id, units, size, spacing, index > 0 or not starts,
                                            index + 1 < len(glyphs) or not ends)
                if abs(own - drawn) > 1e-6:
                    array.append(_n(round(own - drawn, 3)))
        parts.append(b"[" + b" ".join(array) + b"] TJ")
        parts.append(b"ET")
        canvas.add(b" ".join(parts))
