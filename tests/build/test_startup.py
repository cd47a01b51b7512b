"""What a build loads before its first face: a plain deck built into a new folder, by a user whose earlier build
drew the same faces, loads none of the libraries it needs only for work that user's cache already holds
(WeasyPrint to check the pack's own layouts, fontTools to read and subset the fonts), nor those of stages it does
not run; and its files are the bytes of the first build's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

HEAVY = ("weasyprint", "fontTools", "PIL", "pypdfium2", "numpy", "markdown_it", "multiprocessing",
         "pnpforge.engine", "pnpforge.content.battlescribe", "pnpforge.render.native.svg")
PROBE = """
import sys
from pnpforge.cli import main
sys.argv = ["pnpforge", "build", sys.argv[1], "--out", sys.argv[2], "--only", "print", "--paper", "a4", "--jobs", "1"]
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print("loaded:", *sorted(name for name in {HEAVY} if name in sys.modules))
"""


def _build(pack: Path, out: Path, home: Path) -> list[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(home), "PYTHONPATH": str(REPO / "src")}
    done = subprocess.run([sys.executable, "-c", PROBE.format(HEAVY=HEAVY), str(pack), str(out)], env=env,
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip().splitlines()[-1].split()[1:]


def test_a_known_deck_into_a_new_folder_loads_no_heavy_library(tmp_path: Path) -> None:
    pack, home = tmp_path / "startup-deck", tmp_path / "home"
    made = subprocess.run([sys.executable, str(REPO / "tests" / "make_stress_pack.py"), str(pack), "--cards", "3"],
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    first = _build(pack, tmp_path / "first", home)
    assert {"weasyprint", "fontTools"} <= set(first)  # nothing kept yet: the layouts compared, the fonts read
    again = _build(pack, tmp_path / "second", home)
    assert again == []
    sheets = sorted((tmp_path / "first" / "startup-deck" / "print").rglob("*.pdf"))
    assert sheets
    for sheet in sheets:  # the fonts embedded from what the first build kept: the same bytes
        twin = tmp_path / "second" / sheet.relative_to(tmp_path / "first")
        assert twin.read_bytes() == sheet.read_bytes(), sheet.name
