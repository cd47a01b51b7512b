"""Maps drawn from data in a face: a sector's ``grid`` field (``grid_map``) and a mission's map joined from three
sectors (``tiles_map``), with the walls and doors where the data puts them, measured on the printed page."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pnpforge.content.pack import load_pack
from pnpforge.engine.grid import Grid
from pnpforge.engine.tiles import assemble
from pnpforge.render.environment import PackView, RenderError, make_environment
from pnpforge.render.icons import IconSet
from pnpforge.render.map_drawing import CELL

from tests.conftest import DATA
from tests.helpers import run_cli
from tests.impose.conftest import page_image

WATCH = DATA / "border-watch"
DPI = 300
PX = 25.4 / DPI
SQUARE = 10.0  # mm: the mission layout draws its map at tiles_map(..., 10)
MAP_ZONE = (9.0, 20.0)  # mm from the trim: the mission layout's map zone


def _joined() -> Grid:
    """The mission's map as the engine joins it, from the sectors' data."""
    pack, problems = load_pack(WATCH)
    assert pack is not None, problems
    sectors = {item.id: Grid.from_field(item.get("layout")) for item in pack.of_type("sector")}
    (mission,) = pack.of_type("mission")
    return assemble([(sectors[t["tile"]], (t["x"], t["y"]), t["turn"]) for t in mission.get("tiles")]).grid


def _kind(pixel: np.ndarray) -> str:
    r, g, b = (int(v) for v in pixel)
    if max(r, g, b) < 80:
        return "wall"
    if r > 110 and 60 < g < 115 and b < 70:
        return "door"
    if min(r, g, b) > 248:
        return "open door"
    return "nothing"


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> tuple[np.ndarray, tuple[float, float]]:
    """The mission page on A4 at 300 dpi, and the top-left corner of its map's first square (mm on the page)."""
    out = tmp_path_factory.mktemp("maps")
    result = run_cli("build", str(WATCH), "--only", "print", "--paper", "a4", "--sheets", "pages", "--out", str(out))
    assert result.code == 0, result.output
    folder = out / "border-watch" / "print"
    manifest = json.loads((folder / "print.json").read_text(encoding="utf-8"))
    entry = next(f for f in manifest["files"] if f["file"] == "a4/mission-pages.pdf")
    (face,) = entry["pages"][0]["faces"]
    assert face["rotation"] == 0 and face["scale"] == 1.0
    margin = 2 * SQUARE / CELL  # the drawing's margin for the walls' thickness
    origin = (face["x"] + MAP_ZONE[0] + margin, face["y"] + MAP_ZONE[1] + margin)
    pixels = np.asarray(page_image(folder / "a4" / "mission-pages.pdf", 0, DPI).convert("RGB"), dtype=np.int16)
    return pixels, origin


def edges_seen(pixels: np.ndarray, origin: tuple[float, float], square: float, grid: Grid) -> dict[str, int]:
    """Check every inner edge of ``grid`` in ``pixels`` (the top-left of its first square at ``origin`` and each
    square ``square`` pixels a side): the pixel at the edge's middle is a wall, a door, an open door or nothing, as
    the data says. Returns how many of each were seen."""
    ox, oy = origin
    counted = {"wall": 0, "door": 0, "open door": 0, "nothing": 0}
    for x, y in grid.cells():
        for other in ((x + 1, y), (x, y + 1)):
            if other not in grid:
                continue
            key = ((x, y), other)
            expected = "wall" if key in grid.walls else "open door" if key in grid.open_doors else \
                "door" if key in grid.doors else "nothing"
            if other[0] > x:  # a vertical edge at the right of (x, y)
                mx, my = ox + square * (x + 1), oy + square * (y + 0.5)
            else:
                mx, my = ox + square * (x + 0.5), oy + square * (y + 1)
            seen = _kind(pixels[round(my), round(mx)])
            assert seen == expected, f"edge {key} at {mx:.0f}, {my:.0f} px: {seen}, expected {expected}"
            counted[expected] += 1
    return counted


