"""Printed dice and standees measured on Border Watch's printed punchboards: every face of a die net is the die's
edge (16 mm) wide and high, between its folds and cut edges; a standee's folds and base tabs are where its base
(25 mm round, 25 x 50 mm) and its height (45 mm) put them, and it is cut along its base's outline."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pytest

from pnpforge.render.printed_dice import tab_depth

from tests.impose.conftest import page_image

DPI = 600
PX = 25.4 / DPI
EDGE = 16.0
TOLERANCE = 0.3


def _face(folder: Path, name: str, key: str) -> dict:
    manifest = json.loads((folder / "print.json").read_text(encoding="utf-8"))
    file = next(f for f in manifest["files"] if f["file"] == name)
    face = next(face for face in file["pages"][0]["faces"] if face["face"] == key)
    assert face["rotation"] == 0 and face["scale"] == 1.0
    return face


@functools.cache
def _pixels(pdf: Path) -> np.ndarray:
    return np.asarray(page_image(pdf, 0, DPI).convert("RGB"), dtype=np.int16)


def _grey(pixels: np.ndarray, low: int, high: int) -> np.ndarray:
    """Pixels of an even grey between ``low`` and ``high``: the dashed fold lines."""
    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    return (abs(r - g) < 15) & (abs(g - b) < 15) & (r > low) & (r < high)


def _lines(counts: np.ndarray, share: float, origin: float) -> list[float]:
    """Centres in mm of the runs of rows (or columns) whose count of line pixels is over ``share`` of the most."""
    flags = counts > share * counts.max()
    padded = np.concatenate([[False], flags, [False]]).astype(np.int8)
    changes = np.flatnonzero(np.diff(padded))
    return [origin + (start + end) / 2 * PX for start, end in zip(changes[::2], changes[1::2])]


def _cut(flags: np.ndarray, origin: float) -> tuple[float, float]:
    """Where the piece meets the first and last runs of cut-line pixels along a line, in mm: the inner edges of
    the runs (the face is drawn over the cut line's inner half, so only the outer half shows)."""
    padded = np.concatenate([[False], flags, [False]]).astype(np.int8)
    changes = np.flatnonzero(np.diff(padded))
    runs = list(zip(changes[::2], changes[1::2]))
    return origin + runs[0][1] * PX, origin + runs[-1][0] * PX


def _run(flags: np.ndarray, origin: float) -> tuple[float, float]:
    """Where the flagged pixels of a line start and end, in mm."""
    found = np.flatnonzero(flags)
    return origin + found[0] * PX, origin + (found[-1] + 1) * PX


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_face_of_a_die_net_measures_the_die_s_edge(watch: Path, paper: str) -> None:
    name = f"{paper}/die-net-punchboard.pdf"
    face = _face(watch, name, "die-net/fight")
    e, t = EDGE, tab_depth(EDGE)
    assert (face["w"], face["h"]) == pytest.approx((4 * e + t, 3 * e + 2 * t))
    all_pixels = _pixels(watch / name)
    x0, y0 = face["x"], face["y"]

    def box(left: float, top: float, right: float, bottom: float) -> np.ndarray:
        return all_pixels[round((y0 + top) / PX):round((y0 + bottom) / PX),
                          round((x0 + left) / PX):round((x0 + right) / PX)]

    def red(pixels: np.ndarray) -> np.ndarray:
        return (pixels[..., 0] > 100) & (pixels[..., 1] < 80)

    # the band of four faces: its left cut edge, then a fold after each face (the last one to the end's glue tab)
    band = box(-2, t + e + 1, 4 * e + 2, t + 2 * e - 1)
    folds = _lines(_grey(band, 100, 175).sum(axis=0), 0.3, x0 - 2)
    left, _ = _run(red(band[band.shape[0] // 2 - 40]), x0 - 2)  # a row clear of the icons
    edges = [left, *(x for x in folds if x > left + 1)]  # the cut line's grey fringe is no fold
    assert len(edges) == 5, edges
    widths = [b - a for a, b in zip(edges, edges[1:])]
    # the column of three: folds to the top tab, between the faces, and to the bottom tab
    column = box(e + 1, t - 1, 2 * e - 1, 3 * e + t + 1)
    rows = _lines(_grey(column, 100, 175).sum(axis=1), 0.3, y0 + t - 1)
    assert len(rows) == 4, rows
    heights = [b - a for a, b in zip(rows, rows[1:])]
    # the top and bottom faces' sides are folds to their glue tabs
    for top in (t + 1, t + 2 * e + 1):
        square = box(e - 1, top, 2 * e + 1, top + e - 2)
        sides = _lines(_grey(square, 100, 175).sum(axis=0), 0.3, x0 + e - 1)
        assert len(sides) == 2, sides
        widths.append(sides[1] - sides[0])
    # the band's faces beside the column are cut above and below: from cut line to cut line
    for middle in (0.5 * e, 2.5 * e, 3.5 * e):
        strip = box(middle - 0.2, t + e - 2, middle + 0.2, t + 2 * e + 2)
        top, bottom = _cut((strip[:, strip.shape[1] // 2] < 60).all(axis=1), y0 + t + e - 2)
        heights.append(bottom - top)
    assert len(widths) == 6 and len(heights) == 6
    assert [round(w, 2) for w in widths] == pytest.approx([e] * 6, abs=TOLERANCE)
    assert [round(h, 2) for h in heights] == pytest.approx([e] * 6, abs=TOLERANCE)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("key", "width", "depth"), [("figure/lookout", 25.0, 25.0), ("figure/outrider", 50.0, 25.0)])
def test_a_standee_s_folds_and_base_tabs_are_where_its_base_puts_them(watch: Path, paper: str, key: str,
                                                                       width: float, depth: float) -> None:
    name = f"{paper}/figure-punchboard.pdf"
    face = _face(watch, name, key)
    height, tab = 45.0, depth / 2
    assert (face["w"], face["h"]) == pytest.approx((width, 2 * height + depth))
    pixels = _pixels(watch / name)
    left, top = round((face["x"] + 2) / PX), round((face["y"] - 2) / PX)
    right, bottom = round((face["x"] + width - 2) / PX), round((face["y"] + face["h"] + 2) / PX)
    strip = pixels[top:bottom, left:right]
    folds = _lines(_grey(strip, 60, 110).sum(axis=1), 0.5, face["y"] - 2)
    expected = [face["y"] + tab, face["y"] + tab + height, face["y"] + tab + 2 * height]
    assert folds == pytest.approx(expected, abs=TOLERANCE)
    cut = (pixels < 40).all(axis=2)
    centre = round((face["x"] + width / 2) / PX)
    apex, foot = _cut(cut[top:bottom, centre], face["y"] - 2)
    assert (folds[0] - apex, foot - folds[2]) == pytest.approx((tab, tab), abs=TOLERANCE)
    start = round((face["x"] - 3) / PX)
    fold_row = round((folds[0] + 1) / PX)
    across = _cut(cut[fold_row, start:round((face["x"] + width + 3) / PX)], start * PX)
    assert across[1] - across[0] == pytest.approx(width, abs=TOLERANCE)
    # a round base's tabs are half discs: a quarter of the tab from its end, the cut is a chord of the base's circle
    quarter = round((face["y"] + tab / 4) / PX)
    chord = _cut(cut[quarter, start:round((face["x"] + width + 3) / PX)], start * PX)
    expected_chord = 2 * (tab ** 2 - (tab * 3 / 4) ** 2) ** 0.5 if width == depth else width
    assert chord[1] - chord[0] == pytest.approx(expected_chord, abs=TOLERANCE)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("key", "width", "depth"), [("sentry/tower-sentry", 30.0, 30.0),
                                                     ("sentry/ford-guard", 40.0, 20.0)])
def test_a_slotted_base_s_slot_is_where_the_base_puts_it(watch: Path, paper: str, key: str, width: float,
                                                        depth: float) -> None:
    """``stand: slot``: the strip is 80 % of the base wide, its feet 8 mm deep, its folds at the feet and the head;
    below it, parted by a cut, the base (a 30 mm disc, or 40 x 20 mm) with a slot 1 mm across through its centre,
    0.4 mm longer than the strip is wide."""
    name = f"{paper}/sentry-punchboard.pdf"
    face = _face(watch, name, key)
    height, strip, foot = 40.0, width * 0.8, 8.0
    length = 2 * foot + 2 * height
    r = width / 2
    centre = length + ((r * r - (strip / 2) ** 2) ** 0.5 if width == depth else depth / 2)
    total = centre + r if width == depth else length + depth
    assert (face["w"], face["h"]) == pytest.approx((width, total))
    pixels = _pixels(watch / name)
    x0, y0 = face["x"], face["y"]
    middle = round((x0 + width / 2) / PX)
    # across the strip: the folds (grey dashes); down the middle: the cut between strip and base (black), the slot
    margin = (width - strip) / 2
    across = pixels[round(y0 / PX):round((y0 + length - 1) / PX),
                    round((x0 + margin + 1) / PX):round((x0 + width - margin - 1) / PX)]
    folds = _lines(_grey(across, 75, 95).sum(axis=1), 0.5, y0)  # the dashes' grey (#555555), not the figure's
    assert folds == pytest.approx([y0 + foot, y0 + foot + height, y0 + foot + 2 * height], abs=TOLERANCE)
    lower = pixels[round((y0 + length - 2) / PX):round((y0 + centre - 1.5) / PX), middle]
    parted = _lines((lower < 40).all(axis=1).astype(int), 0.5, y0 + length - 2)
    assert parted == pytest.approx([y0 + length], abs=TOLERANCE)
    near = pixels[round((y0 + centre - 2) / PX):round((y0 + centre + 2) / PX), middle]
    slot_top, slot_bottom = _run((near > 240).all(axis=1), y0 + centre - 2)  # the slot's inside, within its line
    assert (slot_top + slot_bottom) / 2 == pytest.approx(y0 + centre, abs=TOLERANCE)
    assert slot_bottom - slot_top == pytest.approx(1.0, abs=TOLERANCE)
    row = pixels[round((y0 + centre) / PX), round((x0 + 1) / PX):round((x0 + width - 1) / PX)]  # within the base
    left, right = _run((row > 240).all(axis=1), x0 + 1)
    slot = strip + 0.4
    assert (left, right) == pytest.approx((x0 + (width - slot) / 2, x0 + (width + slot) / 2), abs=TOLERANCE)
