"""Worlds a player cannot tell apart: the hidden cards redealt and other players' secret bids drawn anew, for the
search bot (``engine/search.py``)."""

from __future__ import annotations

import random
from dataclasses import replace

from pnpforge.engine import zones as z
from pnpforge.games.legion_siberian_journey.state import JourneyState


def pools(state: JourneyState) -> list[tuple[str, ...]]:
    """Kinds of cards that never mix: characters, action cards (deck, hands, traps), each level's plots and each
    level's locations; the piles a player looks at hold cards of one of those only for a moment, never at a choice."""
    names = state.zones.names
    actions = tuple(n for n in names if n in ("actions",) or n.startswith(("hand:", "traps:")))
    groups = [("characters",), actions]
    groups += [(n,) for n in names if n.startswith(("plots:", "locations:"))]
    return groups


def determinize(state: JourneyState, player: int, rng: random.Random) -> JourneyState:
    world = state.clone()
    world.zones = z.determinize(state.zones, player, rng, pools(state))
    sealed = state.sealed
    if sealed is not None and not sealed.complete:
        choices = tuple(choice if p == player else rng.choice(sealed.legal(p))
                        for p, choice in zip(sealed.players, sealed.choices))
        world.sealed = replace(sealed, choices=choices)
    world.refresh()
    return world
