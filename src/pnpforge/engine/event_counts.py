"""A finished game's events as the counts its tally adds: the shared keys of ``engine/events.py``, per game.

``count_events`` counts a game's typed events (``GamePackage.events``) here: items offered, entered, used (and in how
many games), won; rule gaps, a game's own counts, scores, the rule that ended it, its length; and, when asked, the
items each player held. A game package whose log makes many events may count its log into an ``EventCounts``
itself instead (``GamePackage.count_log``), without an event object per entry: it must give exactly what
``count_events`` gives from its events, which its tests check over a few hundred seeded games. ``engine/results.py``
adds either to the game's tally the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from pnpforge.engine.events import (Counted, Ended, Entered, Event, Held, Length, Offered, RuleGap, Scores, Used,
                                    Won)

ITEM_KEYS: dict[type, str] = {Offered: "offered/", Entered: "entered/", Won: "won/"}  # events counted by their item


@dataclass(slots=True)
class EventCounts:
    """One game's events as counts, before they are added to its tally.

    ``keyed``: the counts that remember the game's seed (``used/<item>``, ``used-games/<item>``, ``offered/``,
    ``entered/``, ``won/``, ``gap/<rule>``, a ``Counted`` key, ``score/hist/<score>``, ``ended/<rule>``,
    ``length/<n>``); ``plain``: the totals that keep none (``score/total``, ``length``). ``held``: ``(item, player,
    kind)`` of every ``Held``, filled only when asked for. ``scores``: the last ``Scores``; ``ended``: the rule of
    each ``Ended``, in sequence (a drawn game or one every player lost counts it again, ``engine/results.py``);
    ``timed``: the game counted a ``Length`` of its own (else its length is the playout's moves)."""

    keyed: dict[str, int] = field(default_factory=dict)
    plain: dict[str, int] = field(default_factory=dict)
    held: set[tuple[str, int, str]] = field(default_factory=set)
    scores: tuple[int, ...] | None = None
    ended: list[str] = field(default_factory=list)
    timed: bool = False


def count_events(events: Iterable[Event], held: bool = False) -> EventCounts:
    """A game's events as counts under the keys ``engine/events.py`` names (``held``: the ``Held`` ones too)."""
    found = EventCounts()
    counts, plain, ended = found.keyed, found.plain, found.ended
    get = counts.get
    used: set[str] = set()
    for event in events:
        if isinstance(event, Held):
            if held and type(event) is Held:
                found.held.add((event.item, event.player, event.kind))
            continue
        if isinstance(event, Used):
            key = "used/" + event.item
            counts[key] = get(key, 0) + 1
            if event.item not in used:
                used.add(event.item)
                counts["used-games/" + event.item] = get("used-games/" + event.item, 0) + 1
            continue
        if isinstance(event, (Offered, Entered, Won)):
            key, amount = ITEM_KEYS[type(event)] + event.item, 1
        elif isinstance(event, RuleGap):
            key, amount = "gap/" + event.rule, 1
        elif isinstance(event, Counted):
            key, amount = event.key, event.amount
        elif isinstance(event, Scores):
            if type(event) is Scores:
                found.scores = event.scores
            for score in event.scores:
                plain["score/total"] = plain.get("score/total", 0) + score
                key = f"score/hist/{score}"
                counts[key] = get(key, 0) + 1
            continue
        elif isinstance(event, Ended):
            key, amount = "ended/" + event.rule, 1
            ended.append(event.rule)
        elif isinstance(event, Length):
            if type(event) is Length:
                found.timed = True
            plain["length"] = plain.get("length", 0) + event.value
            key, amount = f"length/{event.value}", 1
        else:
            continue
        counts[key] = get(key, 0) + amount
    return found
