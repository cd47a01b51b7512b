"""Inline SVG as PDF operators: path data, transforms, colours and placement, what is refused, and pixel
equivalence with WeasyPrint for every shipped icon and for generated art placeholders."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from weasyprint.text.fonts import FontConfiguration

from pnpforge.render.art import placeholder
from pnpforge.render.fragments import PT_PER_MM, PdfBuilder, number
from pnpforge.render.geometry import Zone
from pnpforge.render.icons import icon_drawing
from pnpforge.render.native.svg import Painted, Unsupported, parse_svg
from pnpforge.render.pdf import html_to_pdf
from pnpforge.render.verify import image_share

from tests.conftest import DATA, REPO

BLACK = (0.0, 0.0, 0.0)
ICON_FOLDERS = {"legion": REPO / "content" / "legion-siberian-story" / "layouts" / "icons",
                "legie": REPO / "content" / "legie" / "layouts" / "icons",
                "harbour": DATA / "harbour-lights" / "layouts" / "icons"}
INKS = ("#1d1d1b", "#c9a227")
MARGIN_MM = 5  # the box sits this far inside its page, so drawing outside the box would show
MOST_DIFFERING = 0.005
DPI = 300


def ops(markup: str, width: float = 24, height: float = 24, colour=BLACK) -> str:
    """The operators of an SVG painted into a box, as text."""
    return parse_svg(markup).paint(width, height, colour).ops.decode()


def path_ops(d: str) -> list[str]:
    """The path operators a <path d=...> becomes (in a 24-unit box, so at scale 1)."""
    text = ops(f'<svg viewBox="0 0 24 24"><path d="{d}" fill="none" stroke="black"/></svg>')
    body = text.split(" d\n", 1)[1].rsplit("S\n", 1)[0]
    return body.strip().splitlines()


def curve_point(p0, p1, p2, p3, t: float) -> tuple[float, float]:
    """A point of a cubic Bézier."""
    u = 1 - t
    return tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d for a, b, c, d in zip(p0, p1, p2, p3))


def curves(lines: list[str]) -> list[tuple]:
    """The cubic pieces of path operators as (start, control, control, end) point tuples."""
    pieces, current = [], None
    for line in lines:
        *values, operator = line.split()
        values = [float(v) for v in values]
        if operator == "c":
            pieces.append((current, tuple(values[0:2]), tuple(values[2:4]), tuple(values[4:6])))
        if operator in "mlc":
            current = tuple(values[-2:])
    return pieces


# Path data

def test_compact_numbers_and_implicit_commands() -> None:
    assert path_ops("M1.5.5-1-2 3 4") == ["1.5 0.5 m", "-1 -2 l", "3 4 l"]
    assert path_ops("m1 1 2 2h3v-1H0V0z") == ["1 1 m", "3 3 l", "6 3 l", "6 2 l", "0 2 l", "0 0 l", "h"]
    assert path_ops("M0 0L1e1 .5E1") == ["0 0 m", "10 5 l"]
    assert path_ops("M0,0 C1,1 2,2 3,3 4,4 5,5 6,6") == ["0 0 m", "1 1 2 2 3 3 c", "4 4 5 5 6 6 c"]


def test_relative_commands_and_closepath() -> None:
    assert path_ops("M10 10l2 0l0 2z m1 1 l1 0") == ["10 10 m", "12 10 l", "12 12 l", "h", "11 11 m", "12 11 l"]
    # a drawing command straight after z starts a new subpath at the closed one's start
    assert path_ops("M10 10h2v2zl-3 0") == ["10 10 m", "12 10 l", "12 12 l", "h", "10 10 m", "7 10 l"]


def test_smooth_curves_reflect_the_previous_control_point() -> None:
    assert path_ops("M0 0C0 2 4 2 4 0S8 -2 8 0") == ["0 0 m", "0 2 4 2 4 0 c", "4 -2 8 -2 8 0 c"]
    assert path_ops("M0 0S2 2 4 0") == ["0 0 m", "0 0 2 2 4 0 c"]  # no previous curve: the current point
    # quadratics become cubics with control points 2/3 of the way to the quadratic one
    assert path_ops("M0 0Q3 3 6 0T12 0") == ["0 0 m", "2 2 4 2 6 0 c", "8 -2 10 -2 12 0 c"]
    assert path_ops("m0 0q3 3 6 0t6 0") == ["0 0 m", "2 2 4 2 6 0 c", "8 -2 10 -2 12 0 c"]


def test_arcs_end_where_the_spec_says() -> None:
    # sweep 1 runs towards increasing angles: from (0,0) to (20,0) round a centre (10,0), through (10,-10)
    lines = path_ops("M0 10A10 10 0 0 1 20 10")
    assert lines[-1].endswith("20 10 c")
    assert curve_point(*curves(lines)[0], 0.5) == pytest.approx((10, 0), abs=1e-3)
    # sweep 0 takes the other half circle, through (10, 20)
    assert curve_point(*curves(path_ops("M0 10A10 10 0 0 0 20 10"))[0], 0.5) == pytest.approx((10, 20), abs=1e-3)
    # radii too small for the endpoints are scaled up (spec B.2.5): the same half circle
    assert path_ops("M0 10A1 1 0 0 1 20 10") == lines


def test_arc_flags_choose_the_centre() -> None:
    # a quarter circle of radius 10 from (0,10) to (10,0): the small arc bulges towards the origin side or away
    for large, sweep, centre in (("0", "1", (10, 10)), ("0", "0", (0, 0)), ("1", "0", (10, 10)), ("1", "1", (0, 0))):
        pieces = curves(path_ops(f"M0 10A10 10 0 {large} {sweep} 10 0"))
        assert len(pieces) == (3 if large == "1" else 1)
        for piece in pieces:
            for t in (0.25, 0.5, 0.75):
                x, y = curve_point(*piece, t)
                assert math.hypot(x - centre[0], y - centre[1]) == pytest.approx(10, rel=0.003)


def test_arc_flags_may_touch_the_numbers_and_relative_arcs() -> None:
    assert path_ops("M5 5a1 1 0 011 1") == path_ops("M5 5a1,1,0,0,1,1,1") == path_ops("M5 5A1 1 0 0 1 6 6")
    lines = path_ops("M2 2a3 2 30 1 0 4 1")
    assert lines[-1].endswith("6 3 c") and len(curves(lines)) == 3
    assert path_ops("M2 2a0 3 0 0 1 4 1") == ["2 2 m", "6 3 l"]  # a zero radius is a straight line
    assert path_ops("M2 2a3 3 0 0 1 0 0") == ["2 2 m"]  # identical endpoints: no arc


def test_rotated_elliptical_arc_keeps_its_radii() -> None:
    # an ellipse rx=6, ry=3 rotated 45 degrees, centred on (12,12): every point satisfies its equation
    pieces = curves(path_ops("M16.2426 16.2426A6 3 45 1 1 7.7574 7.7574"))
    for piece in pieces:
        for t in (0.2, 0.5, 0.8):
            x, y = curve_point(*piece, t)
            u, v = ((x - 12) + (y - 12)) / math.sqrt(2), (-(x - 12) + (y - 12)) / math.sqrt(2)
            assert (u / 6) ** 2 + (v / 3) ** 2 == pytest.approx(1, abs=0.01)


def test_malformed_path_data_is_refused() -> None:
    for d in ("L1 1", "M1 1 2", "M1 1a1 1 0 2 1 3 3", "M0 0z 1 1"):
        with pytest.raises(Unsupported, match="path data"):
            ops(f'<svg viewBox="0 0 24 24"><path d="{d}"/></svg>')


# Shapes, transforms, colours

def test_basic_shapes() -> None:
    text = ops('<svg viewBox="0 0 24 24"><rect x="1" y="2" width="3" height="4"/><line x1="0" y1="0" x2="5" '
               'y2="5" stroke="red"/><polygon points="1,1 4,1 4,4"/><polyline points="1 1,5 1 5 5" fill="none" '
               'stroke="blue"/></svg>')
    assert "1 2 3 4 re\nf\n" in text
    assert "0 0 m\n5 5 l\nS\n" in text and "1 0 0 RG" in text and "5 5 l\nB" not in text  # a line is never filled
    assert "1 1 m\n4 1 l\n4 4 l\nh\nf\n" in text
    assert "1 1 m\n5 1 l\n5 5 l\nS\n" in text
    circle = ops('<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>').split("rg\n")[1]
    quarters = curves(circle.split("f\n")[0].splitlines())
    assert len(quarters) == 4 and quarters[0][0] == (22, 12) and quarters[0][3] == (12, 22)  # clockwise from the right
    for quarter in quarters:
        assert math.dist(curve_point(*quarter, 0.5), (12, 12)) == pytest.approx(10, rel=0.007)
    empty = ops('<svg viewBox="0 0 24 24"><rect width="0" height="4"/><circle r="0"/><ellipse rx="2" ry="0"/></svg>')
    assert empty == "q\n0 0 24 24 re W n\nQ\n"


def test_rounded_rect_radii_default_to_each_other_and_are_clamped() -> None:
    one = ops('<svg viewBox="0 0 24 24"><rect x="2" y="2" width="10" height="6" rx="2"/></svg>')
    both = ops('<svg viewBox="0 0 24 24"><rect x="2" y="2" width="10" height="6" rx="2" ry="2"/></svg>')
    assert one == both and "4 2 m\n10 2 l\n" in one
    clamped = ops('<svg viewBox="0 0 24 24"><rect x="2" y="2" width="10" height="6" rx="9" ry="1"/></svg>')
    assert "7 2 m\n7 2 l\n" in clamped
    assert ops('<svg viewBox="0 0 24 24"><ellipse cx="5" cy="5" ry="3"/></svg>') == ops(
        '<svg viewBox="0 0 24 24"><circle cx="5" cy="5" r="3"/></svg>')  # SVG 2: an 'auto' radius is the other one


def test_transforms_compose_in_document_order() -> None:
    def matrix(transform: str) -> list[float]:
        text = ops(f'<svg viewBox="0 0 24 24"><rect width="1" height="1" transform="{transform}"/></svg>')
        return [float(v) for v in re.search(r"q\n(.*) cm\n", text.split("re W n\n")[1]).group(1).split()]

    assert matrix("translate(10) scale(2)") == [2, 0, 0, 2, 10, 0]
    assert matrix("scale(2),translate(10 1)") == [2, 0, 0, 2, 20, 2]
    a, b, c, d, e, f = matrix("rotate(90 12 12)")
    assert (a, b, c, d) == (0, 1, -1, 0) and (a * 12 + c * 12 + e, b * 12 + d * 12 + f) == (12, 12)
    assert matrix("skewX(45)") == [1, 0, 1, 1, 0, 0]
    assert matrix("skewY(45)") == [1, 1, 0, 1, 0, 0]
    assert matrix("matrix(-1 0 0 1 24 0)") == [-1, 0, 0, 1, 24, 0]
    nested = ops('<svg viewBox="0 0 24 24"><g transform="translate(5 0)"><g transform="scale(2)">'
                 '<rect width="1" height="1" transform="translate(1 1)"/></g></g></svg>')
    assert "2 0 0 2 7 2 cm" in nested  # innermost first, then each parent
    assert "re\nf" not in ops('<svg viewBox="0 0 24 24"><rect width="1" height="1" transform="scale(0)"/></svg>')
    with pytest.raises(Unsupported, match="transform"):
        ops('<svg viewBox="0 0 24 24"><rect width="1" height="1" transform="twist(3)"/></svg>')


def test_colours() -> None:
    def fill(value: str, colour=BLACK, root: str = "") -> str:
        text = ops(f'<svg viewBox="0 0 24 24"{root}><rect width="1" height="1" fill="{value}"/></svg>', colour=colour)
        return text.split("re W n\n")[1].split(" rg")[0]

    assert fill("#abc") == "0.6667 0.7333 0.8"
    assert fill("#ff8000") == "1 0.502 0"
    assert fill("rgb(255, 0, 0)") == fill("red") == fill("RED") == "1 0 0"
    assert fill("rgb(0%, 50%, 100%)") == "0 0.5 1"
    assert fill("navy") == "0 0 0.502"
    assert fill("currentColor", (0.2, 0.4, 0.6)) == "0.2 0.4 0.6"  # the caller's ink
    assert fill("currentColor", (0.2, 0.4, 0.6), ' color="#ff0000"') == "1 0 0"  # the svg's color attribute wins
    assert "rg" not in ops('<svg viewBox="0 0 24 24"><rect width="1" height="1" fill="transparent"/></svg>')
    assert "rg" not in ops('<svg viewBox="0 0 24 24"><rect width="1" height="1" fill="none"/></svg>')
    assert "0 0 0 rg" in ops('<svg viewBox="0 0 24 24"><rect width="1" height="1"/></svg>')  # fill defaults to black
    with pytest.raises(Unsupported, match="fill"):
        fill("bluish")


def test_properties_inherit_and_style_declarations_win() -> None:
    text = ops('<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" color="#00ff00">'
               '<g stroke-linecap="round" style="stroke-linejoin: bevel"><path d="M1 1L5 5" '
               'style="stroke-width:3 !important; stroke-miterlimit: 7" stroke-width="9"/></g></svg>')
    assert "0 1 0 RG\n3 w 1 J 2 j 7 M [] 0 d\n1 1 m\n5 5 l\nS\n" in text
    dashed = ops('<svg viewBox="0 0 24 24"><path d="M0 1H9" stroke="red" stroke-dasharray="1, 2 3" '
                 'stroke-dashoffset="-1"/></svg>')
    assert "[1 2 3 1 2 3] 11 d" in dashed  # an odd list repeats; a negative offset moves into the first period
    evenodd = ops('<svg viewBox="0 0 24 24"><path d="M0 0H9V9z" fill-rule="evenodd"/></svg>')
    assert "f*\n" in evenodd
    assert "S\n" not in ops('<svg viewBox="0 0 24 24"><path d="M0 1H9" stroke="red" stroke-width="0"/></svg>')
    hidden = ops('<svg viewBox="0 0 24 24"><g style="display:none"><rect width="1" height="1"/></g>'
                 '<g visibility="hidden"><rect width="2" height="2"/><rect width="3" height="3" '
                 'visibility="visible"/></g></svg>')
    assert "0 0 1 1 re\nf" not in hidden and "0 0 2 2 re\nf" not in hidden and "0 0 3 3 re\nf" in hidden


def test_opacity_becomes_constant_alpha() -> None:
    painted = parse_svg('<svg viewBox="0 0 24 24"><rect width="4" height="4" fill="red" fill-opacity=".5" '
                        'opacity="0.5"/><path d="M0 0H9" stroke="red" stroke-opacity="55%"/>'
                        '<g opacity=".4"><g opacity=".5"><circle r="3" cx="3" cy="3"/></g></g></svg>'
                        ).paint(24, 24, BLACK)
    text = painted.ops.decode()
    assert painted.alphas == frozenset({0.25, 0.55, 0.2})
    assert "/a0.25 gs\n1 0 0 rg\n0 0 4 4 re\nf\n" in text and "/a0.55 gs" in text and "/a0.2 gs" in text
    # a group of strokes that are all the same is one stroked path: it paints each pixel once, as the group would
    grid = parse_svg('<svg viewBox="0 0 24 24" stroke="black"><g opacity=".45"><path d="M0 5h30"/>'
                     '<path d="M5 0v30"/></g></svg>').paint(24, 24, BLACK)
    assert grid.alphas == frozenset({0.45}) and "0 5 m\n30 5 l\n5 0 m\n5 30 l\nS\n" in grid.ops.decode()


def test_group_opacity_that_needs_a_transparency_group_is_refused() -> None:
    with pytest.raises(Unsupported, match="transparency group"):
        ops('<svg viewBox="0 0 24 24"><g opacity=".5"><rect width="4" height="4"/><circle r="2"/></g></svg>')
    with pytest.raises(Unsupported, match="transparency group"):
        ops('<svg viewBox="0 0 24 24"><rect width="4" height="4" stroke="red" opacity=".5"/></svg>')
    with pytest.raises(Unsupported, match="transparency group"):  # translucent strokes darken where they cross
        ops('<svg viewBox="0 0 24 24" stroke="red" stroke-opacity=".5"><g opacity=".5"><path d="M0 5h30"/>'
            '<path d="M5 0v30"/></g></svg>')


# Gradients

def test_linear_gradient_is_a_shading_clipped_to_the_shape() -> None:
    markup = ('<svg viewBox="0 0 100 50"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">'
              '<stop offset="0" stop-color="#ff0000"/><stop offset="50%" stop-color="currentColor"/>'
              '<stop offset="0.4" style="stop-color: #0000ff"/></linearGradient></defs>'
              '<rect x="10" y="5" width="80" height="40" fill="url(#g)"/></svg>')
    painted = parse_svg(markup).paint(100, 50, (0, 1, 0))
    (name, dictionary), = painted.shadings
    assert re.fullmatch(r"sh[0-9a-f]{12}", name)
    text = painted.ops.decode()
    assert f"10 5 80 40 re\nW n\n80 0 0 40 10 5 cm\n/{name} sh\nQ" in text  # objectBoundingBox units
    # offsets never go back (the third stop moves to 0.5), and the last colour pads the rest
    assert dictionary == (b"<</ShadingType 2/ColorSpace/DeviceRGB/Coords[0 0 0 1]/Function <</FunctionType 3"
                          b"/Domain[0 1]/Functions[<</FunctionType 2/Domain[0 1]/C0[1 0 0]/C1[0 1 0]/N 1>>"
                          b"<</FunctionType 2/Domain[0 1]/C0[0 0 1]/C1[0 0 1]/N 1>>]/Bounds[0.5]/Encode[0 1 0 1]>>"
                          b"/Extend[true true]>>")
    assert parse_svg(markup).paint(100, 50, (0, 1, 0)) == painted
    other = parse_svg(markup).paint(100, 50, (1, 1, 0))
    assert other.shadings[0][0] != name  # another ink, another shading


def test_gradient_in_user_space_with_a_transform() -> None:
    painted = parse_svg('<svg viewBox="0 0 100 50"><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="10" '
                        'x2="50%" gradientTransform="translate(5 0)"><stop stop-color="red"/><stop offset="1" '
                        'stop-color="blue"/></linearGradient><rect width="100" height="50" fill="url(#g)" '
                        'fill-opacity=".5"/></svg>').paint(100, 50, BLACK)
    assert b"/Coords[10 0 50 0]" in painted.shadings[0][1]
    assert "W n\n/a0.5 gs\n1 0 0 1 5 0 cm\n/sh" in painted.ops.decode() and painted.alphas == frozenset({0.5})


def test_gradient_corner_cases() -> None:
    one_stop = ops('<svg viewBox="0 0 24 24"><linearGradient id="g"><stop stop-color="red"/></linearGradient>'
                   '<rect width="4" height="4" fill="url(#g)"/></svg>')
    assert "1 0 0 rg\n0 0 4 4 re\nf" in one_stop
    assert "re\nf" not in ops('<svg viewBox="0 0 24 24"><linearGradient id="g"/><rect width="4" height="4" '
                              'fill="url(#g)"/></svg>')  # no stops: not painted
    assert "0 1 0 rg" in ops('<svg viewBox="0 0 24 24"><rect width="4" height="4" fill="url(#missing) lime"/></svg>')
    for refused, why in (('<radialGradient id="g"/>', "radialGradient"),
                         ('<linearGradient id="g" spreadMethod="reflect"/>', "spreadMethod"),
                         ('<linearGradient id="g" href="#h"/>', "href"),
                         ('<linearGradient id="g"><stop stop-color="red" stop-opacity=".5"/></linearGradient>',
                          "stop-opacity")):
        with pytest.raises(Unsupported, match=why):
            ops(f'<svg viewBox="0 0 24 24"><defs>{refused}</defs><rect width="4" height="4" fill="url(#g)"/></svg>')
    with pytest.raises(Unsupported, match="gradient stroke"):
        ops('<svg viewBox="0 0 24 24"><linearGradient id="g"/><rect width="4" height="4" stroke="url(#g)"/></svg>')


# Placement in the box

def test_view_box_placement() -> None:
    def placement(attributes: str, width: float, height: float) -> str:
        return ops(f'<svg {attributes}><rect width="1" height="1"/></svg>', width, height).splitlines()[2]

    assert placement('viewBox="0 0 10 20"', 40, 40) == "2 0 0 2 10 0 cm"  # xMidYMid meet
    assert placement('viewBox="0 0 10 20" preserveAspectRatio="xMinYMax"', 40, 40) == "2 0 0 2 0 0 cm"
    assert placement('viewBox="0 0 20 10" preserveAspectRatio="xMinYMax meet"', 40, 40) == "2 0 0 2 0 20 cm"
    assert placement('viewBox="0 0 10 20" preserveAspectRatio="xMaxYMid slice"', 40, 40) == "4 0 0 4 0 -20 cm"
    assert placement('viewBox="5 5 10 20" preserveAspectRatio="none"', 40, 40) == "4 0 0 2 -20 -10 cm"
    assert placement('width="10" height="10"', 40, 40) == "0.75 0 0 0.75 0 0 cm"  # no viewBox: CSS pixels
    text = ops('<svg viewBox="0 0 10 10"><rect width="1" height="1"/></svg>', 30, 20)
    assert text.startswith("q\n0 0 30 20 re W n\n") and text.endswith("Q\n")  # clipped to the box, state restored
    assert "re\nf" not in ops('<svg viewBox="0 0 0 10"><rect width="1" height="1"/></svg>')


# What is refused, what is ignored

@pytest.mark.parametrize(("inner", "why"), [
    ('<text x="1" y="1">A</text>', "<text>"),
    ('<image href="a.png" width="1" height="1"/>', "<image>"),
    ('<use href="#a"/>', "<use>"),
    ('<svg viewBox="0 0 1 1"/>', "nested <svg>"),
    ('<pattern id="p"/>', "<pattern>"),
    ('<foreignObject/>', "<foreignObject>"),
    ('<style>rect{fill:red}</style>', "<style>"),
    ('<defs><style>rect{fill:red}</style></defs>', "<style>"),
    ('<rect width="1" height="1" clip-path="url(#c)"/>', "clip-path"),
    ('<rect width="1" height="1" mask="url(#m)"/>', "mask"),
    ('<g filter="url(#f)"/>', "filter"),
    ('<path d="M0 0L1 1" marker-end="url(#m)"/>', "marker-end"),
    ('<defs><clipPath id="c"/></defs><rect width="1" height="1" fill="url(#c)"/>', "clipPath"),
    ('<rect width="1em" height="1"/>', "length"),
    ('<rect width="1" height="1" style="transform: rotate(3deg)"/>', "transform"),
])
def test_what_is_not_drawn_is_refused(inner: str, why: str) -> None:
    with pytest.raises(Unsupported, match=re.escape(why)):
        parse_svg(f'<svg viewBox="0 0 24 24">{inner}</svg>')


def test_refused_markup() -> None:
    with pytest.raises(Unsupported, match="well-formed"):
        parse_svg('<svg viewBox="0 0 24 24"><path d="M0 0"></svg>')
    with pytest.raises(Unsupported, match="<svg>"):
        parse_svg("<div/>")


def test_descriptions_definitions_and_foreign_elements_draw_nothing() -> None:
    plain = ops('<svg viewBox="0 0 24 24"><rect width="1" height="1"/></svg>')
    assert ops('<svg viewBox="0 0 24 24" class="icon" role="img" aria-label="x" id="i"><title>Icon</title>'
               '<desc>About</desc><defs><clipPath id="c"><rect width="9" height="9"/></clipPath><text>t</text>'
               '</defs><rect width="1" height="1" class="r" data-x="1"/></svg>') == plain
    assert ops('<svg xmlns="http://www.w3.org/2000/svg" xmlns:ed="urn:editor" viewBox="0 0 24 24">'
               '<ed:view zoom="2"/><rect width="1" height="1"/></svg>') == plain


def test_same_markup_same_bytes() -> None:
    markup = str(placeholder("seed", Zone("art", 0, 0, 60, 40), "#8a6d2f", "X").placeholder)
    first, second = parse_svg(markup), parse_svg(markup)
    assert first.paint(170, 113, BLACK) == second.paint(170, 113, BLACK) == first.paint(170, 113, BLACK)
    assert isinstance(first.paint(1, 1, BLACK), Painted)


@pytest.mark.parametrize("path", sorted(p for folder in ICON_FOLDERS.values() for p in folder.glob("*.svg")),
                         ids=lambda p: p.stem)
def test_an_icon_file_paints_as_its_inline_copy(path: Path) -> None:
    """The file itself (namespace, presentation attributes on the root) and the copy icons.py inlines (a group
    carrying them, a color attribute) are the same drawing."""
    view_box, inner = icon_drawing(path)
    inline = f'<svg class="icon" viewBox="{view_box}" color="#c9a227" role="img" aria-label="x">{inner}</svg>'
    ink = (0xc9 / 255, 0xa2 / 255, 0x27 / 255)
    assert parse_svg(path.read_text()).paint(20, 20, ink).ops == parse_svg(inline).paint(20, 20, BLACK).ops


# Pixel equivalence with WeasyPrint

def icon_cases() -> dict[str, tuple[str, float, float]]:
    """Every icon of the three packs, inlined as icons.py inlines it, in two inks, in a 20 mm box."""
    cases = {}
    for pack, folder in ICON_FOLDERS.items():
        for path in sorted(folder.glob("*.svg")):
            view_box, inner = icon_drawing(path)
            for ink in INKS:
                cases[f"{pack}/{path.stem}{ink}"] = (f'<svg class="icon icon-{path.stem}" viewBox="{view_box}" '
                                                     f'color="{ink}" role="img" aria-label="{path.stem}">'
                                                     f'{inner}</svg>', 20, 20)
    return cases


def placeholder_cases() -> dict[str, tuple[str, float, float]]:
    """Art placeholders of three seeds and colours, in a 60 x 40 mm box."""
    zone = Zone("art", 0, 0, 60, 40)
    return {f"art/{seed}": (str(placeholder(seed, zone, colour, "Name").placeholder), 60, 40)
            for seed, colour in (("legion/kolchak", "#8a6d2f"), ("merchant/old-marta", "#3f5873"),
                                 ("c-42", "#b3261e"))}


FEATURES = {
    "feature/commands": ('<svg viewBox="0 0 40 40"><path d="M4 4h10v6H4zM20 4l6 8 6-8M4 20c2-6 8-6 10 0s8 6 10 0S30 '
                         '14 36 20M4 30q5-8 10 0t10 0 10 0M20 36a6 4 30 1 0 8-4" fill="none" stroke="navy" '
                         'stroke-width="1.5"/></svg>', 30, 30),
    "feature/arcs": ('<svg viewBox="0 0 60 60"><g fill="none" stroke="#2a6" stroke-width="1.2"><path d="M8 8A9 6 0 '
                     '0 0 22 12"/><path d="M8 22A9 6 0 0 1 22 26"/><path d="M36 8A9 6 45 1 0 48 12"/><path d="M36 '
                     '26A9 6 -30 1 1 48 30"/><path d="M8 50a2 2 0 0 1 20 0"/>'
                     '<path d="M30 40a6 4 20 1 0 8 2" stroke="#a26"/></g></svg>', 30, 30),
    "feature/shapes": ('<svg viewBox="0 0 50 30"><ellipse cx="10" cy="10" rx="8" ry="5" fill="teal"/><rect x="22" '
                       'y="3" width="12" height="10" rx="3" ry="1.5" fill="orange" stroke="black"/><line x1="2" '
                       'y1="25" x2="45" y2="20" stroke="purple" stroke-width="2" stroke-linecap="square"/><polyline '
                       'points="36,4 40,12 44,4 48,12" fill="none" stroke="red" stroke-linejoin="bevel" '
                       'stroke-width="1.5"/><polygon points="20,28 24,18 28,28" fill="#3a3"/></svg>', 50, 30),
    "feature/transforms": ('<svg viewBox="0 0 40 40"><g transform="translate(20 20) rotate(30) scale(1.5 .8)"><rect '
                           'x="-8" y="-8" width="16" height="16" fill="#c33" stroke="#000" stroke-width="1"/></g>'
                           '<rect x="2" y="2" width="8" height="8" transform="skewX(20)" fill="#33c"/><rect x="28" '
                           'y="2" width="8" height="8" transform="matrix(1 .3 0 1 0 0) skewY(-10)" fill="#3c3"/>'
                           '<circle cx="8" cy="32" r="4" transform="rotate(45 8 32) translate(1)" fill="none" '
                           'stroke="#000" stroke-dasharray="2 1" stroke-dashoffset="-1"/></svg>', 30, 30),
    "feature/gradients": ('<svg viewBox="0 0 100 60"><defs><linearGradient id="g1" x1="0" y1="0" x2="1" y2="1">'
                          '<stop offset="0" stop-color="red"/><stop offset=".3" stop-color="yellow"/><stop '
                          'offset="30%" stop-color="blue"/><stop offset="1" stop-color="#0f0"/></linearGradient>'
                          '<linearGradient id="g2" gradientUnits="userSpaceOnUse" x1="50" y1="0" x2="100" y2="0" '
                          'gradientTransform="rotate(20 75 30)"><stop offset=".2" stop-color="#123456"/><stop '
                          'offset=".8" stop-color="#fedcba"/></linearGradient></defs><circle cx="25" cy="30" r="22" '
                          'fill="url(#g1)" stroke="black"/><path d="M55 5h40v50H55z" fill="url(#g2)" '
                          'fill-opacity=".7"/></svg>', 50, 30),
    "feature/opacity": ('<svg viewBox="0 0 30 30"><rect width="30" height="30" fill="#eee"/><circle cx="12" cy="12" '
                        'r="9" fill="blue" fill-opacity=".5"/><circle cx="18" cy="18" r="9" fill="none" stroke="red" '
                        'stroke-width="3" stroke-opacity=".6"/><g opacity=".5"><path d="M2 28L28 2" stroke="green" '
                        'stroke-width="3"/></g><rect x="20" y="2" width="8" height="8" fill="black" opacity="0.3"/>'
                        '</svg>', 20, 20),
    "feature/evenodd": ('<svg viewBox="0 0 30 30"><path fill-rule="evenodd" d="M2 2h26v26H2zM8 8h14v14H8z" '
                        'fill="#246"/><path d="M10 10h10v10H10zM12 12v6h6v-6z" fill="#c84"/></svg>', 20, 20),
    "feature/align-min-max": ('<svg viewBox="0 0 20 10" preserveAspectRatio="xMinYMax meet"><rect width="20" '
                              'height="10" fill="#9c6"/><circle cx="5" cy="5" r="4" fill="#333"/></svg>', 30, 40),
    "feature/align-max-slice": ('<svg viewBox="0 0 20 10" preserveAspectRatio="xMaxYMid slice"><rect width="20" '
                                'height="10" fill="#9c6"/><circle cx="5" cy="5" r="4" fill="#333"/><circle cx="15" '
                                'cy="5" r="4" fill="#933"/></svg>', 30, 40),
    "feature/align-none": ('<svg viewBox="-5 -5 20 10" preserveAspectRatio="none"><circle cx="5" cy="0" r="4" '
                           'fill="none" stroke="#333" stroke-width="1.5"/></svg>', 40, 20),
    "feature/no-colour": ('<svg viewBox="0 0 24 24"><path d="M4 4h16v16z" fill="currentColor" stroke="currentColor" '
                          'stroke-width="2" stroke-linejoin="round"/></svg>', 15, 15),
    "feature/dashes": ('<svg viewBox="0 0 40 20"><path d="M2 5h36M2 10h36M2 15c10-5 26 5 36 0" fill="none" '
                       'stroke="#036" stroke-width="1.5" stroke-dasharray="4,2,1" stroke-linecap="round"/></svg>',
                       40, 20),
    "feature/miter": ('<svg viewBox="0 0 40 20"><path d="M2 18L10 2 18 18" fill="none" stroke="#000" stroke-width="2" '
                      'stroke-miterlimit="2"/><path d="M22 18L30 2 38 18" fill="none" stroke="#000" stroke-width="2" '
                      'stroke-miterlimit="10"/></svg>', 40, 20),
}
CASES = {**icon_cases(), **placeholder_cases(), **FEATURES}
WOUND = "legion/wound#1d1d1b"
BROKEN = {"broken/wound-arc-flag": (CASES[WOUND][0].replace("a6.2 6.2 0 0 1", "a6.2 6.2 0 0 0"), 20, 20)}


def weasyprint_pages(cases: dict[str, tuple[str, float, float]]) -> bytes:
    """One page per case: the inline svg filling a div box, MARGIN_MM inside the page, drawn by WeasyPrint."""
    sizes = sorted({(w, h) for _, w, h in cases.values()})
    css = "".join(f"@page s{w}x{h} {{size: {w + 2 * MARGIN_MM}mm {h + 2 * MARGIN_MM}mm; margin: 0}} "
                  f".s{w}x{h} {{page: s{w}x{h}}} " for w, h in sizes)
    pages = "".join(f'<div class="page s{w}x{h}"><div class="box" style="width:{w}mm;height:{h}mm">{markup}</div>'
                    f"</div>" for markup, w, h in cases.values())
    html = (f"<!DOCTYPE html><html><head><style>{css} body {{margin: 0}} .page {{padding: {MARGIN_MM}mm; "
            f"break-after: page}} .box svg {{width: 100%; height: 100%; display: block}}</style></head>"
            f"<body>{pages}</body></html>")
    data, warnings = html_to_pdf(html, {}, FontConfiguration())
    assert warnings == []
    return data


def native_pages(cases: dict[str, tuple[str, float, float]]) -> bytes:
    """The same pages with each svg painted by the native renderer into the same box."""
    builder = PdfBuilder()
    for markup, w, h in cases.values():
        width, height = w * PT_PER_MM, h * PT_PER_MM
        page_w, page_h = width + 2 * MARGIN_MM * PT_PER_MM, height + 2 * MARGIN_MM * PT_PER_MM
        painted = parse_svg(markup).paint(width, height, BLACK)
        offset = number(MARGIN_MM * PT_PER_MM)
        content = b"1 0 0 -1 0 " + number(page_h) + b" cm\n1 0 0 1 " + offset + b" " + offset + b" cm\n" + painted.ops
        contents = builder.add_stream(b"", content)
        states = b"".join(b"/a" + number(a) + b"<</ca " + number(a) + b"/CA " + number(a) + b">>"
                          for a in sorted(painted.alphas))
        shadings = b"".join(b"/" + name.encode() + b" " + dictionary for name, dictionary in painted.shadings)
        builder.page({"/MediaBox": (0, 0, page_w, page_h)}, b"%d 0 R" % contents,
                     b"<</ExtGState<<" + states + b">>/Shading<<" + shadings + b">>>>")
    return builder.to_bytes()


@pytest.fixture(scope="module")
def renders() -> tuple[pdfium.PdfDocument, pdfium.PdfDocument, list[str]]:
    """WeasyPrint's and the native pages of every case (and of the deliberately broken one), made once."""
    cases = {**CASES, **BROKEN}
    return pdfium.PdfDocument(weasyprint_pages(cases)), pdfium.PdfDocument(native_pages(cases)), list(cases)


