"""Plot evaluation, left to right: the Check, Tactics, the Count, Manoeuvres; then the location is awarded.

Each plot runs ``("evaluate", i)``: effects of characters standing there, the Check of a cooperative plot (the
squads together must beat the difficulty, or everyone there goes to the Reserve), traps turned up in turn order,
Tactics turns until every player has passed in a row, the Count (``("count", i)``, held up by secret bids when a
tie matters), rewards, Assault, the plot's and the location's after-effects, Manoeuvres cards once around, and
everyone there to the Reserve.
"""

from __future__ import annotations

from pnpforge.engine import zones as z
from pnpforge.engine.steps import decision, task
from pnpforge.games.legion_siberian_journey import standing
from pnpforge.games.legion_siberian_journey.effects import acts_in, discard_traps, special_steps, to_reserve, use
from pnpforge.games.legion_siberian_journey.ranking import (
    first_tie, location_key, order, round_tally, squad_key, strength)
from pnpforge.games.legion_siberian_journey.log import (Cancels, CoopFailed, LocationDiscarded, LocationWon, PlotPaid,
                                                     TrapSprung, played)
from pnpforge.games.legion_siberian_journey.state import JourneyState

PASS, NO = ("pass",), ("no",)


@task("evaluate_all")
def evaluate_all(state: JourneyState) -> None:
    """eval-left-to-right."""
    state.push(*[("evaluate", i) for i in range(len(state.sites))])


@task("evaluate")
def evaluate(state: JourneyState, index: int) -> None:
    site = state.sites[index]
    if site.done:
        return
    if not site.squads:
        site.done = True
        site.result = {"winners": (), "places": (), "failed": False, "empty": True}
        discard_traps(state, index)
        return
    steps = []
    for _starter, squad in site.squads:
        for c in squad:
            for effects in state.data.characters[c].acts("while_deployed"):
                steps += [("effect", state.owner[c], e, c, index) for e in effects]
    state.push(*steps, ("check", index))


@task("check")
def check(state: JourneyState, index: int) -> None:
    """eval-step-check, eval-check-fail, eval-check-competitive: a cooperative plot's squads together must beat
    its difficulty, once, before Tactics."""
    site = state.sites[index]
    plot = state.data.plots[site.plot]
    if plot.cooperative:
        total = sum(strength(state, index, squad) for _, squad in site.squads)
        difficulty = plot.difficulty + site.difficulty + standing.plot_difficulty(state)
        if total <= difficulty:
            state.log.append(CoopFailed(state.round, site.plot, total, difficulty))
            site.result = {"winners": (), "places": (), "failed": True, "total": total,
                           "there": tuple(s for s, _ in site.squads)}
            _close(state, index)
            return
    steps: list[tuple] = []
    for p in state.seats_from(state.first):  # traps, in turn order
        steps += [("trap_up", p, index, card) for card, owner in
                  zip(state.zones[f"traps:{index}"].contents(), site.trappers) if owner == p]
        steps += [("effect", p, e, c, index) for i, q, c in state.char_traps if i == index and q == p
                  for effects in state.data.characters[c].acts("trap") for e in effects]
    state.char_traps = [t for t in state.char_traps if t[0] != index]
    state.push(*steps, ("tactics", state.first, index, 0), ("count", index))


@task("trap_up")
def trap_up(state: JourneyState, player: int, index: int, card: int) -> None:
    """prep-traps: a trap is turned up when its plot's Tactics begin, acts, and is discarded."""
    zone = f"traps:{index}"
    cards, trappers = state.zones[zone].contents(), state.sites[index].trappers
    mine = next(k for k, (c, p) in enumerate(zip(cards, trappers)) if c == card and p == player)
    first = cards.index(card)  # the copy the zone gives up: its owner entry goes with it
    trappers[first], trappers[mine] = trappers[mine], trappers[first]
    del trappers[first]
    state.zones = z.reveal(z.move(state.zones, zone, "action-discard", card), "action-discard", card)
    state.push(*[("effect", player, e, -1, index) for e in state.data.actions[card].effects])
    state.log.append(TrapSprung(state.round, player, card))


def _cancels(state: JourneyState, player: int) -> list[int]:
    return sorted({c for c in state.hand(player)
                   if any(e["effect"] == "cancel_action" for e in state.data.actions[c].effects)})


def _tactics_options(state: JourneyState, player: int, index: int, passes: int) -> list:
    cancels = _cancels(state, player)  # played only in answer to another card
    options = [("play", card) for card in sorted(set(state.hand(player)))
               if acts_in(state.data.actions[card], "tactics") and card not in cancels]
    options += special_steps(state, player, "tactics")
    return options + [PASS]


@decision("tactics", _tactics_options)
def tactics(state: JourneyState, action: tuple, player: int, index: int, passes: int) -> None:
    """eval-step-tactics: turns from the first player until every player has passed in a row."""
    passes = passes + 1 if action == PASS else 0
    if passes < state.n:
        state.push(("tactics", (player + 1) % state.n, index, passes))
    if action[0] == "play":
        card = action[1]
        state.zones = z.move(state.zones, f"hand:{player}", "action-discard", card)
        state.zones = z.reveal(state.zones, "action-discard", card)
        reactions = [("cancel", q, card, player) for q in state.seats_from(player)[1:] if _cancels(state, q)]
        state.push(*reactions, ("card_acts", player, card, index))
    elif action != PASS:
        use(state, player, action, "tactics", index)
    state.log.append(played(state.round, player, action))


