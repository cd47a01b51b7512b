"""Where figures may go and what they can see on a mission's map: moves with blocking, doors the Dark Legion opens,
sight with figures in the way and the stairs' own rules, cover, reach and the squares next to a figure.

Path finding and the centre-to-centre ray are the shared grid's (``engine/grid.py``); this module only says which
squares the rules of Siege make occupied, passable or opaque (rule ids ``move-three``, ``move-through``,
``move-end``, ``move-blocked``, ``move-dark-legion``, ``door-dark-legion``, ``line-of-sight``, ``sight-stairs``,
``cover``, ``close-combat``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from pnpforge.engine.grid import Cell, Grid, chebyshev, ray_cells
from pnpforge.games.siege_of_the_citadel.data import BLOCKING_TOKENS, COVER_TOKENS

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import Fig, SiegeState

MOVE = 3  # squares per Move action (p.15, p.21)
BLOCKED_MOVE = 2
DARK_LEGION_RANGE = 16
STAIRS = {f"stairs_{n}": n for n in range(1, 7)}


def around(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def touching(grid: Grid, a: Cell, b: Cell) -> bool:
    """Whether two squares are neighbours, straight or diagonal, with no wall between them (close combat, blocking):
    a diagonal neighbour counts when at least one of the two routes round the corner is open."""
    if a == b or chebyshev(a, b) != 1:
        return False
    if a[0] == b[0] or a[1] == b[1]:
        return not grid.edge_blocked((a, b))
    for mid in ((b[0], a[1]), (a[0], b[1])):
        if mid in grid and not grid.edge_blocked((a, mid)) and not grid.edge_blocked((mid, b)):
            return True
    return False


def sight_grid(state: SiegeState) -> Grid:
    """The map with each door token still in place closed, unless a creature stands on one of the two squares it
    joins (p.21)."""
    if not state.doors:
        return state.game.mission.grid
    creatures = {f.cell for f in state.figs.values() if f.side == "legion" and f.cell is not None}
    return state.game.with_closed(frozenset(key for key in state.doors
                                            if key[0] not in creatures and key[1] not in creatures))


def can_see(state: SiegeState, grid: Grid, a: Cell, b: Cell, occupied: set[Cell] | None = None) -> bool:
    """Whether a figure on ``a`` sees ``b`` (rules ``line-of-sight``, ``sight-stairs``): centre to centre, walls,
    closed doors and squares holding other figures block; a line through a corner squeezes by. On the stairs, the
    book's own table decides. ``occupied``: the squares holding figures, when the caller has them."""
    terrain = state.game.mission.terrain
    low, high = STAIRS.get(terrain.get(a, "")), STAIRS.get(terrain.get(b, ""))
    if low is not None or high is not None:
        stairs = stairs_sight(low, high, terrain.get(b, ""))
        if stairs is not None:
            return stairs
    opaque = (state.occupied_cells() if occupied is None else occupied) - {a, b}
    return grid.line_of_sight(a, b, opaque=opaque)


def stairs_sight(viewer: int | None, seen: int | None, seen_terrain: str) -> bool | None:
    """The stairs table (p.18), read as the book writes it, from the viewer's square: 1-2 see 5-6 only; 3-4 see 1, 2,
    5 and 6; 5-6 see 1-4 and the upper level (there the ray decides: None). A figure off the stairs sees no stairs
    square but the top pair, whose view across the upper level is the ray's."""
    if viewer in (1, 2):
        return seen in (5, 6)
    if viewer in (3, 4):
        return seen in (1, 2, 5, 6)
    if viewer in (5, 6):
        if seen is not None:
            return True
        return None if seen_terrain == "upper" else False
    # the viewer is off the stairs: only the top pair can be seen, from the upper level
    if seen in (5, 6):
        return None
    return False


def cover(state: SiegeState, a: Cell, b: Cell) -> bool:
    """Whether the sight line from ``a`` to ``b`` crosses a square holding a terminal, turret, container or debris
    token (rule ``cover``): the target's defence value is 1 higher."""
    tokens = state.tokens
    return any(tokens.get(c) in COVER_TOKENS for c in ray_cells(a, b)[1:-1])


def blocked(state: SiegeState, fig: Fig) -> bool:
    """Whether a Doomtrooper starts its Move next to a Dark Legion figure not behind a wall (rule ``move-blocked``)."""
    if fig.cell is None:
        return False
    near = [f.cell for f in state.figs.values() if f.side == "legion" and f.cell is not None
            and chebyshev(f.cell, fig.cell) == 1]
    if not near:
        return False
    grid = sight_grid(state)
    return any(touching(grid, fig.cell, cell) for cell in near)


