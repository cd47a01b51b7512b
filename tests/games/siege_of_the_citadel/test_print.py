"""Siege of the Citadel in print, measured on the printed pages: a sector tile's squares at the pack's grid pitch,
its other side behind it within 0.3 mm once the back page is mirrored, and a mission brief's map laying its tiles
where, and as turned as, the mission data says (the walls and closed doors of the joined map at every edge)."""

from __future__ import annotations

import json
import shutil
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from pnpforge.content.pack import load_pack
from pnpforge.engine.grid import Grid
from pnpforge.engine.tiles import assemble, turn_cell
from pnpforge.publish.outputs import build_outputs

from tests.conftest import REPO
from tests.impose.conftest import page_image

PACK = REPO / "content" / "siege-of-the-citadel"
DPI = 300
PX = 25.4 / DPI
SIDE = 7  # squares a side of a sector tile
MAP_ZONE = (6.0, 27.0, 168.0, 138.0)  # mm from the trim: the mission layout's map zone (x, y, w, h)
MAX_CELL = 10.0  # mm: the mission layout's largest square
EDGES = ("north", "east", "south", "west")
TYPES = ("sector_tile", "mission")


def _build(root: Path, out: Path) -> dict:
    """The A4 tile and mission sheets of the pack at ``root`` (only those faces drawn), and their manifest."""
    pack, problems = load_pack(root)
    assert pack is not None, [str(p) for p in problems]
    outputs = build_outputs(
        pack,
        "en",
        out,
        only=("print",),
        jobs=1,
        papers=("a4",),
        sheets=("sector-tiles", "pages"),
        select=lambda face: face.type in TYPES,
    )
    assert not [f for f in outputs.findings if f.severity == "error"], [str(f) for f in outputs.findings]
    return json.loads((out / "siege-of-the-citadel" / "print" / "print.json").read_text(encoding="utf-8"))


def _entry(manifest: dict, name: str) -> dict:
    return next(f for f in manifest["files"] if f["file"] == name)


TURNS = (
    ("{side: 1, column: 0, row: 0}", '{side: 1, column: 0, row: 0, turn: "90"}'),
    ("{side: 13, column: 7, row: 7}", '{side: 13, column: 7, row: 7, turn: "90"}'),
)


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> tuple[Path, dict, Path]:
    """The tile and mission sheets on A4 of a copy of the pack whose second mission lays two of its sides turned
    a quarter turn (the shipped missions lay every side unturned), with their manifest and the copy."""
    root = tmp_path_factory.mktemp("siege-print")
    copy = root / "siege-of-the-citadel"
    shutil.copytree(PACK, copy, ignore=shutil.ignore_patterns("build"))
    missions = copy / "missions.yaml"
    text = missions.read_text(encoding="utf-8")
    for old, new in TURNS:
        assert text.count(old) == 1
        text = text.replace(old, new)
    missions.write_text(text, encoding="utf-8")
    return root / "out" / "siege-of-the-citadel" / "print", _build(copy, root / "out"), copy


def _pitch() -> float:
    pack, problems = load_pack(PACK)
    assert pack is not None, problems
    return float(pack.game.parameters["grid_pitch_mm"])


def _lines(row: np.ndarray, start: float) -> list[float]:
    """The centres in mm (from ``start``) of the narrow dark runs of a row of grey pixels: the lines between
    squares and the walls on them (a dark square, rubble or a pit, is too wide to be one)."""
    dark = row < 140
    centres, run = [], []
    for index, is_dark in enumerate(dark):
        if is_dark:
            run.append(index)
        elif run:
            if len(run) * PX <= 2.5:
                centres.append((run[0] + run[-1]) / 2 * PX - start)
            run = []
    merged: list[list[float]] = []  # the borders of two neighbouring squares are one line
    for centre in centres:
        if merged and centre - merged[-1][-1] < 0.6:
            merged[-1].append(centre)
        else:
            merged.append([centre])
    return [(group[0] + group[-1]) / 2 for group in merged]


@lru_cache(maxsize=4)
def _page(pdf: Path, page: int) -> np.ndarray:
    return np.asarray(page_image(pdf, page, DPI).convert("L"), dtype=np.int16)


def _grey(pdf: Path, page: int, mirror: bool = False) -> np.ndarray:
    pixels = _page(pdf, page)
    return pixels[:, ::-1] if mirror else pixels


