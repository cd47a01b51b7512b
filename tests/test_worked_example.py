"""The worked example of docs/layouts.md (tests/data/harbour-lights): a pack with its cards in a spreadsheet, its own
layouts, icons and print plan, and a rules page. It checks clean, and its build uses what the pack carries."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium

from tests.conftest import DATA, REPO
from tests.helpers import run_cli

PACK = DATA / "harbour-lights"
SEA = (0x1F, 0x5F, 0x8B)
GOLD = (0xC9, 0x9A, 0x2E)


def test_the_example_checks_clean_with_its_rules_pages() -> None:
    result = run_cli("validate", "--static", str(PACK))
    assert result.code == 0 and "no errors, no warnings" in result.output, result.output


def test_the_docs_and_the_readme_name_only_files_the_example_has() -> None:
    named = re.findall(r"`((?:layouts/)?[\w./*-]+\.(?:yaml|csv|html|css|\*))`", (PACK / "README.md").read_text())
    named += re.findall(r"`harbour-lights/([\w./-]+)`", (REPO / "docs" / "layouts.md").read_text())
    assert len(named) > 8
    missing = [name for name in named if not list(PACK.glob(name)) and not (PACK / "layouts" / name).exists()]
    assert missing == []


def _pixel(page: pdfium.PdfPage, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    scale = 4
    image = page.render(scale=scale).to_pil().convert("RGB")
    return image.getpixel((round(x_mm / 25.4 * 72 * scale), round(y_mm / 25.4 * 72 * scale)))


def test_the_build_draws_with_the_packs_layouts_and_prints_on_its_plan(tmp_path: Path) -> None:
    out = tmp_path / "build"
    built = run_cli("build", str(PACK), "--out", str(out), "--only", "faces,print", "--lang", "en")
    assert built.code == 0, built.output
    faces = json.loads((out / "harbour-lights" / "faces" / "faces.json").read_text())
    fronts = [face for face in faces["faces"] if face["side"] == "front"]
    assert sum(face.get("copies", 1) for face in fronts) == 16  # the qty column of ships.csv
    assert {face["layout"] for face in faces["faces"]} == {"ship", "ship-back"}
    pdf = pdfium.PdfDocument(out / "harbour-lights" / "faces" / "ship.pdf")
    front, back = pdf[0], pdf[len(pdf) - 1]
    near = lambda got, want: max(abs(a - b) for a, b in zip(got, want)) <= 6  # noqa: E731
    bleed = 3
    assert near(_pixel(front, bleed + 40, bleed + 1), SEA)  # the blue band of ship.yaml's `sea` zone
    assert near(_pixel(front, bleed + 5, bleed + 8.5), GOLD)  # the cost coin, left of its number
    assert near(_pixel(front, bleed + 30, bleed + 60), (255, 255, 255))  # the card's own white
    assert near(_pixel(back, bleed + 5, bleed + 80), SEA)
    printed = out / "harbour-lights" / "print"
    assert sorted(p.relative_to(printed).as_posix() for p in printed.rglob("*.pdf")) == [
        "a4/calibration.pdf", "a4/ship-cards-gapped.pdf"]  # the pack's own print.yaml: A4, gapped sheets only
