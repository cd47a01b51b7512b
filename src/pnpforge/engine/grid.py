"""Square grids for board-game engines: terrain, walls and doors, movement, line of sight and area templates.

Coordinates. A cell is ``(x, y)``: ``x`` grows to the right, ``y`` downwards (the way the map is drawn). Cell
``(x, y)`` is the unit square ``[x, x+1] x [y, y+1]``; its centre is ``(x + 1/2, y + 1/2)``. A grid is the bounding
rectangle ``width x height``; a cell inside it may be absent (off the board), so boards can be irregular. Absent
cells block movement and sight.

Terrain. Every present cell has a terrain string. ``move_blocking`` and ``sight_blocking`` name the terrains that
block movement and sight (by default ``rock`` and ``wall`` block both, ``water`` blocks movement only).

Edges. An edge joins two orthogonally adjacent cells and is written as a pair of cells either way round (``edge()``
gives the canonical form). It may carry a wall or a door; a door is open or closed. A wall or a closed door blocks
movement and sight across the edge; an open door blocks neither.

Immutability. ``Grid`` is a frozen, hashable dataclass and every change returns a new grid. The terrain rows and the
wall set are shared between the copies; ``with_door`` on an existing door copies only the (small) set of open
doors, so toggling doors in cloned game states is cheap.

Movement. ``diagonal=False`` gives the 4 orthogonal neighbours, ``diagonal=True`` all 8. A diagonal step from ``a``
to ``b`` is allowed only if both orthogonal routes around it are open: each of the two cells beside the step is
present and free of movement-blocking terrain, and none of the four edges of those routes is blocked. Extra
``occupied`` cells (figures) cannot be entered, but do not stop a diagonal step between them. Every step costs 1.

Line of sight runs centre to centre, traversed exactly with integers (no floating point), so it is deterministic
and symmetric: ``line_of_sight(a, b) == line_of_sight(b, a)`` always. The two end cells never block (a viewer sees
the rock it targets); every cell the ray passes through in between blocks if its terrain blocks sight, it is absent
or it is listed in ``opaque``. Crossing an edge with a wall or a closed door blocks; an open door does not. A cell
sees itself; orthogonal neighbours see each other unless their edge is blocked. Centres lie half a cell away from
every grid line, so a ray never runs along an edge: a wall parallel to a ray blocks it only where the ray crosses
it. When the ray passes exactly through a corner point (from cell ``c`` to the diagonally next cell ``d``), the
two cells beside it (``h`` and ``v``) are only touched, and:

- a single blocking cell, or walls on one side only, touching the corner do not block;
- walls (or closed doors) on both sides, meeting at the corner, always block (a straight wall, or a room corner);
- otherwise, if both sides are blocked (both cells block, or a blocking cell on one side and a wall on the other),
  ``corner_blocks`` decides: ``True`` blocks the ray, ``False`` lets it squeeze through.

ASCII maps (``Grid.from_ascii``, ``to_ascii``) are read by ``content/ascii_map.py``, where the format is written
down: ``.`` floor, ``#`` rock, ``~`` water, a space an absent cell; ``|`` and ``-`` walls, ``D`` a closed and ``d``
an open door. Errors are ``ValueError`` naming the row and column (from 1) in the de-indented map.

Borders. By default walls on the outer border or next to absent cells are decoration, dropped when a map is read.
A map tile read with ``border=True`` keeps them: its ``walls`` and ``doors`` may hold edges between a board cell
and an outside one, and a border edge without a wall is an opening. They block nothing more (the outside is
absent anyway); they matter when tiles are joined into a map (``engine/tiles.py``).

Passing through. ``distances``, ``reachable`` and ``path`` take ``pass_through`` cells (a friendly figure, a
narrow ledge): a move may cross them but not end on them, so they are never among the results (the start cell
excepted). A cell also in ``occupied`` cannot be entered at all.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from pnpforge.content.ascii_map import DEFAULT_LEGEND, read_map

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

DEFAULT_MOVE_BLOCKING = frozenset({"rock", "wall", "water"})
DEFAULT_SIGHT_BLOCKING = frozenset({"rock", "wall"})
ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((1, 1), (-1, 1), (-1, -1), (1, -1))
_NONE: frozenset[Cell] = frozenset()


def edge(a: Cell, b: Cell) -> Edge:
    """The canonical edge between two orthogonally adjacent cells (the smaller cell first)."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"{a} and {b} do not share an edge")
    return (a, b) if a < b else (b, a)


