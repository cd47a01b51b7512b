"""What a scenario's choice asks of a figure, and the rule that forbids it when the engine does not list it: the
reasons the script runner reports for a refused move, attack or Special action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.grid import chebyshev
from pnpforge.engine.script import Refusal, Unclear
from pnpforge.games.siege_of_the_citadel import board, events
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.scenario import Choice
    from pnpforge.games.siege_of_the_citadel.state import SiegeState


def wanted(state: SiegeState, choice: Choice) -> tuple | Unclear:
    """The action a choice names for its figure."""
    if choice.move is not None:
        return ("move", tuple(choice.move))
    if choice.attack is not None:
        fig = state.figs.get(choice.figure or "")
        if fig is not None and fig.side == LEGION:
            return ("attack", choice.kind or "close_combat", choice.attack)
        weapon = state.game.equipment.get(fig.weapon or "") if fig is not None else None
        kinds = [i for i, a in enumerate(weapon.attacks) if choice.kind in (None, a.kind)] if weapon else []
        if not kinds:
            return Unclear(f"'{choice.figure}' has no weapon that makes that attack", ("with",))
        return ("attack", kinds[0], choice.attack)
    if choice.sweep is not None:
        return ("sweep", tuple(choice.sweep), choice.clockwise)
    if choice.line is not None:
        return ("line", tuple(choice.line))
    if choice.grenade is not None:
        return ("grenade", tuple(choice.grenade))
    if choice.special:
        return ("special",)
    if choice.discard is not None:
        return ("card", choice.discard)
    if choice.card is not None:
        return ("play", choice.card, *((choice.on,) if choice.on else ()))
    return ("end",)


def why_not(state: SiegeState, fid: str, action: tuple) -> Refusal:
    """The rule that forbids an action of a figure, as exactly as the position tells."""
    fig = state.figs[fid]
    grid = board.sight_grid(state)
    if action[0] in ("card", "play"):
        if state.card_used:
            return Refusal("the team has used its one Doomtrooper card of this turn", "card-one-per-turn")
        return Refusal(f"'{action[1]}' is not in the team's hand or does nothing now", "card-resolve-discard")
    if fig.left <= 0 and fig.done:
        return Refusal(f"'{fid}' has no action left", "turn-activation")
    if action[0] == "move" and fid in state.pinned:
        return Refusal(f"'{fid}' was pinned by Suppressing Fire and may not move this turn", "card-suppressing-fire")
    if action[0] == "move":
        goal = action[1]
        if fig.cell is not None and chebyshev(fig.cell, goal) <= board.MOVE and fig.side != LEGION and \
                board.blocked(state, fig) and goal in board.destinations(state, fig, board.MOVE):
            return Refusal(f"'{fid}' starts next to a creature and moves 2 squares at most", "move-blocked")
        if goal in state.occupied_cells():
            return Refusal(f"a figure already stands on {list(goal)}", "move-end")
        if fig.cell is not None and chebyshev(fig.cell, goal) > board.MOVE:
            return Refusal(f"{list(goal)} is more than 3 squares away", "move-three")
        return Refusal(f"no way to {list(goal)} past walls and enemies", "move-through")
    if action[0] == "attack":
        target = state.figs.get(action[2])
        if target is None or fig.cell is None or target.cell is None:
            return Refusal("no such target on the map", "attack-off-map")
        kind = action[1] if isinstance(action[1], str) else \
            state.game.equipment[fig.weapon or ""].attacks[action[1]].kind
        distance = chebyshev(fig.cell, target.cell)
        if kind == "close_combat":
            return Refusal(f"'{action[2]}' is not a neighbour on this side of a wall", "close-combat")
        if distance == 1:
            return Refusal(f"'{action[2]}' stands next to '{fid}': nobody fires at a neighbour",
                           "firearm-not-adjacent")
        if kind == "firearms" and not board.can_see(state, grid, fig.cell, target.cell):
            return Refusal(f"'{fid}' has no line of sight to '{action[2]}'", "line-of-sight")
        limit = events.in_force(state, "firearm_range")
        if kind == "firearms" and limit is not None and distance > limit:
            return Refusal(f"'{action[2]}' is more than {limit} squares away while the event lasts",
                           "event-firearm-range")
        return Refusal(f"'{action[2]}' is out of range", "firearm-range")
    if action[0] == "special":
        rule = "battle-plans" if state.game.mission.goal == "signal" else "turn-special"
        return Refusal(f"'{fid}' is not where the objective's Special action can be taken", rule)
    return Refusal("not allowed at this moment", "turn-activation")
