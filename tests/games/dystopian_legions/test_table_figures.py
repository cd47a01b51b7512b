"""Scenarios on the table and their figures: ``replay --svg`` draws where a scenario ends, a rules page's
``{plane example:STEM}`` puts the same drawing in the rulebook (the HTML both papers and the site are made from), a
model moved in the file moves in the drawing (SVG structure, and pixels of the printed figure), and a mistake in a
file or a macro is an error where it stands."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnpforge.engine.plane import INCH
from pnpforge.findings import display_path
from pnpforge.games.dystopian_legions import PACKAGE
from pnpforge.publish.rulebook.book import Page, load_sources
from pnpforge.publish.rulebook.document import write_rulebook
from pnpforge.publish.rulebook.figures import Figures

from tests.conftest import REPO
from tests.helpers import run_cli, shipped_pack

PACK = REPO / "content" / "dystopian-legions"
EXAMPLES = sorted(p.stem for p in (PACK / "examples").glob("table-*.yaml"))
COHERENCY = PACK / "examples" / "table-coherency-after-casualties.yaml"


@pytest.fixture(scope="module")
def pack():
    return shipped_pack(PACK)


def _centre(svg: str, base: str) -> tuple[int, int]:
    """The drawn centre of a round base, by its title (SVG units: y grows down the page)."""
    found = re.search(rf'<circle class="base group-\d" cx="(-?\d+)" cy="(-?\d+)" r="\d+"><title>{base}</title>', svg)
    assert found, f"no base {base} in the drawing"
    return int(found.group(1)), int(found.group(2))


def test_six_examples_on_the_table() -> None:
    assert len(EXAMPLES) >= 6


def test_replay_prints_the_outcome_and_draws_where_the_scenario_ends(tmp_path: Path) -> None:
    drawn = tmp_path / "charge.svg"
    run = run_cli(
        "replay", "dystopian-legions", str(PACK / "examples" / "table-charge-into-contact.yaml"), "--svg", str(drawn)
    )
    assert run.code == 0, run.output
    assert '"in_contact"' in run.output and '"rule": "move-charge"' in run.output
    svg = drawn.read_text(encoding="utf-8")
    assert svg.count('class="ghost"') == 4  # the four Grenadiers where they stood
    assert svg.count('class="base group-1"') == 4 and svg.count('class="base group-0"') == 5


def test_a_duel_scenario_has_no_drawing(tmp_path: Path) -> None:
    run = run_cli(
        "replay", "dystopian-legions", str(PACK / "examples" / "dice-nine-black.yaml"), "--svg", str(tmp_path / "x.svg")
    )
    assert run.code == 2 and "sets no position on the table" in run.output


@pytest.mark.parametrize("stem", EXAMPLES)
def test_each_figure_shows_its_position(pack, stem: str) -> None:
    figure = PACKAGE.example_plane(pack, PACK / "examples" / f"{stem}.yaml")
    assert figure.problems() == [] and figure.bases and figure.key
    svg = figure.svg(100)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="plane-figure" width="100mm"')
    assert ".plane-figure .base {" in svg and "\n.base {" not in svg  # its style touches nothing else on a page


def _moved(tmp_path: Path, old: str, new: str) -> Path:
    text = COHERENCY.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "moved.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_model_moved_in_the_file_moves_in_the_drawing(pack, tmp_path: Path) -> None:
    before = PACKAGE.example_plane(pack, COHERENCY).svg()
    after = PACKAGE.example_plane(pack, _moved(tmp_path, "at: [[7, 7]]", "at: [[6.5, 6]]")).svg()
    (x0, y0), (x1, y1) = _centre(before, "grenadiers-1"), _centre(after, "grenadiers-1")
    assert (x1 - x0, y1 - y0) == (-INCH // 2, INCH)  # half an inch left, an inch down the table (down the SVG too)
    assert _centre(before, "riflemen-2") == _centre(after, "riflemen-2")


def _blue_columns(svg: str, width_mm: int, dpi: int = 150) -> np.ndarray:
    """The columns of a printed figure where a blue base shows, in mm from its left edge."""
    import weasyprint

    page = f"@page {{ size: {width_mm + 20}mm 80mm; margin: 10mm }} body {{ margin: 0 }}"
    html = f"<html><head><style>{page}</style></head><body>{svg}"
    pdf = weasyprint.HTML(string=html).write_pdf()
    image = pdfium.PdfDocument(pdf)[0].render(scale=dpi / 72).to_pil().convert("RGB")
    pixels = np.asarray(image, dtype=np.int16)
    blue = (pixels[..., 2] > 150) & (pixels[..., 0] < 120) & (pixels[..., 2] - pixels[..., 0] > 60)
    return np.flatnonzero(blue.any(axis=0)) * 25.4 / dpi - 10


def test_the_printed_figure_puts_a_moved_model_where_the_file_says(pack, tmp_path: Path) -> None:
    width = 90  # mm for an 18" table: 5 mm to the inch
    before = _blue_columns(PACKAGE.example_plane(pack, COHERENCY).svg(width), width)
    moved = _moved(tmp_path, "at: [[7, 7]]", "at: [[5, 7]]")
    after = _blue_columns(PACKAGE.example_plane(pack, moved).svg(width), width)
    # the Grenadier spans 7" +- half a 25 mm base: 32.5 to 37.5 mm; moved 2" left it lies 10 mm further left
    assert (before.min(), before.max()) == (pytest.approx(32.5, abs=0.6), pytest.approx(37.5, abs=0.6))
    assert (after.min(), after.max()) == (pytest.approx(22.5, abs=0.6), pytest.approx(27.5, abs=0.6))


def _page(pack, tmp_path: Path, text: str) -> tuple[str, list[str], str]:
    path = tmp_path / "01-test.md"
    path.write_text(text, encoding="utf-8")
    sources = load_sources(pack, "en")
    sources.pages = [Page(path, display_path(path), text)]
    book = write_rulebook(sources, Figures(pack, "en", tmp_path / "art"), "en")
    shown = display_path(path)
    return str(book.chapters[0].html), [str(f) for f in book.findings if f.mark and f.mark.path == shown], shown


def test_the_rules_chapter_draws_all_six_and_the_site_uses_that_html(pack, tmp_path: Path) -> None:
    chapter = (PACK / "rules" / "en" / "12-on-the-table.md").read_text(encoding="utf-8")
    assert sorted(re.findall(r"\{plane example:([a-z-]+)\}", chapter)) == EXAMPLES
    html, findings, _ = _page(pack, tmp_path, chapter)
    assert findings == [] and html.count('<figure class="rb-map rb-plane">') == len(EXAMPLES)
    assert html.count('class="plane-figure" width="110mm"') == len(EXAMPLES)


@pytest.mark.parametrize(
    "macro, message",
    [
        (
            "{plane example:table-blast-scater}",
            "no example 'table-blast-scater' in examples/; did you mean 'example:table-blast-scatter'?",
        ),
        ("{plane example:dice-nine-black}", "example 'dice-nine-black': it sets no position on the table"),
        ("{plane example:table-blast-scatter width=9}", "expected width=MM (40 to 180), found 'width=9'"),
        ("{plane table-blast-scatter}", "{plane} draws a worked example on the table"),
    ],
)
def test_a_mistake_in_a_plane_figure_is_an_error_where_it_stands(
    pack, tmp_path: Path, macro: str, message: str
) -> None:
    html, findings, shown = _page(pack, tmp_path, f"# Table\n\n{macro}\n")
    assert len(findings) == 1 and findings[0].startswith(f"{shown}:3:1: error: ") and message in findings[0], findings
    assert 'class="rb-missing"' in html


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("{id: gap, at: [7, 4]}", "{id: gap, at: [7.25, 4]}", "7.25 inches is not a whole number of tenths"),
        ("section: kob-line-infantry", "section: kob-nobody", "no section 'kob-nobody'"),
        (
            "choices:",
            "terrain:\n  - {id: pond, kind: lake, corners: [[1, 1], [2, 1], [2, 2]]}\nchoices:",
            "no terrain 'lake'",
        ),
        (
            "{player: britannia, step: [riflemen-4, gap]}",
            "{player: prussia, step: [riflemen-4, gap]}",
            "riflemen-4 is not the prussia's",
        ),
    ],
)
def test_a_mistake_in_a_table_scenario_is_an_error_at_its_line(
    pack, tmp_path: Path, old: str, new: str, message: str
) -> None:
    outcome = PACKAGE.replay(pack, _moved(tmp_path, old, new))
    assert outcome.data is None and any(message in str(f) for f in outcome.findings), [str(f) for f in outcome.findings]
    assert all(re.match(rf"{re.escape(str(tmp_path))}/moved.yaml:\d+:\d+: error: ", str(f)) for f in outcome.findings)


def test_replay_of_a_battle_seed_draws_where_the_battle_ended(tmp_path: Path) -> None:
    drawn = tmp_path / "battle.svg"
    run = run_cli("replay", "dystopian-legions", "--seed", "1", "--mode", "battle", "--svg", str(drawn))
    assert run.code == 0, run.output
    svg = drawn.read_text(encoding="utf-8")
    assert 'width="1219.2mm" height="1219.2mm"' in svg  # the 4 by 4 foot table at its real size
    assert 'class="base group-0"' in svg and 'class="base group-1"' in svg and ">obj 1</text>" in svg
    duel = run_cli("replay", "dystopian-legions", "--seed", "1", "--svg", str(tmp_path / "duel.svg"))
    assert duel.code == 2 and "not played on a table" in duel.output
