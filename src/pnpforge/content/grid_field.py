"""The ``grid`` field: a square map drawn in ASCII inside a pack's YAML, with a legend of its cell symbols.

A type declares ``{kind: grid, legend: {T: trap}, border: true}``; ``legend`` adds cell symbols to the default
ones (``.`` floor, ``#`` rock, ``~`` water), ``border`` (default true) keeps the walls, doors and openings on the
map's border (a tile joined to others). An item gives the map as a literal block, optionally with its own legend::

    layout: |                      layout:
      +-+-+-+                        map: |
      |. T .|                          +-+-+
      +-+D+-+                          |. X|
                                       +-+-+
                                     legend: {X: exit}

The value is read with ``content/ascii_map.py``; a mistake is reported at its line and column in the pack's file
(when the map is a literal block, ``|``; a quoted map is reported where it starts), with its row and column in the
map. The loaded value is ``{map, legend, border}`` with the declared and the item's legend merged, which
``Grid.from_field`` (``engine/grid.py``) reads into a ``Grid``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import PlainValidator
from pydantic_core import PydanticCustomError

from pnpforge.content.ascii_map import MapError, read_map
from pnpforge.content.source import Doc
from pnpforge.findings import Mark

VALUE_KEYS = ("map", "legend")


def _error(message: str, inside: tuple | None = None) -> PydanticCustomError:
    """A located error: ``inside`` is ``(path below the field, line, offset)`` of the character at fault."""
    return PydanticCustomError("pnp", "{message}", {"message": message, "inside": inside})


def legend_problem(legend: Any) -> str | None:
    """Why a legend is not a mapping of one-character symbols to terrain names (``None`` when it is)."""
    if not isinstance(legend, dict):
        return "expected a mapping of one-character symbols to terrain names"
    for symbol, terrain in legend.items():
        if not isinstance(symbol, str) or len(symbol) != 1 or symbol == " ":
            return f"expected a one-character symbol other than a space, found {symbol!r}"
        if not isinstance(terrain, str) or not terrain:
            return f"{symbol}: expected a terrain name, found {terrain!r}"
    return None


def grid_value(legend: Mapping[str, str], border: bool) -> PlainValidator:
    """The validator of a ``grid`` field declared with ``legend`` and ``border``."""
    def check(value: Any) -> Any:
        symbols: dict[str, str] = dict(legend)
        at: tuple[str, ...] = ()
        if isinstance(value, dict):
            unknown = [key for key in value if key not in VALUE_KEYS]
            if unknown:
                raise _error(f"unknown key {unknown[0]!r}; accepted keys: {', '.join(VALUE_KEYS)}")
            problem = legend_problem(value.get("legend", {}))
            if problem:
                raise _error(f"legend: {problem}")
            symbols.update(value.get("legend", {}))
            value, at = value.get("map"), ("map",)
        if not isinstance(value, str):
            raise _error("map: expected an ASCII map drawn in a literal block (|)" if at else
                         "expected an ASCII map drawn in a literal block (|), or a mapping with 'map' and 'legend'")
        try:
            read_map(value, symbols, border=border)
        except MapError as exc:
            raise _error(f"{'map: ' if at else ''}{exc}", (at, exc.line, exc.offset)) from None
        except ValueError as exc:
            raise _error(f"{'map: ' if at else ''}{exc}") from None
        return {"map": value, "legend": symbols, "border": border}
    return PlainValidator(check)


def text_mark(doc: Doc, at: tuple, line: int, offset: int) -> Mark:
    """The position in the file of character ``offset`` of line ``line`` (both from 0) of the text at ``at``: exact
    in a literal block (``|``), else where the value starts."""
    start = doc.value_mark(at)
    value: Any = doc.data
    for part in at:
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return start
    if not isinstance(value, str) or at not in doc.marks or not 0 < start.line <= len(doc.lines):
        return start
    if doc.lines[start.line - 1][start.col - 1:start.col] != "|":
        return start
    wanted = value.splitlines()
    number = start.line + 1 + line
    if line >= len(wanted) or number > len(doc.lines) or not doc.lines[number - 1].endswith(wanted[line]):
        return start
    indent = len(doc.lines[number - 1]) - len(wanted[line])
    return Mark(doc.path, number, indent + offset + 1)
