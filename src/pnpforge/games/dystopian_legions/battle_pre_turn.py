"""A battle's Pre-Turn card step (rule ``pre-turn-cards``): each player who wants to play a card of the step lays
one face down, the first seat then the second (neither sees the other's card, only that one was laid); the holder of
the Strategic Advantage sets the order they are turned over in, and each is played then, on the player's most
shaken section, as a card of the step. A card that can no longer be played when it is turned over (the pool no
longer covers it) goes back to the hand unplayed, as a card played wrongly may (rule ``tac-no-retract``).

The duel has no Advantage and offers its Pre-Turn cards in seat order (``turn.py``). The optional Order of March
(``order-of-march``) is a step of the Pre-Turn too: each player lists in secret the order its sections activate in.
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


# --- the Order of March (p.123, an optional rule: the battle's ``order_of_march`` option) -----------------------------
@task("b-march")
def march(s: BattleState) -> None:
    """After the Pre-Turn cards and before the Initiative, each player secretly lists the order its sections will
    activate in this turn, one section at a time (rule ``order-of-march``)."""
    s.march = {0: (), 1: ()}
    s.push(*(("b-march-pick", p) for p in (0, 1) for _ in s.live(p)))


def _unlisted(s: BattleState, p: int) -> list[int]:
    return [u.spec.index for u in s.live(p) if u.spec.index not in s.march.get(p, ())]


@decision("b-march-pick", _unlisted)
def march_pick(s: BattleState, i: int, p: int) -> None:
    s.march = {**s.march, p: (*s.march.get(p, ()), i)}


def next_on_march(s: BattleState, p: int, ready: list[int]) -> list[int]:
    """With an Order of March, the one section the player must activate: the first on its list that is able to
    (a section not listed, none ever is, falls back to the player's choice)."""
    if not s.game.march:
        return ready
    return next(([i] for i in s.march.get(p, ()) if i in ready), ready)
