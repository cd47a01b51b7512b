"""Pieces that must measure what they say, measured on the printed pages: a 3 in blast template and the scale
check's 100 mm bar at their size on A4 and Letter, a double-sided map's seam targets behind each other, hex
punchboards cut through the hexes' corners; a true-scale face too large for the paper is a located error, and any
other face shrunk to fit is a warning with its factor."""

from __future__ import annotations

import functools
import json
import math
import shutil
from pathlib import Path

import numpy as np
import pytest

from pnpforge.impose import scale_check

from tests.conftest import DATA
from tests.helpers import run_cli
from tests.impose.conftest import page_image

WATCH = DATA / "border-watch"
DPI = 600
PX = 25.4 / DPI  # mm per pixel


def _file(folder: Path, name: str) -> dict:
    manifest = json.loads((folder / "print.json").read_text(encoding="utf-8"))
    return next(f for f in manifest["files"] if f["file"] == name)


@functools.cache
def _pixels(pdf: Path, page: int, dpi: float) -> np.ndarray:
    """RGB pixels of a whole page (drawn once per test run)."""
    return np.asarray(page_image(pdf, page, dpi).convert("RGB"), dtype=np.int16)


def _region(pdf: Path, page: int, box: tuple[float, float, float, float]) -> tuple[np.ndarray, float, float]:
    """RGB pixels of a page inside ``box`` (left, top, right, bottom in mm) at 600 dpi, and the box's corner."""
    left, top, right, bottom = (round(v / PX) for v in box)
    return _pixels(pdf, page, DPI)[top:bottom, left:right], left * PX, top * PX


def _black(pixels: np.ndarray) -> np.ndarray:
    """The cut lines and bars: every channel dark (the blast's red and the tiles' greens are not)."""
    return (pixels < 90).all(axis=2)


def _runs(flags: np.ndarray) -> list[tuple[int, int]]:
    padded = np.concatenate([[False], flags, [False]]).astype(np.int8)
    changes = np.flatnonzero(np.diff(padded))
    return list(zip(changes[::2], changes[1::2]))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_blast_template_is_cut_76_2_mm_across(watch: Path, paper: str) -> None:
    name = f"{paper}/blast-pages.pdf"
    (face,) = _file(watch, name)["pages"][0]["faces"]
    assert face["scale"] == 1.0 and (face["w"], face["h"]) == (76.2, 76.2)
    cx, cy = face["x"] + face["w"] / 2, face["y"] + face["h"] / 2
    pixels, x0, y0 = _region(watch / name, 0, (cx - 42, cy - 42, cx + 42, cy + 42))
    centre_row, centre_column = round((cy - y0) / PX), round((cx - x0) / PX)
    for line in (_black(pixels)[centre_row], _black(pixels)[:, centre_column]):
        runs = _runs(line)
        first, last = runs[0], runs[-1]  # the cut line where the row (column) enters and leaves the circle
        diameter = ((last[0] + last[1]) / 2 - (first[0] + first[1]) / 2) * PX
        assert diameter == pytest.approx(76.2, abs=0.3)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_scale_check_bars_measure_100_mm_and_4_in(watch: Path, paper: str) -> None:
    name = f"{paper}/blast-pages.pdf"
    x, y = _file(watch, name)["pages"][0]["scale_check"]
    pixels, x0, y0 = _region(watch / name, 0, (x - 5, y - 2, x + scale_check.WIDTH + 5, y + scale_check.HEIGHT))
    ink = _black(pixels)
    for row, expected in ((0, 100.0), (1, 101.6)):
        bar_middle = y + scale_check.TICK[1] / 2 + row * 5.5 + scale_check.BAR_HEIGHT / 2
        line = ink[round((bar_middle - y0) / PX)]
        longest = max(_runs(line), key=lambda run: run[1] - run[0])
        assert (longest[1] - longest[0]) * PX == pytest.approx(expected, abs=0.3)
        assert (longest[0] * PX + x0) == pytest.approx(x, abs=0.3)


def test_pages_carrying_true_scale_faces_say_to_print_at_100_percent(watch: Path) -> None:
    for paper in ("a4", "letter"):
        for name in ("blast-pages", "ruler-pages", "wedge-pages", "board-tiles"):
            pages = _file(watch, f"{paper}/{name}.pdf")["pages"]
            assert "scale_check" in pages[0], name
        assert all("scale_check" not in page for page in _file(watch, f"{paper}/terrain-punchboard.pdf")["pages"])
    readme = (watch / "README.txt").read_text(encoding="utf-8").splitlines()
    says = [line for line in readme if "scale bars measure 100 mm and 4 in" in line]
    assert sorted({line.split(":")[0].strip() for line in says}) == ["blast-pages.pdf", "board-tiles.pdf",
                                                                    "die-net-punchboard.pdf", "mission-pages.pdf",
                                                                    "ruler-pages.pdf", "wedge-pages.pdf"]


