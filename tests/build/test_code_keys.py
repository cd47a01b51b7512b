"""Every cache is keyed by the code that made its entries: pnpforge run from a copy of its source, with one line
of one module changed between builds, redraws exactly what that module draws."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnpforge.caches import code

from tests.conftest import DATA, REPO


def _rendered(output: str) -> tuple[int, int]:
    """(faces rendered, unchanged) from a build's summary line."""
    found = re.search(r"(\d+) faces? rendered, (\d+) unchanged", output)
    assert found, output
    return int(found.group(1)), int(found.group(2))


def _files(folder: Path) -> dict[str, tuple[int, int]]:
    """Every output file (caches aside) with its size and modification time."""
    return {path.relative_to(folder).as_posix(): (path.stat().st_size, path.stat().st_mtime_ns)
            for path in sorted(folder.rglob("*")) if path.is_file() and "cache" not in path.parts}


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> dict:
    """pnpforge's source and layouts copied, and a pack with a rulebook (lantern-market with its rules)."""
    root = tmp_path_factory.mktemp("copy")
    shutil.copytree(REPO / "src" / "pnpforge", root / "src" / "pnpforge",
                    ignore=shutil.ignore_patterns("__pycache__", "layouts"))
    shutil.copytree(REPO / "layouts", root / "src" / "pnpforge" / "layouts")
    pack = root / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    shutil.copytree(DATA / "lantern-rules" / "rules", pack / "rules")
    return {"root": root, "pack": pack, "out": root / "out"}


def _build(copy: dict, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(copy["root"] / "src"), "PYTHONDONTWRITEBYTECODE": "1"}
    only = args or ("--only", "faces,print,rulebook,web")  # the shop files add nothing here but time
    done = subprocess.run([sys.executable, "-m", "pnpforge", "build", str(copy["pack"]), "--lang", "en",
                           "--jobs", "1", "--out", str(copy["out"]), *only], env=env, capture_output=True,
                          text=True, cwd=copy["root"], check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _touch_line(path: Path) -> None:
    """Change one line of a module: a comment added after its first line."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:1] + [f"# changed for a test ({len(lines)})\n"] + lines[1:]), encoding="utf-8")


def test_the_copy_is_what_runs(copy) -> None:
    env = {**os.environ, "PYTHONPATH": str(copy["root"] / "src")}
    where = subprocess.run([sys.executable, "-c", "import pnpforge; print(pnpforge.__file__)"], env=env,
                           capture_output=True, text=True, check=True, cwd=copy["root"]).stdout.strip()
    assert Path(where).is_relative_to(copy["root"])


def test_a_changed_line_redraws_what_its_code_draws_and_nothing_else(copy) -> None:
    package = copy["root"] / "src" / "pnpforge"
    out = copy["out"] / "lantern-market"
    drawn, unchanged = _rendered(_build(copy))  # cold
    assert drawn > 0 and unchanged == 0
    faces = drawn
    assert _rendered(_build(copy)) == (0, faces)  # nothing changed: nothing drawn
    before = _files(out)
    assert _rendered(_build(copy)) == (0, faces) and _files(out) == before  # and no file written again

    _touch_line(package / "render" / "native" / "inline.py")  # a comment in the native renderer
    assert _rendered(_build(copy, "--only", "faces")) == (faces, 0)

    _touch_line(package / "engine" / "loop.py")
    assert _rendered(_build(copy, "--only", "faces")) == (0, faces)

    _build(copy)  # the other outputs catch up with the new renderer
    _touch_line(package / "publish" / "web" / "pages.py")
    assert _rendered(_build(copy)) == (0, faces)

    before = _files(out)
    layouts_before = set((out / "cache" / "rulebook").rglob("*"))
    template = package / "layouts" / "rulebook" / "rulebook.html"
    template.write_text(template.read_text(encoding="utf-8") + "\n<!-- changed for a test -->\n", encoding="utf-8")
    assert _rendered(_build(copy)) == (0, faces)
    assert set((out / "cache" / "rulebook").rglob("*")) - layouts_before  # the book was laid out again
    after = _files(out)
    changed = {name for name in after if after[name] != before.get(name)} | set(before) - set(after)
    assert changed <= {"rulebook-a4.pdf", "rulebook-letter.pdf", "web/downloads/rulebook-a4.pdf",
                       "web/downloads/rulebook-letter.pdf"}, changed


def test_a_digest_covers_every_line_of_its_parts() -> None:
    files = code.source_files("render.native")
    assert files and all(path.suffix == ".py" for path in files)
    assert code.digest("render") != code.digest("engine")
    assert code.digest("render", "impose") == code.digest("impose", "render", "impose")
    with pytest.raises(ValueError):
        code.source_files("no.such.part")
