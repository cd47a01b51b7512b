"""The campaign mode: the campaign's missions played in order by the same players, each with its corporation,
carrying rank and promotion points from one mission to the next (rules ``setup-dark-legion-rotates``,
``setup-rank-campaign``, ``setup-board-progression``, ``setup-draft-order-campaign``, ``winner-campaign``,
``campaign-length``, ``campaign-higher-start``).

Each mission another seat commands the Dark Legion (the first seat first, then on round the table); that
player's corporation sits the mission out, and the points the Dark Legion scores go onto its track. A mission's
game is made when it starts, from the ranks the last one left; the one state plays the whole campaign, taking the
next mission's starting position when a mission ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.games.siege_of_the_citadel.figures import Team
from pnpforge.games.siege_of_the_citadel.game import Settings, SiegeGame
from pnpforge.games.siege_of_the_citadel.scoring import move_track

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

Carried = tuple[tuple[str, int, int], ...]  # (corporation, rank, points) for every seat, in seat order


def mission_settings(missions: tuple[str, ...], number: int, seats: tuple[str, ...], carried: Carried,
                     draft: bool = True) -> Settings:
    """The settings of the campaign's mission ``number`` (0-based): the Dark Legion on seat ``number`` modulo the
    seats, the other corporations at the ranks carried, and the reference board of the progression."""
    legion = number % len(seats)
    return Settings(mission=missions[number], corporations=tuple(c for i, c in enumerate(seats) if i != legion),
                    legion_seat=legion, rank=board_rank(carried), draft=draft, campaign=missions, number=number,
                    seats=seats, carried=carried)


def board_rank(carried: Carried) -> int:
    """Rule ``setup-board-progression``: the campaign starts on the 1-2 side and moves up a side (two ranks) once
    at least two corporations have reached its lower rank."""
    ranks = sorted((rank for _, rank, _ in carried), reverse=True)
    second = ranks[1] if len(ranks) > 1 else ranks[0]
    return 1 + 2 * ((second - 1) // 2)


def start_ranks(state: SiegeState) -> None:
    """Rules ``setup-rank-campaign``, ``campaign-higher-start``: every team at the rank and points it carries (the
    first mission: the campaign's start, rank 1 and 0 points unless the run starts higher), the Dark Legion player
    at its own corporation's."""
    settings = state.game.settings
    carried = {corp: (rank, points) for corp, rank, points in settings.carried}
    for corp, team in state.teams.items():
        team.rank, team.points = carried[corp]
        team.credits = state.game.rank_of(corp, team.rank).credits
    legion_corp = settings.seats[settings.legion_seat or 0]
    state.legion_rank = carried[legion_corp][0]


def next_mission(state: SiegeState) -> None:
    """At a mission's end: each corporation's rank and points after it (the Dark Legion player's corporation gains
    what the Dark Legion scored), then the next mission's starting position, or the campaign's end."""
    settings = state.game.settings
    carried = []
    for corp in settings.seats:
        team = state.teams.get(corp)
        if team is None:  # the Dark Legion's player this mission
            rank, points = next((r, p) for c, r, p in settings.carried if c == corp)
            track = Team(corp, rank, points, 0)
            move_track(track, state.legion_score)
            team = track
        carried.append((corp, team.rank, team.points))
    result: Carried = tuple(carried)
    number = settings.number + 1
    if number >= len(settings.campaign):
        state.campaign_result = result
        return
    game = state.game.chained(result, lambda: SiegeGame.of(
        state.game.pack, mission_settings(settings.campaign, number, settings.seats, result, settings.draft),
        state.game.start))
    log = state.log
    fresh = game.start(game)
    state.__dict__.update(fresh.__dict__)
    state.log = log + state.log
    state.tell(f"mission {number + 1} of the campaign: {game.mission.name}", "setup-mission")

