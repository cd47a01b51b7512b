"""Map tiles: turning and mirroring a grid, and joining tiles into one map that remembers where each cell came from.

A tile is a ``Grid`` (``engine/grid.py``), usually read with ``border=True`` so that the walls, doors and
openings on its edge are kept. A turn is clockwise as seen on the drawn map, in degrees (0, 90, 180, 270); a
mirror swaps left and right. Both carry terrain, walls and doors along, border edges included.

``assemble`` lays tiles on one map: each is mirrored (when asked), then turned, then moved so that its top-left
cell lands on its offset. No two tiles may cover the same cell; a cell no tile covers is absent. Where two tiles
meet, their border edges lie on the same map edge and are joined: a wall if either side has one, else a door if
either has one (closed if either is closed), else open. A tile read without its border therefore joins openly.
The result is an ``Assembly``: the map as one grid, and for every cell the tile it lies on and its coordinate on
that tile as printed (before any turn or mirror), so a rule that names "square (2, 0) of tile 3" finds its cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pnpforge.engine.grid import Cell, Edge, Grid, edge

_RANK = {"open door": 1, "door": 2, "wall": 3}  # which feature wins where two tiles meet


def _quarters(turn: int) -> int:
    if turn % 90:
        raise ValueError(f"a tile turns in quarter turns (0, 90, 180, 270 degrees); found {turn}")
    return (turn // 90) % 4


def turn_cell(cell: Cell, width: int, height: int, turn: int) -> Cell:
    """Where a cell of a ``width x height`` tile lands when the tile is turned clockwise by ``turn`` degrees."""
    x, y = cell
    return ((x, y), (height - 1 - y, x), (width - 1 - x, height - 1 - y), (y, width - 1 - x))[_quarters(turn)]


def _moved(grid: Grid, where: Callable[[Cell], Cell], width: int, height: int) -> Grid:
    """The grid with every cell (and edge) moved by ``where`` onto a ``width x height`` rectangle."""
    rows: list[list[str | None]] = [[None] * width for _ in range(height)]
    for cell in grid.cells():
        x, y = where(cell)
        rows[y][x] = grid.terrain(cell)

    def edges(keys: frozenset[Edge]) -> frozenset[Edge]:
        return frozenset(edge(where(a), where(b)) for a, b in keys)

    return Grid(tuple(tuple(row) for row in rows), edges(grid.walls), edges(grid.doors), edges(grid.open_doors),
                grid.move_blocking, grid.sight_blocking)


def rotated(grid: Grid, turn: int) -> Grid:
    """The grid turned clockwise by ``turn`` degrees (a multiple of 90)."""
    quarters = _quarters(turn)
    w, h = (grid.width, grid.height) if quarters % 2 == 0 else (grid.height, grid.width)
    return _moved(grid, lambda c: turn_cell(c, grid.width, grid.height, turn), w, h) if quarters else grid


def mirrored(grid: Grid) -> Grid:
    """The grid with left and right swapped."""
    return _moved(grid, lambda c: (grid.width - 1 - c[0], c[1]), grid.width, grid.height)


def openings(grid: Grid) -> list[Edge]:
    """The edges between a board cell and the outside that hold no wall (nothing, or a door): where a tile read
    with ``border=True`` lets figures through to the next tile."""
    found = set()
    for x, y in grid.cells():
        for other in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            key = edge((x, y), other)
            if other not in grid and key not in grid.walls:
                found.add(key)
    return sorted(found)


@dataclass(frozen=True)
class Placement:
    """One tile on a map: its top-left cell at ``offset`` after it is mirrored (when ``mirror``), then turned
    clockwise by ``turn`` degrees."""

    tile: Grid
    offset: Cell = (0, 0)
    turn: int = 0
    mirror: bool = False

    def laid(self) -> Grid:
        """The tile mirrored and turned as it lies, before it is moved to its offset."""
        return rotated(mirrored(self.tile) if self.mirror else self.tile, self.turn)

    def map_cell(self, local: Cell) -> Cell:
        """The map cell of a cell of the tile as printed."""
        x, y = (self.tile.width - 1 - local[0], local[1]) if self.mirror else local
        tx, ty = turn_cell((x, y), self.tile.width, self.tile.height, self.turn)
        return tx + self.offset[0], ty + self.offset[1]


@dataclass(frozen=True)
class Assembly:
    """Tiles joined into one map: ``grid`` is the map, ``placements`` the tiles in the order given, ``origins``
    each map cell's ``(tile index, coordinate on the tile as printed)``."""

    grid: Grid
    placements: tuple[Placement, ...]
    origins: Mapping[Cell, tuple[int, Cell]]

    def tile_of(self, cell: Cell) -> int | None:
        """The index of the tile a map cell lies on (``None`` off the map)."""
        found = self.origins.get(cell)
        return None if found is None else found[0]

    def local(self, cell: Cell) -> Cell | None:
        """The coordinate of a map cell on its tile as printed (``None`` off the map)."""
        found = self.origins.get(cell)
        return None if found is None else found[1]

    def cell_at(self, tile: int, local: Cell) -> Cell | None:
        """The map cell of a tile's cell as printed (``None`` when the tile has no such cell)."""
        placement = self.placements[tile]
        return placement.map_cell(local) if local in placement.tile else None


