"""A player's file (a force list) as a BattleScribe roster (``.ros``), as the mapping's ``roster:`` block reads it.

Each force of the roster is one element of a list of the file (a platoon) or the entries one list names (a deck);
each bought entry is a selection with its parts (the fixed ones at their count, the picked ones at the count picked,
the part that fills up to a bought size with the rest; a part that takes another's place counts one fewer of it),
the entries it carries inside it, its costs and its category. Selections copy the profiles and rules of their items,
as BattleScribe's rosters do, so a roster printer needs no catalogue. Costs are exact: a selection's cost is its
entry's cost times its number, and the roster's is their sum.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pnpforge.content.pack import Item
from pnpforge.publish.battlescribe.context import Context
from pnpforge.publish.battlescribe.entries import links_of, part_id, part_key, profile
from pnpforge.publish.battlescribe.forces import force_of
from pnpforge.content.battlescribe import Part, RosterForce
from pnpforge.publish.battlescribe.xml import FORMAT_VERSION, Tree


@dataclass
class Bought:
    """One entry as the file buys it: its item, the count of each part (by part field and key), what it carries."""

    item: Item
    parts: dict[tuple[str, str], int] = field(default_factory=dict)
    carried: list["Bought"] = field(default_factory=list)


def exact(value: Any) -> Fraction:
    return Fraction(str(value)) if value is not None else Fraction(0)


def bought(ctx: Context, spec: RosterForce, holder: Any) -> Bought | None:
    """The entry a holder buys (None when it names no entry the mapping exports)."""
    item_id = holder if isinstance(holder, str) else holder.get(spec.entry) if spec.entry else None
    item = ctx.items.get(item_id) if isinstance(item_id, str) else None
    if item is None or item.type not in ctx.entries:
        return None
    entry = ctx.entries[item.type]
    result = Bought(item)
    places: dict[tuple[str, str], dict[str, Any]] = {}
    for part in entry.parts:
        for element in item.get(part.field) or []:
            key = (part.field, part_key(part, element))
            places[key] = element
            result.parts[key] = part.min if isinstance(part.min, int) else int(element.get(part.min) or 0)
    if isinstance(holder, dict):
        _picks(spec, holder, entry.parts, result, places)
        for name in spec.carries:
            carried = bought(ctx, spec, holder[name]) if isinstance(holder.get(name), str) else None
            if carried is not None:
                result.carried.append(carried)
    return result


def _picks(spec: RosterForce, holder: dict[str, Any], parts: list[Part], result: Bought,
           places: dict[tuple[str, str], dict[str, Any]]) -> None:
    """The part that fills up to the bought size, the parts picked, and the places they take."""
    by_field = {part.field: part for part in parts}
    if spec.size is not None and holder.get(spec.size.field) is not None:
        listed = sum(count for key, count in result.parts.items() if _fixed(by_field[key[0]]))
        extra = int(holder[spec.size.field]) - listed
        filler = next((key for key in result.parts if key[0] == spec.size.part
                       and all(places[key].get(k) == v for k, v in spec.size.when.items())), None)
        if filler is not None and extra > 0:
            result.parts[filler] += extra
    if spec.picks is None:
        return
    for pick in holder.get(spec.picks.field) or []:
        count = int(pick.get(spec.picks.count) or 1) if spec.picks.count else 1
        key = next((key for key in result.parts if key[1] == str(pick.get(spec.picks.key))
                    and not _fixed(by_field[key[0]])), None)
        if key is None:
            continue  # a pick the entry does not offer: the pack's own checks report it
        result.parts[key] += count
        part, replaced = by_field[key[0]], None
        if part.replaces is not None:
            replaced = places[key].get(part.replaces)
        for other, element in places.items():
            other_part = by_field[other[0]]
            if replaced and _fixed(other_part) and element.get(other_part.item) == replaced and result.parts[other]:
                result.parts[other] -= min(count, result.parts[other])
                break


def _fixed(part: Part) -> bool:
    """A part every entry brings at one count (its least is its most)."""
    return part.min == part.max


def roster(ctx: Context, data: dict[str, Any], file_name: str) -> tuple[str, Fraction]:
    """The text of the roster of a player's file, and its total of the first cost."""
    spec = ctx.mapping.roster
    assert spec is not None, "a roster is asked for only when the mapping reads one"
    tree = Tree("roster")
    name = str(data.get(spec.name) or file_name) if spec.name else file_name
    faction = str(data.get(spec.faction))
    for key, value in {"id": ctx.id("roster", file_name), "name": name, "battleScribeVersion": FORMAT_VERSION,
                       "gameSystemId": ctx.id("game-system"), "gameSystemName": ctx.game_name(),
                       "gameSystemRevision": ctx.mapping.revision}.items():
        tree.root.set(key, str(value))
    totals = {cost.id: Fraction(0) for cost in ctx.mapping.costs}
    forces: list[tuple[RosterForce, int, list[Bought]]] = []
    for force_spec in spec.forces:
        value = data.get(force_spec.field) or []
        if force_spec.entries:
            for index, element in enumerate(value):
                holders = [h for name in force_spec.entries
                           for h in (element.get(name) if isinstance(element.get(name), list) else [element.get(name)])
                           if h is not None]
                forces.append((force_spec, index, [b for h in holders if (b := bought(ctx, force_spec, h))]))
        else:
            forces.append((force_spec, 0, [b for h in value if (b := bought(ctx, force_spec, h))]))
    costs = tree.add(tree.root, "costs")
    limits = tree.add(tree.root, "costLimits") if spec.limits else None
    group = tree.add(tree.root, "forces")
    for force_spec, index, entries in forces:
        _force(ctx, tree, group, file_name, faction, force_spec, index, entries, totals)
    for cost in ctx.mapping.costs:
        tree.add(costs, "cost", {"name": cost.name, "typeId": ctx.id("cost", cost.id), "value": totals[cost.id]})
        if limits is not None and cost.id in spec.limits:
            tree.add(limits, "costLimit", {"name": cost.name, "typeId": ctx.id("cost", cost.id),
                                           "value": exact(data.get(spec.limits[cost.id]))})
    first = ctx.mapping.costs[0].id
    return tree.serialise(), totals[first]


