"""What a character shows right now: skills, abilities, combat power, protection — printed card plus sleeve.

Story rules: Equipment (each card adds a skill, an ability, cold resistance, +1 combat power or the right to give
an order), Violence (a Crippled card forbids the skill of one position).
"""

from __future__ import annotations

from pnpforge.games.legion_siberian_story.data import may_take_card
from pnpforge.games.legion_siberian_story.state import LegionState


def skills(state: LegionState, character: str) -> set[str] | frozenset[str]:
    """Skills the character shows: printed or added by an Enhancement, minus crippled positions."""
    fighter = state.fighters.get(character)
    printed = state.data.characters[character].skill_set
    if fighter is None or not (fighter.gear or fighter.crippled):
        return printed
    shown = set(printed)
    overlays = state.data.overlays
    for overlay_id in fighter.gear:
        skill = overlays[overlay_id].skill
        if skill:
            shown.add(skill)
    return shown.difference(fighter.crippled)


def abilities(state: LegionState, character: str) -> set[str] | frozenset[str]:
    """Abilities the character shows: printed or added by an Equipment card."""
    card = state.data.characters[character]
    fighter = state.fighters.get(character)
    if fighter is None or not fighter.gear:
        return card.ability_set
    found = set(card.abilities)
    for overlay_id in fighter.gear:
        ability = state.data.overlays[overlay_id].ability
        if ability:
            found.add(ability)
    return found


def has_effect(state: LegionState, character: str, name: str) -> bool:
    """Whether a sleeved card gives the character this effect."""
    fighter = state.fighters.get(character)
    return bool(fighter) and any(state.data.overlays[o].effect(name) for o in fighter.gear)


def orders_it_gives(state: LegionState, character: str) -> int:
    """How many orders the character may assign when it marches (Story rules: Orders; Officer Exams)."""
    if state.data.characters[character].officer:
        return state.game.limit(state, "orders_per_officer")
    fighter = state.fighters.get(character)
    if fighter is None:
        return 0
    for overlay_id in fighter.gear:
        effect = state.data.overlays[overlay_id].effect("may_give_orders")
        if effect:
            return effect["count"]
    return 0


def may_receive_order(state: LegionState, character: str) -> bool:
    """Officers, and characters with Officer Exams (DECISIONS: Officer Exams), take no orders; one order each."""
    return (not state.data.characters[character].officer and orders_it_gives(state, character) == 0
            and character not in state.tokens)


def may_enter(state: LegionState, character: str, plot: int) -> bool:
    """A plot admits a character that shows every entry skill (DECISIONS: plots with two skills need both)."""
    return state.data.plots[state.plots[plot]].entry_set <= skills(state, character)


def printed_and_gear_power(state: LegionState, character: str) -> int:
    """Printed combat power plus Promotion cards in the sleeve."""
    power = state.data.characters[character].power
    fighter = state.fighters.get(character)
    if fighter is not None:
        for overlay_id in fighter.gear:
            effect = state.data.overlays[overlay_id].effect("combat_power")
            if effect and effect["scope"] == "self":
                power += effect["amount"]
    return power


def may_take(state: LegionState, character: str, overlay_id: str) -> bool:
    """Whether the character may take this Equipment or Enhancement (``data.may_take_card``)."""
    fighter = state.fighters.get(character)
    if fighter is None or not (fighter.gear or fighter.crippled):
        return (character, overlay_id) in state.data.fresh_takes
    card = state.data.overlays[overlay_id]
    shown = skills(state, character) if card.skill else ()
    known = abilities(state, character) if card.ability else ()
    return may_take_card(card, state.data.characters[character], shown, known, fighter.gear, fighter.crippled)


def is_fragile(state: LegionState, character: str) -> bool:
    return "fragility" in state.data.characters[character].abilities


def is_dying(state: LegionState, character: str) -> bool:
    """Two wounds kill; a Fragile character dies at its first (Story rules: Character abilities)."""
    fighter = state.fighters.get(character)
    if fighter is None:
        return False
    return fighter.wounds >= 2 or (fighter.wounds >= 1 and is_fragile(state, character))
