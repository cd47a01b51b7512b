"""Tactical Action Cards weighed: did playing one change anything?

The watcher keeps the position each time a side is asked whether to play a card; when it plays one, the first play
of each card in the game is weighed at the end (``engine/counterfactual.py``): the position played on with the card
and with a pass instead, by greedy bots with the same chance, to the end of the turn, and the two compared by what
the battle is about (each section's models and Life Points, its Shaken markers, who is engaged; not the hands or
the Command Points, which the pass kept). A card that changes nothing in every play weighed is a finding: it is
either useless as written or useless to the bots, and the designer should know which.

Counts: ``weighed/<card>`` (plays weighed) and ``changed/<card>`` (of those, the ones that changed the position).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Hashable

from pnpforge.engine.counterfactual import differs
from pnpforge.engine.tally import Tally
from pnpforge.games.dystopian_legions.bots import greedy_bot

PASS = "pass"


def signature(state: Any) -> Hashable:
    """What a card may change: each section's troopers and their Life Points, its markers, whether it is engaged,
    and in a battle where its block stands and the Battle Log Points; and whether the game is over."""
    sides = [u.side for u in state.units] if hasattr(state, "units") else state.sides
    found: tuple = tuple(
        (tuple((t.profile, t.lp) for t in side.troopers), side.markers, side.engaged) for side in sides
    )
    if hasattr(state, "units"):
        found += (tuple(u.block for u in state.units), tuple(state.blp))
    return found, state.is_terminal()


def turn_over(turn: int) -> Callable[[Any], bool]:
    """The horizon of a card weighed in turn ``turn``: the next turn, or the end of the game."""
    return lambda s: s.is_terminal() or s.turn != turn


class CardWatch:
    """The validator's watcher of a game: keeps the positions where a card was played, and weighs them at the end."""

    def __init__(self, game: Any, seed: int, every: bool = False):
        self.game, self.seed = game, seed
        self.active = every or hasattr(game, "specs")  # battles; a duel's cards are the duel's own report
        self.before: Any = None
        self.plays: dict[str, Any] = {}  # card -> the position it was first played in

    def start(self, state: Any) -> None:
        self.before = self._kept(state) if self.active else None

    def after_action(self, state: Any, action: Any) -> None:
        if not self.active:
            return
        if self.before is not None and action != PASS and isinstance(action, str) and action not in self.plays:
            self.plays[action] = self.before
        self.before = self._kept(state)

    def finish(self, state: Any, tally: Tally) -> None:
        for card, before in sorted(self.plays.items()):
            turn = int(before.turn)
            bots = [greedy_bot(self.game, seat, random.Random(self.seed)) for seat in range(2)]
            changed = differs(
                before,
                card,
                PASS,
                bots,
                self.seed,
                turn_over(turn),
                signature,
            )
            tally.add(f"weighed/{card}", 1, self.seed)
            if changed:
                tally.add(f"changed/{card}", 1, self.seed)

    @staticmethod
    def _kept(state: Any) -> Any:
        """A copy of the position when a side is asked about a card (else None)."""
        pending = state.pending
        if pending and pending[0] == "tac" and not state.is_terminal() and PASS in state.legal_actions():
            return state.clone()
        return None
