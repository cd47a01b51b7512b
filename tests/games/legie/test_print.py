"""Legie's printed components, measured on what is printed: a tile is its board square less 1 mm each side; a
board part's face b lies exactly behind its face a under long-edge duplex and names the same part; edge squares
paint the bleed; each army's backs lie behind that army's tiles; every face renders and its text fits, in both
languages."""

from __future__ import annotations

import json

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnpforge.content.text import in_language
from pnpforge.impose.stage import impose_pack
from pnpforge.publish.outputs import build_outputs
from pnpforge.render.faces import pack_faces
from pnpforge.render.fonts import load_fonts
from pnpforge.render.document import Renderer
from pnpforge.render.stage import open_layouts

from tests.games.legie.helpers import load_pack_once
from tests.impose.conftest import PAPERS, UNPRINTABLE, Built, ink, page_image, runs

TOLERANCE_MM = 0.2
MARGIN_MM = 1.0  # a tile leaves 1 mm of its square showing on each side (content/legie/layouts/legie-tile.yaml)
PT_PER_MM = 72 / 25.4
TILE_TYPES = ("unit_tile", "flag_tile")


@pytest.fixture(scope="module")
def pack():
    return load_pack_once()


@pytest.fixture(scope="module")
def printed(tmp_path_factory, pack) -> Built:
    """Every face and home-print sheet of the pack, in English."""
    out = tmp_path_factory.mktemp("legie-print")
    outputs = build_outputs(pack, "en", out, only=("faces", "print"), jobs=1)
    return Built(pack, outputs, out / pack.id)


@pytest.fixture(scope="module")
def printed_de(tmp_path_factory, pack) -> Built:
    """The board parts' faces and sheets in German."""
    out = tmp_path_factory.mktemp("legie-print-de")
    outputs = build_outputs(pack, "de", out, only=("faces", "print"), jobs=1,
                            select=lambda face: face.type == "board_part")
    return Built(pack, outputs, out / pack.id / "de")


def _faces(built: Built) -> list[dict]:
    return json.loads((built.out_dir / "faces" / "faces.json").read_text(encoding="utf-8"))["faces"]


def _trim_mm(pdf, page: int) -> tuple[float, float]:
    box = PdfReader(pdf).pages[page].trimbox
    return float(box.width) / PT_PER_MM, float(box.height) / PT_PER_MM


def _sides(pack, part_id: str) -> dict[str, dict]:
    return {side["side"]: side for side in pack.by_id()[part_id]["sides"]}


def _cuts_above(image, placements: list[dict], dpi: float) -> list[float]:
    """Where the crop marks above a block run (mm from the paper's left edge), measured on pixels."""
    k = dpi / 25.4
    top = min(p["y"] - p["bleed"][1] for p in placements)
    band = ink(image)[round((UNPRINTABLE - 0.3) * k):round((top - 0.3) * k)]
    return [(a + b - 1) / 2 / k for a, b in runs(band.any(axis=0))]


def test_a_tile_is_a_board_square_less_its_margin_in_the_face_pdfs(printed, pack) -> None:
    faces = _faces(printed)
    folder = printed.out_dir / "faces"
    parts = [f for f in faces if f["type"] == "board_part"]
    assert len(parts) == 8  # four parts, face a and face b each
    squares = len(pack.of_type("board_part")[0]["sides"][0]["rows"])
    for face in parts:
        width, height = _trim_mm(folder / face["pdf"], face["page"])
        assert width == pytest.approx(height, abs=1e-3)
    square = width / squares
    tiles = [f for f in faces if f["type"] in TILE_TYPES]
    # 8 kinds an army, a back each; the Flag, its back
    assert {f["side"] for f in tiles} == {"front", "back"} and len(tiles) == 16 + 2 + 1 + 1
    for face in tiles:
        assert _trim_mm(folder / face["pdf"], face["page"]) == pytest.approx(
            (square - 2 * MARGIN_MM, square - 2 * MARGIN_MM), abs=TOLERANCE_MM), face["key"]


@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_tile_is_a_board_square_less_its_margin_on_the_sheets(printed, pack, paper) -> None:
    dpi = 300
    parts = printed.file(f"{paper}/board_part-board-parts.pdf")["pages"][0]["faces"]
    tiles = printed.file(f"{paper}/unit_tile-tiles.pdf")["pages"][0]["faces"]
    assert len(parts) == 4 and len(tiles) == 20  # one sheet each: every part, both armies
    part_cuts = _cuts_above(page_image(printed.print_dir / paper / "board_part-board-parts.pdf", 0, dpi), parts, dpi)
    tile_cuts = _cuts_above(page_image(printed.print_dir / paper / "unit_tile-tiles.pdf", 0, dpi), tiles, dpi)
    assert len(part_cuts) == 3 and len(tile_cuts) == 6  # 2 and 5 columns with shared cuts
    squares = len(pack.of_type("board_part")[0]["sides"][0]["rows"])
    square_sizes = [(b - a) / squares for a, b in zip(part_cuts, part_cuts[1:])]
    tile_sizes = [b - a for a, b in zip(tile_cuts, tile_cuts[1:])]
    for square in square_sizes:
        assert square == pytest.approx(30, abs=TOLERANCE_MM / squares)
        for tile in tile_sizes:
            assert tile == pytest.approx(square - 2 * MARGIN_MM, abs=TOLERANCE_MM)


