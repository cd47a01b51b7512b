"""The platoon ladder of force building: the places each Line section opens in the order the sections are bought,
and Heavy Support in place of two Supports (p.30-32).

The structure is the pack's data (``platoons.yaml``); the force rules (``force_rules.py``: ``slot_ladder``,
``heavy_support_max``) walk a force list's platoons through it, as docs/why/force-rules.md describes for the web
force builder. Transports ride with their section and sidekicks with their character: neither takes a place.
"""

from __future__ import annotations

from pnpforge.content.pack import Item

FREE = ("transport", "sidekick")  # take no place (p.33)
HEAVY = "heavy_support"


class Places:
    """The places a platoon has opened so far: each a set of slots it may take and the Line section that opened it."""

    def __init__(self, structure: Item):
        self.unlocks = structure["unlocks"]
        self.open: list[tuple[frozenset[str], int]] = []
        self.lines = 0

    def add_line(self) -> None:
        """A Line section bought: its entry of the ladder (the last entry repeats) opens its places."""
        self.lines += 1
        entry = next((u for u in self.unlocks if u["line"] == self.lines), self.unlocks[-1])
        for grant in entry["grants"]:
            self.open += [(frozenset(grant["slots"]), self.lines)] * grant["count"]

    def take(self, slot: str) -> bool:
        """Fill one open place that takes ``slot``; False when none does."""
        for index, (slots, _line) in enumerate(self.open):
            if slot in slots:
                del self.open[index]
                return True
        return False

    def take_instead(self) -> bool:
        """A Heavy Support: give up the places its Line section allows it to replace (p.30, p.32)."""
        for entry in self.unlocks:
            instead = entry.get("instead")
            if not instead or HEAVY not in instead["take"]["slots"]:
                continue
            line = entry["line"] if entry is not self.unlocks[-1] else None
            wanted, need = set(instead["give_up"]["slots"]), instead["give_up"]["count"]
            spots = [i for i, (slots, at) in enumerate(self.open) if slots & wanted and (line is None or at == line)]
            if len(spots) >= need:
                for index in reversed(spots[:need]):
                    del self.open[index]
                return True
        return False
