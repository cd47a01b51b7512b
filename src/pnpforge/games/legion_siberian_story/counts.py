"""A finished game of Legion counted straight from its log into the tally's counts (``GamePackage.count_log``).

It counts what ``outcomes.events`` says, entry by entry, without making an event for each (a game's log makes about
220): a character sent, equipment bought, an order assigned, a location whose effect mattered and a despatch played
are used; a plot or location drawn and a despatch drawn are offered; a plot entered in the March (showing its entry
skills) and a despatch kept are entered; a plot won and a despatch scored are won; orders' fates and deaths by cause
are Legion's own counts; the scores are the game's last; the items each player held only when asked for.
``tests/games/legion_siberian_story/test_counts.py`` holds it to ``engine/event_counts.py``'s counting of the events
over seeded games.
"""

from __future__ import annotations

from pnpforge.engine.event_counts import EventCounts
from pnpforge.engine.events import RuleGap
from pnpforge.games.legion_siberian_story.log import (Assigned, Bought, Despatch, Died, GameOver, LocationDrawn,
                                                   LocationHelped, OrderFate, PlotDrawn, PlotScored, Sent)
from pnpforge.games.legion_siberian_story.state import LegionState

DESPATCH_KEYS: dict[str, str] = {"drawn": "offered/", "kept": "entered/", "scored": "won/"}  # "played": used
COUNTED = frozenset({Assigned, OrderFate, LocationDrawn, Died, RuleGap, LocationHelped, Despatch})  # the others


def count_log(state: LegionState, held: bool) -> EventCounts:
    """The game's events as counts (``engine/event_counts.py``), read from its log."""
    found = EventCounts()
    counts = found.keyed
    get = counts.get
    had = found.held
    used: set[str] = set()  # the items used in this game (``used-games/``)
    location: str | None = None
    entered: set[tuple[str | None, str]] = set()
    for entry in state.log:
        if isinstance(entry, Sent):
            item = entry.character
            if held:
                had.add((item, entry.player, "character"))
            if not entry.face_down:  # entered in the March, showing its entry skills (not moved there by an order)
                entered.add((location, entry.plot))
        elif isinstance(entry, Bought):
            item = entry.card
            if held:
                had.add((item, entry.player, "overlay"))
        elif isinstance(entry, PlotDrawn):
            key = "offered/" + entry.plot
            counts[key] = get(key, 0) + 1
            continue
        elif isinstance(entry, PlotScored):
            if entry.power:
                plot = entry.plot
                if (location, plot) in entered:
                    key = "entered/" + plot
                    counts[key] = get(key, 0) + 1
                if entry.winners:
                    key = "won/" + plot
                    counts[key] = get(key, 0) + 1
                    if held:
                        for player in entry.winners:
                            had.add((plot, player, "plot"))
            continue
        elif type(entry) not in COUNTED:
            continue  # an entry the validator does not count (a wound, a frostbite, ...)
        elif isinstance(entry, Assigned):
            item = entry.order
            if held:
                had.add((item, entry.player, "order"))
        elif isinstance(entry, OrderFate):
            key = f"order/{entry.order}/{entry.fate}"
            counts[key] = get(key, 0) + 1
            continue
        elif isinstance(entry, LocationDrawn):
            location = entry.location
            key = "offered/" + location
            counts[key] = get(key, 0) + 1
            continue
        elif isinstance(entry, Died):
            counts["deaths"] = get("deaths", 0) + 1
            key = "deaths/" + entry.cause
            counts[key] = get(key, 0) + 1
            continue
        elif isinstance(entry, RuleGap):
            key = "gap/" + entry.rule
            counts[key] = get(key, 0) + 1
            continue
        elif isinstance(entry, LocationHelped):
            if not location:
                continue
            item = location
        elif isinstance(entry, Despatch):
            item = entry.card
            if entry.fate != "played":
                key = DESPATCH_KEYS[entry.fate] + item
                counts[key] = get(key, 0) + 1
                if held and entry.fate == "kept":
                    had.add((item, entry.player, "despatch"))
                continue
        else:
            continue
        key = "used/" + item  # every entry that reaches here used ``item``
        counts[key] = get(key, 0) + 1
        if item not in used:
            used.add(item)
            key = "used-games/" + item
            counts[key] = get(key, 0) + 1
    # the scores that decided the game, as its end recorded them (a Survival campaign's totals over its games)
    scores = next(entry.scores for entry in reversed(state.log) if isinstance(entry, GameOver))
    plain = found.plain
    for score in scores:
        plain["score/total"] = plain.get("score/total", 0) + score
        key = f"score/hist/{score}"
        counts[key] = get(key, 0) + 1
    found.scores = scores
    if state.game.mode == "survival":
        counts["campaigns"] = get("campaigns", 0) + 1
    return found
