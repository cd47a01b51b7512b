"""The short validation ``make`` runs on each shipped pack prints no warning: its few games leave findings
undecided (info), and a warning there would tell a newcomer the pack is broken."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnpforge.check.pack import all_pack_ids
from tests.conftest import REPO
from tests.helpers import run_cli


def short_validation_args() -> list[str]:
    """The arguments ``make`` gives ``pnpforge validate`` after the pack, read from the Makefile."""
    found = re.search(r"validate \$\$pack ([^|]*?)\s*\|", (REPO / "Makefile").read_text(encoding="utf-8"))
    assert found, "the Makefile's short validation was not found"
    return found.group(1).split()


@pytest.mark.parametrize("pack", all_pack_ids())
def test_the_short_validation_of_a_shipped_pack_prints_no_warning(pack: str, tmp_path: Path) -> None:
    args = short_validation_args()
    assert "--games" in args
    result = run_cli("validate", pack, *[tmp_path.as_posix() if a == "build" else a for a in args], "--jobs", "2")
    warnings = [line for line in result.lines if ": warning: " in line]
    assert result.code == 0 and warnings == [], "\n".join(warnings)
