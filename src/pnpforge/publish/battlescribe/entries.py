"""Profiles, rules and selection entries of the BattleScribe export, from the pack's items.

A profile item (a type the mapping lists under ``profiles``) becomes a shared profile with one characteristic per
declared column; a rule item a shared rule with its description. A selection entry (a type under ``entries``)
becomes a shared selection entry with its costs, its parts (each a child entry of a profile item, with its count as
min and max constraints and its own costs) and the entries it carries (entry links); where it stands in a force
(its category) is said by the link that makes it a root entry. An entry links the profiles and rules of its items,
each named as the mapping says (a rule with a parameter reads ``NCO[1]``: the link sets the name).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from pnpforge.content.pack import Item
from pnpforge.publish.battlescribe.context import Context
from pnpforge.content.battlescribe import Part
from pnpforge.publish.battlescribe.xml import Tree

DASH = "-"


def profile_types(ctx: Context, tree: Tree, parent: ET.Element) -> None:
    """The ``profileTypes`` of the game system."""
    if not ctx.mapping.profiles:
        return
    group = tree.add(parent, "profileTypes")
    for spec in ctx.mapping.profiles:
        kind = tree.add(group, "profileType", {"id": ctx.id("profile-type", spec.type), "name": spec.name})
        columns = tree.add(kind, "characteristicTypes")
        for column in spec.characteristics:
            tree.add(columns, "characteristicType",
                     {"id": ctx.id("characteristic", spec.type, column.name), "name": column.name})


def profile(ctx: Context, tree: Tree, parent: ET.Element, item: Item, name: str | None = None) -> None:
    """One profile (a roster's copy may name it as the link that shows it does)."""
    spec = ctx.profiles[item.type]
    fields = ctx.fields(item.type)
    element = tree.add(parent, "profile", {"id": ctx.id("profile", item.id), "name": name or ctx.name(item),
                                           "hidden": False, "typeId": ctx.id("profile-type", spec.type),
                                           "typeName": spec.name})
    columns = tree.add(element, "characteristics")
    for column in spec.characteristics:
        text = ctx.reader.text(column.value, item.type, item.values, fields)
        text = text[:1].upper() + text[1:] if text else DASH  # a column reads as a sentence starts
        tree.add(columns, "characteristic", {"name": column.name,
                                             "typeId": ctx.id("characteristic", spec.type, column.name)},
                 text)


def rule(ctx: Context, tree: Tree, parent: ET.Element, item: Item) -> None:
    """One shared rule."""
    spec = ctx.rules[item.type]
    fields = ctx.fields(item.type)
    name = ctx.reader.text(spec.name, item.type, item.values, fields) or ctx.name(item)
    element = tree.add(parent, "rule", {"id": ctx.id("rule", item.id), "name": name, "hidden": False})
    tree.add(element, "description", None, ctx.reader.text(spec.description, item.type, item.values, fields) or "")


def links_of(ctx: Context, item: Item, seen: set[str] | None = None) -> list[tuple[str, Item, str]]:
    """The profiles and rules an item links, as (``profile`` or ``rule``, the item linked, the link's name):
    its own profile first, then each link field in the mapping's order, the links of a linked profile after it."""
    seen = set() if seen is None else seen
    if item.id in seen:
        return []
    seen.add(item.id)
    found: list[tuple[str, Item, str]] = []
    if item.type in ctx.profiles:
        found.append(("profile", item, ctx.name(item)))
    spec = ctx.profiles.get(item.type)
    for link in spec.links if spec else []:
        declared = ctx.fields(item.type)[link.field]
        element_fields = getattr(declared.of, "fields", None) or {}
        for element in item.get(link.field) or []:
            target = _target(ctx, element, element_fields)
            if target is None:
                continue
            name = (ctx.reader.text(link.name, item.type, element, element_fields) if isinstance(element, dict)
                    else None) or ctx.name(target)
            if target.type in ctx.rules:
                found.append(("rule", target, name))
            elif target.type in ctx.profiles:
                found.append(("profile", target, name))
                found += [link for link in links_of(ctx, target, seen) if link[0] == "rule"]
                seen.discard(target.id)  # a profile linked twice (two mounts) lists its rules once, below
    unique: dict[tuple[str, str, str], tuple[str, Item, str]] = {}
    for kind, target, name in found:
        unique.setdefault((kind, target.id, name), (kind, target, name))
    return list(unique.values())


def _target(ctx: Context, element: Any, element_fields: dict[str, Any]) -> Item | None:
    """The profile or rule item a list element names: the element itself (a reference), or the element's first
    reference to a type that is exported."""
    if isinstance(element, str):
        return ctx.items.get(element)
    for name, declared in element_fields.items():
        if declared.kind == "ref" and (declared.to in ctx.profiles or declared.to in ctx.rules):
            target = ctx.items.get(element.get(name))
            if target is not None:
                return target
    return None


def info_links(ctx: Context, tree: Tree, parent: ET.Element, owner: str, links: list[tuple[str, Item, str]]) -> None:
    """``infoLinks`` to shared profiles and rules; a link named otherwise than its target sets the name."""
    if not links:
        return
    group = tree.add(parent, "infoLinks")
    for kind, target, name in links:
        element = tree.add(group, "infoLink", {"id": ctx.id("link", owner, kind, target.id, name), "name": name,
                                               "hidden": False, "targetId": ctx.id(kind, target.id), "type": kind})
        plain = ctx.name(target)
        if name != plain:
            modifiers = tree.add(element, "modifiers")
            tree.add(modifiers, "modifier", {"type": "set", "field": "name", "value": name})


def constraint(ctx: Context, tree: Tree, parent: ET.Element, key: tuple[str, ...], kind: str, value: int,
               scope: str) -> ET.Element:
    """A min or max constraint on how many selections of the entry its scope holds."""
    return tree.add(parent, "constraint", {"field": "selections", "scope": scope, "value": value,
                                           "percentValue": False, "shared": True, "includeChildSelections": False,
                                           "includeChildForces": False, "id": ctx.id("constraint", *key, kind),
                                           "type": kind})


def costs(ctx: Context, tree: Tree, parent: ET.Element, values: dict[str, Any]) -> None:
    """Every cost type, with the value of those given (0 for the others)."""
    group = tree.add(parent, "costs")
    for cost in ctx.mapping.costs:
        tree.add(group, "cost", {"name": cost.name, "typeId": ctx.id("cost", cost.id),
                                 "value": values.get(cost.id, 0) or 0})


def selection_entry(ctx: Context, tree: Tree, parent: ET.Element, item: Item) -> None:
    """One shared selection entry with its parts, carried entries and costs."""
    spec = ctx.entries[item.type]
    element = tree.add(parent, "selectionEntry", {"id": ctx.id("entry", item.id), "name": ctx.name(item),
                                                  "hidden": False, "collective": False, "import": True,
                                                  "type": spec.kind})
    rules = {target.id for part_item in [item, *_part_items(ctx, item)]
             for kind, target, _ in links_of(ctx, part_item) if kind == "rule"}
    limits = [limit for limit in spec.limits if limit.rule in rules]
    if limits or spec.max is not None:
        group = tree.add(element, "constraints")
        for limit in limits:
            constraint(ctx, tree, group, ("entry", item.id, "limit", limit.rule), "max", limit.max, "roster")
        if spec.max is not None:
            constraint(ctx, tree, group, ("entry", item.id), "max", spec.max, "force")
    info_links(ctx, tree, element, item.id, links_of(ctx, item))
    if spec.parts:
        children = tree.add(element, "selectionEntries")
        for part in spec.parts:
            for element_values in item.get(part.field) or []:
                _part(ctx, tree, children, item, part, element_values)
    carried = [(carry, target) for carry in spec.carries for target in item.get(carry.field) or []]
    if carried:
        group = tree.add(element, "entryLinks")
        for carry, target_id in carried:
            target = ctx.items[target_id]
            link = tree.add(group, "entryLink", {"id": ctx.id("carry", item.id, target_id), "name": ctx.name(target),
                                                 "hidden": False, "collective": False, "import": True,
                                                 "targetId": ctx.id("entry", target_id), "type": "selectionEntry"})
            constraint(ctx, tree, tree.add(link, "constraints"), ("carry", item.id, target_id), "max", carry.max,
                       "parent")
    costs(ctx, tree, element, {cost: item.get(name) for cost, name in spec.costs.items()})


def part_key(part: Part, element: dict[str, Any]) -> str:
    """How a force list names a part: its key field, else the item it names."""
    return str(element.get(part.key) if part.key else element.get(part.item))


def part_id(ctx: Context, item: Item, part: Part, element: dict[str, Any]) -> str:
    return ctx.id("part", item.id, part.field, part_key(part, element))


def _part(ctx: Context, tree: Tree, parent: ET.Element, item: Item, part: Part, values: dict[str, Any]) -> None:
    """One part of an entry: the profile item it brings, how many, at what cost."""
    target = ctx.items[values[part.item]]
    element_fields = getattr(ctx.fields(item.type)[part.field].of, "fields", {})
    name = ctx.reader.text(part.name, item.type, {**values, "item": values[part.item]},
                           {**element_fields, "item": element_fields[part.item]}) or ctx.name(target)
    key = part_key(part, values)
    element = tree.add(parent, "selectionEntry", {"id": part_id(ctx, item, part, values), "name": name,
                                                  "hidden": False, "collective": False, "import": True,
                                                  "type": part.kind})
    group = tree.add(element, "constraints")
    for kind, bound in (("min", part.min), ("max", part.max)):
        constraint(ctx, tree, group, ("part", item.id, part.field, key), kind, _bound(bound, values), "parent")
    info_links(ctx, tree, element, f"{item.id}/{key}", links_of(ctx, target))
    costs(ctx, tree, element, {cost: values.get(name) for cost, name in part.costs.items()})


def _bound(bound: int | str, values: dict[str, Any]) -> int:
    return bound if isinstance(bound, int) else int(values.get(bound) or 0)


def _part_items(ctx: Context, item: Item) -> list[Item]:
    spec = ctx.entries[item.type]
    return [ctx.items[element[part.item]] for part in spec.parts for element in item.get(part.field) or []
            if element.get(part.item) in ctx.items]
