"""Force entries of the BattleScribe export: the categories a force may hold, and how many of each.

A force entry made from an item of the pack (such as a force organisation) reads its counts from the item's fields
as the mapping names them: the categories it requires (a minimum each), a ladder of steps that each selection of
one category climbs (every step grants more of other categories; the last step repeats), a trade a step allows
(some of one category given up for another) and caps. BattleScribe counts each category on its own: a grant of
"one of these categories" raises the most of each of them, so its check is looser than the pack's own, never
stricter. A force entry with an id has fixed counts (numbers, or whole-number parameters of ``game.yaml``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from pnpforge.content.pack import Item
from pnpforge.publish.battlescribe.context import Context
from pnpforge.publish.battlescribe.entries import constraint
from pnpforge.content.battlescribe import ForceSpec
from pnpforge.publish.battlescribe.xml import Tree


@dataclass
class Change:
    """A modifier of a category's most: ``step`` more (or fewer) when the counted category reaches ``at`` (with
    ``per``: for every selection of the category ``per``)."""

    kind: str  # increment or decrement
    value: int
    at: int = 0
    per: str | None = None
    per_value: int = 1


@dataclass
class Counts:
    """The categories of one force entry: their least and most, and the changes to the most."""

    least: dict[str, int] = field(default_factory=dict)
    most: dict[str, int] = field(default_factory=dict)
    caps: dict[str, int] = field(default_factory=dict)
    changes: dict[str, list[Change]] = field(default_factory=dict)
    counted: str | None = None


def force_entries(ctx: Context, tree: Tree, parent: ET.Element) -> list[tuple[str, str]]:
    """The ``forceEntries`` of the game system; return each force entry's (id, name)."""
    made = []
    group = tree.add(parent, "forceEntries")
    for spec in ctx.mapping.forces:
        if spec.type is not None:
            for item in ctx.pack.of_type(spec.type):
                counts = _counts(ctx, spec, item)
                made.append(_force(ctx, tree, group, item.id, ctx.name(item), counts, _members(ctx, counts)))
        else:
            counts = _counts(ctx, spec, None)
            made.append(_force(ctx, tree, group, str(spec.id), spec.name or str(spec.id), counts,
                               list(counts.least | counts.most)))
    return made


def _members(ctx: Context, counts: Counts) -> list[str]:
    """The categories an item-made force holds: those of every root entry whose category comes from a field, and
    those its counts name."""
    keys = list(counts.least) + list(counts.most) + list(counts.caps) + list(counts.changes)
    for entry in ctx.mapping.entries:
        if entry.category.field is None:
            continue
        for item in ctx.pack.of_type(entry.type):
            if ctx.is_root(item):
                keys.append(ctx.category_of(item))
    order = [key for key, _ in ctx.categories()]
    return sorted(set(keys), key=order.index)


def _counts(ctx: Context, spec: ForceSpec, item: Item | None) -> Counts:
    counts = Counts()
    for fixed in spec.categories:
        for bound, into in ((fixed.min, counts.least), (fixed.max, counts.most)):
            if bound is not None:
                into[fixed.category] = bound if isinstance(bound, int) else int(ctx.pack.game.parameters[bound])
    if item is None:
        return counts
    if spec.required is not None:
        for need in item.get(spec.required.field) or []:
            keys = need.get(spec.required.categories) or []
            if len(keys) == 1:  # "one of several" cannot be required category by category
                counts.least[keys[0]] = counts.least.get(keys[0], 0) + int(need[spec.required.count])
    ladder = spec.ladder
    if ladder is not None:
        counts.counted = ladder.counted
        steps = sorted(item.get(ladder.field) or [], key=lambda s: int(s[ladder.step]))
        for index, step in enumerate(steps):
            at, last = int(step[ladder.step]), index == len(steps) - 1
            for grant in step.get(ladder.grants) or []:
                for key in grant.get(ladder.categories) or []:
                    _grant(counts, key, int(grant[ladder.count]), at, last)
            instead = step.get(ladder.instead.field) if ladder.instead else None
            if ladder.instead is not None and instead:
                give_up, take = instead[ladder.instead.give_up], instead[ladder.instead.take]
                for key in take[ladder.categories]:
                    _grant(counts, key, int(take[ladder.count]), at, last)
                    for lost in give_up[ladder.categories]:
                        counts.changes.setdefault(lost, []).append(
                            Change("decrement", int(give_up[ladder.count]), at, per=key,
                                   per_value=int(take[ladder.count])))
    for key, name in spec.caps.items():
        counts.caps[key] = int(item.get(name) or 0)
    for key in counts.least:  # a required category no step grants more of: exactly that many
        if key not in counts.changes and key != counts.counted:
            counts.most.setdefault(key, counts.least[key])
    return counts


