"""A battle's hands of Tactical Action Cards, chosen after deployment (rules ``setup-hand``, ``tac-hand-choice``,
``tac-hand-size``, ``tac-play-blind``).

Each player picks its secret hand from its deck, one card at a time, as many as its force value gives: a decision
the bots make (the greedy bot takes the card of most ``worth``). Under the optional Play Blind rule (the battle's
``play_blind`` option) each hand is dealt at random from the shuffled deck instead, a chance step per card.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from pnpforge.engine.steps import chance, decision, task
from pnpforge.games.dystopian_legions.log import Said

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.battle import BattleState
    from pnpforge.games.dystopian_legions.tacs import Card

# what one of an effect is worth to a bot choosing its hand: a die added or thrown again is the unit
PER_EFFECT = {"shot_quality": 3, "strike_first": 3, "gain_mar": 2, "cover": 2, "fire_reaction": 2, "cancel": 2}


def worth(card: Card) -> Fraction:
    """A simple worth per Command Point: the dice a card adds or throws again, a Shaken marker or a point it gives
    counted as one die each (a D3 as two), a change of quality, cover, a MAR or a first strike as a few dice; a
    card that places things on the table or moves a section counts one."""
    total = 0
    for kind, params in card.effects:
        values = dict(params)
        if kind in ("bolster", "reroll"):
            total += int(values.get("dice", 1))
        elif kind in ("shaken", "command_points"):
            total += int(values.get("remove", values.get("amount", 0))) + (2 if values.get("roll") == "d3" else 0)
        else:
            total += PER_EFFECT.get(kind, 1)
    return Fraction(total, max(1, card.cp))


def hand_of(s: BattleState, p: int) -> list[str]:
    """The player's hand: one list its sections share."""
    return s.units[s.first_of(p)].side.hand


def _left(s: BattleState, p: int) -> list[str]:
    """The cards of the deck not yet in the hand, in the deck's order."""
    hand = hand_of(s, p)
    return [c for c in dict.fromkeys(s.game.decks[p]) if c not in hand]


@task("b-hands")
def hands(s: BattleState) -> None:
    """After deployment each player takes its hand, the first seat first (the hands are secret, so the order
    tells nobody anything)."""
    step = "b-deal" if s.game.blind else "b-pick"
    entries = [(step, p) for p in (0, 1) for _ in range(min(s.game.hand_sizes[p], len(set(s.game.decks[p]))))]
    s.push(*entries)


@decision("b-pick", _left)
def pick(s: BattleState, card: str, p: int) -> None:
    hand_of(s, p).append(card)


@chance("b-deal", _left)
def deal(s: BattleState, card: str, p: int) -> None:
    """Play Blind: the next card of the shuffled deck, each card left equally likely."""
    hand_of(s, p).append(card)
    if len(hand_of(s, p)) == s.game.hand_sizes[p]:
        s.log.append(Said(f"{s.game.players[p]} is dealt {len(hand_of(s, p))} cards blind"))
