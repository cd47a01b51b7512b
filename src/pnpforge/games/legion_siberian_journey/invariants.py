"""The rules re-checked from a state alone: every card in exactly one place, squads as the March allows them, and
no count below zero. The engine suite runs this after every action of its random games."""

from __future__ import annotations

from collections import Counter

from pnpforge.games.legion_siberian_journey.state import JourneyState


def check_invariants(state: JourneyState) -> list[str]:
    broken: list[str] = []
    data = state.data
    places: dict[int, list[tuple[str, int | None]]] = {c: [] for c in range(len(data.characters))}
    for c in state.zones["characters"].contents():
        places[c].append(("deck", None))
    for slot in state.market:
        if slot.kind == "character":
            places[slot.card].append(("marketplace", None))
        if any(own < 0 or own > bid for own, bid in zip(slot.own, slot.bids)):
            broken.append(f"a bid on {slot.kind} {slot.card} is less than its own tokens: {slot.own} / {slot.bids}")
    for p in range(state.n):
        for c in state.lineup[p]:
            places[c].append(("line-up", p))
        for c in state.reserve[p]:
            places[c].append(("reserve", p))
    for index, site in enumerate(state.sites):
        starters = [s for s, _ in site.squads]
        if len(set(starters)) != len(starters):
            broken.append(f"plot {index}: a player started two squads")
        if site.done and site.squads:
            broken.append(f"plot {index}: evaluated but characters are still there")
        for _, squad in site.squads:
            if not squad:
                broken.append(f"plot {index}: an empty squad")
            for c in squad:
                places[c].append(("plot", None))
    for c in state.graveyard:
        places[c].append(("graveyard", None))
    for c, where in places.items():
        if len(where) != 1:
            broken.append(f"character {data.characters[c].item} ({c}) is in {len(where)} places: {where}")
            continue
        (kind, holder), = where
        if holder is not None and holder != state.owner[c]:
            broken.append(f"character {c} lies in player {holder}'s {kind} but belongs to {state.owner[c]}")
        if kind in ("line-up", "reserve", "plot") and state.owner[c] < 0:
            broken.append(f"character {c} is in play but belongs to nobody")
        if c in state.wounded and kind not in ("line-up", "reserve", "plot"):
            broken.append(f"character {c} is wounded but in the {kind}")
    # every action card once: deck, Marketplace, hands, traps, discard pile (not while a player looks at a deck)
    if not any(name.startswith("peek:") and zone.size for name, zone in state.zones):
        actions = Counter(slot.card for slot in state.market if slot.kind == "action")
        for name, zone in state.zones:
            if name in ("actions", "action-discard") or name.startswith(("hand:", "traps:")):
                actions.update(zone.contents())
        if sorted(actions) != list(range(len(data.actions))) or set(actions.values()) != {1}:
            broken.append(f"action cards: {sum(actions.values())} placed for {len(data.actions)} cards")
    if min(state.resources) < 0 or min(state.vp) < 0:
        broken.append(f"a negative count: resources {state.resources}, points {state.vp}")
    return broken
