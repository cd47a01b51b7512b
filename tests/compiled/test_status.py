"""How pnpforge picks its build at import, and says which: ``PNPFORGE_PLAIN`` forces plain with a build present, no
build means no finder at all, a build of other sources is plain with the file that differs; the list of modules is
read as written; a missing compiler stops the build before it changes anything."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnpforge.compiled import build
from pnpforge.compiled.finder import python_tag
from tests.conftest import REPO

PROBE = ("import sys, pnpforge, pnpforge.compiled as c, pnpforge.engine.stats; "
         "print(c.status()); print(any(type(f).__name__ == 'CompiledFinder' for f in sys.meta_path)); "
         "print(pnpforge.engine.stats.__file__)")


def _probe(folder: Path, **env: str) -> list[str]:
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src"), "PNPFORGE_COMPILED_DIR": str(folder), **env}
    if "PNPFORGE_PLAIN" not in env:
        environment.pop("PNPFORGE_PLAIN", None)
    done = subprocess.run([sys.executable, "-c", PROBE], env=environment, capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def _stale_build(folder: Path) -> None:
    """A build of pnpforge.engine.stats whose source digest is not today's."""
    (folder / "pnpforge" / "engine").mkdir(parents=True)
    (folder / "pnpforge" / "engine" / "stats.py").write_text("raise AssertionError('loaded')\n", encoding="utf-8")
    manifest = {"format": 1, "package": "pnpforge", "python": python_tag(), "library": None,
                "modules": {"pnpforge.engine.stats": {"source": "engine/stats.py", "sha256": "0" * 64,
                                                      "file": "pnpforge/engine/stats.py"}}}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def test_a_stale_build_is_plain_and_says_which_source_differs(tmp_path: Path) -> None:
    _stale_build(tmp_path)
    status, finder, where = _probe(tmp_path)
    assert status == f"plain: {REPO / 'src' / 'pnpforge' / 'engine' / 'stats.py'} differs from the source compiled " \
                     "(edited since the build)"
    assert finder == "True" and where.endswith("engine/stats.py") and where.startswith(str(REPO / "src"))


def test_pnpforge_plain_forces_plain_and_installs_no_finder(tmp_path: Path) -> None:
    _stale_build(tmp_path)
    assert _probe(tmp_path, PNPFORGE_PLAIN="1")[:2] == ["plain: PNPFORGE_PLAIN is set", "False"]


def test_without_a_build_there_is_no_finder(tmp_path: Path) -> None:
    status, finder, _ = _probe(tmp_path)
    assert status == f"plain: no compiled build ({tmp_path / 'manifest.json'} is missing)" and finder == "False"


def test_the_status_command_prints_the_status(tmp_path: Path) -> None:
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src"), "PNPFORGE_COMPILED_DIR": str(tmp_path),
                   "PNPFORGE_PLAIN": "1"}
    done = subprocess.run([sys.executable, "-m", "pnpforge.compiled", "status"], env=environment,
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["plain: PNPFORGE_PLAIN is set", f"folder: {tmp_path}"]


def test_the_list_is_read_line_by_line(tmp_path: Path) -> None:
    listing = tmp_path / "modules.txt"
    listing.write_text("# a comment\npnpforge.engine.results\n\n  pnpforge.engine.stats  # why\n"
                       "pnpforge.engine.results\n", encoding="utf-8")
    assert build.listed(listing) == ["pnpforge.engine.results", "pnpforge.engine.stats"]


def test_every_listed_module_is_a_module_of_pnpforge() -> None:
    package = REPO / "src" / "pnpforge"
    assert build.listed()
    for name in build.listed():
        assert build.source_of(name, package).endswith(".py")
    with pytest.raises(build.Failed, match="a package"):
        build.source_of("pnpforge.engine", package)
    with pytest.raises(build.Failed, match="only modules of pnpforge"):
        build.source_of("json.decoder", package)


def test_a_missing_compiler_stops_the_build_before_it_changes_anything(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    out = tmp_path / "out"
    with pytest.raises(build.Unavailable, match="no C compiler"):
        build.build(["pnpforge.engine.stats"], out, REPO / "src" / "pnpforge")
    assert not tmp_path.joinpath("out").exists() and not list(tmp_path.iterdir())
