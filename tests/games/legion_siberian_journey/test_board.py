"""The Journey's central board printed at home: six tiles at full size whose alignment targets meet.

For every seam, the two tiles that share it print the same target; the board under the target must be the same
board on both pages: the best match of the two pictures around it (the targets themselves masked out) is within
0.3 mm of where the targets say. A faction mat fits one page at full size."""

from __future__ import annotations

import numpy as np
import pytest

from pnpforge.publish.outputs import build_outputs

from tests.conftest import REPO
from tests.impose.conftest import Built, load, page_image

PACK = REPO / "content" / "legion-siberian-journey"
DPI = 300
PX = DPI / 25.4  # pixels per mm


@pytest.fixture(scope="module")
def board_print(tmp_path_factory) -> Built:
    pack = load(PACK)
    out = tmp_path_factory.mktemp("journey-board")
    outputs = build_outputs(pack, "en", out, only="print", jobs=2, papers=("a4", "letter"),
                            select=lambda face: face.key.split("/")[0] in ("board", "mat"))
    return Built(pack, outputs, out / pack.id)


def _grey(image) -> np.ndarray:
    return np.asarray(image.convert("L"), dtype=np.float32)


CROP = 1024  # pixels: the middle of each tile (87 mm at 300 dpi) is compared, a size the FFT handles fast


def _middle(a: np.ndarray) -> tuple[slice, slice]:
    top, left = max(0, (a.shape[0] - CROP) // 2), max(0, (a.shape[1] - CROP) // 2)
    return slice(top, top + CROP), slice(left, left + CROP)


def _shift(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """How far (x, y in pixels) the picture ``b`` lies from ``a`` (phase correlation of their middles: a page is
    printed as one piece, so the middle moves as the whole does)."""
    a, b = a[_middle(a)], b[_middle(b)]
    fa, fb = np.fft.rfft2(a - a.mean()), np.fft.rfft2(b - b.mean())
    cross = fa.conj() * fb
    peak = np.fft.irfft2(cross / (np.abs(cross) + 1e-9), a.shape)
    y, x = np.unravel_index(int(np.argmax(peak)), peak.shape)
    return (x - a.shape[1] if x > a.shape[1] // 2 else x), (y - a.shape[0] if y > a.shape[0] // 2 else y)


def _cross(grey: np.ndarray, x_mm: float, y_mm: float) -> tuple[float, float]:
    """The centre (mm on the page) of the target printed near (x, y): the darkest long row and column."""
    reach, arm = round(4 * PX), round(5 * PX)
    cx, cy = round(x_mm * PX), round(y_mm * PX)
    dark = grey < 120  # the thin black lines, antialiased; the spaces are drawn lighter
    rows = [dark[y, cx - arm:cx + arm].sum() for y in range(cy - reach, cy + reach)]
    columns = [dark[cy - arm:cy + arm, x].sum() for x in range(cx - reach, cx + reach)]
    row, column = int(np.argmax(rows)), int(np.argmax(columns))
    assert rows[row] > arm and columns[column] > arm, f"no target near ({x_mm:.1f}, {y_mm:.1f}) mm"
    return (cx - reach + column) / PX, (cy - reach + row) / PX


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_adjacent_tiles_targets_meet_within_a_third_of_a_millimetre(board_print: Built, paper: str) -> None:
    record = next(f for f in board_print.manifest()["files"] if f["mode"] == "tiles" and f["paper"] == paper)
    pdf = board_print.print_dir / record["file"]
    assert len(record["pages"]) == 6
    board = _grey(board_print.face_image("board/central-board", DPI))  # the whole board, trimmed
    on_board: dict[tuple, list[tuple[float, float]]] = {}
    for number, page in enumerate(record["pages"]):
        grey = _grey(page_image(pdf, number, DPI))
        (face,) = page["faces"]
        left, top, right, bottom = (round(v * PX) for v in face["window"])
        fx, fy = round(face["x"] * PX), round(face["y"] * PX)
        left, top = max(left, fx), max(top, fy)  # the trimmed board only: the whole board picture has no bleed
        shown = grey[top:bottom, left:right]
        # where the board's picture really is on this page, measured against the whole board
        expected = board[top - fy:top - fy + shown.shape[0], left - fx:left - fx + shown.shape[1]]
        size = (min(shown.shape[0], expected.shape[0]), min(shown.shape[1], expected.shape[1]))
        dx, dy = _shift(expected[:size[0], :size[1]], shown[:size[0], :size[1]])
        origin = (face["x"] + dx / PX, face["y"] + dy / PX)  # the board's trim corner as printed
        for x, y in page["targets"]:
            found = _cross(grey, x, y)
            spot = (round(x - face["x"], 2), round(y - face["y"], 2))  # which target, by the plan
            on_board.setdefault(spot, []).append((found[0] - origin[0], found[1] - origin[1]))
    assert len(on_board) == 7 and all(len(seen) == 2 for seen in on_board.values())
    worst = max(float(np.hypot(a[0] - b[0], a[1] - b[1])) for a, b in on_board.values())
    assert worst <= 0.3, f"the targets of two neighbouring tiles are {worst:.2f} mm apart on the board"


def test_each_faction_mat_is_a_page_at_full_size(board_print: Built) -> None:
    record = next(f for f in board_print.manifest()["files"] if f["type"] == "mat" and f["paper"] == "a4")
    assert len(record["pages"]) == 4
    assert all(p["faces"][0]["scale"] == 1.0 for p in record["pages"])
