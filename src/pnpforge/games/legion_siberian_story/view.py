"""What a player may see of a state, and readable forms of states and actions.

Hidden from a player (Story rules; spec: observation): other players' hands and decks, every deck's sequence,
face-down characters and unrevealed tokens of others (shown only as "a token"), tokens declined face down, and
what a chance step is about to reveal to someone else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the state calls this module, so it is imported for annotations only
    from pnpforge.games.legion_siberian_story.state import LegionState


def observation(state: LegionState, player: int) -> tuple:
    """A hashable summary of everything ``player`` may know."""
    n = state.n
    plots = []
    for i, plot_id in enumerate(state.plots):
        seen = []
        for c in state.members[i]:
            owner = state.owner(c)
            hidden = c in state.face_down and owner != player
            token = state.tokens.get(c)
            token_view: tuple | str | None
            if token is None:
                token_view = None
            elif token[1] or owner == player:
                token_view = (token[0], token[1])
            else:
                token_view = "token"
            who = ("face-down", owner) if hidden else (c, _fighter(state, c))
            seen.append((who, token_view))
        plots.append((plot_id, tuple(seen)))
    players = []
    for p in range(n):
        mine = p == player
        players.append((
            state.factions[p], state.commander[p], state.supplies[p], state.vp[p],
            tuple(sorted((c, _fighter(state, c)) for c in state.hand[p])) if mine else len(state.hand[p]),
            ((tuple(sorted(state.deck[p])), tuple(state.bottom[p])) if mine
             else len(state.deck[p]) + len(state.bottom[p])),
            tuple(sorted(state.graveyard[p])),
            tuple(sorted(state.available[p])) if mine else len(state.available[p]),
            tuple(sorted(o if up or mine else "face-down" for o, up in state.used[p])),
            state.officer[p] if mine else None,
            (state.despatch[p], tuple(state.offered[p])) if mine else (state.despatch[p] is not None,
                                                                       len(state.offered[p])),
            state.played_despatch[p], tuple(sorted(state.won_types[p].items())), tuple(state.campaign[p]),
            state.spent[p], state.fallen[p],
        ))
    pending = _pending_view(state, player)
    return (state.round, state.start, state.location, tuple(plots), tuple(players),
            tuple(sorted(state.pool.items())), tuple(sorted(state.passed)), tuple(sorted(state.camouflage)),
            tuple(sorted(state.bought[player].items())), pending, state.over)


def _fighter(state: LegionState, c: str) -> tuple:
    f = state.fighters.get(c)
    return f.key() if f else ()


def _pending_view(state: LegionState, player: int) -> tuple:
    if state.pending is None:
        return ()
    kind = state.pending[0]
    if kind in state.game.steps.chances:
        return ("chance", kind) + tuple(a for a in state.pending[1:])
    return tuple(a for a in state.pending)


def action_to_string(state: LegionState, action: tuple) -> str:
    """A transcript line for an action, with names."""
    data = state.data

    def name(x):
        if isinstance(x, str):
            for table in (data.characters, data.orders, data.plots, data.locations, data.overlays, data.despatches):
                if x in table:
                    return table[x].name
            if x in data.commanders:
                return x
        if isinstance(x, int) and not isinstance(x, bool) and action[0] in ("send", "move") and x < len(state.plots):
            return data.plots[state.plots[x]].name
        return str(x)

    head, *rest = action
    if head == "target":
        return f"target {state.factions[rest[0]]}"
    return " ".join([head, *(name(x) for x in rest)])


def describe(state: LegionState) -> str:
    """The state as text: round, location, plots with their characters, and each player's position."""
    data = state.data
    lines = [f"round {state.round}, starting player {state.start}"
             + (f", location {data.locations[state.location].name}" if state.location else "")]
    for i, plot_id in enumerate(state.plots):
        people = []
        for c in state.members[i]:
            token = state.tokens.get(c)
            mark = f" [{token[0]}{'' if token[1] else ', face down'}]" if token else ""
            hidden = " (face down)" if c in state.face_down else ""
            people.append(f"{data.characters[c].name}{hidden}{mark}")
        lines.append(f"  plot {data.plots[plot_id].name}: {', '.join(people) or 'nobody'}")
    for p in range(state.n):
        lines.append(f"  player {p} {state.factions[p]}: {state.vp[p]} VP, {state.supplies[p]} supplies, "
                     f"hand {len(state.hand[p])}, deck {len(state.deck[p]) + len(state.bottom[p])}, "
                     f"dead {len(state.graveyard[p])}")
    if state.over:
        lines.append(f"  over: returns {state.final}")
    return "\n".join(lines)


def public(state: LegionState) -> dict:
    """What every player sees on the table: the round's location; at each plot, each faction's characters (a
    face-down one as ``face-down``); the transparent cards on them (wounds, frostbite, crippled skills, gear); the
    order tokens lying on them (an unrevealed one as ``face-down``); how many cards each hand and deck holds; and
    each graveyard (the fallen of earlier rounds a scenario gives by number as ``<faction>-fallen-N``)."""
    names = state.factions
    at_plots: dict[str, dict[str, list[str]]] = {}
    for i, plot_id in enumerate(state.plots):
        at_plots[plot_id] = {names[p]: ["face-down" if c in state.face_down else c for c in state.at_plot(i, p)]
                             for p in state.present(i)}
    seen = [c for i in range(len(state.plots)) for c in state.at_plot(i) if c not in state.face_down]
    conditions = {}
    for c in sorted(seen):
        f = state.fighters.get(c)
        if f is not None and (f.wounds or f.frost or f.crippled or f.gear):
            conditions[c] = {"wounds": f.wounds, "frostbite": f.frost, "crippled": list(f.crippled),
                             "gear": list(f.gear)}
    return {
        "location": state.location,
        "at_plots": at_plots,
        "conditions": conditions,
        "tokens": {c: order if up else "face-down" for c, (order, up) in sorted(state.tokens.items()) if c in seen},
        "hand": {names[p]: len(state.hand[p]) for p in range(state.n)},
        "deck": {names[p]: len(state.deck[p]) + len(state.bottom[p]) for p in range(state.n)},
        "graveyard": {names[p]: list(state.graveyard[p]) for p in range(state.n)},
    }