def _grant(counts: Counts, key: str, amount: int, at: int, last: bool) -> None:
    """``amount`` more of ``key`` from step ``at``; the last step again for every further selection."""
    counts.most.setdefault(key, 0)
    changes = counts.changes.setdefault(key, [])
    if not last:
        changes.append(Change("increment", amount, at))
        return
    changes.append(Change("increment", amount, at, per=counts.counted))  # n times from the step on ...
    if at > 1:
        changes.append(Change("decrement", amount * (at - 1), at))  # ... less the steps below it


def _force(ctx: Context, tree: Tree, parent: ET.Element, key: str, name: str, counts: Counts,
           members: list[str]) -> tuple[str, str]:
    force_id = ctx.id("force", key)
    element = tree.add(parent, "forceEntry", {"id": force_id, "name": name, "hidden": False})
    links = tree.add(element, "categoryLinks")
    names = dict(ctx.categories())
    for category in members:
        link = tree.add(links, "categoryLink", {"id": ctx.id("force-category", key, category),
                                                "name": names[category], "hidden": False,
                                                "targetId": ctx.category_id(category), "primary": False})
        most_id = ctx.id("constraint", "force", key, category, "max")
        changes = counts.changes.get(category, [])
        if changes and category in counts.most:
            group = tree.add(link, "modifiers")
            for change in changes:
                _modifier(ctx, tree, group, key, most_id, change, counts)
        bounds = [("min", counts.least.get(category)), ("max", counts.most.get(category))]
        if category in counts.caps:
            bounds.append(("cap", counts.caps[category]))
        if any(value is not None for _, value in bounds):
            group = tree.add(link, "constraints")
            for kind, value in bounds:
                if value is not None:
                    made = constraint(ctx, tree, group, ("force", key, category), "max" if kind == "cap" else kind,
                                      value, "parent")
                    if kind == "cap":
                        made.set("id", ctx.id("constraint", "force", key, category, "cap"))
    return force_id, name


def _modifier(ctx: Context, tree: Tree, parent: ET.Element, key: str, target: str, change: Change,
              counts: Counts) -> None:
    """One change of a category's most: under a condition on the counted category, repeated per selection."""
    modifier = tree.add(parent, "modifier", {"type": change.kind, "field": target, "value": change.value})
    per = change.per
    if per is not None:
        repeats = tree.add(modifier, "repeats")
        tree.add(repeats, "repeat", _query(ctx, per, change.per_value) | {"repeats": 1, "roundUp": False})
    if change.at > 0 and counts.counted is not None:
        conditions = tree.add(modifier, "conditions")
        tree.add(conditions, "condition", _query(ctx, counts.counted, change.at) | {"type": "atLeast"})


def _query(ctx: Context, category: str, value: int) -> dict[str, Any]:
    return {"field": "selections", "scope": "force", "value": value, "percentValue": False, "shared": True,
            "includeChildSelections": True, "includeChildForces": False, "childId": ctx.category_id(category)}


def force_of(ctx: Context, name: str) -> tuple[str, str, list[str]] | None:
    """A force entry by the type it is made from (its first item) or by its id: its id, name and categories."""
    for spec in ctx.mapping.forces:
        if spec.type is not None and spec.type == name:
            items = ctx.pack.of_type(spec.type)
            if items:
                counts = _counts(ctx, spec, items[0])
                return ctx.id("force", items[0].id), ctx.name(items[0]), _members(ctx, counts)
        elif spec.id is not None and spec.id == name:
            counts = _counts(ctx, spec, None)
            return ctx.id("force", spec.id), spec.name or spec.id, list(counts.least | counts.most)
    return None
