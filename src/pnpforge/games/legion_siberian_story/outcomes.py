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
COUNTED = frozenset({Assigned, OrderFate, LocationDrawn, Died, RuleGap, LocationHelped, Despatch})  # the others


def events(state: LegionState) -> Iterator[Event]:
    """The game's log as events, in the sequence it happened (made as a list: a tally reads them all)."""
    found: list[Event] = []
    add = found.append
    location = None
    entered: set = set()
    for entry in state.log:
        if isinstance(entry, Sent):
            add(Used(entry.character))
            add(Held(entry.character, entry.player, "character"))
            if not entry.face_down:  # entered in the March, showing its entry skills (not moved there by an order)
                entered.add((location, entry.plot))
        elif isinstance(entry, Bought):
            add(Used(entry.card))
            add(Held(entry.card, entry.player, "overlay"))
        elif isinstance(entry, PlotDrawn):
            add(Offered(entry.plot))
        elif isinstance(entry, PlotScored):
            if entry.power:
                if (location, entry.plot) in entered:
                    add(Entered(entry.plot))
                if entry.winners:
                    add(Won(entry.plot))
                for player in entry.winners:
                    add(Held(entry.plot, player, "plot"))
        elif type(entry) not in COUNTED:
            continue  # an entry the validator does not count (a wound, a frostbite, ...)
        elif isinstance(entry, Assigned):
            add(Used(entry.order))
            add(Held(entry.order, entry.player, "order"))
        elif isinstance(entry, OrderFate):
            add(Counted(f"order/{entry.order}/{entry.fate}"))
        elif isinstance(entry, LocationDrawn):
            location = entry.location
            add(Offered(location))
        elif isinstance(entry, Died):
            add(Counted("deaths"))
            add(Counted(f"deaths/{entry.cause}"))
        elif isinstance(entry, RuleGap):
            add(entry)
        elif isinstance(entry, LocationHelped):
            if location:
                add(Used(location))
        elif isinstance(entry, Despatch):
            add(DESPATCH_EVENTS[entry.fate](entry.card))
            if entry.fate == "kept":
                add(Held(entry.card, entry.player, "despatch"))
    # the scores that decided the game, as its end recorded them (a Survival campaign's totals over its games)
    add(Scores(next(entry.scores for entry in reversed(state.log) if isinstance(entry, GameOver))))
    if state.game.mode == "survival":
        add(Counted("campaigns"))
    return iter(found)


class Weighing:
    """Keeps the positions whose orders and location the validator weighs, and weighs them after the game."""

    def __init__(self, game, seed: int, only: tuple[str, ...] | None = None):
        self.seed, self.only = seed, only  # the orders and locations to weigh (None: every one)
        self.checkpoints: list[LegionState] = []
        self.at_once: list = []

    def start(self, state: LegionState) -> None:
        state.watch = lambda st: self.checkpoints.append(st.clone())

    def after_action(self, state: LegionState, action) -> None:
        self.at_once.append(immediate_checkpoint(state, action))

    def finish(self, state: LegionState, tally: Tally) -> None:
        seed = self.seed
        for index, checkpoint in enumerate(self.checkpoints):
            weigh(checkpoint, seed * 64 + index, tally, seed, self.only)
        for index, checkpoint in enumerate(c for c in self.at_once if c is not None):
            if self.only is None or checkpoint[1] in self.only:
                weigh_immediate(checkpoint, seed * 64 + 32 + index, tally, seed)
