"""The entries of a Siege of the Citadel game's log: what happened, in words, with the rule id it followed."""

from __future__ import annotations

from pnpforge.engine.events import LogEntry, entry


@entry
class Said(LogEntry):
    """One thing that happened, in words, and the registry id of the rule it followed (empty: none in particular)."""

    text: str
    rule: str = ""
