"""What a pack's own rulebook template raises or makes too much of is located at its line before a build makes
anything (exit 2), never an internal error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpforge.render.layouts import LAYOUTS_DIR

from tests.conftest import DATA
from tests.helpers import run_cli


@pytest.mark.parametrize("attack, message", [
    ("{{ 'wide'|mm }}", "mm: expected a number of millimetres, found 'wide'"),
    ("{{ 'x' * 10**9 }}", "too much work: '*' would make a value of 1,000,000,000 characters or items "
                          "(at most 1,000,000)"),
    ("{{ 1 / 0 }}", "ZeroDivisionError: division by zero"),
])
def test_a_rulebook_template_fault_is_located_at_its_line(tmp_path: Path, attack: str, message: str) -> None:
    pack = tmp_path / "harbour-lights"
    shutil.copytree(DATA / "harbour-lights", pack)
    template = pack / "layouts" / "rulebook" / "rulebook.html"
    template.parent.mkdir()
    template.write_text(attack + "\n" + (LAYOUTS_DIR / "rulebook" / "rulebook.html").read_text(encoding="utf-8"),
                        encoding="utf-8")
    result = run_cli("validate", str(pack), "--static")
    assert result.code == 2, result.output
    assert [line for line in result.lines if ": error: " in line] == [
        f"{template}:1:1: error: layout 'rulebook': template 'rulebook.html': {message}"]