def manhattan(a: Cell, b: Cell) -> int:
    """Orthogonal steps between two cells on an empty board."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    """Steps between two cells on an empty board when a diagonal step counts as one."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def ray_steps(a: Cell, b: Cell) -> Iterator[tuple[Cell, Cell, Cell | None, Cell | None]]:
    """The steps of the centre-to-centre ray from ``a`` to ``b``: ``(from, to, None, None)`` when it crosses an
    edge, ``(from, to, h, v)`` when it passes exactly through the corner shared with the touched cells ``h``, ``v``.

    The ray crosses the i-th vertical grid line at t = (2i+1)/(2|dx|) and the j-th horizontal one at
    t = (2j+1)/(2|dy|); comparing those fractions by cross-multiplying keeps the traversal exact.
    """
    (x, y), (bx, by) = a, b
    nx, ny = abs(bx - x), abs(by - y)
    sx, sy = (bx > x) - (bx < x), (by > y) - (by < y)
    i = j = 0
    h: Cell | None
    v: Cell | None
    while i < nx or j < ny:
        vertical, horizontal = (2 * i + 1) * ny, (2 * j + 1) * nx
        if j == ny or (i < nx and vertical < horizontal):
            nxt, h, v = (x + sx, y), None, None
            i += 1
        elif i == nx or vertical > horizontal:
            nxt, h, v = (x, y + sy), None, None
            j += 1
        else:
            nxt, h, v = (x + sx, y + sy), (x + sx, y), (x, y + sy)
            i, j = i + 1, j + 1
        yield (x, y), nxt, h, v
        x, y = nxt


def ray_cells(a: Cell, b: Cell) -> list[Cell]:
    """The cells whose inside the centre-to-centre ray from ``a`` to ``b`` passes through, from ``a`` to ``b``
    with both ends (cells only touched at a corner are left out)."""
    return [a, *(step[1] for step in ray_steps(a, b))]


