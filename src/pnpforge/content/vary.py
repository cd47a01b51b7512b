"""``--vary`` expressions: which items, which field and which values a sweep tries, and the variant packs they make.

Three forms, combinable::

    card:scout.strength=2..5              an integer range, inclusive
    card:*.cost=+1                        every item of the type; a step from each item's own value (or -1)
    tile:harbour.effects[0].amount=0,1,2  a path into a list or mapping field; a comma list of values

A value with a sign (``+1``, ``-2``, ``-2..+2``) is a step from the item's own value; one without is the value itself
(``3``, ``true``, ``red``). A variant is one value of some expressions (an ``Assignment`` each); its canonical
text (one assignment per line) is all a worker needs to build it again from the published pack. The variant packs are
made by ``content/variants.py``, so every changed item is validated by its type's schema: bounds, kinds, effects.
"""

from __future__ import annotations

import copy
import difflib
import itertools
import re
from dataclasses import dataclass
from typing import Any, Callable

from pnpforge.content.messages import field_path
from pnpforge.content.pack import Item, Pack
from pnpforge.content.variants import Change, changed_pack
from pnpforge.findings import Finding, Mark

FORMS = "TYPE:ID.FIELD=A..B | TYPE:*.FIELD=+N | TYPE:ID.FIELD[0].SUB=A,B,C"
MAX_VALUES = 1000  # values one expression may give (a range of a million is a typing slip, not a sweep)
MAX_VARIANTS = 1000  # variants one sweep may play

_TYPE = re.compile(r"[a-z][a-z0-9_]*\Z")
_ID = re.compile(r"(\*|[a-z0-9]+(-[a-z0-9]+)*)\Z")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INDEX = re.compile(r"\[(\d{1,6})\]")
_NUMBER = re.compile(r"[+-]?\d{1,9}(\.\d{1,9})?\Z")
_RANGE = re.compile(r"([+-]?\d{1,9})\.\.([+-]?\d{1,9})\Z")


class VaryError(ValueError):
    """An expression that does not parse: the message and the 1-based column it points at."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.column = column


@dataclass(frozen=True)
class Value:
    """One value an expression gives: the value itself, or (``step``) an amount added to each item's own value."""

    amount: Any
    step: bool = False

    def text(self) -> str:
        if self.step:
            return f"{self.amount:+}"
        if isinstance(self.amount, bool):
            return "true" if self.amount else "false"
        return str(self.amount)


@dataclass(frozen=True)
class Vary:
    """One ``--vary`` expression, parsed: ``type:item.path=values`` (``item`` ``*``: every item of the type)."""

    text: str
    type: str
    item: str
    path: tuple
    values: tuple[Value, ...]
    columns: tuple[int, int, int]  # where the item, the path and the values start
    value_columns: tuple[int, ...]  # where each value is written (a range's inner values: where it starts)
    checked: tuple[int, ...]  # the values whose problems stand for all (a range's ends)

    def target(self) -> str:
        return f"{self.type}:{self.item}.{field_path(list(self.path))}"


@dataclass(frozen=True)
class Assignment:
    """One value of one expression: what a variant changes."""

    vary: Vary
    value: Value

    def text(self) -> str:
        return f"{self.vary.target()}={self.value.text()}"


def parse_vary(text: str) -> Vary:
    """Parse one expression; a ``VaryError`` says what is wrong and where."""
    control = next((at for at, ch in enumerate(text) if ord(ch) < 0x20 or ch == "\x7f"), None)
    if control is not None:  # a newline would read as a second assignment where the variant is played
        raise VaryError(f"a control character ({text[control]!r}) in the expression; write it on one line",
                        control + 1)
    colon = text.find(":")
    if colon <= 0:
        raise VaryError(f"expected TYPE:ID.FIELD=VALUES, found {text!r}", 1)
    type_name = text[:colon]
    if not _TYPE.match(type_name):
        raise VaryError(f"expected a type name like card, found {type_name!r}", 1)
    dot = text.find(".", colon + 1)
    equals = text.find("=", colon + 1)
    if dot < 0 or (0 <= equals < dot):
        raise VaryError("expected .FIELD after the item id", (equals if equals >= 0 else len(text)) + 1)
    item = text[colon + 1:dot]
    if not _ID.match(item):
        raise VaryError(f"expected an item id (kebab-case) or *, found {item!r}", colon + 2)
    if equals < 0:
        raise VaryError("expected =VALUES after the field", len(text) + 1)
    path = _parse_path(text[dot + 1:equals], dot + 2)
    values, columns, checked = _parse_values(text[equals + 1:], equals + 2)
    return Vary(text, type_name, item, path, values, (colon + 2, dot + 2, equals + 2), columns, checked)


