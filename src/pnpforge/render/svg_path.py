"""SVG path data read into absolute segments, and their exact bounds: one reader for every path pnpforge reads.

Path data is read in its compact syntax (implicit repeats, numbers that touch, one-character arc flags) into
absolute segments; quadratics become cubics and arcs become cubics through the endpoint-to-centre conversion of
SVG 2 appendix B.2.4, split as WeasyPrint splits them so that both renderers draw the same curves. The native face
renderer draws inline SVG with it (``native/svg_geometry.py``), and a size's ``{path: ...}`` outline is read by it
(``outline.py``).
"""

from __future__ import annotations

import math
import re

NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
SPACE = re.compile(r"[\s,]*")
PATH_COMMANDS = "MmZzLlHhVvCcSsQqTtAa"
ARGUMENTS = {"m": 2, "z": 0, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7}


class PathError(ValueError):
    """Path data that cannot be read; the message says where."""


class Scanner:
    """Reads path data: command letters, numbers in the compact syntax, and arc flags."""

    def __init__(self, text: str, error: type[Exception] = PathError):
        self.text = text
        self.at = 0
        self.error = error

    def more(self) -> bool:
        """True when anything but separators is left."""
        separators = SPACE.match(self.text, self.at)
        assert separators is not None  # the pattern matches nothing too
        self.at = separators.end()
        return self.at < len(self.text)

    def command(self) -> str | None:
        """The command letter at the cursor, consumed (None when a number comes next)."""
        if self.more() and self.text[self.at] in PATH_COMMANDS:
            self.at += 1
            return self.text[self.at - 1]
        return None

    def number(self) -> float:
        """The number at the cursor."""
        self.more()
        match = NUMBER.match(self.text, self.at)
        if not match:
            raise self.error(f"path data with {self.here()} where a number was expected")
        self.at = match.end()
        return float(match.group())

    def flag(self) -> bool:
        """An arc flag: one character, 0 or 1, which may touch the next number."""
        self.more()
        if self.at >= len(self.text) or self.text[self.at] not in "01":
            raise self.error(f"path data with {self.here()} where an arc flag was expected")
        self.at += 1
        return self.text[self.at - 1] == "1"

    def here(self) -> str:
        """What the cursor is at, for messages."""
        return repr(self.text[self.at:self.at + 12]) if self.at < len(self.text) else "the end"


def parse_path(data: str, error: type[Exception] = PathError) -> list[tuple]:
    """Path data as absolute segments: ('m', x, y), ('l', x, y), ('c', x1, y1, x2, y2, x, y), ('h',); a
    mistake in it raises ``error``."""
    scanner = Scanner(data, error)
    segments: list[tuple] = []
    x = y = start_x = start_y = 0.0
    previous = None  # the last command, lower case, for S and T reflection
    last_letter = ""  # the last command letter as written, for implicit repeats
    control = None  # the last control point of the previous C/S or Q/T
    closed = False
    while scanner.more():
        letter = scanner.command()
        if letter is None:
            if previous is None or previous == "z":
                raise error(f"path data with {scanner.here()} where a command was expected")
            letter = {"M": "L", "m": "l"}.get(last_letter, last_letter)
        elif previous is None and letter not in "Mm":
            raise error("path data that does not start with a moveto")
        last_letter = letter
        kind, relative = letter.lower(), letter.islower()
        if kind == "a":
            values = [scanner.number(), scanner.number(), scanner.number(), scanner.flag(), scanner.flag(),
                      scanner.number(), scanner.number()]
        else:
            values = [scanner.number() for _ in range(ARGUMENTS[kind])]
        if closed and kind not in "mz":
            segments.append(("m", x, y))
        closed = False
        if kind == "z":
            segments.append(("h",))
            x, y, closed, control = start_x, start_y, True, None
        elif kind == "m":
            x, y = (x + values[0], y + values[1]) if relative else (values[0], values[1])
            start_x, start_y, control = x, y, None
            segments.append(("m", x, y))
        elif kind in "lhv":
            if kind == "l":
                x, y = (x + values[0], y + values[1]) if relative else (values[0], values[1])
            elif kind == "h":
                x = x + values[0] if relative else values[0]
            else:
                y = y + values[0] if relative else values[0]
            segments.append(("l", x, y))
            control = None
        elif kind in "cs":
            if kind == "c":
                x1, y1, rest = values[0], values[1], values[2:]
                if relative:
                    x1, y1 = x1 + x, y1 + y
            else:
                x1, y1 = (2 * x - control[0], 2 * y - control[1]) \
                    if control and previous is not None and previous in "cs" else (x, y)
                rest = values
            x2, y2, x3, y3 = rest
            if relative:
                x2, y2, x3, y3 = x2 + x, y2 + y, x3 + x, y3 + y
            segments.append(("c", x1, y1, x2, y2, x3, y3))
            x, y, control = x3, y3, (x2, y2)
        elif kind in "qt":
            if kind == "q":
                qx, qy, x3, y3 = values
                if relative:
                    qx, qy = qx + x, qy + y
            else:
                qx, qy = (2 * x - control[0], 2 * y - control[1]) \
                    if control and previous is not None and previous in "qt" else (x, y)
                x3, y3 = values
            if relative:
                x3, y3 = x3 + x, y3 + y
            segments.append(("c", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                             x3 + 2 / 3 * (qx - x3), y3 + 2 / 3 * (qy - y3), x3, y3))
            x, y, control = x3, y3, (qx, qy)
        else:
            rx, ry, angle, large, sweep, x3, y3 = values
            if relative:
                x3, y3 = x3 + x, y3 + y
            segments += arc(x, y, rx, ry, angle, large, sweep, x3, y3)
            x, y, control = x3, y3, None
        previous = kind
    return segments


