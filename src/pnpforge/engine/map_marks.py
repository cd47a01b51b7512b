"""What a map figure shows on top of the board: the pieces standing on it, the entrances beside it, the squares an
objective names, the tiles' labels and lines of sight, with a key that says what each mark means.

A game package reads its own data into these (``GamePackage.item_map`` for an item such as a mission,
``GamePackage.example_map`` for the position a scenario file starts from); the rulebook's ``{map}`` figure draws
them with the drawer every map uses (``render/map_drawing.py``). Nothing here knows a game: a mark is a square, a
short label, a colour group and the pack's own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnpforge.engine.grid import Cell, Grid

DIRECTIONS = ("north", "east", "south", "west")
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
MAX_LABEL = 4  # characters a piece's label holds


@dataclass(frozen=True)
class Piece:
    """Something standing on a square: a short label in a disc whose colour is picked by ``group`` (pieces of one
    side share a group)."""

    cell: Cell
    label: str
    group: int = 0


@dataclass(frozen=True)
class Entrance:
    """A way onto the map: the square it opens onto, the side of that square it lies beyond and its fill colour
    (``#rrggbb``); it is drawn on the square outside, labelled ``label``."""

    cell: Cell
    direction: str
    colour: str
    label: str = "IN"


@dataclass(frozen=True)
class Sight:
    """A line of sight asked for, centre to centre, and whether it is clear."""

    seen_from: Cell
    to: Cell
    clear: bool


@dataclass(frozen=True)
class MapMarks:
    """A board and its marks. ``grid`` carries the doors as the figure shows them (closed or open); ``targets`` are
    outlined squares; ``tiles`` a label in the top-left square of each tile; ``key`` the figure's key, line by line,
    in the pack's words; ``name`` its caption. ``outline`` draws the board's edge as a wall, for a map read without
    its border (an ASCII map whose outer walls were dropped); a map of tiles keeps its own, gaps and all."""

    grid: Grid
    name: str = ""
    pieces: tuple[Piece, ...] = ()
    entrances: tuple[Entrance, ...] = ()
    targets: tuple[Cell, ...] = ()
    tiles: tuple[tuple[Cell, str], ...] = ()
    sight: tuple[Sight, ...] = ()
    key: tuple[str, ...] = ()
    outline: bool = False

    def problems(self) -> list[str]:
        """What a game package got wrong: a mark off the map, a label too long, a direction or colour unknown."""
        found = []
        for piece in self.pieces:
            if piece.cell not in self.grid:
                found.append(f"piece {piece.label!r} at {list(piece.cell)} is off the map")
            if not 1 <= len(piece.label) <= MAX_LABEL:
                found.append(f"piece label {piece.label!r}: 1 to {MAX_LABEL} characters")
        for entrance in self.entrances:
            if entrance.cell not in self.grid or entrance.direction not in DIRECTIONS:
                found.append(f"entrance at {list(entrance.cell)} {entrance.direction}: not a side of a square")
            if not COLOUR.fullmatch(entrance.colour) or not 1 <= len(entrance.label) <= MAX_LABEL:
                found.append(
                    f"entrance at {list(entrance.cell)}: colour {entrance.colour!r} or label "
                    f"{entrance.label!r} is not one"
                )
        for cell in (*self.targets, *(c for c, _ in self.tiles), *(c for s in self.sight for c in (s.seen_from, s.to))):
            if cell not in self.grid:
                found.append(f"mark at {list(cell)} is off the map")
        return found
