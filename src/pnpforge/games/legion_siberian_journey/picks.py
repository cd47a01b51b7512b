"""Choices inside effects: the decision ``("pick", player, kind, effect, source, site, extra)``.

``kind`` says what is chosen (a character to boost, a victim, a plot to destroy, ...); the options are computed
from the state, so a pick with nothing to choose is skipped. ``extra`` is how many more picks the effect allows
(healing and readying several characters), or the character being moved.
"""

from __future__ import annotations

from typing import Final

from pnpforge.engine import zones as z
from pnpforge.engine.steps import chance, decision, task
from pnpforge.games.legion_siberian_journey.data import BIT
from pnpforge.games.legion_siberian_journey.effects import (
    can_join, destroy, discard_traps, heal, join, to_lineup, to_reserve)
from pnpforge.games.legion_siberian_journey.flow import deck_outcomes, drawn, returned
from pnpforge.games.legion_siberian_journey.log import Picked
from pnpforge.games.legion_siberian_journey.state import JourneyState

NONE: Final = ("none",)


def _open_sites(state: JourneyState) -> list[int]:
    return [i for i, site in enumerate(state.sites) if not site.done]


def _at_sites(state: JourneyState, site: int) -> list[int]:
    indices = [site] if site >= 0 else _open_sites(state)
    return [c for i in indices if not state.sites[i].done for c in state.sites[i].members()]


def _options(state: JourneyState, player: int, kind: str, e, source: int, site: int, extra) -> list:
    own = e.get("target") in ("chosen_own", "own")
    if kind == "boost":
        return [("pick", c) for c in sorted(_at_sites(state, site)) if (state.owner[c] == player) == own]
    if kind == "casualty":
        squad = state.sites[site].squad_of(player) or []
        return [("pick", c) for c in sorted(squad)]
    if kind == "victim":
        target = e["target"]
        if target == "chosen_at_plot":
            pool = [c for c in _at_sites(state, site) if state.owner[c] != player]
        elif target == "own":
            pool = state.living(player)
        else:
            pool = [c for p in range(state.n) if p != player for c in state.living(p)]
        return [("pick", c) for c in sorted(pool)]
    if kind == "patient":
        patients = state.wounded if e.get("target") == "any" else {c for c in state.wounded if state.owner[c] == player}
        return [("pick", c) for c in sorted(patients)] + ([NONE] if patients else [])
    if kind == "robbed":
        return [("player", p) for p in range(state.n) if p != player and state.resources[p] > 0]
    if kind == "loser":
        return [("player", p) for p in range(state.n) if p != player]
    if kind == "readied":
        return [("pick", c) for c in state.reserve[player]] + ([NONE] if state.reserve[player] else [])
    if kind in ("mover", "withdrawn"):
        pool = [c for c in _at_sites(state, site) if (state.owner[c] == player) == own]
        return [("pick", c) for c in sorted(pool)]
    if kind == "destination":
        current = state.site_of(extra)
        free = e.get("ignore_icons", False)
        return [("to", i) for i in _open_sites(state)
                if i != current and (free or can_join(state, extra, i, state.owner[extra]))]
    if kind == "destroyed":
        return [("to", i) for i in _open_sites(state)]
    if kind == "replaced":
        return [("to", i) for i in _open_sites(state) if not state.sites[i].squads]
    if kind == "harder":
        return [("to", i) for i in _open_sites(state) if state.data.plots[state.sites[i].plot].cooperative]
    if kind == "richer":
        return [("to", i) for i in _open_sites(state)]
    if kind == "taught":
        return [("pick", c) for c in sorted(state.lineup[player] + _own_at_sites(state, player))]
    if kind == "discarded":
        return [("slot", i) for i in range(len(state.market))]
    if kind == "recovered":
        faction = state.factions[player] if e.get("faction", "own") == "own" else None
        return [("pick", c) for c in sorted(set(state.graveyard))
                if faction is None or state.data.characters[c].faction == faction]
    raise ValueError(f"unknown pick {kind!r}")


def _own_at_sites(state: JourneyState, player: int) -> list[int]:
    return [c for c in _at_sites(state, -1) if state.owner[c] == player]


