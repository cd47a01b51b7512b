"""Dashed and dotted borders, with the dashes where WeasyPrint puts them.

WeasyPrint has two ways. A border of one width, one colour and one style on all four sides of a box without
rounded corners is stroked side by side with a dash pattern whose period fits the side exactly (``stroked``).
Every other dashed border is painted side by side: the border ring is filled through two clips, the side's
wedge (from the outer edge to the transition points at its corners) and the side's dashes, which along a
rounded corner are wedges from the corner's centre and along the straight part rectangles (``side_clip``). The
arithmetic below follows that drawing: the dash length is three border widths, stretched so that a whole
number of dashes fits, with an elliptic corner's half length from Ramanujan's approximation.
"""

from __future__ import annotations

from math import ceil, floor, pi, sqrt, tan

from pnpforge.render.fragments import number as _n
from pnpforge.render.native.dom import Unsupported

SIDES = ("top", "right", "bottom", "left")
Radii = list[tuple[float, float]]  # (horizontal, vertical) of top-left, top-right, bottom-right, bottom-left


def stroked(style: str, width: float, box: tuple[float, float, float, float]) -> list[bytes]:
    """The four strokes of a uniform dashed or dotted border around a box with square corners."""
    x, y, w, h = box
    half = width / 2
    inset = half if style == "dotted" else 0.0  # round caps reach half a width past a dot's centre
    ops = [_n(width) + b" w", b"1 J" if style == "dotted" else b"0 J"]
    for x1, y1, x2, y2, length in ((x + inset, y + half, x + w - inset, y + half, w),
                                   (x + w - half, y + inset, x + w - half, y + h - inset, h),
                                   (x + inset, y + h - half, x + w - inset, y + h - half, w),
                                   (x + half, y + inset, x + half, y + h - inset, h)):
        if style == "dotted":
            count = max(2, int(length // (2 * width)) + 1)  # a dot on each corner, evenly spaced between
            pattern = (0.0, (length - width) / (count - 1))
        else:
            count = int(length // (6 * width)) + 1  # dashes of about three widths, gaps as long, one at each end
            pattern = (length / (2 * count - 1),) * 2
        ops.append(b"[%s %s] 0 d %s %s m %s %s l S" % (_n(pattern[0]), _n(pattern[1]), _n(x1), _n(y1),
                                                       _n(x2), _n(y2)))
    return ops


def _corner_half_length(a: float, b: float) -> float:
    """Half the length of an elliptic quarter with semi-axes ``a`` and ``b`` (Ramanujan's approximation)."""
    if a + b == 0:
        return 0.0
    x = (a - b) / (a + b)
    return pi / 8 * (a + b) * (1 + 3 * x ** 2 / (10 + sqrt(4 - 3 * x ** 2)))


def _transition(radius_x: float, radius_y: float, width_x: float, width_y: float):
    """Where one side's border meets the next at a corner, relative to that corner, and whether it is rounded."""
    if abs(radius_x) > abs(width_x) and abs(radius_y) > abs(width_y):
        return (radius_x, radius_y), True
    return (width_x, width_y), False


def side_clip(style: str, side: str, box: tuple[float, float, float, float],
              widths: tuple[float, float, float, float], radii: Radii) -> bytes:
    """The clip (``W* n`` paths) through which one side's part of the border ring is filled."""
    if style not in ("dashed", "solid"):
        raise Unsupported(f"a {style} border with rounded corners or unequal sides")
    bx, by, bw, bh = box
    (tlh, tlv), (trh, trv), (brh, brv), (blh, blv) = radii
    top, right, bottom, left = widths
    if side == "top":
        (p1, round1), (p2, round2) = _transition(tlh, tlv, left, top), _transition(-trh, trv, -right, top)
        width, way, quarter, edge = top, 1, 1, by
    elif side == "right":
        (p1, round1), (p2, round2) = _transition(-trh, trv, -right, top), _transition(-brh, -brv, -right, -bottom)
        width, way, quarter, edge = right, 1, 2, bx + bw
    elif side == "bottom":
        (p1, round1), (p2, round2) = _transition(blh, -blv, left, -bottom), _transition(-brh, -brv, -right, -bottom)
        width, way, quarter, edge = bottom, -1, 3, by + bh
    else:
        (p1, round1), (p2, round2) = _transition(tlh, tlv, left, top), _transition(blh, -blv, left, -bottom)
        width, way, quarter, edge = left, -1, 4, bx
    (px1, py1), (px2, py2) = p1, p2
    across = side in ("top", "bottom")
    if across:
        a1, b1 = px1 - left / 2, way * py1 - width / 2
        a2, b2 = -px2 - right / 2, way * py2 - width / 2
        straight, length = bw - px1 + px2, bw
        frame = [(bx + bw, edge), (bx, edge), (bx + px1, edge + py1), (bx + bw + px2, edge + py2)]
    else:
        a1, b1 = -way * px1 - width / 2, py1 - top / 2
        a2, b2 = -way * px2 - width / 2, -py2 - bottom / 2
        straight, length = bh - py1 + py2, bh
        frame = [(edge, by + bh), (edge, by), (edge + px1, by + py1), (edge + px2, by + bh + py2)]
    outline = b"%s %s m " % (_n(frame[0][0]), _n(frame[0][1])) + \
        b" ".join(b"%s %s l" % (_n(x), _n(y)) for x, y in frame[1:]) + b" W* n"
    if style == "solid":
        return outline
    shapes: list[bytes] = []
    dash = 3 * width
    if round1 or round2:
        half1, half2 = _corner_half_length(a1, b1), _corner_half_length(a2, b2)
        total = straight + half1 + half2
        count = round(total / dash)
        dash = total / (count + count % 2 - (0 if round1 and round2 else 0.5))
        corner = _Corner(across, edge, quarter, dash, shapes)
        line, offset = corner.dashes(ceil((half1 - dash / 2) / dash), floor(straight / dash), way,
                                     bx, by, px1, py1, half1)
        line = corner.dashes(ceil((half2 - dash / 2) / dash), line, -way, bx + bw, by + bh, px2, py2, half2)[0]
        if straight > 1e-6:
            for index in range(0, line, 2):
                start = index + offset
                if across:
                    shapes.append(_rect(bx + px1 + start * dash, edge - (width if way < 0 else 0), dash, width))
                else:
                    shapes.append(_rect(edge - (width if way > 0 else 0), by + py1 + start * dash, width, dash))
    else:
        spaces = floor(length / dash / 2)
        dash = length / (2 * spaces + 1) or 1.0
        for index in range(spaces + 2):
            along = index * 2 * dash
            if side == "top":
                shapes.append(_rect(bx + along, by, dash, width))
            elif side == "bottom":
                shapes.append(_rect(bx + along, by + bh - width, dash, width))
            elif side == "right":
                shapes.append(_rect(bx + bw - width, by + along, width, dash))
            else:
                shapes.append(_rect(bx, by + along, width, dash))
    return outline + b" " + b" ".join(shapes) + b" W* n"


def _rect(x: float, y: float, w: float, h: float) -> bytes:
    return b"%s %s %s %s re" % (_n(x), _n(y), _n(w), _n(h))


class _Corner:
    """The dashes along one side's rounded corners: wedges from the corner's transition point to the edge."""

    def __init__(self, across: bool, edge: float, quarter: int, dash: float, shapes: list[bytes]):
        self.across, self.edge, self.quarter, self.dash, self.shapes = across, edge, quarter, dash, shapes

    def _angle(self, step: float, way: int, half: float) -> float:
        return ((2 * self.quarter - way) + step * way * self.dash / half) / 4 * pi

    def dashes(self, count: int, line: int, way: int, x: float, y: float, px: float, py: float,
               half: float) -> tuple[int, float]:
        """Draw a corner's dashes; the straight part's dash count and the offset its first dash starts at."""
        if count == 0:
            return line + 1, -1 / 3
        end = self.quarter * pi / 2
        for index in range(0, count, 2):
            step = index + 0.5  # the corner starts with half a dash
            angle1 = self._angle(step, way, half)
            angle2 = (min if way > 0 else max)(self._angle(step + 1, way, half), end)
            if self.across:
                self.shapes.append(b"%s %s m %s %s l %s %s l" % (
                    _n(x + px), _n(self.edge + py), _n(x + px - way * px / tan(angle2)), _n(self.edge),
                    _n(x + px - way * px / tan(angle1)), _n(self.edge)))
            else:
                self.shapes.append(b"%s %s m %s %s l %s %s l" % (
                    _n(self.edge + px), _n(y + py), _n(self.edge), _n(y + py + way * py * tan(angle2)),
                    _n(self.edge), _n(y + py + way * py * tan(angle1))))
            if angle2 == end:  # the dash runs on into the straight part
                return line + 1, (angle1 - angle2) / (self._angle(step + 1, way, half) - angle1)
        return line, 1 - (end - angle2) / (angle2 - angle1)

