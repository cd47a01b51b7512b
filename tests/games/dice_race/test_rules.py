"""The dice race's rules, each checked on a position set up by hand."""

from __future__ import annotations

import pytest

from pnpforge.engine.api import CHANCE
from pnpforge.engine.contract import GameConfig

from tests.conftest import DATA
from tests.engine.dice_race import CO_OP_ROUNDS, GHOST, GOAL, MAP, PACKAGE, ROUNDS, STARTS, RaceGame, distance
from tests.engine.registered import pack_at


def at_bids():
    state = RaceGame().new_initial_state()
    assert state.pending == ("bid", 0)
    return state


@pytest.mark.rules("race-sealed-bid")
def test_the_second_bidder_sees_only_that_the_first_has_bid() -> None:
    one, two = at_bids(), at_bids()
    one.apply_action(0)
    two.apply_action(2)
    assert one.observation(1) == two.observation(1) and one.observation(0) != two.observation(0)
    assert one.legal_actions() == two.legal_actions() == [0, 1, 2]


@pytest.mark.rules("race-higher-bid-leads")
def test_the_higher_bid_moves_first_with_one_die_more() -> None:
    state = at_bids()
    state.apply_action(0)
    state.apply_action(1)
    assert state.energy == [2, 1] and state.current_player() == CHANCE and state.pending == ("throw", 1, 1)
    assert [n for n, _ in state.chance_outcomes()] == [0, 1, 2]
    tied = at_bids()
    tied.apply_action(1)
    tied.apply_action(1)
    assert tied.pending == ("throw", 0, 0) and [n for n, _ in tied.chance_outcomes()] == [0, 1]


@pytest.mark.rules("race-throw")
def test_a_runner_moves_one_step_plus_one_per_success_around_walls() -> None:
    state = at_bids()
    state.apply_action(0)
    state.apply_action(0)
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(1)
    assert state.legal_actions() == sorted(MAP.reachable((0, 4), 2, occupied={(4, 4)}))
    assert (0, 2) in state.legal_actions() and (2, 4) in state.legal_actions() and (1, 2) not in state.legal_actions()


@pytest.mark.rules("race-zap")
@pytest.mark.parametrize("to, rival, zapped", [((0, 2), (0, 0), True),  # in sight, two steps away
                                               ((0, 2), (2, 2), False),  # a rock stands between
                                               ((0, 3), (4, 3), False)])  # in sight, but four steps away
def test_ending_in_sight_of_the_rival_and_near_it_zaps_it(to, rival, zapped) -> None:
    state = at_bids()
    state.at[1] = rival
    state.apply_action(0)
    state.apply_action(0)
    state.apply_action(1)
    state.apply_action(to)
    assert state.energy[1] == 2 - zapped


@pytest.mark.rules("race-goal")
def test_reaching_the_goal_wins_at_once() -> None:
    state = at_bids()
    state.at[0] = (0, 0)
    state.apply_action(0)
    state.apply_action(0)
    state.apply_action(1)
    state.apply_action(GOAL)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def at_bids_in(mode: str):
    state = RaceGame(mode).new_initial_state()
    assert state.pending == ("bid", 0)
    return state


def both_move(state, cells) -> None:
    """Both bid nothing, throw no success and move to ``cells`` (runner 0's, runner 1's), in the round's order."""
    state.apply_action(0)
    state.apply_action(0)
    for _ in cells:
        runner = state.pending[1]
        state.apply_action(0)
        state.apply_action(cells[runner])


@pytest.mark.rules("race-ghost")
def test_the_ghost_drifts_after_the_runners_and_wins_on_the_goal() -> None:
    state = at_bids_in("ghost")
    assert state.ghost == (2, 4)
    both_move(state, [(0, 3), (4, 3)])
    assert state.pending == ("haunt",) and [n for n, _ in state.chance_outcomes()] == [0, 1]
    state.apply_action(1)  # three steps, around the wall above its start
    assert state.ghost in MAP.reachable((2, 4), 3) and distance(state.ghost) == distance((2, 4)) - 3
    state.ghost = (2, 2)
    both_move(state, [(0, 2), (4, 2)])
    state.apply_action(0)
    assert state.ghost == GOAL and state.is_terminal() and state.returns() == [0.0, 0.0]
    assert str(state).endswith("won by ghost")


