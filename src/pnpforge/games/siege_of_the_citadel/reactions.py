"""The moments a Doomtrooper card answers: windows the engine opens in the middle of an attack or a move, each a
decision of the team holding the card (``("decide", seat, "react", card, subject, *rest)``: pass, or play it).

One window serves every card of its moment, and each is opened only when the team holds such a card and playing it
could change something:

- after the attacker's throw (and the rank card's re-rolls), for the attacking team: ``reroll_failed``
  (``card-steady-aim``, its own turn: up to 2 failed dice of a firearm attack thrown again);
- once the dice against a Doomtrooper are thrown, for its team: ``dodge`` (``card-dodge``: the attacker throws
  one die that hit again) and ``hold_the_line`` (``card-hold-the-line``);
- after a defence die is thrown, for its team: ``armour_again`` (``card-armor-plating``);
- when a Doomtrooper would be eliminated: ``last_stand`` (``card-last-stand``);
- after an attack: ``second_strike`` (``card-blade-dance``, the attacker's own turn, another neighbour struck)
  and ``counterstrike`` (``card-counterstrike``: a failed close combat attack by a creature is answered with one
  die);
- when a creature's Move ends next to a Doomtrooper: ``covering_fire`` (``card-covering-fire``: a firearm attack
  out of turn at another figure in sight).

Cards of the team's own turn played in a window count as its one card of the turn (rule ``card-one-per-turn``);
the others do not (rule ``card-other-turns``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpforge.engine.grid import Cell
from pnpforge.games.siege_of_the_citadel import board, cards, combat
from pnpforge.games.siege_of_the_citadel.data import STRENGTH
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.figures import Fig
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

OWN_TURN_WINDOWS = ("reroll_failed", "second_strike")  # played in a window, but only on the team's own turn


def effect(state: SiegeState, card: str) -> str:
    return state.game.card_effects.get(card, "")


def held(state: SiegeState, corp: str, kind: str) -> str | None:
    """The first card of ``kind`` the team holds."""
    return cards.reaction_card(state, corp, kind)


def ask(state: SiegeState, corp: str, card: str, subject: str, *rest: Any) -> tuple:
    return ("decide", state.game.seat_of(corp), "react", card, subject, *rest)


def own_turn_free(state: SiegeState, corp: str) -> bool:
    return state.acting == corp and not state.card_used


# --- the windows ---------------------------------------------------------------------------------------------------
def after_rerolls(state: SiegeState) -> None:
    """Rule ``card-steady-aim``: on its own turn, a team whose firearm attack left failed dice may play the card."""
    attack = state.attack
    assert attack is not None
    by = state.figs.get(attack["by"] or "")
    if by is None or by.side == LEGION or attack["kind"] != "firearms" or not own_turn_free(state, by.side):
        return
    card = held(state, by.side, "reroll_failed")
    if card is not None and "blank" in attack["faces"]:
        state.push(ask(state, by.side, card, by.id))


def defend(state: SiegeState) -> None:
    """Rules ``card-dodge``, ``card-hold-the-line``: once the dice are thrown, each Doomtrooper they would wound
    may answer (a dodge first: it changes the dice), one question at a time."""
    attack = state.attack
    assert attack is not None
    hits = sum(1 for f in attack["faces"] if f == "hit")
    asked = attack.setdefault("asked", [])
    for target in attack["targets"]:
        fig = state.figs.get(target)
        if fig is None or fig.side == LEGION:
            continue
        wounds = (
            hits - (1 if target in attack["near"] else 0) - 1 - attack["cover"] - attack.get("bonus", []).count(target)
            > 0
        )
        for kind in ("dodge", "hold_the_line"):
            key = f"{kind}:{target}"
            if key in asked or not wounds:
                continue
            asked.append(key)
            card = held(state, fig.side, kind)
            if card is not None:
                state.push(ask(state, fig.side, card, target), ("defend",))
                return


def after_armour(state: SiegeState, target: str, colour: str, damage: int, again: bool) -> None:
    """Rule ``card-armor-plating``: after its defence die, a Doomtrooper still wounded may throw it once more."""
    fig = state.figs.get(target)
    card = None if again or fig is None or fig.side == LEGION or damage <= 0 else held(state, fig.side, "armour_again")
    if card is None:
        state.push(("hurt", target, damage))
    else:
        state.push(ask(state, fig.side, card, target, colour, damage))  # type: ignore[union-attr]


def after_attack(state: SiegeState, attacker: str, target: str, damage: int) -> None:
    """Rules ``card-blade-dance``, ``card-counterstrike``: the windows once a close combat attack at one figure is
    over."""
    by = state.figs.get(attacker)
    if by is None or by.cell is None:
        return
    if by.side != LEGION:
        card = held(state, by.side, "second_strike") if own_turn_free(state, by.side) else None
        if card is not None and neighbours(state, by, target):
            state.push(ask(state, by.side, card, by.id, target))
        return
    fig = state.figs.get(target)
    if fig is not None and fig.side != LEGION and damage == 0 and fig.cell is not None:
        card = held(state, fig.side, "counterstrike")
        if card is not None and board.touching(board.sight_grid(state), fig.cell, by.cell):
            state.push(ask(state, fig.side, card, target, by.id))


def after_move(state: SiegeState, fig: Fig, start: Cell | None) -> list[tuple]:
    """Rule ``card-covering-fire``: a creature whose Move ends next to a Doomtrooper it was not next to; the
    Doomtrooper's team may fire at another figure in sight."""
    if fig.cell is None or not any(held(state, t.side, "covering_fire") for t in troopers(state)):
        return []
    grid = board.sight_grid(state)
    found = []
    for other in troopers(state):
        card = held(state, other.side, "covering_fire")
        assert other.cell is not None
        if card is None or not board.touching(grid, other.cell, fig.cell):
            continue
        if start is not None and board.touching(grid, other.cell, start):
            continue
        if covering_targets(state, other, fig.id):
            found.append(ask(state, other.side, card, other.id, fig.id))
    return found


