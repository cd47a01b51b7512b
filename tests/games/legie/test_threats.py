"""The greedy bot's values read from one summary of the reply (threats.py) are the values of playing each action on
a copy and scoring it with ``evaluate`` (``GreedyBot._values_by_clone``): the same floats, action by action and in
the same order, in seeded games of the basic and the advanced game and every scenario, with and without the bot's
memory of the armies it left behind; valued for the best alone (``best_only``, as the bot chooses), the best value
and the actions that have it are the same, and every other value is exact or -inf. What the bot records of a chosen
move (the armies after it) is the same too, and the summary, not a copy played out, values nearly every placement."""

from __future__ import annotations

import math
import random

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.games.legie.bots import GreedyBot, _fast_evaluate, evaluate
from pnpforge.games.legie.state import PASS, PLACE, LegieState
from pnpforge.games.legie.tables import Bits, bits_of
from pnpforge.games.legie.threats import armies, armies_after

from tests.games.legie.helpers import make_game

GAMES = {"basic": ("basic", None), "advanced": ("advanced", None),
         "return-of-the-king": ("advanced", "return-of-the-king"), "column": ("advanced", "column"),
         "lord-of-the-forests": ("advanced", "lord-of-the-forests")}


def exact(values: list[tuple[int, float]]) -> list[tuple[int, str]]:
    """Values down to the last bit (and the sign of a zero)."""
    return [(action, value.hex()) for action, value in values]


def check(bot: GreedyBot, state: LegieState, player: int) -> tuple[int, int]:
    """The bot's values equal the reference's; its record of each move is the armies after playing it. Returns, when
    ``player`` is to lay a unit, how many actions there are and how many of them the bot played out on a copy."""
    for remember in (True, False):
        fast, reference = bot._values(state, player, remember), bot._values_by_clone(state, player, remember)
        assert exact(fast) == exact(reference), [(state.action_to_string(a), v, w)
                                                 for (a, v), (_, w) in zip(fast, reference) if v != w][:5]
        best_actions, best_values, _ = bot._scores(state, player, remember, best_only=True)
        assert best_actions == [a for a, _ in reference]
        top = max(v for _, v in reference)
        assert exact([(a, v) for a, v in zip(best_actions, best_values) if v == top]) == \
            exact([(a, v) for a, v in reference if v == top])  # the best value and its actions, exactly
        assert all(v == w or (v == -math.inf and w < top) for v, (_, w) in zip(best_values, reference))
    actions, _, change = bot._scores(state, player, True)
    laying = state.phase == PLACE and state.player == player and actions != [PASS]
    if laying:  # the summary of the reply values the placements
        assert change is not None, "no summary of the reply"
    played = [action for action in actions if change is not None and change(action) is None]  # played on a copy
    for action in actions if change is not None else ():
        found = change(action)
        if found is not None:
            child = state.clone()
            child.apply_action(action)
            assert armies_after(state, player, found) == armies(child), state.action_to_string(action)
    for me in (0, 1):
        assert _fast_evaluate(state, me) == evaluate(state, me)
    return (len(actions), len(played)) if laying else (0, 0)


class Judged:
    """Plays one seat, greedy or at random, and checks every decision there; a random seat's judge remembers the
    armies each random move leaves behind, so that its values carry the memory too."""

    def __init__(self, greedy: bool) -> None:
        self.judge, self.greedy, self.checked = GreedyBot(), greedy, 0
        self.placements = self.played = 0  # actions of the decisions to lay a unit; those played out on a copy

    def choose(self, state: LegieState, player: int, rng: random.Random) -> int:
        placements, played = check(self.judge, state, player)
        self.checked += 1
        self.placements += placements
        self.played += played
        if self.greedy:
            return self.judge.choose(state, player, rng)
        action = RandomBot().choose(state, player, rng)
        child = state.clone()
        child.apply_action(action)
        self.judge.seen[armies(child)] = self.judge.seen.get(armies(child), 0) + 1
        return action


def play_judged(rules, name: str, seats: tuple[bool, bool], seed: int, turns: int) -> tuple[int, int, int]:
    """Decisions checked, placements valued, placements played out on a copy."""
    mode, scenario = GAMES[name]
    judged = [Judged(greedy) for greedy in seats]
    play_game(make_game(rules, mode, scenario), judged, random.Random(seed), until=lambda s: s.turns >= turns)
    return tuple(sum(counts) for counts in zip(*((j.checked, j.placements, j.played) for j in judged)))


@pytest.mark.parametrize("name", list(GAMES))
def test_the_greedy_values_are_those_of_playing_each_action_out(rules, name) -> None:
    checked, placements, played = map(sum, zip(play_judged(rules, name, (True, False), 3, 400),  # to the end
                                               play_judged(rules, name, (True, True), 5, 36)))  # removal cycles
    assert checked > 40
    assert played * 20 < placements, f"{played} of {placements} placements played out: the summary is not used"


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("seed", range(6))
def test_the_greedy_values_are_those_of_playing_each_action_out_in_longer_games(rules, name, seed) -> None:
    for seats in ((True, True), (False, True), (False, False)):
        play_judged(rules, name, seats, seed, 400)


@pytest.mark.parametrize("two", [True, False], ids=["two-strengths", "any-strengths"])
def test_the_bitboards_count_neighbours_and_support_square_by_square(rules, two) -> None:
    game = make_game(rules)
    state = game.new_initial_state()
    field = bits_of(game, state.tables)
    if not two:
        field = Bits(game, state.laid)  # a second summary of the field (the cached one stays as it is)
        field.pair = None  # the general way, for any number of strengths
    rng = random.Random(7)
    for _ in range(200):
        strengths = {s: rng.getrandbits(game.squares) & rng.getrandbits(game.squares)
                     for s in (1, 2, 3)[:2 + (not two)]}
        support = field.support(strengths, field.reach)
        units = strengths[1] | strengths[2]
        counts = field.counts(units)
        assert field.squares(units) == tuple(s for s in range(game.squares) if units >> s & 1)
        for s in range(game.squares):
            near = game.neighbours[s]
            brought = sum(strength for strength, x in strengths.items() for n in near if x >> n & 1)
            reached = [r for r in range(field.reach + 1) if support[r] >> s & 1]
            assert reached == list(range(min(brought, field.reach) + 1))
            assert [c for c in range(6) if counts[c] >> s & 1] == list(range(sum(units >> n & 1 for n in near) + 1))


def test_a_field_s_tables_and_bitboards_are_made_once_per_game_and_kept_by_it(rules) -> None:
    """Kept in the game's own attributes (a compiled game has no ``__dict__``), one set per game and field."""
    game, other = make_game(rules), make_game(rules)
    tables = game.tables
    assert tables is not None and game.tables_for(tables.layout) is tables
    assert list(game.kept_tables.values()) == [tables]
    assert bits_of(game, tables) is bits_of(game, tables)
    assert [found for found, _ in game.kept_bits.values()] == [tables]
    assert other.tables is not None and other.tables is not tables  # another game makes its own
    assert bits_of(other, other.tables) is not bits_of(game, tables)
