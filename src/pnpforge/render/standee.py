"""Standees: a figure printed as a strip that folds into a stand-up piece on its base.

A layout with ``standee: {base: <field>, height: mm}`` draws each item of its type as one strip, from top to
bottom: a base tab, the back panel (the figure turned upside down, so that folded over the top it shows the
figure from behind), the fold at the figure's head, the front panel, and a base tab. The strip is as wide as the
base; each tab is half the base deep, so the two tabs folded out, one forward and one back, stand on the base's
whole footprint (glued under a base or onto each other). A round base gives half-disc tabs that make its circle,
and the strip is cut along that outline; a rectangular base gives straight tabs.

The base comes from the item's ``base`` field (or the one ``standee.base`` names): a number is a round base of
that diameter in mm (``25``), ``W x D`` a rectangular one (``25 x 50``), whose longer side runs along the
standee. The layout gets per item its size, its outline, the zones ``tab_top``, ``back``, ``front`` and
``tab_bottom``, and ``params.standee`` with the numbers (``width``, ``depth``, ``tab``, ``height``, ``round`` and
``folds``: the y of each fold line in mm from the trim's top; ``base``: the field read).

With ``stand: slot`` the figure stands in a slot of its base instead: the strip is narrower than the base
(``SLOT_SHARE`` of its width, centred), ends in a foot at each end instead of a tab (``tab`` is then the foot's
depth, short enough that the two feet, pushed through the slot and folded apart, stay under the base), and the
base itself (a disc of the base's diameter, or its rectangle) hangs below the strip, cut from it along the strip's
width, with a slot through its centre as long as the strip is wide (plus ``SLOT_CLEARANCE``) and ``SLOT_WIDTH``
across, for the two feet. The numbers then add ``left`` (the strip's left edge), ``base_top`` (the y of the cut
between strip and base) and ``slot`` (``{x, y, w, h}``, the slot's box in mm from the trim's top-left), and the
zone ``base``; ``width`` is the strip's width and ``base_width`` the base's.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Any

from pnpforge.render.geometry import Layout, Zone
from pnpforge.render.outline import Outline, flatten
from pnpforge.render.svg_path import parse_path

DEFAULT_BASE, DEFAULT_HEIGHT = 25.0, 40.0
STANDS = ("tab", "slot")
SLOT_SHARE = 0.8  # with a slot, the strip is this share of the base's width
SLOT_WIDTH = 1.0  # mm across the slot: the two feet, one card each
SLOT_CLEARANCE = 0.4  # mm the slot is longer than the feet are wide
FOOT_MAX = 8.0  # mm: a foot deeper than this holds no better
BASE_PATTERN = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*(?:[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?)?\s*(round)?\s*$")


@dataclass(frozen=True)
class Base:
    """A figure's base: ``width`` along the standee, ``depth`` across it, in mm; round or rectangular."""

    width: float
    depth: float
    round: bool


def read_base(value: Any) -> Base | None:
    """The base a field's value names (``25``, ``"25 mm"``, ``"25 x 50"``), or None when it names none."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Base(float(value), float(value), True) if 5 <= value <= 200 else None
    match = BASE_PATTERN.match(str(value)) if isinstance(value, str) else None
    if match is None:
        return None
    first = float(match.group(1))
    second = float(match.group(2)) if match.group(2) else None
    sides = (first, first) if second is None else (max(first, second), min(first, second))
    if not all(5 <= side <= 200 for side in sides):
        return None
    return Base(sides[0], sides[1], second is None)


def strip_outline(base: Base, height: float) -> Outline:
    """The strip's cut outline: a rectangle, or with half-disc tabs on a round base."""
    width, total = base.width, 2 * height + base.depth
    if not base.round:
        return Outline("rect", width, total)
    r = base.width / 2
    low = r + 2 * height  # each half disc as two quarter arcs: one curve for half a turn strays 1.8 % of r
    data = (f"M 0 {r:g} A {r:g} {r:g} 0 0 1 {r:g} 0 A {r:g} {r:g} 0 0 1 {width:g} {r:g} L {width:g} {low:g} "
            f"A {r:g} {r:g} 0 0 1 {r:g} {low + r:g} A {r:g} {r:g} 0 0 1 0 {low:g} Z")
    segments = tuple(parse_path(data))
    return Outline("path", width, total, flatten(list(segments)), segments)


