"""A battle's Pre-Turn card step (rule ``pre-turn-cards``): each player who wants to play a card of the step lays
one face down, the first seat then the second (neither sees the other's card, only that one was laid); the holder of
the Strategic Advantage sets the order they are turned over in, and each is played then, on the player's most
shaken section, as a card of the step. A card that can no longer be played when it is turned over (the pool no
longer covers it) goes back to the hand unplayed, as a card played wrongly may (rule ``tac-no-retract``).

The duel has no Advantage and offers its Pre-Turn cards in seat order (``turn.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.steps import decision, task
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.turn import card_refusal, pay

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.battle import BattleState

WINDOW = "pre_turn"


def _lay_options(s: BattleState, p: int) -> list[str]:
    """Laying nothing first (the quiet answer), then each card of the hand that could be played in the step now."""
    found = [c for c in dict.fromkeys(s.sides[p].hand) if card_refusal(s, p, c, WINDOW) is None]
    return ["pass", *found] if found else []


@decision("b-lay", _lay_options)
def lay(s: BattleState, card: str, p: int) -> None:
    if card != "pass":
        s.facedown = {**s.facedown, p: card}
        s.log.append(Said(f"{s.game.players[p]} lays a card face down"))


def _order_options(s: BattleState, chooser: int) -> list[int]:
    """Whose card is turned over first: asked only when both laid one; the chooser's own first is the quiet
    answer."""
    return [chooser, 1 - chooser] if len(s.facedown) == 2 else []


@decision("b-reveal-order", _order_options)
def reveal_order(s: BattleState, first: int, chooser: int) -> None:
    s.reveal_first = first


@task("b-reveals")
def reveals(s: BattleState) -> None:
    """The face-down cards turned over, in the order the Strategic Advantage set (or the only one laid)."""
    first = s.reveal_first if s.reveal_first is not None else s.advantage
    s.reveal_first = None
    order = [p for p in (first, 1 - first) if p in s.facedown]
    s.push(*(entry for p in order for entry in (("b-card-view", p), ("b-reveal", p))))


@task("b-reveal")
def reveal(s: BattleState, p: int) -> None:
    card = s.facedown.get(p)
    s.facedown = {k: v for k, v in s.facedown.items() if k != p}
    if card is None:
        return
    if card_refusal(s, p, card, WINDOW) is not None:
        s.log.append(Said(f"{s.game.players[p]} turns over {card}, which cannot be played now: back to the hand"))
        return
    on = pay(s, p, card)
    s.push(("cancel", 1 - p, card, on, WINDOW), ("card-effects", p, card))
