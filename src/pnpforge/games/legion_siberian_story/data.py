"""The rules' view of the pack: immutable tables built once from validated content.

The engine never reads YAML or pydantic objects while playing; it reads these small frozen records. Every number
of play (costs, counts, powers, effects) comes from the pack; the few numbers the rulebook fixes and the pack does
not carry (hand size, rounds, plots per player count) are named constants citing their section.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from pnpforge.content.pack import Pack

SKILLS = ("combat", "charisma", "intelligence")  # positions 1, 2, 3 (Story rules: Recruitment, card anatomy)
ROUNDS = 4  # Story rules: Course and goal of the game
HAND_SIZE = 5  # Story rules: Recruitment
SLEEVE_CARDS = ("equipment", "enhancement")  # what a character may take into its sleeve (Story rules: Equipment)
SETUP_DRAW, SETUP_UNDER = 6, 2  # Story rules: Game setup, step 10
START_SUPPLIES = 1  # Story rules: Game setup, step 3
PLOTS_BY_PLAYERS = {2: 3, 3: 4, 4: 4}  # Story rules: Round setup
OFFICER_ORDERS = 2  # Story rules: Orders, "up to two Orders"
RECRUIT_COST, EQUIPMENT_COST, RESTORE_COST = 3, 1, 2  # Story rules: Recruitment and equipment
BUYS_PER_TYPE = 1  # Story rules: Equipment, one card of each type per round
FIRST_AID_HEALS = 1  # Story rules: Character abilities, First Aid
# The scopes the rules apply, by the kind of card carrying the effect and the effect; the pack's vocabulary names
# more scopes, each meant for another kind of card (``consistency.scopes_applied`` reports a scope out of place)
SCOPES_APPLIED = {
    ("order", "combat_power"): ("self", "faction_at_plot"),  # counted in the carrier's faction total at its plot
    ("overlay", "combat_power"): ("self",),  # Promotion: the character in whose sleeve it is
    ("location", "combat_power"): ("with_skill", "with_ability", "officers"),  # every character who qualifies
    ("despatch", "combat_power"): ("chosen_own",),  # one own character at a plot, chosen by the player
    ("order", "block"): ("plot",),  # a token acts at its own plot
    ("location", "block"): ("all_plots",),  # a location acts on the whole round
}
# The numbers of the rules a location may replace (effect ``set_limit``), by the name the pack uses
DEFAULT_LIMITS = {
    "recruit_cost": RECRUIT_COST,
    "equipment_cost": EQUIPMENT_COST,
    "restore_order_cost": RESTORE_COST,
    "orders_per_officer": OFFICER_ORDERS,
    "buys_per_equipment_type": BUYS_PER_TYPE,
    "first_aid_heals": FIRST_AID_HEALS,
}


@dataclass(frozen=True)
class CharacterCard:
    id: str
    name: str
    faction: str
    officer: bool
    power: int
    skills: tuple[str, ...]
    abilities: tuple[str, ...]

    skill_set: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    ability_set: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "skill_set", frozenset(self.skills))
        object.__setattr__(self, "ability_set", frozenset(self.abilities))


@dataclass(frozen=True)
class OrderCard:
    id: str
    name: str
    universal: bool
    timing: str  # immediate | order_phase | kept
    effects: tuple[Mapping[str, Any], ...]

    @property
    def blank(self) -> bool:
        return not self.effects


@dataclass(frozen=True)
class OverlayCard:
    id: str
    name: str
    kind: str  # frostbite | wound | crippled | equipment | enhancement
    zone: str
    cost: int | None
    qty: int
    effects: tuple[Mapping[str, Any], ...]

    by_name: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, compare=False, repr=False)
    skill: str | None = field(default=None, compare=False, repr=False)  # added by ``add_skill``
    ability: str | None = field(default=None, compare=False, repr=False)  # added by ``add_ability``

    def __post_init__(self) -> None:
        by_name = {e["effect"]: e for e in self.effects}
        object.__setattr__(self, "by_name", MappingProxyType(by_name))
        object.__setattr__(self, "skill", by_name["add_skill"]["skill"] if "add_skill" in by_name else None)
        object.__setattr__(self, "ability", by_name["add_ability"]["ability"] if "add_ability" in by_name else None)

    def effect(self, name: str) -> Mapping[str, Any] | None:
        return self.by_name.get(name)


@dataclass(frozen=True)
class PlotCard:
    id: str
    name: str
    entry: tuple[str, ...]
    types: tuple[str, ...]
    winner_vp: int
    survivor_supplies: int

    entry_set: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "entry_set", frozenset(self.entry))


@dataclass(frozen=True)
class LocationCard:
    id: str
    name: str
    effects: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class DespatchCard:
    id: str
    name: str
    effects: tuple[Mapping[str, Any], ...]
    scoring: Mapping[str, Any]


@dataclass(frozen=True)
class LegionData:
    """Everything the engine reads from the pack."""

    factions: tuple[str, ...]
    characters: Mapping[str, CharacterCard]
    orders: Mapping[str, OrderCard]
    commanders: Mapping[str, tuple[str, tuple[str, ...]]]  # id -> (faction, unique orders)
    tokens: Mapping[str, tuple[str, ...]]  # faction -> order ids of its tokens
    overlays: Mapping[str, OverlayCard]
    plots: Mapping[str, PlotCard]
    locations: Mapping[str, LocationCard]
    despatches: Mapping[str, DespatchCard]
    thresholds: Mapping[str, float] = field(default_factory=dict)

    def faction_characters(self, faction: str) -> list[CharacterCard]:
        return list(self._by_faction.get(faction, ()))

    @cached_property
    def _by_faction(self) -> Mapping[str, tuple[CharacterCard, ...]]:
        found: dict[str, list[CharacterCard]] = {}
        for card in self.characters.values():
            found.setdefault(card.faction, []).append(card)
        return MappingProxyType({faction: tuple(cards) for faction, cards in found.items()})

    def overlay_by_condition(self, condition: str) -> OverlayCard:
        """The transparent card that marks a condition (wound, frostbite); a KeyError when the pack has none."""
        return self.overlays[self.condition_cards[condition]]

    def crippled_card(self, skill: str) -> OverlayCard:
        """The Crippled card of a skill's position; a KeyError when the pack has none."""
        return self.overlays[self.crippled_cards[skill]]

    # --- tables worked out once, so that play is look-ups ------------------------------------------------------
    @cached_property
    def chance_actions(self) -> Mapping[str, Mapping[str, tuple[str, str]]]:
        """The actions of the chance steps made once: ``("draw", character)``, ``("plot", plot)`` and
        ``("location", location)`` by id."""
        return MappingProxyType({kind: MappingProxyType({i: (kind, i) for i in ids}) for kind, ids in
                                 (("draw", self.characters), ("plot", self.plots), ("location", self.locations))})

    @cached_property
    def buyable_ids(self) -> tuple[str, ...]:
        """The Equipment and Enhancement cards with a price, in the pack's sequence."""
        return tuple(o.id for o in self.overlays.values() if o.cost is not None)

    @cached_property
    def sleeve_cards(self) -> tuple[OverlayCard, ...]:
        """The Equipment and Enhancement cards, in the pack's sequence: what a sleeve may take."""
        return tuple(o for o in self.overlays.values() if o.kind in SLEEVE_CARDS)

    @cached_property
    def equip_actions(self) -> Mapping[str, Mapping[str, tuple[str, str, str]]]:
        """The shop's actions made once: ``("equip", card, character)`` by card and character."""
        return MappingProxyType({o: MappingProxyType({c: ("equip", o, c) for c in self.characters})
                                 for o in self.buyable_ids})

    @cached_property
    def location_effects(self) -> Mapping[str, Mapping[str, tuple]]:
        """Per location, its effects by effect name, in printed sequence."""
        return MappingProxyType({loc.id: _by_name(loc.effects) for loc in self.locations.values()})

    @cached_property
    def location_limits(self) -> Mapping[str | None, Mapping[str, int]]:
        """Per location (and for none), the numbers of the rules this round: the first ``set_limit`` of a kind wins."""
        limits: dict[str | None, Mapping[str, int]] = {None: MappingProxyType(dict(DEFAULT_LIMITS))}
        for loc in self.locations.values():
            found = dict(DEFAULT_LIMITS)
            for effect in reversed(loc.effects):
                if effect["effect"] == "set_limit" and effect["what"] in found:
                    found[effect["what"]] = effect["value"]
            limits[loc.id] = MappingProxyType(found)
        return MappingProxyType(limits)

    @cached_property
    def deck_lists(self) -> Mapping[str, list[str]]:
        """Per faction, the ids of its characters, sorted."""
        return MappingProxyType({f: sorted(c.id for c in self.faction_characters(f)) for f in self.factions})

    @cached_property
    def commander_tokens(self) -> Mapping[str, tuple[str, ...]]:
        """Per commander, the order tokens its player holds, sorted: the faction's universal ones and its own."""
        found = {}
        for commander, (faction, unique) in self.commanders.items():
            found[commander] = tuple(sorted(o for o in self.tokens.get(faction, ())
                                            if self.orders[o].universal or o in unique))
        return MappingProxyType(found)

    @cached_property
    def condition_cards(self) -> Mapping[str, str]:
        """The id of the transparent card that marks each condition (wound, frostbite)."""
        return MappingProxyType({e["condition"]: o.id for o in reversed(list(self.overlays.values()))
                                 if (e := o.effect("afflict"))})

    @cached_property
    def crippled_cards(self) -> Mapping[str, str]:
        """The id of the Crippled card of each skill."""
        return MappingProxyType({e["skill"]: o.id for o in reversed(list(self.overlays.values()))
                                 if (e := o.effect("forbid_skill"))})

    @cached_property
    def fresh_sleeves(self) -> Mapping[str, "Sleeve"]:
        """Per character, what it shows and may take with an empty sleeve."""
        return MappingProxyType({c: self._sleeve(c, (), ()) for c in self.characters})

    @cached_property
    def powers(self) -> dict[tuple, int]:
        """Combat power by (location, character[, sleeved cards, crippled positions]), kept by ``character_power``."""
        return {}

    @cached_property
    def _sleeves(self) -> dict[tuple, "Sleeve"]:
        return {}

    @cached_property
    def _plot_types(self) -> dict[tuple, frozenset[str]]:
        return {}

    def plot_types(self, location: str | None, plot: str) -> frozenset[str]:
        """A plot's printed types plus any the location adds (effect ``add_plot_type``), worked out once."""
        key = (location, plot)
        found = self._plot_types.get(key)
        if found is None:
            types = set(self.plots[plot].types)
            for effect in self.location_effects[location].get("add_plot_type", ()) if location else ():
                if effect.get("except_type") not in types:
                    types.add(effect["plot_type"])
            found = self._plot_types[key] = frozenset(types)
        return found

    @cached_property
    def _rewards(self) -> dict[tuple, tuple[frozenset[str], int, int]]:
        return {}

    def rewards(self, location: str | None, plot: str) -> tuple[frozenset[str], int, int]:
        """A plot's types this round (``plot_types``), and its winners' VP and survivors' supplies with the
        location's bonuses (effect ``plot_reward_bonus``, for any plot or plots of a type), worked out once."""
        key = (location, plot)
        found = self._rewards.get(key)
        if found is None:
            card, types = self.plots[plot], self.plot_types(location, plot)
            bonuses = [e for e in self.location_effects[location].get("plot_reward_bonus", ())
                       if e["plot_type"] == "any" or e["plot_type"] in types] if location else []
            found = self._rewards[key] = (types, card.winner_vp + sum(e.get("vp", 0) for e in bonuses),
                                          card.survivor_supplies + sum(e.get("supplies", 0) for e in bonuses))
        return found

    @cached_property
    def _blocked(self) -> dict[tuple, frozenset[str]]:
        return {}

    def blocked(self, location: str | None, plot: str) -> frozenset[str]:
        """The steps the location (effect ``block``) and the plot's types (a Peaceful plot: no Assault) switch off
        at a plot, before any order token there (``resolution.blocked_steps``), worked out once."""
        key = (location, plot)
        found = self._blocked.get(key)
        if found is None:
            blocks = {e["what"] for e in self.location_effects[location].get("block", ())} if location else set()
            if "peaceful" in self.plot_types(location, plot):
                blocks.add("assault")
            found = self._blocked[key] = frozenset(blocks)
        return found

    def sleeve(self, character: str, gear: tuple, crippled: tuple) -> "Sleeve":
        """What a character shows with these sleeved cards and crippled positions, worked out once per sleeve."""
        if not (gear or crippled):
            return self.fresh_sleeves[character]
        key = (character, gear, crippled)
        found = self._sleeves.get(key)
        if found is None:
            found = self._sleeves[key] = self._sleeve(character, gear, crippled)
        return found

    def _sleeve(self, character: str, gear: tuple, crippled: tuple) -> "Sleeve":
        card = self.characters[character]
        skills, abilities = set(card.skill_set), set(card.ability_set)
        effects: set[str] = set()
        power, orders = card.power, 0
        for overlay_id in gear:
            overlay = self.overlays[overlay_id]
            if overlay.skill:
                skills.add(overlay.skill)
            if overlay.ability:
                abilities.add(overlay.ability)
            effects.update(overlay.by_name)
            promotion = overlay.effect("combat_power")
            if promotion and promotion["scope"] in SCOPES_APPLIED[("overlay", "combat_power")]:
                power += promotion["amount"]
            gives = overlay.effect("may_give_orders")
            if gives and not orders:
                orders = gives["count"]
        shown = frozenset(skills.difference(crippled))
        takes = frozenset(o.id for o in self.sleeve_cards if may_take_card(o, card, shown, abilities, gear, crippled))
        return Sleeve(shown, frozenset(abilities), takes, power, frozenset(effects), orders)

    @cached_property
    def order_effects(self) -> Mapping[str, Mapping[str, tuple]]:
        """Per order token, its effects by effect name."""
        return MappingProxyType({o.id: _by_name(o.effects) for o in self.orders.values()})


