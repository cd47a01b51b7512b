"""The immutable game: content tables, player count, factions by seat, mode, rule steps; it makes initial states.

The rule steps are the functions the rules modules mark with ``@task``, ``@decision`` and ``@chance`` (``state.py``);
each game collects them once into its own ``Steps`` table, plus any steps its maker adds (a scenario's end).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Callable, Mapping

from pnpforge.games.legion_siberian_story import data as rules
from pnpforge.games.legion_siberian_story import flow, modes, orders, resolution
from pnpforge.games.legion_siberian_story.data import LegionData
from pnpforge.engine.steps import Steps
from pnpforge.games.legion_siberian_story.state import LegionState

MODES = ("base", "despatches", "survival")
RULES = (flow, orders, resolution, modes)  # the modules whose marked functions are the steps of play


@dataclass(frozen=True)
class LegionGame:
    """Legion: The Siberian Story for a number of players, each seat playing one faction."""

    data: LegionData
    num_players: int
    factions: tuple[str, ...]
    mode: str = "base"
    extra_steps: tuple[ModuleType | Callable, ...] = field(default=(), repr=False)  # more modules or marked functions
    player_of: Mapping[str, int] = field(init=False)
    owner_of: Mapping[str, int] = field(init=False, repr=False, compare=False)  # character id -> player in play
    steps: Steps = field(init=False, repr=False, compare=False)
    turn_orders: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)  # by starting player

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}; modes: {', '.join(MODES)}")
        if self.num_players not in rules.PLOTS_BY_PLAYERS:
            raise ValueError(f"Legion is for 2 to 4 players, not {self.num_players}")
        if len(self.factions) != self.num_players or len(set(self.factions)) != self.num_players:
            raise ValueError("each player needs a different faction")
        unknown = [f for f in self.factions if f not in self.data.factions]
        if unknown:
            raise ValueError(f"unknown faction {unknown[0]!r}")
        object.__setattr__(self, "player_of", MappingProxyType({f: i for i, f in enumerate(self.factions)}))
        object.__setattr__(self, "owner_of", MappingProxyType(
            {c.id: self.player_of[c.faction] for c in self.data.characters.values() if c.faction in self.player_of}))
        object.__setattr__(self, "steps", Steps.collect(*RULES, *self.extra_steps))
        n = self.num_players
        object.__setattr__(self, "turn_orders", tuple(tuple((s + i) % n for i in range(n)) for s in range(n)))

    @property
    def plots_per_round(self) -> int:
        return rules.PLOTS_BY_PLAYERS[self.num_players]

    def limit(self, state: LegionState, what: str) -> int:
        """A number of the rules this round: the location may replace it (effect ``set_limit``)."""
        return self.data.location_limits[state.location][what]

    def new_initial_state(self) -> LegionState:
        state = LegionState(self)
        flow.begin(state)
        state.run()
        return state


def make_game(data: LegionData, num_players: int, seat_factions: tuple[str, ...] | None = None,
              mode: str = "base") -> LegionGame:
    """A game for ``num_players``; by default the first factions of the pack in seat sequence."""
    factions = tuple(seat_factions) if seat_factions else data.factions[:num_players]
    return LegionGame(data, num_players, factions, mode)
