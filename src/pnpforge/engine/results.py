"""One finished game as tally counts: win shares by seat, side and bot, draws, length, and the game's events.

Win shares come from ``returns()``: a shared victory splits the win among its winners, counted in twelfths so that
every count stays an integer (shares of 1/2, 1/3 and 1/4 are whole twelfths). A game is drawn when every player's
return is the same.
"""

from __future__ import annotations

from typing import Iterable

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.events import Counted, Ended, Entered, Event, Length, Offered, RuleGap, Scores, Used, Won
from pnpforge.engine.playout import Played
from pnpforge.engine.tally import Tally

TWELFTHS = 12


def tally_game(package: GamePackage, played: Played) -> Tally:
    """Count a finished game: ``wins/``, ``played/``, ``losses/`` by ``seat/<n>``, ``side/<faction>`` (when
    sides rotate) and ``bot/<name>``; ``draws``; ``moves``; ``length/<n>``; then the game's events."""
    state, seed = played.state, played.seed
    tally = Tally()
    tally.add("games", 1, seed)
    returns = state.returns()
    rotating = package.factions is not None
    for p, bot in enumerate(played.seating.bots):
        share = round(returns[p] * TWELFTHS)
        keys = [f"seat/{p}"] + ([f"side/{played.seating.sides[p]}"] if rotating else []) + [f"bot/{bot}"]
        for key in keys:
            tally.add(f"wins/{key}", share, seed)
            tally.add(f"played/{key}", 1, seed)
            if not share:
                tally.add(f"losses/{key}", 1, seed)
    drawn = len(set(returns)) == 1
    if drawn:
        tally.add("draws", 1, seed)
    tally.add("moves", played.moves)
    events = list(package.events(state)) if package.events is not None else []
    if not any(isinstance(e, Length) for e in events):
        events.append(Length(played.moves))
    count_events(tally, events, seed, drawn)
    return tally


def count_events(tally: Tally, events: Iterable[Event], seed: int, drawn: bool = False) -> None:
    """Add a game's events to its tally under the keys ``engine/events.py`` names."""
    used: set[str] = set()
    for event in events:
        if isinstance(event, Offered):
            tally.add(f"offered/{event.item}", 1, seed)
        elif isinstance(event, Entered):
            tally.add(f"entered/{event.item}", 1, seed)
        elif isinstance(event, Used):
            tally.add(f"used/{event.item}", 1, seed)
            if event.item not in used:
                used.add(event.item)
                tally.add(f"used-games/{event.item}", 1, seed)
        elif isinstance(event, Won):
            tally.add(f"won/{event.item}", 1, seed)
        elif isinstance(event, RuleGap):
            tally.add(f"gap/{event.rule}", 1, seed)
        elif isinstance(event, Counted):
            tally.add(event.key, event.amount, seed)
        elif isinstance(event, Scores):
            for score in event.scores:
                tally.add("score/total", score)
                tally.add(f"score/hist/{score}", 1, seed)
        elif isinstance(event, Ended):
            tally.add(f"ended/{event.rule}", 1, seed)
            if drawn:
                tally.add(f"draws/{event.rule}", 1, seed)
        elif isinstance(event, Length):
            tally.add("length", event.value)
            tally.add(f"length/{event.value}", 1, seed)
