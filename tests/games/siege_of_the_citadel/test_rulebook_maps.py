"""Siege's rulebook draws every mission's map from the mission data (``{map MISSION}``, read by the game package as
play reads it) and four worked examples from their scenario files (``{map example:STEM}``): each mission's diagram
is in the PDF rulebook on A4 and Letter and in the site's rules page, its walls and door tokens are printed where the
data puts them (measured on the page, against the data read here on its own), and a copy of the pack whose mission
moves a door token gets a diagram with the door moved (the site's page: ``tests/web/test_siege_maps.py``)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnpforge.engine.grid import Grid
from pnpforge.findings import display_path
from pnpforge.games.siege_of_the_citadel.diagrams import example_map, mission_map
from pnpforge.publish.rulebook.book import Page, load_sources
from pnpforge.publish.rulebook.document import write_rulebook
from pnpforge.publish.rulebook.figures import Figures
from pnpforge.render.grids import column_name
from pnpforge.render.map_drawing import CELL

from tests.games.siege_of_the_citadel.helpers import pack as shipped_pack
from tests.games.siege_of_the_citadel.test_print import PACK, _closed, _joined, _kind
from tests.helpers import edit, run_cli
from tests.impose.conftest import page_image
from tests.publish.rulebook.conftest import load

DPI = 200
MISSIONS = ("battle-plans", "you-got-in-now-get-out", "high-command-error", "secret-mission", "throne-of-alakhai")
EXAMPLE_KEYS = ("1 watts", "1 steiner", "1 makiko", "1 drake")  # each drawn example's key starts with its first figure
MOVED_DOOR = ("    - {side: 12, column: 3, row: 5, edge: north}", "    - {side: 14, column: 2, row: 2, edge: north}")


def _rulebooks(root: Path, out: Path) -> Path:
    result = run_cli("build", str(root), "--only", "rulebook", "--jobs", "1", "--out", str(out))
    assert result.code == 0, result.output
    assert "warning" not in result.output.split("built ")[-1].replace("no warnings", ""), result.output
    return out / "siege-of-the-citadel"


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> Path:
    """The shipped pack's PDF rulebooks (A4 and Letter)."""
    return _rulebooks(PACK, tmp_path_factory.mktemp("siege-maps"))


def _squashed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _pages(pdf: Path) -> list[str]:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mission_s_diagram_is_in_the_pdf_rulebook(shipped: Path, paper: str) -> None:
    pack = shipped_pack()
    texts = _pages(shipped / f"rulebook-{paper}.pdf")
    pages = [_squashed(text) for text in texts]
    for mission in pack.of_type("mission"):
        width = len({m["column"] + x for m in mission.get("map") for x in range(7)})  # 7 squares a side
        letters = "".join(column_name(x) for x in range(width))  # the map's columns, above it
        caption = _squashed(mission.get("name")).upper()
        assert any(caption in page and letters in page for page in pages), f"{paper}: no map of {mission.id}"
    for name in EXAMPLE_KEYS:
        assert any(name in text for text in texts), f"{paper}: no example figure keyed {name!r}"


