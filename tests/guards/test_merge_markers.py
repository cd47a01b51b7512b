"""No file of the repository keeps the markers a merge leaves where two changes met (they once reached the docs)."""

from __future__ import annotations

import re
import subprocess

from tests.conftest import REPO

MARKER = re.compile(r"^(<{7} |>{7} |={7}$)", re.MULTILINE)


def marked(text: str) -> list[int]:
    """The lines (1-based) of ``text`` that a merge marked."""
    return [text.count("\n", 0, m.start()) + 1 for m in MARKER.finditer(text)]


def test_no_tracked_file_holds_merge_markers() -> None:
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout.split(b"\0")
    found = []
    for name in filter(None, files):
        path = REPO / name.decode()
        if not path.is_file() or path.stat().st_size > 2_000_000:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # binary: art, fonts, workbooks
        found += [f"{name.decode()}:{line}" for line in marked(text)]
    assert found == []


def test_the_markers_are_seen() -> None:
    text = "a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> branch\n===== not a marker\n"
    assert marked(text) == [2, 4, 6]
