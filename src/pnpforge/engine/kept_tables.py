"""Answers a pack's data alone decides, kept between processes: ``KeptTable``.

The validator and the bench play in several worker processes, and each one would work out the same exact odds
afresh (a dice pool's chance outcomes, a shot's expected losses) before it plays at full speed. A table keeps each
answer in the user's cache (``caches.store.user_store``, every entry sealed with this user's key) under a key that
holds the full text of everything the answer was made from: the table's name, a digest of the source files of the
code that makes it, the text of its inputs (say, a pack's dice as loaded) and the question. Change any of them and
the old entries are simply never asked for again (the store prunes what is not used).

Answers are JSON, never pickles. ``get`` hands back the decoded JSON whether the answer was read or just made, so the
caller always gets the same value (JSON writes a float as its shortest exact text, so a float reads back the same
number); an entry that cannot be read or decoded is made again. A table keeps nothing in memory: callers keep their
own in-process caches and ask the table only on a miss.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from pnpforge.caches.store import Store, user_store

STORE = "tables"  # under the user's cache folder (``caches.store.USER_STORES``)


def code_digest(modules: Iterable[ModuleType]) -> str:
    """A digest of the source files of ``modules``, in the order given."""
    digest = hashlib.sha256()
    for module in modules:
        source = Path(module.__file__ or "").read_bytes()
        digest.update(len(source).to_bytes(8, "big") + source)
    return digest.hexdigest()


class KeptTable:
    """Answers by question, kept on disk under the table's name, its code's digest and its inputs' text."""

    def __init__(self, name: str, inputs: str, code: Iterable[ModuleType], store: Store | None = None):
        self.prefix = f"{name}\n{code_digest(code)}\n{len(inputs)}\n{inputs}\n"
        self.store = user_store(STORE) if store is None else store

    def get(self, question: str, make: Callable[[], Any]) -> Any:
        """The kept answer to ``question``, else ``make()``'s, kept; as decoded JSON either way."""
        key = self.prefix + question
        data = self.store.read(key)
        if data is not None:
            try:
                return json.loads(data)
            except ValueError:
                pass  # damaged: made again below
        text = json.dumps(make(), separators=(",", ":"), allow_nan=False)
        self.store.keep(key, text.encode("utf-8"))
        return json.loads(text)
