"""Card sheets on pixels, for A4 and US Letter: 3 x 3 poker cards touching at their trims, crop marks extending
every cut line in the margin and never touching a face, bleed and marks inside the printable area (shorter on
Letter's tight height), backs behind their fronts under long-edge duplex and moved by the back offset as
documented; gapped and gutter-fold sheets; vector text and embedded fonts."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import ImageOps
from pypdf import PdfReader

from pnpforge.impose.stage import impose_pack

from tests.impose.conftest import PAPERS, POKER, UNPRINTABLE, ink, page_image, painted, runs

DPI = 300
K = DPI / 25.4  # pixels per mm
TOLERANCE_MM = 0.2


def _block(paper: str) -> tuple[float, float, float, float]:
    """Where the spec puts a centred 3 x 3 block of poker cards: left, top, right, bottom trim in mm."""
    width, height = PAPERS[paper]
    x0, y0 = (width - 3 * POKER[0]) / 2, (height - 3 * POKER[1]) / 2
    return x0, y0, x0 + 3 * POKER[0], y0 + 3 * POKER[1]


def _measure_margin(image, block, side: str) -> dict:
    """Bleed, marks and their positions beside one side of a block, measured on pixels (mm)."""
    x0, y0, x1, y1 = block
    paint, dark = painted(image), ink(image)
    if side in ("left", "right"):  # work on the transposed image: columns become rows
        paint, dark = paint.T, dark.T
        x0, y0, x1, y1 = y0, x0, y1, x1
    if side in ("bottom", "right"):  # work from the far edge inwards
        paint, dark = paint[::-1], dark[::-1]
        extent = paint.shape[0] / K
        y0 = extent - y1
    across = slice(round((x0 + 1) * K), round((x1 - 1) * K))
    coverage = paint[:, across].mean(axis=1)
    bleed_row = int(np.argmax(coverage > 0.9))  # the first row, from the paper's edge, inside the bleed
    mark_rows = [r for r in range(bleed_row) if dark[r, max(0, round((x0 - 8) * K)):round((x1 + 8) * K)].any()]
    columns = np.flatnonzero(dark[mark_rows].any(axis=0)) if mark_rows else np.array([], dtype=int)
    flags = np.zeros(dark.shape[1], dtype=bool)
    flags[columns] = True
    centres = [(a + b - 1) / 2 / K for a, b in runs(flags)]
    return {"bleed": y0 - bleed_row / K, "mark_from": mark_rows[0] / K if mark_rows else None,
            "mark_to": (mark_rows[-1] + 1) / K if mark_rows else None, "gap_rows": bleed_row - 1 - max(mark_rows),
            "cuts": centres}


def test_block_cut_lines_marks_and_bleed_on_both_papers(legion_print) -> None:
    measured = {}
    for paper in PAPERS:
        pdf = legion_print.print_dir / paper / "character-cards.pdf"
        image = page_image(pdf, 0, DPI)
        block = _block(paper)
        x0, y0, x1, y1 = block
        sides = {side: _measure_margin(image, block, side) for side in ("top", "bottom", "left", "right")}
        for side in ("top", "bottom"):
            assert sides[side]["cuts"] == pytest.approx([x0 + i * POKER[0] for i in range(4)], abs=TOLERANCE_MM)
        for side in ("left", "right"):
            assert sides[side]["cuts"] == pytest.approx([y0 + j * POKER[1] for j in range(4)], abs=TOLERANCE_MM)
        for side, found in sides.items():
            assert 0.5 < found["bleed"] <= 3 + TOLERANCE_MM, (paper, side)
            assert found["mark_from"] >= UNPRINTABLE - 0.1, (paper, side)  # inside the printable area
            assert found["gap_rows"] >= 1, (paper, side)  # a mark stops short of the bleed: never over a face
            assert found["mark_to"] - found["mark_from"] > 0.5, (paper, side)
        measured[paper] = sides
    a4, letter = measured["a4"], measured["letter"]
    # Letter is 17.6 mm shorter: its vertical bleed and marks share 2.15 mm a side and are shorter than A4's
    assert letter["top"]["bleed"] < a4["top"]["bleed"] - 1
    assert letter["top"]["mark_to"] - letter["top"]["mark_from"] < a4["top"]["mark_to"] - a4["top"]["mark_from"]
    assert a4["top"]["bleed"] == pytest.approx(3, abs=TOLERANCE_MM)
    assert letter["left"]["bleed"] == pytest.approx(3, abs=TOLERANCE_MM)


def test_the_manifest_agrees_with_the_spec_and_bleed_shows_only_outside(legion_print) -> None:
    for paper in PAPERS:
        entry = legion_print.file(f"{paper}/character-cards.pdf")
        x0, y0, _, _ = _block(paper)
        front = entry["pages"][0]
        assert front["side"] == "front" and len(front["faces"]) == 9
        for index, placement in enumerate(front["faces"]):
            column, row = index % 3, index // 3
            assert placement["x"] == pytest.approx(x0 + column * POKER[0], abs=1e-3)
            assert placement["y"] == pytest.approx(y0 + row * POKER[1], abs=1e-3)
            left, top, right, bottom = placement["bleed"]
            assert (left > 0) == (column == 0) and (right > 0) == (column == 2)
            assert (top > 0) == (row == 0) and (bottom > 0) == (row == 2)
            assert max(placement["bleed"]) <= 3


def _diff(a, b) -> float:
    """Mean absolute difference of two images, compared at the same small size."""
    size = (60, 84)
    first = np.asarray(a.convert("RGB").resize(size), dtype=np.float32)
    second = np.asarray(b.convert("RGB").resize(size), dtype=np.float32)
    return float(np.abs(first - second).mean())


@pytest.mark.parametrize("paper", list(PAPERS))
def test_each_back_lands_behind_its_front_under_long_edge_duplex(legion_print, paper) -> None:
    dpi = 100
    k = dpi / 25.4
    entry = legion_print.file(f"{paper}/character-cards.pdf")
    front, back = entry["pages"][0], entry["pages"][1]
    assert (front["side"], back["side"]) == ("front", "back")
    backs = {face.key: face.back for face in legion_print.outputs.faces.faces}
    through = ImageOps.mirror(page_image(legion_print.print_dir / paper / "character-cards.pdf", 1, dpi))
    wanted_backs = {backs[p["face"]] for p in front["faces"]}
    assert len(wanted_backs) == 2  # both factions' backs are on the page
    images = {key: ImageOps.mirror(legion_print.face_image(key, dpi)) for key in wanted_backs}
    mismatches = []
    for placement in front["faces"]:
        box = tuple(round(v * k) for v in (placement["x"], placement["y"], placement["x"] + placement["w"],
                                           placement["y"] + placement["h"]))
        seen = through.crop(box)
        wanted = backs[placement["face"]]
        assert _diff(seen, images[wanted]) < 6, placement["face"]
        mismatches += [_diff(seen, image) for key, image in images.items() if key != wanted]
    assert min(mismatches) > 20  # the two factions' backs differ: a back in the wrong column would show


def _best_shift(page, face, x: float, y: float, dpi: float, reach_mm: float = 3.0) -> tuple[float, float]:
    """The (right, down) shift in mm at which ``face`` best matches ``page`` around (x, y)."""
    k = dpi / 25.4
    sheet = np.asarray(page.convert("L"), dtype=np.float32)
    wanted = np.asarray(face.convert("L"), dtype=np.float32)
    h, w = wanted.shape
    reach = round(reach_mm * k)
    left, top = round(x * k), round(y * k)
    best = None
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            crop = sheet[top + dy:top + dy + h, left + dx:left + dx + w]
            score = float(np.abs(crop - wanted).mean())
            if best is None or score < best[0]:
                best = (score, dx / k, dy / k)
    return best[1], best[2]


def test_the_back_offset_moves_backs_right_and_up_as_seen_from_the_back(legion_print, tmp_path) -> None:
    dpi = 150
    offset = (1.5, 1.0)  # mm: right and up, looking at the back side
    moved = impose_pack(legion_print.pack, legion_print.outputs.faces, tmp_path, back_offset=offset)
    assert moved.files
    paper = "a4"
    width, _ = PAPERS[paper]
    entry = legion_print.file(f"{paper}/character-cards.pdf")
    placement = entry["pages"][0]["faces"][4]  # the middle card
    back_key = next(f.back for f in legion_print.outputs.faces.faces if f.key == placement["face"])
    face = legion_print.face_image(back_key, dpi)
    behind_x = width - placement["x"] - placement["w"]  # the mirrored column
    still = page_image(legion_print.print_dir / paper / "character-cards.pdf", 1, dpi)
    shifted = page_image(tmp_path / "print" / paper / "character-cards.pdf", 1, dpi)
    assert _best_shift(still, face, behind_x, placement["y"], dpi) == pytest.approx((0, 0), abs=TOLERANCE_MM)
    right, down = _best_shift(shifted, face, behind_x, placement["y"], dpi)
    assert right == pytest.approx(1.5, abs=TOLERANCE_MM)  # positive X: to the right, seen looking at the back
    assert down == pytest.approx(-1.0, abs=TOLERANCE_MM)  # positive Y: up
    fronts_before = page_image(legion_print.print_dir / paper / "character-cards.pdf", 0, 50)
    fronts_after = page_image(tmp_path / "print" / paper / "character-cards.pdf", 0, 50)
    assert _diff(fronts_before, fronts_after) == 0  # the fronts stay where they are


@pytest.mark.parametrize("paper, per_page", [("a4", 6), ("letter", 4)])
def test_gapped_cards_each_have_their_own_bleed_and_fill_the_page(legion_print, paper, per_page) -> None:
    entry = legion_print.file(f"{paper}/character-cards-gapped.pdf")
    front = entry["pages"][0]
    assert len(front["faces"]) == per_page  # 3 mm bleed each: 2 columns fit across both papers
    assert all(p["bleed"] == [3, 3, 3, 3] for p in front["faces"])
    image = page_image(legion_print.print_dir / paper / "character-cards-gapped.pdf", 0, DPI)
    paint = painted(image)
    first = front["faces"][0]
    column = round((first["x"] + first["w"] / 2) * K)
    assert paint[round((first["y"] - 2.5) * K), column]  # bleed above the card
    assert not paint[round((first["y"] - 3.3) * K), column]  # and only 3 mm of it
    _, height = PAPERS[paper]
    left, top, right, bottom = entry["printable_mm"]
    assert (left, top) == (UNPRINTABLE, UNPRINTABLE) and bottom == pytest.approx(height - UNPRINTABLE)


def test_gutter_fold_puts_each_back_across_the_fold(legion_print) -> None:
    for paper in PAPERS:
        entry = legion_print.file(f"{paper}/character-cards-gutter-fold.pdf")
        width = max(PAPERS[paper])  # landscape
        assert entry["size_mm"] == [width, min(PAPERS[paper])] and entry["duplex"] == "none"
        faces = entry["pages"][0]["faces"]
        backs = {face.key: face.back for face in legion_print.outputs.faces.faces}
        fronts = [p for p in faces if p["face"] in backs and not p["face"].startswith("character/back/")]
        others = [p for p in faces if p not in fronts]
        assert len(fronts) == len(others) == 4
        for front, back in zip(fronts, others):
            assert front["x"] + front["w"] <= width / 2
            assert back["face"] == backs[front["face"]]
            assert back["x"] == pytest.approx(width - front["x"] - front["w"], abs=1e-3)
            assert back["y"] == pytest.approx(front["y"], abs=1e-3)
        image = page_image(legion_print.print_dir / paper / "character-cards-gutter-fold.pdf", 0, DPI)
        fold = ink(image, 235)[round(UNPRINTABLE * K) + 2:round((UNPRINTABLE + 3) * K), round(width / 2 * K) - 2:
                                                                                       round(width / 2 * K) + 3]
        assert fold.any()  # the dashed fold line runs down the middle


def test_sheet_text_stays_vector_with_embedded_fonts(legion_print) -> None:
    entry = legion_print.file("a4/character-cards.pdf")
    first = entry["pages"][0]["faces"][0]["face"]
    name = legion_print.pack.by_id()[first.split("/")[1]].get("name")
    page = PdfReader(legion_print.print_dir / "a4" / "character-cards.pdf").pages[0]
    assert name in " ".join(page.extract_text().split())
    forms = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    assert len(forms) == 9 and all(f["/Subtype"] == "/Form" for f in forms)
    for form in forms:
        for font in form["/Resources"]["/Font"].values():
            descriptor = font.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert descriptor.get("/FontFile2") or descriptor.get("/FontFile3")


def test_every_sheet_stays_inside_the_printable_area(legion_print) -> None:
    dpi = 100
    k = dpi / 25.4
    margin = round((UNPRINTABLE - 0.4) * k)  # a pixel of anti-aliasing beside a mark that ends at the edge
    checked = 0
    for entry in legion_print.manifest()["files"]:
        pdf = legion_print.print_dir / entry["file"]
        for index in range(len(entry["pages"])):
            paint = painted(page_image(pdf, index, dpi), 250)
            edges = [paint[:margin], paint[-margin:], paint[:, :margin], paint[:, -margin:]]
            assert not any(e.any() for e in edges), (entry["file"], index)
            checked += 1
    assert checked > 40


def test_print_files_are_byte_identical_when_built_again(legion_print, tmp_path) -> None:
    again = impose_pack(legion_print.pack, legion_print.outputs.faces, tmp_path)
    for item in again.files:
        original = legion_print.print_dir / item.path.relative_to(tmp_path / "print")
        assert item.path.read_bytes() == original.read_bytes(), item.path.name
