"""The invariant checker: re-checks the rules from a state alone, without asking the state what is legal.

Run after every action in the conformance tests. Each check returns sentences; an empty list means the state obeys
the rules it can see: cards and transparent cards conserved, order tokens where they may be, characters at plots
allowed there, equipment limits, no negative supplies.
"""

from __future__ import annotations

from collections import Counter

from pnpforge.games.legion_siberian_story.state import LegionState


def violations(state: LegionState) -> list[str]:
    """Every rule the state breaks, as plain sentences."""
    return [*_cards(state), *_transparent(state), *_tokens(state), *_plots(state), *_sleeves(state), *_counts(state)]


def _cards(state: LegionState) -> list[str]:
    """Each faction's 15 cards are in exactly one place: hand, deck, plot, graveyard or box."""
    found = []
    for p in range(state.n):
        if state.officer[p] is None:
            continue
        faction, characters = state.factions[p], state.data.characters
        places = (state.hand[p] + state.deck[p] + state.bottom[p] + state.graveyard[p] + state.boxed[p]
                  + [c for c in state.at if characters[c].faction == faction])
        expected = state.data.deck_lists[faction]
        if sorted(places) != expected:
            missing = sorted(set(expected) - set(places))
            doubled = sorted(c for c, k in Counter(places).items() if k > 1)
            found.append(f"player {p}: cards not conserved (missing {missing}, in two places {doubled})")
    return found


def _transparent(state: LegionState) -> list[str]:
    """Pile + sleeves - spare markers = the box's count, for every transparent card."""
    on_cards: Counter = Counter()
    data = state.data
    wound, frost = data.condition_cards["wound"], data.condition_cards["frostbite"]
    for f in state.fighters.values():
        on_cards.update(f.gear)
        on_cards[wound] += f.wounds
        on_cards[frost] += f.frost
        for skill in f.crippled:
            on_cards[data.crippled_cards[skill]] += 1
    found = []
    for overlay in data.overlays.values():
        total = state.pool[overlay.id] + on_cards[overlay.id] - state.spare.get(overlay.id, 0)
        if total != overlay.qty or state.pool[overlay.id] < 0:
            found.append(f"transparent card {overlay.id}: pile {state.pool[overlay.id]} + sleeves "
                         f"{on_cards[overlay.id]} - spare {state.spare.get(overlay.id, 0)} != {overlay.qty}")
    dead = [c for p in range(state.n) for c in state.graveyard[p] if c in state.fighters]
    if dead:
        found.append(f"dead characters still carry cards: {dead}")
    return found


def _tokens(state: LegionState) -> list[str]:
    """Every token of the chosen commander is available, used or on a character; orders only on allowed carriers."""
    found = []
    data = state.data
    for p in range(state.n):
        commander = state.commander[p]
        if commander is None:
            continue
        unique = set(data.commanders[commander][1])  # worked out here, apart from the table play uses
        expected = sorted(o for o in data.tokens[state.factions[p]] if data.orders[o].universal or o in unique)
        placed = sorted(state.available[p] + [o for o, _ in state.used[p]]
                        + [t[0] for c, t in state.tokens.items() if state.owner(c) == p])
        if placed != expected:
            found.append(f"player {p}: order tokens not conserved ({dict(Counter(placed))} != "
                          f"{dict(Counter(expected))})")
    for c in state.tokens:
        if c not in state.at:
            found.append(f"{c} carries a token but is not at a plot")
        if data.characters[c].officer:
            found.append(f"officer {c} carries an order")
        fighter = state.fighters.get(c)
        if fighter and any(data.overlays[o].effect("may_give_orders") for o in fighter.gear):
            found.append(f"{c} holds Officer Exams and carries an order")
    return found


def _shows(state: LegionState, c: str) -> set[str]:
    card = state.data.characters[c]
    fighter = state.fighters.get(c)
    shown = set(card.skills)
    if fighter:
        for o in fighter.gear:
            effect = state.data.overlays[o].effect("add_skill")
            if effect:
                shown.add(effect["skill"])
        shown -= set(fighter.crippled)
    return shown


def _plots(state: LegionState) -> list[str]:
    """Plot membership is consistent, and face-up characters show the entry skills unless an order waived them."""
    found = []
    for i, members in enumerate(state.members):
        for c in members:
            if state.at.get(c) != i:
                found.append(f"{c} listed at plot {i} but recorded at {state.at.get(c)}")
            if c in state.face_down or c in state.waived:
                continue
            entry = set(state.data.plots[state.plots[i]].entry)
            if not entry <= _shows(state, c):
                found.append(f"{c} is at plot {state.plots[i]} without its entry skills {sorted(entry)}")
    if sum(len(m) for m in state.members) != len(state.at):
        found.append("a character is at two plots")
    return found


def _sleeves(state: LegionState) -> list[str]:
    """No card twice in a sleeve, no ability twice, a crippled position never also enhanced, frostbite below two."""
    found = []
    data = state.data
    for c, f in state.fighters.items():
        if len(set(f.gear)) != len(f.gear):
            found.append(f"{c} has a card twice in its sleeve")
        added = [data.overlays[o].ability for o in f.gear if data.overlays[o].ability]
        if len(set(added)) != len(added) or set(added) & set(data.characters[c].abilities):
            found.append(f"{c} has an ability twice")
        enhanced = {data.overlays[o].skill for o in f.gear if data.overlays[o].skill}
        if enhanced & set(f.crippled):
            found.append(f"{c} has a crippled position that is also enhanced")
        if f.frost > 1:
            found.append(f"{c} is alive with {f.frost} frostbite")
        mid_assault = state.pending is not None and state.pending[0] in ("allocate", "assault_target")
        fragile = "fragility" in data.characters[c].abilities
        if not mid_assault and (f.wounds >= 2 or (fragile and f.wounds >= 1)):
            found.append(f"{c} is alive with {f.wounds} wounds")
    return found


def _counts(state: LegionState) -> list[str]:
    found = [f"player {p} has {state.supplies[p]} supplies" for p in range(state.n) if state.supplies[p] < 0]
    found += [f"player {p} has {state.vp[p]} decorations" for p in range(state.n) if state.vp[p] < 0]
    return found
