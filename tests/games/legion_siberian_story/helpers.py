"""Helpers for Legion engine tests: the pack, games with scripted chance, scenarios from dicts."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from pnpforge.content.pack import Pack, load_pack
from pnpforge.games.legion_siberian_story.data import LegionData, build_data
from pnpforge.games.legion_siberian_story.game import make_game
from pnpforge.games.legion_siberian_story.replay import replay
from pnpforge.games.legion_siberian_story.state import LegionState

from tests.conftest import REPO

PACK_DIR = REPO / "content" / "legion-siberian-story"


def rules(*ids: str):
    """Name the rule ids of rules.yaml a test checks (the registry test reads these)."""
    return pytest.mark.rules(*ids)


@lru_cache(maxsize=1)
def pack() -> Pack:
    loaded, problems = load_pack(PACK_DIR)
    assert loaded is not None, problems
    return loaded


@lru_cache(maxsize=1)
def data() -> LegionData:
    return build_data(pack())


def first(state: LegionState, kind: str | None = None) -> tuple:
    """The first legal action (of a kind, when given)."""
    actions = state.legal_actions()
    if kind:
        actions = [a for a in actions if a[0] == kind]
    return actions[0]


def setup_game(n: int, start: int = 0) -> LegionState:
    """A game past set-up: first commanders and officers, sorted draws, the two lowest cards put under."""
    state = make_game(data(), n).new_initial_state()
    state.apply_action(("first_player", start))
    while state.round == 0 or state.pending[0] in ("commander", "officer", "under", "draw"):
        if state.round >= 1:
            break
        state.apply_action(state.legal_actions()[0])
    return state


def run_until(state: LegionState, kind: str, limit: int = 500) -> LegionState:
    """Apply first legal actions until a decision of ``kind`` is pending."""
    for _ in range(limit):
        if state.pending and state.pending[0] == kind:
            return state
        state.apply_action(state.legal_actions()[0])
    raise AssertionError(f"no {kind} decision within {limit} steps")


def scenario(tmp_path: Path, body: dict[str, Any]) -> dict[str, Any]:
    """Play a scenario given as a dict and return its outcome."""
    path = tmp_path / "scenario.yaml"
    body = {"name": "test", **body}
    path.write_text(yaml.safe_dump(body, sort_keys=False), encoding="utf-8")
    outcome = replay(pack(), path)
    assert outcome.data is not None, [str(f) for f in outcome.findings]
    return outcome.data


def person(cid: str, power: int, skills=("combat",), abilities=(), **extra) -> dict:
    return {"id": cid, "power": power, "skills": list(skills), "abilities": list(abilities), **extra}


def plot(characters: dict, name: str = "Test plot", entry=("combat",), types=(), vp: int = 2,
         supplies: int = 1) -> dict:
    return {"name": name, "entry": list(entry), "types": list(types), "winner_vp": vp, "survivor_supplies": supplies,
            "characters": characters}