def troopers(state: SiegeState) -> list[Fig]:
    return [f for f in state.figs.values() if f.side != LEGION and f.cell is not None]


def neighbours(state: SiegeState, fig: Fig, first: str) -> list[str]:
    """The creatures next to ``fig`` (no wall between) but ``first``: Blade Dance's second target."""
    assert fig.cell is not None
    grid = board.sight_grid(state)
    return sorted(
        f.id
        for f in state.figs.values()
        if f.side == LEGION and f.cell is not None and f.id != first and board.touching(grid, fig.cell, f.cell)
    )


def covering_targets(state: SiegeState, fig: Fig, mover: str) -> dict[str, int]:
    """The figures ``fig`` could fire at now, but ``mover``, with the weapon's firearm attack that reaches each."""
    weapon = state.game.equipment.get(fig.weapon or "")
    if weapon is None:
        return {}
    found: dict[str, int] = {}
    for option in combat.trooper_attacks(state, fig):
        if (
            option[0] == "attack"
            and weapon.attacks[option[1]].kind == "firearms"
            and option[2] in state.figs
            and option[2] != mover
        ):
            found.setdefault(option[2], option[1])
    return found


# --- the answers ----------------------------------------------------------------------------------------------------
def options(state: SiegeState, card: str, subject: str, *rest: Any) -> list[tuple]:
    """Pass, or play the card (at a target, for Blade Dance and Covering Fire); only pass once the card is gone (two
    Doomtroopers of a team asked at one moment: the first played it)."""
    owner = state.figs.get(subject)
    if owner is None or card not in state.hands.get(owner.side, ()):
        return [("pass",)]
    kind = effect(state, card)
    if kind == "second_strike":
        fig = state.figs.get(subject)
        return [("pass",)] + ([("react", card, t) for t in neighbours(state, fig, rest[0])] if fig else [])
    if kind == "covering_fire":
        fig = state.figs.get(subject)
        return [("pass",)] + ([("react", card, t) for t in covering_targets(state, fig, rest[0])] if fig else [])
    return [("pass",), ("react", card)]