@decision("pick", _options)
def pick(state: JourneyState, action: tuple, player: int, kind: str, e, source: int, site: int, extra) -> None:
    if action == NONE:
        return
    value = action[1]
    if kind == "boost":
        where = state.site_of(value)
        assert where is not None  # a boost picks a character at a site
        here = state.sites[where]
        here.boost[value] = here.boost.get(value, 0) + e["amount"]
    elif kind in ("casualty", "victim"):
        state.push(("wound", value))
    elif kind == "patient":
        heal(state, value)
        if extra > 1:
            state.push(("pick", player, kind, e, source, site, extra - 1))
    elif kind == "robbed":
        taken = min(e["amount"], state.resources[value])
        state.resources[value] -= taken
        state.resources[player] += taken
    elif kind == "loser":
        state.vp[value] = max(0, state.vp[value] - e["amount"])
    elif kind == "readied":
        to_lineup(state, value)
        if extra > 1:
            state.push(("pick", player, kind, e, source, site, extra - 1))
    elif kind == "mover":
        state.push(("pick", player, "destination", e, source, site, value))
    elif kind == "destination":
        join(state, extra, value, state.owner[extra])
    elif kind == "withdrawn":
        to_reserve(state, value)
    elif kind == "destroyed":
        destroy(state, value)
    elif kind == "replaced":
        old = state.sites[value].plot
        level = state.data.plots[old].level if e.get("level", "same") == "same" else "special"
        returned(state, f"plots:{level}", old)
        discard_traps(state, value)
        if state.zones[f"plots:{level}"].size > 1:
            state.push(("replace_draw", value, f"plots:{level}", old))
    elif kind == "harder":
        state.sites[value].difficulty += e["amount"]
    elif kind == "richer":
        state.sites[value].reward += e["amount"]
    elif kind == "taught":
        state.shown[value] = state.shown.get(value, 0) | BIT[e["attribute"]]
    elif kind == "discarded":
        discard_slot(state, value)
    elif kind == "recovered":
        state.graveyard.remove(value)
        state.owner[value] = player
        state.lineup[player] = sorted(state.lineup[player] + [value])
        state.wounded.add(value)
    state.log.append(Picked(state.round, player, kind, value))


def discard_slot(state: JourneyState, index: int) -> None:
    """A Marketplace card back to its deck; each bid's own tokens back to its player, bonuses to the bank."""
    slot = state.market.pop(index)
    for p in range(state.n):
        state.resources[p] += slot.own[p]
    returned(state, "characters" if slot.kind == "character" else "actions", slot.card)


def _replace_outcomes(state: JourneyState, index: int, deck: str, old: int) -> list:
    return [(card, p) for card, p in z.draw_outcomes(state.zones, deck) if card != old] or \
        z.draw_outcomes(state.zones, deck)


def _normalised(outcomes):
    total = sum(p for _, p in outcomes)
    return [(card, p / total) for card, p in outcomes]


@chance("replace_draw", lambda state, index, deck, old: _normalised(_replace_outcomes(state, index, deck, old)),
        weighted=True)
def replace_draw(state: JourneyState, card: int, index: int, deck: str, old: int) -> None:
    """replace_plot: the next plot of the level takes the discarded one's place (never the same card again)."""
    drawn(state, deck, card)
    state.sites[index].plot = card


# --- peeking ----------------------------------------------------------------------------------------------------------
@chance("peek_draw", lambda state, player, deck: deck_outcomes(deck)(state), weighted=True)
def peek_draw(state: JourneyState, card: int, player: int, deck: str) -> None:
    state.zones = z.draw(state.zones, deck, f"peek:{player}", card)


@task("peek_back")
def peek_back(state: JourneyState, player: int, deck: str) -> None:
    """peek: the cards go back on top in the order they were drawn, known to the player who looked."""
    zone = f"peek:{player}"
    cards = state.zones[zone].contents()  # the last drawn on top
    for card in cards:
        state.zones = z.move(state.zones, zone, deck, card)
        state.zones = z.reveal(state.zones, deck, card, (player,))

