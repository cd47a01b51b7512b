"""Sector tiles and mission maps: each side of a tile as a grid, and a mission's sides joined into one map.

A side's map is the pack's ``grid`` field, read with its border (``Grid.from_field``): a gap in the border is an
opening to the next tile, ``d`` a door slot (an open door: a door token on it is opened by moving through). Rubble
and pits cannot be entered; nothing printed blocks sight (p.15). A mission lays each side with its top-left square
at ``(column, row)`` after its quarter turns, and entrances, doors, markers and objective squares name a square of
a side as printed, so they are found on the joined map through ``Assembly.cell_at``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpforge.content.pack import Item, Pack
from pnpforge.engine.grid import Cell, Edge, Grid, edge
from pnpforge.engine.tiles import Assembly, Placement, assemble, openings

MOVE_BLOCKING = frozenset({"rubble", "pit"})
SIGHT_BLOCKING: frozenset[str] = frozenset()
STEP = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


@dataclass(frozen=True)
class Side:
    """One face of a sector tile: its number, name, grid, and the tile item and field it was read from."""

    number: int
    grid: Grid
    tile: Item
    field: str


def side_grid(value: Any) -> Grid:
    return Grid.from_field(value, move_blocking=MOVE_BLOCKING, sight_blocking=SIGHT_BLOCKING)


def sides(pack: Pack) -> dict[int, Side]:
    """Every side of every tile by its number (the first one wins where a number is given twice)."""
    found: dict[int, Side] = {}
    for tile in pack.of_type("sector_tile"):
        for key in ("a", "b"):
            number = tile.get(f"side_{key}")
            value = tile.get(f"map_{key}")
            if number is None or value is None or number in found:
                continue
            found[number] = Side(number, side_grid(value), tile, f"map_{key}")
    return found


def outward(cell: Cell, direction: str) -> Edge:
    dx, dy = STEP[direction]
    return edge(cell, (cell[0] + dx, cell[1] + dy))


def is_opening(grid: Grid, cell: Cell, direction: str) -> bool:
    """Whether the edge of ``cell`` toward ``direction`` is a gap in the side's border."""
    return cell in grid and outward(cell, direction) in set(openings(grid)) and \
        outward(cell, direction) not in grid.doors


def is_door_slot(grid: Grid, cell: Cell, direction: str) -> bool:
    return cell in grid and outward(cell, direction) in grid.doors


def joined(pack: Pack, mission: Item) -> tuple[Assembly, list[int]]:
    """The mission's map and the side number of each of its placements; ``ValueError`` if the sides cannot be
    laid (a side that does not exist, two sides on one square)."""
    known = sides(pack)
    placements, numbers = [], []
    for entry in mission.get("map", []):
        side = known.get(entry["side"])
        if side is None:
            raise ValueError(f"no side {entry['side']}")
        placements.append(Placement(side.grid, (entry["column"], entry["row"]), int(entry.get("turn", "0"))))
        numbers.append(entry["side"])
    return assemble(placements, move_blocking=MOVE_BLOCKING, sight_blocking=SIGHT_BLOCKING), numbers


def map_cell(assembly: Assembly, numbers: list[int], spot: dict) -> Cell | None:
    """The map square a spot names (a square of a side as printed), or None when the side is not on the map."""
    if spot["side"] not in numbers:
        return None
    return assembly.cell_at(numbers.index(spot["side"]), (spot["column"], spot["row"]))


def map_direction(assembly: Assembly, numbers: list[int], spot: dict) -> str | None:
    """The direction on the map of a spot's edge (a side's edge turns with the side)."""
    index = numbers.index(spot["side"])
    turn = assembly.placements[index].turn // 90
    order = ["north", "east", "south", "west"]
    return order[(order.index(spot["edge"]) + turn) % 4] if spot.get("edge") else None
