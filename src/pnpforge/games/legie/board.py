"""The 6x6 field: square names, neighbours, and how four board parts (face, place, turn) make its terrain.

Squares are numbered ``row * size + column`` from a1 (bottom left) to f6 (top right); columns a-f run left to
right, rows 1-6 bottom to top. The four quarters are nw (a-c, 4-6), ne (d-f, 4-6), sw (a-c, 1-3) and se (d-f, 1-3).
A face's rows are printed top row first; a rotation turns the part clockwise as seen from above.

The field is an engine ``Grid`` (``engine/grid.py``): square ``row * size + column`` is the cell
``(column, size - 1 - row)``, since a grid's rows run top to bottom. Legie's terrain blocks neither steps nor sight
(what a terrain does to a unit is in ``tables.py``), so the grid gives the field its adjacency and groups. The four
parts are map tiles joined by the engine (``engine/tiles.py``), which also turns them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from pnpforge.engine.grid import Cell, Grid
from pnpforge.engine.tiles import Placement, assemble, rotated
from pnpforge.games.legie.model import BoardPart, Ruleset

QUARTERS = ("nw", "ne", "sw", "se")
ROTATIONS = (0, 90, 180, 270)
COLUMNS = "abcdefghijklmnopqrstuvwxyz"


def square_name(square: int, size: int) -> str:
    """``a1`` for square 0."""
    row, column = divmod(square, size)
    return f"{COLUMNS[column]}{row + 1}"


def parse_square(text: object, size: int) -> int | None:
    """The square number of a name like ``c4``, or None when it is not a square of the field."""
    if not isinstance(text, str) or len(text) < 2:
        return None
    column = COLUMNS.find(text[0])
    if column < 0 or column >= size or not text[1:].isdigit():
        return None
    row = int(text[1:]) - 1
    return row * size + column if 0 <= row < size else None


def cell_of(square: int, size: int) -> Cell:
    """The grid cell of a square (a1 is the bottom-left cell)."""
    row, column = divmod(square, size)
    return column, size - 1 - row


def square_of(cell: Cell, size: int) -> int:
    """The square number of a grid cell."""
    column, y = cell
    return (size - 1 - y) * size + column


def field_grid(terrain: tuple[str, ...], size: int) -> Grid:
    """The field as a grid whose cells carry the terrain of their squares."""
    rows = tuple(tuple(terrain[square_of((x, y), size)] for x in range(size)) for y in range(size))
    return Grid(rows, move_blocking=frozenset(), sight_blocking=frozenset())


@lru_cache(maxsize=8)
def neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """For each square, the squares sharing an edge with it (never the diagonal ones), lowest number first."""
    grid = field_grid(("plain",) * (size * size), size)
    return tuple(tuple(sorted(square_of(cell, size) for cell in grid.steps(cell_of(square, size))))
                 for square in range(size * size))


@dataclass(frozen=True)
class PartPlacement:
    """Which part lies in a quarter, which face is up, and how far it is turned clockwise."""

    part: str
    side: str
    rotation: int = 0


@dataclass(frozen=True)
class Layout:
    """The assembled field: a placement per quarter and the terrain of every square."""

    placements: tuple[tuple[str, PartPlacement], ...]  # (quarter, placement) in QUARTERS order
    terrain: tuple[str, ...]

    def describe(self) -> str:
        return ", ".join(f"{q} {p.part}{p.side}@{p.rotation}" for q, p in self.placements)


def part_grid(rows: tuple[tuple[str, ...], ...]) -> Grid:
    """A face's terrain as a map tile (top row first), blocking nothing."""
    return Grid(rows, move_blocking=frozenset(), sight_blocking=frozenset())


def rotate(rows: tuple[tuple[str, ...], ...], rotation: int) -> tuple[tuple[str, ...], ...]:
    """The face's rows after turning the part clockwise by ``rotation`` degrees."""
    return tuple(tuple(terrain or "plain" for terrain in row) for row in rotated(part_grid(rows), rotation).rows)