def _parse_path(text: str, column: int) -> tuple:
    """``effects[0].amount`` as ``('effects', 0, 'amount')``."""
    path: list = []
    at = 0
    while True:
        name = _NAME.match(text, at)
        if not name:
            raise VaryError(f"expected a field name, found {text[at:] or 'nothing'!r}", column + at)
        path.append(name.group())
        at = name.end()
        while (index := _INDEX.match(text, at)) is not None:
            path.append(int(index.group(1)))
            at = index.end()
        if at == len(text):
            return tuple(path)
        if text[at] != ".":
            raise VaryError(f"expected .FIELD or [INDEX], found {text[at:]!r}", column + at)
        at += 1


def _parse_values(text: str, column: int) -> tuple[tuple[Value, ...], tuple[int, ...], tuple[int, ...]]:
    values: list[Value] = []
    columns: list[int] = []
    checked: list[int] = []
    at = 0
    for token in text.split(","):
        where = column + at + len(token) - len(token.lstrip())
        at += len(token) + 1
        token = token.strip()
        if not token:
            raise VaryError("expected a value (values are separated by commas)", where)
        ranged = _RANGE.match(token)
        if ranged:
            low, high = ranged.groups()
            if (low[0] in "+-") != (high[0] in "+-"):
                raise VaryError(f"a range is of values (2..5) or of steps (-2..+2), not both: {token!r}", where)
            if int(low) > int(high):
                raise VaryError(f"a range runs from low to high: {high}..{low}, not {token}", where)
            if int(high) - int(low) >= MAX_VALUES:
                raise VaryError(f"a range of at most {MAX_VALUES} values, found {int(high) - int(low) + 1}", where)
            step = low[0] in "+-"
            checked += [len(values), len(values) + int(high) - int(low)]
            columns += [where] * (int(high) - int(low)) + [where + token.index("..") + 2]
            values += [Value(n, step) for n in range(int(low), int(high) + 1)]
        else:
            checked.append(len(values))
            columns.append(where)
            values.append(_value(token))
    if len(values) > MAX_VALUES:
        raise VaryError(f"at most {MAX_VALUES} values, found {len(values)}", column)
    if len(set(values)) < len(values):
        raise VaryError("a value is given twice", column)
    return tuple(values), tuple(columns), tuple(dict.fromkeys(checked))


def _value(token: str) -> Value:
    if _NUMBER.match(token):
        number = float(token) if "." in token else int(token)
        return Value(number, token[0] in "+-")
    if token in ("true", "false"):
        return Value(token == "true")
    return Value(token)


def variants(varies: list[Vary], one_at_a_time: bool = False) -> list[tuple[Assignment, ...]]:
    """The variants ``varies`` ask for, in a fixed order: every combination of their values (the first expression
    varying slowest), or with ``one_at_a_time`` each value of each expression alone. The published rules are not
    among them."""
    axes = [[Assignment(vary, value) for value in vary.values] for vary in varies]
    if one_at_a_time:
        return [(assignment,) for axis in axes for assignment in axis]
    return list(itertools.product(*axes))


def canonical(assignments: tuple[Assignment, ...]) -> str:
    """A variant as text, one assignment per line: what ``assignments_from`` reads back."""
    return "\n".join(a.text() for a in assignments)


def assignments_from(text: str) -> tuple[Assignment, ...]:
    """The assignments of a variant's canonical text (each line one expression with one value)."""
    found = []
    for line in text.splitlines():
        vary = parse_vary(line)
        if len(vary.values) != 1:
            raise VaryError(f"expected one value per assignment, found {len(vary.values)}", vary.columns[2])
        found.append(Assignment(vary, vary.values[0]))
    return tuple(found)


def vary_pack(pack: Pack, assignments: tuple[Assignment, ...]) -> tuple[Pack | None, list[Finding]]:
    """The published ``pack`` with the assignments made, or None and every problem, located in its expression."""
    changes: list[Change] = []
    problems: list[Finding] = []
    for assignment in assignments:
        vary = assignment.vary
        column = vary.value_columns[vary.values.index(assignment.value)] if assignment.value in vary.values else 1
        for item in _targets(pack, vary):
            value, problem = _changed_value(pack, item, vary, assignment.value)
            if problem:
                problems.append(_finding(vary, f"{item.subject}: {problem}", column))
            else:
                mark = Mark(label(vary.text), 1, column)
                changes.append(Change(f"{item.type}:{item.id}", {vary.path[0]: value}, _always(mark)))
    if problems:
        return None, problems
    return changed_pack(pack, changes)


def check(pack: Pack, texts: list[str]) -> tuple[list[Vary], list[Finding]]:
    """Parse every expression and try each of its values on the pack (a range by its ends); the parsed
    expressions and every problem, each located in its expression. Two expressions may not change the same value."""
    varies: list[Vary] = []
    problems: list[Finding] = []
    for text in texts:
        try:
            vary = parse_vary(text)
        except VaryError as exc:
            problems.append(_finding_at(text, str(exc), exc.column))
            continue
        found = _problems(pack, vary)
        if not found:
            found = [problem for n in vary.checked
                     for problem in vary_pack(pack, (Assignment(vary, vary.values[n]),))[1]]
        problems += found
        clash = next((other for other in varies if _overlap(other, vary)), None)
        if clash is not None:
            problems.append(_finding(vary, f"changes what --vary {clash.text!r} changes; give each value one "
                                           "--vary", vary.columns[0]))
        varies.append(vary)
    return varies, problems