def arc(x1: float, y1: float, rx: float, ry: float, angle: float, large: float, sweep: float,
         x2: float, y2: float) -> list[tuple]:
    """An elliptical arc as cubic Béziers: the endpoint-to-centre conversion of SVG 2 appendix B.2.4, with the
    out-of-range radii corrected as B.2.5 says."""
    if (x1, y1) == (x2, y2):
        return []  # B.2.5 step 1: identical endpoints, no arc
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("l", x2, y2)]  # B.2.5 step 2: a straight line
    phi = math.radians(angle % 360)
    cos_phi, sin_phi = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos_phi * dx + sin_phi * dy, -sin_phi * dx + cos_phi * dy  # step 1: (x1', y1')
    scale = (xp / rx) ** 2 + (yp / ry) ** 2
    if scale > 1:  # B.2.5 step 3: radii too small, scale them up
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    numerator = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    denominator = rx * rx * yp * yp + ry * ry * xp * xp
    root = math.sqrt(max(0.0, numerator / denominator))
    if large == sweep:
        root = -root
    cxp, cyp = root * rx * yp / ry, -root * ry * xp / rx  # step 2: (cx', cy')
    cx = cos_phi * cxp - sin_phi * cyp + (x1 + x2) / 2  # step 3: (cx, cy)
    cy = sin_phi * cxp + cos_phi * cyp + (y1 + y2) / 2
    theta = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)  # step 4: θ1 and Δθ
    delta = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx) - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    curves = arc_curves(cx, cy, rx, ry, phi, theta, delta, 3 if large else 1)
    curves[-1] = curves[-1][:5] + (x2, y2)  # end exactly where the path data says
    return curves


def arc_curves(cx: float, cy: float, rx: float, ry: float, phi: float, theta: float, delta: float,
                count: int) -> list[tuple]:
    """``count`` Béziers along an ellipse from angle ``theta`` through ``delta``.

    Path arcs are split as WeasyPrint splits them, one Bézier for a small arc and three for a large one, so that
    both renderers draw the same curve (a single Bézier for half a turn strays 1.8% of the radius at most)."""
    step = delta / count
    k = 4 / 3 * math.tan(step / 4)
    cos_phi, sin_phi = math.cos(phi), math.sin(phi)

    def at(u: float, v: float) -> tuple[float, float]:
        return cx + rx * cos_phi * u - ry * sin_phi * v, cy + rx * sin_phi * u + ry * cos_phi * v

    curves = []
    for i in range(count):
        a, b = theta + i * step, theta + (i + 1) * step
        cos_a, sin_a, cos_b, sin_b = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
        curves.append(("c", *at(cos_a - k * sin_a, sin_a + k * cos_a), *at(cos_b + k * sin_b, sin_b - k * cos_b),
                       *at(cos_b, sin_b)))
    return curves


def bounds(segments: list[tuple]) -> tuple[float, float, float, float] | None:
    """The exact bounding box of the segments' geometry (curve extrema included)."""
    xs: list[float] = []
    ys: list[float] = []
    x = y = 0.0
    for segment in segments:
        kind = segment[0]
        if kind == "re":
            _, rx, ry, width, height = segment
            xs += [rx, rx + width]
            ys += [ry, ry + height]
        elif kind in "ml":
            x, y = segment[1], segment[2]
            xs.append(x)
            ys.append(y)
        elif kind == "c":
            _, x1, y1, x2, y2, x3, y3 = segment
            xs += _cubic_extent(x, x1, x2, x3)
            ys += _cubic_extent(y, y1, y2, y3)
            x, y = x3, y3
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def _cubic_extent(p0: float, p1: float, p2: float, p3: float) -> list[float]:
    """The end points and interior extrema of one coordinate of a cubic Bézier."""
    values = [p0, p3]
    a, b, c = -p0 + 3 * p1 - 3 * p2 + p3, 2 * (p0 - 2 * p1 + p2), p1 - p0  # half the derivative's coefficients
    if abs(a) < 1e-12:
        roots = [-c / b] if abs(b) > 1e-12 else []
    else:
        discriminant = b * b - 4 * a * c
        roots = [] if discriminant < 0 else [(-b + s * math.sqrt(discriminant)) / (2 * a) for s in (1, -1)]
    for t in roots:
        if 0 < t < 1:
            u = 1 - t
            values.append(u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3)
    return values
