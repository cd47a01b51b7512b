"""Bots act on observations only; the harness merges the same statistics whatever the number of jobs."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnpforge.engine.playout import Run
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.simulate import chunks, run
from pnpforge.games.legion_siberian_story import PACKAGE
from pnpforge.games.legion_siberian_story.search import determinize

from tests.games.legion_siberian_story.helpers import PACK_DIR, run_until, setup_game


def twin_states():
    """Two states at player 0's march that differ only in what player 0 cannot see."""
    a = run_until(setup_game(2), "march")
    b = a.clone()
    hand, deck = b.hand[1], b.deck[1]
    hand[0], deck[0] = deck[0], hand[0]
    deck.reverse()
    b.refresh()
    assert a.observation(0) == b.observation(0) and a.hand[1] != b.hand[1]
    return a, b


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_observation_equal_states_get_the_same_choice(name: str) -> None:
    a, b = twin_states()
    player = a.current_player()
    bot = PACKAGE.bot(name, a.game, player, random.Random(1), samples=2, candidates=3)
    assert bot.choose(a, player, random.Random(11)) == bot.choose(b, player, random.Random(11))


def test_a_determinized_state_agrees_with_the_observation() -> None:
    a, b = twin_states()
    sample_a = determinize(a, 0, random.Random(3))
    sample_b = determinize(b, 0, random.Random(3))
    assert sample_a.observation(0) == a.observation(0)
    assert sample_a.hand[1] == sample_b.hand[1]  # drawn from what player 0 knows, not from the true hands
    assert sorted(sample_a.hand[1] + sample_a.deck[1] + sample_a.bottom[1]) == \
        sorted(a.hand[1] + a.deck[1] + a.bottom[1])


def test_merged_statistics_do_not_depend_on_the_number_of_jobs() -> None:
    work = chunks(PACK_DIR, PACKAGE, Run(players=3, bots=("random",)), 40, 12, size=4)
    one = run(work, jobs=1)
    two = run(work, jobs=2)
    assert one.to_json() == two.to_json()
    assert one.get("games") == 12


def test_smoke_match_greedy_beats_random() -> None:
    work = chunks(PACK_DIR, PACKAGE, Run(players=2, bots=("greedy", "random")), 0, 20)
    tally = run(work, jobs=2)
    assert tally.get("played/bot/greedy") == 20
    assert tally.get("wins/bot/greedy") / TWELFTHS > 14


def test_the_greedy_bot_values_a_combat_power_card_by_how_much_it_adds() -> None:
    from pnpforge.engine.packs import cached_pack
    from pnpforge.games.legion_siberian_story import bots
    from pnpforge.games.legion_siberian_story.data import build_data
    from pnpforge.games.legion_siberian_story.game import make_game
    from pnpforge.games.legion_siberian_story.sight import Sight

    def value(vary: str) -> float:
        state = make_game(build_data(cached_pack(str(PACK_DIR.resolve()), "", vary)), 2).new_initial_state()
        card = state.data.overlays["promotion-enhancement"]
        c = next(iter(state.data.characters))
        return bots._equip(state, 0, card.id, c, frozenset(), Sight(state, 0), bots._use(card))

    printed, stronger = value(""), value("overlay:promotion-enhancement.effects[0].amount=4")
    assert round(stronger - printed, 9) == 0.9  # three points more than the printed +1, each worth 0.3


def test_questions_judged_together_get_the_values_of_one_by_one() -> None:
    """The march and shop values worked out together are the floats each option gets on its own."""
    from pnpforge.engine.loop import play_game
    from pnpforge.games.legion_siberian_story import bots
    from pnpforge.games.legion_siberian_story.game import make_game
    from pnpforge.games.legion_siberian_story.sight import Sight

    from tests.games.legion_siberian_story.helpers import data

    seen = Counter()

    def check(state, action) -> None:
        kind = state.pending[0] if state.pending else None
        together = bots.JUDGED_TOGETHER.get(kind)
        if together is None or state.is_chance_node():
            return
        player, actions = state.current_player(), state.legal_actions()
        alone = [bots.JUDGES[kind](state, player, a, Sight(state, player)) for a in actions]
        assert together(state, player, actions, Sight(state, player)) == alone, kind
        seen[kind] += 1

    for seed, mode in ((3, "base"), (4, "despatches")):
        play_game(make_game(data(), 3, mode=mode), [bots.GreedyBot()] * 3, random.Random(seed), after_action=check)
    assert seen["march"] > 50 and seen["shop"] > 20