def label(text: str) -> str:
    """An expression as messages name it: ``--vary 'card:*.cost=+1'``."""
    return "--vary '" + text.replace("'", "'\\''") + "'"


def _problems(pack: Pack, vary: Vary) -> list[Finding]:
    """What is wrong with the expression's type, item and field path, before any value is tried."""
    if vary.type not in pack.types:
        return [_finding(vary, f"no type '{vary.type}' in this pack{_near(vary.type, pack.types)}; types: "
                               f"{', '.join(sorted(pack.types))}", 1)]
    ids = [item.id for item in pack.of_type(vary.type)]
    if vary.item != "*" and vary.item not in ids:
        return [_finding(vary, f"no {vary.type} '{vary.item}' in this pack{_near(vary.item, ids)}", vary.columns[0])]
    fields = [k for k in pack.types[vary.type].fields if k != "id"]
    if vary.path[0] not in fields:
        return [_finding(vary, f"{vary.type} has no field '{vary.path[0]}'{_near(vary.path[0], fields)}; fields: "
                               f"{', '.join(fields)}", vary.columns[1])]
    problems = []
    for item in _targets(pack, vary):
        _, problem = _located(pack, item, vary)
        if problem:
            problems.append(_finding(vary, f"{item.subject}: {problem}", vary.columns[1]))
    return problems


def _targets(pack: Pack, vary: Vary) -> list[Item]:
    return [item for item in pack.of_type(vary.type) if vary.item in ("*", item.id)]


def _located(pack: Pack, item: Item, vary: Vary) -> tuple[Any, str]:
    """The item's value at the expression's path and ``""``, or None and what stops the path there."""
    spec: Any = pack.types[vary.type].fields[vary.path[0]]
    value: Any = item.values.get(vary.path[0])  # the item's data as loaded
    for n, part in enumerate(vary.path[1:], 1):
        where = field_path(list(vary.path[:n]))
        if isinstance(part, int):
            if spec is None or spec.kind != "list":
                return None, f"{where} is not a list, so it has no [{part}]"
            size = len(value or [])
            if part >= size:
                return None, f"{where}[{part}]: no such index; {where} has {size} entr{'y' if size == 1 else 'ies'}"
            spec, value = spec.of, value[part]
            continue
        if spec is not None and spec.kind == "effect" and isinstance(value, dict):
            name = value.get("effect")
            params = pack.effects[name].params if name in pack.effects else {}
            if part not in params:
                return None, (f"{where} (effect {name}) has no field '{part}'{_near(part, params)}; fields: "
                              f"{', '.join(params) or 'none'}")
            spec = params[part]
        elif spec is not None and spec.kind == "object":
            if part not in spec.fields:
                return None, (f"{where} has no field '{part}'{_near(part, spec.fields)}; "
                              f"fields: {', '.join(spec.fields)}")
            spec = spec.fields[part]
        else:
            return None, f"{where} has no fields, so it has no field '{part}'"
        value = value.get(part) if isinstance(value, dict) else None
    return value, ""


def _changed_value(pack: Pack, item: Item, vary: Vary, value: Value) -> tuple[Any, str]:
    """The new value of the item's top field (the path's first part) with the assignment made, or what stops it."""
    current, problem = _located(pack, item, vary)
    if problem:
        return None, problem
    new = value.amount
    if value.step:
        if isinstance(current, bool) or not isinstance(current, (int, float)):
            return None, (f"{field_path(list(vary.path))}: a step ({value.text()}) needs a number to start from, "
                          f"found {'nothing' if current is None else repr(current)}")
        new = current + value.amount
    if len(vary.path) == 1:
        return new, ""
    top: Any = copy.deepcopy(item.values.get(vary.path[0]))
    holder = top
    for part in vary.path[1:-1]:
        holder = holder[part]
    holder[vary.path[-1]] = new
    return top, ""


def _overlap(a: Vary, b: Vary) -> bool:
    """Whether two expressions can change the same value of the same item."""
    if a.type != b.type or "*" not in (a.item, b.item) and a.item != b.item:
        return False
    shorter = min(len(a.path), len(b.path))
    return a.path[:shorter] == b.path[:shorter]


def _near(word: str, known) -> str:
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _always(mark: Mark) -> Callable[[tuple], Mark]:
    """A change's ``mark``: one place for every problem with it (the assignment on the command line)."""
    return lambda where: mark


def _finding(vary: Vary, message: str, column: int) -> Finding:
    return _finding_at(vary.text, message, column)


def _finding_at(text: str, message: str, column: int) -> Finding:
    return Finding("error", message, mark=Mark(label(text), 1, column), rule="vary", blocking=True)
