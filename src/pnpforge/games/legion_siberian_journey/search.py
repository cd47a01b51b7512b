"""How the engine's search bot (``engine/search.py``) plays Journey: it weighs bids, March turns and Tactics by
playing on to the end of the round in worlds the player cannot tell apart (``hidden.py``), and judges where the
round leaves it; the greedy bot ranks the answers tried and answers every other question.

The rounds are played on by the quick bot (``bots.QuickBot``): the greedy judgements, with an action card worth the
rough value of its effects instead of what the greedy bot's look ahead makes of it by playing the round on. Played
with greedy players, each of a question's 16 rounds (4 worlds, 4 answers) played more rounds inside it for every
card weighed, and a four-player search game took 14 to 30 CPU seconds; with quick players it takes about 3.3, so
``make matches`` plays 100 search games where it played 12, and the search bot still beats three greedy players
(docs/why/engine-speed.md, seventh round)."""

from __future__ import annotations

from pnpforge.engine.search import SearchPlan
from pnpforge.games.legion_siberian_journey.bots import quick_bot, worth
from pnpforge.games.legion_siberian_journey.state import JourneyState

SEARCHED = frozenset({"bid_turn", "march_turn", "tactics", "secret"})


def searched(state: JourneyState) -> bool:
    return state.waiting[0] in SEARCHED


def round_over(start: JourneyState, now: JourneyState) -> bool:
    """A playout looks as far as the end of the round (the next round's Income and Marketplace are chance)."""
    return now.round != start.round or now.over


def standing(state: JourneyState, player: int) -> float:
    """How far ahead of the best other player ``player`` stands; at the end, the result itself dominates."""
    if state.over and state.final is not None:
        return 1000.0 * state.final[player] + state.vp[player]
    mine = worth(state, player)
    return mine - max(worth(state, p) for p in range(state.n) if p != player)


SEARCH = SearchPlan(samples=4, candidates=4, horizon=round_over, value=standing, searched=searched, playout=quick_bot)
