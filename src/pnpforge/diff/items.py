"""The data of two versions of a pack compared: items added, removed and changed (with the fields that changed, a
nested value named by its path such as ``effects[0].amount``), and the pack's other files that changed.

Items are matched by type and id. A field that is absent and one that is empty (``null``) are the same; a list of
plain values (``goods: [oil, glass]``) is one value, a list of mappings (effects) is compared entry by entry.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Sequence

from pnpforge.caches.paths import outputs_in
from pnpforge.content.pack import Item, Pack
from pnpforge.content.registry import REGISTRY_FILE
from pnpforge.content.source import LoadError, load_yaml
from pnpforge.render.environment import type_label

ADDED, REMOVED, CHANGED = "added", "removed", "changed"
SETTINGS_FILES = ("game.yaml", "schema.yaml", REGISTRY_FILE)
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".webp", ".gif")


@dataclass(frozen=True)
class FieldChange:
    """One value that differs: its path in the item (or file), before and after (None: absent)."""

    path: str
    old: Any
    new: Any

    def to_json(self) -> dict:
        return {"path": self.path, "old": self.old, "new": self.new}


@dataclass
class ItemChange:
    """An item added, removed or changed."""

    type: str
    id: str
    change: str
    name: Any  # the item's name as written (a string or one per language); the id when it has none
    at: str  # where it is written in its version (the new one, the old one for a removed item): file:line
    fields: list[FieldChange] = field(default_factory=list)


@dataclass
class FileChange:
    """A file of the pack added, removed or changed, and what kind of file it is."""

    path: str  # relative to the pack folder, with /
    change: str
    kind: str  # items, settings, layouts, rules, art or other
    keys: list[FieldChange] = field(default_factory=list)  # for a settings file: the values that changed


@dataclass
class DataDiff:
    """Everything the two versions' data differ in."""

    items: list[ItemChange]
    files: list[FileChange]
    labels: dict[str, str]  # type -> how players call it, in the order the packs declare the types

    def of_type(self, type_name: str, change: str) -> list[ItemChange]:
        return [c for c in self.items if c.type == type_name and c.change == change]


def compare_packs(old: Pack, new: Pack, skip: tuple[Path, ...] = ()) -> DataDiff:
    """The items and files of ``old`` and ``new`` compared; folders in ``skip`` (the build's output, when it is
    inside a pack folder) and each pack's own ``build/`` (``caches.paths.outputs_in``) are no part of either."""
    labels = {name: type_label(new, name) for name in new.types}
    labels.update({name: type_label(old, name) for name in old.types if name not in labels})
    items = [change for name in labels for change in compare_type(old, new, name)]
    return DataDiff(items, compare_files(old, new, skip), labels)


def compare_type(old: Pack, new: Pack, type_name: str) -> list[ItemChange]:
    """One type's items: changed and added in the new version's order, then removed in the old one's."""
    before = _by_id(old.of_type(type_name))
    after = _by_id(new.of_type(type_name))
    found = []
    for item_id, item in after.items():
        if item_id not in before:
            found.append(ItemChange(type_name, item_id, ADDED, _name(item), _where(item, new)))
            continue
        fields = item_changes(before[item_id], item, list(new.types[type_name].fields))
        if fields:
            found.append(ItemChange(type_name, item_id, CHANGED, _name(item), _where(item, new), fields))
    found += [ItemChange(type_name, item_id, REMOVED, _name(item), _where(item, old))
              for item_id, item in before.items() if item_id not in after]
    return found


def item_changes(old: Item, new: Item, declared: list[str]) -> list[FieldChange]:
    """The values of an item that differ, field by field in declared order, then its copies (``qty``)."""
    names = declared + [n for n in new.values if n not in declared]
    names += [n for n in old.values if n not in names]
    found = [change for name in names for change in value_changes(old.values.get(name), new.values.get(name), name)]
    if old.qty != new.qty:
        found.append(FieldChange("qty", old.qty, new.qty))
    return found


