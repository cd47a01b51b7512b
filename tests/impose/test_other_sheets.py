"""Film sheets, punchboards, whole pages and the calibration page, on pixels and in the manifest; copies; the
print plan and sheet presets as data."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from PIL import ImageOps

from pnpforge.impose.calibration import SCALE_GAP_MM, calibration_pdf
from pnpforge.impose.presets import Presets, sheet_search_path
from pnpforge.impose.stage import pieces, styles_for
from pnpforge.publish.outputs import build_outputs
from pnpforge.render.geometry import LayoutError

from tests.helpers import run_cli
from tests.impose.conftest import LANTERN, PAPERS, UNPRINTABLE, copy_pack, ink, load, page_image, painted, runs

DPI = 300
K = DPI / 25.4


def _cut_columns(image, top_mm: float, bottom_mm: float) -> list[float]:
    """Where crop marks run down the margin between two heights (mm from the left); rows of bleed are skipped."""
    dark = ink(image)[round(top_mm * K):round(bottom_mm * K)]
    margin = dark[dark.mean(axis=1) < 0.2]
    return [(a + b - 1) / 2 / K for a, b in runs(margin.any(axis=0))]


@pytest.mark.parametrize("paper", list(PAPERS))
def test_film_cards_land_on_their_zone_of_the_card_sheet(legion_print, paper) -> None:
    film = legion_print.file(f"{paper}/overlay-film.pdf")
    cards = legion_print.file(f"{paper}/character-cards.pdf")
    assert film["mode"] == "block"
    # the same grid as the character sheets: the cut lines are at the same places, on pixels
    film_image = page_image(legion_print.print_dir / film["file"], 0, DPI, transparent=True)
    card_image = page_image(legion_print.print_dir / cards["file"], 0, DPI)
    top = cards["pages"][0]["faces"][0]["y"]
    card_cuts = _cut_columns(card_image, UNPRINTABLE - 0.5, top - 0.5)
    assert len(card_cuts) == 4
    assert _cut_columns(film_image, UNPRINTABLE - 0.5, top - 0.5) == pytest.approx(card_cuts, abs=0.1)
    # each film card's art covers exactly its zone, measured from its cell on the card sheet
    zones = next(f.layout.zones for f in legion_print.outputs.faces.faces if f.type == "character")
    items = legion_print.pack.by_id()
    alpha = np.asarray(film_image)[:, :, 3] > 40
    for film_cell, card_cell in zip(film["pages"][0]["faces"], cards["pages"][0]["faces"]):
        assert (film_cell["x"], film_cell["y"]) == (card_cell["x"], card_cell["y"])
        zone = zones[items[film_cell["face"].split("/")[1]].get("zone")]
        x, y = card_cell["x"], card_cell["y"]
        cell = alpha[round(y * K):round((y + 88.9) * K), round(x * K):round((x + 63.5) * K)]
        rows, columns = np.flatnonzero(cell.any(axis=1)), np.flatnonzero(cell.any(axis=0))
        found = [columns[0] / K, rows[0] / K, (columns[-1] + 1) / K, (rows[-1] + 1) / K]
        assert found == pytest.approx([zone.x, zone.y, zone.x + zone.w, zone.y + zone.h], abs=0.2)
    # nothing but the art and the marks is painted: no background, no bleed fill
    x0, y0 = cards["pages"][0]["faces"][0]["x"], cards["pages"][0]["faces"][0]["y"]
    block = alpha[round(y0 * K):round((y0 + 3 * 88.9) * K), round(x0 * K):round((x0 + 3 * 63.5) * K)]
    assert block.mean() < 0.1
    assert all(p["bleed"] == [0, 0, 0, 0] for p in film["pages"][0]["faces"])


def test_every_copy_is_printed(legion_print, legion) -> None:
    copies = {face.key: face.copies for face in legion_print.outputs.faces.faces}
    for name, total in (("a4/overlay-film.pdf", 150), ("letter/marker-punchboard.pdf", 132)):
        placed: dict[str, int] = {}
        for page in legion_print.file(name)["pages"]:
            for placement in page["faces"]:
                placed[placement["face"]] = placed.get(placement["face"], 0) + 1
        assert sum(placed.values()) == total
        assert placed == {key: copies[key] for key in placed}
    film = legion_print.file("a4/overlay-film.pdf")
    assert len(film["pages"]) == 17 and len(film["pages"][-1]["faces"]) == 150 - 16 * 9


@pytest.mark.parametrize("paper", list(PAPERS))
def test_punchboard_backs_align_with_their_fronts(legion_print, paper) -> None:
    dpi = 150
    k = dpi / 25.4
    entry = legion_print.file(f"{paper}/order_token-punchboard.pdf")
    front, back = entry["pages"][0], entry["pages"][1]
    width, _ = PAPERS[paper]
    backs = {face.key: face.back for face in legion_print.outputs.faces.faces}
    through = ImageOps.mirror(page_image(legion_print.print_dir / entry["file"], 1, dpi))
    front_image = page_image(legion_print.print_dir / entry["file"], 0, DPI)
    faction_backs = set()
    for placement, behind in zip(front["faces"], back["faces"]):
        assert behind["face"] == backs[placement["face"]]
        faction_backs.add(behind["face"])
        assert behind["x"] == pytest.approx(width - placement["x"] - placement["w"], abs=1e-3)
        box = tuple(round(v * k) for v in (placement["x"], placement["y"], placement["x"] + placement["w"],
                                           placement["y"] + placement["h"]))
        seen = np.asarray(through.crop(box).convert("RGB"), dtype=np.float32)
        wanted = np.asarray(ImageOps.mirror(legion_print.face_image(behind["face"], dpi)).resize(
            (box[2] - box[0], box[3] - box[1])).convert("RGB"), dtype=np.float32)
        yy, xx = np.mgrid[:seen.shape[0], :seen.shape[1]]
        r = seen.shape[0] / 2
        inside = (yy - r + 0.5) ** 2 + (xx - r + 0.5) ** 2 < (0.8 * r) ** 2
        assert np.abs(seen - wanted)[inside].mean() < 12, placement["face"]
        # a cut line runs round the token's trim: dark on a light halo, at eight points of the circle
        cx, cy, radius = placement["x"] + placement["w"] / 2, placement["y"] + placement["h"] / 2, placement["w"] / 2
        dark = ink(front_image, 90)
        for angle in np.linspace(0, 2 * np.pi, 8, endpoint=False):
            x, y = (cx + radius * np.cos(angle)) * K, (cy + radius * np.sin(angle)) * K
            assert dark[round(y) - 2:round(y) + 3, round(x) - 2:round(x) + 3].any(), (placement["face"], angle)
    assert faction_backs == {"order_token/back/whites", "order_token/back/reds"}


def test_square_tokens_get_square_cut_lines(tmp_path) -> None:
    root = copy_pack(LANTERN, tmp_path)
    (root / "layouts").mkdir()
    (root / "layouts" / "stall.yaml").write_text(
        "extends: card\nsize: token-square-20\nbleed: 2\nsafe: 1\n"
        "zones:\n  art: {x: -2, y: -2, w: 24, h: 10}\n  title: {x: 1, y: 8, w: 18, h: 5}\n"
        "  subtitle: {x: 1, y: 13, w: 18, h: 2}\n  body: {x: 1, y: 15, w: 18, h: 3}\n"
        "  footer: {x: 1, y: 18, w: 18, h: 1}\n"
        "fit:\n  title: {zone: title, fields: [name], font: display/regular, size: 7, floor: 4}\n"
        "  body: {zone: body, fields: ['*'], labelled: true, font: body/regular, size: 4, floor: 3}\n",
        encoding="utf-8")
    pack = load(root)
    outputs = build_outputs(pack, "en", tmp_path / "out", only="print", jobs=1, back_offset=(1.0, 2.0),
                            select=lambda face: face.type == "stall")
    folder = tmp_path / "out" / pack.id / "print"
    names = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.pdf"))
    assert names == ["a4/calibration.pdf", "a4/stall-punchboard.pdf", "letter/calibration.pdf",
                     "letter/stall-punchboard.pdf"]
    entry = next(f for f in outputs.prints.files if f.path.name == "stall-punchboard.pdf")
    placement = entry.pages[0].placements[0]
    assert not placement.round and (placement.w, placement.h) == (20, 20)
    image = page_image(entry.path, 0, DPI)
    dark = ink(image, 90)
    for x, y in ((placement.x + 10, placement.y), (placement.x, placement.y + 10),
                 (placement.x + 20, placement.y + 10), (placement.x + 10, placement.y + 20)):
        assert dark[round(y * K) - 2:round(y * K) + 3, round(x * K) - 2:round(x * K) + 3].any()
    assert entry.pages[1].side == "back"  # the stalls' shared back follows for duplex
    behind = entry.pages[1].placements[0]
    assert behind.x == pytest.approx(entry.sheet.width - placement.x - placement.w + 1.0)  # 1 mm to the right
    assert behind.y == pytest.approx(placement.y - 2.0)  # 2 mm up
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    assert "stall-punchboard.pdf: 3 x stall, 1 sheet, duplex." in readme and "made with 1,2" in readme


def test_a_bad_back_offset_is_refused_before_building() -> None:
    result = run_cli("build", str(LANTERN), "--back-offset", "left")
    assert result.code == 2 and "--back-offset" in result.output and "expected X,Y in mm" in result.output


@pytest.mark.parametrize("paper", list(PAPERS))
def test_screens_are_whole_pages_turned_and_scaled_into_the_printable_area(legion_print, paper) -> None:
    entry = legion_print.file(f"{paper}/commander-pages.pdf")
    front, back = entry["pages"][0]["faces"][0], entry["pages"][1]["faces"][0]
    width, height = PAPERS[paper]
    assert front["rotation"] == 90 and back["rotation"] == 270  # the same edge of the paper is each side's top
    assert back["x"] == pytest.approx(width - front["x"] - front["w"], abs=1e-3)
    assert front["scale"] < 1
    assert front["w"] == pytest.approx(210 * front["scale"]) and front["h"] == pytest.approx(297 * front["scale"])
    assert front["x"] >= UNPRINTABLE - 1e-6 and front["x"] + front["w"] <= width - UNPRINTABLE + 1e-6
    assert front["y"] >= UNPRINTABLE - 1e-6 and front["y"] + front["h"] <= height - UNPRINTABLE + 1e-6
    assert min(width - 2 * UNPRINTABLE - front["w"], height - 2 * UNPRINTABLE - front["h"]) < 0.01  # fills it
    image = page_image(legion_print.print_dir / entry["file"], 0, 100)
    paint = painted(image)
    k = 100 / 25.4
    inside = paint[round((front["y"] + 5) * k):round((front["y"] + front["h"] - 5) * k),
                   round((front["x"] + 5) * k):round((front["x"] + front["w"] - 5) * k)]
    assert inside.mean() > 0.9


def test_calibration_scales_sit_behind_the_crosses_and_follow_the_offset(legion_print, tmp_path) -> None:
    presets = Presets(sheet_search_path(legion_print.pack))
    sheet = presets.sheet("a4", "calibration")
    (tmp_path / "still.pdf").write_bytes(calibration_pdf(sheet, (0, 0)))
    (tmp_path / "moved.pdf").write_bytes(calibration_pdf(sheet, (2.0, 1.0)))
    assert calibration_pdf(sheet, (0, 0)) == (tmp_path / "still.pdf").read_bytes()  # deterministic
    width, height = sheet.width, sheet.height

    def zero_tick(pdf) -> tuple[float, float]:
        """The longest tick of the middle horizontal scale: its x, and the y of the scale's line."""
        dark = ink(page_image(pdf, 1, DPI), 120)
        x0, x1 = round((width / 2 - 8) * K), round((width / 2 + 8) * K)
        y0, y1 = round((height / 2 + 2) * K), round((height / 2 + 10) * K)
        window = dark[y0:y1, x0:x1]
        column = int(np.argmax(window.sum(axis=0)))
        line = int(np.argmax(window.sum(axis=1)))
        return (x0 + column + 0.5) / K, (y0 + line + 0.5) / K

    x, y = zero_tick(tmp_path / "still.pdf")
    assert (x, y) == pytest.approx((width / 2, height / 2 + SCALE_GAP_MM), abs=0.2)  # behind the middle cross
    moved_x, moved_y = zero_tick(tmp_path / "moved.pdf")
    assert moved_x - x == pytest.approx(2.0, abs=0.2) and moved_y - y == pytest.approx(-1.0, abs=0.2)
    front = ink(page_image(tmp_path / "still.pdf", 0, DPI), 120)
    assert front[round(height / 2 * K) - 40:round(height / 2 * K) + 40, round(width / 2 * K)].all()
    assert (legion_print.print_dir / "a4" / "calibration.pdf").is_file()


