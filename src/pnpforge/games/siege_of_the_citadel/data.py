"""What the engine reads from the pack, once per game: the mission's joined map with its entrances, doors, markers
and objective squares; the dice; the rank cards, the reference boards and the equipment; the decks of force,
event, door and AI cards (rule ids ``setup-map``, ``setup-event-deck``, ``setup-force-cards``,
``setup-reference-board``).

Everything here is immutable and shared by every state of one game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnpforge.content.pack import Pack
from pnpforge.engine.dice import DiceSet
from pnpforge.engine.grid import Cell, Edge, Grid, edge
from pnpforge.games.siege_of_the_citadel.maps import STEP, joined, map_cell, map_direction

SPECIALTIES = ("close_combat", "firearms", "tech")
STRENGTH = {"white": 1, "red": 2, "black": 3}
BIG = ("nepharite", "ezoghoul")
COVER_TOKENS = frozenset({"terminal", "defence_turret", "equipment_container", "debris"})
BLOCKING_TOKENS = frozenset({"terminal", "defence_turret", "equipment_container", "debris", "portal",
                             "primary_target"})
# the corporation whose rank card re-rolls failed dice of one kind of attack (DECISIONS.md, rank cards)
REROLLS = {"bauhaus": "firearms", "cybertronic": "tech", "mishima": "close_combat"}


@dataclass(frozen=True)
class Entrance:
    """A white or red entrance: the map square it opens onto, the direction it faces and its colour."""

    cell: Cell
    direction: str
    colour: str


@dataclass(frozen=True)
class Rank:
    """One rank of a corporation's rank card."""

    rank: int
    dice: tuple[str, ...]
    defence_die: str
    credits: int
    cards: int
    rerolls: int


@dataclass(frozen=True)
class Creature:
    """One creature's line on a side of the reference board."""

    name: str
    close_combat: tuple[str, ...]
    firearms: tuple[str, ...]
    defence_value: int
    defence_die: str
    actions: int
    points: int


@dataclass(frozen=True)
class Board:
    """One side of a reference board: the ranks it serves, its creatures and its terrain values."""

    ranks: tuple[int, ...]
    creatures: dict[str, Creature]
    terrain: dict[str, dict[str, Any]]


@dataclass(frozen=True)
class Attack:
    """One attack a weapon makes: its kind, the rank dice it takes, dice it adds, its range and whether it needs
    sight."""

    kind: str
    dice: int
    extra: tuple[str, ...]
    min_range: int
    max_range: int
    sight: bool


@dataclass(frozen=True)
class Equipment:
    """A card of the Equipment Bunker, with its copies."""

    id: str
    name: str
    kind: str
    icons: tuple[str, ...]
    attacks: tuple[Attack, ...]
    rank: int
    cost: int
    augment_for: tuple[str, ...]
    copies: int


@dataclass(frozen=True)
class Instruction:
    """One line of an AI card, as the engine follows it (``instructions`` in ai-cards.yaml)."""

    kind: str
    text: str


@dataclass(frozen=True)
class AiCard:
    number: int
    primary: str
    secondary: str
    target: str
    matrix: Cell
    instructions: tuple[Instruction, ...]


@dataclass(frozen=True)
class Trooper:
    id: str
    name: str
    faction: str
    specialty: str


@dataclass(frozen=True)
class Mission:
    """A mission as played: the map, its squares by tile, entrances, door edges, markers, objective squares, the
    event and force cards it uses, its time limit and its rewards."""

    id: str
    name: str
    grid: Grid  # the joined map, every door slot open: how figures move
    tiles: tuple[int, ...]  # side number by placement
    tile_cells: tuple[frozenset[Cell], ...]
    tile_of: dict[Cell, int]
    entrances: tuple[Entrance, ...]
    doors: tuple[Edge, ...]  # door tokens, closed at the start
    markers: dict[Cell, str]
    targets: tuple[Cell, ...]
    goal: str
    events: tuple[int, ...]
    rounds: int
    forces: tuple[int, ...]
    forces_per_tile: int
    success: int
    failure: int
    commander: int
    terrain: dict[Cell, str]
    secondary: bool = False  # the brief uses secondary missions
    face_up: tuple[tuple[int, Cell], ...] = ()  # force cards dealt face up at the start: (number, square)


def _entrances(assembly: Any, numbers: list[int], spots: list[dict]) -> tuple[Entrance, ...]:
    found = []
    for spot in spots:
        cell = map_cell(assembly, numbers, spot)
        direction = map_direction(assembly, numbers, spot) or "north"
        if cell is not None:
            found.append(Entrance(cell, direction, spot.get("colour", "white")))
    return tuple(found)


def _doors(assembly: Any, numbers: list[int], spots: list[dict]) -> tuple[Edge, ...]:
    found = []
    for spot in spots:
        cell = map_cell(assembly, numbers, spot)
        direction = map_direction(assembly, numbers, spot)
        if cell is None or direction is None:
            continue
        dx, dy = STEP[direction]
        found.append(edge(cell, (cell[0] + dx, cell[1] + dy)))
    return tuple(found)


GOALS = ("signal", "carry", "hack", "hold", "destroy")


