"""Sheets to PDF: each face a form XObject copied from the render cache, placed by a matrix and clipped to the
bleed it shows; crop marks, cut lines and fold lines drawn as thin vector lines.

A face keeps its vector text and embedded fonts: its page's content stream and resources are copied unchanged
(``render.fragments``), once per file however many copies a file shows. Numbers are written with at most four
decimals and nothing depends on the clock, so the same sheets give the same bytes.
"""

from __future__ import annotations

import math

from pnpforge.impose import scale_check
from pnpforge.impose.geometry import Placement, SheetPage
from pnpforge.render.fragments import PT_PER_MM, Fragment, PdfBuilder, number

KAPPA = 4 * (math.sqrt(2) - 1) / 3  # Bezier handle length of a quarter circle
CUT_HALO_PT = 1.2  # a cut line is a thin dark line on a paper-coloured one, visible on any artwork
FOLD_DASH_MM = 2.0
TARGET_MM = 3.0  # an alignment target: a circle of this radius with a cross twice as long as the circle is wide


def sheet_pdf(pages: list[SheetPage], paper: tuple[float, float], fragments: dict[str, Fragment],
              stroke_pt: float, title: str, glyphs: dict[str, tuple[int, ...]] | None = None) -> bytes:
    """The PDF of some sheet pages, the faces' fragments by face key; fonts subset to ``glyphs`` (the build's
    glyph plan) when given."""
    builder = PdfBuilder(glyphs=glyphs)
    forms: dict[str, int] = {}
    width_pt, height_pt = paper[0] * PT_PER_MM, paper[1] * PT_PER_MM
    for page in pages:
        ops: list[bytes] = []
        names: dict[str, str] = {}
        for placement in page.placements:
            if placement.face not in forms:
                forms[placement.face] = builder.face_form(fragments[placement.face])
            name = names.setdefault(placement.face, f"F{forms[placement.face]}")
            ops.append(_place(placement, name, fragments[placement.face], paper[1]))
        ops += _lines(page, paper[1], stroke_pt)
        content = builder.add_stream(b"", b"\n".join(ops) + b"\n")
        xobjects = b"".join(b"/%s %d 0 R" % (name.encode(), forms[face]) for face, name in sorted(names.items()))
        builder.page({"/MediaBox": (0, 0, round(width_pt, 3), round(height_pt, 3))}, b"%d 0 R" % content,
                     b"<</XObject<<" + xobjects + b">>>>")
    return builder.to_bytes(title)


def _pt(x_mm: float, y_mm: float, paper_height: float) -> tuple[float, float]:
    """A sheet position (mm from the top-left) in PDF points (from the bottom-left)."""
    return x_mm * PT_PER_MM, (paper_height - y_mm) * PT_PER_MM


def _place(placement: Placement, name: str, fragment: Fragment, paper_height: float) -> bytes:
    """Clip to the shown bleed, map the face's trim onto the placement, draw the form."""
    left, top, right, bottom = placement.shown
    if placement.outline is not None:  # the shown rectangle, and the outline grown by the bleed
        x0, y0 = _pt(left, bottom, paper_height)
        clip = b"%s %s %s %s re W n " % (number(x0), number(y0), number((right - left) * PT_PER_MM),
                                         number((bottom - top) * PT_PER_MM))
        clip += _polygon(placement, placement.outline.grown(max(placement.bleed) / placement.scale), paper_height)
    elif placement.round and placement.window is None:
        cx, cy = _pt((left + right) / 2, (top + bottom) / 2, paper_height)
        clip = _circle(cx, cy, (right - left) / 2 * PT_PER_MM)
    else:
        x0, y0 = _pt(left, bottom, paper_height)
        clip = b"%s %s %s %s re" % (number(x0), number(y0), number((right - left) * PT_PER_MM),
                                    number((bottom - top) * PT_PER_MM))
    fx0, fy0, fx1, fy1 = fragment.mediabox
    face_cx, face_cy = (fx0 + fx1) / 2, (fy0 + fy1) / 2
    cx, cy = _pt(placement.x + placement.w / 2, placement.y + placement.h / 2, paper_height)
    angle = math.radians(placement.rotation)
    cos, sin = round(math.cos(angle), 12), round(math.sin(angle), 12)
    a, b, c, d = placement.scale * cos, placement.scale * sin, -placement.scale * sin, placement.scale * cos
    e, f = cx - (a * face_cx + c * face_cy), cy - (b * face_cx + d * face_cy)
    matrix = b" ".join(number(v) for v in (a, b, c, d, e, f))
    return b"q " + clip + b" W n " + matrix + b" cm /" + name.encode() + b" Do Q"