def standee_layout(layout: Layout, value: Any) -> Layout | None:
    """The layout sized for one figure whose base field holds ``value``; None when it names no base."""
    raw = layout.params.get("standee")
    spec: dict[str, Any] = raw if isinstance(raw, dict) else {}
    base = read_base(value)
    if base is None:
        return None
    height = float(spec.get("height", DEFAULT_HEIGHT))
    if spec.get("stand") == "slot":
        return _slotted(layout, spec, base, height)
    tab = base.depth / 2
    outline = strip_outline(base, height)
    w = base.width
    zones = {**layout.zones,
             "tab_top": Zone("tab_top", 0, 0, w, tab), "back": Zone("back", 0, tab, w, height),
             "front": Zone("front", 0, tab + height, w, height),
             "tab_bottom": Zone("tab_bottom", 0, tab + 2 * height, w, tab)}
    numbers = {"width": w, "depth": base.depth, "tab": tab, "height": height, "round": base.round,
               "folds": [tab, tab + height, tab + 2 * height], "base": spec.get("base", "base"), "stand": "tab",
               "left": 0.0, "base_width": w}
    return replace(layout, width=w, height=outline.height, shape=outline.kind, size_name="custom",
                   outline=outline if outline.drawn else None, zones=zones,
                   params={**layout.params, "standee": numbers})


def base_field(layout: Layout) -> str | None:
    """The field a standee layout reads its base from, or None for a layout that draws no standee."""
    spec = layout.params.get("standee")
    if not isinstance(spec, dict):
        return None
    return str(spec.get("base", "base"))


def slotted_outline(base: Base, strip: float, length: float) -> tuple[Outline, float, float]:
    """The outline of a strip ``strip`` mm wide and ``length`` long, centred over its base hanging below it, the y
    of the slot's centre and the height of the whole."""
    w, left = base.width, (base.width - strip) / 2
    right = left + strip
    if base.round:
        r = w / 2
        centre = length + math.sqrt(r * r - (strip / 2) ** 2)  # the disc's circle passes through the strip's feet
        data = (f"M {left:g} 0 L {right:g} 0 L {right:g} {length:g} "
                f"A {r:g} {r:g} 0 0 1 {w:g} {centre:g} A {r:g} {r:g} 0 0 1 {r:g} {centre + r:g} "
                f"A {r:g} {r:g} 0 0 1 0 {centre:g} A {r:g} {r:g} 0 0 1 {left:g} {length:g} Z")
        total = centre + r
    else:
        centre, total = length + base.depth / 2, length + base.depth
        data = (f"M {left:g} 0 L {right:g} 0 L {right:g} {length:g} L {w:g} {length:g} L {w:g} {total:g} "
                f"L 0 {total:g} L 0 {length:g} L {left:g} {length:g} Z")
    segments = tuple(parse_path(data))
    return Outline("path", w, total, flatten(list(segments)), segments), centre, total


def _slotted(layout: Layout, spec: dict[str, Any], base: Base, height: float) -> Layout:
    """The layout of a figure standing in a slot of its base."""
    w = base.width
    strip = round(w * SLOT_SHARE, 3)
    left = round((w - strip) / 2, 3)
    foot = round(min(FOOT_MAX, base.depth / 2 - SLOT_WIDTH / 2), 3)
    length = 2 * foot + 2 * height
    outline, centre, total = slotted_outline(base, strip, length)
    slot_length = strip + SLOT_CLEARANCE
    slot = {"x": round((w - slot_length) / 2, 3), "y": round(centre - SLOT_WIDTH / 2, 3), "w": slot_length,
            "h": SLOT_WIDTH}
    zones = {**layout.zones,
             "tab_top": Zone("tab_top", left, 0, strip, foot), "back": Zone("back", left, foot, strip, height),
             "front": Zone("front", left, foot + height, strip, height),
             "tab_bottom": Zone("tab_bottom", left, foot + 2 * height, strip, foot),
             "base": Zone("base", 0, length, w, total - length)}
    numbers = {"width": strip, "depth": base.depth, "tab": foot, "height": height, "round": base.round,
               "folds": [foot, foot + height, foot + 2 * height], "base": spec.get("base", "base"), "stand": "slot",
               "left": left, "base_width": w, "base_top": length, "slot": slot}
    return replace(layout, width=w, height=total, shape="path", size_name="custom", outline=outline, zones=zones,
                   params={**layout.params, "standee": numbers})
