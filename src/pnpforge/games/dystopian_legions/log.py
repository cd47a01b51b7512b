"""The entries of a duel's log: what happened, in words."""

from __future__ import annotations

from pnpforge.engine.events import LogEntry, entry


@entry
class Said(LogEntry):
    """One thing that happened in the duel, in words."""

    text: str
