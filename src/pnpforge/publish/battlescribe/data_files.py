"""The game system (``.gst``) and one catalogue (``.cat``) per faction, in the schema's order of elements.

The game system holds what every faction shares: cost types, profile types, categories, force entries, and the
entries, rules and profiles of items that belong to no faction. A faction's catalogue holds its own entries (root
entries link the shared entries and give each its category) and profiles, and links the game system.
"""

from __future__ import annotations

from pnpforge.content.pack import Item
from pnpforge.publish.battlescribe.context import GAME_SYSTEM, Context
from pnpforge.publish.battlescribe.entries import profile, profile_types, rule, selection_entry
from pnpforge.publish.battlescribe.forces import force_entries
from pnpforge.publish.battlescribe.xml import FORMAT_VERSION, Tree


def game_system(ctx: Context) -> str:
    """The text of the game system file."""
    tree = Tree("gameSystem")
    root = tree.root
    for key, value in {"id": ctx.id("game-system"), "name": ctx.game_name(), "revision": ctx.mapping.revision,
                       "battleScribeVersion": FORMAT_VERSION, "authorName": "pnpforge"}.items():
        root.set(key, str(value))
    about = ctx.reader.plain(ctx.pack.game.about) if ctx.pack.game.about else None
    if about:
        tree.add(root, "readme", None, about)
    costs = tree.add(root, "costTypes")
    for cost in ctx.mapping.costs:
        tree.add(costs, "costType", {"id": ctx.id("cost", cost.id), "name": cost.name, "defaultCostLimit": -1,
                                     "hidden": False})
    profile_types(ctx, tree, root)
    categories = tree.add(root, "categoryEntries")
    for key, name in ctx.categories():
        tree.add(categories, "categoryEntry", {"id": ctx.category_id(key), "name": name, "hidden": False})
    force_entries(ctx, tree, root)
    _entries(ctx, tree, GAME_SYSTEM)
    rules = [item for spec in ctx.mapping.rules for item in ctx.pack.of_type(spec.type)]
    if rules:
        group = tree.add(root, "sharedRules")
        for item in rules:
            rule(ctx, tree, group, item)
    _profiles(ctx, tree, GAME_SYSTEM)
    return tree.serialise()


def catalogue(ctx: Context, faction: str) -> str:
    """The text of one faction's catalogue."""
    tree = Tree("catalogue")
    root = tree.root
    for key, value in {"id": ctx.id("catalogue", faction), "name": ctx.faction_name(faction),
                       "revision": ctx.mapping.revision, "battleScribeVersion": FORMAT_VERSION,
                       "authorName": "pnpforge", "library": "false", "gameSystemId": ctx.id("game-system"),
                       "gameSystemRevision": ctx.mapping.revision}.items():
        root.set(key, str(value))
    _entries(ctx, tree, faction)
    _profiles(ctx, tree, faction)
    return tree.serialise()


def entry_items(ctx: Context, home: str | None) -> list[Item]:
    """The selection entries a file holds, in the order of the mapping and the pack."""
    return [item for spec in ctx.mapping.entries for item in ctx.pack.of_type(spec.type)
            if ctx.home(item, spec.catalogue) == home]


def _entries(ctx: Context, tree: Tree, home: str | None) -> None:
    """Root entry links (with their categories) and the shared selection entries of one file."""
    items = entry_items(ctx, home)
    roots = [item for item in items if ctx.is_root(item)]
    if roots:
        group = tree.add(tree.root, "entryLinks")
        for item in roots:
            link = tree.add(group, "entryLink", {"id": ctx.id("root", item.id), "name": ctx.name(item),
                                                 "hidden": False, "collective": False, "import": True,
                                                 "targetId": ctx.id("entry", item.id), "type": "selectionEntry"})
            categories = tree.add(link, "categoryLinks")
            key = ctx.category_of(item)
            tree.add(categories, "categoryLink", {"id": ctx.id("root-category", item.id),
                                                  "name": dict(ctx.categories())[key], "hidden": False,
                                                  "targetId": ctx.category_id(key), "primary": True})
    if items:
        group = tree.add(tree.root, "sharedSelectionEntries")
        for item in items:
            selection_entry(ctx, tree, group, item)


def _profiles(ctx: Context, tree: Tree, home: str | None) -> None:
    items = [item for spec in ctx.mapping.profiles for item in ctx.pack.of_type(spec.type)
             if ctx.home(item, spec.catalogue) == home]
    if items:
        group = tree.add(tree.root, "sharedProfiles")
        for item in items:
            profile(ctx, tree, group, item)
