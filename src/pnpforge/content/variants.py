"""Variants: house rules a pack declares in ``game.yaml`` (``variants:``), played by ``validate --variant NAME``.

A variant changes fields of items (``{item: order:no-medics, set: {effects: [...], text: ...}}``). The published
rules stay as the pack writes them; the variant is a copy of the pack in memory whose changed items are validated
against their type's schema like any item, so a variant can never carry what the pack itself could not.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from pydantic import ValidationError

from pnpforge.content.fields import item_model
from pnpforge.content.messages import translate
from pnpforge.content.pack import Pack, plain
from pnpforge.findings import Finding


def variant_pack(pack: Pack, name: str) -> tuple[Pack | None, list[Finding]]:
    """A copy of ``pack`` with the variant's changes made, or None and the problems (each located at the change in
    ``game.yaml``). An unknown name is a problem naming the variants there are."""
    variants = pack.game.variants
    if name not in variants:
        known = ", ".join(variants) or "none (game.yaml declares no variants:)"
        return None, [Finding("error", f"unknown variant '{name}'; variants: {known}", mark=pack.game_doc.mark(()),
                              rule="variant", blocking=True)]
    changed = copy.copy(pack)
    changed.items = {type_name: list(items) for type_name, items in pack.items.items()}
    problems: list[Finding] = []
    for index, change in enumerate(variants[name].changes):
        at = ("variants", name, "changes", index)
        type_name, _, item_id = change.item.partition(":")
        items = changed.items.get(type_name)
        position = next((i for i, item in enumerate(items or []) if item.id == item_id), None)
        if position is None:
            problems.append(Finding("error", f"item: no {type_name} '{item_id}' in this pack",
                                    mark=pack.game_doc.mark(at + ("item",)), rule="variant", blocking=True))
            continue
        item, spec = items[position], pack.types[type_name]
        unknown = [key for key in change.set if key not in spec.fields or key == "id"]
        if unknown:
            problems.append(Finding("error", f"set: {item.subject} has no field '{unknown[0]}' a variant may change; "
                                             f"fields: {', '.join(k for k in spec.fields if k != 'id')}",
                                    mark=pack.game_doc.mark(at + ("set",)), rule="variant", blocking=True))
            continue
        raw = {"id": item.id, "qty": item.qty, **{k: v for k, v in item.values.items() if v is not None},
               **change.set}
        try:
            validated = item_model(type_name, spec, pack.effects).model_validate(raw)
        except ValidationError as exc:
            for path, _, message in translate(exc, spec.fields, pack.effects, ("id", "qty")):
                where = at + ("set",) + tuple(path)
                problems.append(Finding("error", f"{item.subject}: {message}", mark=pack.game_doc.mark(where),
                                        rule="variant", blocking=True))
            continue
        items[position] = replace(item, values={key: plain(getattr(validated, key)) for key in spec.fields})
    return (None, problems) if problems else (changed, [])
