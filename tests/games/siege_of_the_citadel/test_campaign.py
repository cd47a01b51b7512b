"""The campaign mode: five missions in one game, the Dark Legion passing round the table, ranks and points carried,
the board moving up with the corporations, the lowest team drafting first, and the best rank winning."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.games.siege_of_the_citadel import roles
from pnpforge.games.siege_of_the_citadel.campaign import board_rank, mission_settings
from pnpforge.games.siege_of_the_citadel.invariants import check

from tests.games.siege_of_the_citadel.helpers import dealt, game, pack

MISSIONS = ("battle-plans", "you-got-in-now-get-out", "high-command-error", "secret-mission", "throne-of-alakhai")


@pytest.mark.rules("campaign-length", "setup-dark-legion-rotates", "setup-rank-campaign", "winner-campaign")
def test_a_campaign_plays_its_five_missions_with_the_dark_legion_passing_round() -> None:
    g = game("second-assault", players=3, draft=False)
    assert roles(pack(), "second-assault").fixed == () and g.settings.legion_seat == 0
    assert g.settings.carried == (("bauhaus", 1, 0), ("capitol", 1, 0), ("cybertronic", 1, 0))
    seen: list[tuple[str, int | None]] = []

    def watch(state, action) -> None:
        assert check(state) == []
        now = (state.game.mission.id, state.game.settings.legion_seat)
        if not seen or seen[-1] != now:
            seen.append(now)

    final = play_game(g, [RandomBot()] * 3, random.Random(2), after_action=watch)
    assert seen == [(m, i % 3) for i, m in enumerate(MISSIONS)]
    result = final.campaign_result
    assert [corp for corp, _, _ in result] == ["bauhaus", "capitol", "cybertronic"]
    best = max((rank, points) for _, rank, points in result)
    assert final.returns() == pytest.approx([(1.0 if (r, p) == best else 0.0) /
                                             sum((r2, p2) == best for _, r2, p2 in result) for _, r, p in result])


@pytest.mark.rules("setup-board-progression", "campaign-higher-start")
def test_the_board_moves_up_once_two_corporations_reach_its_rank() -> None:
    assert board_rank((("a", 1, 0), ("b", 1, 0), ("c", 1, 0))) == 1
    assert board_rank((("a", 3, 0), ("b", 2, 5), ("c", 1, 0))) == 1  # one corporation at rank 3 is not enough
    assert board_rank((("a", 3, 0), ("b", 4, 5), ("c", 1, 0))) == 3
    assert board_rank((("a", 7, 0), ("b", 5, 0), ("c", 9, 0))) == 7
    higher = game("second-assault", players=2, rank=3, draft=False).new_initial_state()
    assert {t.rank for t in higher.teams.values()} == {3} and higher.game.board().ranks == (3, 4)


@pytest.mark.rules("setup-draft-order-campaign")
def test_the_lowest_team_drafts_first_in_a_campaign() -> None:
    settings = mission_settings(MISSIONS, 1, ("bauhaus", "capitol", "mishima"),
                                (("bauhaus", 2, 3), ("capitol", 4, 0), ("mishima", 2, 1)))
    assert settings.legion_seat == 1 and settings.corporations == ("bauhaus", "mishima")
    from pnpforge.games.siege_of_the_citadel.game import SiegeGame
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

    state = dealt(SiegeGame.of(pack(), settings, SiegeState.start).new_initial_state())
    assert state.teams["mishima"].rank == 2 and state.legion_rank == 4
    assert state.current_player() == 2 and state.agenda[-1][3] == "mishima"  # rank 2 with 1 point before 3 points


@pytest.mark.rules("setup-rank-single", "setup-reference-board")
def test_a_single_mission_starts_at_the_rank_its_brief_names() -> None:
    starts = {item.id: item.get("start") for item in pack().of_type("mission")}
    assert starts["battle-plans"] is None  # the book's first mission: rank 1
    for mission in MISSIONS:
        start = starts[mission] or {"rank": 1, "points": 0}
        for mode, players in ((mission, 3), (mission + "-ai", 2)):
            state = game(mode, players=players, draft=False).new_initial_state()
            assert {(t.rank, t.points) for t in state.teams.values()} == {(start["rank"], start["points"])}
            assert state.legion_rank == start["rank"] and start["rank"] in state.game.board().ranks
    # the players may agree another rank (option rank), the Dark Legion's board with it
    agreed = game("throne-of-alakhai", players=3, rank=5, points=0, draft=False).new_initial_state()
    assert {t.rank for t in agreed.teams.values()} == {5} and agreed.game.board().ranks == (5, 6)
    # a campaign's mission carries its own ranks, whatever the brief names
    assert {t.rank for t in game("second-assault", players=3, draft=False).new_initial_state().teams.values()} == {1}
