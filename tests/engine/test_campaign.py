"""Campaigns: the dice race's league, a heat then a final in one game, carries each runner's rank and points from
the pack's data, starts where ``GameConfig.options`` say, and is won on points."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.campaign import Campaign, CampaignPlan
from pnpforge.engine.contract import GameConfig
from pnpforge.engine.loop import play_game

from tests.conftest import DATA
from tests.engine.dice_race import MAX_ENERGY, PACKAGE, STARTS
from tests.engine.registered import pack_at

LEAGUE = GameConfig(mode="league")


def plan() -> CampaignPlan:
    found = CampaignPlan.of(pack_at(DATA / "dice-race"), "league")
    assert found is not None
    return found


def test_the_pack_declares_the_league_as_data() -> None:
    league = plan()
    assert league.scenarios == ("heat", "final") and league.carry == (("rank", 0), ("points", 0))
    assert league.ranks == (("novice", 0), ("pacer", 2), ("champion", 4)) and league.decided_by == "points"
    assert [league.rank_for(n) for n in range(6)] == [0, 0, 1, 1, 2, 2] and league.rank_name(1) == "pacer"
    assert CampaignPlan.of(pack_at(DATA / "dice-race"), "base") is None
    assert CampaignPlan("x", ("a",)).rank_for(7) == 0 and CampaignPlan("x", ("a",)).rank_name(3) == "3"


def test_a_two_race_league_carries_rank_and_points_from_the_heat_into_the_final() -> None:
    game = PACKAGE.new_game(pack_at(DATA / "dice-race"), LEAGUE)
    rng = random.Random(4)
    bots = [PACKAGE.bot(name, game, seat, rng) for seat, name in enumerate(("greedy", "random"))]
    heats: list = []

    def watch(state, action) -> None:
        if state.campaign.index == 1 and not heats:
            heats.append((state.campaign, list(state.energy), list(state.at), state.round, state.rounds))

    start = game.new_initial_state()
    assert start.campaign.scenario == "heat" and start.rounds == 4 and start.energy == [1, 1]
    final = play_game(game, bots, rng, after_action=watch, start=start)
    (after_heat, energy, at, round_, rounds), = heats
    heat_returns = after_heat.results[0]
    points = tuple(2 * int(r == 1.0) + int(r == 0.5) for r in heat_returns)
    assert after_heat.value("points") == points and sum(points) == 2
    assert after_heat.value("rank") == tuple(after_heat.plan.rank_for(n) for n in points)
    assert after_heat.scenario == "final" and rounds == 10 and round_ == 0 and at == list(STARTS)
    assert energy == [min(MAX_ENERGY, 2 + rank) for rank in after_heat.value("rank")]  # the rank is energy
    assert final.is_terminal() and final.campaign.over and len(final.campaign.results) == 2
    totals = final.campaign.value("points")
    assert totals == tuple(n + 2 * int(r == 1.0) + int(r == 0.5) for n, r in zip(points, final.campaign.results[1]))
    best = max(totals)
    assert final.returns() == [1 / totals.count(best) if n == best else 0.0 for n in totals]
    assert str(final).endswith(f"scenario 2 of 2 (final); rank {final.campaign.value('rank')}; points {totals}")


def test_game_options_start_a_league_elsewhere() -> None:
    config = GameConfig(mode="league", options=(("points", (3, 0)), ("rank", (1, 0))))
    state = PACKAGE.new_game(pack_at(DATA / "dice-race"), config).new_initial_state()
    assert state.campaign.value("points") == (3, 0) and state.campaign.value("rank") == (1, 0)
    assert state.energy == [2, 1]  # the heat's one energy, plus the rank
    with pytest.raises(ValueError) as refused:
        Campaign.start(plan(), GameConfig(mode="league", options=(("points", 3),)))
    assert str(refused.value) == ("campaign 'league': option 'points' gives 3; expected a tuple of 2 values, one per "
                                  "player")


def test_a_scenario_must_leave_every_carried_value_for_every_player() -> None:
    record = Campaign.start(plan(), LEAGUE)
    with pytest.raises(ValueError, match="a scenario left points; it carries points, rank"):
        record.finish([1.0, 0.0], {"points": [2, 0]})
    with pytest.raises(ValueError, match="'points' has 1 values for 2 players"):
        record.finish([1.0, 0.0], {"points": [2], "rank": [1, 0]})
    with pytest.raises(KeyError, match="carries no 'glory'; carried: rank, points"):
        record.value("glory")


def test_the_last_scenario_decides_unless_a_value_does_and_a_loss_for_all_ends_it() -> None:
    plain = Campaign.start(CampaignPlan("tour", ("a", "b", "c")), GameConfig(players=3))
    assert plain.returns() == [0.0, 0.0, 0.0] and not plain.over and str(plain) == "scenario 1 of 3 (a)"
    second = plain.finish([0.0, 1.0, 0.0], {})
    assert not second.over and second.scenario == "b" and second.number == 2
    lost = second.finish([0.0, 0.0, 0.0], {})
    assert lost.over and lost.returns() == [0.0, 0.0, 0.0]
    assert not Campaign.start(CampaignPlan("tour", ("a", "b"), ends_on_loss=False), GameConfig()).finish(
        [0.0, 0.0], {}).over
    done = second.finish([0.5, 0.5, 0.0], {}).finish([0.0, 0.0, 1.0], {})
    assert done.over and done.returns() == [0.0, 0.0, 1.0] and done.scenario == "c"
    record = Campaign.start(plan(), LEAGUE).finish([1.0, 0.0], {"points": [2, 0], "rank": [1, 0]})
    tied = record.finish([0.0, 1.0], {"points": [2, 2], "rank": [1, 1]})
    assert tied.over and tied.returns() == [0.5, 0.5]
