"""The force draw pile in order (rule ``card-intelligence-report``): a team looks at its top cards and puts them back
in the order it likes; until they are drawn, the draw pile's next cards are known to that team only.

The engine draws a face-down force card when it is turned up, from every card not seen yet (``legion.unseen``).
The cards a team has looked at are set apart in ``state.stacked``, the next one first: a card drawn from the pile
(the reinforcements of an event without its own) is the first of them; a card face down on a tile is drawn from
the other unseen cards. To the other players the looked-at cards stay unseen: their hidden world deals them again
(``hidden_pile``), so the search bot plays fair.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations
from typing import TYPE_CHECKING

from pnpforge.engine.loop import uniform

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

LOOK = 3  # cards looked at


def hidden(state: SiegeState) -> list[int]:
    """The force cards not seen yet and not looked at."""
    return [n for n in state.game.mission.forces if n not in state.seen_forces and n not in state.stacked]


def peekable(state: SiegeState) -> bool:
    return bool(state.stacked) or bool(hidden(state))


def look(state: SiegeState, corp: str) -> None:
    """Turn up to 3 cards from the top of the pile (the ones already known count), then put them back in order."""
    state.stacked_by = corp
    wanted = min(LOOK - min(LOOK, len(state.stacked)), len(hidden(state)))
    state.push(*(("chance", "peek", corp) for _ in range(wanted)), ("decide", state.game.seat_of(corp), "order"))


def peek_outcomes(state: SiegeState, corp: str) -> list[tuple[int, Fraction]]:
    return uniform(hidden(state))


def peek(state: SiegeState, number: int, corp: str) -> None:
    state.stacked = (*state.stacked, number)


def order_options(state: SiegeState) -> list[tuple]:
    top = state.stacked[:LOOK]
    return [("order", p) for p in sorted(set(permutations(top)))]


def order(state: SiegeState, action: tuple) -> None:
    state.stacked = (*action[1], *state.stacked[LOOK:])
    state.tell(
        f"{state.stacked_by} puts the top {len(action[1])} force cards back in its order", "card-intelligence-report"
    )


def drawn(state: SiegeState, number: int) -> None:
    """A force card turned up leaves the known top of the pile."""
    if number in state.stacked:
        state.stacked = tuple(n for n in state.stacked if n != number)
        if not state.stacked:
            state.stacked_by = None


def hidden_pile(state: SiegeState, side: str | None, rng: random.Random) -> None:
    """The world of a player who has not seen the pile's top: the cards looked at are dealt again from every
    card that player has not seen."""
    if not state.stacked or state.stacked_by == side:
        return
    pool = sorted(set(hidden(state)) | set(state.stacked))
    rng.shuffle(pool)
    state.stacked = tuple(pool[: len(state.stacked)])
