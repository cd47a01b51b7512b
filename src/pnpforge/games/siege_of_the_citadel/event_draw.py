"""Playing the instruction of the event card just drawn (``events.py`` says what each ``effect:`` does and answers
what is in force): a this-round effect is noted for the round, the ones played at once are played here, before the
reinforcements."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.games.siege_of_the_citadel import board, combat, events, legion, turns
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState


def drawn(state: SiegeState, number: int) -> None:
    """Play the instruction of the event just drawn (the step ``legion.event`` pushes, before the
    reinforcements)."""
    kind = events.effect_of(state, number)
    if kind is None:
        return
    name = events.card(state, number).get("name", number)
    state.tell(f"{name}: {kind.replace('_', ' ')}", f"event-{kind.replace('_', '-')}")
    if kind in events.ROUND:
        state.round_events = (*state.round_events, number)
    if kind == "stairs_damage":
        quake(state, events.amount_of(state, number))
    elif kind == "free_move":
        ids = tuple(
            f.id
            for f in sorted(state.figs.values(), key=lambda f: f.id)
            if f.side == LEGION and f.cell is not None and f.asleep is None
        )
        state.push(("free_move", ids))
    elif kind == "mute_corporation":
        state.push(mute_step(state))


# --- at once ---------------------------------------------------------------------------------------------------
def quake(state: SiegeState, amount: int) -> None:
    """Each Doomtrooper on a stairs square loses ``amount`` health; the Dark Legion scores it as lost health, and a
    Doomtrooper brought to 0 is eliminated (no attack: Last Stand, which answers an attack, is not asked)."""
    terrain = state.game.mission.terrain
    for fig in sorted(state.figs.values(), key=lambda f: f.id):
        if fig.side == LEGION or fig.cell is None or terrain.get(fig.cell, "") not in board.STAIRS:
            continue
        lost = min(amount, fig.health)
        fig.health -= lost
        state.legion_score += lost
        state.tell(f"{fig.id} loses {lost} health on the stairs", "event-stairs-damage")
        if fig.health <= 0:
            state.legion_score += combat.ELIMINATION_POINTS
            combat.eliminate(state, fig)


def free_move(state: SiegeState, ids: tuple[str, ...]) -> None:
    """One creature's free Move toward the nearest Doomtrooper (squares as the AI deck's ``move_toward_nearest``
    picks them), then the next creature's once what the Move set off is resolved."""
    if not ids:
        return
    state.push(("free_move", ids[1:]))
    fig = state.figs.get(ids[0])
    if fig is None or fig.cell is None:
        return
    action = legion.follow(state, fig, "move_toward_nearest")
    if action is not None:
        state.tell(f"{fig.id} moves free to {action[1]}", "event-free-move")
        turns.move(state, fig, action[1])


# --- the corporation silenced ----------------------------------------------------------------------------------
def mute_step(state: SiegeState) -> tuple:
    seat = state.game.seat_of(LEGION)
    if seat is None:
        return ("ai_mute",)
    return ("decide", seat, "mute")


def mute_options(state: SiegeState) -> list[tuple]:
    return [("mute", c) for c, t in state.teams.items() if not t.out] or [("mute", "")]


def mute(state: SiegeState, action: tuple) -> None:
    state.muted = action[1] or None
    if state.muted is not None:
        state.tell(f"{state.muted} plays no Doomtrooper card this round", "event-mute")


def ai_mute(state: SiegeState) -> None:
    """The AI card set aside names the corporation by its icon; a corporation not playing is not replaced."""
    corp = legion.card_of(state, state.tiebreak).target
    team = state.teams.get(corp)
    mute(state, ("mute", corp if team is not None and not team.out else ""))
