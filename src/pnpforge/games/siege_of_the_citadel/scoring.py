"""Promotion points, ranks and the end of a mission (rules ``rank-up``, ``rank-floor``, ``rank-cap``,
``score-corporation``, ``score-primary``, ``score-failure``, ``winner-single``, ``commander-demotion``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState, Team

TRACK = 10  # a point track runs 0-9; passing 9 takes the next rank card (p.22)
TOP = 12
RECKLESS = 3  # points per reckless maneuver token (p.23)


def gain(state: SiegeState, team: Team, points: int) -> None:
    """Points scored at once: past 9 the team takes the next rank card and keeps the rest; at rank 12 each pass adds
    a corporation token instead (rule ``rank-cap``). New dice count at once."""
    team.score += points
    move_track(team, points)


def move_track(team: Team, points: int) -> None:
    team.points += points
    while team.points >= TRACK:
        team.points -= TRACK
        if team.rank < TOP:
            team.rank += 1
        else:
            team.stars += 1
    while team.points < 0:
        if team.rank <= 1:
            team.points = 0  # rule rank-floor: rank 1 with 0 points ignores further losses
            break
        team.rank -= 1
        team.points += TRACK


def finish(state: SiegeState) -> None:
    """The mission's end: primary result, failure points, commander, reckless tokens (see the module docstring)."""
    mission = state.game.mission
    success = state.goal_done or (mission.goal == "hold" and state.carrier in state.figs)
    state.goal_done = success
    for team in state.teams.values():
        if success and any(f in state.figs or f in state.escaped for f in team.troopers):
            gain(state, team, mission.success)
        score_secondary(state, team)  # each team's card, survivors or not
        if team.reckless:
            team.score -= RECKLESS * team.reckless
            move_track(team, -RECKLESS * team.reckless)
    if not success:
        state.legion_score += mission.failure
        if state.commander is not None:  # rule commander-demotion: the brief's points and one rank card
            team = state.teams[state.commander]
            team.score -= mission.commander
            move_track(team, -mission.commander - TRACK if team.rank > 1 else -mission.commander)
    state.tell(f"mission {'won' if success else 'lost'}: " + ", ".join(
        f"{c} {t.score}" for c, t in state.teams.items()) + f", legion {state.legion_score}", "score-corporation")


def score_secondary(state: SiegeState, team: Team) -> None:
    """Rules ``score-secondary``, ``commander-secondary``: the team's secondary mission scored on its own, whether
    it still has Doomtroopers or not: the reward, or the penalty (the commander loses the card's further points
    and keeps the primary reward); the Dark Legion gains the card's points on a failure. The figures the card held
    go back to the pool."""
    from pnpforge.games.siege_of_the_citadel.secondary import deck, met, release

    card = deck(state).get(state.secondary.get(team.corp, ""))
    if card is None:
        return
    if met(state, team.corp):
        gain(state, team, int(card["reward"]))
        state.tell(f"{team.corp} reveals {card.id}: +{card['reward']}", "score-secondary")
    else:
        lost = int(card["penalty"]) + (int(card.get("commander", 0)) if state.commander == team.corp else 0)
        team.score -= lost
        move_track(team, -lost)
        state.legion_score += int(card.get("dark_legion", 0))
        state.tell(f"{team.corp} fails {card.id}: -{lost}", "score-secondary")
    release(state, team.corp)


def scores(state: SiegeState) -> dict[str, int]:
    found = {corp: team.score for corp, team in state.teams.items()}
    found[LEGION] = state.legion_score
    return found


def winners(state: SiegeState) -> list[str]:
    """Rule ``winner-single``: the most points win; the Dark Legion wins a tie with a corporation; tied corporations
    share. Against the AI deck the corporations win or lose together, by the primary mission."""
    if state.game.automaton:
        return list(state.teams) if state.goal_done else [LEGION]
    points = scores(state)
    best = max(points.values())
    if points[LEGION] == best:
        return [LEGION]
    return [side for side, p in points.items() if p == best]


def returns(state: SiegeState) -> list[float]:
    game = state.game
    if not state.is_terminal():
        return [0.0] * game.num_players
    if state.campaign_result:
        return campaign_returns(state)
    won = winners(state)
    seats = [game.side_of(s) for s in range(game.num_players)]
    shared = [s for s in seats if s in won]
    return [1.0 / len(shared) if side in won else 0.0 for side in seats] if shared else [0.0] * len(seats)


def campaign_returns(state: SiegeState) -> list[float]:
    """Rule ``winner-campaign``: the highest rank, then points, wins; tied corporations share."""
    result = state.campaign_result
    best = max((rank, points) for _, rank, points in result)
    winners = [i for i, (_, rank, points) in enumerate(result) if (rank, points) == best]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(result))]
