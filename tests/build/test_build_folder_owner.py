"""A build folder belongs to one pack folder: a copy of a pack (the same id in another folder) built into the same
build folder is an error that names both and how to keep them apart, never a silent share of outputs and caches;
a pack folder that was moved hands its build folder over."""

from __future__ import annotations

import shutil
from pathlib import Path

from pnpforge.build.pipeline import load_and_check, start_build
from pnpforge.caches.paths import BuildPaths, outputs_in

from tests.conftest import DATA
from tests.helpers import run_cli

PACK = "lantern-market"


def _copy(target: Path) -> Path:
    return shutil.copytree(DATA / PACK, target)


def test_a_second_copy_with_the_same_id_is_refused(tmp_path: Path) -> None:
    first, second = _copy(tmp_path / "mine" / PACK), _copy(tmp_path / f"{PACK}-try")
    out = tmp_path / "build"
    claimed = load_and_check(start_build(str(first), out))
    assert claimed.paths is not None and claimed.paths.owner() == first.resolve()
    run = run_cli("build", str(second), "--only", "faces", "--out", str(out))
    assert run.code == 2, run.output
    line = next(line for line in run.output.splitlines() if "another copy" in line)
    assert line.startswith(f"{second}/game.yaml:2:1: error: pack '{PACK}': ")
    assert line.endswith(f"{out}/{PACK}/ holds the outputs of another copy of this pack, {first.resolve()} (a build "
                         "folder is named by the pack's id): give this copy an id of its own here, or build it into "
                         "another folder with --out")
    assert not (out / PACK / "check.json").exists()  # nothing of the copy's is written there
    again = load_and_check(start_build(str(first), out))  # the first copy still builds there
    assert again.paths is not None and not any(f.blocking for f in again.findings)


def test_a_moved_pack_takes_its_build_folder_over(tmp_path: Path) -> None:
    before = _copy(tmp_path / "old-place" / PACK)
    out = tmp_path / "build"
    load_and_check(start_build(str(before), out))
    after = tmp_path / "new-place" / PACK
    after.parent.mkdir()
    before.rename(after)
    moved = load_and_check(start_build(str(after), out))
    assert moved.paths is not None and moved.paths.owner() == after.resolve()
    assert not any(f.blocking for f in moved.findings)


def test_a_check_alone_claims_nothing(tmp_path: Path) -> None:
    pack = _copy(tmp_path / PACK)
    checked = load_and_check(start_build(str(pack), tmp_path / "build", keep=False))
    assert checked.paths is not None and checked.paths.owner() is None


def test_the_build_folders_inside_a_pack_are_its_outputs(tmp_path: Path) -> None:
    pack = _copy(tmp_path / PACK)
    assert outputs_in(pack) == [pack.resolve() / "build"]
    assert outputs_in(pack, [pack / "out", tmp_path / "elsewhere", pack / "build"]) == [
        pack.resolve() / "build", pack.resolve() / "out"]
    assert BuildPaths.of(pack / "build", load_and_check(start_build(str(pack), pack / "build")).pack).cache_base \
        != pack / "build"  # and their caches live in the user's cache folder
