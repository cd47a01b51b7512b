"""A build killed at any point leaves every output whole: the old version or the new one, never a mix or a stub.

The fixture pack with a rulebook is built once (old), changed, and built again into a copy (new). Then the changed
build runs again over copies of the old outputs and is killed (SIGKILL to its process group, workers included) when
it reports each stage; every file left must open and be byte for byte the old or the new version.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from tests.conftest import DATA, REPO

STAGES = ("== lantern-market", "face", "print", "shop", "rulebook")


def _build(pack: Path, out: Path, kill_after: str | None = None) -> None:
    command = [sys.executable, "-m", "pnpforge", "build", str(pack), "--out", str(out), "--lang", "en", "--jobs", "2"]
    process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    seen = []
    for line in process.stdout:
        seen.append(line)
        if kill_after is not None and kill_after in line:
            os.killpg(process.pid, signal.SIGKILL)
            break
    process.wait(timeout=120)
    if kill_after is None:
        assert process.returncode == 0, "".join(seen)


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "cache" not in p.relative_to(root).parts}


def _opens(path: Path) -> None:
    if path.suffix == ".pdf":
        assert len(PdfReader(path).pages) > 0
    elif path.suffix in (".png", ".webp"):
        with Image.open(path) as image:
            image.load()
    elif path.suffix == ".json":
        json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.slow
def test_a_killed_build_leaves_every_file_old_or_new(tmp_path: Path) -> None:
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    shutil.copytree(DATA / "lantern-rules" / "rules", pack / "rules")
    old_out = tmp_path / "old"
    _build(pack, old_out)
    merchants = pack / "merchants.yaml"
    merchants.write_text(merchants.read_text(encoding="utf-8").replace("Old Marta", "Old Martina"), encoding="utf-8")
    new_out = tmp_path / "new"
    shutil.copytree(old_out, new_out)
    _build(pack, new_out)
    old, new = _files(old_out / "lantern-market"), _files(new_out / "lantern-market")
    assert old != new
    for stage in STAGES:
        out = tmp_path / f"killed-{STAGES.index(stage)}"
        shutil.copytree(old_out, out)
        _build(pack, out, kill_after=stage)
        for name, data in _files(out / "lantern-market").items():
            if Path(name).name.startswith(".") and name.endswith(".tmp"):
                continue  # a temporary file the next build clears; never read as an output
            assert data in (old.get(name), new.get(name)), f"killed after {stage!r}: {name} is neither old nor new"
            _opens(out / "lantern-market" / name)
        # and the next build finishes the job and clears what the kill left
        _build(pack, out)
        assert _files(out / "lantern-market") == new
