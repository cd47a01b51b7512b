"""Turn pydantic's validation errors into the pack's messages, located in the user's file.

pydantic reports an error as a ``loc`` tuple and a type; here the ``loc`` is walked along the declared fields (so
an unknown key can be reported with the accepted keys, and an effect's tag is not shown as a field), and the type
becomes a plain sentence: ``winner_vp: expected an integer >= 0, found 'three'``.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from pnpforge.content.fields import EffectSpec, shown


def field_path(parts: list) -> str:
    """``effects[0].amount`` from ``['effects', 0, 'amount']``."""
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def _walk(fields: dict[str, Any], loc: tuple, effects: dict[str, EffectSpec]):
    """Follow ``loc`` through declared fields; return (shown path parts, doc path, spec at the end, parent fields)."""
    shown_parts: list = []
    doc_path: list = []
    spec: Any = None
    parent: dict[str, Any] | None = fields
    current: dict[str, Any] | None = fields
    items = list(loc)
    i = 0
    while i < len(items):
        part = items[i]
        if spec is not None and getattr(spec, "kind", None) == "effect" and isinstance(part, str) and part in effects:
            current = effects[part].params
            parent = current
            spec = None
            i += 1
            continue
        shown_parts.append(part)
        doc_path.append(part)
        if isinstance(part, int):
            spec = spec.of if spec is not None and getattr(spec, "kind", None) == "list" else None
        elif current is not None:
            parent = current
            spec = current.get(part)
        else:
            spec = None
        current = spec.fields if spec is not None and getattr(spec, "kind", None) == "object" else None
        i += 1
    return shown_parts, doc_path, spec, parent


def translate(exc: ValidationError, fields: dict[str, Any], effects: dict[str, EffectSpec],
              extra_keys: tuple[str, ...] = ()) -> list[tuple[list, tuple | None, str]]:
    """``[(doc path, inside, message)]`` for every error of a validation; ``inside`` is ``None``, or for a
    mistake at one character of a text (a ``grid`` field's map) ``(path below the doc path, line, offset)``."""
    out: list[tuple[list, tuple | None, str]] = []
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
        kind = err["type"]
        shown_parts, doc_path, spec, parent = _walk(fields, loc, effects)
        if kind == "extra_forbidden":
            key = shown_parts[-1]
            accepted = sorted(set(parent or {}) | (set(extra_keys) if len(shown_parts) == 1 else set()))
            prefix = field_path(shown_parts[:-1])
            msg = f"unknown key '{key}'; accepted keys: {', '.join(accepted) or 'none'}"
            out.append((doc_path, None, f"{prefix}: {msg}" if prefix else msg))
            continue
        msg = sentence(err, spec, effects, shown_parts)
        prefix = field_path(shown_parts)
        inside = (err.get("ctx") or {}).get("inside") if kind == "pnp" else None
        out.append((doc_path, inside, f"{prefix}: {msg}" if prefix else msg))
    return out


def sentence(err: ErrorDetails, spec: Any, effects: dict, parts: list) -> str:
    """A plain sentence for one pydantic error (without the field path)."""
    kind = err["type"]
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "pnp":
        return err["msg"]
    if kind == "value_error":  # a model's own check: its sentence, without pydantic's prefix
        return str(ctx.get("error", err["msg"]))
    if kind == "missing":
        return "required field is missing"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected an integer, found {shown(value)}"
    if kind == "greater_than_equal":
        return f"expected an integer >= {ctx.get('ge')}, found {shown(value)}"
    if kind == "less_than_equal":
        return f"expected an integer <= {ctx.get('le')}, found {shown(value)}"
    if kind == "bool_type":
        return f"expected true or false, found {shown(value)}"
    if kind == "string_type":
        return f"expected text, found {shown(value)}"
    if kind == "string_pattern_mismatch":
        if parts and parts[-1] == "id":
            return f"expected a kebab-case id (lowercase letters and digits joined by hyphens), found {shown(value)}"
        return f"expected text matching {ctx.get('pattern')}, found {shown(value)}"
    if kind == "literal_error":
        values = list(getattr(spec, "values", []) or [])
        expected = ", ".join(values) if values else ctx.get("expected", "")
        return f"expected one of {expected}; found {shown(value)}"
    if kind == "list_type":
        return f"expected a list, found {shown(value)}"
    if kind == "too_short":
        least = ctx.get("min_length")
        return f"expected at least {least} item{'' if least == 1 else 's'}, found {ctx.get('actual_length')}"
    if kind == "too_long":
        return f"expected at most {ctx.get('max_length')} items, found {ctx.get('actual_length')}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"expected a mapping, found {shown(value)}"
    if kind == "union_tag_invalid":
        allowed = getattr(spec, "allowed", None) or list(effects)
        return f"unknown effect {shown(ctx.get('tag'))}; known effects: {', '.join(allowed)}"
    if kind == "union_tag_not_found":
        return "expected a mapping with an 'effect' key naming the effect"
    return err.get("msg", kind)
