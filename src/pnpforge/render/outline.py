"""A face's cut outline: the shape of its trim, in millimetres from the trim's top-left corner, y downwards.

A size's ``shape`` is ``rect``, ``round``, ``hex`` (with ``hex: {top: flat | pointy, across_flats: mm}``), a
polygon (``{polygon: [[x, y], ...]}``, mm) or an SVG path (``{path: "M 0 0 L ..."}``, user units read as mm).
``outline_of`` reads one and reports every mistake at its line; the result (``Outline``) is what the sheets clip a
face to, grown by the bleed they show, and what their cut lines follow. Rect and round keep their own drawing on
the sheets (a rectangle, a circle); the other kinds carry their corners (a path is flattened for the clip, its
cut line keeps its curves).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from pnpforge.content.source import Doc
from pnpforge.findings import Finding
from pnpforge.render.svg_path import PathError, bounds, parse_path

SIMPLE = ("rect", "round", "hex")
KINDS = (*SIMPLE, "polygon", "path")
HEX_KEYS = {"top": "flat (two corners left and right; the default) or pointy (corners up and down)",
            "across_flats": "mm from one flat side to the opposite one"}
MAX_POINTS = 1000  # corners of a polygon, or segments of a path
MAX_PATH = 20_000  # characters of path data
CURVE_STEPS = 16  # straight pieces per curve when a path is flattened
MITRE_LIMIT = 4.0  # a grown corner reaches at most this many bleeds from the corner, else it is bevelled
ROOT3 = math.sqrt(3)

Point = tuple[float, float]


@dataclass(frozen=True)
class Outline:
    """The cut outline of a face of ``width`` x ``height`` mm (the trim's box)."""

    kind: str
    width: float
    height: float
    points: tuple[Point, ...] = ()  # hex and polygon: the corners; path: the outline flattened
    segments: tuple[tuple, ...] = ()  # path: absolute segments ('m', x, y), ('l', x, y), ('c', ...), ('h',)
    top: str = ""  # hex: flat or pointy
    across_flats: float = 0.0  # hex

    @property
    def drawn(self) -> bool:
        """True for outlines the sheets draw from corners (hex, polygon, path), not as a rectangle or circle."""
        return self.kind not in ("rect", "round")

    def map(self, to: Callable[[float, float], Point]) -> "Outline":
        """The outline with every point moved by ``to`` (the box is not changed)."""
        segments = tuple(_map_segment(s, to) for s in self.segments)
        return Outline(self.kind, self.width, self.height, tuple(to(x, y) for x, y in self.points), segments,
                       self.top, self.across_flats)

    def mirrored(self) -> "Outline":
        """The outline seen from the other side of the paper (turned over its vertical centre line): a back's."""
        if not self.drawn:
            return self
        turned = self.map(lambda x, y: (self.width - x, y))
        return Outline(turned.kind, turned.width, turned.height, tuple(reversed(turned.points)), turned.segments,
                       turned.top, turned.across_flats)

    def quarter_turned(self) -> "Outline":
        """The outline turned a quarter clockwise (for ``orientation: landscape``): width and height swap."""
        turned = self.map(lambda x, y: (self.height - y, x))
        top = {"flat": "pointy", "pointy": "flat"}.get(self.top, self.top)
        return Outline(self.kind, self.height, self.width, turned.points, turned.segments, top, self.across_flats)

    def grown(self, by: float) -> tuple[Point, ...]:
        """The corners of the outline moved ``by`` mm outwards (a mitred offset, bevelled at sharp corners)."""
        return grow(self.points, by)


def _map_segment(segment: tuple, to: Callable[[float, float], Point]) -> tuple:
    """One path segment with its points moved."""
    values = segment[1:]
    moved: list[float] = []
    for index in range(0, len(values), 2):
        moved += to(values[index], values[index + 1])
    return (segment[0], *moved)


def hex_corners(across_flats: float, top: str) -> tuple[float, float, tuple[Point, ...]]:
    """Width, height and the six corners (clockwise on the page, from the right or the top) of a regular hex."""
    radius = across_flats / ROOT3  # centre to corner
    if top == "flat":
        width, height, start = 2 * radius, across_flats, 0
    else:
        width, height, start = across_flats, 2 * radius, -90
    cx, cy = width / 2, height / 2
    corners = tuple((cx + radius * math.cos(math.radians(start + 60 * i)),
                     cy + radius * math.sin(math.radians(start + 60 * i))) for i in range(6))
    return width, height, corners


def signed_area(points: tuple[Point, ...] | list[Point]) -> float:
    """Twice the signed area (positive when the corners go clockwise on the page, y downwards)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]]))


def grow(points: tuple[Point, ...], by: float) -> tuple[Point, ...]:
    """A polygon moved ``by`` mm outwards along its sides' normals; corners sharper than the mitre limit allows
    are cut off (two corners instead of one)."""
    if by <= 0 or len(points) < 3:
        return points
    sign = 1.0 if signed_area(points) > 0 else -1.0
    count = len(points)
    grown: list[Point] = []
    for index, (x, y) in enumerate(points):
        (px, py), (nx, ny) = points[index - 1], points[(index + 1) % count]
        n1, n2 = _normal(px, py, x, y, sign), _normal(x, y, nx, ny, sign)
        if n1 is None or n2 is None:
            continue  # a repeated corner
        denominator = 1 + n1[0] * n2[0] + n1[1] * n2[1]
        if denominator > 2 / (MITRE_LIMIT * MITRE_LIMIT):
            grown.append((x + by * (n1[0] + n2[0]) / denominator, y + by * (n1[1] + n2[1]) / denominator))
        else:
            grown += [(x + by * n1[0], y + by * n1[1]), (x + by * n2[0], y + by * n2[1])]
    return tuple(grown)


def _normal(x0: float, y0: float, x1: float, y1: float, sign: float) -> Point | None:
    """The outward unit normal of the side from (x0, y0) to (x1, y1)."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return None
    return (dy / length * sign, -dx / length * sign)


def flatten(segments: tuple[tuple, ...] | list[tuple]) -> tuple[Point, ...]:
    """The first closed figure of a path as corners: curves cut into straight pieces."""
    points: list[Point] = []
    x = y = 0.0
    for segment in segments:
        kind = segment[0]
        if kind == "m":
            if points:
                break  # one figure: the outline is the first
            x, y = segment[1], segment[2]
            points.append((x, y))
        elif kind == "l":
            x, y = segment[1], segment[2]
            points.append((x, y))
        elif kind == "c":
            _, x1, y1, x2, y2, x3, y3 = segment
            for step in range(1, CURVE_STEPS + 1):
                t = step / CURVE_STEPS
                u = 1 - t
                points.append((u ** 3 * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                               u ** 3 * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
            x, y = x3, y3
        elif kind == "h":
            break
    if len(points) > 1 and math.dist(points[0], points[-1]) < 1e-9:
        points.pop()
    return tuple(points)


def crosses_itself(points: tuple[Point, ...]) -> bool:
    """True when two sides of the polygon that are not neighbours cross or touch."""
    sides = list(zip(points, [*points[1:], points[0]]))
    count = len(sides)
    for i in range(count):
        for j in range(i + 2, count):
            if i == 0 and j == count - 1:
                continue  # the first and last sides share a corner
            if _segments_meet(*sides[i], *sides[j]):
                return True
    return False


def _segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when segment ab and segment cd share a point."""
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2, d3, d4 = side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and 0 not in (d1, d2, d3, d4):
        return True

    def on(p: Point, q: Point, r: Point) -> bool:
        return abs(side(p, q, r)) < 1e-12 and min(p[0], q[0]) - 1e-12 <= r[0] <= max(p[0], q[0]) + 1e-12 \
            and min(p[1], q[1]) - 1e-12 <= r[1] <= max(p[1], q[1]) + 1e-12

    return on(c, d, a) or on(c, d, b) or on(a, b, c) or on(a, b, d)


# Reading a size's shape

def _where(at: tuple) -> str:
    return "".join(f"{part}: " for part in at)


def outline_of(doc: Doc, at: tuple, shape: Any, hex_spec: Any, width: float | None, height: float | None,
               problems: list[Finding], layout: str | None) -> Outline:
    """The outline a size declares: ``shape`` at ``at + ('shape',)``, ``hex`` beside it; ``width`` and ``height``
    are the size's ``w`` and ``h`` when given (a hex takes its own from ``across_flats``, a polygon or path from
    its extent when they are not). Every mistake is added to ``problems`` at its line."""
    shape_at = at + ("shape",)
    before = len(problems)

    def error(where: tuple, message: str) -> None:
        subject = f"layout '{layout}'" if layout else None
        problems.append(Finding("error", f"{_where(where)}{message}", mark=doc.mark(where), subject=subject,
                                blocking=True, rule="layout"))

    if hex_spec is not None and shape != "hex":
        error(at + ("hex",), "is only for shape: hex")
    if shape in ("rect", "round"):
        return Outline(str(shape), width or 0.0, height or 0.0)
    if shape == "hex":
        return _hex(doc, at, hex_spec, width, height, error)
    if isinstance(shape, dict) and len(shape) == 1 and next(iter(shape)) in ("polygon", "path"):
        kind, value = next(iter(shape.items()))
        if kind == "polygon":
            points = _polygon_points(value, shape_at + ("polygon",), error)
            segments: tuple[tuple, ...] = ()
        else:
            segments, points = _path(value, shape_at + ("path",), error)
        if len(problems) > before:
            return Outline("rect", width or 0.0, height or 0.0)
        return _placed(kind, points, segments, shape_at + (kind,), width, height, error) \
            or Outline("rect", width or 0.0, height or 0.0)
    error(shape_at, f"expected rect, round, hex, {{polygon: [[x, y], ...]}} or {{path: \"...\"}}, found {shape!r}")
    return Outline("rect", width or 0.0, height or 0.0)


def _hex(doc: Doc, at: tuple, spec: Any, width: float | None, height: float | None, error) -> Outline:
    """A regular hex from ``hex: {top, across_flats}``."""
    if not isinstance(spec, dict):
        error(at + ("shape",), "a hex needs hex: {top: flat or pointy, across_flats: mm} beside it")
        return Outline("rect", width or 0.0, height or 0.0)
    for key in spec:
        if key not in HEX_KEYS:
            error(at + ("hex", key), f"unknown key; accepted keys: {', '.join(HEX_KEYS)}")
    top = spec.get("top", "flat")
    if top not in ("flat", "pointy"):
        error(at + ("hex", "top"), f"expected flat or pointy, found {top!r}")
        top = "flat"
    across = spec.get("across_flats")
    if isinstance(across, bool) or not isinstance(across, (int, float)) or not 0 < across <= 1000:
        error(at + ("hex", "across_flats"), f"expected mm from 0 to 1000, found {across!r}")
        return Outline("rect", width or 0.0, height or 0.0)
    hex_w, hex_h, corners = hex_corners(float(across), top)
    for side, given, own in (("w", width, hex_w), ("h", height, hex_h)):
        if given is not None and abs(given - own) > 0.05:
            error(at + (side,), f"a {top}-topped hex {float(across):g} mm across the flats is {own:.2f} mm "
                                f"{'wide' if side == 'w' else 'high'}, found {given:g} (leave w and h out)")
    return Outline("hex", hex_w, hex_h, corners, (), top, float(across))


def _polygon_points(value: Any, at: tuple, error) -> tuple[Point, ...]:
    """The corners of ``{polygon: [[x, y], ...]}``."""
    if not isinstance(value, list) or not 3 <= len(value) <= MAX_POINTS:
        error(at, f"expected a list of 3 to {MAX_POINTS} corners [x, y] in mm")
        return ()
    points: list[Point] = []
    for index, corner in enumerate(value):
        if not (isinstance(corner, list) and len(corner) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) <= 1000
                        for v in corner)):
            error(at + (index,), f"expected a corner [x, y] in mm, found {corner!r}")
            continue
        points.append((float(corner[0]), float(corner[1])))
    return tuple(points)


def _path(value: Any, at: tuple, error) -> tuple[tuple[tuple, ...], tuple[Point, ...]]:
    """The segments and flattened corners of ``{path: "..."}``."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_PATH:
        error(at, f"expected SVG path data (at most {MAX_PATH} characters), such as \"M 0 0 L 40 0 L 20 30 Z\"")
        return (), ()
    try:
        segments = parse_path(value)
    except PathError as exc:
        error(at, str(exc).replace("path data with", "found"))
        return (), ()
    if len(segments) > MAX_POINTS or any(abs(v) > 1000 for s in segments for v in s[1:]):
        error(at, f"expected at most {MAX_POINTS} segments within 1000 mm")
        return (), ()
    return tuple(segments), flatten(segments)


def _placed(kind: str, points: tuple[Point, ...], segments: tuple[tuple, ...], at: tuple, width: float | None,
            height: float | None, error) -> Outline | None:
    """A polygon or path outline checked against the size's box (or giving it its box)."""
    if len(points) < 3 or abs(signed_area(points)) < 1e-6:
        error(at, "encloses no area: an outline needs three corners not on one line")
        return None
    if len(points) <= 200 and crosses_itself(points):
        error(at, "crosses itself: a cut outline goes round the piece once")
        return None
    xs, ys = [x for x, _ in points], [y for _, y in points]
    if segments:
        box = bounds(list(segments))
        assert box is not None  # a path with three corners has a box
        xs, ys = [box[0], box[2]], [box[1], box[3]]
    if min(xs) < -1e-6 or min(ys) < -1e-6:
        error(at, f"reaches left of or above the trim's corner (x {min(xs):g}, y {min(ys):g}); points are mm from "
                  "the trim's top-left corner")
        return None
    w = width if width is not None else round(max(xs), 6)  # no float noise of the curves' extrema in a size
    h = height if height is not None else round(max(ys), 6)
    if max(xs) > w + 1e-6 or max(ys) > h + 1e-6:
        error(at, f"reaches beyond the size ({max(xs):g} x {max(ys):g} mm on {w:g} x {h:g})")
        return None
    return Outline(kind, w, h, points, segments)
