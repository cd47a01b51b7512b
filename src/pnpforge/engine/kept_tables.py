"""Answers a pack's data alone decides, kept between processes: ``KeptTable``.

The validator and the bench play in several worker processes, and each one would work out the same exact odds
afresh (a dice pool's chance outcomes, a shot's expected losses) before it plays at full speed. A table keeps its
answers by question in the user's cache (``caches.store.user_store``, every entry sealed with this user's key) under
a key that holds the full text of everything else they were made from: the table's name, a digest of the source of
the parts of pnpforge that make them (``caches.code.digest``) and the text of its inputs (say, a pack's dice as
loaded). Change any of them and the old entry is simply never asked for again (the store prunes what is not used).

Answers are JSON, never pickles. ``get`` hands back the decoded JSON whether the answer was read or just made, so the
caller always gets the same value (JSON writes a float as its shortest exact text, so a float reads back the same
number); a table that cannot be read or decoded is made again, answer by answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from pnpforge.caches.code import digest
from pnpforge.caches.store import Store, user_store

STORE = "tables"  # under the user's cache folder (``caches.store.USER_STORES``)


class KeptTable:
    """Answers by question, kept on disk under the table's name, its code's digest and its inputs' text.

    The whole table is one entry of the store, read on first use. Answers made since are written with it (merged
    with what the entry holds by then, so other processes' answers stay) after the 1st, 2nd, 4th, 8th ... new one:
    a process writes a few times however many answers it makes, and leaves at most the last half of them unwritten
    for the next process to make and keep. Past ``LIMIT`` answers the table starts again from this process's."""

    LIMIT = 50_000

    def __init__(self, name: str, inputs: str, code: Iterable[str], store: Store | None = None):
        """``code``: the parts of pnpforge that make the answers (``caches.code.digest``'s dotted names)."""
        self.key = f"{name}\n{digest(*code)}\n{len(inputs)}\n{inputs}\n"
        self.store = user_store(STORE) if store is None else store
        self.answers: dict[str, Any] | None = None  # read on first use
        self.made: dict[str, Any] = {}  # this process's answers
        self.due = 1  # new answers before the next write

    def get(self, question: str, make: Callable[[], Any]) -> Any:
        """The kept answer to ``question``, else ``make()``'s, kept; as decoded JSON either way."""
        if self.answers is None:
            self.answers = self._read()
        if question in self.answers:
            return self.answers[question]
        found = self.answers[question] = self.made[question] = json.loads(
            json.dumps(make(), separators=(",", ":"), allow_nan=False)
        )
        self.due -= 1
        if self.due == 0:
            self.flush()
            self.due = max(1, len(self.made))
        return found

    def flush(self) -> None:
        """Write this process's answers into the kept table."""
        kept = self._read()
        merged = {**kept, **self.made} if len(kept) + len(self.made) <= self.LIMIT else dict(self.made)
        self.store.keep(self.key, json.dumps(merged, separators=(",", ":"), allow_nan=False).encode("utf-8"))

    def _read(self) -> dict[str, Any]:
        data = self.store.read(self.key)
        if data is not None:
            try:
                found = json.loads(data)
            except ValueError:
                found = None  # damaged: made again
            if isinstance(found, dict):
                return found
        return {}
