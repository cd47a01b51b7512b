"""Dystopian Legions' gaming aids measured on the printed pages, on A4 and Letter: the blast template is 3 in
(76.2 mm) across, the smoke cloud 5 in (127 mm), the smoke barrier 5 x 1 in (127 x 25.4 mm), the turning
template's two straight edges meet at 45 degrees, and a range ruler's inch lines lie 25.4 mm apart from its top
edge. Each is measured on its cut line (or its marks) as pdfium draws the sheet, at 400 dpi."""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import REPO
from tests.helpers import run_cli
from tests.impose.conftest import page_image, runs

PACK = REPO / "content" / "dystopian-legions"
DPI = 400
PX = 25.4 / DPI  # mm per pixel
PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def sheets(legions_built: Path) -> Path:
    """The pack's home-print sheets (from the session's build of its faces and sheets)."""
    return legions_built / PACK.name / "print"


@functools.cache
def _black(pdf: Path, page: int) -> np.ndarray:
    """Where a page is printed black (every channel dark: the cut lines and the ruler's marks, not the templates'
    red, brown and grey), drawn once per test run."""
    pixels = np.asarray(page_image(pdf, page, DPI).convert("RGB"))
    return (pixels < 90).all(axis=2)


def _faces(folder: Path, name: str) -> list[tuple[int, dict]]:
    """``(page index, face)`` for every face of a sheet file, from print.json."""
    manifest = json.loads((folder / "print.json").read_text(encoding="utf-8"))
    entry = next(f for f in manifest["files"] if f["file"] == name)
    return [(index, face) for index, page in enumerate(entry["pages"]) for face in page["faces"]]


def _first(folder: Path, name: str, key: str) -> tuple[int, dict]:
    return next((index, face) for index, face in _faces(folder, name) if face["face"] == key)


def _cut_span(line: np.ndarray) -> float:
    """mm between the middles of the first and the last black run of a row or column of pixels: the cut line
    where the line enters and where it leaves the piece."""
    found = runs(line)
    assert len(found) >= 2, "no cut line crossed"
    first, last = found[0], found[-1]
    return ((last[0] + last[1]) / 2 - (first[0] + first[1]) / 2) * PX


def _measure(folder: Path, paper: str, key: str) -> tuple[float, float]:
    """Width and height of a piece across its middle, measured between its cut lines (a 3 mm margin round it)."""
    name = f"{paper}/template-punchboard.pdf"
    index, face = _first(folder, name, key)
    assert face["scale"] == 1.0
    black = _black(folder / name, index)
    left, top = face["x"] - 3, face["y"] - 3
    right, bottom = face["x"] + face["w"] + 3, face["y"] + face["h"] + 3
    row = round((face["y"] + face["h"] / 2) / PX)
    column = round((face["x"] + face["w"] / 2) / PX)
    width = _cut_span(black[row, round(left / PX) : round(right / PX)])
    height = _cut_span(black[round(top / PX) : round(bottom / PX), column])
    return width, height


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    ("key", "size"),
    [
        ("template/blast-template", (76.2, 76.2)),
        ("template/smoke-cloud", (127.0, 127.0)),
        ("template/smoke-barrier", (127.0, 25.4)),
    ],
)
def test_a_template_prints_at_its_true_size(sheets: Path, paper: str, key: str, size: tuple[float, float]) -> None:
    width, height = _measure(sheets, paper, key)
    assert width == pytest.approx(size[0], abs=0.3), f"{key} on {paper}: {width:.2f} mm wide"
    assert height == pytest.approx(size[1], abs=0.3), f"{key} on {paper}: {height:.2f} mm high"


def _fit_direction(points: list[tuple[float, float]]) -> tuple[float, float]:
    """The unit direction of the straight line that fits ``points`` best (their principal axis)."""
    xy = np.array(points)
    centred = xy - xy.mean(axis=0)
    _, _, axes = np.linalg.svd(centred, full_matrices=False)
    dx, dy = axes[0]
    return float(dx), float(dy)


def _edge_points(black: np.ndarray, along: list[tuple[float, float]], normal: tuple[float, float]) -> list:
    """Where the cut line crosses the short segment through each point of ``along`` in the direction ``normal``
    (1.5 mm each way): the middle of the black pixels met, in mm on the page."""
    found = []
    for x, y in along:
        samples = [(x + normal[0] * t, y + normal[1] * t) for t in np.arange(-1.5, 1.5, PX / 2)]
        hits = [(sx, sy) for sx, sy in samples if black[round(sy / PX - 0.5), round(sx / PX - 0.5)]]
        assert hits, f"no cut line near {x:.1f}, {y:.1f}"
        found.append((sum(h[0] for h in hits) / len(hits), sum(h[1] for h in hits) / len(hits)))
    return found


