"""Hex tokens on a punchboard in a honeycomb: each hex beside six others, ``gap`` mm between their bleeds.

A flat-topped hex's neighbours are in columns 1.5 corner radii apart, every other column half a hex lower; a
pointy-topped hex's in rows, every other row half a hex to the right. Measured with the bleed, every neighbour's
centre is ``across_flats + 2 x bleed + gap`` away, so the grown hexes face each other ``gap`` apart along a whole
side. Each page holds as many as fit in the printable area, centred, filled in reading order; a cut line follows
every hex's six sides at its trim.
"""

from __future__ import annotations

import math

from pnpforge.impose.geometry import FRONT, Piece, Placement, SheetPage
from pnpforge.impose.presets import Sheet

ROOT3 = math.sqrt(3)


def lattice(across: float, top: str, room_w: float, room_h: float,
            box: tuple[float, float]) -> list[tuple[float, float]]:
    """Centres of the hexes that fit in ``room_w`` x ``room_h``, relative to the area's top-left, in reading order:
    neighbours' centres ``across`` apart, each hex's bleed box ``box`` (width, height) inside the area."""
    box_w, box_h = box
    step_long, step_short = 1.5 * across / ROOT3, across  # between columns (flat) or rows (pointy); along them
    if top == "flat":
        columns = max(0, math.floor((room_w - box_w) / step_long + 1e-9) + 1) if room_w >= box_w else 0
        rows = max(0, math.floor((room_h - box_h - (across / 2 if columns > 1 else 0)) / step_short + 1e-9) + 1) \
            if room_h >= box_h else 0
        width = (columns - 1) * step_long + box_w
        height = (rows - 1) * step_short + box_h + (across / 2 if columns > 1 else 0)
        x0, y0 = (room_w - width) / 2 + box_w / 2, (room_h - height) / 2 + box_h / 2
        return [(x0 + c * step_long, y0 + r * step_short + (across / 2 if c % 2 else 0))
                for r in range(rows) for c in range(columns)]
    rows = max(0, math.floor((room_h - box_h) / step_long + 1e-9) + 1) if room_h >= box_h else 0
    columns = max(0, math.floor((room_w - box_w - (across / 2 if rows > 1 else 0)) / step_short + 1e-9) + 1) \
        if room_w >= box_w else 0
    width = (columns - 1) * step_short + box_w + (across / 2 if rows > 1 else 0)
    height = (rows - 1) * step_long + box_h
    x0, y0 = (room_w - width) / 2 + box_w / 2, (room_h - height) / 2 + box_h / 2
    return [(x0 + c * step_short + (across / 2 if r % 2 else 0), y0 + r * step_long)
            for r in range(rows) for c in range(columns)]


def honeycomb_pages(sheet: Sheet, pieces: list[Piece]) -> list[SheetPage]:
    """Pages of hex tokens of one size and one top in a honeycomb; none when not one fits."""
    if not pieces:
        return []
    first = pieces[0]
    outline = first.outline
    assert outline is not None and outline.kind == "hex", "a honeycomb holds hexes"
    bleed = min(sheet.bleed, first.bleed)
    left, top, right, bottom = sheet.printable
    box = (first.width + 2 * bleed, first.height + 2 * bleed)
    centres = lattice(outline.across_flats + 2 * bleed + sheet.gap, outline.top, right - left, bottom - top, box)
    if not centres:
        return []
    pages = []
    for start in range(0, len(pieces), len(centres)):
        page = SheetPage(FRONT)
        for piece, (cx, cy) in zip(pieces[start:start + len(centres)], centres):
            placement = Placement(piece.key, left + cx - piece.width / 2, top + cy - piece.height / 2, piece.width,
                                  piece.height, bleed=(bleed,) * 4, outline=piece.outline)
            page.placements.append(placement)
            page.cuts.append(placement)
        pages.append(page)
    return pages