def test_types_go_to_sheets_by_their_faces_not_their_names(legion_print) -> None:
    presets = Presets(sheet_search_path(legion_print.pack))
    plan = presets.plan()
    assert plan.papers == ("a4", "letter")
    fronts: dict[str, list] = {}
    for piece in pieces(legion_print.outputs.faces).values():
        if "/back/" not in piece.key:
            fronts.setdefault(piece.type, []).append(piece)
    styles = {name: styles_for(plan, name, group) for name, group in fronts.items()}
    assert styles == {"character": ("cards", "cards-gapped", "cards-gutter-fold"), "overlay": ("film",),
                      "order_token": ("punchboard",), "marker": ("punchboard",), "commander": ("pages",)}


def test_a_pack_plan_overrides_by_name_and_bad_presets_are_located(tmp_path) -> None:
    root = copy_pack(LANTERN, tmp_path)
    sheets = root / "layouts" / "sheets"
    sheets.mkdir(parents=True)
    (sheets / "print.yaml").write_text("extends: print\npapers: [letter]\ntypes: {stall: [cards-gapped]}\n",
                                       encoding="utf-8")
    (sheets / "letter.yaml").write_text("extends: letter\nunprintable: {top: 6, bottom: 6}\n", encoding="utf-8")
    presets = Presets(sheet_search_path(SimpleNamespace(id="lantern-market", root=root)))
    plan = presets.plan()
    assert plan.papers == ("letter",) and plan.types == {"die-face": ("punchboard",), "die-net": ("punchboard",),
                                                          "stall": ("cards-gapped",)}
    assert plan.rules  # inherited from the built-in plan
    sheet = presets.sheet("letter", "cards")
    assert sheet.unprintable == (6, 4.2, 6, 4.2) and sheet.width == 215.9 and sheet.mode == "block"
    (sheets / "cards.yaml").write_text("extends: cards\ncolumns: 3\nmarks: {lenght: 3}\n", encoding="utf-8")
    with pytest.raises(LayoutError) as error:
        Presets(sheet_search_path(SimpleNamespace(id="lantern-market", root=root))).sheet("letter", "cards")
    message = str(error.value.findings[0])
    assert message.startswith(f"{sheets / 'cards.yaml'}:2:1: error: sheet preset 'cards': unknown key 'columns'")
    assert "accepted keys: extends, doc, paper" in message
    (sheets / "cards.yaml").write_text("extends: nowhere\n", encoding="utf-8")
    with pytest.raises(LayoutError, match="extends 'nowhere', which does not exist"):
        Presets(sheet_search_path(SimpleNamespace(id="lantern-market", root=root))).sheet("letter", "cards")