def build_layout(rules: Ruleset, placements: dict[str, PartPlacement]) -> Layout:
    """The terrain of the field with the given part in each quarter (the caller has checked the parts exist):
    nw and ne hold rows 4-6, sw and se rows 1-3."""
    size, half = rules.size, rules.part_size
    parts = {p.id: p for p in rules.parts}
    tiles = [Placement(part_grid(parts[placements[quarter].part].face_on(placements[quarter].side).rows),
                       ((index % 2) * half, (index // 2) * half), placements[quarter].rotation)
             for index, quarter in enumerate(QUARTERS)]
    field = assemble(tiles).grid
    terrain = tuple(field.terrain(cell_of(square, size)) or "plain" for square in range(size * size))
    return Layout(tuple((q, placements[q]) for q in QUARTERS), terrain)


def meets(faces: list, needs: str) -> bool:
    """True when the chosen faces satisfy a scenario's board need (Szenarios: forest on one or every part)."""
    if needs == "forest_on_one_part":
        return any(face.has("forest") for face in faces)
    if needs == "forest_on_every_part":
        return all(face.has("forest") for face in faces)
    return True


def side_choices(parts: tuple[BoardPart, ...], needs: str) -> list[tuple[str, ...]]:
    """Every choice of one face per part (in part order) that satisfies ``needs``, a-faces first."""
    options = [sorted(f.side for f in part.faces) for part in parts]
    chosen = []
    for sides in itertools.product(*options):
        faces = [part.face(side) for part, side in zip(parts, sides)]
        if meets(faces, needs):
            chosen.append(tuple(sides))
    return chosen


def arrangements(count: int) -> list[tuple[int, ...]]:
    """Every order of ``count`` parts over the quarters."""
    return list(itertools.permutations(range(count)))


def rotation_choices(count: int) -> list[tuple[int, ...]]:
    """Every combination of rotations for ``count`` parts."""
    return list(itertools.product(ROTATIONS, repeat=count))


def layout_from_choice(rules: Ruleset, sides: tuple[str, ...], order: tuple[int, ...],
                       turns: tuple[int, ...]) -> Layout:
    """The field from a choice of faces, an order of the parts over the quarters and their rotations."""
    placements = {quarter: PartPlacement(rules.parts[order[i]].id, sides[order[i]], turns[i])
                  for i, quarter in enumerate(QUARTERS)}
    return build_layout(rules, placements)


def default_layout(rules: Ruleset, needs: str = "nothing") -> Layout | None:
    """Parts in file order over nw, ne, sw, se, unturned, with the first face choice that meets ``needs``."""
    choices = side_choices(rules.parts, needs)
    if not choices or len(rules.parts) != len(QUARTERS):
        return None
    return layout_from_choice(rules, choices[0], tuple(range(len(QUARTERS))), (0,) * len(QUARTERS))


def groups(board: list[int], owner: list[int], neighbours, player: int) -> tuple[dict[int, int], list[int]]:
    """``player``'s units joined edge to edge: the group number of each square holding one, and each group's size."""
    group: dict[int, int] = {}
    sizes: list[int] = []
    for start, v in enumerate(board):
        if v < 0 or owner[v] != player or start in group:
            continue
        group[start], stack, size = len(sizes), [start], 0
        while stack:
            s = stack.pop()
            size += 1
            for n in neighbours[s]:
                w = board[n]
                if n not in group and w >= 0 and owner[w] == player:
                    group[n] = len(sizes)
                    stack.append(n)
        sizes.append(size)
    return group, sizes


def longest_chain(board: list[int], owner: list[int], neighbours, player: int) -> int:
    """The largest group of ``player``'s units joined edge to edge (Kolonne; DECISIONS.md: a chain is a group)."""
    return max(groups(board, owner, neighbours, player)[1], default=0)
