"""Seeded playthroughs, one per player count, compared line by line with golden transcripts."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.play import RandomBot, play_game
from pnpforge.games.legion_siberian_story.game import make_game

from tests.conftest import REPO
from tests.games.legion_siberian_story.helpers import data

GOLDEN = REPO / "tests" / "golden" / "legion-siberian-story"


def transcript(players: int, seed: int) -> str:
    lines: list[str] = []
    state = play_game(make_game(data(), players), [RandomBot()] * players, random.Random(seed), transcript=lines)
    return "\n".join(lines + ["", str(state)]) + "\n"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playthrough_matches_its_golden_transcript(players: int, update_golden: bool) -> None:
    path = GOLDEN / f"playthrough-{players}p-seed-7.txt"
    text = transcript(players, seed=7)
    if update_golden:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden transcript {path}; run make update-golden"
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, text.splitlines()), 1):
        assert got == want, f"Wrong line {number}: expected {want!r}, got {got!r}"
    assert len(expected) == len(text.splitlines())