def _force(ctx: Context, tree: Tree, parent: ET.Element, file_name: str, faction: str, spec: RosterForce,
           index: int, entries: list[Bought], totals: dict[str, Fraction]) -> None:
    found = force_of(ctx, spec.force)
    if found is None:
        return
    force_id, force_name, categories = found
    key = (file_name, spec.field, str(index))
    element = tree.add(parent, "force", {"id": ctx.id("roster-force", *key), "name": force_name,
                                         "entryId": force_id, "catalogueId": ctx.id("catalogue", faction),
                                         "catalogueRevision": ctx.mapping.revision,
                                         "catalogueName": ctx.faction_name(faction)})
    selections = tree.add(element, "selections")
    for number, entry in enumerate(entries):
        _selection(ctx, tree, selections, key + (str(number),), entry, totals, root=True)
    names = dict(ctx.categories())
    group = tree.add(element, "categories")
    for category in categories:
        tree.add(group, "category", {"id": ctx.id("roster-category", *key, category), "name": names[category],
                                     "entryId": ctx.category_id(category), "primary": False})


def _selection(ctx: Context, tree: Tree, parent: ET.Element, key: tuple[str, ...], entry: Bought,
               totals: dict[str, Fraction], root: bool) -> None:
    """One bought entry with its parts and carried entries."""
    item, spec = entry.item, ctx.entries[entry.item.type]
    entry_id = (f"{ctx.id('root', item.id)}::{ctx.id('entry', item.id)}" if root
                else f"{ctx.id('carry', key[-2], item.id)}::{ctx.id('entry', item.id)}")
    element = tree.add(parent, "selection", {"id": ctx.id("selection", *key), "name": ctx.name(item),
                                             "entryId": entry_id, "number": 1, "type": spec.kind})
    links = links_of(ctx, item)
    parts = [(part, values) for part in spec.parts for values in item.get(part.field) or []
             if entry.parts.get((part.field, part_key(part, values)), 0) > 0]
    rules = [link for link in links if link[0] == "rule"]
    for part, values in parts:
        rules += [link for link in links_of(ctx, ctx.items[values[part.item]]) if link[0] == "rule"]
    _copies(ctx, tree, element, rules, [link for link in links if link[0] == "profile"])
    if parts or entry.carried:
        children = tree.add(element, "selections")
        for part, values in parts:
            count = entry.parts[(part.field, part_key(part, values))]
            target = ctx.items[values[part.item]]
            child = tree.add(children, "selection", {"id": ctx.id("selection", *key, part.field,
                                                                  part_key(part, values)),
                                                     "name": ctx.name(target), "entryId": part_id(ctx, item, part,
                                                                                                  values),
                                                     "number": count, "type": part.kind})
            _copies(ctx, tree, child, [], [link for link in links_of(ctx, target) if link[0] == "profile"])
            _costs(ctx, tree, child, {cost: exact(values.get(name)) * count for cost, name in part.costs.items()},
                   totals)
        for carried in entry.carried:
            _selection(ctx, tree, children, key + (item.id, carried.item.id), carried, totals, root=False)
    _costs(ctx, tree, element, {cost: exact(item.get(name)) for cost, name in spec.costs.items()}, totals)
    if root:
        category = ctx.category_of(item)
        group = tree.add(element, "categories")
        tree.add(group, "category", {"id": ctx.id("selection-category", *key), "name": dict(ctx.categories())[category],
                                     "entryId": ctx.category_id(category), "primary": True})


def _copies(ctx: Context, tree: Tree, parent: ET.Element, rules: list, profiles: list) -> None:
    """Copies of the rules and profiles a selection shows, each once, named as its link names it."""
    seen_rules = list(dict.fromkeys((target.id, name) for _, target, name in rules))
    if seen_rules:
        group = tree.add(parent, "rules")
        for target_id, name in seen_rules:
            target = ctx.items[target_id]
            spec = ctx.rules[target.type]
            element = tree.add(group, "rule", {"id": ctx.id("rule", target_id), "name": name, "hidden": False})
            tree.add(element, "description", None,
                     ctx.reader.text(spec.description, target.type, target.values, ctx.fields(target.type)) or "")
    if profiles:
        group = tree.add(parent, "profiles")
        for _, target, name in profiles:
            profile(ctx, tree, group, target, name)


def _costs(ctx: Context, tree: Tree, parent: ET.Element, values: dict[str, Fraction],
           totals: dict[str, Fraction]) -> None:
    group = tree.add(parent, "costs")
    for cost in ctx.mapping.costs:
        value = values.get(cost.id, Fraction(0))
        totals[cost.id] += value
        tree.add(group, "cost", {"name": cost.name, "typeId": ctx.id("cost", cost.id), "value": value})
