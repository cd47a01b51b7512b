"""The rules' view of the Journey pack: immutable tables built once from validated content.

Every card copy gets a small integer: characters, action cards, plots and locations are numbered in the sequence of
their files, one number per copy (``qty``), so a state holds integers and tuples, never pack items. Every number
of play comes from the pack (``game.yaml: parameters``, the cards); effects stay as the pack's mappings, read by
``effects.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import floor
from types import MappingProxyType
from typing import Any, Mapping

from pnpforge.content.pack import Pack, expand_qty

ATTRIBUTES = ("combat", "intrigue", "charisma")
BIT = {name: 1 << i for i, name in enumerate(ATTRIBUTES)}  # attributes as a bit mask


def mask(names) -> int:
    bits = 0
    for name in names:
        bits |= BIT[name]
    return bits


Effects = tuple[Mapping[str, Any], ...]


def by_effect(effects: Effects) -> Mapping[str, Effects]:
    """``effects`` grouped by their ``effect`` name, each group in the cards' sequence."""
    found: dict[str, list] = {}
    for e in effects:
        found.setdefault(e["effect"], []).append(e)
    return MappingProxyType({name: tuple(group) for name, group in found.items()})


def numbers(effects: Effects) -> tuple[tuple[int, str | None, int], ...]:
    """The ``number`` effects a standing rule adds to its own characters' Numbers, each as (attribute bit, ability,
    amount): a character with the attribute (a bit, else 0) or the ability (else None) gets the amount. An effect
    with another target adds to no one's Number as a standing rule and is left out."""
    found = []
    for e in effects:
        if e["effect"] != "number":
            continue
        if e.get("target") == "own_with_attribute":
            found.append((BIT[e["attribute"]], None, e["amount"]))
        elif e.get("target") == "own_with_ability":
            found.append((0, e["ability"], e["amount"]))
    return tuple(found)


@dataclass(frozen=True)
class Character:
    item: str  # the pack id of the card (copies share it)
    name: str
    faction: str | None  # None: a civilian
    number: int
    attributes: int  # bit mask of ATTRIBUTES
    abilities: frozenset[str]
    actions: tuple[tuple[str, Effects], ...]  # (when, effects): special_action, trap, clean_up, while_deployed

    def acts(self, when: str) -> tuple[Effects, ...]:
        return tuple(effects for moment, effects in self.actions if moment == when)


@dataclass(frozen=True)
class ActionCard:
    item: str
    name: str
    phase: str  # auction, preparation, march, tactics, manoeuvres, clean_up
    trap: bool
    effects: Effects


@dataclass(frozen=True)
class Plot:
    item: str
    name: str
    level: str
    cooperative: bool
    icons: int  # bit mask: a character needs any one of them
    difficulty: int
    rewards: tuple[int, ...]
    effects: Effects


