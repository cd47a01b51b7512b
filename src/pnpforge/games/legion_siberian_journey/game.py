"""The immutable game: content tables, player count, factions by seat and the rule steps; it makes initial states."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnpforge.engine.steps import Steps
from pnpforge.games.legion_siberian_journey import (
    auction, effects, evaluation, flow, march, picks, position, ranking, wounds)
from pnpforge.games.legion_siberian_journey.data import JourneyData
from pnpforge.games.legion_siberian_journey.state import JourneyState

# the modules whose steps are the rules
RULES = (flow, auction, march, evaluation, ranking, effects, picks, wounds, position)
PLAYERS = (2, 3, 4)  # the rulebook: "one player per faction", four factions; two at least for an auction


@dataclass(frozen=True)
class JourneyGame:
    """Legion: Siberian Journey for 2 to 4 players, each seat leading one faction."""

    data: JourneyData
    num_players: int
    factions: tuple[str, ...]
    steps: Steps = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.num_players not in PLAYERS:
            raise ValueError(f"Legion: Siberian Journey is for 2 to 4 players, not {self.num_players}")
        if len(self.factions) != self.num_players or len(set(self.factions)) != self.num_players:
            raise ValueError("each player needs a different faction")
        unknown = [f for f in self.factions if f not in self.data.factions]
        if unknown:
            raise ValueError(f"unknown faction {unknown[0]!r}")
        object.__setattr__(self, "steps", Steps.collect(*RULES))

    def new_initial_state(self) -> JourneyState:
        state = JourneyState(self)
        flow.begin(state)
        state.run()
        return state
