"""Total ink for press files: the limit on C + M + Y + K a print shop sets (DriveThruCards: 240 %), kept by
pnpforge itself on the two layers of a PDF/X page (``publish.pdfx``).

The background is a CMYK raster and is limited pixel by pixel (``limit_ink_pixels``). The text layer is a
content stream whose colours are set by operators; ``opaque_text`` rewrites it so that every colour it sets is
plain DeviceCMYK or DeviceGray within the limit, and so that it paints with no transparency: PDF/X-1a forbids
any, and the source's translucent text (an opacity of 0.55 or 0.75) would otherwise make Ghostscript flatten the
page into one image.

Opacity is baked into the colour as ink laid on bare paper: a fill of opacity ``a`` becomes its own colour with
every ink scaled by ``a``. That is exact over bare paper and an approximation over the card's background, where
the real result would mix with what lies beneath: over light panels the difference is slight, but translucent
paper-coloured text over dark art prints as solid paper colour.

Limiting keeps K (the key ink holds the detail and is what text is mostly made of) and scales C, M and Y down in
proportion, which keeps the hue; when K alone is over the limit it is clamped too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import NamedTuple

from pypdf.generic import (ArrayObject, ContentStream, DictionaryObject, FloatObject, NameObject,
                           StreamObject)

PERCENT = 100.0
DEPTH = 255  # the largest value of an 8-bit channel
# Text colours are written in whole 8-bit steps one step under the limit: Ghostscript keeps a colour it reads
# to about 10 bits (measured with 10.0: up to 1/1024 off), less than half a step, so neither its rounding nor an
# 8-bit raster of the page (what a preflight measures) can take a colour past the limit.
STEP_PERCENT = PERCENT / DEPTH
TRANSPARENCY_KEYS = ("/ca", "/CA", "/SMask", "/BM", "/AIS", "/TK")


def limit_ink(c: float, m: float, y: float, k: float, max_ink: float) -> tuple[float, float, float, float]:
    """A CMYK colour (fractions 0..1) with a total of at most ``max_ink`` percent: K kept, C, M and Y scaled
    down in proportion (K clamped as well when it alone is over the limit)."""
    limit = max_ink / PERCENT
    if c + m + y + k <= limit:
        return c, m, y, k
    if k >= limit:
        return 0.0, 0.0, 0.0, limit
    scale = (limit - k) / (c + m + y)
    limited = (c * scale, m * scale, y * scale, k)
    if sum(limited) > limit:  # the float products can land a hair above
        scale *= 1 - 1e-12
        limited = (c * scale, m * scale, y * scale, k)
    return limited


def ink_budget(max_ink: float) -> int:
    """The largest sum of four 8-bit channels whose ink (sum / 255 * 100) is at most ``max_ink`` percent."""
    return math.floor(max_ink * DEPTH / PERCENT + 1e-9)


def limit_ink_pixels(pixels, max_ink: float):
    """A copy of a CMYK raster (height x width x 4, uint8) in which no pixel's total ink is over ``max_ink``
    percent, limited as ``limit_ink`` does. Channels are scaled in integers and rounded down, so the 8-bit
    result itself is within the limit (rounded to nearest, C, M and Y could go a step or two over it)."""
    import numpy  # noqa: PLC0415 - loaded by the builds that write press files

    budget = ink_budget(max_ink)
    limited = numpy.array(pixels, dtype=numpy.uint8, copy=True)
    flat = limited.reshape(-1, 4)
    total = flat[:, 0].astype(numpy.uint16)
    for channel in (1, 2, 3):  # a column at a time: ten times as fast as summing along the short axis
        total += flat[:, channel]
    over = total > budget
    if not over.any():
        return limited
    inks = flat[over].astype(numpy.int64)
    key = numpy.minimum(inks[:, 3], budget)
    colour = inks[:, :3]
    colour_total = colour.sum(axis=1)
    room = budget - key
    scaled = colour * room[:, None] // numpy.maximum(colour_total, 1)[:, None]
    flat[over] = numpy.column_stack((scaled, key)).astype(numpy.uint8)
    return limited


class Colour(NamedTuple):
    """A colour as the content sets it: ``gray``, ``cmyk``, ``rgb`` or ``other`` (patterns, separations,
    anything passed through untouched), and its components."""

    space: str
    values: tuple


DEFAULT_COLOUR = Colour("gray", (0.0,))
INITIAL = {"gray": DEFAULT_COLOUR, "cmyk": Colour("cmyk", (0.0, 0.0, 0.0, 1.0)), "rgb": Colour("rgb", (0.0, 0.0, 0.0))}
SPACE_NAMES = {"/DeviceGray": "gray", "/G": "gray", "/CalGray": "gray", "/DeviceCMYK": "cmyk", "/CMYK": "cmyk",
               "/DeviceRGB": "rgb", "/RGB": "rgb", "/CalRGB": "rgb"}
ICC_SPACES = {1: "gray", 3: "rgb", 4: "cmyk"}
SETTERS = {b"g": "gray", b"G": "gray", b"k": "cmyk", b"K": "cmyk", b"rg": "rgb", b"RG": "rgb"}
STROKING = {b"G", b"K", b"RG", b"CS", b"SC", b"SCN"}
PAINTING = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"S", b"s"}  # operators that paint a path


@dataclass(frozen=True)
class Paint:
    """The part of the graphics state that decides what ink a mark lays down."""

    fill: Colour = DEFAULT_COLOUR
    stroke: Colour = DEFAULT_COLOUR
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    group_alpha: float = 1.0  # the opacity a transparency group being drawn is composited with

    def alpha(self, stroking: bool) -> float:
        """The opacity a stroke or a fill is laid down with."""
        return (self.stroke_alpha if stroking else self.fill_alpha) * self.group_alpha


def opaque_text(page, writer, max_ink: float) -> None:
    """Rewrite a text page (in ``writer``) so that it paints with opaque CMYK or gray colours within
    ``max_ink``: opacity baked into the colours, transparency settings removed, empty transparency groups (what
    Ghostscript leaves of filtered vector art) dropped, and forms drawn at other opacities rewritten per use.
    Only text is painted: what Ghostscript's text pass leaves of other marks (a path filled with a pattern of art,
    a shading, an image) is in the background raster already, and a pattern of translucent art would make the
    final pass flatten the page."""
    walker = _Walker(writer, max_ink)
    resources = page.get("/Resources")
    resources = resources.get_object() if resources is not None else DictionaryObject()
    content = ContentStream(page.get_contents(), writer) if page.get_contents() is not None else None
    operations, new_resources = walker.walk(content, resources, Paint())
    page[NameObject("/Resources")] = new_resources
    stream = ContentStream(None, writer)
    stream.operations = operations
    page.replace_contents(stream)


class _Walker:
    """Rewrites content streams, keeping the paint state through ``q``/``Q`` and into forms."""

    def __init__(self, writer, max_ink: float) -> None:
        self.writer = writer
        self.max_ink = max_ink
        self.forms: dict[tuple, object] = {}  # (form, paint at its use) -> the rewritten form

    def walk(self, content, resources, paint: Paint) -> tuple[list, DictionaryObject]:
        """The rewritten operations of ``content`` and the resources they need."""
        new_resources = DictionaryObject({key: value for key, value in resources.items()
                                          if key not in ("/ExtGState", "/XObject", "/Pattern", "/Shading")})
        states = _dict(resources.get("/ExtGState"))
        if states:
            new_resources[NameObject("/ExtGState")] = DictionaryObject(
                {name: _without_transparency(state.get_object()) for name, state in states.items()})
        xobjects = _dict(resources.get("/XObject"))
        kept = DictionaryObject()
        spaces = _dict(resources.get("/ColorSpace"))
        operations, stack = [], []
        for operands, operator in content.operations if content is not None else []:
            if operator == b"q":
                stack.append(paint)
            elif operator == b"Q":
                paint = stack.pop() if stack else paint
            elif operator in SETTERS or operator in (b"cs", b"CS", b"sc", b"scn", b"SC", b"SCN"):
                paint, emitted = self.set_colour(paint, operands, operator, spaces)
                operations += emitted
                continue
            elif operator == b"gs":
                before, paint = paint, _alphas(paint, states.get(operands[0]))
                operations.append((operands, operator))
                if paint != before:
                    operations += self.colours(paint)
                continue
            elif operator == b"Do":
                drawn = self.draw(operands[0], xobjects, paint, kept)
                if drawn is not None:
                    operations.append(([drawn], operator))
                continue
            elif operator in PAINTING:  # the background raster has every mark but the text: paint none twice
                operations.append(([], b"n"))  # the path still ends here, and a clip set on it still holds
                continue
            elif operator in (b"sh", b"INLINE IMAGE"):
                continue
            operations.append((operands, operator))
        if kept:
            new_resources[NameObject("/XObject")] = kept
        patterns = _dict(resources.get("/Pattern"))
        used = {operands[-1] for operands, operator in operations
                if operator in (b"scn", b"SCN") and operands and isinstance(operands[-1], NameObject)}
        if used & set(patterns):  # text filled with a pattern keeps it; a pattern nothing uses is left out
            new_resources[NameObject("/Pattern")] = DictionaryObject(
                {name: pattern for name, pattern in patterns.items() if name in used})
        return operations, new_resources

    def set_colour(self, paint: Paint, operands, operator: bytes, spaces) -> tuple[Paint, list]:
        """The paint after a colour operator, and the operators that set its effective colour."""
        stroking = operator in STROKING
        current = paint.stroke if stroking else paint.fill
        if operator in SETTERS:
            colour = Colour(SETTERS[operator], tuple(float(value) for value in operands))
        elif operator in (b"cs", b"CS"):
            space = _space_kind(operands[0], spaces)
            colour = INITIAL.get(space, Colour("other", ()))
            if space == "other":
                return _with(paint, stroking, colour), [(operands, operator)]
        elif current.space == "other" or not all(_is_number(value) for value in operands):
            return paint, [(operands, operator)]
        else:
            colour = Colour(current.space, tuple(float(value) for value in operands))
        paint = _with(paint, stroking, colour)
        return paint, self.colour(colour, paint.alpha(stroking), stroking)

    def colours(self, paint: Paint) -> list:
        """Operators setting the effective fill and stroke colours of ``paint`` (after its opacity changed)."""
        return self.colour(paint.fill, paint.alpha(False), False) + self.colour(paint.stroke, paint.alpha(True), True)

    def colour(self, colour: Colour, alpha: float, stroking: bool) -> list:
        """The operator setting ``colour`` at ``alpha`` as opaque ink within the limit (none for ``other``)."""
        if colour.space == "other":
            return []
        limit = self.max_ink - STEP_PERCENT
        if colour.space == "gray":
            ink = min((1 - colour.values[0]) * alpha, limit / PERCENT, 1.0)
            return [([_level(DEPTH - math.floor(ink * DEPTH))], b"G" if stroking else b"g")]
        cmyk = colour.values if colour.space == "cmyk" else _rgb_to_cmyk(*colour.values)
        c, m, y, k = (value * alpha for value in cmyk)
        limited = limit_ink(c, m, y, k, limit)
        return [([_level(math.floor(value * DEPTH)) for value in limited], b"K" if stroking else b"k")]

    def draw(self, name, xobjects, paint: Paint, kept: DictionaryObject):
        """The name to draw for ``Do name`` (a form rewritten for this paint), or None to drop it."""
        reference = xobjects.get(name)
        if reference is None:
            return None
        xobject = reference.get_object()
        if xobject.get("/Subtype") != "/Form":
            return None  # an image: drawn in the background raster already
        if not xobject.get_data().strip():
            return None  # an empty transparency group: what is left of filtered vector art
        if "/Group" in xobject:  # PDF 32000-1, 11.6.6: a group's content starts opaque; the group takes the opacity
            paint = replace(paint, fill_alpha=1.0, stroke_alpha=1.0, group_alpha=paint.alpha(False))
        key = (id(xobject), paint)
        if key not in self.forms:
            self.forms[key] = self.form(xobject, paint)
        drawn = NameObject(f"{name}p{list(self.forms).index(key)}")
        kept[drawn] = self.forms[key]
        return drawn

    def form(self, xobject, paint: Paint):
        """A copy of a form whose content paints opaquely as drawn with ``paint``, without a group."""
        resources = xobject.get("/Resources")
        operations, new_resources = self.walk(ContentStream(xobject, self.writer),
                                              resources.get_object() if resources is not None else {}, paint)
        stream = ContentStream(None, self.writer)
        stream.operations = operations
        form = StreamObject()
        form.set_data(stream.get_data())
        for key in ("/Type", "/Subtype", "/BBox", "/Matrix", "/FormType"):
            if key in xobject:
                form[NameObject(key)] = xobject[key]
        form[NameObject("/Resources")] = new_resources
        return self.writer._add_object(form)


def _dict(value) -> dict:
    """A resource dictionary (resolved), or an empty one."""
    return value.get_object() if value is not None else {}


def _without_transparency(state) -> DictionaryObject:
    """An ExtGState with its opacity, soft mask and blend mode removed (the colours carry the opacity)."""
    return DictionaryObject({key: value for key, value in state.items() if key not in TRANSPARENCY_KEYS})


def _alphas(paint: Paint, state) -> Paint:
    """The paint after an ExtGState that may set the fill (``ca``) or stroke (``CA``) opacity."""
    if state is None:
        return paint
    state = state.get_object()
    return replace(paint, fill_alpha=float(state.get("/ca", paint.fill_alpha)),
                   stroke_alpha=float(state.get("/CA", paint.stroke_alpha)))


def _with(paint: Paint, stroking: bool, colour: Colour) -> Paint:
    """The paint with a new stroke or fill colour."""
    return replace(paint, stroke=colour) if stroking else replace(paint, fill=colour)


def _space_kind(name, spaces) -> str:
    """What a colour space operand names: ``gray``, ``cmyk``, ``rgb`` or ``other``."""
    if name in SPACE_NAMES:
        return SPACE_NAMES[name]
    space = spaces.get(name)
    space = space.get_object() if space is not None else None
    if isinstance(space, str):
        return SPACE_NAMES.get(space, "other")
    if isinstance(space, ArrayObject) and space:
        family = space[0]
        if family == "/ICCBased":
            return ICC_SPACES.get(int(space[1].get_object().get("/N", 0)), "other")
        return SPACE_NAMES.get(family, "other")
    return "other"


def _rgb_to_cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """A plain RGB to CMYK conversion with full key generation, for RGB the text layer should not have (its
    colours come converted by Ghostscript) but is not allowed through."""
    k = 1 - max(r, g, b)
    if k >= 1:
        return 0.0, 0.0, 0.0, 1.0
    return (1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k


def _level(steps: int) -> FloatObject:
    """A colour component of a whole number of 8-bit steps, for a content stream."""
    return FloatObject(f"{steps / DEPTH:.6f}".rstrip("0").rstrip(".") if steps else "0")


def _is_number(value) -> bool:
    """Whether an operand is a number (a pattern's ``scn`` ends with a name)."""
    return isinstance(value, (int, float))