def mission_of(pack: Pack, mission_id: str) -> Mission:
    """The mission ``mission_id`` of the pack; ``ValueError`` naming the missions when there is none."""
    items = {m.id: m for m in pack.of_type("mission")}
    if mission_id not in items:
        raise ValueError(f"no mission '{mission_id}'; missions: {', '.join(items)}")
    item = items[mission_id]
    assembly, numbers = joined(pack, item)
    grid = assembly.grid
    for key in grid.doors:  # every door slot lets figures through; the tokens on some are tracked by the state
        grid = grid.with_door(key, True)
    cells: list[set[Cell]] = [set() for _ in numbers]
    tile_of: dict[Cell, int] = {}
    for cell in grid.cells():
        index = assembly.tile_of(cell)
        if index is not None:
            cells[index].add(cell)
            tile_of[cell] = index
    markers: dict[Cell, str] = {}
    for spot in item.get("markers", []):
        found = map_cell(assembly, numbers, spot)
        if found is not None:
            markers[found] = spot["token"]
    targets = tuple(c for c in (map_cell(assembly, numbers, s) for s in item.get("targets", [])) if c is not None)
    terrain = {cell: grid.terrain(cell) or "" for cell in grid.cells()}
    face_up = tuple((int(s["force"]), c) for s in item.get("face_up", [])
                    if (c := map_cell(assembly, numbers, s)) is not None)
    dealt = {n for n, _ in face_up}  # a card dealt face up is not in the force deck
    return Mission(
        id=item.id, name=item.get("name", item.id), grid=grid, tiles=tuple(numbers),
        tile_cells=tuple(frozenset(c) for c in cells), tile_of=tile_of,
        entrances=_entrances(assembly, numbers, item.get("entrances", [])),
        doors=_doors(assembly, numbers, item.get("doors", [])), markers=markers, targets=targets,
        goal=item.get("goal", "signal"), events=tuple(item.get("events", [])), rounds=int(item.get("rounds", 5)),
        forces=tuple(n for n in item.get("forces", []) if n not in dealt),
        forces_per_tile=int(item.get("forces_per_tile", 1)),
        success=int(item.get("success", 0)), failure=int(item.get("failure", 0)),
        commander=int(item.get("commander", 0)), terrain=terrain, secondary=bool(item.get("secondary", False)),
        face_up=face_up)


def hit_chance(pack: Pack) -> dict[str, Fraction]:
    """The chance of a hit on each die colour, from the pack's faces (``dice:`` in game.yaml)."""
    dice = DiceSet.of_pack(pack)
    found = {}
    for colour in STRENGTH:
        die = dice[colour]
        found[colour] = Fraction(sum(1 for f in die.faces if f.score(symbol="hit") > 0), len(die.faces))
    return found


def ranks(pack: Pack) -> dict[str, dict[int, Rank]]:
    """Each corporation's ranks 1-12 from its rank cards."""
    found: dict[str, dict[int, Rank]] = {}
    for card in pack.of_type("rank_card"):
        for side in ("front", "back"):
            value = card.get(side)
            found.setdefault(card["faction"], {})[value["rank"]] = Rank(
                value["rank"], tuple(value["combat_dice"]), value.get("defence_die", "none"),
                value.get("credits", 0), value.get("doomtrooper_cards", 0), value.get("rerolls", 0))
    return found


def boards(pack: Pack) -> tuple[Board, ...]:
    """Every side of every reference board."""
    found = []
    for item in pack.of_type("reference_board"):
        for side in ("front", "back"):
            value = item.get(side)
            creatures = {c["creature"]: Creature(c["creature"], tuple(c["close_combat"]), tuple(c["firearms"]),
                                                 c["defence_value"], c.get("defence_die", "none"),
                                                 c.get("actions", 2), c.get("points", 0))
                         for c in value["creatures"]}
            terrain = {t["terrain"]: dict(t) for t in value.get("terrain", [])}
            found.append(Board(tuple(value["ranks"]), creatures, terrain))
    return tuple(sorted(found, key=lambda b: b.ranks))


def equipment(pack: Pack) -> dict[str, Equipment]:
    found = {}
    for item in pack.of_type("equipment"):
        attacks = tuple(Attack(a["type"], a["dice"], tuple(a.get("extra", [])), a.get("min_range", 1),
                               a.get("max_range", 1), bool(a.get("sight", True))) for a in item.get("attacks", []))
        found[item.id] = Equipment(item.id, item.get("name", item.id), item["kind"], tuple(item.get("icons", [])),
                                   attacks, item["rank"], item["cost"], tuple(item.get("augment_for", [])),
                                   item.qty)
    return found


def troopers(pack: Pack) -> dict[str, tuple[Trooper, ...]]:
    """The three Doomtroopers of each corporation, in the pack's order."""
    found: dict[str, list[Trooper]] = {}
    for item in pack.of_type("character"):
        found.setdefault(item["faction"], []).append(
            Trooper(item.id, item.get("name", item.id), item["faction"], item["specialty"]))
    return {k: tuple(v) for k, v in found.items()}


def cards(pack: Pack, type_name: str) -> dict[int, Any]:
    """Numbered cards of one type by number."""
    return {item["number"]: item for item in pack.of_type(type_name)}


def card_effects(pack: Pack) -> dict[str, str]:
    """The Doomtrooper cards by id, each with the effect the engine plays for its text ("": none, only ever
    discarded for one more action)."""
    return {item.id: item.get("effect") or "" for item in pack.of_type("doomtrooper_card")}


def ai_deck(pack: Pack) -> tuple[AiCard, ...]:
    found = []
    for item in pack.of_type("ai_card"):
        kinds = item.get("instructions", [])
        texts = item.get("actions", [])
        found.append(AiCard(item["number"], item["primary"], item["secondary"], item["target"],
                            (item["matrix"]["column"], item["matrix"]["row"]),
                            tuple(Instruction(k, t) for k, t in zip(kinds, texts))))
    return tuple(sorted(found, key=lambda c: c.number))