def _cancel_options(state: JourneyState, player: int, card: int, played_by: int) -> list:
    if state.cancelled == card:
        return []
    return [("cancel", c) for c in _cancels(state, player)] + [NO]


@decision("cancel", _cancel_options)
def cancel(state: JourneyState, action: tuple, player: int, card: int, played_by: int) -> None:
    """cancel_action: the card just played is cancelled; both go to the discard pile."""
    if action == NO:
        return
    state.zones = z.move(state.zones, f"hand:{player}", "action-discard", action[1])
    state.zones = z.reveal(state.zones, "action-discard", action[1])
    state.cancelled = card
    state.log.append(Cancels(state.round, player, card, action[1]))


@task("card_acts")
def card_acts(state: JourneyState, player: int, card: int, index: int) -> None:
    if state.cancelled == card:
        state.cancelled = None
        return
    state.push(*[("effect", player, e, -1, index) for e in state.data.actions[card].effects])


@task("count")
def count(state: JourneyState, index: int) -> None:
    """eval-step-count, plot-competitive-strength, plot-cooperative-reward-ladder, the tie-breaks, rewards."""
    site = state.sites[index]
    if site.done:
        return
    plot = state.data.plots[site.plot]
    if not site.squads:  # everyone left during Tactics
        site.result = {"winners": (), "places": (), "failed": False, "empty": True}
        _close(state, index)
        return
    keys = {starter: squad_key(state, index, starter, squad) for starter, squad in site.squads}
    tie = first_tie(keys, len(plot.rewards))
    if tie is not None:
        state.push(("secret_bid", tie, "plot", index, 0))
        return
    places = order(keys)
    bonus = site.reward + standing.plot_reward(state)
    paid = []
    for place, starter in enumerate(places[:len(plot.rewards)]):
        points = plot.rewards[place] + (bonus if place == 0 else 0)
        state.vp[starter] += points
        paid.append((starter, points))
    winner = places[0]
    site.result = {"winners": (winner,), "places": tuple(places), "failed": False, "paid": tuple(paid),
                   "strength": tuple(keys[p][0] for p in places)}
    state.log.append(PlotPaid(state.round, site.plot, tuple(paid)))
    steps: list[tuple] = []
    if not plot.cooperative:
        steps += _assault(state, index, winner)
    steps += [("effect", winner, e, -1, index) for e in plot.effects]
    steps += [("effect", state.first, e, -1, index) for e in standing.location_effects(state, "wound")]
    steps += [("manoeuvre", p, index) for p in state.seats_from(state.first)]
    state.push(*steps, ("close", index))


def _assault(state: JourneyState, index: int, winner: int) -> list[tuple]:
    """ability-assault-win, ability-assault-lose: a winning Assault character's owner makes another squad take a
    wound (its starter picks the member); a losing one is wounded."""
    steps: list[tuple] = []
    for starter, squad in state.sites[index].squads:
        for c in squad:
            if "assault" in state.data.characters[c].abilities:
                steps.append(("assault", state.owner[c], index, c) if starter == winner else ("wound", c))
    return steps


def _assault_options(state: JourneyState, player: int, index: int, character: int) -> list:
    result = state.sites[index].result
    assert result is not None  # asked once the plot is resolved
    winner = result["winners"][0]
    return [("squad", s) for s, _ in state.sites[index].squads if s != winner]


@decision("assault", _assault_options)
def assault(state: JourneyState, action: tuple, player: int, index: int, character: int) -> None:
    state.push(("pick", action[1], "casualty", {"effect": "wound"}, character, index, 1))


def _manoeuvre_options(state: JourneyState, player: int, index: int) -> list:
    cards = [("play", card) for card in sorted(set(state.hand(player)))
             if acts_in(state.data.actions[card], "manoeuvres")]
    return cards + [PASS] if cards else []


@decision("manoeuvre", _manoeuvre_options)
def manoeuvre(state: JourneyState, action: tuple, player: int, index: int) -> None:
    """eval-step-manoeuvres: after-effects one at a time from the first player; any number of cards per turn."""
    if action == PASS:
        return
    state.push(("manoeuvre", player, index))
    use(state, player, action, "manoeuvres", index)
    state.log.append(played(state.round, player, action))


@task("close")
def close(state: JourneyState, index: int) -> None:
    _close(state, index)


def _close(state: JourneyState, index: int) -> None:
    """eval-characters-to-reserve: everyone at the plot goes to their owner's Reserve."""
    site = state.sites[index]
    for c in site.members():
        to_reserve(state, c)
    site.squads, site.done = [], True
    discard_traps(state, index)


@task("award_location")
def award_location(state: JourneyState) -> None:
    """location-most-plots, location-what-counts, location-no-winner and the location tie-breaks."""
    if state.location is None:
        return
    if not any(won for won, _, _ in round_tally(state)):
        state.log.append(LocationDiscarded(state.round, state.location))
        state.location = None
        return
    tally = round_tally(state)
    keys = {p: location_key(state, p, tally[p]) for p in range(state.n)}
    tie = first_tie(keys, 1)
    if tie is not None:
        state.push(("secret_bid", tie, "location", -1, 0))
        return
    winner = order(keys)[0]
    card = state.data.locations[state.location]
    points = card.vp + standing.location_bonus(state, winner)
    state.vp[winner] += points
    state.won_locations[winner].append(state.location)
    state.log.append(LocationWon(state.round, winner, state.location, points))
    state.location = None
