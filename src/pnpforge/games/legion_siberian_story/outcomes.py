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
from pnpforge.games.legion_siberian_story.state import LegionState
from pnpforge.games.legion_siberian_story.usefulness import immediate_checkpoint, weigh, weigh_immediate

DESPATCH_EVENTS: dict[str, type[Offered | Entered | Used | Won]] = {"drawn": Offered, "kept": Entered, "played": Used,
                                                                    "scored": Won}


def events(state: LegionState) -> Iterator[Event]:
    """The game's log as events, in the sequence it happened."""
    location = None
    entered: set = set()
    for event in state.log:
        kind = event[0]
        if kind == "location":
            location = event[2]
            yield Offered(location)
        elif kind == "send":
            yield Used(event[2])
            yield Held(event[2], event[1], "character")
            if not event[4]:  # entered in the March, showing its entry skills (not moved there by an order)
                entered.add((location, event[3]))
        elif kind == "plot":
            yield Offered(event[2])
        elif kind == "scored" and event[2]:
            if (location, event[1]) in entered:
                yield Entered(event[1])
            if event[3]:
                yield Won(event[1])
            for player in event[3]:
                yield Held(event[1], player, "plot")
        elif kind in ("buy", "assign"):
            yield Used(event[2])
            yield Held(event[2], event[1], "overlay" if kind == "buy" else "order")
        elif kind == "order":
            yield Counted(f"order/{event[2]}/{event[3]}")
        elif kind == "death":
            yield Counted("deaths")
            yield Counted(f"deaths/{event[3]}")
        elif kind == "gap":
            yield RuleGap(event[1])
        elif kind == "location_used" and location:
            yield Used(location)
        elif kind == "despatch":
            yield DESPATCH_EVENTS[event[3]](event[2])
            if event[3] == "kept":
                yield Held(event[2], event[1], "despatch")
    # the scores that decided the game, as its end recorded them (a Survival campaign's totals over its games)
    yield Scores(tuple(next(event[1] for event in reversed(state.log) if event[0] == "end")))
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
