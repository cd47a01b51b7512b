"""Outcomes of their own: an automaton's wins and a loss for all are counted as such in the tallies, the analyses,
the matches and the sweep report, never as draws; games whose returns sum to one are counted as before."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnpforge.engine.analyses import outcome_bands, outcomes, players_share, side_balance
from pnpforge.engine.contract import GamePackage
from pnpforge.engine.events import Ended
from pnpforge.engine.playout import Played
from pnpforge.engine.results import TWELFTHS, tally_game
from pnpforge.engine.seating import Roles, Seating
from pnpforge.engine.tally import Tally
from pnpforge.findings import Mark
from pnpforge.report.sweep import win_shares

from tests.engine.test_games import ProtocolCheck

GHOST = Roles(automaton="ghost")
CO_OP = Roles(loss_for_all=True, cooperative=True)
PACKAGE = GamePackage("probe", events=lambda state: [Ended(state.rule)])


class Finished:
    """A finished game with fixed returns, ended by ``rule``."""

    def __init__(self, returns, rule: str = "goal"):
        self._returns, self.rule = returns, rule

    def returns(self):
        return self._returns

    def is_terminal(self):
        return True

    def current_player(self):
        return -4

    def legal_actions(self):
        return []

    def action_to_string(self, action):
        return str(action)


def tally_of(games: list[tuple[list[float], Roles | None]]) -> Tally:
    tally = Tally()
    for seed, (returns, roles) in enumerate(games):
        sides = roles.sides(2, seed) if roles is not None else ()
        tally_game(PACKAGE, Played(Finished(returns, "clock"), Seating(sides, ("x", "y"), roles), seed, 10), tally)
    return tally


def test_what_the_players_did_not_win_is_the_automatons() -> None:
    tally = tally_of([([0.0, 0.0], GHOST), ([1.0, 0.0], GHOST), ([0.5, 0.0], GHOST)])
    assert tally.get("wins/automaton/ghost") == TWELFTHS + TWELFTHS // 2 and tally.get("played/automaton/ghost") == 3
    assert tally.get("losses/automaton/ghost") == 1 and tally.seeds["wins/automaton/ghost"] == 0
    assert tally.get("wins/seat/0") == TWELFTHS + TWELFTHS // 2 and tally.get("losses/seat/1") == 3
    assert tally.get("draws") == 0 and tally.get("lost-by-all") == 0


def test_a_tie_of_everyone_who_won_is_a_draw_and_the_automatons_win_is_not() -> None:
    tally = tally_of([([1 / 3, 1 / 3], GHOST), ([0.5, 0.5], GHOST), ([0.0, 0.0], GHOST)])
    assert tally.get("draws") == 2 and tally.seeds["draws"] == 0


def test_a_loss_for_all_is_an_outcome_of_its_own_and_a_shared_co_op_win_no_draw() -> None:
    tally = tally_of([([0.0, 0.0], CO_OP), ([0.5, 0.5], CO_OP), ([0.0, 0.0], CO_OP)])
    assert tally.get("lost-by-all") == 2 * TWELFTHS and tally.seeds["lost-by-all"] == 0
    assert tally.get("lost-by-all/clock") == 2 and tally.get("draws") == 0 and tally.get("draws/clock") == 0
    assert not tally.keys("wins/automaton/")


def test_games_whose_returns_sum_to_one_are_counted_as_before() -> None:
    tally = tally_of([([0.5, 0.5], None), ([0.0, 1.0], None), ([0.5, 0.5], Roles(rotating=("a", "b")))])
    assert tally.get("draws") == 2 and tally.get("draws/clock") == 2
    assert not tally.get("lost-by-all") and not tally.keys("wins/automaton/") and not tally.keys("lost-by-all/")
    assert players_share(tally) == 1.0 and tally.get("wins/side/a") + tally.get("wins/side/b") == TWELFTHS


def test_the_outcomes_are_shares_of_the_games_with_intervals() -> None:
    tally = tally_of([([0.0, 0.0], GHOST)] * 3 + [([1.0, 0.0], GHOST)])
    summary, bars = outcomes(tally, automaton="ghost")
    assert list(summary) == ["won by the players", "won by ghost"]
    assert summary["won by ghost"]["share"] == 0.75 and summary["won by the players"]["share"] == 0.25
    assert [b.label for b in bars] == ["won by the players", "won by ghost"] and bars[1].low < 0.75 < bars[1].high
    lost = tally_of([([0.0, 0.0], CO_OP), ([0.5, 0.5], CO_OP), ([0.5, 0.5], None)])
    summary, _ = outcomes(lost, loss_for_all=True)
    assert {k: v["share"] for k, v in summary.items()} == {"won by the players": 0.6667, "lost by all": 0.3333,
                                                           "drawn": 0.3333}


def test_a_side_is_judged_against_an_equal_part_of_what_the_players_won() -> None:
    tally = Tally()
    tally.add("games", 400)
    tally.add("lost-by-all", 200 * TWELFTHS)  # half the games lost by all: an equal side wins a quarter
    for side, wins in (("a", 100), ("b", 100)):
        tally.add(f"played/side/{side}", 400)
        tally.add(f"wins/side/{side}", wins * TWELFTHS)
    findings, _, _ = side_balance(tally, [("a", None), ("b", None)], 2, 0.05, lambda t, k: "")
    assert findings == [] and players_share(tally) == 0.5


def test_the_automaton_and_the_losses_for_all_are_judged_against_the_packs_bands() -> None:
    tally = tally_of([([0.0, 0.0], GHOST)] * 90 + [([1.0, 0.0], GHOST)] * 10)
    marks = {"automaton_win_max": Mark("game.yaml", 7, 3)}
    findings = outcome_bands(tally, 2, {"automaton_win_min": 0.3, "automaton_win_max": 0.6}, marks.get,
                             lambda t, k: f"; see seed {t.seeds[k]}", automaton="ghost")
    assert [(f.severity, f.rule, f.mark) for f in findings] == [("warning", "automaton-win",
                                                                 marks["automaton_win_max"])]
    assert findings[0].message.startswith("automaton 'ghost' wins in 90.0% of 100 2-player games (95% CI ")
    assert findings[0].message.endswith("; expected 30% to 60%; see seed 0")
    lost = tally_of([([0.0, 0.0], CO_OP)] * 3 + [([0.5, 0.5], CO_OP)] * 7)
    found = outcome_bands(lost, 2, {"lost_by_all_min": 0.5}, {}.get, lambda t, k: "")
    assert [f.severity for f in found] == ["info"] and found[0].message.startswith("undecided: every player loses in")
    assert outcome_bands(lost, 2, {}, {}.get, lambda t, k: "") == []


def test_the_sweep_report_shows_the_automaton_and_the_losses_for_all_beside_the_seats() -> None:
    ghost = tally_of([([0.0, 0.0], GHOST), ([1.0, 0.0], GHOST)])
    row = win_shares({2: ghost}, None, None, GHOST)["2p"]
    assert list(row) == ["seat 1", "seat 2", "ghost (automaton)"] and row["ghost (automaton)"]["share"] == 0.5
    lost = tally_of([([0.0, 0.0], CO_OP), ([0.5, 0.5], CO_OP)])
    assert win_shares({2: lost}, None, None, CO_OP)["2p"]["lost by all"]["share"] == 0.5
    assert list(win_shares({2: lost}, None, None)["2p"]) == ["seat 1", "seat 2"]


@pytest.mark.parametrize("returns, short, message", [
    ([0.0, 0.0], False, "do not sum to 1"),
    ([0.7, 0.6], True, "sum to more than 1"),
    ([1.5, -0.5], False, "returns [1.5, -0.5]"),
])
def test_the_protocol_check_holds_returns_to_what_the_mode_declares(returns, short, message) -> None:
    check = ProtocolCheck(SimpleNamespace(invariants=lambda state: [], determinize=None), seed=1, short=short)
    with pytest.raises(AssertionError, match=message.replace("[", r"\[").replace("]", r"\]")):
        check(Finished(returns), 0)
    ProtocolCheck(SimpleNamespace(invariants=lambda state: [], determinize=None), seed=1, short=True)(
        Finished([0.0, 0.0]), 0)
