"""What a finished Journey game tells the validator: its log as events, and the weighing of the cards played."""

from __future__ import annotations

import random
from collections import Counter

from pnpforge.engine.events import Counted, Entered, Held, Offered, Scores, Used, Won
from pnpforge.engine.loop import play_game
from pnpforge.engine.tally import Tally
from pnpforge.games.legion_siberian_journey.analysis import events
from pnpforge.games.legion_siberian_journey.bots import GreedyBot
from pnpforge.games.legion_siberian_journey.log import MarketWon
from pnpforge.games.legion_siberian_journey.weighing import Weighing

from tests.games.legion_siberian_journey.helpers import game


def _played(seed: int, players: int = 4, observer=None):
    bots = [GreedyBot()] * players
    hook = None
    start = game(players).new_initial_state()
    if observer is not None:
        observer.start(start)
        hook = observer.after_action
    return play_game(None, bots, random.Random(seed), start=start, after_action=hook)


def test_a_game_becomes_events_that_add_up() -> None:
    final = _played(3)
    found = list(events(final))
    kinds = Counter(type(e) for e in found)
    data = final.data
    plots = {p.item for p in data.plots}
    offered_plots = [e.item for e in found if type(e) is Offered and e.item in plots]
    assert len(offered_plots) == 5 * data.parameters.plots(4)  # six plots a round, five rounds
    entered = [e.item for e in found if type(e) is Entered and e.item in plots]
    assert entered and set(entered) <= set(offered_plots)
    assert kinds[Won] >= 1 and kinds[Used] >= 1
    commanders = [e for e in found if type(e) is Counted and e.key.startswith("commander/")]
    assert sum(e.amount for e in commanders if e.key.endswith("/played")) == 4
    assert sum(e.amount for e in commanders if e.key.endswith("/wins")) == 12  # the win, in twelfths
    market = {c.item for c in data.characters} | {a.item for a in data.actions}
    bought = [e.item for e in found if type(e) is Entered and e.item in market]
    won = [e for e in final.log if isinstance(e, MarketWon)]
    assert bought and len(bought) == len(won)
    prices = [e for e in found if type(e) is Counted and e.key.startswith("price/")]
    assert sum(e.amount for e in prices) == sum(e.paid for e in won)  # the resources each winner paid
    assert [e for e in found if type(e) is Scores][-1].scores == tuple(final.vp)
    assert all(e.player in range(4) for e in found if type(e) is Held)


def test_the_weighing_plays_each_card_against_not_playing_it() -> None:
    weighing = Weighing(None, 5)
    _played(5, observer=weighing)
    tally = Tally()
    weighing.finish(_played(5), tally)
    weighed = {k: v for k, v in tally.counts.items() if k.endswith("/weighed")}
    assert weighed and sum(weighed.values()) == len(weighing.kept)
    assert all(tally.get(k.replace("/weighed", "/useful")) <= v for k, v in weighed.items())
