"""The table of steps the agenda runs: tasks by name, and for each decision and chance step its options or
outcomes and what answering it does. An agenda entry is ``("decide", seat, kind, *args)``, ``("chance", kind,
*args)`` or ``(task, *args)``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from pnpforge.games.siege_of_the_citadel import (actions, campaign, cards, combat, event_draw, legion, pile, reactions,
                                                 scoring, secondary, turns)
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState


def _finish(state: SiegeState) -> None:
    scoring.finish(state)
    if state.game.settings.campaign:
        campaign.next_mission(state)


def _activate(state: SiegeState, action: tuple, side: str) -> None:
    if side == LEGION:
        legion.legion_activate(state, action, side)
    else:
        turns.activate(state, action, side)


def _activate_options(state: SiegeState, side: str) -> list[tuple]:
    if side == LEGION:
        return [("activate", f.id) for f in legion.ready(state)]
    return turns.activate_options(state, side)


def _overrun_options(state: SiegeState, fid: str, cell: Any) -> list[tuple]:
    return [("overrun", True), ("overrun", False)] if cell not in state.occupied_cells() else [("overrun", False)]


TASKS: dict[str, Callable[..., None]] = {
    "draft": turns.draft,
    "draft_next": turns.draft_next,
    "round": turns.new_round,
    "after_turn": turns.after_turn,
    "activate_next": turns.activate_next,
    "go_on": turns.go_on,
    "after_throw": combat.after_throw,
    "after_rerolls": reactions.after_rerolls,
    "defend": reactions.defend,
    "after_armour": reactions.after_armour,
    "after_attack": reactions.after_attack,
    "resolve": combat.resolve,
    "hurt": combat.hurt,
    "attack_done": combat.attack_done,
    "trap": combat.trap,
    "legion_turn": legion.turn,
    "blast": legion.blast,
    "turret": legion.turret,
    "spore": combat.spore,
    "shot": combat.shot,
    "reinforce": legion.reinforce,
    "face_up": legion.face_up,
    "ai_red": legion.ai_red,
    "reveal": legion.reveal,
    "legion_next": legion.legion_next,
    "legion_end": legion.legion_end,
    "event_effect": event_draw.drawn,
    "free_move": event_draw.free_move,
    "ai_mute": event_draw.ai_mute,
    "finish": _finish,
}

OPTIONS: dict[str, Callable[..., list]] = {
    "send": turns.send_options,
    "take": turns.take_options,
    "enter": turns.enter_options,
    "activate": _activate_options,
    "act": actions.act_options,
    "reroll": combat.reroll_options,
    "overrun": _overrun_options,
    "red": legion.red_options,
    "place": legion.place_options,
    "reveal": lambda state: legion.reveal_options(state),
    "react": reactions.options,
    "order": pile.order_options,
    "keep": secondary.keep_options,
    "mute": lambda state: event_draw.mute_options(state),
}

OUTCOMES: dict[str, Callable[..., list]] = {
    "marker": turns.marker_outcomes,
    "die": combat.die_outcomes,
    "armour": combat.armour_outcomes,
    "door": turns.door_outcomes,
    "event": legion.event_outcomes,
    "force": legion.force_outcomes,
    "ai": legion.ai_outcomes,
    "deal": cards.deal_outcomes,
    "peek": pile.peek_outcomes,
    "secondary": secondary.draw_outcomes,
}

DECISIONS: dict[str, Callable[..., None]] = {
    "send": turns.send,
    "take": turns.take,
    "enter": turns.enter,
    "activate": _activate,
    "act": actions.act,
    "reroll": combat.reroll,
    "overrun": combat.overrun,
    "red": legion.red,
    "place": legion.place,
    "reveal": legion.do_reveal,
    "react": reactions.react,
    "order": pile.order,
    "peek": pile.peek,
    "deal": cards.deal,
    "secondary": secondary.draw,
    "keep": secondary.keep,
    "mute": event_draw.mute,
    "marker": turns.marker,
    "die": combat.die,
    "armour": combat.armour,
    "door": turns.door,
    "event": legion.event,
    "force": legion.force,
    "ai": legion.ai,
}


def options(state: SiegeState, top: tuple) -> list:
    return OPTIONS[top[2]](state, *top[3:])


def outcomes(state: SiegeState, top: tuple) -> list[tuple[Any, Fraction]]:
    return OUTCOMES[top[1]](state, *top[2:])