@dataclass(frozen=True)
class Grid:
    """An immutable square grid. Build one with ``filled`` or ``from_ascii``; ``rows[y][x]`` is the terrain of
    cell ``(x, y)``, ``None`` for an absent cell. ``doors`` holds every door edge, ``open_doors`` the open ones."""

    rows: tuple[tuple[str | None, ...], ...]
    walls: frozenset[Edge] = frozenset()
    doors: frozenset[Edge] = frozenset()
    open_doors: frozenset[Edge] = frozenset()
    move_blocking: frozenset[str] = DEFAULT_MOVE_BLOCKING
    sight_blocking: frozenset[str] = DEFAULT_SIGHT_BLOCKING

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0] or any(len(row) != len(self.rows[0]) for row in self.rows):
            raise ValueError("a grid needs at least one cell and rows of equal width")
        if self.walls & self.doors or not self.open_doors <= self.doors:
            raise ValueError("an edge holds a wall or a door, and only doors can be open")

    # ---- construction -------------------------------------------------------------------------------------------
    @classmethod
    def filled(cls, width: int, height: int, terrain: str = "floor", *,
               move_blocking: frozenset[str] = DEFAULT_MOVE_BLOCKING,
               sight_blocking: frozenset[str] = DEFAULT_SIGHT_BLOCKING) -> Grid:
        """A ``width x height`` grid of one terrain, without walls or doors."""
        return cls(tuple((terrain,) * width for _ in range(height)),
                   move_blocking=frozenset(move_blocking), sight_blocking=frozenset(sight_blocking))

    @classmethod
    def from_ascii(cls, text: str, legend: Mapping[str, str] | None = None,
                   *, move_blocking: frozenset[str] = DEFAULT_MOVE_BLOCKING,
                   sight_blocking: frozenset[str] = DEFAULT_SIGHT_BLOCKING, border: bool = False) -> Grid:
        """Parse an ASCII map (``content/ascii_map.py``); ``legend`` adds or overrides cell symbols; ``border``
        keeps the walls, doors and openings on the map's border."""
        drawn = read_map(text, legend, border=border)
        return cls(drawn.rows, drawn.walls, drawn.doors, drawn.open_doors,
                   frozenset(move_blocking), frozenset(sight_blocking))

    @classmethod
    def from_field(cls, value: Mapping[str, Any], *, move_blocking: frozenset[str] = DEFAULT_MOVE_BLOCKING,
                   sight_blocking: frozenset[str] = DEFAULT_SIGHT_BLOCKING) -> Grid:
        """The grid a pack's ``grid`` field holds, its value as the loader gives it (``content/grid_field.py``)."""
        return cls.from_ascii(value["map"], value.get("legend"), border=bool(value.get("border", True)),
                              move_blocking=move_blocking, sight_blocking=sight_blocking)

    def to_ascii(self, legend: Mapping[str, str] | None = None, *, border: bool = False) -> str:
        """Draw the grid in the ``from_ascii`` format: walls around the board and its absent cells, or with
        ``border`` the border's walls, doors and openings as the grid holds them."""
        symbols = {terrain: mark for mark, terrain in {**DEFAULT_LEGEND, **(legend or {})}.items()}
        canvas = [["+" if r % 2 == c % 2 == 0 else " " for c in range(2 * self.width + 1)]
                  for r in range(2 * self.height + 1)]
        for x, y in self.cells():
            symbol = symbols.get(self.rows[y][x] or "")
            if symbol is None:
                raise ValueError(f"no legend symbol for terrain {self.rows[y][x]!r}")
            canvas[2 * y + 1][2 * x + 1] = symbol
            for dx, dy in ORTHOGONAL:
                other = (x + dx, y + dy)
                key = edge((x, y), other)
                walled = key in self.walls or (other not in self and not border)
                mark = ("|" if dx else "-") if walled else " "
                if key in self.doors:
                    mark = "d" if key in self.open_doors else "D"
                canvas[2 * y + 1 + dy][2 * x + 1 + dx] = mark
        return "\n".join("".join(row) for row in canvas)

    # ---- cells and edges ----------------------------------------------------------------------------------------
    @property
    def width(self) -> int:
        """Columns of the bounding rectangle."""
        return len(self.rows[0])

    @property
    def height(self) -> int:
        """Rows of the bounding rectangle."""
        return len(self.rows)

    def terrain(self, cell: Cell) -> str | None:
        """The terrain of a cell; ``None`` off the board."""
        x, y = cell
        return self.rows[y][x] if 0 <= y < len(self.rows) and 0 <= x < len(self.rows[0]) else None

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, tuple) and len(cell) == 2 and self.terrain(cell) is not None

    def cells(self) -> Iterator[Cell]:
        """Every cell on the board, row by row."""
        return ((x, y) for y, row in enumerate(self.rows) for x, terrain in enumerate(row) if terrain is not None)

    def blocks_movement(self, cell: Cell) -> bool:
        """Whether the cell cannot be entered: absent, or its terrain blocks movement."""
        terrain = self.terrain(cell)
        return terrain is None or terrain in self.move_blocking

    def blocks_sight(self, cell: Cell) -> bool:
        """Whether a ray cannot pass through the cell: absent, or its terrain blocks sight."""
        terrain = self.terrain(cell)
        return terrain is None or terrain in self.sight_blocking

    def edge_kind(self, key: Edge) -> str | None:
        """``"wall"``, ``"door"`` (closed), ``"open door"`` or ``None`` for the edge."""
        key = edge(*key)
        if key in self.walls:
            return "wall"
        if key in self.doors:
            return "open door" if key in self.open_doors else "door"
        return None

    def edge_blocked(self, key: Edge) -> bool:
        """Whether a wall or a closed door stands on the edge."""
        return self._closed(*edge(*key))

    def _closed(self, a: Cell, b: Cell) -> bool:
        key = (a, b) if a < b else (b, a)
        return key in self.walls or (key in self.doors and key not in self.open_doors)

    # ---- changes (each returns a new grid) ----------------------------------------------------------------------
    def with_terrain(self, cell: Cell, terrain: str | None) -> Grid:
        """The grid with one cell's terrain replaced (``None`` removes the cell from the board)."""
        x, y = cell
        if not (0 <= y < self.height and 0 <= x < self.width):
            raise ValueError(f"{cell} is outside the {self.width}x{self.height} grid")
        row = self.rows[y][:x] + (terrain,) + self.rows[y][x + 1:]
        return replace(self, rows=self.rows[:y] + (row,) + self.rows[y + 1:])

    def with_wall(self, key: Edge) -> Grid:
        """The grid with a wall on the edge (replacing a door there)."""
        key = edge(*key)
        return replace(self, walls=self.walls | {key}, doors=self.doors - {key}, open_doors=self.open_doors - {key})

    def with_door(self, key: Edge, open: bool = True) -> Grid:  # noqa: A002 - the natural name
        """The grid with a door on the edge, open or closed (replacing a wall there). Changing an existing door
        copies only the set of open doors."""
        key = edge(*key)
        if key in self.doors:
            return replace(self, open_doors=self.open_doors | {key} if open else self.open_doors - {key})
        return replace(self, walls=self.walls - {key}, doors=self.doors | {key},
                       open_doors=self.open_doors | {key} if open else self.open_doors)

    def without_feature(self, key: Edge) -> Grid:
        """The grid with neither wall nor door on the edge."""
        key = edge(*key)
        return replace(self, walls=self.walls - {key}, doors=self.doors - {key}, open_doors=self.open_doors - {key})

    # ---- movement -----------------------------------------------------------------------------------------------
    def neighbours(self, cell: Cell, *, diagonal: bool = False) -> list[Cell]:
        """The board cells next to ``cell`` (4 or 8 of them on an open board), ignoring anything that blocks."""
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in ORTHOGONAL + (DIAGONAL if diagonal else ()) if (x + dx, y + dy) in self]

    def can_step(self, a: Cell, b: Cell, *, occupied: Collection[Cell] = _NONE) -> bool:
        """Whether one step (orthogonal or diagonal) from ``a`` to ``b`` is legal; see the module docstring."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) != 1 or self.blocks_movement(b) or b in occupied:
            return False
        if dx == 0 or dy == 0:
            return not self._closed(a, b)
        return all(not self.blocks_movement(m) and not self._closed(a, m) and not self._closed(m, b)
                   for m in ((b[0], a[1]), (a[0], b[1])))

    def steps(self, cell: Cell, *, diagonal: bool = False, occupied: Collection[Cell] = _NONE) -> list[Cell]:
        """The cells one legal step away from ``cell``."""
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in ORTHOGONAL + (DIAGONAL if diagonal else ())
                if self.can_step(cell, (x + dx, y + dy), occupied=occupied)]

    def distances(self, start: Cell, *, diagonal: bool = False, occupied: Collection[Cell] = _NONE,
                  max_steps: int | None = None, pass_through: Collection[Cell] = _NONE) -> dict[Cell, int]:
        """Steps from ``start`` to every cell a move can end on (within ``max_steps``), by breadth-first search.
        The start cell itself is never checked, so a figure can stand in its own ``occupied`` set; the
        ``pass_through`` cells are crossed but left out."""
        found = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if max_steps is not None and found[cell] >= max_steps:
                continue
            for nxt in self.steps(cell, diagonal=diagonal, occupied=occupied):
                if nxt not in found:
                    found[nxt] = found[cell] + 1
                    queue.append(nxt)
        return {cell: steps for cell, steps in found.items() if cell == start or cell not in pass_through}

    def reachable(self, start: Cell, max_steps: int, *, diagonal: bool = False,
                  occupied: Collection[Cell] = _NONE, pass_through: Collection[Cell] = _NONE) -> frozenset[Cell]:
        """The cells a move of at most ``max_steps`` legal steps from ``start`` can end on, the start included."""
        return frozenset(self.distances(start, diagonal=diagonal, occupied=occupied, max_steps=max_steps,
                                        pass_through=pass_through))

    def path(self, start: Cell, goal: Cell, *, diagonal: bool = False, occupied: Collection[Cell] = _NONE,
             pass_through: Collection[Cell] = _NONE) -> list[Cell] | None:
        """A shortest path ``[start, ..., goal]`` of legal steps, or ``None`` if there is none (or the goal is a
        ``pass_through`` cell, which a move cannot end on). Ties go the same way every time (neighbours are tried
        east, south, west, north, then the diagonals)."""
        if goal != start and goal in pass_through:
            return None
        parents: dict[Cell, Cell | None] = {start: None}
        queue = deque([start])
        while queue and goal not in parents:
            cell = queue.popleft()
            for nxt in self.steps(cell, diagonal=diagonal, occupied=occupied):
                if nxt not in parents:
                    parents[nxt] = cell
                    queue.append(nxt)
        if goal not in parents:
            return None
        route: list[Cell] = [goal]
        while (back := parents[route[-1]]) is not None:
            route.append(back)
        return route[::-1]

    def path_distance(self, start: Cell, goal: Cell, *, diagonal: bool = False, occupied: Collection[Cell] = _NONE,
                      pass_through: Collection[Cell] = _NONE) -> int | None:
        """Legal steps on a shortest path, or ``None`` if the goal cannot be reached."""
        route = self.path(start, goal, diagonal=diagonal, occupied=occupied, pass_through=pass_through)
        return None if route is None else len(route) - 1

    # ---- sight --------------------------------------------------------------------------------------------------
    def line_of_sight(self, a: Cell, b: Cell, *, corner_blocks: bool = False,
                      opaque: Collection[Cell] = _NONE) -> bool:
        """Whether the centre-to-centre ray from ``a`` to ``b`` is clear (rules in the module docstring);
        ``opaque`` cells (figures, smoke) block like sight-blocking terrain. Off-board ends see nothing."""
        if a not in self or b not in self:
            return False
        for cell, nxt, h, v in ray_steps(a, b):
            if h is None:
                if self._closed(cell, nxt):
                    return False
            elif v is not None and self._pinched(cell, nxt, h, v, corner_blocks, opaque):
                return False
            if nxt != b and (self.blocks_sight(nxt) or nxt in opaque):
                return False
        return True

    def _pinched(self, c: Cell, d: Cell, h: Cell, v: Cell, corner_blocks: bool, opaque: Collection[Cell]) -> bool:
        """Whether a ray from ``c`` to ``d`` through their shared corner is stopped by ``h`` and ``v`` beside it."""
        wall_h = self._closed(c, h) or self._closed(h, d)
        wall_v = self._closed(c, v) or self._closed(v, d)
        if wall_h and wall_v:
            return True
        side_h = wall_h or self.blocks_sight(h) or h in opaque
        side_v = wall_v or self.blocks_sight(v) or v in opaque
        return corner_blocks and side_h and side_v

    # ---- area templates -----------------------------------------------------------------------------------------
    def circle(self, centre: Cell, r: int | float | Fraction, *, visible: bool = False, corner_blocks: bool = False,
               opaque: Collection[Cell] = _NONE) -> frozenset[Cell]:
        """Board cells whose centre lies within Euclidean distance ``r`` of the centre cell's centre; with
        ``visible``, only those in line of sight from the centre."""
        if r < 0:
            raise ValueError("a circle needs a radius of 0 or more")
        cx, cy, reach = centre[0], centre[1], int(r)
        found = {(x, y) for y in range(cy - reach, cy + reach + 1) for x in range(cx - reach, cx + reach + 1)
                 if (x - cx) ** 2 + (y - cy) ** 2 <= r * r and (x, y) in self}
        return self._seen(centre, found, visible, corner_blocks, opaque)

    def line(self, origin: Cell, target: Cell, length: int, *, visible: bool = False, corner_blocks: bool = False,
             opaque: Collection[Cell] = _NONE) -> frozenset[Cell]:
        """The first ``length`` cells the ray from ``origin`` through ``target`` (extended past it) passes into,
        the origin left out, clipped to the board; with ``visible``, only those in line of sight from the origin."""
        if origin == target or length < 0:
            raise ValueError("a line needs a target other than its origin and a length of 0 or more")
        span = max(abs(target[0] - origin[0]), abs(target[1] - origin[1]))
        k = max(1, -(-length // span))
        far = (origin[0] + k * (target[0] - origin[0]), origin[1] + k * (target[1] - origin[1]))
        found = {cell for cell in ray_cells(origin, far)[1:length + 1] if cell in self}
        return self._seen(origin, found, visible, corner_blocks, opaque)

    def _seen(self, origin: Cell, cells: set[Cell], visible: bool, corner_blocks: bool,
              opaque: Collection[Cell]) -> frozenset[Cell]:
        if visible:
            cells = {c for c in cells if self.line_of_sight(origin, c, corner_blocks=corner_blocks, opaque=opaque)}
        return frozenset(cells)
