"""A position built by hand: a game state at any point of a round, from card ids, for scenarios and tests.

``position(game, ...)`` gives a state whose commanders are chosen, whose location and plots are laid and whose
characters, hands, resources and points are as given; every card named is taken out of its deck, so the cards are
accounted for as in play. Nothing is scheduled: the caller pushes the steps to run (``("auction",)``,
``("march_turn", player)``, ``("evaluate", index)``, ...) and ``("halt",)`` after them, which ends the game there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from pnpforge.engine import zones as z
from pnpforge.engine.steps import task
from pnpforge.games.legion_siberian_journey.state import JourneyState, Site, Slot


class UnknownCard(ValueError):
    """A card id the pack does not have, or more copies of it than the pack holds."""

    def __init__(self, kind: str, item: str, reason: str):
        super().__init__(f"{kind} '{item}': {reason}")
        self.kind, self.item, self.reason = kind, item, reason


@dataclass
class Squad:
    """A squad at a plot: the player who started it and its characters (card ids), in arrival order; a character
    of another player who reinforced it is written ``(id, player)``."""

    starter: int
    characters: Sequence[str | tuple[str, int]]


@dataclass
class PlotSpot:
    """A plot of the row by card id, with its squads."""

    plot: str
    squads: Sequence[Squad] = ()


@dataclass
class Seat:
    """What one player has: commander (default the faction's first), resources, points, characters, hand."""

    commander: str | None = None
    resources: int = 0
    vp: int = 0
    lineup: Sequence[str] = ()
    reserve: Sequence[str] = ()
    wounded: Sequence[str] = ()  # of the player's characters, wherever they stand
    hand: Sequence[str] = ()
    locations: Sequence[str] = ()  # location cards won before


@dataclass
class Layout:
    """A position: the round, the first player, the location, the Marketplace, the plot row and the seats."""

    round: int = 1
    first: int = 0
    location: str | None = None
    market: Sequence[str] = ()  # characters or action cards, by id
    plots: Sequence[PlotSpot] = ()
    seats: Mapping[int, Seat] = field(default_factory=dict)
    graveyard: Sequence[str] = ()
    final_location: str | None = None


class _Taker:
    """Hands out card numbers by id, a copy not yet used each time."""

    def __init__(self, table: Iterable, kind: str):
        self.free: dict[str, list[int]] = {}
        for number, card in enumerate(table):
            self.free.setdefault(card.item, []).append(number)
        self.kind = kind

    def take(self, item: str) -> int:
        if item not in self.free:
            raise UnknownCard(self.kind, item, "the pack has no such card")
        if not self.free[item]:
            raise UnknownCard(self.kind, item, "more copies named than the pack holds")
        return self.free[item].pop(0)

    def has(self, item: str) -> bool:
        return item in self.free


def _out_of(state: JourneyState, deck: str, card: int) -> None:
    state.zones = z.draw(state.zones, deck, "table", card).with_zone("table", z.Zone.pile())


def position(game, layout: Layout) -> JourneyState:
    """The state ``layout`` describes (``UnknownCard`` for a card id the pack lacks or has too few copies of)."""
    state = JourneyState(game)
    data = state.data
    characters = _Taker(data.characters, "character")
    actions = _Taker(data.actions, "action card")
    plots = _Taker(data.plots, "plot")
    locations = _Taker(data.locations, "location")
    state.round, state.first = layout.round, layout.first
    for p in range(state.n):
        seat = layout.seats.get(p, Seat())
        commander = seat.commander or data.commanders_of(state.factions[p])[0]
        if commander not in data.commanders:
            raise UnknownCard("commander", commander, "the pack has no such card")
        state.commander[p] = commander
        state.resources[p], state.vp[p] = seat.resources, seat.vp
        for where, items in (("lineup", seat.lineup), ("reserve", seat.reserve)):
            for item in items:
                c = characters.take(item)
                _out_of(state, "characters", c)
                state.owner[c] = p
                getattr(state, where)[p].append(c)
        for item in seat.hand:
            card = actions.take(item)
            state.zones = z.draw(state.zones, "actions", f"hand:{p}", card)
        for item in seat.locations:
            card = locations.take(item)
            _out_of(state, f"locations:{data.locations[card].level}", card)
            state.won_locations[p].append(card)
    for spot in layout.plots:
        card = plots.take(spot.plot)
        _out_of(state, f"plots:{data.plots[card].level}", card)
        site = Site(card)
        for squad in spot.squads:
            members = []
            for entry in squad.characters:
                item, owner = entry if isinstance(entry, tuple) else (entry, squad.starter)
                c = characters.take(item)
                _out_of(state, "characters", c)
                state.owner[c] = owner
                members.append(c)
            site.squads.append((squad.starter, members))
        state.sites.append(site)
    for item in layout.market:
        if characters.has(item):
            c = characters.take(item)
            _out_of(state, "characters", c)
            state.market.append(Slot("character", c, [0] * state.n, [0] * state.n))
        else:
            card = actions.take(item)
            _out_of(state, "actions", card)
            state.market.append(Slot("action", card, [0] * state.n, [0] * state.n))
    for item in layout.graveyard:
        c = characters.take(item)
        _out_of(state, "characters", c)
        state.graveyard.append(c)
    for attribute, placed in (("location", layout.location), ("final_location", layout.final_location)):
        if placed is not None:
            card = locations.take(placed)
            _out_of(state, f"locations:{data.locations[card].level}", card)
            setattr(state, attribute, card)
    _wound(state, layout, characters)
    return state


def _wound(state: JourneyState, layout: Layout, characters: _Taker) -> None:
    """Wounds name a player's characters by id; the first copy of that id the player has is wounded."""
    for p, seat in layout.seats.items():
        mine = state.living(p)
        for item in seat.wounded:
            match = [c for c in mine if state.data.characters[c].item == item and c not in state.wounded]
            if not match:
                raise UnknownCard("character", item, f"player {p} has no such character to wound")
            state.wounded.add(match[0])


@task("halt")
def halt(state: JourneyState) -> None:
    """The end of a built position's steps: the game stops here, with no winner."""
    state.over = True
