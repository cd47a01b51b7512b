"""Typed events: what happens in a game, as a game's log records it and as the tallies count it.

A game that keeps a log (a state's ``log``, a ``Log``) appends ``LogEntry`` objects to it, never tuples: the shared
events below, or the game's own types (``LogEntry`` subclasses made with ``entry``, in the game package), whose
fields analyses, outcomes and replays read by name. ``tests/guards/test_logs.py`` holds every game to it.

A game package's ``events(final_state)`` yields the shared events of ``Event`` (read from its log or its final
state); ``engine/results.py`` turns them into tally counts under fixed keys, and ``engine/analyses.py`` reads those
keys to find items never used, never entered or never won, and rule gaps. Items are named by their pack id (unique
in a pack).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


class LogEntry:
    """What every entry of a game's log is: a shared event below or one of the game's own (made with ``entry``)."""

    __slots__ = ()


Log = list[LogEntry]  # a game's log, oldest entry first


@dataclass_transform(frozen_default=True)
def entry(cls: type[T]) -> type[T]:
    """Make ``cls`` (a ``LogEntry`` subclass) a log entry type, the shared events below or a game's own: a slotted
    dataclass, equal and hashed by its fields, whose fields the type checker holds read-only. It is not frozen at
    run time: a frozen dataclass stores each field through ``object.__setattr__``, which made a shipped game's
    random playouts about 1.4% slower (an entry is written at nearly every move and seldom read;
    docs/why/game-packages.md), and a shared event of three fields twice as slow to make (a game's events are
    made for every entry of its log when its tally is counted; docs/why/engine-speed.md); the guard
    ``tests/guards/test_logs.py`` checks in played games that no entry changes once logged."""
    return dataclass(slots=True, unsafe_hash=True)(cls)


@entry
class Offered(LogEntry):
    """An item came into play: a card drawn or revealed. Tally: ``offered/<item>``."""

    item: str


@entry
class Entered(LogEntry):
    """A player took an offered item up: joined a contest, kept a card. Tally: ``entered/<item>``."""

    item: str


@entry
class Used(LogEntry):
    """An item was used: played, bought, its effect mattered. Tallies ``used/<item>`` (every use) and
    ``used-games/<item>`` (games with a use)."""

    item: str


@entry
class Won(LogEntry):
    """An item was won or scored. Tally: ``won/<item>``."""

    item: str


@entry
class RuleGap(LogEntry):
    """The game met a situation its rules do not cover and settled it as the pack's DECISIONS.md says."""

    rule: str


@entry
class Counted(LogEntry):
    """A game-specific count under the game's own key (losses by cause, cards kept)."""

    key: str
    amount: int = 1


@entry
class Scores(LogEntry):
    """The scores that decided the game, by seat (the totals, for a series of games). Tallies ``score/total`` and
    ``score/hist/<score>``."""

    scores: tuple[int, ...]


@entry
class Ended(LogEntry):
    """The rule that ended the game. Tallies ``ended/<rule>`` (and ``draws/<rule>`` for a drawn game,
    ``lost-by-all/<rule>`` for one every player lost)."""

    rule: str


@entry
class Length(LogEntry):
    """The game's own length (turns, rounds); without it the length is the playout's moves."""

    value: int


@entry
class Held(LogEntry):
    """A player had an item in the game: a card they acquired, played or won (once a game counts, however often).
    ``kind`` is the item's type: the validator's card impact weighs items of one kind together. Counted only in
    analysed runs (``engine/results.py``, ``count_held``), as the sums a regression of each player's win share
    and score on the items they held needs."""

    item: str
    player: int
    kind: str = ""


Event = Offered | Entered | Used | Won | RuleGap | Counted | Scores | Ended | Length | Held
