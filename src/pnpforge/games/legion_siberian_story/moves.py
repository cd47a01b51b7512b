"""What happens to a character physically: moving between plots, leaving them, wounds, death, transparent cards.

Transparent piles are finite (DECISIONS: running out of transparent cards): Equipment and Enhancements cannot be
had from an empty pile; a Wound, Frostbite or Crippled card from an empty pile still takes effect, marked with a
spare token, and each such case is counted as a rule gap.
"""

from __future__ import annotations

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.engine.events import RuleGap
from pnpforge.games.legion_siberian_story.log import (Crippled, Died, Frostbitten, Healed, Moved, Warmed, Withdrawn,
                                                   Wounded)
from pnpforge.games.legion_siberian_story.state import LegionState


def take_card(state: LegionState, overlay_id: str) -> None:
    """Take a condition card from its pile, or mark it with a spare token when the pile is empty."""
    if state.pool[overlay_id] > 0:
        state.pool[overlay_id] -= 1
    else:
        state.spare[overlay_id] = state.spare.get(overlay_id, 0) + 1
        state.gaps["pool_empty"] += 1
        state.log.append(RuleGap("pool_empty"))


def return_card(state: LegionState, overlay_id: str, count: int = 1) -> None:
    for _ in range(count):
        if state.spare.get(overlay_id, 0) > 0:
            state.spare[overlay_id] -= 1
        else:
            state.pool[overlay_id] += 1


def leave_plot(state: LegionState, character: str) -> None:
    """Take a character off its plot; an order token on it goes to its owner's used tokens."""
    plot = state.at.pop(character, None)
    if plot is not None:
        state.members[plot].remove(character)
    state.face_down.discard(character)
    state.waived.discard(character)
    token = state.tokens.pop(character, None)
    if token is not None:
        state.used[state.owner(character)].append((token[0], token[1]))


def withdraw(state: LegionState, character: str, to: str) -> None:
    """Withdraw to the bottom of the owner's deck (DECISIONS: withdrawn characters) or to the hand."""
    plot = state.at.get(character)
    leave_plot(state, character)
    owner = state.owner(character)
    if to == "hand":
        state.hand[owner].append(character)
    else:
        state.bottom[owner].append(character)
    state.log.append(Withdrawn(owner, character, plot))


def move(state: LegionState, character: str, plot: int, ignore_entry: bool) -> None:
    """Move a character (with its token) to another plot."""
    old = state.at[character]
    state.members[old].remove(character)
    state.members[plot].append(character)
    state.at[character] = plot
    if ignore_entry and not ch.may_enter(state, character, plot):
        state.waived.add(character)
    else:
        state.waived.discard(character)
    state.log.append(Moved(state.owner(character), character, state.plots[plot]))


def kill(state: LegionState, character: str, cause: str) -> None:
    """A dead character goes to the graveyard; its transparent cards return to their piles."""
    owner = state.owner(character)
    plot = state.at.get(character)
    if character in state.at:
        leave_plot(state, character)
    elif character in state.hand[owner]:
        state.hand[owner].remove(character)
    fighter = state.fighters.pop(character, None)
    if fighter is not None:
        return_card(state, state.data.overlay_by_condition("wound").id, fighter.wounds)
        return_card(state, state.data.overlay_by_condition("frostbite").id, fighter.frost)
        for skill in fighter.crippled:
            return_card(state, state.data.crippled_card(skill).id)
        for overlay_id in fighter.gear:
            state.pool[overlay_id] += 1
    state.graveyard[owner].append(character)
    state.log.append(Died(owner, character, plot, cause))


def wound(state: LegionState, character: str, at_once: bool) -> None:
    """Put a Wound in the sleeve; an order's wound kills at once (DECISIONS), an Assault's after the step."""
    fighter = state.fighter(character)
    fighter.wounds += 1
    take_card(state, state.data.overlay_by_condition("wound").id)
    state.log.append(Wounded(state.owner(character), character, state.at.get(character)))
    if at_once and ch.is_dying(state, character):
        kill(state, character, "wounds")


def heal(state: LegionState, character: str) -> None:
    fighter = state.fighter(character)
    if fighter.wounds:
        fighter.wounds -= 1
        return_card(state, state.data.overlay_by_condition("wound").id)
        state.log.append(Healed(state.owner(character), character, state.at.get(character)))


def cripple(state: LegionState, character: str, skill: str) -> None:
    """A Crippled card on a skill position; an Enhancement on that position is displaced (DECISIONS)."""
    fighter = state.fighter(character)
    for overlay_id in fighter.gear:
        effect = state.data.overlays[overlay_id].effect("add_skill")
        if effect and effect["skill"] == skill:
            fighter.gear = tuple(o for o in fighter.gear if o != overlay_id)
            state.pool[overlay_id] += 1
    fighter.crippled = tuple(sorted(fighter.crippled + (skill,)))
    take_card(state, state.data.crippled_card(skill).id)
    if character in state.at and not ch.may_enter(state, character, state.at[character]):
        state.waived.add(character)  # it entered lawfully; losing the skill does not send it away
    state.log.append(Crippled(state.owner(character), character, state.at.get(character), skill))


def frostbite(state: LegionState, character: str) -> None:
    """A second Frostbite kills (Story rules: Plots, Freezing)."""
    fighter = state.fighter(character)
    fighter.frost += 1
    take_card(state, state.data.overlay_by_condition("frostbite").id)
    state.log.append(Frostbitten(state.owner(character), character, state.at.get(character)))
    if fighter.frost >= 2:
        kill(state, character, "frostbite")


def warm(state: LegionState, character: str) -> None:
    fighter = state.fighters.get(character)
    if fighter is not None and fighter.frost:
        return_card(state, state.data.overlay_by_condition("frostbite").id, fighter.frost)
        fighter.frost = 0
        state.log.append(Warmed(state.owner(character), character, state.at.get(character)))
