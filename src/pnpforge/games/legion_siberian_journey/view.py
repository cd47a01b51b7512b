"""What a player sees, and how actions and positions read in transcripts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from pnpforge.engine import zones as z

if TYPE_CHECKING:
    from pnpforge.games.legion_siberian_journey.data import ActionCard, Character, Location, Plot
    from pnpforge.games.legion_siberian_journey.state import JourneyState


def observation(state: "JourneyState", player: int) -> tuple:
    """Everything on the table, the player's own hand, counts of the decks and other hands, and of a secret bid
    only the player's own choice until the bids are shown."""
    sites = tuple((s.plot, tuple((st, tuple(m)) for st, m in s.squads), s.done, s.destroyed, s.difficulty, s.reward,
                   tuple(sorted(s.boost.items())), tuple(sorted(s.ties)), tuple(sorted(s.shields.items(), key=repr)),
                   tuple(s.trappers))
                  for s in state.sites)
    return (
        player, state.round, state.first, state.next_first, tuple(state.commander), tuple(state.resources),
        tuple(state.vp), tuple(tuple(w) for w in state.won_locations), tuple(tuple(x) for x in state.lineup),
        tuple(tuple(x) for x in state.reserve), tuple(sorted(state.wounded)), tuple(state.graveyard),
        tuple(sorted(state.shown.items())), tuple(sorted(state.free)), tuple(s.key() for s in state.market),
        state.location, state.final_location, sites, tuple(state.char_traps), tuple(sorted(state.passed)),
        z.observation(state.zones, player),
        state.sealed.observation(player) if state.sealed is not None else None, _plain(state.pending),
    )


def _plain(value):
    """A hashable copy of an agenda entry (effects are mappings)."""
    if isinstance(value, (tuple, list)):
        return tuple(_plain(v) for v in value)
    if hasattr(value, "items"):
        return tuple(sorted((k, _plain(v)) for k, v in value.items()))
    return value


def card_name(state: "JourneyState", kind: str, number: int) -> str:
    tables: dict[str, Sequence[Character | ActionCard | Plot | Location]] = {
        "character": state.data.characters, "action": state.data.actions, "plot": state.data.plots,
        "location": state.data.locations}
    return tables[kind][number].item


DRAWN = {"market_character": "character", "market_action": "action", "lay_plot": "plot", "replace_draw": "plot",
         "reveal_location": "location"}  # cards drawn face up; other draws go to a hand or a player's eyes only


def action_to_string(state: "JourneyState", action) -> str:
    if isinstance(action, int):  # a card drawn by chance
        kind = DRAWN.get(state.waiting[0])
        return f"draws {kind} {card_name(state, kind, action)}" if kind else "draws a card"
    kind = action[0]
    chars, actions = state.data.characters, state.data.actions
    if kind == "bid":
        slot = state.market[action[1]]
        return f"bid {action[2]} on {card_name(state, slot.kind, slot.card)}"
    if kind in ("deploy", "join", "set_trap", "explode"):
        where = state.data.plots[state.sites[action[2]].plot].item
        extra = f" (squad of player {action[3]})" if kind == "join" else ""
        return f"{kind} {chars[action[1]].item} to {where}{extra}"
    if kind == "trap":
        return f"lay trap {actions[action[1]].item} at plot {action[2] + 1}"
    if kind in ("play", "cancel") and len(action) > 1:
        return f"{kind} {actions[action[1]].item}"
    if kind == "special":
        return f"special action of {chars[action[1]].item}"
    if kind == "surgery":
        return f"surgery by {chars[action[1]].item} on {chars[action[2]].item}"
    if kind in ("pick", "aid", "take"):  # a character chosen
        return f"{kind} {chars[action[1]].item}"
    if kind == "final":
        return f"final location {state.data.locations[action[1]].item}"
    if kind == "coin":
        return "chance orders " + ", ".join(map(str, action[1]))
    return " ".join(map(str, action))  # pass, done, no, buy, commander, first, player, to, slot, secret, squad


def actor(state: "JourneyState", player: int) -> str:
    return f"player {player} ({state.factions[player]})"


def describe(state: "JourneyState") -> str:
    """The position in a few lines: round, scores, resources, Line-ups and the plot row."""
    chars = state.data.characters
    lines = [f"round {state.round}, first player {state.first}"]
    for p in range(state.n):
        line = ", ".join(chars[c].item + ("*" if c in state.wounded else "") for c in state.lineup[p])
        lines.append(f"player {p} ({state.factions[p]}, {state.commander[p]}): {state.vp[p]} VP, "
                     f"{state.resources[p]} R, locations {len(state.won_locations[p])}, line-up [{line}], "
                     f"reserve {len(state.reserve[p])}")
    for site in state.sites:
        squads = "; ".join(f"{s}: " + ", ".join(chars[c].item for c in m) for s, m in site.squads)
        lines.append(f"  plot {state.data.plots[site.plot].item}: {squads or 'empty'}"
                     + (" (done)" if site.done else ""))
    lines.append(f"graveyard: {len(state.graveyard)}")
    return "\n".join(lines)


def public(state: "JourneyState") -> dict:
    """What every player sees on the table, by faction: each Line-up and Reserve (character ids), how many action
    cards each hand holds, the resources lying on each Marketplace card (bank tokens of bonuses included; a second
    copy of a card is keyed ``<id> (2)``) and the first player of the round."""
    names, chars = state.factions, state.data.characters
    market: dict[str, dict[str, int]] = {}
    for slot in state.market:
        key = name = card_name(state, slot.kind, slot.card)
        copies = 1
        while key in market:
            copies += 1
            key = f"{name} ({copies})"
        market[key] = {names[p]: bid for p, bid in enumerate(slot.bids) if bid}
    return {
        "lineup": {names[p]: [chars[c].item for c in state.lineup[p]] for p in range(state.n)},
        "reserve": {names[p]: [chars[c].item for c in state.reserve[p]] for p in range(state.n)},
        "hand": {names[p]: len(state.hand(p)) for p in range(state.n)},
        "market_resources": market,
        "first_player": names[state.first],
    }
