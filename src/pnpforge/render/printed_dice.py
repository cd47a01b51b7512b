"""Printed dice: the faces of each kind the ``dice:`` block gives a ``size`` (its edge in mm).

A printed die is a cube. Each kind gives two component types that no pack declares: ``die-face``, one face per
declared face of the die (stickers for a blank die, a square of the die's edge each, on a punchboard), and
``die-net``, the whole die as a paper cube net (a cross of six squares) with glue tabs, cut along its outline (an
SVG path) with its folds drawn as dashed lines. Their layouts are the shared ``die-face`` and ``die-net`` (a pack
replaces them by name, like any layout); both are sized from the die, not from the layout's ``size``. A template
reads the face's ``v``: ``label``, ``number``, ``symbols``, ``icons`` (each symbol's icon id, or nothing: drawn as
the word), ``colour``, ``edge`` and, on a net, ``cells`` (each face's square: ``x``, ``y`` in mm from the trim's
corner and the face's values) and ``folds`` (the dashed lines ``[x1, y1, x2, y2]``).

The net's squares: the die's first face on top, its last below, and between them a band of four, so faces that
are declared first and last, second and fifth, third and fourth lie opposite each other (a numbered die's 1 and 6,
2 and 5, 3 and 4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pnpforge.content.dice import DeclaredFace, DieSpec
from pnpforge.content.fields import TypeSpec
from pnpforge.content.pack import Item, Pack
from pnpforge.render.faces import FRONT, Face
from pnpforge.render.layouts import Layout, LayoutSet
from pnpforge.render.outline import Outline, flatten
from pnpforge.render.svg_path import parse_path

FACE_TYPE, NET_TYPE = "die-face", "die-net"
TYPES = (FACE_TYPE, NET_TYPE)
CUBE = 6
TAB_SHARE, TAB_MAX = 0.3, 6.0  # a glue tab is 30 % of the edge deep, at most 6 mm
# where each declared face lies on the net, in edges from the net's top-left (column, row): opposite faces apart
NET_CELLS = ((1, 0), (0, 1), (1, 1), (3, 1), (2, 1), (1, 2))
DEFAULT_COLOUR = "#ffffff"


def printed_dice(pack: Pack) -> dict[str, DieSpec]:
    """The kinds of dice the pack prints: those with a ``size``."""
    return {kind: spec for kind, spec in pack.game.dice.items() if spec.size is not None}


def with_dice_types(pack: Pack) -> Pack:
    """The pack with the two dice types declared (no fields of their own), when it prints dice."""
    if not printed_dice(pack):
        return pack
    extra = {name: TypeSpec(file="game.yaml", doc="printed from the dice: block", label=name.replace("-", " "))
             for name in TYPES if name not in pack.types}
    return replace(pack, types={**pack.types, **extra})


def tab_depth(edge: float) -> float:
    """How deep a glue tab is on a die of this edge."""
    return round(min(TAB_MAX, edge * TAB_SHARE), 3)


def net_path(edge: float) -> str:
    """The cut outline of a cube net of ``edge`` mm with seven glue tabs, as SVG path data in mm."""
    e, t = edge, tab_depth(edge)
    i = t  # a tab's ends slant at 45 degrees

    def p(x: float, y: float) -> str:
        return f"{x:g} {y:g}"

    points = [
        (e, t), (e + i, 0), (2 * e - i, 0), (2 * e, t),  # the top face's top tab
        (2 * e + t, t + i), (2 * e + t, t + e - i), (2 * e, t + e),  # its right tab
        (4 * e, t + e), (4 * e + t, t + e + i), (4 * e + t, t + 2 * e - i), (4 * e, t + 2 * e),  # the band's end
        (2 * e, t + 2 * e), (2 * e + t, t + 2 * e + i), (2 * e + t, t + 3 * e - i), (2 * e, t + 3 * e),
        (2 * e - i, 2 * t + 3 * e), (e + i, 2 * t + 3 * e), (e, t + 3 * e),  # the bottom face's bottom tab
        (e - t, t + 3 * e - i), (e - t, t + 2 * e + i), (e, t + 2 * e),  # its left tab
        (0, t + 2 * e), (0, t + e), (e, t + e),  # the band's first face
        (e - t, t + e - i), (e - t, t + i),  # the top face's left tab
    ]
    return "M " + " L ".join(p(x, y) for x, y in points) + " Z"


def net_folds(edge: float) -> list[list[float]]:
    """The fold lines of the net: between its squares, and between a square and its tab."""
    e, t = edge, tab_depth(edge)
    lines = [
        [e, t, 2 * e, t], [2 * e, t, 2 * e, t + e], [e, t, e, t + e],  # the top face's tabs
        [e, t + e, 2 * e, t + e], [e, t + 2 * e, 2 * e, t + 2 * e],  # the top and bottom faces on the band
        [e, t + e, e, t + 2 * e], [2 * e, t + e, 2 * e, t + 2 * e], [3 * e, t + e, 3 * e, t + 2 * e],
        [4 * e, t + e, 4 * e, t + 2 * e],  # the band's folds and its end tab
        [e, t + 3 * e, 2 * e, t + 3 * e], [e, t + 2 * e, e, t + 3 * e], [2 * e, t + 2 * e, 2 * e, t + 3 * e],
    ]
    return [[round(v, 3) for v in line] for line in lines]


def net_outline(edge: float) -> Outline:
    """The net's cut outline."""
    segments = tuple(parse_path(net_path(edge)))
    t = tab_depth(edge)
    return Outline("path", round(4 * edge + t, 6), round(3 * edge + 2 * t, 6), flatten(list(segments)), segments)