def assemble(tiles: Iterable[Placement | tuple], *, move_blocking: frozenset[str] | None = None,
             sight_blocking: frozenset[str] | None = None) -> Assembly:
    """Join tiles, each a ``Placement`` or a tuple ``(tile, offset, turn[, mirror])``, into one map (rules in the
    module docstring). The blocking terrains are the tiles' own, which must then agree, unless given here."""
    placements = tuple(t if isinstance(t, Placement) else Placement(*t) for t in tiles)
    if not placements:
        raise ValueError("a map needs at least one tile")
    if min(min(p.offset) for p in placements) < 0:
        raise ValueError("tile offsets start at (0, 0): a tile cannot lie left of or above the map")
    move = _agreed(placements, "move_blocking", move_blocking)
    sight = _agreed(placements, "sight_blocking", sight_blocking)
    laid = [p.laid() for p in placements]
    width = max(p.offset[0] + g.width for p, g in zip(placements, laid))
    height = max(p.offset[1] + g.height for p, g in zip(placements, laid))
    rows: list[list[str | None]] = [[None] * width for _ in range(height)]
    origins: dict[Cell, tuple[int, Cell]] = {}
    features: dict[Edge, str] = {}
    for index, (placement, grid) in enumerate(zip(placements, laid)):
        ox, oy = placement.offset
        locals_ = {placement.map_cell(c): c for c in placement.tile.cells()}
        for x, y in grid.cells():
            at = (x + ox, y + oy)
            if at in origins:
                raise ValueError(f"tiles {origins[at][0]} and {index} both cover cell {at}")
            rows[at[1]][at[0]] = grid.terrain((x, y))
            origins[at] = (index, locals_[at])
        for key in grid.walls | grid.doors:
            kind = grid.edge_kind(key) or "wall"
            moved = edge((key[0][0] + ox, key[0][1] + oy), (key[1][0] + ox, key[1][1] + oy))
            if _RANK[kind] > _RANK.get(features.get(moved, ""), 0):
                features[moved] = kind
    walls = frozenset(k for k, kind in features.items() if kind == "wall")
    doors = frozenset(k for k, kind in features.items() if kind != "wall")
    open_doors = frozenset(k for k, kind in features.items() if kind == "open door")
    grid = Grid(tuple(tuple(row) for row in rows), walls, doors, open_doors, move, sight)
    return Assembly(grid, placements, MappingProxyType(origins))


def _agreed(placements: tuple[Placement, ...], name: str, given: frozenset[str] | None) -> frozenset[str]:
    if given is not None:
        return frozenset(given)
    kinds = {getattr(p.tile, name) for p in placements}
    if len(kinds) > 1:
        raise ValueError(f"the tiles disagree on {name.replace('_', '-')} terrain; name it when assembling")
    return kinds.pop()
