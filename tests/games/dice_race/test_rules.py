"""The dice race's rules, each checked on a position set up by hand."""

from __future__ import annotations

import pytest

from pnpforge.engine.api import CHANCE

from tests.engine.dice_race import GOAL, MAP, RaceGame


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
