"""How a position and an action read: for transcripts, goldens and the scenarios' ``do:`` choices. Squares are
``(column, row)`` on the mission's joined map, counted from its top-left square.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState


def square(cell: Any) -> str:
    return f"{cell[0]},{cell[1]}"


def action_words(state: SiegeState, action: Any) -> str:
    top = state.agenda[-1] if state.agenda else ("",)
    if top[0] == "chance":
        kind = top[1]
        if kind in ("die", "armour"):
            return str(action)
        if kind == "door":
            card = state.game.doors[action]
            return f"door card {card.id}"
        if kind == "ai":
            return f"ai card {action}"
        if kind in ("force", "peek"):
            return f"force card {action}"
        if kind == "event":
            return f"event {action}"
        if kind == "deal":
            return f"deal {action}"
        if kind == "secondary":
            return f"draw {action}"
        return str(action)
    if not isinstance(action, tuple):
        return str(action)
    head = action[0]
    if head == "move":
        return f"move to {square(action[1])}"
    if head == "attack":
        what = action[1]
        if isinstance(what, int) and state.agenda and state.agenda[-1][0] == "decide":
            fig = state.figs.get(state.agenda[-1][3]) if state.agenda[-1][2] == "act" else None
            if fig is not None and fig.weapon:
                what = state.game.equipment[fig.weapon].attacks[what].kind
        return f"attack {action[2]} ({str(what).replace('_', ' ')})"
    if head == "sweep":
        return f"sweep from {square(action[1])} {'clockwise' if action[2] else 'anticlockwise'}"
    if head in ("line", "grenade", "bomb"):
        return f"{head} at {square(action[1])}"
    if head == "nimrod":
        return f"nimrod at {action[1]} and {action[2]}"
    if head == "take":
        return f"take {action[1]} for {action[2]}"
    if head == "send":
        return f"send {action[1]} and {action[2]}"
    if head in ("enter", "red"):
        entrance = state.game.mission.entrances[action[1]]
        return f"{head} at {square(entrance.cell)}"
    if head == "place":
        return f"place at {square(action[1])}"
    if head == "reveal":
        return f"reveal on side {state.game.mission.tiles[action[1]]}"
    if head == "reroll":
        return "reroll " + (", ".join(str(i + 1) for i in action[1]) or "none")
    if head == "overrun":
        return "overrun" if action[1] else "stay"
    if head == "activate":
        return f"activate {action[1]}"
    if head == "card":
        return f"discard {action[1]} for one more action"
    if head == "play":
        if len(action) > 3:
            return f"play {action[1]}: {action[3]} to {action[2]}"
        return f"play {action[1]}" + (f" on {action[2]}" if len(action) > 2 else "")
    if head == "react":
        return f"play {action[1]}" + (f" at {action[2]}" if len(action) > 2 else "")
    if head == "order":
        return "put back " + ", ".join(str(n) for n in action[1])
    if head == "keep":
        return f"keep {action[1]}"
    return " ".join(str(a) for a in action)


def describe(state: SiegeState) -> str:
    lines = [f"{state.game.mission.name}, round {state.round} of {state.game.mission.rounds}"
             f"{', objective done' if state.goal_done else ''}"]
    for corp, team in state.teams.items():
        troopers = ", ".join(f"{f} {square(state.figs[f].cell) if state.figs[f].cell else 'off'} "
                             f"h{state.figs[f].health}" if f in state.figs else f"{f} out" for f in team.troopers)
        lines.append(f"{corp}: rank {team.rank} points {team.points} score {team.score} reckless {team.reckless}; "
                     f"{troopers}")
    creatures = sorted(f"{f.id} {square(f.cell) if f.cell else 'waiting'}" for f in state.figs.values()
                       if f.side == LEGION)
    lines.append(f"legion: score {state.legion_score}; {', '.join(creatures) or 'no creatures'}")
    return "\n".join(lines)