@pytest.mark.parametrize("paper", PAPERS)
def test_the_turning_template_is_a_45_degree_wedge(sheets: Path, paper: str) -> None:
    name = f"{paper}/template-punchboard.pdf"
    index, face = _first(sheets, name, "template/turning")
    assert face["outline"] == "path" and face["scale"] == 1.0
    black = _black(sheets / name, index)
    tip = (face["x"], face["y"] + face["h"])  # the wedge's point, at the bottom left of its box
    step = 1 / math.sqrt(2)
    # sample each straight edge from 8 mm to 64 mm out from the point, away from the point's own corner
    bottom = _edge_points(black, [(tip[0] + d, tip[1]) for d in range(8, 65, 4)], (0.0, 1.0))
    rising = _edge_points(black, [(tip[0] + d * step, tip[1] - d * step) for d in range(8, 65, 4)], (step, step))
    (bx, by), (rx, ry) = _fit_direction(bottom), _fit_direction(rising)
    angle = math.degrees(math.acos(abs(bx * rx + by * ry)))
    assert angle == pytest.approx(45.0, abs=0.5), f"the wedge on {paper} measures {angle:.2f} degrees"
    # and the edges are as long as the template's 4 in radius: the far end of the bottom edge is where it should be
    far = _edge_points(black, [(tip[0] + 101.6 - 2, tip[1])], (0.0, 1.0))
    assert far[0][1] == pytest.approx(tip[1], abs=0.3)


@pytest.mark.parametrize("paper", PAPERS)
def test_a_range_ruler_is_marked_every_25_4_mm(sheets: Path, paper: str) -> None:
    name = f"{paper}/ruler-punchboard.pdf"
    index, face = _first(sheets, name, "ruler/range-0-8")
    assert face["scale"] == 1.0 and face["h"] == pytest.approx(8 * 25.4 + 12)
    black = _black(sheets / name, index)
    # 7.5 mm in from the left edge only the whole inches' marks (9 mm long) and the cut line are crossed
    column = black[:, round((face["x"] + 7.5) / PX)]
    middles = [(start + end) / 2 * PX for start, end in runs(column)]
    top = face["y"]
    marks = [m - top for m in middles if top - 1 < m < top + 8 * 25.4 + 1]
    # the top edge (the cut line and the 0 mark together), then inches 1 to 8
    assert len(marks) == 9, [round(float(m), 2) for m in marks]
    assert marks[0] == pytest.approx(0.0, abs=0.3)
    for inch, at in enumerate(marks[1:], start=1):
        assert at == pytest.approx(inch * 25.4, abs=0.3), f"inch {inch} on {paper} at {at:.2f} mm"
    spacing = np.diff(marks)
    assert np.all(np.abs(spacing - 25.4) <= 0.3), spacing
    # the glue tab's cut edge, 12 mm below the last inch
    bottom = [m - top for m in middles if top + face["h"] - 1 < m < top + face["h"] + 1]
    assert bottom and bottom[-1] == pytest.approx(face["h"], abs=0.3)


def test_the_aids_go_to_tabletop_simulator_and_the_print_shops(sheets: Path) -> None:
    out = sheets.parent.parent  # the build folder the sheets were made in: its faces are drawn already
    result = run_cli("build", str(PACK), "--only", "tts,shop", "--out", str(out))
    assert result.code == 0, result.output
    assert "Traceback" not in result.output
    built = out / PACK.name
    saved = json.loads((built / "tts" / f"{PACK.name}.json").read_text(encoding="utf-8"))
    placed = saved["ObjectStates"]
    bags = {bag["Nickname"]: len(bag["ContainedObjects"]) for bag in placed if bag["Name"] == "Bag"}
    aids = {name: count for name, count in bags.items() if name in ("Template", "Ruler", "Marker")}
    assert aids == {"Template": 7, "Ruler": 6, "Marker": 152}  # a type of more than four pieces is bagged
    assert [piece["Nickname"] for piece in placed if piece["Name"] == "Custom_Tile"
            and piece["Nickname"].startswith("Quick reference")] == [
        "Quick reference · turn and dice",
        "Quick reference · shooting, morale, orders",
    ]
    for shop in ("mpc", "tgc"):  # beside the pack's cards and standees
        assert {"marker.pdf", "quick_reference.pdf", "ruler.pdf", "template.pdf"} <= {
            p.name for p in (built / "shop" / shop).glob("*.pdf")}
