"""``{map}`` on a rules page: the border-watch mission's map joined from three ASCII sectors, drawn by the drawer the
mission's face uses, with its walls and doors where the data puts them in the PDF rulebook (A4 and Letter) and on the
web page as Chromium shows it; and a located error for every mistake in the macro."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pnpforge.findings import display_path
from pnpforge.publish.rulebook.book import Page, load_sources
from pnpforge.publish.rulebook.document import write_rulebook
from pnpforge.publish.rulebook.figures import Figures
from pnpforge.render.map_drawing import CELL, COORDINATE

from tests.conftest import REPO
from tests.helpers import run_cli
from tests.impose.conftest import page_image
from tests.render.test_map_faces import WATCH, _kind, check_joined_map
from tests.publish.rulebook.conftest import load

DPI = 300
SQUARE_MM = 6.0  # the macro's default square
MARGIN = COORDINATE + 2  # svg units left of and above the first square: the coordinates and half a wall


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """border-watch's PDF rulebooks, built as ``pnpforge build`` builds them."""
    out = tmp_path_factory.mktemp("maps")
    result = run_cli("build", str(WATCH), "--only", "rulebook", "--jobs", "1", "--out", str(out))
    assert result.code == 0, result.output
    return out / "border-watch"


def _first_map(pixels: np.ndarray, square: float) -> tuple[float, float]:
    """The top-left of the first square of the page's first map: its outer walls are the first dark lines at least
    four squares long, half a wall outside the squares."""
    dark = (pixels.max(axis=2) < 80).astype(np.int32)
    run = int(4 * square)

    def long_runs(mask: np.ndarray) -> np.ndarray:
        total = np.cumsum(np.pad(mask, ((0, 0), (1, 0))), axis=1)
        return ((total[:, run:] - total[:, :-run]) == run).any(axis=1)

    rows = np.flatnonzero(long_runs(dark))
    assert rows.size, "no map on the page"
    top = int(rows[0])
    band = dark[top:top + int(8.2 * square)]
    columns = np.flatnonzero(long_runs(band.T))
    half_wall = 2 * square / CELL
    return columns[0] + half_wall, top + half_wall


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rulebook_draws_the_joined_map_where_the_data_puts_its_walls_and_doors(built, paper: str) -> None:
    pdf = built / f"rulebook-{paper}.pdf"
    square = SQUARE_MM / 25.4 * DPI
    pages = [np.asarray(page_image(pdf, page, DPI).convert("RGB"), dtype=np.int16) for page in range(5)]
    # the map's page: the one with most of the doors' brown (the accent colour has a little of it elsewhere)
    pixels = max(pages, key=lambda p: int(((p[..., 0] > 110) & (p[..., 1] > 60) & (p[..., 1] < 115) &
                                           (p[..., 2] < 70) & (p.max(axis=2) - p.min(axis=2) > 40)).sum()))
    origin = _first_map(pixels, square)
    check_joined_map(pixels, origin, square)
    # the column letters above the map and the row numbers beside it are printed in the margin it leaves
    ox, oy = origin
    letters = pixels[round(oy - square * 0.75):round(oy - square * 0.1), round(ox):round(ox + square)]
    numbers = pixels[round(oy):round(oy + square), round(ox - square * 0.6):round(ox - square * 0.1)]
    assert (letters.max(axis=2) < 170).any() and (numbers.max(axis=2) < 170).any()


def _render(tmp_path: Path, text: str):
    pack = load(WATCH)
    path = tmp_path / "01-test.md"
    path.write_text(text, encoding="utf-8")
    sources = load_sources(pack, "en")
    sources.pages = [Page(path, display_path(path), text)]
    book = write_rulebook(sources, Figures(pack, "en", tmp_path / "art"), "en")
    return book, [str(f) for f in book.findings if f.mark and f.mark.path == display_path(path)], display_path(path)


@pytest.mark.parametrize("macro, message", [
    ("{map hold-the-frod}", "unknown item 'hold-the-frod'; did you mean 'hold-the-ford'?"),
    ("{map hold-the-ford.route}", "mission 'hold-the-ford' has no field 'route'; its maps: tiles"),
    ("{map hold-the-ford.name}", "mission 'hold-the-ford' holds no map in its field 'name'; its maps: tiles"),
    ("{map blast}", "blast 'blast' has no map: no grid field and no list of tiles"),
    ("{map gatehouse J2=X}", "square J2 is not on the map (A1 to D4)"),
    ("{map gatehouse B2=LONG}", "the marker on B2 is at most 3 characters, found 'LONG'"),
    ("{map gatehouse cell=0}", "cell: a square is from 2 to 30 mm a side, found '0'"),
    ("{map gatehouse 2B}", "expected cell=MM or a marker such as B3=1, found '2B'"),
    ("{map}", "{map} needs an item id"),
])
def test_a_mistake_in_a_map_is_an_error_where_it_stands(tmp_path: Path, macro: str, message: str) -> None:
    book, findings, path = _render(tmp_path, f"# Maps\n\n{macro}\n")
    assert len(findings) == 1 and findings[0].startswith(f"{path}:3:1: error: ") and message in findings[0], findings
    assert 'class="rb-missing"' in str(book.chapters[0].html)


def test_an_example_s_map_is_an_error_without_its_file_or_a_game_that_reads_it(tmp_path: Path) -> None:
    book, findings, path = _render(tmp_path, "# Maps\n\n{map example:nope}\n")
    assert len(findings) == 1 and "{map}: no example 'nope' in examples/" in findings[0], findings
    pack = load(REPO / "content" / "legie")  # examples, and a game package that draws them its own way
    page = tmp_path / "01-legie.md"
    page.write_text("# Maps\n\n{map example:archer-forced-target}\n", encoding="utf-8")
    sources = load_sources(pack, "en")
    sources.pages = [Page(page, display_path(page), page.read_text(encoding="utf-8"))]
    book = write_rulebook(sources, Figures(pack, "en", tmp_path / "art"), "en")
    found = [str(f) for f in book.findings if f.mark and f.mark.path == display_path(page)]
    assert len(found) == 1 and found[0].startswith(f"{display_path(page)}:3:1: error: "), found
    assert "pack 'legie' has no game package that reads an example's position" in found[0]


def test_a_sector_draws_its_own_grid_field_with_its_markers(tmp_path: Path) -> None:
    book, findings, _ = _render(tmp_path, "# Maps\n\n{map gatehouse.layout cell=8 A1=1 D4=X}\n")
    html = str(book.chapters[0].html)
    assert findings == []
    assert 'style="width:38.000mm;height:38.000mm"' in html  # (4 squares, coordinates and walls: 114) x 8/24 mm
    assert html.count("wb-map-marker") == 2 and ">X</text>" in html and html.count("wb-map-column") == 4
    assert _kind(np.array([43, 37, 32])) == "wall"  # the wall colour the pixel tests look for