TARGET_DPI = 300  # 0.085 mm a pixel: enough for 0.3 mm
TARGET_PX = 25.4 / TARGET_DPI


def _target_centre(pixels: np.ndarray, near: tuple[float, float]) -> tuple[float, float]:
    """Where a target's cross is, from the darkest row and column within 8 mm of ``near`` (a page at 300 dpi;
    darkness summed, so that a thin line drawn over two rows of pixels still counts whole)."""
    left, top = round((near[0] - 8) / TARGET_PX), round((near[1] - 8) / TARGET_PX)
    window = 255 - pixels[top:top + round(16 / TARGET_PX), left:left + round(16 / TARGET_PX)].min(axis=2)
    row = int(np.argmax(window.sum(axis=1)))
    column = int(np.argmax(window.sum(axis=0)))
    return (left + column + 0.5) * TARGET_PX, (top + row + 0.5) * TARGET_PX


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_double_sided_map_has_its_seam_targets_behind_each_other(watch: Path, paper: str) -> None:
    name = f"{paper}/board-tiles.pdf"
    entry = _file(watch, name)
    pages = entry["pages"]
    assert [p["side"] for p in pages] == ["front", "back"] * (len(pages) // 2) and len(pages) >= 4
    width = entry["size_mm"][0]
    for index in range(0, len(pages), 2):
        front, back = pages[index], pages[index + 1]
        assert back["faces"][0]["face"] == "board/back/all"
        front_image = _pixels(watch / name, index, TARGET_DPI)
        mirrored = _pixels(watch / name, index + 1, TARGET_DPI)[:, ::-1]  # the back seen through the paper
        assert front["targets"]
        for target in front["targets"]:
            seen_front = _target_centre(front_image, tuple(target))
            seen_back = _target_centre(mirrored, tuple(target))
            assert math.dist(seen_front, seen_back) <= 0.3
            assert math.dist(seen_front, target) <= 0.3
        # the back shows the part of the back face behind the front's window
        front_window, back_window = front["faces"][0]["window"], back["faces"][0]["window"]
        assert back_window[0] == pytest.approx(width - front_window[2])
        assert back_window[2] == pytest.approx(width - front_window[0])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hex_punchboard_cut_lines_meet_the_corners(watch: Path, paper: str) -> None:
    name = f"{paper}/terrain-punchboard.pdf"
    faces = _file(watch, name)["pages"][0]["faces"]
    assert len(faces) == 8 and all(f["outline"] == "hex" for f in faces)
    radius = 50 / math.sqrt(3)
    pixels, x0, y0 = _region(watch / name, 0, (0, 0, 215.9 if paper == "letter" else 210, 150))
    ink = _black(pixels)
    checked = 0
    for face in faces:
        cx, cy = face["x"] + face["w"] / 2, face["y"] + face["h"] / 2
        if cy + radius > 148:
            continue
        corners = [(cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
                   for i in range(6)]
        for (px, py), (qx, qy) in zip(corners, corners[1:] + corners[:1]):
            # the line's tip at the corner: the dark pixel within 1 mm of it farthest from the hex's centre
            rows, columns = np.nonzero(ink[round((py - 1 - y0) / PX):round((py + 1 - y0) / PX),
                                           round((px - 1 - x0) / PX):round((px + 1 - x0) / PX)])
            assert rows.size, f"no cut line near the corner {px:.2f}, {py:.2f}"
            xs = x0 + (columns + round((px - 1 - x0) / PX) + 0.5) * PX
            ys = y0 + (rows + round((py - 1 - y0) / PX) + 0.5) * PX
            far = int(np.argmax(np.hypot(xs - cx, ys - cy)))
            assert math.dist((xs[far], ys[far]), (px, py)) <= 0.2
            # and along the side between two corners
            mx, my = (px + qx) / 2, (py + qy) / 2
            assert ink[round((my - y0) / PX) - 2:round((my - y0) / PX) + 3,
                       round((mx - x0) / PX) - 2:round((mx - x0) / PX) + 3].any()
        # the face is clipped to its hex grown by the bleed: inside the bleed it is painted, beyond it the paper
        bleed = face["bleed"][0]
        tip = radius + bleed * 2 / math.sqrt(3)  # a corner of the hex grown by the bleed
        for reach, painted in ((tip - 0.3, True), (tip + 0.3, False)):
            for angle in (60, 120, 240, 300):  # the corners the bleed rectangle does not cut off
                px, py = cx + reach * math.cos(math.radians(angle)), cy + reach * math.sin(math.radians(angle))
                pixel = pixels[round((py - y0) / PX), round((px - x0) / PX)]
                assert bool((pixel < 235).any()) == painted, (face["face"], px, py, pixel)
        checked += 1
    assert checked >= 3


def _copy(tmp_path: Path, layout: str, old: str, new: str) -> Path:
    pack = tmp_path / "border-watch"
    shutil.copytree(WATCH, pack)
    path = pack / "layouts" / f"{layout}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return pack


def test_a_true_scale_face_larger_than_the_paper_is_an_error_at_its_size(tmp_path) -> None:
    pack = _copy(tmp_path, "ruler", "size: {w: 25, h: 160}", "size: {w: 25, h: 320}")
    result = run_cli("build", str(pack), "--only", "print", "--paper", "a4", "--out", str(tmp_path / "out"))
    assert result.code == 2, result.output
    assert f"{pack}/layouts/ruler.yaml:3:1: error: type 'ruler': face 'ruler/range' is 25 x 320 mm and does not " \
           "fit a4 (201.6 x 288.6 mm printable) on pages sheets at 100 %; it is scale: true, so it is never " \
           "shrunk: print it on tiles sheets, or make it smaller" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "border-watch" / "print").exists()  # found before anything is drawn
    checked = run_cli("validate", str(pack), "--static")
    assert checked.code == 2 and "ruler.yaml:3:1: error: type 'ruler': face 'ruler/range' is 25 x 320 mm" \
        in checked.output


def test_a_face_shrunk_to_fit_is_a_warning_naming_it_and_the_factor(tmp_path) -> None:
    pack = _copy(tmp_path, "ruler", "size: {w: 25, h: 160}\nscale: true", "size: {w: 25, h: 320}")
    result = run_cli("build", str(pack), "--only", "print", "--paper", "a4", "--out", str(tmp_path / "out"))
    assert result.code == 0, result.output
    factor = 288.6 / 320  # the printable height over the face's (pages sheets show no bleed)
    assert f"{pack}/layouts/ruler.yaml:3:1: warning: type 'ruler': face 'ruler/range' (25 x 320 mm) is shrunk by " \
           f"a factor of {factor:.3f} ({factor:.1%}) to fit a4 on pages sheets; give the layout scale: true to print " \
           "at full size or not at all" in result.output


def test_faces_shrunk_alike_share_one_warning_that_names_the_first() -> None:
    from pnpforge.content.pack import load_pack
    from pnpforge.impose.geometry import Piece
    from pnpforge.impose.presets import Presets, sheet_search_path
    from pnpforge.impose.stage import sheet_pages

    pack, _ = load_pack(WATCH)
    sheet = Presets(sheet_search_path(pack)).sheet("letter", "pages")
    screens = [Piece(f"screen/{name}", "screen", 297.0, 210.0) for name in ("north", "south", "east")]
    small = Piece("screen/note", "screen", 100.0, 100.0)
    pages, problems = sheet_pages(sheet, [*screens, small], {p.key: p for p in [*screens, small]}, (0.0, 0.0))
    assert len(pages) == 4
    factor = 271.0 / 297.0  # Letter's printable height over the screen's long side
    assert [p.message for p in problems] == [
        f"face 'screen/north' and 2 more of its type (297 x 210 mm) are shrunk by a factor of {factor:.3f} "
        f"({factor:.1%}) to fit letter on pages sheets; give the layout scale: true to print at full size or not at "
        "all"]


def test_the_manifest_calls_a_board_with_a_back_duplex_and_a_one_sided_one_not(watch: Path) -> None:
    from pnpforge.impose.geometry import Piece
    from pnpforge.impose.stage import PrintFile, _duplex, sheet_pages
    from tests.impose.test_tiles import _sheet

    assert _file(watch, "a4/board-tiles.pdf")["duplex"] == "long-edge"
    sheet = _sheet("a4")
    board = Piece("board/plain", "board", 570.0, 400.0)
    pages, _ = sheet_pages(sheet, [board], {board.key: board}, (0.0, 0.0))
    assert pages and all(page.side == "front" for page in pages)
    assert not _duplex(PrintFile(watch / "x.pdf", "a4", "tiles", "tiles", "board", pages, sheet))
