"""Who is stronger: squads at a plot, and players for the location, with the rulebook's tie-breaks and secret bids.

A squad's strength is the sum of its characters' Numbers (printed, plus this plot's changes and the standing rules).
Ties at a plot go to a player who wins ties there (a card or a commander), then to more characters, then to the
stronger strongest character, then to a secret bid of resources (``engine/sealed.py``): the higher bid wins and is
paid to the bank, equal bids bid once more, then chance. The same secret bid settles ties for the location (after
this round's plot points and the most valuable plot) and for choosing the final location.
"""

from __future__ import annotations

from itertools import permutations

from pnpforge.engine.sealed import Sealed
from pnpforge.engine.steps import chance, decision, task
from pnpforge.games.legion_siberian_journey import standing
from pnpforge.games.legion_siberian_journey.log import SecretBids
from pnpforge.games.legion_siberian_journey.state import JourneyState


def number(state: JourneyState, character: int, index: int) -> int:
    """A character's Number at a plot: never below zero."""
    value = (state.data.characters[character].number + state.sites[index].boost.get(character, 0)
             + standing.standing_number(state, character))
    return value if value > 0 else 0


def strength(state: JourneyState, index: int, squad: list[int]) -> int:
    """The sum of the squad's Numbers at a plot (``number`` of each, in one loop)."""
    characters, boost, standing_number = state.data.characters, state.sites[index].boost, standing.standing_number
    total = 0
    for c in squad:
        value = characters[c].number + boost.get(c, 0) + standing_number(state, c)
        if value > 0:
            total += value
    return total


def squad_key(state: JourneyState, index: int, starter: int, squad: list[int]) -> tuple:
    """tie-more-characters, tie-strongest-character, then the secret bid's result."""
    site = state.sites[index]
    first = starter in site.ties or standing.wins_ties(state, starter, "plot")
    characters, boost, standing_number = state.data.characters, site.boost, standing.standing_number
    total = strongest = 0  # ``strength`` and the largest ``number``, in one loop
    for c in squad:
        value = characters[c].number + boost.get(c, 0) + standing_number(state, c)
        if value > 0:
            total += value
            if value > strongest:
                strongest = value
    return (total, first, len(squad), strongest, state.tiebreak.get(("plot", index, starter), 0))


def order(keys: dict[int, tuple]) -> list[int]:
    """Players from the strongest key down (equal keys keep seat order)."""
    return sorted(keys, key=lambda p: keys[p], reverse=True)


def first_tie(keys: dict[int, tuple], places: int) -> tuple[int, ...] | None:
    """The first group of equal keys among the first ``places`` positions, or None."""
    ranked = order(keys)
    for position in range(min(places, len(ranked))):
        group = tuple(p for p in ranked if keys[p] == keys[ranked[position]])
        if len(group) > 1:
            return group
    return None


def round_tally(state: JourneyState) -> list[tuple[int, int, int]]:
    """Per player, from this round's evaluated plots: plots won (first place), points they paid, the largest
    single reward (location-what-counts)."""
    won, points, best = [0] * state.n, [0] * state.n, [0] * state.n
    for site in state.sites:
        result = site.result or {}
        for p in result.get("winners", ()):
            won[p] += 1
        for p, paid in result.get("paid", ()):
            points[p] += paid
            best[p] = max(best[p], paid)
    return list(zip(won, points, best))


def location_key(state: JourneyState, player: int, tally: tuple[int, int, int]) -> tuple:
    """location-most-plots, location-tie-plot-points, location-tie-best-plot, then the secret bid."""
    first = player in state.location_ties or standing.wins_ties(state, player, "location")
    won, points, best = tally
    return (won, first, points, best, state.tiebreak.get(("location", -1, player), 0))


# --- the secret bid ---------------------------------------------------------------------------------------------------
@task("secret_bid")
def secret_bid(state: JourneyState, players: tuple, purpose: str, index: int, attempt: int) -> None:
    """tie-secret-bid, location-tie-secret-bid, final-location-tie: every tied player bids in secret."""
    state.sealed = Sealed(players, {p: range(state.resources[p] + 1) for p in players})
    state.push(*[("secret", p) for p in players], ("reveal_bids", players, purpose, index, attempt))


def _secret_options(state: JourneyState, player: int) -> list:
    assert state.sealed is not None  # a secret bid is in progress
    return [("secret", amount) for amount in state.sealed.legal(player)]


@decision("secret", _secret_options)
def secret(state: JourneyState, action: tuple, player: int) -> None:
    assert state.sealed is not None
    state.sealed = state.sealed.choose(player, action[1])


@task("reveal_bids")
def reveal_bids(state: JourneyState, players: tuple, purpose: str, index: int, attempt: int) -> None:
    """The bids are shown together; a player whose bid places them above another pays it to the bank."""
    assert state.sealed is not None
    bids = state.sealed.revealed()
    state.sealed = None
    state.log.append(SecretBids(state.round, purpose, tuple(sorted(bids.items()))))
    lowest = min(bids.values())
    for p, amount in bids.items():
        if amount > lowest:
            state.resources[p] -= amount
    distinct = sorted(set(bids.values()))
    still = [tuple(p for p in players if bids[p] == v) for v in distinct if sum(bids[p] == v for p in players) > 1]
    for p in players:  # a first bid ranks by hundreds, a second one within them by tens, chance by ones
        key = (purpose, index, p)
        state.tiebreak[key] = state.tiebreak.get(key, 0) + distinct.index(bids[p]) * (100 if attempt == 0 else 10)
    if attempt == 0:
        state.push(*[("secret_bid", group, purpose, index, 1) for group in still],
                   ("after_tie", players, purpose, index))
    else:
        state.push(*[("coin", group, purpose, index) for group in still])


def _coin_outcomes(state: JourneyState, group: tuple, purpose: str, index: int) -> list:
    return [("coin", ranking) for ranking in permutations(group)]


@chance("coin", _coin_outcomes)
def coin(state: JourneyState, action: tuple, group: tuple, purpose: str, index: int) -> None:
    """Equal secret bids twice: chance orders the tied players."""
    for place, p in enumerate(reversed(action[1])):
        state.tiebreak[(purpose, index, p)] += place + 1


@task("after_tie")
def after_tie(state: JourneyState, players: tuple, purpose: str, index: int) -> None:
    """Carry on with what the tie held up (pushed under the bids, so it runs once they are settled)."""
    if purpose == "final":
        best = max(players, key=lambda p: state.tiebreak[("final", -1, p)])
        state.push(("final_location", best))
    elif purpose == "plot":
        state.push(("count", index))
    else:
        state.push(("award_location",))