def _square_lines(pixels: np.ndarray, face: dict, pitch: float, horizontal: bool) -> list[float]:
    """Where the lines between squares cross the tile's fifth row (or column), a fifth of a square in (clear of
    the name in the first row and of the marks in the middle of a square), in mm from the trim's left (or top)
    edge, inside the trim. On side 1 that row and that column hold floor only, and one wall."""
    across = 4.2 * pitch
    if horizontal:
        strip = pixels[round((face["y"] + across) / PX), :]
        start = face["x"]
    else:
        strip = pixels[:, round((face["x"] + across) / PX)]
        start = face["y"]
    return [c for c in _lines(strip, start) if 1 < c < face["w"] - 1]


def test_a_tile_prints_its_squares_at_the_grid_pitch(printed) -> None:
    folder, manifest, _ = printed
    pitch = _pitch()
    assert pitch == 27
    entry = _entry(manifest, "a4/sector_tile-sector-tiles.pdf")
    (face,) = entry["pages"][0]["faces"]
    assert face["face"] == "sector_tile/tile-1-9" and face["scale"] == 1.0 and face["w"] == SIDE * pitch
    pixels = _grey(folder / "a4" / "sector_tile-sector-tiles.pdf", 0)
    for horizontal in (True, False):
        found = _square_lines(pixels, face, pitch, horizontal)
        # the six lines inside the tile, each where k squares of 27 mm put it, and 27 mm apart
        assert len(found) == SIDE - 1, found
        for k, at in enumerate(found, start=1):
            assert abs(at - k * pitch) < 0.15, (horizontal, k, at)
        assert abs((found[-1] - found[0]) - (SIDE - 2) * pitch) < 0.1


def _extent(pixels: np.ndarray, face: dict) -> tuple[float, float, float, float]:
    """Left, top, right and bottom in mm of the printed tile (its floor, bleed included), looked for within 10 mm
    of where the front's trim lies (so neither the scale check nor the crop marks count)."""
    x0, y0 = round((face["x"] - 10) / PX), round((face["y"] - 10) / PX)
    x1, y1 = round((face["x"] + face["w"] + 10) / PX), round((face["y"] + face["h"] + 10) / PX)
    floor = (pixels[y0:y1, x0:x1] > 100) & (pixels[y0:y1, x0:x1] < 215)
    least = 50 / PX  # a row or column of the tile shows at least 50 mm of floor
    rows = np.where(floor.sum(axis=1) > least)[0]
    columns = np.where(floor.sum(axis=0) > least)[0]
    return ((x0 + columns[0]) * PX, (y0 + rows[0]) * PX, (x0 + columns[-1] + 1) * PX, (y0 + rows[-1] + 1) * PX)


@pytest.mark.parametrize("page", [0, 14])  # a plain tile and the stairs tile (sides 8 and 16)
def test_a_tiles_back_lies_behind_its_front_within_a_third_of_a_millimetre(printed, page: int) -> None:
    folder, manifest, _ = printed
    pitch = _pitch()
    entry = _entry(manifest, "a4/sector_tile-sector-tiles.pdf")
    (front,) = entry["pages"][page]["faces"]
    (back,) = entry["pages"][page + 1]["faces"]
    assert back["face"] == front["face"].replace("sector_tile/", "sector_tile/back/")
    pdf = folder / "a4" / "sector_tile-sector-tiles.pdf"
    seen = _grey(pdf, page)
    behind = _grey(pdf, page + 1, mirror=True)  # the back page as seen through the sheet from the front
    ahead, through = _extent(seen, front), _extent(behind, front)
    assert abs(ahead[0] - (front["x"] - 3)) < 0.2 and abs(ahead[1] - (front["y"] - 3)) < 0.2  # the bleed's corner
    for a, b in zip(ahead, through):
        assert abs(a - b) <= 0.3, (ahead, through)
    # the lines between the squares of both sides fall on each other (measured from the front's trim)
    for horizontal in (True, False):
        ahead = {round(c / pitch): c for c in _square_lines(seen, front, pitch, horizontal)}
        through = {round(c / pitch): c for c in _square_lines(behind, front, pitch, horizontal)}
        common = sorted(set(ahead) & set(through))
        assert len(common) >= 4, (ahead, through)
        assert max(abs(ahead[k] - through[k]) for k in common) <= 0.3, (ahead, through)


# ---- a mission's map -------------------------------------------------------------------------------------------


def _kind(value: np.ndarray) -> str:
    r, g, b = (int(v) for v in value)
    if max(r, g, b) < 80:
        return "wall"
    if r > 110 and 60 < g < 115 and b < 70:
        return "door"
    if min(r, g, b) > 248:
        return "open door"
    return "nothing"


