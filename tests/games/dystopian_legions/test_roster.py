"""The roster of a force list (``build dystopian-legions --list FILE``): an A4 and a Letter PDF whose text shows
every section's points and the force's total, whose tally boxes number each section's Life Points (Hull Points for
an Ironclad) from 1, and whose last pages are the chosen Tactical Action Cards on a card sheet."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnpforge.caches.paths import OutputPaths
from pnpforge.content.pack import load_pack
from pnpforge.content.player_files import load_player_file
from pnpforge.games.dystopian_legions.force_list import read_force
from pnpforge.lists.document import print_document

from tests.conftest import REPO
from tests.helpers import run_cli

PACK = REPO / "content" / "dystopian-legions"
LIST = PACK / "forces" / "britannia-starter.yaml"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):
    pack, problems = load_pack(PACK)
    assert pack is not None, [str(p) for p in problems]
    player_file, found = load_player_file(pack, LIST)
    assert player_file is not None and found == []
    out = tmp_path_factory.mktemp("out") / pack.id
    written, findings = print_document(pack, player_file, OutputPaths(out, out / "cache", out / "cache" / "art"))
    assert findings == []
    return pack, player_file, {path.name: path for path in written}


def pages_text(path: Path) -> list[str]:
    document = pdfium.PdfDocument(path)
    return [" ".join(document[i].get_textpage().get_text_range().split()) for i in range(len(document))]


def text_lines(path: Path) -> list[str]:
    document = pdfium.PdfDocument(path)
    return [
        line.strip() for i in range(len(document)) for line in document[i].get_textpage().get_text_range().splitlines()
    ]


def heading(lines: list[str], name: str) -> str:
    """A section's heading line: its name, slot and quality, its tally boxes and its points."""
    found = [line for line in lines if line.startswith(f"{name} ") and line.endswith(" pts")]
    assert len(found) == 1, (name, found)
    return found[0]


def test_a_roster_on_each_paper(built) -> None:
    _pack, _file, written = built
    assert sorted(written) == ["britannia-starter-a4.pdf", "britannia-starter-letter.pdf"]
    for paper, (width, height) in PAPERS.items():
        document = pdfium.PdfDocument(written[f"britannia-starter-{paper}.pdf"])
        sizes = {tuple(round(side / 72 * 25.4, 1) for side in document[i].get_size()) for i in range(len(document))}
        assert sizes == {(width, height)}, paper


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_text_shows_each_sections_points_and_the_total(built, paper: str) -> None:
    pack, player_file, written = built
    path = written[f"britannia-starter-{paper}.pdf"]
    force = read_force(pack, player_file)
    # the points as the force list prices them: 45 + 12 + 10 for the captain's HQ, 80 + 6 + 55 for the Line
    # Infantry with a rifle grenadier in a Bulldog, 121 + 2 x 38 for five Dragoons ...
    expected = {
        "Captain and Command Section": 67,
        "Line Infantry Section": 141,
        "Dragoon Section": 197,
        "Gardner Gun Section": 48,
        "Royal Marine Section": 128,
        "Terrier Heavy Ironclad": 210,
        "Colonel MacDonald": 95,
        "Volunteer Rifles": 96,
        "Mortar Section": 69,
        "Sharpshooter Section": 66,
    }
    assert {entry.unit["name"]: int(entry.points) for entry in force.entries} == expected
    lines = text_lines(path)
    for name, points in expected.items():
        assert heading(lines, name).endswith(f" {points} pts"), name
    text = " ".join(pages_text(path))
    assert "Force 1117 of 1250 points · 133 to spare" in text
    assert "Total, against a Maximum Force Value of 1250 1117 / 1250" in text


def test_the_tally_boxes_number_each_sections_life_points(built) -> None:
    pack, player_file, written = built
    lines = text_lines(written["britannia-starter-a4.pdf"])
    models = {model.id: model for model in pack.of_type("model")}
    for entry in read_force(pack, player_file).entries:
        hulls = [models[m]["model_type"] in ("ironclad", "heavy_ironclad", "field_gun") for m in entry.models]
        life = sum(
            count * (models[m]["hp"] if hull else models[m]["lp"])
            for (m, count), hull in zip(entry.models.items(), hulls)
        )
        label = "HP" if all(hulls) else "LP"
        line = heading(lines, entry.unit["name"])
        boxes = line.split(f" {label} {life} ", 1)[1].rsplit(" ", 2)[0]  # the boxes, without the points
        assert [int(n) for n in re.findall(r"\b\d+\b", boxes)] == list(range(1, life + 1)), (entry.section, line)
    volunteers = "LP 16 Volunteer Sergeant 1 2 Volunteer Rifleman 3 4 5 6 7 8 9 10 11 12 13 14 15 16 96 pts"
    assert heading(lines, "Volunteer Rifles").endswith(volunteers)
    assert "HP 3 Bulldog Carrier 1 2 3" in lines  # the transport's own tally


def test_the_chosen_cards_follow_on_a_sheet(built) -> None:
    pack, player_file, written = built
    pages = pages_text(written["britannia-starter-a4.pdf"])
    names = {card.id: card["name"] for card in pack.of_type("tac")}
    chosen = [names[card] for card in player_file.data["tacs"]]
    sheets = " ".join(page for page in pages if "Tactical Action Card" in page and "PTS" not in page)
    assert all(name in sheets for name in chosen), [name for name in chosen if name not in sheets]
    assert "Rule Britannia" not in sheets  # a national card the list did not choose


def test_the_command_prints_the_roster_and_refuses_a_broken_list(tmp_path: Path) -> None:
    broken = run_cli(
        "build", "dystopian-legions", "--list", "tests/data/force-lists/over-points.yaml", "--out", str(tmp_path)
    )
    assert broken.code == 1, broken.output
    assert "tests/data/force-lists/over-points.yaml:4:1: error: the force costs 1117 points" in broken.output
    assert not (tmp_path / "dystopian-legions" / "rosters").exists()
    two = run_cli("build", "dystopian-legions", "legie", "--list", str(LIST), "--out", str(tmp_path))
    assert two.code == 2 and "a list belongs to one game" in two.output
