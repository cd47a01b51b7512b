"""Visit every value of an item together with its declared field, for checks that look at one kind of field."""

from __future__ import annotations

from typing import Any, Iterator

from pnpforge.content.fields import EffectSpec


def walk(fields: dict[str, Any], values: dict[str, Any], effects: dict[str, EffectSpec],
         at: tuple = ()) -> Iterator[tuple[tuple, Any, Any]]:
    """``(path, field spec, value)`` for every present value, depth first, lists and effects included."""
    for key, spec in fields.items():
        value = values.get(key) if isinstance(values, dict) else None
        if value is None:
            continue
        yield from _walk_value(spec, value, effects, at + (key,))


def _walk_value(spec: Any, value: Any, effects: dict[str, EffectSpec], at: tuple) -> Iterator[tuple[tuple, Any, Any]]:
    yield at, spec, value
    kind = spec.kind
    if kind == "list" and isinstance(value, list):
        for index, element in enumerate(value):
            if element is not None:
                yield from _walk_value(spec.of, element, effects, at + (index,))
    elif kind == "object" and isinstance(value, dict):
        yield from walk(spec.fields, value, effects, at)
    elif kind == "effect" and isinstance(value, dict) and value.get("effect") in effects:
        yield from walk(effects[value["effect"]].params, value, effects, at)