def check_joined_map(pixels: np.ndarray, origin: tuple[float, float], square: float) -> None:
    """The mission's map joined from the three sectors, with its walls and doors where the data puts them."""
    grid = _joined()
    assert (grid.width, grid.height) == (8, 8)
    counted = edges_seen(pixels, origin, square, grid)
    # the joins: the gatehouse's opening into the ford yard and the one into the watch post, walls on the seams
    assert counted["door"] == 2 and counted["open door"] == 1 and counted["wall"] >= 10
    assert ((3, 1), (4, 1)) not in grid.walls and ((1, 3), (1, 4)) not in grid.walls
    assert ((3, 0), (4, 0)) in grid.walls
    ox, oy = origin
    for x in range(8):  # the top border of the two upper sectors
        assert _kind(pixels[round(oy), round(ox + square * (x + 0.5))]) == "wall"
    # the missing quarter (below the ford yard, right of the watch post) is paper
    assert _kind(pixels[round(oy + 6 * square), round(ox + 6 * square)]) in ("open door", "nothing")


def test_the_joined_map_has_its_walls_and_doors_where_the_sectors_put_them(printed) -> None:
    pixels, (ox, oy) = printed
    check_joined_map(pixels, (ox / PX, oy / PX), SQUARE / PX)


def test_an_outer_wall_of_the_map_is_drawn_round_it(printed) -> None:
    pixels, (ox, oy) = printed
    for x in range(8):  # the top border of the two upper sectors
        assert _kind(pixels[round(oy / PX), round((ox + SQUARE * (x + 0.5)) / PX)]) == "wall"
    # the missing quarter (below the ford yard, right of the watch post) is paper
    assert min(pixels[round((oy + 60) / PX), round((ox + 60) / PX)]) > 248


@pytest.mark.parametrize("call,message", [
    ("tiles_map([{'tile': 'gatehouse', 'turn': 45}], 'layout')", "tile 1: turn is one of 0, 90, 180, 270"),
    ("tiles_map([{'tile': 'nowhere'}], 'layout')", "tile 1: 'nowhere' has no map"),
    ("tiles_map([{'tile': 'gatehouse'}, {'tile': 'ford-yard'}], 'layout')", "tiles 0 and 1 both cover cell (0, 0)"),
    ("tiles_map([], 'layout')", "tiles_map: expected a list of tiles"),
    ("tiles_map([{'tile': 'gatehouse', 'field': 'name'}], 'layout')", "'gatehouse' has no map in its field 'name'"),
    ("grid_map('not a map')", "grid_map: expected the value of a grid field"),
    ("grid_map(ref('gatehouse').get('layout'), 0)", "a map square is from 1 to 100 mm a side, found 0"),
])
def test_a_bad_map_is_an_error_of_the_template(call: str, message: str) -> None:
    pack, _ = load_pack(WATCH)
    env = make_environment([])
    PackView(pack, "en", IconSet(pack, "en")).install(env)
    with pytest.raises(RenderError, match=message.replace("(", r"\(").replace(")", r"\)")):
        env.from_string("{{ " + call + " }}").render()


def test_a_sector_draws_its_own_map(tmp_path: Path) -> None:
    pack, _ = load_pack(WATCH)
    env = make_environment([])
    PackView(pack, "en", IconSet(pack, "en")).install(env)
    markup = env.from_string("{{ grid_map(ref('gatehouse').get('layout'), 12) }}").render()
    assert 'style="width:50.000mm;height:50.000mm"' in markup and 'aria-label="map, 4 by 4 squares"' in markup
    assert markup.count("wb-map-door-closed") == 1 and "width=" not in markup.split(">")[0]


def test_a_tile_may_name_the_field_of_its_side_face_up() -> None:
    pack, _ = load_pack(WATCH)
    env = make_environment([])
    PackView(pack, "en", IconSet(pack, "en")).install(env)
    by_default = env.from_string("{{ tiles_map([{'tile': 'gatehouse', 'turn': 90}], 'name') }}")
    with pytest.raises(RenderError, match="has no map"):
        by_default.render()  # the call's field is no map ...
    own = env.from_string("{{ tiles_map([{'tile': 'gatehouse', 'turn': 90, 'field': 'layout'}], 'name') }}").render()
    # ... the entry's own field is, and draws what the call with that field draws
    assert own == env.from_string("{{ tiles_map([{'tile': 'gatehouse', 'turn': 90}], 'layout') }}").render()
    assert own.count("wb-map-door-closed") == 1