def _joined(pack_root: Path, mission_id: str) -> tuple[Grid, dict]:
    """The mission's map as the engine joins the sides its data lays (each side face up, at its square, turned),
    with the mission's closed doors on it, and the mission."""
    pack, problems = load_pack(pack_root)
    assert pack is not None, problems
    sides = {}
    for tile in pack.of_type("sector_tile"):
        sides[tile.get("side_a")] = Grid.from_field(tile.get("map_a"))
        sides[tile.get("side_b")] = Grid.from_field(tile.get("map_b"))
    mission = next(m for m in pack.of_type("mission") if m.id == mission_id)
    grid = assemble([(sides[m["side"]], (m["column"], m["row"]), int(m["turn"])) for m in mission.get("map")]).grid
    return grid, mission


def _closed(mission) -> set:
    """The map edges the mission closes with a door token: a square of a side as printed and the slot's edge."""
    placed = {m["side"]: m for m in mission.get("map")}
    steps = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
    closed = set()
    for door in mission.get("doors"):
        m = placed[door["side"]]
        turn = int(m["turn"])
        x, y = turn_cell((door["column"], door["row"]), SIDE, SIDE, turn)
        cell = (m["column"] + x, m["row"] + y)
        dx, dy = steps[EDGES[(EDGES.index(door["edge"]) + turn // 90) % 4]]
        closed.add(tuple(sorted((cell, (cell[0] + dx, cell[1] + dy)))))
    return closed


def _check_map(pdf: Path, manifest_entry: dict, page: int, grid: Grid, mission) -> dict[str, int]:
    (face,) = manifest_entry["pages"][page]["faces"]
    assert face["face"] == f"mission/{mission.id}" and face["scale"] == 1.0
    zx, zy, zw, zh = MAP_ZONE
    cell = min(zw / (grid.width + 2), zh / (grid.height + 2), MAX_CELL)
    ox = face["x"] + zx + (zw - grid.width * cell) / 2
    oy = face["y"] + zy + (zh - grid.height * cell) / 2
    pixels = np.asarray(page_image(pdf, page, 300).convert("RGB"), dtype=np.int16)
    px = 25.4 / 300
    closed = _closed(mission)
    counted = {"wall": 0, "door": 0, "open door": 0, "nothing": 0}
    for x, y in grid.cells():
        for other in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            key = tuple(sorted(((x, y), other)))
            if other in grid and other < (x, y):
                continue  # each inner edge once
            if other not in grid:
                if key not in grid.walls:
                    continue  # an opening to the outside: an entrance token may stand there
                expected = "wall"
            else:
                expected = (
                    "wall"
                    if key in grid.walls
                    else "door"
                    if key in closed
                    else "open door"
                    if key in grid.open_doors
                    else "door"
                    if key in grid.doors
                    else "nothing"
                )
            (ax, ay), (bx, by) = key
            if ax != bx:  # side by side: a vertical edge
                mx, my = ox + cell * max(ax, bx), oy + cell * (ay + 0.5)
            else:
                mx, my = ox + cell * (ax + 0.5), oy + cell * max(ay, by)
            seen = _kind(pixels[round(my / px), round(mx / px)])
            assert seen == expected, f"{mission.id}: edge {key} at {mx:.1f}, {my:.1f} mm: {seen}, expected {expected}"
            counted[expected] += 1
    return counted


def test_a_mission_brief_draws_its_map_as_the_mission_data_lays_it(printed) -> None:
    folder, manifest, _ = printed
    entry = _entry(manifest, "a4/mission-pages.pdf")
    grid, mission = _joined(PACK, "battle-plans")  # as shipped
    assert (grid.width, grid.height) == (21, 14)
    counted = _check_map(folder / "a4" / "mission-pages.pdf", entry, 0, grid, mission)
    assert counted["door"] == 2 and counted["wall"] > 40 and counted["open door"] >= 4


def test_a_turned_tile_is_drawn_turned_with_its_doors_and_walls(printed) -> None:
    folder, manifest, copy = printed
    grid, mission = _joined(copy, "you-got-in-now-get-out")
    unturned, _ = _joined(PACK, "you-got-in-now-get-out")
    assert grid.walls != unturned.walls  # the turns change the map, so the check below can tell them apart
    entry = _entry(manifest, "a4/mission-pages.pdf")
    counted = _check_map(folder / "a4" / "mission-pages.pdf", entry, 1, grid, mission)
    assert counted["door"] == 2 and counted["wall"] > 30