def react(state: SiegeState, action: tuple, card: str, subject: str, *rest: Any) -> None:
    """The team's answer: pass, or play the card for ``subject`` (its text as the module docstring lists)."""
    kind = effect(state, card)
    fig = state.figs.get(subject)
    if action[0] != "react" or fig is None:
        if kind == "last_stand":
            state.push(("hurt", subject, rest[0], True))
        elif kind == "armour_again":
            state.push(("hurt", subject, rest[1]))
        return
    cards.discard(state, fig.side, card)
    if kind in OWN_TURN_WINDOWS:
        state.card_used = True
    rule = f"card-{card}"
    attack = state.attack
    if kind == "hold_the_line":
        assert attack is not None
        attack["bonus"] = [*attack.get("bonus", []), subject]
        state.tell(f"{fig.side} plays {card}: {subject}'s defence value is 1 higher for this attack", rule)
    elif kind == "last_stand":
        state.tell(f"{fig.side} plays {card}: {subject} keeps 1 health", rule)
        state.push(("hurt", subject, max(0, fig.health - 1), True))
    elif kind == "reroll_failed":
        state.tell(f"{fig.side} plays {card}: up to 2 failed dice are thrown again", rule)
        state.push(("decide", state.game.seat_of(fig.side), "reroll", "card"))
    elif kind == "dodge":
        assert attack is not None
        index = dodged(state, attack)
        attack["faces"][index] = None
        state.tell(f"{fig.side} plays {card}: die {index + 1} that hit {subject} is thrown again", rule)
        state.push(("chance", "die", index))
    elif kind == "armour_again":
        state.tell(f"{fig.side} plays {card}: {subject} throws its defence die again", rule)
        state.push(("chance", "armour", subject, rest[0], rest[1], True))
    elif kind == "counterstrike":
        state.tell(f"{fig.side} plays {card}: {subject} strikes back at {rest[0]}", rule)
        strike_back(state, fig, rest[0])
    elif kind == "second_strike":
        state.tell(f"{fig.side} plays {card}: {subject} strikes {action[2]} too", rule)
        strike(state, fig, action[2], "close_combat")
    elif kind == "covering_fire":
        state.tell(f"{fig.side} plays {card}: {subject} fires at {action[2]} out of turn", rule)
        fig.streak = None
        strike(state, fig, action[2], "firearms", index=covering_targets(state, fig, rest[0]).get(action[2]))


def dodged(state: SiegeState, attack: dict[str, Any]) -> int:
    """Rule ``card-dodge``: the die thrown again is the weakest that hit (the first of them in the throw)."""
    hit = [i for i, f in enumerate(attack["faces"]) if f == "hit"]
    return min(hit, key=lambda i: (STRENGTH.get(attack["dice"][i], 0), i))


def strike(state: SiegeState, fig: Fig, target: str, kind: str, fewer: int = 0, index: int | None = None) -> None:
    """An attack of ``fig``'s weapon of ``kind`` (its attack ``index``, else the first of that kind) at ``target``
    that costs no action (``fewer``: dice left out, the weakest)."""
    weapon = state.game.equipment[fig.weapon or ""]
    attack = weapon.attacks[index] if index is not None else next(a for a in weapon.attacks if a.kind == kind)
    other = state.figs[target]
    assert fig.cell is not None and other.cell is not None
    dice = combat.trooper_dice(state, fig, attack.kind, attack.dice, attack.extra, target)
    if fewer:
        dice = tuple(sorted(dice, key=lambda c: -STRENGTH[c])[:-fewer])
    shelter = kind == "firearms" and board.cover(state, fig.cell, other.cell)
    if fig.streak is not None and fig.streak[:2] != (kind, target):
        fig.streak = None
    combat.start(state, fig.id, kind, [target], dice, cover=shelter)
    assert state.attack is not None
    state.attack["at"] = other.cell


def strike_back(state: SiegeState, fig: Fig, target: str) -> None:
    """Rule ``card-counterstrike``: one die, the strongest of the rank card's, in close combat; no defence value is
    taken off its hit (one die against a defence value of 1 or more could never wound), the defence die still
    cancels it (DECISIONS.md)."""
    rank = state.game.rank_of(fig.side, state.teams[fig.side].rank)
    strongest = max(rank.dice, key=lambda c: STRENGTH[c])
    fig.streak = None
    combat.start(state, fig.id, "close_combat", [target], (strongest,))
    assert state.attack is not None
    state.attack["bare"] = True
