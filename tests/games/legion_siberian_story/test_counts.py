"""Legion's log counted straight into the tally's counts (``counts.count_log``) gives exactly what the engine counts
from its events (``engine/event_counts.py``), in every mode and at every player count, with and without the items
each player held."""

from __future__ import annotations

from pnpforge.engine.event_counts import EventCounts, count_events
from pnpforge.engine.playout import Run, play_seed
from pnpforge.games.legion_siberian_story import PACKAGE
from pnpforge.games.legion_siberian_story.counts import count_log
from pnpforge.games.legion_siberian_story.outcomes import events

from tests.games.legion_siberian_story.helpers import pack

GAMES = ((2, "base", 60), (3, "base", 60), (4, "base", 80), (4, "despatches", 80), (3, "survival", 20))
BRANCHES = ("used/", "used-games/", "offered/", "entered/", "won/", "order/", "deaths/", "score/hist/", "campaigns")


def fields(found: EventCounts) -> tuple:
    return found.keyed, found.plain, found.held, found.scores, found.ended, found.timed


def test_the_log_counted_directly_is_its_events_counted() -> None:
    seen: set[str] = set()
    games = 0
    for players, mode, count in GAMES:
        bots = ("random",) if mode != "despatches" else ("greedy", "random")
        run = Run(players=players, mode=mode, bots=bots)
        for seed in range(count):
            state = play_seed(PACKAGE, pack(), run, seed).state
            for held in (False, True):
                direct, generic = count_log(state, held), count_events(events(state), held)
                assert fields(direct) == fields(generic), (players, mode, seed, held)
            seen.update(direct.keyed)
            games += 1
    assert games >= 300
    # every kind of count was met, so that a branch counting wrong would have shown
    assert all(any(key.startswith(branch) for key in seen) for branch in BRANCHES), \
        [branch for branch in BRANCHES if not any(key.startswith(branch) for key in seen)]
    assert any(key.startswith("offered/") and key[len("offered/"):] in {d.id for d in pack().of_type("despatch")}
               for key in seen)


def test_the_package_counts_its_log() -> None:
    assert PACKAGE.count_log is count_log
