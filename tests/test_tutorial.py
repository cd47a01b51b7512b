"""docs/tutorial.md, followed to the letter: its sheet saved as the workbook it names, its commands run in order in
an empty folder, its edits of the workbook made, and after each step the files it names checked and the output it
shows found (a step that shows an error exits 1, any other 0)."""

from __future__ import annotations

import ast
import csv
import io
import re
import shlex
from pathlib import Path

from openpyxl import Workbook, load_workbook
from pypdf import PdfReader

from tests.conftest import REPO
from tests.helpers import run_cli

TUTORIAL = REPO / "docs" / "tutorial.md"
SHEET = re.compile(r"```csv\n(.*?)```", re.DOTALL)
WORKBOOK = re.compile(r"save it as\s+`([\w.-]+\.xlsx)` \(its first worksheet, here called `(\w+)`")
STEP = re.compile(r"```console\n(.*?)```|<!-- (expect|set): (.*?) -->"
                  r"|<!-- (write|append): (\S+) -->\s*```\w*\n(.*?)```", re.DOTALL)
SET = re.compile(r"([\w./-]+\.xlsx) ([A-Z]+[0-9]+) = (.*)", re.DOTALL)


def save_workbook(text: str, target: Path, sheet: str) -> None:
    """The tutorial's CSV cells as a spreadsheet program saves them: numbers as numbers."""
    book = Workbook()
    book.active.title = sheet
    for row in csv.reader(io.StringIO(text)):
        book.active.append([int(cell) if cell.isdigit() else cell for cell in row])
    book.save(target)


def set_cell(folder: Path, order: str) -> None:
    """``my-deck/cards.xlsx C4 = 0``: a cell changed as the designer would change it (a text may be ``"..." * n``)."""
    match = SET.fullmatch(order.strip())
    assert match, order
    path, cell, written = match.groups()
    value, _, times = written.rpartition(" * ") if re.search(r"\* \d+$", written) else (written, "", "1")
    book = load_workbook(folder / path)
    book.active[cell] = ast.literal_eval(value) * int(times)
    book.save(folder / path)


def test_every_step_of_the_tutorial_works_and_makes_what_it_says(tmp_path: Path, monkeypatch) -> None:
    text = TUTORIAL.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    name, sheet = WORKBOOK.search(text).groups()
    save_workbook(SHEET.search(text).group(1), tmp_path / name, sheet)
    commands = 0
    for block, kind, argument, writing, path, content in STEP.findall(text):
        if writing:  # a file the designer writes, or adds to
            target = tmp_path / path
            before = target.read_text(encoding="utf-8") if writing == "append" else ""
            target.write_text(before + content, encoding="utf-8")
            continue
        if kind == "set":
            set_cell(tmp_path, argument)
            continue
        shown: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ pnpforge "):
                result = run_cli(*shlex.split(line[len("$ pnpforge "):]))
                commands += 1
            elif line.strip():
                shown.append(line.strip())
        if block:
            assert result.code == (1 if any(": error: " in line for line in shown) else 0), result.output
            assert [line for line in shown if line not in result.lines] == [], result.output
        missing = [name for name in argument.split() if kind == "expect" and not (tmp_path / name).is_file()]
        assert missing == [], f"after the step before it, the tutorial expects {missing}"
    assert commands == 8
    faces = PdfReader(tmp_path / "build" / "my-deck" / "faces" / "cards.pdf")
    fonts = {str(font["/BaseFont"]) for page in faces.pages for font in page["/Resources"]["/Font"].values()}
    words = " ".join(page.extract_text() for page in faces.pages)
    # the stars of step 1 are emphasis, set in the bold and italic faces of the card's font, and gone from the text
    assert "Lit:" in words and "*" not in words
    assert any("Bold" in f for f in fonts) and any("Italic" in f for f in fonts)
    relic = (tmp_path / "build" / "my-deck" / "faces" / "faces.json").read_text(encoding="utf-8")
    assert "cards-relic" in relic  # the variant of step 8 drew the relic
