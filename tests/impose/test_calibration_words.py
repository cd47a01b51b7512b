"""The tutorial tells a designer to read the calibration page the way the page itself says: the back has scales,
read X on the horizontal one and Y on the vertical one, and the tutorial's example reading is the offset its
command builds with."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from pnpforge.impose.calibration import calibration_pdf
from pnpforge.impose.presets import Presets, sheet_search_path

from tests.conftest import REPO


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    return text[start:text.index("\n## ", start + 1)]


def test_the_tutorial_reads_the_scales_the_back_page_shows() -> None:
    sheet = Presets(sheet_search_path(None)).sheet("a4", "calibration")
    back = " ".join(PdfReader(io.BytesIO(calibration_pdf(sheet, (0, 0)))).pages[1].extract_text().split())
    tutorial = " ".join(_section((REPO / "docs" / "tutorial.md").read_text(encoding="utf-8"),
                                 "## 5. Line up the backs").split())
    for words in ("horizontal scale, read X", "vertical scale, read Y", "right and up are positive"):
        assert words in back, words
        assert words in tutorial, words
    assert "crosses should meet" not in tutorial
    reading = re.search(r"read X = (-?[\d.]+) and Y = (-?[\d.]+)", tutorial)
    command = re.search(r"--back-offset (-?[\d.]+),(-?[\d.]+)", tutorial)
    assert reading and command and reading.groups() == command.groups()  # built first at 0,0: the reading itself
