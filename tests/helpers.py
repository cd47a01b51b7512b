"""Test helpers: run the CLI in-process and capture what a user would see."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from pnpforge.cli import cli


@dataclass
class Run:
    code: int
    output: str

    @property
    def lines(self) -> list[str]:
        return self.output.splitlines()


def run_cli(*args: str) -> Run:
    """Run ``pnpforge ARGS`` and return its exit code and output (stdout and stderr together)."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return Run(result.exit_code, result.output)


def ship_faces_with(tmp_path: Path, first_line: str) -> tuple[Path, Run]:
    """A copy of the harbour-lights fixture whose ship template starts with ``first_line``, and what building its
    faces says: the template's path and the run."""
    pack = tmp_path / "harbour-lights"
    shutil.copytree(Path(__file__).parent / "data" / "harbour-lights", pack)
    template = pack / "layouts" / "ship.html"
    template.write_text(first_line + "\n" + template.read_text(encoding="utf-8"), encoding="utf-8")
    return template, run_cli("build", str(pack), "--only", "faces", "--lang", "en", "--out", str(tmp_path / "out"))
