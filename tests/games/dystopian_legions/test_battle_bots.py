"""The battle's bots and the Command Points they spend: the pool a turn starts with reaches the sections that spend
it, greedy and random bots play the cards of their hands in battles, the greedy bot charges only where the charge
gets into base contact, and walks into sight of a target when it has none (rules named on each test)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnpforge.engine.contract import GameConfig
from pnpforge.engine.loop import play_game
from pnpforge.games.dystopian_legions import PACKAGE
from pnpforge.games.dystopian_legions.battle import BattleState
from pnpforge.games.dystopian_legions.battle_bots import BattleGreedy

from tests.conftest import REPO
from tests.games.dystopian_legions.test_battle import battle, only, put, unit_of
from tests.helpers import shipped_pack

PACK = REPO / "content" / "dystopian-legions"


@pytest.mark.rules("cp-generate", "pre-turn-shaken-cp")
def test_the_turn_starts_with_the_officers_points_in_the_pool() -> None:
    s = battle()
    made = [sum(s.made(u.side) for u in s.live(p)) for p in (0, 1)]
    assert min(made) > 0
    assert [s.sides[p].cp for p in (0, 1)] == made  # the paired sections hold the pool the rules spend
    s.sync()
    assert s.pool == made


def cards_played(bots: tuple[str, str], seeds: range) -> Counter[str]:
    game = PACKAGE.new_game(shipped_pack(PACK), GameConfig(mode="battle"))
    played: Counter[str] = Counter()
    for seed in seeds:
        rng = random.Random(seed)
        final = play_game(game, [PACKAGE.bot(bots[k], game, k, rng) for k in (0, 1)], rng)
        assert isinstance(final, BattleState)
        for p in (0, 1):
            played.update(final.units[final.first_of(p)].side.graveyard)
    return played


@pytest.mark.rules("tac-cost", "tac-anatomy")
def test_greedy_and_random_bots_play_their_cards_in_battles() -> None:
    greedy = cards_played(("greedy", "greedy"), range(2))
    assert len(greedy) >= 2  # cards of more than one window
    assert cards_played(("random", "random"), range(1))


@pytest.mark.rules("move-charge")
def test_greedy_charges_only_into_base_contact() -> None:
    s = battle()
    line, knights = unit_of(s, "kob-line-infantry"), unit_of(s, "pru-teutonic-knights")
    only(s, line, knights)
    put(s, line, 20, 3)
    put(s, knights, 20, 11)
    bot = BattleGreedy()
    assert bot.reaches_contact(s, knights, line)
    put(s, knights, 20, 30)
    assert not bot.reaches_contact(s, knights, line)


@pytest.mark.rules("los-centres")
def test_greedy_walks_into_sight_when_it_has_no_target() -> None:
    s = battle()
    line, grenadiers = unit_of(s, "kob-line-infantry"), unit_of(s, "pru-line-grenadiers")
    only(s, line, grenadiers)
    put(s, line, 20, 4)
    put(s, grenadiers, 20, 44)  # the Farmstead's farmhouse between them
    bot = BattleGreedy()
    assert bot.sees(s, line, s.units[line].block) == 0
    # nothing in sight after any move: the move that ends nearest the enemy, At The Double
    assert bot.closer(s, line, ["hold", "advance:enemy", "double:enemy"]) == "double:enemy"
    put(s, grenadiers, 20, 24)
    assert bot.sees(s, line, s.units[line].block) == 1  # in sight beyond the effective range
    assert bot.closer(s, line, ["hold", "advance:enemy", "double:enemy"]) == "advance:enemy"  # walks and shoots
    put(s, grenadiers, 20, 16)
    assert bot.sees(s, line, s.units[line].block) == 2


def test_the_search_bot_tries_the_greedy_answer_first() -> None:
    """The search bot tries the policy's ranking in order and keeps the first of equal totals: a battle's ranking
    starts with the greedy bot's own answer (a playout that changes nothing at the horizon must not turn a move into
    a hold), and holds every answer once."""
    game = PACKAGE.new_game(shipped_pack(PACK), GameConfig(mode="battle"))
    asked: Counter[str] = Counter()

    class Checked:
        def __init__(self) -> None:
            self.greedy = BattleGreedy()

        def choose(self, state: BattleState, player: int, rng: random.Random) -> object:
            answer = self.greedy.choose(state, player, rng)
            step = state.pending[0] if state.pending else ""
            legal = state.legal_actions()
            if step in ("b-choose", "b-move", "b-shoot", "tac") and len(legal) > 1:
                ranked = self.greedy.rank(state, player, rng)
                assert ranked[0] == answer and sorted(map(str, ranked)) == sorted(map(str, legal))
                asked[step] += 1
            return answer

    rng = random.Random(3)
    play_game(game, [Checked(), Checked()], rng)  # type: ignore[list-item]
    assert asked["b-move"] and asked["b-choose"]


@pytest.mark.rules("shoot-targets")
def test_greedy_fires_at_the_first_listed_section() -> None:
    """Section 0 (the first force's first section, its headquarters here) is a target like any other."""
    s = battle()
    hq, grenadiers = unit_of(s, "kob-captain-hq"), unit_of(s, "pru-line-grenadiers")
    assert hq == 0
    only(s, hq, grenadiers)
    put(s, hq, 20, 14)
    put(s, grenadiers, 20, 24)
    s.pending = ("b-shoot", 1, grenadiers)
    s.refresh()
    assert s.legal_actions() == ["none", hq]
    assert BattleGreedy().choose(s, 1, random.Random(0)) == hq