@pytest.mark.rules("race-ghost-end")
def test_after_ten_rounds_the_nearest_of_all_three_wins_and_a_tie_shares_it() -> None:
    state = at_bids_in("ghost")
    state.round, state.at, state.ghost = ROUNDS - 1, [(0, 1), (4, 4)], (0, 2)
    both_move(state, [(1, 1), (4, 3)])
    state.apply_action(0)  # the ghost drifts two steps: as near as runner 0
    assert state.is_terminal() and state.ghost == (0, 0) and distance((0, 0)) == distance((1, 1)) == 2
    assert state.returns() == [0.5, 0.0] and state.winners == (0, GHOST)


@pytest.mark.rules("race-co-op")
def test_the_runners_win_together_or_everybody_loses() -> None:
    won = at_bids_in("co-op")
    won.at[1] = (2, 1)
    both_move(won, [(0, 3), GOAL])
    assert won.is_terminal() and won.returns() == [0.5, 0.5]
    lost = at_bids_in("co-op")
    lost.round = CO_OP_ROUNDS - 1
    both_move(lost, [(0, 3), (4, 3)])
    assert lost.is_terminal() and lost.returns() == [0.0, 0.0] and str(lost).endswith("won by nobody")


@pytest.mark.rules("race-co-op-boost")
def test_ending_near_the_partner_gives_it_energy() -> None:
    state = at_bids_in("co-op")
    state.at[1] = (0, 1)
    state.apply_action(0)
    state.apply_action(0)
    state.apply_action(1)
    state.apply_action((0, 2))
    assert state.energy[1] == 3


def league(options=()):
    config = GameConfig(mode="league", options=options)
    return PACKAGE.new_game(pack_at(DATA / "dice-race"), config).new_initial_state()


def win_race(state, winner: int) -> None:
    """``winner`` one step from the goal; nobody bids or throws a success; it steps onto the goal."""
    state.at[winner] = (2, 1)
    state.apply_action(0)
    state.apply_action(0)
    while True:
        runner = state.pending[1]
        state.apply_action(0)
        if runner == winner:
            return state.apply_action(GOAL)
        state.apply_action(state.legal_actions()[0])


@pytest.mark.rules("race-league")
def test_a_heat_won_is_two_points_and_the_final_follows_in_the_same_game() -> None:
    state = league()
    assert state.campaign.scenario == "heat" and state.rounds == 4
    win_race(state, 1)
    assert not state.is_terminal() and state.campaign.scenario == "final" and state.rounds == 10
    assert state.campaign.value("points") == (0, 2) and state.at == list(STARTS) and state.round == 0


@pytest.mark.rules("race-league-rank")
def test_points_raise_the_rank_and_each_rank_is_one_energy_more() -> None:
    state = league()
    assert state.energy == [1, 1]
    win_race(state, 0)
    assert state.campaign.value("rank") == (1, 0) and state.energy == [3, 2]  # the final's two, plus the rank
    assert league((("points", (4, 2)), ("rank", (2, 1)))).energy == [3, 2]


@pytest.mark.rules("race-league-winner")
def test_the_most_points_after_the_final_win_the_league_and_equal_points_share_it() -> None:
    state = league()
    win_race(state, 0)
    win_race(state, 1)
    assert state.is_terminal() and state.campaign.value("points") == (2, 2) and state.returns() == [0.5, 0.5]
    state = league()
    win_race(state, 0)
    win_race(state, 0)
    assert state.is_terminal() and state.campaign.value("points") == (4, 0) and state.returns() == [1.0, 0.0]
