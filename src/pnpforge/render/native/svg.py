"""Inline SVG drawn as PDF content-stream operators: the icons and art placeholders of the native face renderer.

Faces carry small SVGs inline: icons (``icons.py``: paths, circles and rects in ``currentColor`` with
presentation attributes) and art placeholders (``art.py``: a linear-gradient sky, polygon hills and trees,
``preserveAspectRatio="none"``). ``parse_svg`` reads such markup once into shapes whose path operators are already
written; ``Svg.paint`` places them in a box and fills in what depends on the box and the ink: the viewBox matrix,
``currentColor`` and the gradients' shading dictionaries.

What is drawn follows SVG 1.1/2 as WeasyPrint draws it, so that a face looks the same whichever renderer made
it: the cascade of presentation attributes and ``style`` declarations, path data (every command, arcs converted
to Béziers by the endpoint-to-centre conversion of SVG 2 appendix B.2.4), transforms, fill and stroke
properties, constant opacity and pad-spread linear gradients, all clipped to the box as an inline svg's
viewport is. Anything else that would paint (text, images, ``use``, patterns, masks, filters, clip paths,
radial gradients, stylesheets, ...) raises ``Unsupported`` naming it, and the face falls back to WeasyPrint.

Element opacity on a group needs a transparency group in PDF, which a bare content stream cannot hold; a group
is drawn only when its opacity can be folded into one shape's constant alpha, or when every shape in it is the
same stroke (one stroked path paints each pixel once, exactly as the group would).
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, replace
from xml.etree import ElementTree

from tinycss2.color3 import parse_color

from pnpforge.render.fragments import number
from pnpforge.render.native import svg_geometry as geometry
from pnpforge.render.native.css import PT
from pnpforge.render.native.svg_geometry import IDENTITY, Matrix, Unsupported

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
RGB = tuple[float, float, float]
PX_TO_PT = 0.75  # without a viewBox, a user unit is a CSS pixel

FOREIGN = "{foreign}"  # the name given to elements of other namespaces
SHAPES = frozenset({"path", "circle", "ellipse", "rect", "line", "polyline", "polygon"})
NOT_DRAWN = frozenset({"title", "desc", "metadata", "linearGradient", "symbol"})
INHERITED = ("fill", "fill-opacity", "fill-rule", "stroke", "stroke-opacity", "stroke-width", "stroke-linecap",
             "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "color",
             "visibility")
UNDRAWN_PROPERTIES = {"clip-path": "none", "mask": "none", "filter": "none", "marker": "none",
                      "marker-start": "none", "marker-mid": "none", "marker-end": "none",
                      "paint-order": "normal", "vector-effect": "none", "mix-blend-mode": "normal",
                      "transform-origin": None, "transform-box": None}
LINE_CAPS = {"butt": 0, "round": 1, "square": 2}
LINE_JOINS = {"miter": 0, "miter-clip": 0, "arcs": 0, "round": 1, "bevel": 2}
UNITS = {"": 1.0, **{unit: points / PX_TO_PT for unit, points in PT.items()}}  # user units (CSS px)
ALIGNS = {"min": 0.0, "mid": 0.5, "max": 1.0}

_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(%|[a-zA-Z]*)\s*$")
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


@dataclass(frozen=True)
class Painted:
    """An SVG drawn into a box: operators, and the resources they name."""

    ops: bytes  # PDF content-stream operators, wrapped in q ... Q
    alphas: frozenset[float]  # each used as /a<number(alpha)> gs; the caller defines <</ca a/CA a>>
    shadings: tuple[tuple[str, bytes], ...]  # (name, shading dictionary) used as /<name> sh


@dataclass(frozen=True)
class _Gradient:
    """A linear gradient as a fill: its stops and its vector, in bounding-box or user-space units."""

    stops: tuple[tuple[float, RGB | None], ...]  # (offset, rgb); None is currentColor
    vector: tuple[float, float, float, float]
    user_space: bool
    transform: Matrix


@dataclass(frozen=True)
class _Paint:
    """A fill or stroke: a colour (None for the caller's ink) or a gradient, with its alpha."""

    rgb: RGB | None
    gradient: _Gradient | None
    alpha: float


@dataclass(frozen=True)
class _Stroke:
    """The line style of a stroke, already written as operators (width, cap, join, miter limit, dashes)."""

    ops: bytes


@dataclass(frozen=True)
class _Shape:
    """One element to paint: its path in its own user space, the matrix to the root's user space, its paints."""

    matrix: Matrix
    path: bytes
    bounds: tuple[float, float, float, float] | None  # x0, y0, x1, y1 of the geometry (gradient boxes)
    fill: _Paint | None
    even_odd: bool
    stroke: _Paint | None
    line: _Stroke | None
    opacity: float


@dataclass(frozen=True)
class _Current:
    """Where the caller's ink is set: as the fill colour (``rg``) or the stroke colour (``RG``)."""

    stroke: bool


@dataclass(frozen=True)
class _Shading:
    """Where a gradient's shading is painted (its stops may need the caller's ink)."""

    gradient: _Gradient


def parse_svg(markup: str) -> "Svg":
    """Parse inline SVG markup (one <svg> element with its content) once; raise Unsupported for what is not drawn."""
    try:
        root = ElementTree.fromstring(markup.strip())
    except ElementTree.ParseError as exc:
        raise Unsupported(f"svg markup that is not well-formed XML ({exc})") from None
    if _tag(root) != "svg":
        raise Unsupported(f"<{_tag(root)}> where an <svg> element was expected")
    return _Reader(root).read()


class Svg:
    """Parsed SVG: the shapes' operators, waiting for a box and an ink."""

    def __init__(self, view_box: tuple[float, float, float, float] | None, align: tuple[float, float] | None,
                 slice_: bool, parts: tuple, alphas: frozenset[float]):
        """Hold what ``paint`` needs: the viewBox and its alignment (None for 'none'), and the operators."""
        self.view_box = view_box
        self.align = align
        self.slice = slice_
        self._parts = parts
        self._alphas = alphas

    def paint(self, width: float, height: float, colour: RGB) -> Painted:
        """Operators drawing the SVG into a box `width` x `height` points whose origin is the box's TOP-LEFT
        corner with y pointing DOWN (the caller has set up a y-down coordinate system and translated to the box);
        `colour` (RGB 0..1) is what currentColor means when the svg element has no `color` attribute (when it has
        one, the attribute wins). The viewBox is placed as preserveAspectRatio says (default xMidYMid meet), and
        the drawing is clipped to the box, as an inline svg is to its viewport."""
        out = [b"q\n0 0 ", number(width), b" ", number(height), b" re W n\n"]
        placement = self._placement(width, height)
        if placement is None:
            return Painted(b"".join(out) + b"Q\n", frozenset(), ())
        if placement != IDENTITY:
            out.append(geometry.matrix_ops(placement))
        ink = b" ".join(number(c) for c in colour)
        shadings: dict[str, bytes] = {}
        for part in self._parts:
            if isinstance(part, bytes):
                out.append(part)
            elif isinstance(part, _Current):
                out.append(ink + (b" RG\n" if part.stroke else b" rg\n"))
            else:
                name, dictionary = _shading(part.gradient, colour)
                shadings[name] = dictionary
                out.append(b"/" + name.encode() + b" sh\n")
        out.append(b"Q\n")
        return Painted(b"".join(out), self._alphas, tuple(sorted(shadings.items())))

    def _placement(self, width: float, height: float) -> Matrix | None:
        """The matrix from the root's user space to the box (None when nothing is drawn)."""
        if self.view_box is None:
            return (PX_TO_PT, 0.0, 0.0, PX_TO_PT, 0.0, 0.0)
        min_x, min_y, view_w, view_h = self.view_box
        if view_w <= 0 or view_h <= 0 or width <= 0 or height <= 0:
            return None
        scale_x, scale_y = width / view_w, height / view_h
        if self.align is None:
            return (scale_x, 0.0, 0.0, scale_y, -min_x * scale_x, -min_y * scale_y)
        scale = max(scale_x, scale_y) if self.slice else min(scale_x, scale_y)
        offset_x = (width - view_w * scale) * self.align[0] - min_x * scale
        offset_y = (height - view_h * scale) * self.align[1] - min_y * scale
        return (scale, 0.0, 0.0, scale, offset_x, offset_y)


# Reading the tree: cascade, shapes, group opacity

class _Reader:
    """Walks one svg element's tree into shapes, then writes their operators."""

    def __init__(self, root: ElementTree.Element):
        """Index the gradients (wherever they are) and note the root's viewport."""
        self.root = root
        self.gradients: dict[str, ElementTree.Element] = {}
        self.ids: dict[str, str] = {}
        self.parents = {child: parent for parent in root.iter() for child in parent}
        self.paints: dict[str, _Paint | None] = {}
        for element in root.iter():
            if not isinstance(element.tag, str):
                continue
            if (identifier := element.get("id")) is not None:
                self.ids.setdefault(identifier, _tag(element))
                if _tag(element) == "linearGradient":
                    self.gradients.setdefault(identifier, element)
        self.view_box = _view_box(root.get("viewBox"))
        self.viewport = self.view_box[2:] if self.view_box else None

    def read(self) -> Svg:
        """The parsed SVG."""
        align, slice_ = _aspect(self.root.get("preserveAspectRatio"))
        properties = self._cascade(self.root, {})
        if properties.get("transform"):
            raise Unsupported("a transform on the svg element itself")
        shapes = [] if properties.get("display") == "none" else self._group(self.root, properties)
        parts: list = []
        alphas: set[float] = set()
        for shape in shapes:
            _write_shape(shape, parts, alphas)
        return Svg(self.view_box, align, slice_, tuple(_merge_bytes(parts)), frozenset(alphas))

    def _cascade(self, element: ElementTree.Element, parent: dict[str, str]) -> dict[str, str]:
        """The element's properties: inherited ones, its presentation attributes, then its style declarations."""
        properties = {name: value for name, value in parent.items() if name in INHERITED}
        declared = {name: value.strip() for name, value in element.attrib.items() if "}" not in name}
        declared.pop("style", None)
        declared.update(_style(element.get("style", "")))
        for name, value in declared.items():
            if value == "inherit":
                if name in parent:
                    properties[name] = parent[name]
                else:
                    properties.pop(name, None)
            else:
                properties[name] = value
        for name, harmless in UNDRAWN_PROPERTIES.items():
            if name in declared and declared[name] != harmless:
                raise Unsupported(f"{name}={declared[name]!r} on <{_tag(element)}>")
        return properties

    def _group(self, element: ElementTree.Element, properties: dict[str, str]) -> list[_Shape]:
        """The shapes of a container's children, with the container's opacity applied."""
        shapes: list[_Shape] = []
        for child in element:
            if not isinstance(child.tag, str):
                continue
            shapes += self._element(child, properties)
        return _with_opacity(shapes, self._opacity(properties.get("opacity")), _tag(element))

    def _element(self, element: ElementTree.Element, parent: dict[str, str]) -> list[_Shape]:
        """The shapes one element paints (none for definitions and descriptions)."""
        tag = _tag(element)
        if tag == "defs":
            for inner in element.iter():
                if isinstance(inner.tag, str) and _tag(inner) == "style":
                    raise Unsupported("a <style> sheet in the svg")
            return []
        if tag in NOT_DRAWN or tag == FOREIGN:
            return []
        if tag not in SHAPES and tag != "g":
            if tag == "svg":
                raise Unsupported("a nested <svg> element")
            raise Unsupported(f"<{tag}> elements are not drawn")
        properties = self._cascade(element, parent)
        if properties.get("display") == "none":
            return []
        matrix = geometry.transform(properties.get("transform", ""))
        if matrix is None:
            return []  # a singular transform: nothing is visible
        if tag == "g":
            shapes = self._group(element, properties)
        else:
            shape = self._shape(tag, element, properties)
            shapes = [] if shape is None else _with_opacity([shape], self._opacity(properties.get("opacity")), tag)
        if matrix != IDENTITY:
            shapes = [replace(shape, matrix=geometry.compose(shape.matrix, matrix)) for shape in shapes]
        return shapes

    def _shape(self, tag: str, element: ElementTree.Element, properties: dict[str, str]) -> _Shape | None:
        """One basic shape or path with its paints (None when it paints nothing)."""
        if properties.get("visibility", "visible") in ("hidden", "collapse"):
            return None
        segments = self._geometry(tag, properties)
        if not segments:
            return None
        even_odd = _keyword(properties.get("fill-rule", "nonzero"), ("nonzero", "evenodd"), "fill-rule") == "evenodd"
        fill = None if geometry.encloses_nothing(segments) else self._paint(properties, "fill", "black")
        stroke = self._paint(properties, "stroke", "none")
        line = None
        if stroke is not None:
            line = self._line(properties)
            if line is None:
                stroke = None
        if fill is None and stroke is None:
            return None
        return _Shape(IDENTITY, geometry.path_ops(segments), geometry.bounds(segments), fill, even_odd, stroke, line,
                      1.0)

    def _geometry(self, tag: str, p: dict[str, str]) -> list[tuple]:
        """A shape's outline as path segments (SVG 2, chapter 10: the equivalent path of each basic shape)."""
        if tag == "path":
            return geometry.parse_path(p.get("d", ""))
        if tag in ("polyline", "polygon"):
            values = geometry.numbers(p.get("points", ""), "points")
            pairs = [(values[i], values[i + 1]) for i in range(0, len(values) - 1, 2)]
            if not pairs:
                return []
            segments = [("m", *pairs[0])] + [("l", x, y) for x, y in pairs[1:]]
            return segments + [("h",)] if tag == "polygon" else segments
        if tag == "line":
            return [("m", self._x(p, "x1"), self._y(p, "y1")), ("l", self._x(p, "x2"), self._y(p, "y2"))]
        if tag == "rect":
            return self._rect(p)
        if tag == "circle":
            radius = self._length(p.get("r"), self._diagonal())
            cx, cy = self._x(p, "cx"), self._y(p, "cy")
            return geometry.ellipse(cx, cy, radius, radius) if radius > 0 else []
        rx, ry = self._radii(p)
        return geometry.ellipse(self._x(p, "cx"), self._y(p, "cy"), rx, ry) if rx > 0 and ry > 0 else []

    def _radii(self, p: dict[str, str]) -> tuple[float, float]:
        """rx and ry of an ellipse or a rect's corners, each 'auto' (or absent) taking the other's value."""
        rx_text, ry_text = p.get("rx", "auto"), p.get("ry", "auto")
        rx = None if rx_text == "auto" else self._length(rx_text, self._width())
        ry = None if ry_text == "auto" else self._length(ry_text, self._height())
        rx = ry if rx is None else rx
        ry = rx if ry is None else ry
        return rx or 0.0, ry or 0.0

    def _rect(self, p: dict[str, str]) -> list[tuple]:
        """A rect, with rounded corners when rx or ry is given (each defaulting to the other, at most half a side)."""
        x, y = self._x(p, "x"), self._y(p, "y")
        width, height = self._length(p.get("width"), self._width()), self._length(p.get("height"), self._height())
        if width <= 0 or height <= 0:
            return []
        rx, ry = self._radii(p)
        rx, ry = min(max(rx, 0.0), width / 2), min(max(ry, 0.0), height / 2)
        if rx == 0 or ry == 0:
            return [("re", x, y, width, height)]
        return geometry.rounded_rect(x, y, width, height, rx, ry)

    def _paint(self, p: dict[str, str], name: str, initial: str) -> _Paint | None:
        """A fill or stroke: None for 'none', a colour, or a linear gradient (with its fallback)."""
        value = p.get(name, initial)
        opacity = self._opacity(p.get(f"{name}-opacity"))
        if value.startswith("url("):
            close = value.find(")")
            reference = value[4:close].strip().strip("'\"")
            fallback = value[close + 1:].strip()
            if not reference.startswith("#"):
                raise Unsupported(f"{name} refers to {reference!r} outside the svg")
            target = reference[1:]
            if target in self.gradients:
                if name == "stroke":
                    raise Unsupported("a gradient stroke")
                if target not in self.paints:
                    self.paints[target] = self._gradient(self.gradients[target])
                paint = self.paints[target]
                return None if paint is None else replace(paint, alpha=opacity)
            if target in self.ids:
                raise Unsupported(f"{name} painted with a <{self.ids[target]}>")
            value = fallback or "none"
        colour = self._colour(value, p, name)
        if colour is None or colour[1] * opacity <= 0:
            return None
        return _Paint(colour[0], None, opacity * colour[1])

    def _colour(self, value: str, p: dict[str, str], name: str) -> tuple[RGB | None, float] | None:
        """``(rgb, alpha)`` of a colour value; rgb is None for the caller's ink; None for 'none'."""
        if value == "none":
            return None
        parsed = parse_color(value)
        if parsed == "currentColor":
            ink = p.get("color")
            if ink is None:
                return None, 1.0
            parsed = parse_color(ink)
            if parsed is None or parsed == "currentColor":
                raise Unsupported(f"color={ink!r}")
        if parsed is None:
            raise Unsupported(f"{name}={value!r}")
        return (parsed.red, parsed.green, parsed.blue), parsed.alpha

    def _gradient(self, element: ElementTree.Element) -> _Paint | None:
        """A linearGradient as an opaque fill: a gradient, a plain colour (one stop), or None (no stops)."""
        for attribute in element.attrib:
            if attribute.endswith("href"):
                raise Unsupported("a gradient that inherits from another (href)")
        if element.get("spreadMethod", "pad") != "pad":
            raise Unsupported(f"spreadMethod={element.get('spreadMethod')!r}")
        chain = [element]
        while chain[-1] in self.parents:
            chain.append(self.parents[chain[-1]])
        properties: dict[str, str] = {}
        for ancestor in reversed(chain):  # stops take currentColor from where the gradient is, not where it is used
            properties = self._cascade(ancestor, properties)
        stops: list[tuple[float, RGB | None]] = []
        for stop in element:
            if not isinstance(stop.tag, str) or _tag(stop) != "stop":
                continue
            stop_properties = self._cascade(stop, properties)
            if self._opacity(stop_properties.get("stop-opacity")) != 1:
                raise Unsupported("a gradient stop with stop-opacity")
            colour = self._colour(stop_properties.get("stop-color", "black"), stop_properties, "stop-color")
            if colour is None or colour[1] != 1:
                raise Unsupported("a translucent gradient stop")
            offset = min(1.0, max(0.0, _fraction(stop.get("offset", "0"))))
            stops.append((max(offset, stops[-1][0]) if stops else offset, colour[0]))
        if not stops:
            return None
        if len(stops) == 1:
            return _Paint(stops[0][1], None, 1.0)
        units = element.get("gradientUnits", "objectBoundingBox")
        if units not in ("objectBoundingBox", "userSpaceOnUse"):
            raise Unsupported(f"gradientUnits={units!r}")
        user_space = units == "userSpaceOnUse"
        defaults = {"x1": "0", "y1": "0", "x2": "100%", "y2": "0"}
        vector = []
        for axis in ("x1", "y1", "x2", "y2"):
            text = element.get(axis, defaults[axis])
            if user_space:
                vector.append(self._length(text, self._width() if axis[0] == "x" else self._height()))
            else:
                vector.append(_fraction(text))
        matrix = geometry.transform(element.get("gradientTransform", ""))
        if matrix is None:
            return _Paint(stops[-1][1], None, 1.0)
        return _Paint(None, _Gradient(tuple(stops), (vector[0], vector[1], vector[2], vector[3]), user_space, matrix),
                      1.0)

    def _line(self, p: dict[str, str]) -> _Stroke | None:
        """The stroke's line style as operators (None when the width is zero)."""
        width = self._length(p.get("stroke-width", "1"), self._diagonal())
        if width <= 0:
            return None
        cap = LINE_CAPS[_keyword(p.get("stroke-linecap", "butt"), tuple(LINE_CAPS), "stroke-linecap")]
        join = LINE_JOINS[_keyword(p.get("stroke-linejoin", "miter"), tuple(LINE_JOINS), "stroke-linejoin")]
        miter = _float(p.get("stroke-miterlimit", "4"), "stroke-miterlimit")
        miter = miter if miter >= 1 else 4.0
        dashes: list[float] = []
        text = p.get("stroke-dasharray", "none").strip()
        if text != "none":
            dashes = [self._length(value, self._diagonal()) for value in re.split(r"[\s,]+", text) if value]
            if len(dashes) % 2:
                dashes += dashes
            if any(d < 0 for d in dashes) or not any(dashes):
                dashes = []
        offset = self._length(p.get("stroke-dashoffset", "0"), self._diagonal()) if dashes else 0.0
        if dashes and offset < 0:
            offset %= sum(dashes)
        ops = (number(width) + b" w %d J %d j " % (cap, join) + number(miter) + b" M [" +
               b" ".join(number(d) for d in dashes) + b"] " + number(offset) + b" d\n")
        return _Stroke(ops)

    def _opacity(self, text: str | None) -> float:
        """An opacity value (number or percentage) clamped to 0..1."""
        if text is None:
            return 1.0
        text = text.strip()
        value = _float(text[:-1], "opacity") / 100 if text.endswith("%") else _float(text, "opacity")
        return min(1.0, max(0.0, value))

    def _width(self) -> float | None:
        return self.viewport[0] if self.viewport else None

    def _height(self) -> float | None:
        return self.viewport[1] if self.viewport else None

    def _diagonal(self) -> float | None:
        """The reference of percentages that are neither horizontal nor vertical (SVG 2, 8.9)."""
        return math.hypot(*self.viewport) / math.sqrt(2) if self.viewport else None

    def _x(self, p: dict[str, str], name: str) -> float:
        return self._length(p.get(name), self._width())

    def _y(self, p: dict[str, str], name: str) -> float:
        return self._length(p.get(name), self._height())

    def _length(self, text: str | None, reference: float | None) -> float:
        """A length in user units: a number, an absolute unit, or a percentage of ``reference``."""
        if text is None or text == "auto":
            return 0.0
        match = _LENGTH.match(text)
        if not match:
            raise Unsupported(f"the length {text!r}")
        value, unit = float(match.group(1)), match.group(2).lower()
        if unit == "%":
            if reference is None:
                raise Unsupported(f"the percentage {text!r} in an svg without a viewBox")
            return value * reference / 100
        if unit not in UNITS:
            raise Unsupported(f"the length {text!r}")
        return value * UNITS[unit]


def _with_opacity(shapes: list[_Shape], opacity: float, tag: str) -> list[_Shape]:
    """Shapes under an element's opacity: folded into one shape's alpha, or into one stroke of several paths."""
    if opacity >= 1 or not shapes:
        return shapes
    if opacity <= 0:
        return []
    if len(shapes) == 1:
        return [replace(shapes[0], opacity=shapes[0].opacity * opacity)]
    first = shapes[0]
    same_stroke = first.stroke is not None and first.stroke.alpha == 1 and all(
        s.fill is None and s.stroke == first.stroke and s.line == first.line and s.matrix == first.matrix and
        s.opacity == 1 for s in shapes)
    if not same_stroke:
        raise Unsupported(f"opacity on a <{tag}> over several shapes that are not one stroke (a transparency group)")
    path = b"".join(s.path for s in shapes)
    return [replace(first, path=path, bounds=None, opacity=opacity)]


def _write_shape(shape: _Shape, parts: list, alphas: set[float]) -> None:
    """Append the operators painting one shape: fill, then stroke, each with its alpha."""
    fill, stroke = shape.fill, shape.stroke
    if shape.opacity < 1 and fill is not None and stroke is not None:
        raise Unsupported("opacity on a shape that is both filled and stroked (a transparency group)")
    fill_alpha = _alpha(fill.alpha * shape.opacity) if fill else 0.0
    stroke_alpha = _alpha(stroke.alpha * shape.opacity) if stroke else 0.0
    fill_rule = b"*" if shape.even_odd else b""
    isolated = shape.matrix != IDENTITY or 0 < fill_alpha < 1 or 0 < stroke_alpha < 1
    if isolated:  # colours and line styles are set by every shape; only a matrix or an alpha must not leak
        parts.append(b"q\n")
    if shape.matrix != IDENTITY:
        parts.append(geometry.matrix_ops(shape.matrix))
    # an alpha above 0 means the paint is there; a stroke comes with its line
    if fill is not None and stroke is not None and fill_alpha == 1 and stroke_alpha == 1 and fill.gradient is None:
        assert shape.line is not None
        _colour_ops(fill, False, parts)
        _colour_ops(stroke, True, parts)
        parts += [shape.line.ops, shape.path, b"B" + fill_rule + b"\n"]
    else:
        if fill is not None and fill_alpha > 0:
            _fill_ops(shape, fill, fill_alpha, fill_rule, parts, alphas, stroke_alpha > 0)
        if stroke is not None and stroke_alpha > 0:
            assert shape.line is not None
            _alpha_ops(stroke_alpha, parts, alphas)
            _colour_ops(stroke, True, parts)
            parts += [shape.line.ops, shape.path, b"S\n"]
    if isolated:
        parts.append(b"Q\n")


def _fill_ops(shape: _Shape, fill: _Paint, alpha: float, rule: bytes, parts: list, alphas: set[float],
              isolate: bool) -> None:
    """A fill: a colour and ``f``, or the path as a clip and the gradient's shading painted through it."""
    if fill.gradient is None:
        wrap = isolate and alpha < 1
        parts.append(b"q\n" if wrap else b"")
        _alpha_ops(alpha, parts, alphas)
        _colour_ops(fill, False, parts)
        parts += [shape.path, b"f" + rule + b"\n", b"Q\n" if wrap else b""]
        return
    gradient = fill.gradient
    matrix = gradient.transform
    if not gradient.user_space:
        if shape.bounds is None:
            return
        x0, y0, x1, y1 = shape.bounds
        if x1 - x0 <= 0 or y1 - y0 <= 0:
            return  # objectBoundingBox units on a shape without area: not painted (SVG 2, 14.2.2.3)
        matrix = geometry.compose(matrix, (x1 - x0, 0.0, 0.0, y1 - y0, x0, y0))
    x1, y1, x2, y2 = gradient.vector
    parts += [b"q\n", shape.path, b"W" + rule + b" n\n"]
    _alpha_ops(alpha, parts, alphas)
    if (x1, y1) == (x2, y2):  # a zero-length vector paints the last stop's colour
        rgb = gradient.stops[-1][1]
        _colour_ops(_Paint(rgb, None, 1.0), False, parts)
        parts += [shape.path, b"f\n"]
    else:
        parts += [geometry.matrix_ops(matrix), _Shading(gradient)]
    parts.append(b"Q\n")


def _alpha_ops(alpha: float, parts: list, alphas: set[float]) -> None:
    """Set a constant alpha (none when opaque)."""
    if alpha < 1:
        alphas.add(alpha)
        parts.append(b"/a" + number(alpha) + b" gs\n")


def _colour_ops(paint: _Paint, stroke: bool, parts: list) -> None:
    """Set a fill or stroke colour (the caller's ink when the paint is currentColor without a color)."""
    if paint.rgb is None:
        parts.append(_Current(stroke))
    else:
        parts.append(b" ".join(number(c) for c in paint.rgb) + (b" RG\n" if stroke else b" rg\n"))


def _alpha(value: float) -> float:
    """An alpha as the caller will name it: rounded as ``number`` writes it."""
    return float(number(value))


def _merge_bytes(parts: list) -> list:
    """Adjacent byte strings joined, so that painting has few pieces to assemble."""
    merged: list = []
    for part in parts:
        if isinstance(part, bytes) and merged and isinstance(merged[-1], bytes):
            merged[-1] += part
        elif part != b"":
            merged.append(part)
    return merged


# Gradients as shadings

def _shading(gradient: _Gradient, colour: RGB) -> tuple[str, bytes]:
    """The axial shading of a gradient (pad spread), named by a hash of its dictionary."""
    stops = [(offset, rgb if rgb is not None else colour) for offset, rgb in gradient.stops]
    if stops[0][0] > 0:
        stops.insert(0, (0.0, stops[0][1]))
    if stops[-1][0] < 1:
        stops.append((1.0, stops[-1][1]))
    pieces = [(a[0], b[0], a[1], b[1]) for a, b in zip(stops, stops[1:]) if b[0] > a[0]]
    functions = [_interpolation(start, end) for _, _, start, end in pieces]
    if len(functions) == 1:
        function = functions[0]
    else:
        bounds = b" ".join(number(piece[1]) for piece in pieces[:-1])
        function = (b"<</FunctionType 3/Domain[0 1]/Functions[" + b"".join(functions) + b"]/Bounds[" + bounds +
                    b"]/Encode[" + b" ".join(b"0 1" for _ in pieces) + b"]>>")
    coords = b" ".join(number(v) for v in gradient.vector)
    dictionary = (b"<</ShadingType 2/ColorSpace/DeviceRGB/Coords[" + coords + b"]/Function " + function +
                  b"/Extend[true true]>>")
    return "sh" + hashlib.sha256(dictionary).hexdigest()[:12], dictionary


def _interpolation(start: RGB, end: RGB) -> bytes:
    """A linear interpolation between two RGB colours."""
    return (b"<</FunctionType 2/Domain[0 1]/C0[" + b" ".join(number(c) for c in start) + b"]/C1[" +
            b" ".join(number(c) for c in end) + b"]/N 1>>")


def _tag(element: ElementTree.Element) -> str:
    """An element's local name; elements of other namespaces (editor metadata, say) get a name no SVG
    element has, so that they are neither drawn nor mistaken for SVG."""
    tag = element.tag
    if tag.startswith("{"):
        namespace, _, local = tag[1:].partition("}")
        return local if namespace == SVG_NAMESPACE else FOREIGN
    return tag


def _style(text: str) -> dict[str, str]:
    """The declarations of a ``style`` attribute (``!important`` dropped: nothing else competes here)."""
    declarations = {}
    for declaration in _COMMENT.sub("", text).split(";"):
        name, colon, value = declaration.partition(":")
        if colon:
            declarations[name.strip().lower()] = value.replace("!important", "").strip()
    if "transform" in declarations:
        raise Unsupported("a CSS transform in a style attribute")
    return declarations


def _keyword(value: str, accepted: tuple[str, ...], name: str) -> str:
    """A keyword property's value, one of ``accepted``."""
    value = value.strip()
    if value not in accepted:
        raise Unsupported(f"{name}={value!r}")
    return value


def _float(text: str, name: str) -> float:
    """A plain number."""
    try:
        return float(text)
    except ValueError:
        raise Unsupported(f"{name}={text!r}") from None


def _fraction(text: str) -> float:
    """A number or a percentage as a fraction (gradient offsets and bounding-box coordinates)."""
    text = text.strip()
    return _float(text[:-1], "a percentage") / 100 if text.endswith("%") else _float(text, "a number")


def _view_box(text: str | None) -> tuple[float, float, float, float] | None:
    """The viewBox rectangle (min-x, min-y, width, height), or None without one."""
    if text is None:
        return None
    values = geometry.numbers(text, "viewBox")
    if len(values) != 4 or values[2] < 0 or values[3] < 0:
        raise Unsupported(f"viewBox={text!r}")
    return values[0], values[1], values[2], values[3]


def _aspect(text: str | None) -> tuple[tuple[float, float] | None, bool]:
    """preserveAspectRatio as an alignment (fractions of the free space; None for 'none') and slice or meet."""
    words = (text or "xMidYMid meet").split()
    if words and words[0] == "defer":
        words = words[1:]
    align = words[0] if words else "xMidYMid"
    mode = words[1] if len(words) > 1 else "meet"
    if len(words) > 2 or mode not in ("meet", "slice"):
        raise Unsupported(f"preserveAspectRatio={text!r}")
    if align == "none":
        return None, False
    match = re.fullmatch(r"x(Min|Mid|Max)Y(Min|Mid|Max)", align)
    if not match:
        raise Unsupported(f"preserveAspectRatio={text!r}")
    return (ALIGNS[match.group(1).lower()], ALIGNS[match.group(2).lower()]), mode == "slice"
