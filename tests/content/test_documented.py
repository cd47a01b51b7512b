"""Every key game.yaml accepts is documented in docs/content-model.md's table of game.yaml keys."""

from __future__ import annotations

import re

from pnpforge.content.game import GameFile

from tests.conftest import REPO


def documented_keys(text: str) -> set[str]:
    """The keys in the first column of the game.yaml table."""
    table = text.split("## game.yaml", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", table, re.MULTILINE))


def test_every_game_yaml_key_is_documented() -> None:
    text = (REPO / "docs" / "content-model.md").read_text(encoding="utf-8")
    assert sorted(set(GameFile.model_fields) - documented_keys(text)) == []


def test_an_undocumented_key_is_caught() -> None:
    assert documented_keys("## game.yaml\n| `id` | x |\n| `box` | y |\n## Next\n| `name` | z |\n") == {"id", "box"}