@dataclass(frozen=True)
class Location:
    item: str
    name: str
    level: str
    vp: int
    effects: Effects

    # the effects by name (standing rules are read many times a round) and the standing rules on characters'
    # Numbers (``numbers``), made once with the card
    by_effect: Mapping[str, Effects] = field(init=False, repr=False, compare=False)
    numbers: tuple[tuple[int, str | None, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_effect", by_effect(self.effects))
        object.__setattr__(self, "numbers", numbers(self.effects))


@dataclass(frozen=True)
class Commander:
    item: str
    name: str
    faction: str
    income: int
    effects: Effects

    # the effects by name (standing rules are read many times a round) and the standing rules on characters'
    # Numbers (``numbers``), made once with the card
    by_effect: Mapping[str, Effects] = field(init=False, repr=False, compare=False)
    numbers: tuple[tuple[int, str | None, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_effect", by_effect(self.effects))
        object.__setattr__(self, "numbers", numbers(self.effects))


@dataclass(frozen=True)
class Parameters:
    """The numbers of the rules, from ``game.yaml: parameters``."""

    sworn_enemies: frozenset[frozenset[str]]
    journey: tuple[str, ...]  # location levels, round by round
    final_lead: int  # rounds from the Clean-up where the final location is chosen to the round played there
    market_first: float  # characters per player in round one
    market_later: float  # characters per player later (rounded down)
    market_actions: float  # action cards per player
    plots_per_player: float
    action_price: int
    home_bonus: int

    @property
    def final_chosen_after(self) -> int:
        """The round in whose Clean-up the final location is chosen: the same number of rounds before the final one
        in a journey of any length (journey-length-variant; game.yaml gives it for the standard journey)."""
        return len(self.journey) - self.final_lead

    def market_characters(self, players: int, round_: int) -> int:
        return floor(players * (self.market_first if round_ == 1 else self.market_later))

    def plots(self, players: int) -> int:
        return floor(players * self.plots_per_player)

    def enemies(self, a: str | None, b: str | None) -> bool:
        return a is not None and b is not None and frozenset((a, b)) in self.sworn_enemies


@dataclass(frozen=True)
class JourneyData:
    """Everything the rules read, with copies numbered."""

    pack_id: str
    factions: tuple[str, ...]
    characters: tuple[Character, ...]
    actions: tuple[ActionCard, ...]
    plots: tuple[Plot, ...]
    locations: tuple[Location, ...]
    commanders: Mapping[str, Commander]
    parameters: Parameters
    plot_decks: Mapping[str, tuple[int, ...]]  # level -> plot numbers
    location_decks: Mapping[str, tuple[int, ...]]  # level -> location numbers

    def commanders_of(self, faction: str) -> tuple[str, ...]:
        return tuple(sorted(c for c, card in self.commanders.items() if card.faction == faction))


def _effects(value) -> Effects:
    return tuple(MappingProxyType(dict(e)) for e in value or ())


def _copies(items):
    """Each item once per copy: ``qty`` is the item's own attribute, not one of its values."""
    for item, _ in expand_qty(items):
        yield item


def journey_data(pack: Pack) -> JourneyData:
    """The tables of a loaded pack."""
    characters = tuple(
        Character(c.id, c.get("name"), c.get("faction"), c.get("number"), mask(c.get("attributes") or ()),
                  frozenset(c.get("abilities") or ()),
                  tuple((a["when"], _effects(a["effects"])) for a in c.get("actions") or ()))
        for c in _copies(pack.of_type("character")))
    actions = tuple(ActionCard(a.id, a.get("name"), a.get("phase"), bool(a.get("trap")), _effects(a.get("effects")))
                    for a in _copies(pack.of_type("action")))
    plots = tuple(Plot(p.id, p.get("name"), p.get("level"), p.get("contest") == "cooperative",
                       mask(p.get("icons") or ()), p.get("difficulty") or 0, tuple(p.get("rewards") or ()),
                       _effects(p.get("effects")))
                  for p in _copies(pack.of_type("plot")))
    locations = tuple(Location(loc.id, loc.get("name"), loc.get("level"), loc.get("vp"), _effects(loc.get("effects")))
                      for loc in _copies(pack.of_type("location")))
    commanders = {c.id: Commander(c.id, c.get("name"), c.get("faction"), c.get("income"), _effects(c.get("effects")))
                  for c in pack.of_type("commander")}
    raw = dict(pack.game.parameters or {})
    parameters = Parameters(
        sworn_enemies=frozenset(frozenset(pair) for pair in raw.get("sworn_enemies", ())),
        journey=tuple(raw["journey"]),
        final_lead=len(raw["journey"]) - int(raw["final_chosen_after"]),
        market_first=float(raw["market_characters_first_round"]),
        market_later=float(raw["market_characters_per_player"]),
        market_actions=float(raw["market_actions_per_player"]),
        plots_per_player=float(raw["plots_per_player"]),
        action_price=int(raw["action_price"]),
        home_bonus=int(raw["home_bonus"]),
    )
    plot_decks: dict[str, list[int]] = {}
    for number, plot in enumerate(plots):
        plot_decks.setdefault(plot.level, []).append(number)
    location_decks: dict[str, list[int]] = {}
    for number, location in enumerate(locations):
        location_decks.setdefault(location.level, []).append(number)
    return JourneyData(
        pack.id, tuple(f.id for f in pack.game.factions), characters, actions, plots, locations,
        MappingProxyType(commanders), parameters,
        MappingProxyType({k: tuple(v) for k, v in plot_decks.items()}),
        MappingProxyType({k: tuple(v) for k, v in location_decks.items()}))
