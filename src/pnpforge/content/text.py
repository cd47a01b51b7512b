"""Player-facing text: translated strings and the ``:icon:`` markup."""

from __future__ import annotations

import re
from typing import Any, Iterator

ICON_PATTERN = re.compile(r":([a-z0-9][a-z0-9_-]*):")
ICON_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")  # a layout icon named by an icon's ``file``


def in_language(value: Any, lang: str, fallback: str | None = None) -> str:
    """The text of ``value`` in ``lang`` (a plain string is the same in every language)."""
    if isinstance(value, dict):
        if lang in value:
            return value[lang]
        if fallback and fallback in value:
            return value[fallback]
        return next(iter(value.values()), "")
    return "" if value is None else str(value)


def strings_of(value: Any) -> Iterator[str]:
    """Every string in a text value (each language's)."""
    if isinstance(value, dict):
        yield from (v for v in value.values() if isinstance(v, str))
    elif isinstance(value, str):
        yield value


def icons_in(text: str) -> Iterator[tuple[str, int]]:
    """``(icon id, offset)`` for each ``:icon:`` in a string."""
    for match in ICON_PATTERN.finditer(text):
        yield match.group(1), match.start()
