"""Typed events: what a game tells the engine about a finished game, for the tallies and the generic analyses.

A game package's ``events(final_state)`` yields these; ``engine/results.py`` turns them into tally counts under
fixed keys, and ``engine/analyses.py`` reads those keys to find items never used, never entered or never won, and
rule gaps. Items are named by their pack id (unique in a pack).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Offered:
    """An item came into play: a card drawn or revealed. Tally: ``offered/<item>``."""

    item: str


@dataclass(frozen=True, slots=True)
class Entered:
    """A player took an offered item up: joined a contest, kept a card. Tally: ``entered/<item>``."""

    item: str


@dataclass(frozen=True, slots=True)
class Used:
    """An item was used: played, bought, its effect mattered. Tallies ``used/<item>`` (every use) and
    ``used-games/<item>`` (games with a use)."""

    item: str


@dataclass(frozen=True, slots=True)
class Won:
    """An item was won or scored. Tally: ``won/<item>``."""

    item: str


@dataclass(frozen=True, slots=True)
class RuleGap:
    """The game met a situation its rules do not cover and settled it as the pack's DECISIONS.md says."""

    rule: str


@dataclass(frozen=True, slots=True)
class Counted:
    """A game-specific count under the game's own key (losses by cause, cards kept)."""

    key: str
    amount: int = 1


@dataclass(frozen=True, slots=True)
class Scores:
    """The scores that decided the game, by seat (the totals, for a series of games). Tallies ``score/total`` and
    ``score/hist/<score>``."""

    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Ended:
    """The rule that ended the game. Tallies ``ended/<rule>`` (and ``draws/<rule>`` for a drawn game,
    ``lost-by-all/<rule>`` for one every player lost)."""

    rule: str


@dataclass(frozen=True, slots=True)
class Length:
    """The game's own length (turns, rounds); without it the length is the playout's moves."""

    value: int


@dataclass(frozen=True, slots=True)
class Held:
    """A player had an item in the game: a card they acquired, played or won (once a game counts, however often).
    ``kind`` is the item's type: the validator's card impact weighs items of one kind together. Counted only in
    analysed runs (``engine/results.py``, ``count_held``), as the sums a regression of each player's win share
    and score on the items they held needs."""

    item: str
    player: int
    kind: str = ""


Event = Offered | Entered | Used | Won | RuleGap | Counted | Scores | Ended | Length | Held
