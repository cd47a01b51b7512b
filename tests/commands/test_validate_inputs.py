"""validate on a pack whose data its game package cannot read: the errors, and no game played."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import DATA
from tests.helpers import run_cli


def test_an_engine_that_cannot_read_the_data_plays_no_game(tmp_path: Path) -> None:
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    game = pack / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("vocabulary:", "engine: legie\nvocabulary:", 1),
                    encoding="utf-8")
    result = run_cli("validate", str(pack), "--games", "2", "--out", str(tmp_path / "out"))
    assert result.code == 1, result.output
    assert f"{game}:37:1: error: game package 'legie' needs component type 'unit_tile'" in result.output
    assert "internal error" not in result.output
    assert not (tmp_path / "out" / "lantern-market" / "validation").exists()