class Sleeve(NamedTuple):
    """What a character shows with its sleeve: skills (crippled positions removed), abilities, the ids of the
    Equipment and Enhancement cards it may still take, its combat power and what its sleeved cards do."""

    skills: frozenset[str]
    abilities: frozenset[str]
    takes: frozenset[str]
    power: int  # printed combat power plus the Promotion cards in the sleeve
    effects: frozenset[str]  # the names of the sleeved cards' effects
    orders: int  # the orders its sleeve lets it give (Officer Exams), 0 when none


def may_take_card(card: OverlayCard, character: CharacterCard, skills: Any, abilities: Any,
                  gear: tuple = (), crippled: tuple = ()) -> bool:
    """Whether a character showing ``skills`` and ``abilities`` may take this Equipment or Enhancement: no skill or
    ability twice, one of each card; the Enhancement of a crippled position is allowed and cures it (DECISIONS:
    crippled cure)."""
    if card.id in gear:
        return False
    if card.skill:
        return card.skill in crippled or card.skill not in skills
    if card.ability:
        return card.ability not in abilities
    if card.effect("may_give_orders"):
        return not character.officer
    return True


def _by_name(effects: tuple) -> Mapping[str, tuple]:
    grouped: dict[str, list] = {}
    for effect in effects:
        grouped.setdefault(effect["effect"], []).append(effect)
    return MappingProxyType({name: tuple(found) for name, found in grouped.items()})


