"""Mission feasibility: how many actions a Doomtrooper needs to reach each objective of a mission from its white
entrances on the joined map, against the actions the time limit gives (p.13-15, p.30).

A team waits outside its entrance and steps onto the entrance square as the first square of its first Move. A Move
covers 3 squares, straight or diagonal; 2 when it starts next to a creature (blocking, p.15), which gives the
figures for a Doomtrooper blocked at every Move. Doors cost nothing to cross (p.15); rubble, pits and debris cannot
be entered; a move crosses other tokens (terminals, turrets, containers, portals, primary targets) but never ends on
one. No creature stands on the map at the start (force cards lie face down), so none is counted in the way.

An objective is reached standing on its square, or beside it (one step, no wall between) when the square holds
something acted on from next to it: a desk, a terminal, a target attacked as terrain. Reaching it takes the Moves
of the shortest route and one action to act on it. The time limit gives ``rounds`` turns; each turn a Doomtrooper
has 2 actions, and one Doomtrooper card a turn may add one, as long as the team's hand lasts (the most cards any
rank card deals). The verdict judges each objective by its nearest entrance, since the team's two Doomtroopers may
go their own ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpforge.content.pack import Item, Pack
from pnpforge.engine.grid import Cell
from pnpforge.engine.grid_paths import Route, nearest
from pnpforge.engine.tiles import Assembly
from pnpforge.engine.validate import Analysis, Table
from pnpforge.findings import Finding
from pnpforge.games.siege_of_the_citadel.maps import joined, map_cell

BLOCKING_TOKENS = frozenset({"debris"})  # squares that cannot be entered (p.15)
TAKEN_TOKENS = frozenset({"cell_sample", "message"})  # a Doomtrooper ends its move on these to take them
ENTERING = 1  # the step from outside the map onto the entrance square
OBJECTIVE_ACTIONS = 1  # the action spent at the objective (photograph, take, hack, attack)


@dataclass(frozen=True)
class Reach:
    """The shortest route to one objective from one white entrance (None: it cannot be reached)."""

    target: int
    entrance: int
    route: Route | None


@dataclass(frozen=True)
class Budget:
    """What the time limit gives one Doomtrooper: turns, actions a turn, extra actions from cards."""

    rounds: int
    actions: int
    cards: int
    move: int
    blocked_move: int

    @property
    def total(self) -> int:
        return self.rounds * self.actions + min(self.rounds, self.cards)


def budget(pack: Pack, mission: Item) -> Budget:
    parameters = pack.game.parameters
    cards = max(
        (card[key].get("doomtrooper_cards", 0) for card in pack.of_type("rank_card") for key in ("front", "back")),
        default=0,
    )
    move = int(parameters.get("move", 3))
    return Budget(int(mission["rounds"]), int(parameters.get("actions", 2)), cards, move, max(1, move - 1))


def _tokens(assembly: Assembly, numbers: list[int], mission: Item) -> dict[Cell, str]:
    found = {}
    for spot in mission.get("markers", []):
        cell = map_cell(assembly, numbers, spot)
        if cell is not None and spot.get("token"):
            found[cell] = spot["token"]
    return found


def goals(assembly: Assembly, cell: Cell, token: str | None) -> set[Cell]:
    """The squares from which a Doomtrooper acts on the objective at ``cell``."""
    if token in TAKEN_TOKENS:
        return {cell}
    beside = set(assembly.grid.steps(cell, diagonal=True))
    return beside if token is not None else {cell, *beside}


def reaches(assembly: Assembly, numbers: list[int], mission: Item) -> list[Reach]:
    """The shortest route from every white entrance to every objective of a mission on its joined map."""
    grid = assembly.grid
    tokens = _tokens(assembly, numbers, mission)
    blocked = {c for c, kind in tokens.items() if kind in BLOCKING_TOKENS}
    crossed = {c for c, kind in tokens.items() if kind not in BLOCKING_TOKENS | TAKEN_TOKENS}
    found = []
    for t_index, spot in enumerate(mission.get("targets", [])):
        cell = map_cell(assembly, numbers, spot)
        if cell is None:
            continue
        wanted = goals(assembly, cell, tokens.get(cell))
        for e_index, entrance in enumerate(mission.get("entrances", [])):
            start = map_cell(assembly, numbers, entrance)
            if entrance.get("colour") != "white" or start is None:
                continue
            route = nearest(grid, {start: ENTERING}, wanted, occupied=blocked, pass_through=crossed)
            found.append(Reach(t_index, e_index, route))
    return found


def _row(mission: Item, spot: dict, entrance: dict, reach: Reach, plan: Budget) -> list[Any]:
    where = f"side {spot['side']} ({spot['column']}, {spot['row']})"
    door = f"side {entrance['side']} ({entrance['column']}, {entrance['row']}) {entrance.get('edge', '')}".strip()
    if reach.route is None:
        return [mission.id, where, door, "unreachable", "", "", "", plan.total]
    free = reach.route.moves(plan.move) + OBJECTIVE_ACTIONS
    blocked = reach.route.moves(plan.blocked_move) + OBJECTIVE_ACTIONS
    return [mission.id, where, door, reach.route.steps, free, blocked, -(-free // plan.actions), plan.total]


def mission_feasibility(pack: Pack) -> Analysis:
    """The table of routes per mission, objective and entrance, and a finding at each mission whose objective
    needs more actions than its time limit gives."""
    rows: list[list[Any]] = []
    findings: list[Finding] = []
    for mission in pack.of_type("mission"):
        try:
            assembly, numbers = joined(pack, mission)
        except ValueError:
            continue  # the static check ``missions`` reports the map
        plan = budget(pack, mission)
        found = reaches(assembly, numbers, mission)
        targets, entrances = mission.get("targets", []), mission.get("entrances", [])
        for reach in found:
            rows.append(_row(mission, targets[reach.target], entrances[reach.entrance], reach, plan))
        for index, spot in enumerate(targets):
            routes = [r.route for r in found if r.target == index and r.route is not None]
            if not routes:
                continue  # unreachable: the static check ``missions`` reports it
            best = min(routes, key=lambda r: r.steps)
            need = best.moves(plan.move) + OBJECTIVE_ACTIONS
            if need > plan.total:
                findings.append(
                    Finding(
                        "warning",
                        f"targets[{index}]: the objective on side {spot['side']} ({spot['column']}, "
                        f"{spot['row']}) is {best.steps} squares from the nearest white entrance: "
                        f"{need} actions with the action there, more than the {plan.total} actions "
                        f"{plan.rounds} rounds give a Doomtrooper",
                        mark=mission.mark("targets", index),
                        subject=mission.subject,
                        rule="mission-time",
                    )
                )
    table = Table(
        "Missions: the shortest route from each white entrance to each objective (squares, counting the "
        "step onto the map), the actions it takes with the action at the objective, moving 3 squares a "
        "move or 2 when blocked every time, and the actions the time limit gives a Doomtrooper",
        ["mission", "objective", "entrance", "squares", "actions", "actions (blocked)", "turns", "actions in time"],
        rows,
    )
    return Analysis(findings=findings, tables=[table])
