"""docs/tutorial.md, followed to the letter: its sheet written, its commands run in order in an empty folder, and
the files it says appear after each step checked."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from tests.conftest import REPO
from tests.helpers import run_cli

TUTORIAL = REPO / "docs" / "tutorial.md"
SHEET = re.compile(r"```csv\n(.*?)```", re.DOTALL)
STEP = re.compile(r"```console\n(.*?)```|<!-- expect: (.*?) -->", re.DOTALL)


def test_every_command_of_the_tutorial_works_and_makes_what_it_says(tmp_path: Path, monkeypatch) -> None:
    text = TUTORIAL.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards.csv").write_text(SHEET.search(text).group(1), encoding="utf-8")
    commands = 0
    for block, expected in STEP.findall(text):
        for line in block.splitlines():
            if line.startswith("$ pnpforge "):
                result = run_cli(*shlex.split(line[len("$ pnpforge "):]))
                assert result.code == 0, f"{line}\n{result.output}"
                commands += 1
        missing = [name for name in expected.split() if not (tmp_path / name).is_file()]
        assert missing == [], f"after the step before it, the tutorial expects {missing}"
    assert commands == 5
