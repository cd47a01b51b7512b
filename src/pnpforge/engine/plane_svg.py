"""An SVG drawing of a position on the plane: the table, its terrain pieces, bases with their heading, templates and
measured lines. For rulebook figures, worked examples on the web and replays.

The drawing is in lattice units (``viewBox`` = the table, 1 unit = 0.1 mm, so the ``width`` and ``height`` are the
table's real size in millimetres) with ``y`` flipped so that up on the table is up on the page. Every coordinate is
an integer and every element is written in the order given, so the same position always gives the same bytes.

``groups`` maps a base's id to a group number (a side, a section): the group picks the fill (``group-0`` ...
``group-5`` classes, restyled by a page's own CSS if it likes). A piece that blocks sight is drawn darker than one
that does not, and one that may be seen into (``open_depth``) in green.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
import re
from html import escape
from math import isqrt

from pnpforge.engine.plane import Base, Point, Shape, Table, dist2
from pnpforge.engine.plane_moves import format_inches
from pnpforge.engine.plane_sight import Piece

STYLE = """
.table { fill: #e9e4d4; stroke: #6b6350; stroke-width: 8; }
.piece { fill: #b9c9a3; stroke: #5c6e45; stroke-width: 6; }
.piece.blocks { fill: #7d7a70; }
.piece.blocks.into { fill: #7f9a63; }
.base { stroke: #222; stroke-width: 5; }
.heading { stroke: #222; stroke-width: 10; stroke-linecap: round; }
.group-0 { fill: #c0504d; } .group-1 { fill: #4f81bd; } .group-2 { fill: #9bbb59; }
.group-3 { fill: #8064a2; } .group-4 { fill: #f79646; } .group-5 { fill: #7f7f7f; }
.template { fill: #f2c14e; fill-opacity: 0.35; stroke: #9a6d00; stroke-width: 6; stroke-dasharray: 30 20; }
.measure { stroke: #222; stroke-width: 6; stroke-dasharray: 12 12; }
text { font-family: sans-serif; font-size: 110px; fill: #222; }
text.small { font-size: 80px; }
""".strip()
FIGURE_STYLE = """
.ghost { fill: none; stroke: #222; stroke-width: 5; stroke-dasharray: 16 12; }
.blocked { stroke: #b3261e; stroke-width: 8; stroke-dasharray: 24 14; }
.mark { fill: none; stroke: #222; stroke-width: 12; }
text.mark { fill: #222; stroke: none; font-size: 120px; font-weight: bold; }
""".strip()
_RULE = re.compile(r"(^|\} )([^{}\n]+?) \{", re.MULTILINE)  # a rule's selector, at a line's start or after one
MARK_RADIUS = 64  # a named point's ring: a quarter inch across


def _mm(units: int) -> str:
    whole, tenth = divmod(units, 10)
    return f"{whole}.{tenth}mm" if tenth else f"{whole}mm"


class _Page:
    """Flips ``y`` and writes elements."""

    def __init__(self, table: Table) -> None:
        self.height = table.height
        self.parts: list[str] = []

    def xy(self, p: Point) -> tuple[int, int]:
        return p[0], self.height - p[1]

    def shape(self, shape: Shape, css: str, title: str = "") -> None:
        tip = f"<title>{escape(title)}</title>" if title else ""
        core, r = shape.core, shape.radius
        if len(core) == 1:
            x, y = self.xy(core[0])
            self.parts.append(f'<circle class="{css}" cx="{x}" cy="{y}" r="{r}">{tip}</circle>')
        else:
            points = " ".join("{},{}".format(*self.xy(p)) for p in core)
            self.parts.append(f'<polygon class="{css}" points="{points}">{tip}</polygon>')

    def line(self, a: Point, b: Point, css: str) -> None:
        (x1, y1), (x2, y2) = self.xy(a), self.xy(b)
        self.parts.append(f'<line class="{css}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')

    def text(self, at: Point, words: str, css: str = "", anchor: str = "middle") -> None:
        x, y = self.xy(at)
        cls = f' class="{css}"' if css else ""
        self.parts.append(f'<text{cls} x="{x}" y="{y}" text-anchor="{anchor}">{escape(words)}</text>')


def drawing(table: Table, pieces: Iterable[Piece] = (), bases: Iterable[Base] = (),
            templates: Iterable[Shape] = (), lines: Iterable[tuple[Point, Point]] = (),
            groups: Mapping[str, int] | None = None, labels: bool = True, *,
            ghosts: Iterable[Base] = (), blocked: Iterable[tuple[Point, Point]] = (),
            marks: Iterable[tuple[Point, str]] = (), width_mm: int | None = None, scope: str = "") -> str:
    """The SVG text of a position. ``lines`` are drawn dashed with their length in inches beside them.

    For a figure of a move or a shot: ``ghosts`` are bases where they stood before (a dashed outline under the
    position), ``blocked`` sight lines are drawn in red without a length, ``marks`` are named points (an objective,
    an aim point) drawn as a ring with the name beside it; ``width_mm`` prints the drawing at that width instead of the
    table's real size; ``scope`` names a class the ``<svg>`` gets and every rule of its style is limited to, for a
    drawing placed inside an HTML page (whose own classes its style must not touch). Without them the drawing is as
    it always was."""
    page = _Page(table)
    ghosts, blocked, marks = tuple(ghosts), tuple(blocked), tuple(marks)
    page.parts.append(f'<rect class="table" x="0" y="0" width="{table.width}" height="{table.height}"/>')
    for piece in pieces:
        css = "piece blocks into" if piece.blocks_sight and piece.open_depth else \
            "piece blocks" if piece.blocks_sight else "piece"
        page.shape(piece.shape, css, piece.id)
        if labels:
            page.text(piece.shape.centre, piece.id, "small")
    for ghost in ghosts:
        page.shape(ghost.shape, "ghost", ghost.id)
    for base in bases:
        group = (groups or {}).get(base.id, 0) % 6
        page.shape(base.shape, f"base group-{group}", base.id)
        page.line(base.centre, base.front(), "heading")
    for template in templates:
        page.shape(template, "template")
    for start, end in lines:
        page.line(start, end, "measure")
        middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2 + 60)
        page.text(middle, format_inches(_length(start, end)))
    for start, end in blocked:
        page.line(start, end, "blocked")
    for at, name in marks:
        page.shape(Shape((at,), MARK_RADIUS), "mark", name)
        page.text((at[0] + MARK_RADIUS + 30, at[1] - 40), name, "mark", anchor="start")
    width, height = table.width, table.height
    shown_w, shown_h = (width, height) if width_mm is None else (width_mm * 10, width_mm * 10 * height // width)
    style = STYLE + (f"\n{FIGURE_STYLE}" if ghosts or blocked or marks else "")
    if scope:
        style = _RULE.sub(lambda m: f"{m.group(1)}.{scope} {m.group(2)} {{", style)
    within = f' class="{escape(scope)}"' if scope else ""
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg"{within} width="{_mm(shown_w)}" height="{_mm(shown_h)}" '
        f'viewBox="0 0 {width} {height}">',
        f"<style>\n{style}\n</style>",
        *page.parts,
        "</svg>",
        "",
    ])


def _length(a: Point, b: Point) -> int:
    """The distance between two points, to the nearest unit."""
    square = dist2(a, b)
    root = isqrt(square)
    return root + 1 if square - root * root > root else root  # (root + 1/2)^2 = root^2 + root + 1/4
