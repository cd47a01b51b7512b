"""Scenarios: a plot situation written as YAML, played through the engine by the script runner
(``engine/script.py``, adapted in ``replay.py``), with its outcome as data.

A scenario names the players (seat sequence; the first is the starting player), the location, the plots (by id or
inline) with the characters at each (card ids or inline stats, with wounds, frostbite, sleeved cards, crippled
skills and assigned orders); the runner reads its start, choices, chance and expected outcome. The format is
documented in ``content/legion-siberian-story/README.md``. A scenario's game has one step more than a game of play:
``scenario_end``, which ends it when its phase is over (``build`` schedules it).
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, Literal

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict

from pnpforge.engine.script import Report, ScriptChoice
from pnpforge.engine.steps import task
from pnpforge.games.legion_siberian_story.data import (
    ROUNDS, SKILLS, CharacterCard, LegionData, LocationCard, PlotCard, build_data)
from pnpforge.games.legion_siberian_story.game import LegionGame
from pnpforge.games.legion_siberian_story.state import Fighter, LegionState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

Skill = Literal["combat", "charisma", "intelligence"]
STARTS = ("plots", "orders", "location")  # where a scenario starts; the first is the default
Ability = Literal["assault", "violence", "first_aid", "fragility"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class Placed(_Strict):
    """A character at a plot: a card of the pack (``card``) or inline stats (``id`` and ``power``)."""

    card: str | None = None
    id: str | None = None
    name: str | None = None
    power: Annotated[int, Ge(0), Le(20)] | None = None
    skills: list[Skill] = []
    abilities: list[Ability] = []
    officer: bool = False
    wounds: Annotated[int, Ge(0), Le(1)] = 0
    frostbite: Annotated[int, Ge(0), Le(1)] = 0
    gear: list[str] = []
    crippled: list[Skill] = []
    order: str | None = None
    order_revealed: bool = False


class PlotSpec(_Strict):
    """A plot by ``id`` of the pack, or inline (``name``, ``entry``, ``types``, ``winner_vp``,
    ``survivor_supplies``)."""

    id: str | None = None
    name: str | None = None
    entry: list[Skill] = []
    types: list[Literal["freezing", "warming", "peaceful"]] = []
    winner_vp: Annotated[int, Ge(0), Le(20)] = 0
    survivor_supplies: Annotated[int, Ge(0), Le(20)] = 0
    characters: dict[str, list[Placed]] = {}


class Choice(ScriptChoice):
    """One decision of a player, in the sequence the engine asks for it."""

    step: Literal["assault", "wound", "violence", "cripple", "heal", "order", "move", "withdraw", "swap",
                  "sabotage", "sacrifice", "skip"]
    target: str | None = None
    character: str | None = None
    skill: Skill | None = None
    to: str | None = None
    use: bool = True


class ScenarioFile(_Strict):
    """The game's keys of a scenario file (the runner reads ``start``, ``choices``, ``chance``, ``seed`` and
    ``expect``)."""

    name: str
    doc: str = ""
    players: list[str]
    location: str | dict[str, Any] | None = None
    end: bool = False  # the plots are the last round's: the game then ends with the final scoring
    supplies: dict[str, Annotated[int, Ge(0), Le(99)]] = {}
    vp: dict[str, Annotated[int, Ge(0), Le(99)]] = {}  # decorations won in the rounds before
    dead: dict[str, Annotated[int, Ge(0), Le(15)]] = {}  # characters already in each graveyard
    plots: list[PlotSpec]


@task("scenario_end")
def scenario_end(state: LegionState) -> None:
    """The scenario's phase is over: so is its game."""
    state.over = True
    state.pending = None


def build(pack: Pack, scenario: ScenarioFile, start: str | None, report: Report) -> LegionState | None:
    """The state the scenario describes, the steps from its start scheduled: the round's location drawn
    (``location``), the orders (``orders``), the plots, Freezing and Warming; then the end of the game (``end``) or
    of the scenario."""
    state = _position(scenario, start or STARTS[0], build_data(pack), report)
    if state is None:
        return None
    steps: list[tuple] = [("location",), ("location_now",)] if start == "location" else []
    steps += [("orders_start",)] if start == "orders" else []
    steps += [("resolve_plot", i) for i in range(len(state.plots))] + [("frost",)]
    state.push(*steps, ("game_end",) if scenario.end else ("scenario_end",))
    state.auto = False
    state.run()
    return state


