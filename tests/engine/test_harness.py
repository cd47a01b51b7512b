"""The shared pieces around the rules: seating, win shares, the protocol check itself, statistics, the summary."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.events import Ended, Held, Length, RuleGap, Used
from pnpforge.engine.playout import Played, Run
from pnpforge.engine.results import TWELFTHS, tally_game
from pnpforge.engine.seating import Seating, rotate_bots, rotate_factions, seat
from pnpforge.engine.stats import wilson
from pnpforge.report.validation import summary_rows, terminal_summary

from tests.engine.test_games import ProtocolCheck


def test_factions_take_every_combination_then_every_seat() -> None:
    factions = ("a", "b", "c", "d")
    seen = [rotate_factions(factions, 2, seed) for seed in range(12)]
    assert {tuple(sorted(s)) for s in seen} == set(itertools.combinations(factions, 2))
    assert len(set(seen)) == 12  # each combination in both seat orders


def test_two_bots_swap_seats_every_game_and_one_bot_plays_every_seat() -> None:
    assert [rotate_bots(("x", "y"), 2, seed) for seed in range(3)] == [("x", "y"), ("y", "x"), ("x", "y")]
    assert rotate_bots(("x",), 3, 5) == ("x", "x", "x")


def test_fixed_seats_keep_their_names() -> None:
    package = GamePackage("probe", seat_names=lambda pack: ("first", "second"))
    assert seat(package, None, Run(players=2, bots=("x", "y")), 1) == Seating(("first", "second"), ("y", "x"))


def test_an_item_held_counts_its_holders_games_and_wins_once_a_game_by_side() -> None:
    package = GamePackage("probe", factions=lambda pack: ("a", "b", "c"),
                          events=lambda state: [Held("card-1", 0), Held("card-1", 0), Held("card-1", 2),
                                                Held("plot-1", 1)])
    tally = tally_game(package, Played(Finished([0.5, 0.5, 0.0]), Seating(("a", "b", "c"), ("x",) * 3), 7, 40))
    assert tally.get("held/card-1/games") == 2 and tally.get("held/card-1/wins") == TWELFTHS // 2
    assert tally.get("held/card-1/side/a") == tally.get("held/card-1/side/c") == 1
    assert not tally.get("held/card-1/side/b") and tally.get("held/plot-1/side/b") == 1
    assert tally.get("held/plot-1/wins") == TWELFTHS // 2 and tally.seeds["held/plot-1/games"] == 7


class Finished:
    """A finished game with fixed returns."""

    def __init__(self, returns):
        self._returns = returns

    def returns(self):
        return self._returns


def test_a_shared_victory_splits_the_win_and_an_even_result_is_a_draw() -> None:
    package = GamePackage("probe", factions=lambda pack: ("a", "b", "c"),
                          events=lambda state: [Used("card-1"), Used("card-1"), RuleGap("gap"), Ended("limit"),
                                                Length(30)])
    played = Played(Finished([0.5, 0.5, 0.0]), Seating(("a", "b", "c"), ("x", "x", "x")), 7, 40)
    tally = tally_game(package, played)
    assert tally.get("wins/side/a") == TWELFTHS // 2 and tally.get("losses/side/c") == 1
    assert tally.get("draws") == 0 and tally.get("used/card-1") == 2 and tally.get("used-games/card-1") == 1
    assert tally.get("gap/gap") == 1 and tally.seeds["gap/gap"] == 7 and tally.get("length/30") == 1
    even = tally_game(package, Played(Finished([0.5, 0.5]), Seating(("a", "b"), ("x", "x")), 3, 10))
    assert even.get("draws") == 1 and even.get("draws/limit") == 1


class Peeking:
    """A state whose options depend on what its player cannot see: the protocol check must refuse it."""

    def __init__(self, hidden: int):
        self.hidden = hidden

    def current_player(self):
        return 0

    def is_terminal(self):
        return False

    def is_chance_node(self):
        return False

    def legal_actions(self):
        return [self.hidden]

    def observation(self, player):
        return "the same"

    def returns(self):
        return [0.0, 0.0]

    def action_to_string(self, action):
        return str(action)


def test_the_protocol_check_catches_options_that_depend_on_hidden_information() -> None:
    check = ProtocolCheck(SimpleNamespace(invariants=lambda state: [], determinize=None), seed=1)
    check(Peeking(1), 0)
    with pytest.raises(AssertionError, match="sees the same as before but may do other things"):
        check(Peeking(2), 0)


def test_the_wilson_interval() -> None:
    low, high = wilson(150, 200)  # 75% of 200 games
    assert (round(low, 4), round(high, 4)) == (0.6857, 0.8049)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_the_summary_is_read_without_knowing_the_game() -> None:
    summary = {"basic (greedy)": {"games": 12, "first_share": {"share": 0.5, "low": 0.25, "high": 0.75, "games": 12},
                                  "draws": 1, "mean_turns": 30.5},
               "2p": {"games": 6, "seat_share": {"seat 1": 0.5, "seat 2": 0.5}}}
    assert summary_rows(summary)[1] == ("basic (greedy)", [("games", "12"),
                                                           ("first share", "50.0% (95% CI 25.0%-75.0%)"),
                                                           ("draws", "1"), ("mean turns", "30.5")])
    text = terminal_summary({"summary": summary}, [])
    assert text.splitlines()[0] == "2p: games 6; seat share seat 1 50.0%, seat 2 50.0%"
    assert text.splitlines()[1].startswith("basic (greedy): games 12; first share 50.0%; draws 1")
