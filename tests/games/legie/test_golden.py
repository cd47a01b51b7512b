"""Seeded playthroughs, one per mode and scenario, compared line by line with tests/golden/legie/.

After a reviewed, intended change of the rules or the bots, rewrite them with ``pytest --update-golden``.
"""

from __future__ import annotations

import random

import pytest

from pnpforge.games.legie.bots import GreedyBot, RandomBot

from tests.conftest import REPO
from tests.games.legie.helpers import make_game

GOLDEN = REPO / "tests" / "golden" / "legie"
CONFIGS = {"basic": ("basic", None), "advanced": ("advanced", None),
           "return-of-the-king": ("advanced", "return-of-the-king"), "column": ("advanced", "column"),
           "lord-of-the-forests": ("advanced", "lord-of-the-forests")}
SEED = 20


def transcript(rules, mode: str, scenario: str | None) -> str:
    """Black greedy, White random, one seed: every action, then the final position and how it ended."""
    game = make_game(rules, mode, scenario=scenario)
    rng = random.Random(SEED)
    state = game.new_initial_state()
    bots = [GreedyBot(), RandomBot()]
    lines = [f"# legie {mode}{' ' + scenario if scenario else ''}: black greedy, white random, seed {SEED}"]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[rng.randrange(len(outcomes))][0]
            who = "chance"
        else:
            action = bots[state.player].choose(state, state.player, rng)
            who = f"turn {state.turns + 1} {rules.players[state.player]}"
        lines.append(f"{who}: {state.action_to_string(action)}")
        state.apply_action(action)
    lines += str(state).splitlines()
    lines.append(f"ended by: {state.ended_by}")
    return "\n".join(lines) + "\n"


@pytest.mark.rules("turn-black-first", "advanced-board-choice")
@pytest.mark.parametrize("name", list(CONFIGS))
def test_seeded_playthrough_matches_its_golden_transcript(rules, update_golden: bool, name: str) -> None:
    got = transcript(rules, *CONFIGS[name])
    path = GOLDEN / f"{name}.txt"
    if update_golden:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert path.is_file(), f"no golden transcript {path}; run pytest --update-golden"
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (want, have) in enumerate(zip(expected, got.splitlines()), 1):
        assert want == have, f"Wrong line {number}: expected {want!r}, got {have!r}"
    assert len(expected) == len(got.splitlines()), "the transcript's length changed"


def test_every_golden_transcript_has_a_configuration() -> None:
    assert {p.stem for p in GOLDEN.glob("*.txt")} == set(CONFIGS)