def _best_shift(page, face, x: float, y: float, dpi: float, reach_mm: float = 1.2) -> tuple[float, float, float]:
    """(right, down, score): the shift in mm at which ``face`` best matches ``page`` at (x, y), and how well."""
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
    return best[1], best[2], best[0]


def _duplex_misalignment(built: Built, pdf, entry: dict, dpi: float) -> list[tuple[float, float]]:
    """For each board part of a duplex sheet: how far its back lies from behind its front (right, down; mm),
    with both positions measured on pixels, the back's as seen through the sheet from the front."""
    width, _ = entry["size_mm"]
    front, back = entry["pages"][0], entry["pages"][1]
    assert (front["side"], back["side"]) == ("front", "back")
    front_page, back_page = page_image(pdf, 0, dpi), page_image(pdf, 1, dpi)
    backs = {face.key: face.back for face in built.outputs.faces.faces}
    images = {key: built.face_image(key, dpi) for key in backs if key.startswith("board_part/")}
    part_backs = {backs[key] for key in images if backs.get(key)}
    found = []
    for placement in front["faces"]:
        key, w = placement["face"], placement["w"]
        dx, dy, score = _best_shift(front_page, images[key], placement["x"], placement["y"], dpi)
        assert score < 8, key
        front_x, front_y = placement["x"] + dx, placement["y"] + dy
        expected_x = width - placement["x"] - w  # turning over the long (vertical) edge puts x at width - x
        dx, dy, score = _best_shift(back_page, images[backs[key]], expected_x, placement["y"], dpi)
        assert score < 8, backs[key]
        back_x, back_y = expected_x + dx, placement["y"] + dy
        others = [_best_shift(back_page, images[other], back_x, back_y, dpi, 0)[2]
                  for other in part_backs - {backs[key]}]
        assert min(others) > 3 * score + 10, key  # another part's back would not pass for this one
        found.append(((width - back_x - w) - front_x, back_y - front_y))
    return found


@pytest.mark.parametrize("paper", list(PAPERS))
def test_each_board_part_back_lies_behind_its_front_under_long_edge_duplex(printed, pack, paper, tmp_path) -> None:
    dpi = 150
    name = f"{paper}/board_part-board-parts.pdf"
    entry = printed.file(name)
    assert entry["duplex"] == "long-edge"
    found = _duplex_misalignment(printed, printed.print_dir / name, entry, dpi)
    assert len(found) == 4
    for dx, dy in found:
        assert (dx, dy) == pytest.approx((0, 0), abs=TOLERANCE_MM)
    # the measurement sees a drift: backs moved 0.5 mm right and 0.4 mm up (as seen from the back) come out so
    moved = impose_pack(pack, printed.outputs.faces, tmp_path, back_offset=(0.5, 0.4))
    shifted = next(f for f in moved.files if f.path.name == "board_part-board-parts.pdf" and f.paper == paper)
    entry = json.loads((tmp_path / "print" / "print.json").read_text(encoding="utf-8"))["files"]
    entry = next(f for f in entry if f["file"] == name)
    for dx, dy in _duplex_misalignment(printed, shifted.path, entry, dpi):
        assert (dx, dy) == pytest.approx((-0.5, -0.4), abs=TOLERANCE_MM)


