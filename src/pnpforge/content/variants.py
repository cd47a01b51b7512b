"""Variants: the pack with some items' fields changed, in memory; the published rules stay as the pack writes them.

Two kinds of change use this: house rules a pack declares in ``game.yaml`` (``variants:``, played by
``validate --variant NAME``), and the values ``pnpforge sweep --vary`` tries (``content/vary.py``). Either way the
changed items are validated against their type's schema like any item, so a variant can never carry what the pack
itself could not (a number above its declared maximum, an unknown effect, a value of the wrong kind).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import Any, Callable

from pydantic import ValidationError

from pnpforge.content.fields import item_model
from pnpforge.content.messages import translate
from pnpforge.content.pack import Pack, plain
from pnpforge.findings import Finding, Mark


@dataclass(frozen=True)
class Change:
    """New values for fields of one item (``TYPE:ID``); ``mark(where)`` locates a problem with it, ``where`` being
    ``("item",)`` for the item, ``("set",)`` for its fields and ``("set", field, ...)`` for one value."""

    item: str
    set: dict[str, Any]
    mark: Callable[[tuple], Mark]


def variant_pack(pack: Pack, name: str) -> tuple[Pack | None, list[Finding]]:
    """A copy of ``pack`` with the variant's changes made, or None and the problems (each located at the change in
    ``game.yaml``). An unknown name is a problem naming the variants there are."""
    variants = pack.game.variants
    if name not in variants:
        known = ", ".join(variants) or "none (game.yaml declares no variants:)"
        return None, [Finding("error", f"unknown variant '{name}'; variants: {known}", mark=pack.game_doc.mark(()),
                              rule="variant", blocking=True)]
    changes = [Change(change.item, change.set, _in_game_yaml(pack, ("variants", name, "changes", index)))
               for index, change in enumerate(variants[name].changes)]
    return changed_pack(pack, changes)


def _in_game_yaml(pack: Pack, at: tuple) -> Callable[[tuple], Mark]:
    return lambda where: pack.game_doc.mark(at + where)


def changed_pack(pack: Pack, changes: list[Change]) -> tuple[Pack | None, list[Finding]]:
    """A copy of ``pack`` with ``changes`` made in turn (a later change of the same item sees the earlier one), or
    None and every problem: an item that does not exist, a field that is not the type's, a value its schema
    refuses. ``pack`` itself is never changed."""
    changed = copy.copy(pack)
    changed.items = {type_name: list(items) for type_name, items in pack.items.items()}
    problems: list[Finding] = []
    for change in changes:
        type_name, _, item_id = change.item.partition(":")
        items = changed.items.get(type_name) or []
        position = next((i for i, item in enumerate(items) if item.id == item_id), None)
        if position is None:
            problems.append(_problem(f"item: no {type_name} '{item_id}' in this pack", change.mark(("item",))))
            continue
        item, spec = items[position], pack.types[type_name]
        unknown = [key for key in change.set if key not in spec.fields or key == "id"]
        if unknown:
            problems.append(_problem(f"set: {item.subject} has no field '{unknown[0]}' a variant may change; "
                                     f"fields: {', '.join(k for k in spec.fields if k != 'id')}",
                                     change.mark(("set",))))
            continue
        raw = {"id": item.id, "qty": item.qty, **{k: v for k, v in item.values.items() if v is not None},
               **change.set}
        try:
            validated = item_model(type_name, spec, pack.effects).model_validate(raw)
        except ValidationError as exc:
            for path, _, message in translate(exc, spec.fields, pack.effects, ("id", "qty")):
                problems.append(_problem(f"{item.subject}: {message}", change.mark(("set",) + tuple(path))))
            continue
        items[position] = replace(item, values={key: plain(getattr(validated, key)) for key in spec.fields})
    return (None, problems) if problems else (changed, [])


def _problem(message: str, mark: Mark) -> Finding:
    return Finding("error", message, mark=mark, rule="variant", blocking=True)
