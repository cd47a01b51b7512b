"""Doomtrooper cards: the hands dealt at set-up, a card discarded for one more action or played for its text on the
team's own turn (one a turn, rule ``card-one-per-turn``), and the cards played on another player's turn, which do
not count against that limit (rule ``card-other-turns``).

A card's ``effect:`` (doomtrooper-cards.yaml) names what the engine does for its text; a card without one is only
ever discarded for one more action. Effects last until the end of the turn they are played in (DECISIONS.md).
Own-turn effects: ``heal`` (rule ``card-field-dressing``), ``extra_move`` (``card-adrenaline-surge``), ``add_red``
(``card-cold-resolve``), ``tech_white`` (``card-overclock``), ``no_door_card`` (``card-breach-and-clear``),
``unblocked_team`` (``card-forced-march``), ``unblocked`` (``card-second-wind``), ``swap`` (``card-regroup``).
Any-turn effects, asked of the team when their moment comes: ``hold_the_line`` (``card-hold-the-line``: once the
attacker's dice are thrown, before the defence value is compared) and ``last_stand`` (``card-last-stand``: when a
Doomtrooper would be eliminated).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING

from pnpforge.engine.grid import chebyshev
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.figures import Fig
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

MAX_HEALTH = 5
SWAP_RANGE = 3
OWN_TURN = (
    "heal",
    "extra_move",
    "add_red",
    "tech_white",
    "no_door_card",
    "unblocked_team",
    "unblocked",
    "swap",
    "pin",
    "quick_shot",
    "scavenge",
    "side_by_side",
    "leap",
    "stack_forces",
)
REACTIONS = (
    "hold_the_line",
    "last_stand",
    "dodge",
    "armour_again",
    "counterstrike",
    "covering_fire",
    "reroll_failed",
    "second_strike",
)


def effect(state: SiegeState, card: str) -> str:
    return state.game.card_effects.get(card, "")


# --- the deal -------------------------------------------------------------------------------------------------------
def deal_steps(state: SiegeState, counts: dict[str, int]) -> list[tuple]:
    """Rule ``setup-doomtrooper-cards``: each team draws as many cards as its rank card shows."""
    return [("chance", "deal", corp) for corp, count in counts.items() for _ in range(count)]


def unseen(state: SiegeState, holder: str | None = None) -> list[str]:
    """The cards of the deck in no hand (but ``holder``'s, when given, stays out) and not yet played."""
    held = {c for corp, hand in state.hands.items() for c in hand if holder is None or corp == holder}
    return [c for c in state.game.card_effects if c not in held and c not in state.played]


def deal_outcomes(state: SiegeState, corp: str) -> list[tuple[str, Fraction]]:
    cards = unseen(state)
    return [(c, Fraction(1, len(cards))) for c in cards]


def deal(state: SiegeState, card: str, corp: str) -> None:
    state.hands[corp] = (*state.hands.get(corp, ()), card)


def hidden_world(state: SiegeState, side: str | None, rng: random.Random) -> None:
    """The hands of every team but ``side``'s dealt again from the cards ``side`` cannot see (the search bot's
    world): each hand keeps its size."""
    others = [corp for corp in state.hands if corp != side]
    pool = unseen(state, side)
    rng.shuffle(pool)
    for corp in others:
        size = len(state.hands[corp])
        state.hands[corp], pool = tuple(pool[:size]), pool[size:]


# --- own turn -------------------------------------------------------------------------------------------------------
def own_turn_options(state: SiegeState, fig: Fig) -> list[tuple]:
    """Each card in hand discarded for one more action, or played for its text where it applies now (the texts
    that need the board or an attack: ``card_texts.py``)."""
    if fig.side == LEGION or state.card_used or state.muted == fig.side:  # rule event-mute
        return []
    found: list[tuple] = []
    for card in sorted(set(state.hands.get(fig.side, ()))):
        found.append(("card", card))
        kind = effect(state, card)
        if kind == "heal":
            found += [("play", card, f.id) for f in team_figs(state, fig.side) if f.health < MAX_HEALTH]
        elif kind == "swap" and fig.cell is not None:
            here = fig.cell
            found += [
                ("play", card, f.id)
                for f in team_figs(state, fig.side)
                if f is not fig and f.cell is not None and chebyshev(f.cell, here) <= SWAP_RANGE
            ]
        elif kind == "tech_white":
            weapon = state.game.equipment.get(fig.weapon or "")
            if fig.left > 0 and weapon is not None and any(a.kind == "tech" for a in weapon.attacks):
                found.append(("play", card))
        elif kind in ("extra_move", "add_red", "unblocked") and fig.left > 0:
            found.append(("play", card))
        elif kind in ("no_door_card", "unblocked_team"):
            found.append(("play", card))
        elif kind == "leap" and fig.left > 0:  # rule card-leap-of-faith
            found.append(("play", card))
    return found


def team_figs(state: SiegeState, corp: str) -> list[Fig]:
    return [f for f in state.figs.values() if f.side == corp and f.cell is not None]


def discard(state: SiegeState, corp: str, card: str) -> None:
    """Rule ``card-resolve-discard``: a card used is discarded and stays out for the mission."""
    hand = list(state.hands[corp])
    hand.remove(card)
    state.hands[corp] = tuple(hand)
    state.played = (*state.played, card)


def play(state: SiegeState, fig: Fig, action: tuple) -> None:
    """A card of the team's own turn: one more action (``card``) or its text (``play``)."""
    card = action[1]
    state.card_used = True
    discard(state, fig.side, card)
    if action[0] == "card":
        fig.left += 1
        state.tell(f"{fig.id} discards {card} for one more action", "card-one-per-turn")
        return
    kind = effect(state, card)
    rule = f"card-{card}"
    if kind == "heal":
        other = state.figs[action[2]]
        other.health = min(MAX_HEALTH, other.health + 1)
        state.tell(f"{fig.side} plays {card}: {other.id} gets back 1 health", rule)
    elif kind == "swap":
        other = state.figs[action[2]]
        fig.cell, other.cell = other.cell, fig.cell
        state.tell(f"{fig.side} plays {card}: {fig.id} and {other.id} swap squares", rule)
    elif kind in ("no_door_card", "unblocked_team", "side_by_side"):
        state.boosts[fig.side] = (*state.boosts.get(fig.side, ()), kind)
        state.tell(f"{fig.side} plays {card}", rule)
    else:
        state.boosts[fig.id] = (*state.boosts.get(fig.id, ()), kind)
        state.tell(f"{fig.side} plays {card} on {fig.id}", rule)


def boosted(state: SiegeState, key: str, kind: str) -> bool:
    return kind in state.boosts.get(key, ())


def use(state: SiegeState, key: str, kind: str) -> bool:
    """Spend one ``kind`` effect of a figure or team; whether there was one."""
    found = state.boosts.get(key, ())
    if kind not in found:
        return False
    rest = list(found)
    rest.remove(kind)
    state.boosts[key] = tuple(rest)
    return True


def move_budget(state: SiegeState, fig: Fig, blocked: bool, move: int, blocked_move: int) -> int:
    """Rules ``move-blocked``, ``card-forced-march``, ``card-second-wind``, ``card-adrenaline-surge``: a blocked
    Doomtrooper moves 2 squares unless a card lifts the blocking; a surge adds a square to its next Move."""
    if blocked and (boosted(state, fig.id, "unblocked") or boosted(state, fig.side, "unblocked_team")):
        blocked = False
    budget = blocked_move if blocked else move
    return budget + (1 if boosted(state, fig.id, "extra_move") else 0)


def attack_dice(state: SiegeState, fig: Fig, kind: str) -> tuple[str, ...]:
    """Rules ``card-cold-resolve``, ``card-overclock``: dice a card adds to this attack (used up by it)."""
    extra: tuple[str, ...] = ()
    if use(state, fig.id, "add_red"):
        extra += ("red",)
    if kind == "tech" and use(state, fig.id, "tech_white"):
        extra += ("white",)
    return extra


# --- other players' turns -------------------------------------------------------------------------------------------
def reaction_card(state: SiegeState, corp: str, kind: str) -> str | None:
    """The first card of ``kind`` the team holds (rule ``card-other-turns``: not counted against the one card of
    the team's own turn); the windows that ask for it are ``reactions.py``'s. None for a corporation that plays
    no card this round (rule ``event-mute``)."""
    if state.muted == corp:
        return None
    return next((c for c in sorted(state.hands.get(corp, ())) if effect(state, c) == kind), None)