def value_changes(old: Any, new: Any, path: str) -> list[FieldChange]:
    """Where two values differ, down to the smallest part: mappings key by key, lists of mappings entry by entry."""
    if _same(old, new):
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        keys = list(old) + [k for k in new if k not in old]
        return [c for k in keys for c in value_changes(old.get(k), new.get(k), f"{path}.{k}" if path else str(k))]
    if isinstance(old, list) and isinstance(new, list) and _structured(old + new):
        return [c for i in range(max(len(old), len(new)))
                for c in value_changes(old[i] if i < len(old) else None, new[i] if i < len(new) else None,
                                       f"{path}[{i}]")]
    return [FieldChange(path, old, new)]


def _same(old: Any, new: Any) -> bool:
    """Equal values, an empty value being the same as an absent one (and ``1`` not the same as ``true``)."""
    if old is None or new is None:
        return old is None and new is None
    return type(old) is type(new) and old == new


def _structured(values: list) -> bool:
    """True for a list holding mappings or lists, which is compared entry by entry."""
    return any(isinstance(v, (dict, list)) for v in values)


def _by_id(items: list[Item]) -> dict[str, Item]:
    """Items by id, the first of duplicates (which the checks report)."""
    found: dict[str, Item] = {}
    for item in items:
        found.setdefault(item.id, item)
    return found


def _name(item: Item) -> Any:
    return item.get("name") or item.id


def _where(item: Item, pack: Pack) -> str:
    """``file:line`` of the item, the file relative to its pack."""
    mark = item.mark()
    shown = PurePosixPath(Path(os.path.relpath(mark.path, pack.root)).as_posix())
    return f"{shown}:{mark.line}" if mark.line else str(shown)


def compare_files(old: Pack, new: Pack, skip: tuple[Path, ...] = ()) -> list[FileChange]:
    """Every file of either pack folder that differs, sorted by path; settings files with their changed values."""
    before, after = pack_files(old.root, outputs_in(old.root, skip)), pack_files(new.root, outputs_in(new.root, skip))
    item_files = {spec.file for spec in [*old.types.values(), *new.types.values()]}
    found = []
    for path in sorted(set(before) | set(after)):
        if path not in after:
            change = REMOVED
        elif path not in before:
            change = ADDED
        elif _same_bytes(before[path], after[path]):
            continue
        else:
            change = CHANGED
        kind = file_kind(path, item_files)
        keys = _settings_changes(before.get(path), after.get(path)) if kind == "settings" else []
        found.append(FileChange(path, change, kind, keys))
    return found


def pack_files(root: Path, skip: Sequence[Path] = ()) -> dict[str, Path]:
    """The files of a pack folder by path relative to it (hidden files and folders, and ``skip``, left out)."""
    skipped = {folder.resolve() for folder in skip}
    found = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and (Path(folder) / d).resolve() not in skipped)
        for name in files:
            if not name.startswith("."):
                path = Path(folder) / name
                found[path.relative_to(root).as_posix()] = path
    return found


def file_kind(path: str, item_files: set[str]) -> str:
    """What a pack file holds: items, settings, layouts, rules (the rulebook's text), art or other."""
    top = path.split("/", 1)[0]
    if path in item_files:
        return "items"
    if path in SETTINGS_FILES:
        return "settings"
    if top in ("layouts", "rules"):
        return top
    if top == "art" or PurePosixPath(path).suffix.lower() in IMAGE_SUFFIXES:
        return "art"
    return "other"


def _same_bytes(a: Path, b: Path) -> bool:
    return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()


def _settings_changes(old: Path | None, new: Path | None) -> list[FieldChange]:
    """The values that differ between two versions of a YAML settings file (none when either cannot be read)."""
    if old is None or new is None:
        return []
    try:
        return value_changes(load_yaml(old).data, load_yaml(new).data, "")
    except LoadError:
        return []