def _origin(pdf: Path, page: int, width: int) -> tuple[float, float, float]:
    """The top-left corner of a map's first square on the page (px at DPI, as rendered) and a square's side in px,
    from the column letters above the map (each centred on its square) and the first row's number beside it."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        sheet = document[page]
        text = sheet.get_textpage()
        left_edge, _, _, top_edge = sheet.get_cropbox()  # what is rendered; the text is placed in the media box
        chars = []
        for index in range(text.count_chars()):
            left, bottom, right, upper = text.get_charbox(index)
            chars.append(
                (
                    text.get_text_range(index, 1),
                    ((left + right) / 2 - left_edge) * DPI / 72,
                    (top_edge - (bottom + upper) / 2) * DPI / 72,
                )
            )
    finally:
        document.close()
    letters = " ".join(column_name(x) for x in range(width))
    start = "".join(char for char, _, _ in chars).index(letters)
    (_, first, level), (_, last, _) = chars[start], chars[start + len(letters) - 1]
    square = (last - first) / (width - 1)
    ones = [y for char, x, y in chars if char == "1" and first - 2 * square < x < first and y > level]
    return first - square / 2, min(ones) - square / 2, square


def _check_edges(pdf: Path, grid: Grid, closed: set) -> dict[str, int]:
    """Every edge between two squares of Battle Plans, and every wall on the map's edge, is drawn as the data says
    it is: a wall, a door token (closed), an empty door slot (open) or nothing."""
    page = _battle_plans_page(pdf)
    ox, oy, square = _origin(pdf, page, grid.width)
    assert abs(square - 6 / 25.4 * DPI) < 1.0  # a square is the macro's 6 mm
    pixels = np.asarray(page_image(pdf, page, DPI).convert("RGB"), dtype=np.int16)
    counted = {"wall": 0, "door": 0, "open door": 0, "nothing": 0}
    for x, y in grid.cells():
        for other in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            key = tuple(sorted(((x, y), other)))
            if other in grid and other < (x, y):
                continue
            if other not in grid and key not in grid.walls:
                continue  # an opening: an entrance is drawn beyond it
            expected = (
                "wall"
                if key in grid.walls
                else "door"
                if key in closed
                else "open door"
                if key in grid.doors
                else "nothing"
            )
            (ax, ay), (bx, by) = key
            mx, my = (
                (ox + square * max(ax, bx), oy + square * (ay + 0.5))
                if ax != bx
                else (ox + square * (ax + 0.5), oy + square * max(ay, by))
            )
            seen = _kind(pixels[round(my), round(mx)])
            assert seen == expected, f"edge {key} at {mx:.0f}, {my:.0f} px: {seen}, expected {expected}"
            counted[expected] += 1
    return counted


def _battle_plans_page(pdf: Path) -> int:
    return next(i for i, text in enumerate(_pages(pdf)) if "T L E P L A N S" in text)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_battle_plans_walls_and_door_tokens_are_printed_where_the_data_puts_them(shipped: Path, paper: str) -> None:
    pdf = shipped / f"rulebook-{paper}.pdf"
    grid, mission = _joined(PACK, "battle-plans")
    counted = _check_edges(pdf, grid, _closed(mission))
    assert counted["door"] == 2 and counted["open door"] >= 4 and counted["wall"] > 40


def _drawn_doors(html: str) -> set:
    """The closed doors of a ``{map}`` figure's SVG, as edges: each bar lies across the middle of its edge."""
    found = set()
    for x, y, w, h in re.findall(
        r'class="wb-map-door-closed" x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)"', html
    ):
        cx, cy = int(x) + int(w) // 2, int(y) + int(h) // 2
        if int(w) < int(h):  # a vertical edge between two squares side by side
            a, b = (cx // CELL - 1, cy // CELL), (cx // CELL, cy // CELL)
        else:
            a, b = (cx // CELL, cy // CELL - 1), (cx // CELL, cy // CELL)
        found.add((a, b))
    return found


def test_the_diagram_follows_a_door_token_moved_in_the_mission_data(tmp_path: Path) -> None:
    copy = tmp_path / "siege-of-the-citadel"
    shutil.copytree(PACK, copy, ignore=shutil.ignore_patterns("build", "examples"))
    edit(copy / "missions.yaml", *MOVED_DOOR)
    drawn = {}
    for root in (PACK, copy):
        pack = load(root)
        page = tmp_path / f"{root.parent.name}-01-maps.md"
        page.write_text("# Maps\n\n{map battle-plans}\n", encoding="utf-8")
        sources = load_sources(pack, "en")
        sources.pages = [Page(page, display_path(page), page.read_text(encoding="utf-8"))]
        book = write_rulebook(sources, Figures(pack, "en", tmp_path / "art"), "en")
        assert [str(f) for f in book.findings if f.severity == "error"] == []
        drawn[root] = _drawn_doors(str(book.chapters[0].html))
    for root in (PACK, copy):
        assert drawn[root] == _closed(_joined(root, "battle-plans")[1])  # the data, read here on its own
    assert drawn[PACK] != drawn[copy]  # the door moved on the map as it moved in the data


def test_the_game_reads_each_mission_and_example_as_play_does() -> None:
    pack = shipped_pack()
    for mission in pack.of_type("mission"):
        marks = mission_map(pack, mission)
        assert marks is not None and marks.problems() == []
        grid, _ = _joined(PACK, mission.id)
        assert (marks.grid.width, marks.grid.height) == (grid.width, grid.height)
        assert marks.grid.doors - marks.grid.open_doors == _closed(mission)
        assert {label for _, label in marks.tiles} == {str(m["side"]) for m in mission.get("map")}
        assert len(marks.entrances) == len(mission.get("entrances")) and len(marks.targets) == len(
            mission.get("targets")
        )
    assert mission_map(pack, pack.of_type("character")[0]) is None
    sight = example_map(pack, PACK / "examples" / "sight-and-doors.yaml")
    assert [(p.label, p.cell, p.group) for p in sight.pieces] == [("1", (3, 3), 0), ("2", (1, 0), 1), ("3", (5, 0), 1)]
    assert [(s.to, s.clear) for s in sight.sight] == [((1, 0), False), ((5, 0), True)] and sight.outline
    assert len(sight.grid.doors - sight.grid.open_doors) == 1  # the left room's door, closed
