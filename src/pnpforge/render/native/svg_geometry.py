"""SVG geometry for the native renderer: path data, arcs and basic shapes as absolute segments, and transforms.

Path data is read by ``render/svg_path.py`` (compact syntax, arcs as the cubics WeasyPrint draws), its mistakes
raised here as ``Unsupported`` so that the face falls back to WeasyPrint; circles, ellipses and rounded rects are
built from the same curves.
"""

from __future__ import annotations

import math
import re

from pnpforge.render import svg_path
from pnpforge.render.fragments import number
from pnpforge.render.native.dom import Unsupported as Refused
from pnpforge.render.svg_path import arc_curves as _arc_curves
from pnpforge.render.svg_path import bounds  # noqa: F401 - the native renderer's shapes are measured with it

Matrix = tuple[float, float, float, float, float, float]  # PDF order: x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")


class Unsupported(Refused):
    """SVG markup the native renderer does not draw (the face then falls back to WeasyPrint); the message says what."""


# Path data (read by ``render/svg_path.py``, its mistakes raised as ``Unsupported``)


def parse_path(data: str) -> list[tuple]:
    """Path data as absolute segments: ('m', x, y), ('l', x, y), ('c', x1, y1, x2, y2, x, y), ('h',)."""
    return svg_path.parse_path(data, Unsupported)

def ellipse(cx: float, cy: float, rx: float, ry: float) -> list[tuple]:
    """An ellipse from (cx + rx, cy), clockwise on screen, in four quarter Béziers whose control points lie
    1/sqrt(pi) of a radius from the ends: the construction WeasyPrint uses (the textbook 0.5523 draws a
    circle 0.6% of its radius smaller at 45 degrees), so that a circle is the same whichever renderer drew it."""
    kx, ky = rx / math.sqrt(math.pi), ry / math.sqrt(math.pi)
    return [("m", cx + rx, cy),
            ("c", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("c", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("c", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("c", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
            ("h",)]


def rounded_rect(x: float, y: float, width: float, height: float, rx: float, ry: float) -> list[tuple]:
    """A rect with elliptical corners of radii ``rx``, ``ry`` (both above 0), clockwise from the top edge."""
    segments: list[tuple] = [("m", x + rx, y), ("l", x + width - rx, y)]
    segments += _arc_curves(x + width - rx, y + ry, rx, ry, 0.0, -math.pi / 2, math.pi / 2, 1)
    segments.append(("l", x + width, y + height - ry))
    segments += _arc_curves(x + width - rx, y + height - ry, rx, ry, 0.0, 0.0, math.pi / 2, 1)
    segments.append(("l", x + rx, y + height))
    segments += _arc_curves(x + rx, y + height - ry, rx, ry, 0.0, math.pi / 2, math.pi / 2, 1)
    segments.append(("l", x, y + ry))
    segments += _arc_curves(x + rx, y + ry, rx, ry, 0.0, math.pi, math.pi / 2, 1)
    return segments + [("h",)]


def path_ops(segments: list[tuple]) -> bytes:
    """Segments as PDF path operators."""
    out = []
    for segment in segments:
        kind = segment[0]
        if kind == "h":
            out.append(b"h\n")
        else:
            operator = {"m": b" m\n", "l": b" l\n", "c": b" c\n", "re": b" re\n"}[kind]
            out.append(b" ".join(number(v) for v in segment[1:]) + operator)
    return b"".join(out)


def encloses_nothing(segments: list[tuple]) -> bool:
    """True when no subpath can enclose an area: straight lines only, each subpath's points on one line
    (a line element, or a path of single strokes; filling it would paint nothing, or a stray hairline in PDF)."""
    points: list[tuple[float, float]] = []
    for segment in segments + [("m", 0.0, 0.0)]:
        kind = segment[0]
        if kind in ("c", "re"):
            return False
        if kind == "m":
            if len(points) > 2:
                (x0, y0), (x1, y1) = points[0], next((p for p in points if p != points[0]), points[0])
                if any(abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) > 1e-9 for x, y in points):
                    return False
            points = [segment[1:]]
        elif kind == "l":
            points.append(segment[1:])
    return True


# Attribute values


def numbers(text: str, name: str) -> list[float]:
    """A list of numbers in the compact syntax (``1.5.5`` is two numbers, ``-1-2`` too)."""
    scanner = svg_path.Scanner(text, Unsupported)
    values = []
    while scanner.more():
        try:
            values.append(scanner.number())
        except Unsupported:
            raise Unsupported(f"{name}={text!r}") from None
    return values


def transform(text: str) -> Matrix | None:
    """A transform list as one matrix (the first function is the outermost); None when it is singular."""
    matrix = IDENTITY
    at = 0
    text = text.strip()
    while at < len(text):
        match = _TRANSFORM.match(text, at)
        if not match:
            raise Unsupported(f"transform={text!r}")
        at = match.end()
        name, values = match.group(1), numbers(match.group(2), "transform")
        matrix = compose(_function(name, values, text), matrix)
    a, b, c, d, _, _ = matrix
    return None if abs(a * d - b * c) < 1e-12 else matrix


def _function(name: str, v: list[float], text: str) -> Matrix:
    """One transform function as a matrix."""
    counts = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}
    if len(v) not in counts[name]:
        raise Unsupported(f"transform={text!r}")
    if name == "matrix":
        return (v[0], v[1], v[2], v[3], v[4], v[5])
    if name == "translate":
        return (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
    if name == "scale":
        return (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
    if name == "skewX":
        return (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
    if name == "skewY":
        return (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
    cos_a, sin_a = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
    cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
    return (cos_a, sin_a, -sin_a, cos_a, cx - cos_a * cx + sin_a * cy, cy - sin_a * cx - cos_a * cy)


def compose(inner: Matrix, outer: Matrix) -> Matrix:
    """The matrix applying ``inner`` first, then ``outer``."""
    a, b, c, d, e, f = inner
    oa, ob, oc, od, oe, of = outer
    return (oa * a + oc * b, ob * a + od * b, oa * c + oc * d, ob * c + od * d,
            oa * e + oc * f + oe, ob * e + od * f + of)


def matrix_ops(matrix: Matrix) -> bytes:
    """A ``cm`` operator."""
    return b" ".join(number(v) for v in matrix) + b" cm\n"
