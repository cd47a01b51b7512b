"""``validate`` without GAME checks the pack in the current folder, as ``diff`` does; outside a pack it says what
to give and which packs there are."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import DATA
from tests.helpers import run_cli

PACK = "lantern-market"


def test_validate_in_a_pack_folder_checks_that_pack(monkeypatch, tmp_path: Path) -> None:
    pack = shutil.copytree(DATA / PACK, tmp_path / PACK)
    (pack / "stalls.yaml").write_text((pack / "stalls.yaml").read_text(encoding="utf-8").replace(
        "id: corner-stall", "id: Corner Stall", 1), encoding="utf-8")  # an error only this copy has
    monkeypatch.chdir(pack)
    result = run_cli("validate", "--static", "--out", str(tmp_path / "out"))
    assert result.code == 2, result.output
    assert result.output.startswith("stalls.yaml:1:3: error: stall 'Corner Stall': id: expected a kebab-case id")


def test_validate_outside_a_pack_names_the_packs(monkeypatch, tmp_path: Path) -> None:
    shutil.copytree(DATA / PACK, tmp_path / "content" / PACK)
    monkeypatch.chdir(tmp_path)
    result = run_cli("validate", "--static")
    assert (result.code, result.output) == (
        2, f"error: give GAME (a pack id or a pack folder): the current folder has no game.yaml; packs under "
           f"content/: {PACK}\n")
