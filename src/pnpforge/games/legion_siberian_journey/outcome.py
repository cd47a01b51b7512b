"""What a played scenario shows (``pnpforge replay``): each plot's result, the points, resources and locations, the
Auction's cards, the secret bids, wounds and deaths, and the whole open table (``view.public``)."""

from __future__ import annotations

from typing import Any

from pnpforge.games.legion_siberian_journey.log import LocationWon, MarketOffered, MarketWon, SecretBids
from pnpforge.games.legion_siberian_journey.state import JourneyState
from pnpforge.games.legion_siberian_journey.view import card_name, public


def outcome(state: JourneyState, first: JourneyState) -> dict[str, Any]:
    """Per plot: the squads' strength (a cooperative plot: their total, and who failed its check), the winners and
    what each squad was paid; then every player's points and resources, who took the location, the cards offered
    in the Marketplace, bought and left there, the secret bids, the wounded and the dead, the open table, and at the
    end who won. ``first`` is the position the scenario started from."""
    data, names = state.data, state.factions
    plots = []
    for site in state.sites:
        result = site.result or {}
        entry: dict[str, Any] = {"plot": data.plots[site.plot].item}
        if site.destroyed:
            entry["destroyed"] = True
        if "strength" in result:
            entry["strength"] = {names[p]: s for p, s in zip(result["places"], result["strength"])}
        if data.plots[site.plot].cooperative and ("total" in result or "strength" in result):
            entry["total"] = result.get("total", sum(result.get("strength", ())))
        if result.get("failed"):
            entry["failed"] = [names[p] for p in result.get("there", ())]
        entry["winners"] = [names[p] for p in result.get("winners", ())]
        entry["paid"] = {names[p]: vp for p, vp in result.get("paid", ())}
        plots.append(entry)
    bought = {(data.characters if e.kind == "character" else data.actions)[e.card].item: names[e.player]
              for e in state.log if isinstance(e, MarketWon)}
    bids = [{names[p]: amount for p, amount in e.bids} for e in state.log if isinstance(e, SecretBids)]
    awarded = [names[e.player] for e in state.log if isinstance(e, LocationWon)]
    result = {
        "plots": plots,
        "vp": {names[p]: state.vp[p] for p in range(state.n)},
        "resources": {names[p]: state.resources[p] for p in range(state.n)},
        "location_to": awarded[-1] if awarded else None,
        "offered": [card_name(state, e.kind, e.card) for e in state.log[len(first.log):]
                    if isinstance(e, MarketOffered)],
        "bought": bought,
        "left_in_market": [(data.characters if s.kind == "character" else data.actions)[s.card].item
                           for s in state.market],
        "secret_bids": bids,
        "wounded": sorted(data.characters[c].item for c in state.wounded),
        "dead": [data.characters[c].item for c in state.graveyard[len(first.graveyard):]],
        **public(state),
    }
    if state.final is not None:
        result["locations_won"] = {names[p]: len(state.won_locations[p]) for p in range(state.n)}
        result["won_by"] = [names[p] for p in range(state.n) if state.final[p] > 0]
    return result