def _position(scenario: ScenarioFile, start: str, data: LegionData, report: Report) -> LegionState | None:
    """The state the scenario describes, nothing yet scheduled (None when a problem is reported)."""
    for index, faction in enumerate(scenario.players):
        if faction not in data.factions:
            report.error(("players", index), f"unknown faction '{faction}'; factions: {', '.join(data.factions)}")
    if len(set(scenario.players)) != len(scenario.players) or not 2 <= len(scenario.players) <= 4:
        report.error(("players",), "expected 2 to 4 different factions")
    characters = dict(data.characters)
    plots = dict(data.plots)
    locations = dict(data.locations)
    placed: list[tuple[int, str, Placed, tuple]] = []
    plot_ids = []
    for i, spec in enumerate(scenario.plots):
        if spec.id and spec.name is None:
            if spec.id not in plots:
                report.error(("plots", i, "id"), f"no plot '{spec.id}' in the pack")
            plot_ids.append(spec.id)
        else:
            plot_id = spec.id or f"scenario-plot-{i + 1}"
            plots[plot_id] = PlotCard(plot_id, spec.name or plot_id, tuple(spec.entry), tuple(spec.types),
                                      spec.winner_vp, spec.survivor_supplies)
            plot_ids.append(plot_id)
        for faction, people in spec.characters.items():
            if faction not in scenario.players:
                report.error(("plots", i, "characters", faction), f"faction '{faction}' is not among the players")
                continue
            for j, person in enumerate(people):
                at = ("plots", i, "characters", faction, j)
                cid = _character(person, faction, characters, report, at)
                if cid:
                    placed.append((i, cid, person, at))
    if start == "location" and scenario.location is not None:
        report.error(("location",), "location: the round's location is drawn in a scenario that starts there; "
                                    "drop 'location' (or write it under chance:)")
    elif isinstance(scenario.location, str):
        if scenario.location not in locations:
            report.error(("location",), f"no location '{scenario.location}' in the pack")
    elif isinstance(scenario.location, dict):
        effects = tuple(MappingProxyType(e) for e in scenario.location.get("effects", []))
        locations["scenario-location"] = LocationCard("scenario-location", "Scenario location", effects)
    seen = [cid for _, cid, _, _ in placed]
    for _, cid, _, at in placed:
        if seen.count(cid) > 1:
            report.error(at, f"character '{cid}' is placed twice")
            break
    for key in ("supplies", "vp", "dead"):
        for faction in getattr(scenario, key):
            if faction not in scenario.players:
                report.error((key, faction), f"faction '{faction}' is not among the players")
    if report.problems:
        return None
    data = replace(data, characters=MappingProxyType(characters), plots=MappingProxyType(plots),
                   locations=MappingProxyType(locations))
    game = LegionGame(data, len(scenario.players), tuple(scenario.players), extra_steps=(scenario_end,))
    state = LegionState(game)
    state.location = ("scenario-location" if isinstance(scenario.location, dict) else scenario.location)
    state.plots = plot_ids
    state.members = [[] for _ in plot_ids]
    state.round = ROUNDS if scenario.end else 1
    for faction, amount in scenario.supplies.items():
        state.supplies[game.player_of[faction]] = amount
    for faction, amount in scenario.vp.items():
        state.vp[game.player_of[faction]] = amount
    for faction, count in scenario.dead.items():  # the fallen of earlier rounds: only their number counts
        state.graveyard[game.player_of[faction]] = [f"{faction}-fallen-{k + 1}" for k in range(count)]
    for i, cid, person, at in placed:
        _place(state, i, cid, person, report, at)
    return None if report.problems else state


def _character(person: Placed, faction: str, characters: dict, report: Report, at: tuple) -> str | None:
    if person.card:
        card = characters.get(person.card)
        if card is None:
            report.error(at + ("card",), f"no character '{person.card}' in the pack")
            return None
        if card.faction != faction:
            report.error(at + ("card",), f"'{person.card}' belongs to '{card.faction}', not '{faction}'")
            return None
        return person.card
    if not person.id or person.power is None:
        report.error(at, "an inline character needs 'id' and 'power' (or give 'card')")
        return None
    ordered = tuple(s for s in SKILLS if s in person.skills)
    characters[person.id] = CharacterCard(person.id, person.name or person.id, faction, person.officer, person.power,
                                          ordered, tuple(person.abilities))
    return person.id


def _place(state: LegionState, plot: int, cid: str, person: Placed, report: Report, at: tuple) -> None:
    data = state.data
    for k, overlay in enumerate(person.gear):
        if overlay not in data.overlays or data.overlays[overlay].cost is None:
            report.error(at + ("gear", k), f"no Equipment or Enhancement card '{overlay}'")
            return
    state.members[plot].append(cid)
    state.at[cid] = plot
    state.fighters[cid] = Fighter(person.wounds, person.frostbite, tuple(sorted(person.crippled)),
                                  tuple(sorted(person.gear)))
    for overlay in person.gear:
        state.pool[overlay] -= 1
    if person.wounds:
        state.pool[data.overlay_by_condition("wound").id] -= person.wounds
    if person.frostbite:
        state.pool[data.overlay_by_condition("frostbite").id] -= person.frostbite
    for skill in person.crippled:
        state.pool[data.crippled_card(skill).id] -= 1
    if person.order:
        if person.order not in data.orders:
            report.error(at + ("order",), f"no order '{person.order}'")
        elif data.characters[cid].officer:
            report.error(at + ("order",), "officers cannot be given orders")
        else:
            state.tokens[cid] = [person.order, person.order_revealed]
