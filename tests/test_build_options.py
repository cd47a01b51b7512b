"""Build options: several outputs at once, and a line per stage when the output is a pipe or a log."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import run_cli


def test_only_builds_the_outputs_named_and_a_piped_build_prints_a_line_per_stage(tmp_path: Path) -> None:
    assert run_cli("new", str(tmp_path / "demo")).code == 0
    out = tmp_path / "build"
    built = run_cli("build", str(tmp_path / "demo"), "--out", str(out), "--only", "faces,web")
    assert built.code == 0, built.output
    assert sorted(p.name for p in (out / "demo").iterdir()) == ["cache", "check.json", "faces", "web"]
    assert re.search(r"^demo: faces card: 3 in \d+\.\d s$", built.output, re.M), built.output
    assert re.search(r"^demo: web images: \d+ in \d+\.\d s$", built.output, re.M), built.output


def test_an_unknown_output_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("build", str(tmp_path), "--only", "faces,posters")
    assert result.code == 2 and "'posters' is not an output; outputs: faces, shop, print, rulebook, web" in \
        result.output
