"""Cards weighed in duels: the position a card was played in, played on with it and with a pass instead."""

from __future__ import annotations

import random
from functools import partial
from dataclasses import replace

from pnpforge.engine.contract import GameConfig
from pnpforge.engine.counterfactual import differs
from pnpforge.engine.playout import Run
from pnpforge.engine.simulate import play_and_tally
from pnpforge.engine.tally import Tally
from pnpforge.games.dystopian_legions import PACKAGE
from pnpforge.games.dystopian_legions.bots import greedy_bot
from pnpforge.games.dystopian_legions.weigh import CardWatch, signature, turn_over

from tests.conftest import REPO
from tests.helpers import shipped_pack

WATCHED = replace(PACKAGE, observer=partial(CardWatch, every=True))  # duels too


def test_duels_weigh_the_first_play_of_each_card_and_some_plays_change_the_position() -> None:
    pack = shipped_pack(REPO / "content" / "dystopian-legions")
    tally = Tally()
    for seed in range(1, 31):
        play_and_tally(WATCHED, pack, Run(players=2, mode="duel", analyse=True), seed, tally)
    weighed = {key[len("weighed/") :]: tally.get(key) for key in tally.keys("weighed/")}
    assert weighed and all(0 < n <= 30 for n in weighed.values())
    assert all(tally.get(f"changed/{card}") <= n for card, n in weighed.items())
    assert sum(tally.get(f"changed/{card}") for card in weighed) > 0


def test_the_same_choice_on_both_branches_changes_nothing() -> None:
    pack = shipped_pack(REPO / "content" / "dystopian-legions")
    watch = CardWatch(None, 5)
    state = PACKAGE.new_game(pack, GameConfig(mode="duel")).new_initial_state()
    rng = random.Random(5)
    while watch._kept(state) is None:  # to the first card a side may play
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    bots = [greedy_bot(state.game, seat, random.Random(1)) for seat in range(2)]
    assert not differs(state, "pass", "pass", bots, 9, turn_over(state.turn), signature)