def destinations(state: SiegeState, fig: Fig, budget: int | None = None) -> dict[Cell, int]:
    """The squares a Move of ``fig`` can end on, with the steps taken (rules ``move-three``, ``move-through``,
    ``move-end``, ``move-blocked``, ``move-dark-legion``): up to 3 squares straight or diagonal, 2 for a blocked
    Doomtrooper; Doomtroopers pass their own team, creatures pass creatures; nobody passes an enemy or ends on a
    figure, a trap or a blocking token. A figure waiting outside an entrance steps onto it first."""
    if fig.side == "legion" and fig.id in state.pinned:
        return {}  # rule card-suppressing-fire
    if budget is None:
        if fig.side == "legion":
            budget = MOVE
        else:
            from pnpforge.games.siege_of_the_citadel.cards import move_budget

            budget = move_budget(state, fig, blocked(state, fig), MOVE, BLOCKED_MOVE)
        if fig.side != "legion" and state.smoke_on(fig):
            budget = min(budget, BLOCKED_MOVE)
    if fig.side == "legion":
        friends = {f.cell for f in state.figs.values() if f.side == "legion" and f.cell is not None and f is not fig}
        foes = {f.cell for f in state.figs.values() if f.side != "legion" and f.cell is not None}
    else:
        friends = {f.cell for f in state.figs.values() if f.side == fig.side and f.cell is not None and f is not fig}
        foes = {f.cell for f in state.figs.values() if f.side != fig.side and f.cell is not None}
    no_end = {c for c, t in state.tokens.items() if t in BLOCKING_TOKENS} | set(state.traps)
    start = fig.cell
    steps_in = 0
    if start is None:
        if fig.outside is None:
            return {}
        start = state.game.mission.entrances[fig.outside].cell
        if start in foes or budget < 1:
            return {}
        steps_in = 1
        budget -= 1
    reach = distances(state.game.steps, start, foes, budget, friends | no_end, leaps(state, fig))
    found = {cell: steps + steps_in for cell, steps in reach.items() if cell not in friends and cell not in no_end}
    if fig.cell is not None:
        found.pop(fig.cell, None)
    return found


def distances(steps: Callable[[Cell], tuple[Cell, ...]], start: Cell, occupied: set[Cell], budget: int,
              passing: set[Cell], extra: dict[Cell, list[Cell]] | None = None,
              parents: dict[Cell, Cell] | None = None) -> dict[Cell, int]:
    """Breadth-first steps from ``start`` within ``budget``, as the shared grid's ``distances`` counts them (its
    step table kept by the game): ``occupied`` squares are never entered, ``passing`` ones are crossed but left
    out; ``extra``: steps a card adds, by square; ``parents``: filled with the square each one is reached from."""
    found = {start: 0}
    frontier = [start]
    for depth in range(1, budget + 1):
        nxt = []
        for cell in frontier:
            for step in (*steps(cell), *extra.get(cell, ())) if extra else steps(cell):
                if step not in found and step not in occupied:
                    found[step] = depth
                    nxt.append(step)
                    if parents is not None:
                        parents[step] = cell
        frontier = nxt
    return {cell: n for cell, n in found.items() if cell == start or cell not in passing}


def leaps(state: SiegeState, fig: Fig) -> dict[Cell, list[Cell]] | None:
    """Rule ``card-leap-of-faith``: for a Doomtrooper the card was played on, the diagonal steps squeezing between a
    Dark Legion figure and a wall (one way round the corner walled, the other through the creature's square), which
    a move otherwise never takes."""
    from pnpforge.games.siege_of_the_citadel.cards import boosted

    if fig.side == "legion" or not boosted(state, fig.id, "leap"):
        return None
    grid = state.game.mission.grid
    found: dict[Cell, list[Cell]] = {}
    for other in state.figs.values():
        if other.side != "legion" or other.cell is None:
            continue
        x, y = other.cell
        for a, b in (((x - 1, y), (x, y - 1)), ((x, y - 1), (x + 1, y)), ((x + 1, y), (x, y + 1)),
                     ((x, y + 1), (x - 1, y))):
            if a not in grid or b not in grid or grid.blocks_movement(a) or grid.blocks_movement(b):
                continue
            if grid.edge_blocked((a, other.cell)) or grid.edge_blocked((other.cell, b)) or grid.can_step(a, b):
                continue
            corner = (a[0] + b[0] - x, a[1] + b[1] - y)  # the square across the step from the creature
            walled = corner not in grid or grid.blocks_movement(corner) or grid.edge_blocked((a, corner)) or \
                grid.edge_blocked((corner, b))
            if walled:
                found.setdefault(a, []).append(b)
                found.setdefault(b, []).append(a)
    return found


def route(state: SiegeState, fig: Fig, goal: Cell) -> list[Cell]:
    """The squares a Move to ``goal`` passes, the start left out (for doors and traps crossed on the way)."""
    start = fig.cell if fig.cell is not None else state.game.mission.entrances[fig.outside or 0].cell
    if fig.side == "legion":
        foes = {f.cell for f in state.figs.values() if f.side != "legion" and f.cell is not None}
    else:
        foes = {f.cell for f in state.figs.values() if f.side != fig.side and f.cell is not None}
    extra = leaps(state, fig)
    if extra:  # rule card-leap-of-faith: the route may take the card's steps
        parents: dict[Cell, Cell] = {}
        distances(state.game.steps, start, foes - {goal}, 99, set(), extra, parents)
        path = [goal]
        while path[-1] != start and path[-1] in parents:
            path.append(parents[path[-1]])
        path.reverse()
        if path[0] == start:
            return path if fig.cell is None else path[1:]
    path = state.game.paths.path(start, goal, occupied=foes - {goal}) or [start, goal]
    return path if fig.cell is None else path[1:]