def _freeze(effects: list | None) -> tuple:
    return tuple(MappingProxyType(dict(e)) for e in (effects or []))


def _text(value: Any) -> str:
    return value if isinstance(value, str) else next(iter(value.values()))


def build_data(pack: Pack) -> LegionData:
    """Read the tables of play from a validated pack."""
    characters = {
        i.id: CharacterCard(i.id, _text(i["name"]), i["faction"], bool(i.get("officer")), i["combat_power"],
                            tuple(i["skills"]), tuple(i.get("abilities", [])))
        for i in pack.of_type("character")
    }
    orders = {
        i.id: OrderCard(i.id, _text(i["name"]), bool(i.get("universal")), i["timing"], _freeze(i.get("effects")))
        for i in pack.of_type("order")
    }
    commanders = {i.id: (i["faction"], tuple(i["orders"])) for i in pack.of_type("commander")}
    tokens: dict[str, list[str]] = {}
    for token in pack.of_type("order_token"):
        tokens.setdefault(token["faction"], []).extend([token["order"]] * token.qty)
    overlays = {
        i.id: OverlayCard(i.id, _text(i["name"]), i["kind"], i["zone"], i.get("cost"), i.qty, _freeze(i.get("effects")))
        for i in pack.of_type("overlay")
    }
    plots = {
        i.id: PlotCard(i.id, _text(i["name"]), tuple(i["entry"]), tuple(i.get("types", [])), i["winner_vp"],
                       i["survivor_supplies"])
        for i in pack.of_type("plot")
    }
    locations = {i.id: LocationCard(i.id, _text(i["name"]), _freeze(i["effects"])) for i in pack.of_type("location")}
    despatches = {i.id: DespatchCard(i.id, _text(i["name"]), _freeze(i["effects"]),
                                     MappingProxyType(dict(i["scoring"])))
                  for i in pack.of_type("despatch")}
    return LegionData(
        factions=tuple(f.id for f in pack.game.factions),
        characters=MappingProxyType(characters),
        orders=MappingProxyType(orders),
        commanders=MappingProxyType(commanders),
        tokens=MappingProxyType({k: tuple(v) for k, v in tokens.items()}),
        overlays=MappingProxyType(overlays),
        plots=MappingProxyType(plots),
        locations=MappingProxyType(locations),
        despatches=MappingProxyType(despatches),
        thresholds=MappingProxyType(dict(pack.game.thresholds)),
    )

