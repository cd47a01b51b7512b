"""Outputs are written whole or not at all, and a killed build's leftovers are cleared."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.files import remove_leftovers, replacing, write_atomic, write_if_changed


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "faces.json"
    write_atomic(target, "old\n")
    with pytest.raises(RuntimeError):
        with replacing(target) as temporary:
            temporary.write_text("half", encoding="utf-8")
            raise RuntimeError("killed")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["faces.json"]


def test_the_same_bytes_are_not_written_again(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "page.html"
    assert write_if_changed(target, "<p>x</p>") and not write_if_changed(target, b"<p>x</p>")
    assert write_if_changed(target, "<p>y</p>") and target.read_bytes() == b"<p>y</p>"


def test_leftovers_of_a_killed_build_are_removed_and_nothing_else(tmp_path: Path) -> None:
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop" / ".card-1.png.4242.tmp").write_bytes(b"\x89PNG half")
    (tmp_path / "shop" / "card-1.png").write_bytes(b"\x89PNG whole")
    assert remove_leftovers(tmp_path) == 1 and remove_leftovers(tmp_path / "missing") == 0
    assert [p.name for p in (tmp_path / "shop").iterdir()] == ["card-1.png"]


def test_a_build_whose_checks_find_errors_keeps_the_last_good_outputs(tmp_path: Path) -> None:
    import shutil

    from tests.conftest import DATA
    from tests.helpers import run_cli

    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    out = tmp_path / "out"
    assert run_cli("build", str(pack), "--out", str(out), "--only", "faces", "--lang", "en").code == 0
    faces = out / "lantern-market" / "faces" / "stall.pdf"
    good = faces.read_bytes()
    stalls = pack / "stalls.yaml"
    stalls.write_text(stalls.read_text(encoding="utf-8").replace("{en: Bridge Stall, de: Brückenstand}",
                                                                 "{en: Toll Bridge}"), encoding="utf-8")
    kept = run_cli("build", str(pack), "--out", str(out), "--only", "faces", "--lang", "en")
    assert kept.code == 1 and "not built: the checks found 1 error; the last good outputs are kept (--force " \
                              "builds anyway)" in kept.output
    assert faces.read_bytes() == good
    forced = run_cli("build", str(pack), "--out", str(out), "--only", "faces", "--lang", "en", "--force")
    assert forced.code == 1 and "1 face rendered" in forced.output and faces.read_bytes() != good
