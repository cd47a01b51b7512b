"""What a character shows right now: skills, abilities, combat power, protection — printed card plus sleeve.

Story rules: Equipment (each card adds a skill, an ability, cold resistance, +1 combat power or the right to give
an order), Violence (a Crippled card forbids the skill of one position).
"""

from __future__ import annotations

from pnpforge.games.legion_siberian_story.data import Sleeve
from pnpforge.games.legion_siberian_story.state import Fighter, LegionState


def skills(state: LegionState, character: str) -> frozenset[str]:
    """Skills the character shows: printed or added by an Enhancement, minus crippled positions."""
    fighter = state.fighters.get(character)
    if fighter is None or not (fighter.gear or fighter.crippled):
        return state.data.characters[character].skill_set
    return _worn(state, character, fighter).skills


def abilities(state: LegionState, character: str) -> frozenset[str]:
    """Abilities the character shows: printed or added by an Equipment card."""
    fighter = state.fighters.get(character)
    if fighter is None or not fighter.gear:
        return state.data.characters[character].ability_set
    return _worn(state, character, fighter).abilities


def takes(state: LegionState, character: str) -> frozenset[str]:
    """The Equipment and Enhancement cards the character may take now (``data.may_take_card``)."""
    return sleeve_of(state, character).takes


def sleeve_of(state: LegionState, character: str) -> Sleeve:
    """What the character shows with its sleeve now (``data.Sleeve``: skills, abilities, power, effects...)."""
    fighter = state.fighters.get(character)
    if fighter is None:
        return state.data.fresh_sleeves[character]
    return _worn(state, character, fighter)


def _worn(state: LegionState, character: str, fighter: Fighter) -> Sleeve:
    """The fighter's sleeve (``data.sleeve``), kept on the fighter while its gear and crippled positions are the
    same tuples (a change puts new ones there), so that most look-ups make and hash no key."""
    worn = fighter.worn
    gear, crippled = fighter.gear, fighter.crippled
    if worn is not None and worn[0] is gear and worn[1] is crippled:
        kept: Sleeve = worn[2]
        return kept
    sleeve = state.data.sleeve(character, gear, crippled)
    fighter.worn = (gear, crippled, sleeve)
    return sleeve


def has_effect(state: LegionState, character: str, name: str) -> bool:
    """Whether a sleeved card gives the character this effect."""
    return name in sleeve_of(state, character).effects


def orders_it_gives(state: LegionState, character: str) -> int:
    """How many orders the character may assign when it marches (Story rules: Orders; Officer Exams)."""
    if state.data.characters[character].officer:
        return state.game.limit(state, "orders_per_officer")
    return sleeve_of(state, character).orders


def may_receive_order(state: LegionState, character: str) -> bool:
    """Officers, and characters with Officer Exams (DECISIONS: Officer Exams), take no orders; one order each."""
    return (character not in state.tokens and not state.data.characters[character].officer
            and not sleeve_of(state, character).orders)


def may_enter(state: LegionState, character: str, plot: int) -> bool:
    """A plot admits a character that shows every entry skill (DECISIONS: plots with two skills need both)."""
    return state.data.plots[state.plots[plot]].entry_set <= skills(state, character)


def printed_and_gear_power(state: LegionState, character: str) -> int:
    """Printed combat power plus Promotion cards in the sleeve."""
    return sleeve_of(state, character).power


def may_take(state: LegionState, character: str, overlay_id: str) -> bool:
    """Whether the character may take this Equipment or Enhancement (``data.may_take_card``)."""
    return overlay_id in takes(state, character)


def is_fragile(state: LegionState, character: str) -> bool:
    return "fragility" in state.data.characters[character].abilities


def is_dying(state: LegionState, character: str) -> bool:
    """Two wounds kill; a Fragile character dies at its first (Story rules: Character abilities)."""
    fighter = state.fighters.get(character)
    if fighter is None:
        return False
    return fighter.wounds >= 2 or (fighter.wounds >= 1 and is_fragile(state, character))
