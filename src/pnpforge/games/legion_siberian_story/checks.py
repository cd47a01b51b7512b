"""Static checks of the Legion box: rosters, commanders and their tokens, plots that can be entered, balance.

Each check reads the pack's data only; figures a designer wants to see (combat power per faction, who can enter
each plot) are reported as info findings.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Iterator

from pnpforge.content.pack import Item, Pack
from pnpforge.findings import Finding
from pnpforge.games.legion_siberian_story import consistency

SKILLS = ("combat", "charisma", "intelligence")  # Story rules: skill positions 1, 2 and 3
CHARACTERS_PER_FACTION = 15  # Story rules: Game components, "15 for each Faction"
OFFICERS_PER_FACTION = 2  # Story rules: Game setup, step 1
COMMANDERS_PER_FACTION = 2  # Story rules: Game components, "2 for each Faction"
TOKENS_PER_FACTION = 8  # Story rules: Game components, "8 for each Faction"
BLANKS_PER_FACTION = 1


def _faction_mark(pack: Pack, faction_id: str):
    for index, faction in enumerate(pack.game.factions):
        if faction.id == faction_id:
            return pack.game_doc.mark(("factions", index))
    return pack.game_doc.mark(("factions",))


def _error(item: Item, message: str, *path) -> Finding:
    return Finding("error", message, mark=item.mark(*path), subject=item.subject)


def rosters(pack: Pack) -> Iterator[Finding]:
    """Each faction has 15 characters, two of them officers."""
    by_faction: dict[str, list[Item]] = defaultdict(list)
    for item in pack.of_type("character"):
        by_faction[item["faction"]].extend([item] * item.qty)
    for faction in pack.game.factions:
        members = by_faction.get(faction.id, [])
        officers = sum(1 for m in members if m.get("officer"))
        if len(members) != CHARACTERS_PER_FACTION:
            yield Finding("error", f"faction '{faction.id}' has {len(members)} characters; "
                                   f"each faction has {CHARACTERS_PER_FACTION}", mark=_faction_mark(pack, faction.id))
        if officers != OFFICERS_PER_FACTION:
            yield Finding("error", f"faction '{faction.id}' has {officers} officers; "
                                   f"each faction has {OFFICERS_PER_FACTION}", mark=_faction_mark(pack, faction.id))


def commanders(pack: Pack) -> Iterator[Finding]:
    """Two commanders per faction; each owns two non-universal orders; each such order has exactly one owner."""
    orders = {item.id: item for item in pack.of_type("order")}
    owners: dict[str, list[Item]] = defaultdict(list)
    per_faction = Counter(item["faction"] for item in pack.of_type("commander"))
    for faction in pack.game.factions:
        if per_faction[faction.id] != COMMANDERS_PER_FACTION:
            yield Finding("error", f"faction '{faction.id}' has {per_faction[faction.id]} commanders; "
                                   f"each faction has {COMMANDERS_PER_FACTION}", mark=_faction_mark(pack, faction.id))
    for commander in pack.of_type("commander"):
        for index, order_id in enumerate(commander["orders"]):
            order = orders.get(order_id)
            if order is None:
                continue  # a dangling reference, reported by the shared references check
            if order.get("universal"):
                yield _error(commander, f"orders[{index}]: '{order_id}' is universal; a commander brings "
                                        "unique orders only", "orders", index)
            owners[order_id].append(commander)
    for order in pack.of_type("order"):
        if order.get("universal"):
            continue
        mine = owners.get(order.id, [])
        if not mine:
            yield _error(order, "no commander brings this order; each unique order belongs to one commander")
        for extra in mine[1:]:
            yield _error(extra, f"orders: '{order.id}' is also brought by {mine[0].subject}; "
                                "each unique order belongs to one commander", "orders")


def order_tokens(pack: Pack) -> Iterator[Finding]:
    """A faction's 8 tokens: every universal order, its commanders' unique orders, and one Blank."""
    orders = {item.id: item for item in pack.of_type("order")}
    blank_ids = {o.id for o in orders.values() if o.get("universal") and not o.get("effects")}
    universal = {o.id for o in orders.values() if o.get("universal")} - blank_ids
    tokens: dict[str, list[Item]] = defaultdict(list)
    for token in pack.of_type("order_token"):
        tokens[token["faction"]].extend([token] * token.qty)
    for faction in pack.game.factions:
        mine = tokens.get(faction.id, [])
        expected = set(universal)
        for commander in pack.of_type("commander"):
            if commander["faction"] == faction.id:
                expected |= set(commander["orders"])
        counts = Counter(t["order"] for t in mine)
        blanks = [t for t in mine if t["order"] in blank_ids]
        if len(blanks) != BLANKS_PER_FACTION:
            where = blanks[0] if blanks else None
            named = f" ({', '.join(t.id for t in blanks)})" if blanks else ""
            message = (f"faction '{faction.id}' has {len(blanks)} blank tokens{named}; "
                       f"each faction has {BLANKS_PER_FACTION}")
            yield (_error(where, message, "order") if where else
                   Finding("error", message, mark=_faction_mark(pack, faction.id)))
        for order_id in sorted(expected):
            if counts[order_id] == 0:
                yield Finding("error", f"faction '{faction.id}' has no token for order '{order_id}'",
                              mark=_faction_mark(pack, faction.id))
        for token in mine:
            order_id = token["order"]
            if order_id in blank_ids:
                continue
            if order_id not in expected:
                yield _error(token, f"order: '{order_id}' is neither universal nor brought by a "
                                    f"commander of '{faction.id}'", "order")
            elif counts[order_id] > 1 and token is [t for t in mine if t["order"] == order_id][-1]:
                yield _error(token, f"order: faction '{faction.id}' has {counts[order_id]} tokens for "
                                    f"'{order_id}'; one each", "order")
        if len(mine) != TOKENS_PER_FACTION:
            yield Finding("error", f"faction '{faction.id}' has {len(mine)} order tokens; "
                                   f"each faction has {TOKENS_PER_FACTION}", mark=_faction_mark(pack, faction.id))


def _shows(character: Item, entry: list[str]) -> bool:
    return set(entry) <= set(character["skills"])


def _one_short(character: Item, entry: list[str]) -> bool:
    """Enters after buying one skill Enhancement (Story rules: Equipment — each adds the skill of its position)."""
    return len(set(entry) - set(character["skills"])) <= 1


def plots_enterable(pack: Pack) -> Iterator[Finding]:
    """Every plot can be entered by two factions' characters as printed, and by every faction with one Enhancement."""
    characters = pack.of_type("character")
    factions = [f.id for f in pack.game.factions]
    groups: dict[tuple, list[Item]] = defaultdict(list)
    for plot in pack.of_type("plot"):
        entry = plot["entry"]
        groups[tuple(entry)].append(plot)
        bare = sorted({c["faction"] for c in characters if _shows(c, entry)})
        if len(bare) < 2:
            yield _error(plot, f"entry: only {len(bare)} faction(s) ({', '.join(bare) or 'none'}) have a character "
                               "showing every entry skill without equipment; at least 2 must", "entry")
        equipped = {c["faction"] for c in characters if _one_short(c, entry)}
        for faction in factions:
            if faction not in equipped:
                yield _error(plot, f"entry: no character of '{faction}' can enter even after buying one "
                                   "Enhancement", "entry")
    for entry, plots in groups.items():
        per_faction = Counter(c["faction"] for c in characters if _shows(c, list(entry)))
        figures = ", ".join(f"{f} {per_faction[f]}" for f in factions)
        yield Finding("info", f"{len(plots)} plots need {'+'.join(entry)}: characters entering as printed: "
                              f"{figures}", mark=plots[0].mark("entry"))
        for faction in factions:
            if not per_faction[faction]:
                yield Finding("warning", f"entry: no character of '{faction}' enters the {len(plots)} plot(s) "
                                         f"needing {'+'.join(entry)} as printed; it must buy an Enhancement first",
                              mark=plots[0].mark("entry"), subject=plots[0].subject)


