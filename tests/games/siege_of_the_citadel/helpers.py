"""Positions for the Siege engine's tests: a scenario written inline (an ASCII map or a mission, figures, scripted
choices and chance) played through the script runner, and exact odds over the engine's own chance steps."""

from __future__ import annotations

import textwrap
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from pnpforge.content.pack import Pack, load_pack
from pnpforge.engine.contract import GameConfig
from pnpforge.engine.script import Played, play
from pnpforge.games.siege_of_the_citadel import PACKAGE
from pnpforge.games.siege_of_the_citadel.replay import ADAPTER
from pnpforge.games.siege_of_the_citadel.state import SiegeState
from pnpforge.games.siege_of_the_citadel.steps import outcomes

from tests.conftest import REPO

ROOT = REPO / "content" / "siege-of-the-citadel"


@lru_cache(maxsize=1)
def pack() -> Pack:
    loaded, problems = load_pack(ROOT)
    assert loaded is not None, [str(p) for p in problems]
    return loaded


def scenario(tmp_path: Path, text: str, name: str = "scenario") -> Played:
    """Play an inline scenario; the findings that stop it, or its outcome and positions."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return play(ADAPTER, pack(), path, keep=True)


def position(tmp_path: Path, text: str) -> SiegeState:
    """The position an inline scenario starts from."""
    played = scenario(tmp_path, text)
    assert not played.findings, [str(f) for f in played.findings]
    return played.first


def game(mode: str = "battle-plans", players: int = 3, **options: Any):
    return PACKAGE.new_game(pack(), GameConfig(players=players, mode=mode, options=tuple(sorted(options.items()))))


def exact(state: SiegeState, value: Callable[[SiegeState], Any], done: Callable[[SiegeState], bool]) -> dict:
    """The exact distribution of ``value`` once ``done`` holds, over every chance step on the way (the engine's
    own probabilities, as fractions); a decision on the way is answered quietly (its first option)."""
    found: dict[Any, Fraction] = {}

    def walk(now: SiegeState, p: Fraction) -> None:
        if done(now) or now.is_terminal():
            key = value(now)
            found[key] = found.get(key, Fraction(0)) + p
            return
        if now.is_chance_node():
            for outcome, q in outcomes(now, now.agenda[-1]):
                nxt = now.clone()
                nxt.apply_action(outcome)
                walk(nxt, p * q)
            return
        nxt = now.clone()
        nxt.apply_action(ADAPTER.quiet(nxt, nxt.legal_actions()))
        walk(nxt, p)

    walk(state, Fraction(1))
    return found


def act(state: SiegeState, words: str) -> None:
    """Play the legal action that reads ``words``."""
    legal = state.legal_actions()
    said = [state.action_to_string(a) for a in legal]
    assert words in said, f"{words!r} not among {said}"
    state.apply_action(legal[said.index(words)])


def dealt(state: SiegeState) -> SiegeState:
    """The position once the Doomtrooper cards of set-up are dealt (each the first card still in the deck)."""
    while state.is_chance_node() and state.agenda[-1][1] == "deal":
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def options(state: SiegeState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]
