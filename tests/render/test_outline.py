"""A size's cut outline: hexes by their flats, polygons and SVG paths in mm, every mistake at its line."""

from __future__ import annotations

import math

import pytest

from pnpforge.render.layouts import LayoutSet, load_sizes
from pnpforge.render.outline import grow, hex_corners

from tests.render.test_layouts import layout_errors, write


@pytest.fixture
def sizes():
    return load_sizes()


def _layout(tmp_path, sizes, text: str):
    write(tmp_path, "piece", text)
    return LayoutSet([tmp_path], sizes).get("piece")


@pytest.mark.parametrize("top,width,height", [("flat", 2 * 50 / math.sqrt(3), 50),
                                              ("pointy", 50, 2 * 50 / math.sqrt(3))])
def test_a_hex_takes_its_size_from_across_flats(tmp_path, sizes, top: str, width: float, height: float) -> None:
    layout = _layout(tmp_path, sizes, f"size: {{shape: hex, hex: {{top: {top}, across_flats: 50}}}}\n")
    assert (layout.shape, layout.width, layout.height) == ("hex", pytest.approx(width), pytest.approx(height))
    corners = layout.outline.points
    assert len(corners) == 6
    centre = (width / 2, height / 2)
    assert all(math.dist(centre, corner) == pytest.approx(50 / math.sqrt(3)) for corner in corners)
    sides = [math.dist(a, b) for a, b in zip(corners, corners[1:] + corners[:1])]
    assert sides == pytest.approx([50 / math.sqrt(3)] * 6)
    # the corners touch the box: a flat hex its left and right sides, a pointy one its top and bottom
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((0, width, 0 if top == "pointy" else
                                                                  (height - 50) / 2, height if top == "pointy"
                                                                  else (height + 50) / 2))


def test_a_landscape_pointy_hex_is_turned_flat(tmp_path, sizes) -> None:
    layout = _layout(tmp_path, sizes, "size: {shape: hex, hex: {top: pointy, across_flats: 20}}\n"
                                      "orientation: landscape\n")
    assert layout.outline.top == "flat" and layout.width > layout.height


def test_a_polygon_and_a_path_take_their_extent_as_size(tmp_path, sizes) -> None:
    layout = _layout(tmp_path, sizes, "size: {shape: {polygon: [[0, 0], [40, 0], [20, 30]]}}\n")
    assert (layout.shape, layout.width, layout.height) == ("polygon", 40, 30)
    wedge = _layout(tmp_path, sizes, 'size: {shape: {path: "M 0 100 L 100 100 A 100 100 0 0 0 70.711 29.289 Z"}}\n')
    assert (wedge.shape, wedge.width, wedge.height) == ("path", 100, 100)
    assert all(math.dist((0, 100), p) == pytest.approx(100, abs=0.01) for p in wedge.outline.points[2:-1])


def test_a_back_has_its_fronts_outline_seen_from_behind(tmp_path, sizes) -> None:
    write(tmp_path, "piece-back", "size: poker\n")
    write(tmp_path, "piece", "size: {shape: {polygon: [[0, 0], [40, 0], [0, 30]]}}\nback: {layout: piece-back}\n")
    layouts = LayoutSet([tmp_path], sizes)
    front = layouts.get("piece")
    back = layouts.get("piece-back").sized_like(front)
    assert sorted(back.outline.points) == sorted([(40, 0), (0, 0), (40, 30)])


@pytest.mark.parametrize("size,message", [
    ("{shape: hex}", "1:8: error: layout 'piece': size: shape: a hex needs hex: {top: flat or pointy, "
                     "across_flats: mm} beside it"),
    ("{shape: hex, hex: {top: sideways, across_flats: 20}}", "1:26: error: layout 'piece': size: hex: top: "
                                                             "expected flat or pointy, found 'sideways'"),
    ("{shape: hex, hex: {across_flats: 20}, w: 30}", "1:45: error: layout 'piece': size: w: a flat-topped hex 20 "
                                                     "mm across the flats is 23.09 mm wide, found 30 (leave w and h "
                                                     "out)"),
    ("{w: 20, h: 20, hex: {across_flats: 20}}", "1:22: error: layout 'piece': size: hex: is only for shape: hex"),
    ("{shape: {polygon: [[0, 0], [40, 0], [0, 40], [30, 40]]}}",
     "1:16: error: layout 'piece': size: shape: polygon: crosses itself: a cut outline goes round the piece once"),
    ("{shape: {polygon: [[0, 0], [40, 0], [20, 30]]}, w: 30, h: 30}", "1:16: error: layout 'piece': size: shape: "
                                                                      "polygon: reaches beyond the size (40 x 30 "
                                                                      "mm on 30 x 30)"),
    ("{shape: {polygon: [[0, 0], [40, 0], [20, 'x']]}}", "1:43: error: layout 'piece': size: shape: polygon: 2: "
                                                         "expected a corner [x, y] in mm, found [20, 'x']"),
    ("{shape: {path: \"M 0 0 L 40 0 L 20 x\"}}", "1:16: error: layout 'piece': size: shape: path: found 'x' where "
                                                 "a number was expected"),
    ("{shape: star, w: 20, h: 20}", "1:8: error: layout 'piece': size: shape: expected rect, round, hex, "
                                    "{polygon: [[x, y], ...]} or {path: \"...\"}, found 'star'"),
])
def test_a_bad_outline_is_a_located_error(tmp_path, sizes, size: str, message: str) -> None:
    write(tmp_path, "piece", f"size: {size}\n")
    errors = layout_errors(LayoutSet([tmp_path], sizes), "piece")
    assert any(error.endswith(message) for error in errors), errors


def test_grown_outlines_keep_the_bleed_from_every_side() -> None:
    _, _, corners = hex_corners(30, "flat")
    _, _, bigger = hex_corners(34, "flat")
    shift = (4 / math.sqrt(3), 2.0)  # the bigger hex's centre in its own box, less the smaller one's
    assert [v for p in grow(corners, 2.0) for v in p] == \
        pytest.approx([v for x, y in bigger for v in (x - shift[0], y - shift[1])])
    # every corner moves away from the piece: a convex one outwards, the notch's deeper into the notch
    notch = ((0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (20.0, 20.0), (0.0, 40.0))
    moved = grow(notch, 2.0)
    assert moved[0] == pytest.approx((-2, -2)) and moved[1] == pytest.approx((42, -2))
    assert moved[3] == pytest.approx((20, 20 + 2 * math.sqrt(2)))  # into the notch, away from the piece
    # a needle-sharp corner is bevelled, not stretched far beyond the bleed
    spike = grow(((0.0, 0.0), (100.0, 1.0), (0.0, 2.0)), 2.0)
    assert max(math.dist(p, (100, 1)) for p in spike if p[0] > 50) <= 4 * 2.0 + 1e-9 and len(spike) == 4