def _circle(cx: float, cy: float, r: float) -> bytes:
    """A closed circle path."""
    k = KAPPA * r
    points = [(cx + r, cy), (cx + r, cy + k, cx + k, cy + r, cx, cy + r),
              (cx - k, cy + r, cx - r, cy + k, cx - r, cy), (cx - r, cy - k, cx - k, cy - r, cx, cy - r),
              (cx + k, cy - r, cx + r, cy - k, cx + r, cy)]
    path = [b"%s %s m" % (number(points[0][0]), number(points[0][1]))]
    path += [b" ".join(number(v) for v in segment) + b" c" for segment in points[1:]]
    return b" ".join(path) + b" h"


def _lines(page: SheetPage, paper_height: float, stroke_pt: float) -> list[bytes]:
    """Crop marks, cut lines and fold lines of a page."""
    ops: list[bytes] = []
    if page.marks:
        ops.append(b"q 0 G %s w 0 J" % number(stroke_pt))
        for x0, y0, x1, y1 in page.marks:
            (a, b), (c, d) = _pt(x0, y0, paper_height), _pt(x1, y1, paper_height)
            ops.append(b"%s %s m %s %s l S" % (number(a), number(b), number(c), number(d)))
        ops.append(b"Q")
    if page.cuts:
        outlines = [_outline(p, paper_height) for p in page.cuts]
        ops.append(b"q 1 G %s w " % number(CUT_HALO_PT) + b" S ".join(outlines) + b" S Q")
        ops.append(b"q 0 G %s w " % number(stroke_pt) + b" S ".join(outlines) + b" S Q")
    if page.folds:
        dash = number(FOLD_DASH_MM * PT_PER_MM)
        ops.append(b"q 0.35 G %s w [%s %s] 0 d" % (number(stroke_pt), dash, dash))
        for x0, y0, x1, y1 in page.folds:
            (a, b), (c, d) = _pt(x0, y0, paper_height), _pt(x1, y1, paper_height)
            ops.append(b"%s %s m %s %s l S" % (number(a), number(b), number(c), number(d)))
        ops.append(b"Q")
    if page.scale_check is not None:
        ops.append(scale_check.ops(*page.scale_check, paper_height))
    if page.targets:
        ops += [b"q 1 G %s w " % number(CUT_HALO_PT) + _targets(page.targets, paper_height) + b" Q",
                b"q 0 G %s w " % number(stroke_pt) + _targets(page.targets, paper_height) + b" Q"]
    for x, y, w, h, filled in page.locator:
        a, b = _pt(x, y + h, paper_height)
        ops.append(b"q 0 G 0 g %s w %s %s %s %s re %s Q" % (
            number(stroke_pt), number(a), number(b), number(w * PT_PER_MM), number(h * PT_PER_MM),
            b"B" if filled else b"S"))
    return ops


def _targets(centres: list[tuple[float, float]], paper_height: float) -> bytes:
    """Alignment targets: a circle with a cross through its centre, each."""
    paths = []
    for x, y in centres:
        cx, cy = _pt(x, y, paper_height)
        r = TARGET_MM * PT_PER_MM
        paths.append(_circle(cx, cy, r) + b" S %s %s m %s %s l S %s %s m %s %s l S" % (
            number(cx - 2 * r), number(cy), number(cx + 2 * r), number(cy),
            number(cx), number(cy - 2 * r), number(cx), number(cy + 2 * r)))
    return b" ".join(paths)


def _polygon(placement: Placement, corners: tuple[tuple[float, float], ...], paper_height: float) -> bytes:
    """A closed path through corners of a face (mm from its trim's top-left) placed on the sheet."""
    points = [_pt(*placement.to_sheet(u, v), paper_height) for u, v in corners]
    path = [b"%s %s m" % (number(points[0][0]), number(points[0][1]))]
    path += [b"%s %s l" % (number(x), number(y)) for x, y in points[1:]]
    return b" ".join(path) + b" h"


def _curves(placement: Placement, segments: tuple[tuple, ...], paper_height: float) -> bytes:
    """A path's segments (mm on the face) placed on the sheet, curves kept."""
    out = []
    for segment in segments:
        if segment[0] == "h":
            out.append(b"h")
            continue
        values = segment[1:]
        points = [_pt(*placement.to_sheet(values[i], values[i + 1]), paper_height) for i in range(0, len(values), 2)]
        out.append(b" ".join(number(v) for point in points for v in point) + b" " + segment[0].encode())
    return b" ".join(out)


def _outline(placement: Placement, paper_height: float) -> bytes:
    """The trim outline of a token: its own outline (a hex, polygon or path), a circle for a round one, a
    rectangle otherwise."""
    outline = placement.outline
    if outline is not None:
        if outline.segments:
            return _curves(placement, outline.segments, paper_height)
        return _polygon(placement, outline.points, paper_height)
    if placement.round:
        cx, cy = _pt(placement.x + placement.w / 2, placement.y + placement.h / 2, paper_height)
        return _circle(cx, cy, placement.w / 2 * PT_PER_MM)
    x0, y0 = _pt(placement.x, placement.y + placement.h, paper_height)
    return b"%s %s %s %s re" % (number(x0), number(y0), number(placement.w * PT_PER_MM),
                                number(placement.h * PT_PER_MM))