def face_values(spec: DieSpec, kind: str, face: DeclaredFace, pack: Pack) -> dict[str, Any]:
    """What a template reads of one face."""
    return {"kind": kind, "name": spec.name or kind, "label": face.label, "number": face.number,
            "symbols": list(face.symbols), "icons": list(face.icons(pack.game.icons)),
            "colour": spec.colour or DEFAULT_COLOUR, "edge": spec.size}


def dice_faces(pack: Pack, layouts: LayoutSet) -> list[Face]:
    """The stickers and nets of every printed die, stickers first, in the block's order."""
    dice = printed_dice(pack)
    if not dice:
        return []
    stickers: list[Face] = []
    nets: list[Face] = []
    face_layout, net_layout = layouts.get(FACE_TYPE), layouts.get(NET_TYPE)
    for kind, spec in dice.items():
        edge = float(spec.size or 0)
        faces = spec.read_faces()
        sized = replace(face_layout, width=edge, height=edge, shape="rect", outline=None, size_name="custom")
        for index, face in enumerate(faces):
            values = face_values(spec, kind, face, pack)
            item = Item(FACE_TYPE, f"{kind}-{index + 1}", values, spec.qty, pack.game_doc,
                        ("dice", kind, "faces", index), "die face")
            stickers.append(Face(f"{FACE_TYPE}/{kind}-{index + 1}", FACE_TYPE, FRONT, sized, item, [item.id],
                                 spec.qty))
        outline = net_outline(edge)
        t = tab_depth(edge)
        cells = [{"x": round(column * edge, 3), "y": round(t + row * edge, 3), **face_values(spec, kind, face, pack)}
                 for (column, row), face in zip(NET_CELLS, faces)]
        values = {**face_values(spec, kind, faces[0], pack), "cells": cells, "folds": net_folds(edge),
                  "outline": net_path(edge), "tab": t}
        item = Item(NET_TYPE, kind, values, spec.qty, pack.game_doc, ("dice", kind), "die net")
        layout: Layout = replace(net_layout, width=outline.width, height=outline.height, shape="path",
                                 outline=outline, size_name="custom", true_scale=True)
        nets.append(Face(f"{NET_TYPE}/{kind}", NET_TYPE, FRONT, layout, item, [item.id], spec.qty))
    return stickers + nets
