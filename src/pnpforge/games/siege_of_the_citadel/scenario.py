"""A scenario's position: a mission's map or an ASCII map of its own, the teams, every figure with its rank,
weapon, health and square, the tokens, and whose turn it starts at. The state it gives plays one turn (the
corporation listed first, or the Dark Legion) and the mission then ends and is scored, unless ``rounds`` leaves more.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pnpforge.content.pack import Pack
from pnpforge.engine.grid import Cell, Grid
from pnpforge.engine.script import Report, ScriptChoice
from pnpforge.games.siege_of_the_citadel import turns
from pnpforge.games.siege_of_the_citadel.data import Entrance
from pnpforge.games.siege_of_the_citadel.figures import Fig, Team
from pnpforge.games.siege_of_the_citadel.game import LEGION, Settings, SiegeGame
from pnpforge.games.siege_of_the_citadel.maps import MOVE_BLOCKING, SIGHT_BLOCKING
from pnpforge.games.siege_of_the_citadel.state import SiegeState

CREATURES = ("legionnaire", "necromutant", "centurion", "razide", "praetorian_stalker", "nepharite", "ezoghoul")
LEGEND = {"k": "desk", "t": "terminal_slot", "x": "rubble", "o": "pit", "u": "upper",
          **{str(n): f"stairs_{n}" for n in range(1, 7)}}


Square = Annotated[list[int], Field(min_length=2, max_length=2)]  # [column, row]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class FigureSpec(_Strict):
    id: str = Field(min_length=1, max_length=40)
    at: Square | None = None  # None: waiting outside entrance ``outside``
    outside: int | None = None
    corporation: Literal["bauhaus", "capitol", "cybertronic", "imperial", "mishima"] | None = None
    specialty: Literal["close_combat", "firearms", "tech"] | None = None
    creature: Literal["legionnaire", "necromutant", "centurion", "razide", "praetorian_stalker", "nepharite",
                      "ezoghoul"] | None = None
    health: int = Field(5, ge=1, le=5)
    weapon: str | None = None
    gear: list[str] = Field(default_factory=list, max_length=3)
    augment: str | None = None


class TokenSpec(_Strict):
    at: Square
    token: str


class EntranceSpec(_Strict):
    at: Square
    edge: Literal["north", "east", "south", "west"]
    colour: Literal["white", "red"]


class SightSpec(_Strict):
    seen_from: Square = Field(alias="from")
    to: Square


class ScenarioFile(_Strict):
    name: str | None = None
    doc: str | None = None
    mission: str = "battle-plans"
    map: str | None = None  # an ASCII map instead of the mission's
    targets: list[Square] = Field(default_factory=list)
    entrances: list[EntranceSpec] = Field(default_factory=list)
    legion: Literal["player", "ai"] = "player"
    rank: int = Field(1, ge=1, le=12)
    cards: int = Field(0, ge=0, le=9)  # Doomtrooper cards per team: the first of the deck, unless ``hands`` names them
    hands: dict[str, list[str]] = Field(default_factory=dict)  # corporation -> its Doomtrooper cards by id
    ranks: dict[str, Square] = Field(default_factory=dict)  # corporation -> [rank, points], else ``rank`` and 0
    corporations: list[Literal["bauhaus", "capitol", "cybertronic", "imperial", "mishima"]] = Field(min_length=1)
    figures: list[FigureSpec] = Field(default_factory=list)
    tokens: list[TokenSpec] = Field(default_factory=list)
    round: int = Field(1, ge=1, le=30)
    rounds: int | None = Field(None, ge=1, le=30)
    events: list[int] = Field(default_factory=list)
    face_down: list[int] = Field(default_factory=list)  # force cards face down, by tile
    # the corporations whose markers are still to be drawn this round once the starting turn ends
    later: list[Literal["bauhaus", "capitol", "cybertronic", "imperial", "mishima"]] = Field(default_factory=list)
    objective_done: bool = False
    sight: list[SightSpec] = Field(default_factory=list)


class Choice(ScriptChoice):
    """One choice: ``do`` as a transcript writes it, or a figure's action: ``move`` to a square, ``attack`` a
    figure (``with`` a kind of attack), a ``sweep``, ``line`` or ``grenade``, the ``special`` action, a Doomtrooper
    ``card`` played for its text (``on`` a figure) or ``discard``-ed for one more action, or ``end``; on another
    player's turn, ``react`` with a card or ``pass``."""

    do: str | None = None
    figure: str | None = None
    move: Square | None = None
    attack: str | None = None
    kind: Literal["close_combat", "firearms", "tech"] | None = Field(None, alias="with")
    sweep: Square | None = None
    clockwise: bool = True
    line: Square | None = None
    grenade: Square | None = None
    special: bool = False
    card: str | None = None  # a Doomtrooper card played for its text (``on`` a figure, when it names one)
    on: str | None = None
    discard: str | None = None  # a Doomtrooper card discarded for one more action
    react: str | None = None  # on another player's turn: a card to play, or ``pass``
    reroll: list[int] | None = None  # dice by their place in the throw, from 1
    place: Square | None = None
    end: bool = False


