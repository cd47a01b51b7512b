"""validate --games auto within a package's budget for a slow mode: no configuration plays more games than it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import pnpforge.games
from tests.engine import dice_race
from tests.helpers import run_cli


def test_a_mode_s_budget_caps_the_games_auto_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    budgeted = replace(dice_race.PACKAGE, validate_budgets={dice_race.PACKAGE.modes[0]: 6})
    monkeypatch.setattr(pnpforge.games, "load_package", lambda engine: budgeted)
    # one below the default --max-games: no skill ladder, and still the budget that holds
    run_cli("validate", str(dice_race.PACK), "--out", str(tmp_path), "--players", "2", "--max-games", "3999")
    report = json.loads((tmp_path / dice_race.PACK.name / "validation" / "report.json").read_text(encoding="utf-8"))
    assert report["settings"]["games_per_player_count"] == 6