def rasters(renders, reference: str, drawn: str | None = None) -> tuple[Image.Image, Image.Image, tuple]:
    """WeasyPrint's page of ``reference``, the native page of ``drawn``, and the box in pixels, at 300 dpi."""
    weasy, native, names = renders
    first = weasy[names.index(reference)].render(scale=DPI / 72).to_pil().convert("RGB")
    second = native[names.index(drawn or reference)].render(scale=DPI / 72).to_pil().convert("RGB")
    assert first.size == second.size
    _, width, height = CASES.get(drawn or reference) or BROKEN[drawn]
    left, top = round(MARGIN_MM * DPI / 25.4), round(MARGIN_MM * DPI / 25.4)
    return first, second, (left, top, left + round(width * DPI / 25.4), top + round(height * DPI / 25.4))


def share_of(renders, reference: str, drawn: str | None = None) -> float:
    """The differing share of the box's pixels between WeasyPrint's drawing of ``reference`` and the native
    drawing of ``drawn`` (the margin around the box is left out: it would only dilute the share)."""
    first, second, box = rasters(renders, reference, drawn)
    return image_share(first.crop(box), second.crop(box))


@pytest.mark.parametrize("name", list(CASES))
def test_draws_as_weasyprint_does(renders, name: str) -> None:
    share = share_of(renders, name)
    assert share <= MOST_DIFFERING, f"{name}: {share:.2%} of pixels differ"
    _, native, (left, top, right, bottom) = rasters(renders, name)
    outside = native.copy()
    outside.paste((255, 255, 255), (left - 2, top - 2, right + 2, bottom + 2))
    assert outside.convert("L").getextrema() == (255, 255), "the native drawing leaves its box"


def test_the_comparison_sees_a_wrong_arc(renders) -> None:
    """The same icon with one arc's sweep flag flipped is told apart from WeasyPrint's drawing of the real one."""
    assert BROKEN["broken/wound-arc-flag"][0] != CASES[WOUND][0]
    assert share_of(renders, WOUND, "broken/wound-arc-flag") > 4 * MOST_DIFFERING


def test_an_icon_is_not_blank(renders) -> None:
    """A guard on the guard: the pages compared hold ink (two blank pages would also match)."""
    weasy, native, names = renders
    for document in (weasy, native):
        image = document[names.index(WOUND)].render(scale=DPI / 72).to_pil().convert("L")
        assert image.getextrema()[0] < 64