def ascii_mission(game: SiegeGame, spec: ScenarioFile, report: Report) -> Any:
    """The mission with an ASCII map of the scenario's own: one tile, its closed doors as door tokens."""
    try:
        grid = Grid.from_ascii(spec.map or "", LEGEND, move_blocking=MOVE_BLOCKING, sight_blocking=SIGHT_BLOCKING)
    except ValueError as exc:
        report.error(("map",), f"map: {exc}")
        return None
    closed = tuple(sorted(k for k in grid.doors if k not in grid.open_doors))
    for key in grid.doors:
        grid = grid.with_door(key, True)
    cells = frozenset(grid.cells())
    entrances = []
    for e in spec.entrances:
        entrances.append(Entrance(tuple(e.at), e.edge, e.colour))  # type: ignore[arg-type]
    return replace(game.mission, grid=grid, tiles=(0,), tile_cells=(cells,), tile_of={c: 0 for c in cells},
                   entrances=tuple(entrances) or game.mission.entrances[:0], doors=closed, markers={},
                   targets=tuple((t[0], t[1]) for t in spec.targets), terrain={c: grid.terrain(c) or "" for c in cells})


def build(pack: Pack, spec: ScenarioFile, start: str | None, report: Report) -> SiegeState | None:
    legion_seat = None if spec.legion == "ai" else 0
    try:
        game = SiegeGame.of(pack, Settings(mission=spec.mission, corporations=tuple(spec.corporations),
                                           legion_seat=legion_seat, rank=spec.rank, draft=False), SiegeState.start)
    except ValueError as exc:
        report.error(("mission",), str(exc))
        return None
    if spec.map is not None:
        mission = ascii_mission(game, spec, report)
        if mission is None:
            return None
        game.mission = mission
    mission = game.mission
    if spec.targets and spec.map is None:
        game.mission = mission = replace(mission, targets=tuple((t[0], t[1]) for t in spec.targets))
    state = SiegeState(game)
    state.pool = dict(pack.game.parameters.get("figure_pool", {}))
    state.doors = frozenset(mission.doors)
    state.tokens = dict(mission.markers)
    for token in spec.tokens:
        state.tokens[tuple(token.at)] = token.token  # type: ignore[index]
    state.face_down = tuple(spec.face_down[i] if i < len(spec.face_down) else 0 for i in range(len(mission.tiles)))
    for corp in spec.corporations:
        rank, points = spec.ranks.get(corp, [spec.rank, 0])
        team = Team(corp, rank, points, 0)
        team.entered = True
        state.teams[corp] = team
        hand = spec.hands.get(corp, list(game.card_effects)[: spec.cards])
        for card in hand:
            if card not in game.card_effects:
                report.error(("hands", corp), f"no Doomtrooper card '{card}'")
        state.hands[corp] = tuple(hand)
    equipment = game.equipment
    for index, fig in enumerate(spec.figures):
        where = ("figures", index)
        cell: Cell | None = tuple(fig.at) if fig.at is not None else None  # type: ignore[assignment]
        if cell is not None and (cell not in mission.grid or mission.grid.blocks_movement(cell)):
            report.error(where + ("at",), f"figure '{fig.id}': {list(cell)} is not a square a figure may stand on")
        if fig.creature is not None:
            made = Fig(fig.id, LEGION, fig.creature, fig.creature.replace("_", " "))
            if state.pool.get(fig.creature, 0) <= 0:
                report.error(where, f"figure '{fig.id}': the box holds no more of {fig.creature}")
            else:
                state.pool[fig.creature] -= 1
        elif fig.corporation is not None and fig.specialty is not None:
            if fig.corporation not in state.teams:
                report.error(where + ("corporation",), f"figure '{fig.id}': {fig.corporation} is not in "
                                                        "corporations")
                continue
            made = Fig(fig.id, fig.corporation, fig.specialty, fig.id, fig.health)
            for name in (fig.weapon, fig.augment, *fig.gear):
                if name is not None and name not in equipment:
                    report.error(where, f"figure '{fig.id}': no equipment '{name}'")
            made.weapon, made.augment, made.gear = fig.weapon, fig.augment, tuple(fig.gear)
            team = state.teams[fig.corporation]
            team.troopers = (*team.troopers, fig.id)
        else:
            report.error(where, f"figure '{fig.id}': give a creature, or a corporation and a specialty")
            continue
        made.cell, made.outside = cell, fig.outside
        if fig.id in state.figs:
            report.error(where + ("id",), f"figure '{fig.id}' is given twice")
        state.figs[fig.id] = made
    if report.problems:
        return None
    for team in state.teams.values():  # a team has entered the tiles its Doomtroopers stand on
        team.tiles = frozenset(mission.tile_of[f.cell] for f in state.figs.values()
                               if f.side == team.corp and f.cell is not None and f.cell in mission.tile_of)
        waiting = [f.outside for f in state.figs.values() if f.side == team.corp and f.outside is not None]
        team.entrance = waiting[0] if waiting else None  # the entrance its Doomtroopers wait at
    state.commander = turns.commander(state)
    state.round = spec.round
    rounds = spec.rounds or spec.round
    events = tuple(spec.events) or mission.events
    game.mission = replace(game.mission, rounds=rounds, events=events)
    state.goal_done = spec.objective_done
    state.markers = tuple(c for c in spec.later if c in state.teams)
    if start == "legion":
        state.acting = LEGION
        state.push(("legion_turn",), ("after_turn",))
    else:
        corp = spec.corporations[0]
        state.acting = corp
        state.push(("activate_next", corp), ("after_turn",))
    state.advance()
    return state


STARTS = ("corporation", "legion")