def _text_in(pdf, page: int, box_mm: tuple[float, float, float, float], height_mm: float) -> str:
    """The text of a page inside a rectangle given in mm from the top-left corner."""
    x, y, w, h = box_mm
    document = pdfium.PdfDocument(str(pdf))
    try:
        text = document[page].get_textpage().get_text_bounded(
            left=x * PT_PER_MM, bottom=(height_mm - y - h) * PT_PER_MM, right=(x + w) * PT_PER_MM,
            top=(height_mm - y) * PT_PER_MM)
    finally:
        document.close()
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_back_of_each_part_shows_face_b_of_the_same_part(printed, printed_de, pack, lang) -> None:
    built = printed if lang == "en" else printed_de
    faces = {face["key"]: face for face in _faces(built)}
    parts = pack.of_type("board_part")
    for number, part in enumerate(parts, start=1):
        sides = _sides(pack, part.id)
        name_a, name_b = (in_language(sides[s]["name"], lang) for s in ("a", "b"))
        front = faces[f"board_part/{part.id}"]
        back = faces[front["back"]]
        assert back["items"] == [part.id]  # a back of its own for every part
        reader = PdfReader(built.out_dir / "faces" / front["pdf"])
        front_text = " ".join(reader.pages[front["page"]].extract_text().split())
        back_text = " ".join(reader.pages[back["page"]].extract_text().split())
        assert name_a in front_text and f"{number}a" in front_text and name_b not in front_text
        assert name_b in back_text and f"{number}b" in back_text and name_a not in back_text
    for paper, (width, height) in PAPERS.items():
        entry = built.file(f"{paper}/board_part-board-parts.pdf")
        pdf = built.print_dir / entry["file"]
        for placement in entry["pages"][0]["faces"]:
            sides = _sides(pack, placement["face"].split("/")[1])
            box = (placement["x"], placement["y"], placement["w"], placement["h"])
            behind = (width - placement["x"] - placement["w"], placement["y"], placement["w"], placement["h"])
            seen_front, seen_back = _text_in(pdf, 0, box, height), _text_in(pdf, 1, behind, height)
            assert in_language(sides["a"]["name"], lang) in seen_front, (paper, placement["face"])
            assert in_language(sides["b"]["name"], lang) in seen_back, (paper, placement["face"])
            assert in_language(sides["a"]["name"], lang) not in seen_back


def test_edge_squares_paint_the_bleed_with_their_terrain(printed, pack) -> None:
    dpi = 150
    k = dpi / 25.4
    palette = open_layouts(pack).get("board_part").params["terrain"]
    faces = [f for f in _faces(printed) if f["type"] == "board_part"]
    for face in faces:
        part = pack.by_id()[face["items"][0]]
        rows = _sides(pack, part.id)["a" if face["side"] == "front" else "b"]["rows"]
        bleed, size = face["bleed_mm"], face["size_mm"][0]
        assert bleed == 3
        image = np.asarray(page_image(printed.out_dir / "faces" / face["pdf"], face["page"], dpi), dtype=np.float32)
        square = size / len(rows)

        def seen(x_mm: float, y_mm: float, image: np.ndarray = image) -> np.ndarray:
            """Mean colour of a small patch, in mm from the page's top-left (bleed included)."""
            x, y = round(x_mm * k), round(y_mm * k)
            return image[y - 2:y + 3, x - 2:x + 3].reshape(-1, 3).mean(axis=0)

        def fill(kind: str) -> np.ndarray:
            value = palette[kind]["fill"]
            return np.array([int(value[i:i + 2], 16) for i in (1, 3, 5)], dtype=np.float32)

        n = len(rows)
        for i in range(n):
            middle = bleed + (i + 0.5) * square
            for (x, y), kind in (((bleed / 2, middle), rows[i][0]), ((bleed + size + bleed / 2, middle), rows[i][-1]),
                                 ((middle, bleed / 2), rows[0][i]), ((middle, bleed + size + bleed / 2), rows[-1][i])):
                assert np.abs(seen(x, y) - fill(kind)).max() < 6, (face["key"], x, y, kind)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_each_army_backs_lie_behind_that_army(printed, pack, paper) -> None:
    dpi = 50
    k = dpi / 25.4
    entry = printed.file(f"{paper}/unit_tile-tiles.pdf")
    front, back = entry["pages"][0], entry["pages"][1]
    width, _ = entry["size_mm"]
    grey = np.asarray(page_image(printed.print_dir / entry["file"], 1, dpi).convert("L"), dtype=np.float32)
    armies = {f"unit_tile/{item.id}": item["player"] for item in pack.of_type("unit_tile")}
    assert sorted(p["face"] for p in back["faces"]) == sorted(f"unit_tile/back/{armies[p['face']]}"
                                                               for p in front["faces"])
    for placement in front["faces"]:
        x = width - placement["x"] - placement["w"] / 2  # the centre of the mirrored cell
        y = placement["y"] + placement["h"] / 2
        patch = grey[round((y + 9) * k) - 1:round((y + 9) * k) + 2, round(x * k) - 1:round(x * k) + 2]
        assert (patch.mean() < 80) == (armies[placement["face"]] == "black"), placement["face"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_face_renders_and_its_text_fits(pack, tmp_path, lang) -> None:
    layouts = open_layouts(pack)
    renderer = Renderer(pack, lang, layouts, load_fonts(), tmp_path / "art")
    faces, problems = pack_faces(pack, layouts)
    assert problems == []
    assert {f.layout.name for f in faces} == {
        "board_part", "board_part-back", "unit_tile", "unit_tile-back", "flag_tile", "flag_tile-back",
        "scenario_card", "scenario_card-back", "player_aid"}  # no type falls back to the generic card
    for face in faces:
        html = renderer.document([face], "legie")
        assert "icon-badge" not in html, face.key  # every icon has a drawing
    assert [str(finding) for finding in renderer.findings] == []
