"""What a finished game of Legion tells the validator: its log as typed events, and the weighing of its orders.

The engine tallies the events under shared keys (``engine/events.py``): a plot or location drawn is offered, a plot
entered in the March (showing its entry skills, not moved there by an order) is entered, a plot won or a despatch
scored is won; a character sent, equipment bought, an order assigned, a location whose effect mattered and a
despatch played are used. A player holds each character they sent, card they bought, order they assigned, despatch
they kept and plot they won. Orders' fates (kept, resolved, declined) and deaths by cause are Legion's own counts.
``Weighing`` is the observer of a validation game: it keeps the board at each Order resolution phase and after each
order resolved at once, and weighs them when the game is over (``usefulness.py``).
"""

from __future__ import annotations

from typing import Iterator

from pnpforge.engine.events import Counted, Entered, Event, Held, Offered, RuleGap, Scores, Used, Won
from pnpforge.engine.tally import Tally
from pnpforge.games.legion_siberian_story.log import (Assigned, Bought, Despatch, Died, GameOver, LocationDrawn,
                                                   LocationHelped, OrderFate, PlotDrawn, PlotScored, Sent)
from pnpforge.games.legion_siberian_story.state import LegionState
from pnpforge.games.legion_siberian_story.usefulness import immediate_checkpoint, weigh, weigh_immediate

DESPATCH_EVENTS: dict[str, type[Offered | Entered | Used | Won]] = {"drawn": Offered, "kept": Entered, "played": Used,
                                                                    "scored": Won}


def events(state: LegionState) -> Iterator[Event]:
    """The game's log as events, in the sequence it happened."""
    location = None
    entered: set = set()
    for entry in state.log:
        if isinstance(entry, LocationDrawn):
            location = entry.location
            yield Offered(location)
        elif isinstance(entry, Sent):
            yield Used(entry.character)
            yield Held(entry.character, entry.player, "character")
            if not entry.face_down:  # entered in the March, showing its entry skills (not moved there by an order)
                entered.add((location, entry.plot))
        elif isinstance(entry, PlotDrawn):
            yield Offered(entry.plot)
        elif isinstance(entry, PlotScored) and entry.power:
            if (location, entry.plot) in entered:
                yield Entered(entry.plot)
            if entry.winners:
                yield Won(entry.plot)
            for player in entry.winners:
                yield Held(entry.plot, player, "plot")
        elif isinstance(entry, Bought):
            yield Used(entry.card)
            yield Held(entry.card, entry.player, "overlay")
        elif isinstance(entry, Assigned):
            yield Used(entry.order)
            yield Held(entry.order, entry.player, "order")
        elif isinstance(entry, OrderFate):
            yield Counted(f"order/{entry.order}/{entry.fate}")
        elif isinstance(entry, Died):
            yield Counted("deaths")
            yield Counted(f"deaths/{entry.cause}")
        elif isinstance(entry, RuleGap):
            yield entry
        elif isinstance(entry, LocationHelped) and location:
            yield Used(location)
        elif isinstance(entry, Despatch):
            yield DESPATCH_EVENTS[entry.fate](entry.card)
            if entry.fate == "kept":
                yield Held(entry.card, entry.player, "despatch")
    # the scores that decided the game, as its end recorded them (a Survival campaign's totals over its games)
    yield Scores(next(entry.scores for entry in reversed(state.log) if isinstance(entry, GameOver)))
    if state.game.mode == "survival":
        yield Counted("campaigns")


class Weighing:
    """Keeps the positions whose orders and location the validator weighs, and weighs them after the game."""

    def __init__(self, game, seed: int):
        self.seed = seed
        self.checkpoints: list[LegionState] = []
        self.at_once: list = []

    def start(self, state: LegionState) -> None:
        state.watch = lambda st: self.checkpoints.append(st.clone())

    def after_action(self, state: LegionState, action) -> None:
        self.at_once.append(immediate_checkpoint(state, action))

    def finish(self, state: LegionState, tally: Tally) -> None:
        seed = self.seed
        for index, checkpoint in enumerate(self.checkpoints):
            weigh(checkpoint, seed * 64 + index, tally, seed)
        for index, checkpoint in enumerate(c for c in self.at_once if c is not None):
            weigh_immediate(checkpoint, seed * 64 + 32 + index, tally, seed)