def despatch_plot_types(pack: Pack) -> Iterator[Finding]:
    """A despatch's scoring names a plot type that some plot has (or any)."""
    present = {t for plot in pack.of_type("plot") for t in plot.get("types", [])}
    for despatch in pack.of_type("despatch"):
        plot_type = despatch["scoring"].get("plot_type")
        if plot_type and plot_type != "any" and plot_type not in present:
            yield _error(despatch, f"scoring.plot_type: no plot is '{plot_type}', so this can never be scored",
                         "scoring", "plot_type")


def combat_power_balance(pack: Pack) -> Iterator[Finding]:
    """Each faction's total printed combat power is within the pack's threshold of every other's."""
    totals = {f.id: 0 for f in pack.game.factions}
    for character in pack.of_type("character"):
        totals[character["faction"]] = totals.get(character["faction"], 0) + character["combat_power"] * character.qty
    if not totals or not max(totals.values()):
        return
    limit = float(pack.game.thresholds.get("faction_power_spread_max", 0.10))
    high, low = max(totals.values()), min(totals.values())
    spread = (high - low) / high
    figures = ", ".join(f"{name} {total}" for name, total in totals.items())
    mark = pack.game_doc.mark(("thresholds", "faction_power_spread_max"))
    if spread > limit:
        yield Finding("error", f"combat power per faction: {figures}; the spread {spread:.1%} exceeds "
                               f"faction_power_spread_max {limit:.0%}", mark=mark)
    else:
        yield Finding("info", f"combat power per faction: {figures} (spread {spread:.1%}, at most {limit:.0%})",
                      mark=mark)


ALL = (rosters, commanders, order_tokens, plots_enterable, despatch_plot_types, combat_power_balance,
       *consistency.ALL)
