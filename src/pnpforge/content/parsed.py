"""Parsed YAML files kept between builds (``ParsedFiles``), so an unchanged file is not parsed again.

An entry is JSON: the code that parsed it (``caches.code``), the file's whole text, the values and the position of
each. It is used only when its text is the file's text byte for byte and it was written by this code; anything
else in the folder (an entry of an older pnpforge, a damaged or planted file) is ignored and the file parsed.
Documents whose values plain JSON cannot carry exactly (a number too large to build, keys that are not strings)
are parsed every time.
"""

from __future__ import annotations

import json
import math
from typing import Any

from pnpforge.caches import code
from pnpforge.caches.store import NOWHERE, Store
from pnpforge.findings import Mark

PARSED_CODE = ("content.source", "content.parsed")


class ParsedFiles:
    """Parsed documents by the file's shown path and text, in a ``Store``."""

    def __init__(self, store: Store = NOWHERE):
        """Keep entries in ``store`` (the default keeps nothing)."""
        self.store = store

    @property
    def active(self) -> bool:
        """True when parsed files are kept."""
        return self.store.active

    def _key(self, shown: str, text: str) -> str:
        return f"{code.digest(*PARSED_CODE)}|{shown}|{text}"

    def read(self, shown: str, text: str) -> tuple[Any, dict, dict] | None:
        """The values, value marks and key marks an earlier build parsed from exactly ``text``, or None."""
        kept = self.store.read(self._key(shown, text))
        if kept is None:
            return None
        try:
            entry = json.loads(kept)
            if entry["code"] != code.digest(*PARSED_CODE) or entry["text"] != text:
                return None
            marks = {tuple(at): Mark(shown, int(line), int(col)) for at, line, col in entry["marks"]}
            key_marks = {tuple(at): Mark(shown, int(line), int(col)) for at, line, col in entry["key_marks"]}
            return entry["data"], marks, key_marks
        except (ValueError, KeyError, TypeError):
            return None

    def keep(self, shown: str, text: str, data: Any, marks: dict, key_marks: dict) -> None:
        """Keep what ``text`` parsed to, when plain JSON carries it exactly."""
        if not self.store.active or not plain(data):
            return
        entry = {"code": code.digest(*PARSED_CODE), "text": text, "data": data,
                 "marks": [[list(at), mark.line, mark.col] for at, mark in marks.items()],
                 "key_marks": [[list(at), mark.line, mark.col] for at, mark in key_marks.items()]}
        self.store.keep(self._key(shown, text), json.dumps(entry, ensure_ascii=False).encode("utf-8"))


def plain(value: Any, depth: int = 0) -> bool:
    """True when JSON gives ``value`` back exactly: str keys, and str, int, bool, finite float, None, list."""
    kind = type(value)
    if kind in (str, int, bool) or value is None:
        return True
    if kind is float:
        return math.isfinite(value)
    if depth > 200:
        return False
    if kind is list:
        return all(plain(item, depth + 1) for item in value)
    if kind is dict:
        return all(type(key) is str and plain(item, depth + 1) for key, item in value.items())
    return False
