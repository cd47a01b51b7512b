"""Wounds: prevented wounds, First Aid and Brotherhood, then the wound itself (a second one kills).

``("wound", character)`` gives the wound a serial number; shields of ``prevent_wounds`` at the character's plot are
used first; then every player with a First Aid character in the Line-up or at a plot may prevent it, from the
wounded character's owner clockwise; then a Brotherhood character at the same plot may take it instead; then
``("hurt", character, serial)`` deals it unless it was prevented.
"""

from __future__ import annotations

from typing import Final

from pnpforge.engine.steps import decision, task
from pnpforge.games.legion_siberian_journey.effects import kill, to_reserve
from pnpforge.games.legion_siberian_journey.log import Brotherhood, FirstAid, Shielded, Wounded
from pnpforge.games.legion_siberian_journey.state import JourneyState

NO: Final = ("no",)


def _medics(state: JourneyState, player: int, patient: int) -> list[int]:
    """ability-first-aid: a First Aid character in the Line-up or at a plot (never in the Reserve)."""
    pool = state.lineup[player] + [c for site in state.sites if not site.done for c in site.members()
                                   if state.owner[c] == player]
    return sorted(c for c in pool if "first_aid" in state.data.characters[c].abilities and c != patient)


def _with_medics(state: JourneyState, patient: int) -> set[int]:
    """The players ``_medics`` finds a First Aid character for, looked for once for every player."""
    characters, owner = state.data.characters, state.owner
    found = {p for p in range(state.n) for c in state.lineup[p]
             if c != patient and "first_aid" in characters[c].abilities}
    for site in state.sites:
        if not site.done:
            for _, squad in site.squads:
                for c in squad:
                    if c != patient and "first_aid" in characters[c].abilities:
                        found.add(owner[c])
    return found


def _brothers(state: JourneyState, player: int, patient: int) -> list[int]:
    """ability-brotherhood: a Brotherhood character of ``player`` at the wounded Brotherhood character's plot."""
    if "brotherhood" not in state.data.characters[patient].abilities:
        return []
    index = state.site_of(patient)
    if index is None:
        return []
    return sorted(c for c in state.sites[index].members() if c != patient and state.owner[c] == player
                  and "brotherhood" in state.data.characters[c].abilities)


def _shield(state: JourneyState, character: int) -> bool:
    """Use a prevented wound of the character's plot (``prevent_wounds``) if one covers it."""
    index = state.site_of(character)
    if index is None:
        return False
    site = state.sites[index]
    starter = next(s for s, squad in site.squads if character in squad)
    for key in (("char", character), ("squad", starter), ("any",)):
        if site.shields.get(key, 0) > 0:
            site.shields[key] -= 1
            return True
    return False


@task("wound")
def wound(state: JourneyState, character: int) -> None:
    """wound-sources, wound-distribution."""
    if not _lands(state, character):
        return
    serial = state.serial
    owner = state.owner[character]
    medics = _with_medics(state, character)
    steps = [("first_aid", p, character, serial) for p in state.seats_from(owner) if p in medics]
    steps += [("brotherhood", p, character, serial) for p in state.seats_from(owner)
              if _brothers(state, p, character)]
    state.push(*steps, ("hurt", character, serial))


def quiet_wound(state: JourneyState, character: int) -> None:
    """``wound`` in a look ahead's quiet round, where First Aid and Brotherhood are answered by doing nothing
    (``lookahead.quiet_steps``): the same wound, shield and serial number, without scheduling the questions that
    would be passed over."""
    if _lands(state, character):
        state.push(("hurt", character, state.serial))


def _lands(state: JourneyState, character: int) -> bool:
    """Whether a wound lands on ``character`` (numbered with the next serial number): not in the graveyard, and
    no shield took it (logged)."""
    if character in state.graveyard:
        return False
    if _shield(state, character):
        state.log.append(Shielded(state.round, character))
        return False
    state.serial += 1
    return True


def _aid_options(state: JourneyState, player: int, patient: int, serial: int) -> list:
    if serial in state.prevented:
        return []
    medics = _medics(state, player, patient)
    return [("aid", c) for c in medics] + [NO] if medics else []


@decision("first_aid", _aid_options)
def first_aid(state: JourneyState, action: tuple, player: int, patient: int, serial: int) -> None:
    """ability-first-aid: the wound is prevented; the First Aid character goes to the Reserve."""
    if action == NO:
        return
    to_reserve(state, action[1])
    state.prevented.add(serial)
    state.log.append(FirstAid(state.round, player, action[1], patient))


def _brother_options(state: JourneyState, player: int, patient: int, serial: int) -> list:
    if serial in state.prevented:
        return []
    brothers = _brothers(state, player, patient)
    return [("take", c) for c in brothers] + [NO] if brothers else []


@decision("brotherhood", _brother_options)
def brotherhood(state: JourneyState, action: tuple, player: int, patient: int, serial: int) -> None:
    """ability-brotherhood: the volunteer takes the wound instead (and dies if already wounded)."""
    if action == NO:
        return
    state.prevented.add(serial)
    state.serial += 1
    state.push(("hurt", action[1], state.serial))
    state.log.append(Brotherhood(state.round, player, action[1], patient))


@task("hurt")
def hurt(state: JourneyState, character: int, serial: int) -> None:
    """wound-tilt, wound-second-kills."""
    if serial in state.prevented or character in state.graveyard:
        state.prevented.discard(serial)
        return
    if character in state.wounded:
        kill(state, character)
    else:
        state.wounded.add(character)
        state.log.append(Wounded(state.round, character))
