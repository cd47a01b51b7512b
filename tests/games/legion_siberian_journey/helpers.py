"""Helpers for the Journey rule tests: the pack's tables, games, positions built by hand and ways to drive them."""

from __future__ import annotations

from functools import lru_cache
from typing import TypeVar

import pytest

from pnpforge.games.legion_siberian_journey.data import JourneyData, journey_data
from pnpforge.games.legion_siberian_journey.game import JourneyGame
from pnpforge.games.legion_siberian_journey.invariants import check_invariants
from pnpforge.games.legion_siberian_journey.log import JourneyEntry
from pnpforge.games.legion_siberian_journey.position import Layout, PlotSpot, Seat, Squad, position
from pnpforge.games.legion_siberian_journey.state import JourneyState

from tests.conftest import REPO
from tests.engine.registered import pack_at

Entry = TypeVar("Entry", bound=JourneyEntry)

PACK = REPO / "content" / "legion-siberian-journey"
__all__ = ["Layout", "PlotSpot", "Seat", "Squad", "act", "answer", "built", "card", "ch", "data", "events", "finish",
           "game", "position", "rules", "seats_with"]  # what the rule tests import from here


def rules(*ids: str):
    """Name the rule ids of rules.yaml a test checks (the registry test reads these)."""
    return pytest.mark.rules(*ids)


@lru_cache(maxsize=1)
def data() -> JourneyData:
    return journey_data(pack_at(PACK))


def game(players: int = 4, factions: tuple[str, ...] | None = None) -> JourneyGame:
    """A game for ``players`` seats, factions in the pack's sequence unless given."""
    return JourneyGame(data(), players, factions or data().factions[:players])


def built(layout: Layout, *steps: tuple, players: int = 4, factions: tuple[str, ...] | None = None,
          auto: bool = True) -> JourneyState:
    """The position ``layout`` with ``steps`` run on it, then a halt; stopped at the first real question."""
    state = position(game(players, factions), layout)
    assert check_invariants(state) == []
    state.auto = auto
    state.push(*steps, ("halt",))
    state.run()
    return state


def answer(state: JourneyState, *actions) -> JourneyState:
    """Apply ``actions`` in sequence, each checked to be legal first."""
    for action in actions:
        legal = state.legal_actions()
        assert action in legal, f"{action!r} is not among {legal[:12]!r}"
        state.apply_action(action)
    return state


def finish(state: JourneyState, choose=None) -> JourneyState:
    """Answer every question until the game (or the halt) ends: ``choose(state, legal)`` or the last option
    (a pass, a 'no', a zero secret bid come last or first; the default is the first legal action)."""
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(choose(state, legal) if choose else legal[0])
    return state


def card(kind: str, item: str, nth: int = 0) -> int:
    """The number of a card copy in the game tables (kind: character, action, plot, location)."""
    table = {"character": data().characters, "action": data().actions, "plot": data().plots,
             "location": data().locations}[kind]
    return [i for i, c in enumerate(table) if c.item == item][nth]


def ch(item: str) -> int:
    """A character's number (its first copy)."""
    return card("character", item)


def act(item: str) -> int:
    """An action card's number (its first copy)."""
    return card("action", item)


def seats_with(quiet: dict[int, str], players: int, **given: Seat) -> dict[int, Seat]:
    """Seats with the commanders ``quiet`` names (ones whose standing effects stay out of a test's way);
    ``p0=Seat(...)`` and so on fill one in."""
    out = {p: Seat(commander=quiet[p]) for p in range(players)}
    for key, seat in given.items():
        p = int(key[1:])
        seat.commander = seat.commander or quiet[p]
        out[p] = seat
    return out


def events(state: JourneyState, kind: type[Entry]) -> list[Entry]:
    """The log entries of a type."""
    return [e for e in state.log if isinstance(e, kind)]
