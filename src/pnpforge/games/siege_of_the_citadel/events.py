"""What an event card's instruction does (its ``effect:`` in event-cards.yaml), played when the card is drawn at the
start of the Dark Legion turn.

At once: ``stairs_damage`` (rule ``event-stairs-damage``: every Doomtrooper on a stairs square loses ``amount``
health) and ``free_move`` (rule ``event-free-move``: every creature on the map makes one free Move toward the
nearest Doomtrooper, in the order of their ids, before the reinforcements come). For the reinforcements:
``no_reinforcements`` (rule ``event-no-reinforcements``). For this Dark Legion turn: ``extra_action`` (rule
``event-extra-action``: each creature's activation has ``amount`` more actions). Until the round ends (rounds:
``turns.new_round`` clears them): ``tech_white`` (rule ``event-tech-white``: a tech attack adds a white die),
``firearm_range`` (rule ``event-firearm-range``: a firearm attack, a creature's or a turret's too, reaches
``amount`` squares at most), ``door_alarm`` (rule ``event-door-alarm``: every Doomtrooper crossing a door token
draws a door card, a tech specialist too) and ``mute_corporation`` (rule ``event-mute``: one corporation plays no
Doomtrooper card, chosen by the Dark Legion player or named by the icon of the AI card set aside).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

ROUND = ("tech_white", "firearm_range", "door_alarm", "mute_corporation")  # effects lasting until the round ends


def card(state: SiegeState, number: int | None) -> Any:
    return state.game.events.get(number or 0)


def effect_of(state: SiegeState, number: int | None) -> str | None:
    found = card(state, number)
    return None if found is None else found.get("effect")


def amount_of(state: SiegeState, number: int | None) -> int:
    found = card(state, number)
    return int(found.get("amount", 1)) if found is not None else 0


def in_force(state: SiegeState, kind: str) -> int | None:
    """The amount of a this-round effect in force, or None."""
    for number in state.round_events:
        if effect_of(state, number) == kind:
            return amount_of(state, number)
    return None


def no_reinforcements(state: SiegeState) -> bool:
    return effect_of(state, state.event) == "no_reinforcements"


def extra_actions(state: SiegeState) -> int:
    return amount_of(state, state.event) if effect_of(state, state.event) == "extra_action" else 0


def firearm_reach(state: SiegeState, reach: int) -> int:
    limit = in_force(state, "firearm_range")
    return reach if limit is None else min(reach, limit)


def tech_dice(state: SiegeState, kind: str) -> tuple[str, ...]:
    return ("white",) if kind == "tech" and in_force(state, "tech_white") is not None else ()


def door_alarm(state: SiegeState) -> bool:
    return in_force(state, "door_alarm") is not None
