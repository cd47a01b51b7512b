"""Force building against a platoon structure: the HQ and Line section every platoon needs, the places each Line
section opens in the order the sections are bought, Heavy Support in place of two Supports, and Unique models.

The structure is the pack's data (``platoons.yaml``, p.29-33), so the force builder to come and this check read the
same ladder. Transports ride with their section and sidekicks with their character: neither takes a place.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from pnpforge.content.pack import Item, Pack
from pnpforge.findings import Finding

FREE = ("transport", "sidekick")  # take no place (p.33)
HEAVY = "heavy_support"


def _error(item: Item, message: str, *path: Any) -> Finding:
    return Finding("error", message, mark=item.mark(*path), subject=item.subject)


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


def platoon_slots(pack: Pack) -> Iterator[Finding]:
    """A starter force has what its platoon structure requires; each section it buys fills a place a Line section
    bought before it has opened; a Heavy Support gives up the Supports it replaces, one per platoon at most; no
    Unique model appears twice (p.29-33)."""
    structures = {item.id: item for item in pack.of_type("platoon")}
    units = {unit.id: unit for unit in pack.of_type("unit")}
    models = {model.id: model for model in pack.of_type("model")}
    for force in pack.of_type("force"):
        structure = structures.get(force["platoon"])
        if structure is None:
            continue
        places, heavy = Places(structure), 0
        bought: Counter[str] = Counter()
        for index, entry in enumerate(force["sections"]):
            unit = units.get(entry["section"])
            if unit is None or unit["slot"] in FREE:
                continue
            slot = unit["slot"]
            bought[slot] += 1
            if slot == "line":
                places.add_line()
                continue
            if slot == "hq":
                continue
            if slot == HEAVY:
                heavy += 1
                if heavy > structure["heavy_support_max"]:
                    yield _error(
                        force,
                        f"sections[{index}]: '{unit.id}' is Heavy Support number {heavy}; a platoon "
                        f"holds {structure['heavy_support_max']} (p.32)",
                        "sections",
                        index,
                        "section",
                    )
                    continue
            if not (places.take_instead() if slot == HEAVY else places.take(slot)):
                yield _error(
                    force,
                    f"sections[{index}]: no {slot.replace('_', ' ')} place is open for '{unit.id}' after "
                    f"{places.lines} Line section{'s' if places.lines != 1 else ''} (p.30)",
                    "sections",
                    index,
                    "section",
                )
        for need in structure["required"]:
            if sum(bought[slot] for slot in need["slots"]) < need["count"]:
                wanted = " or ".join(s.replace("_", " ") for s in need["slots"])
                yield _error(
                    force, f"sections: no {wanted} section; a platoon needs {need['count']} (p.30)", "sections"
                )
        yield from _unique(force, units, models)


def _unique(force: Item, units: dict[str, Item], models: dict[str, Item]) -> Iterator[Finding]:
    seen: dict[str, int] = {}
    for index, entry in enumerate(force["sections"]):
        unit = units.get(entry["section"])
        for part in unit["models"] if unit else []:
            model = models.get(part["model"])
            if model is None or not any(use["mar"] == "unique" for use in model.get("mars", [])):
                continue
            if part["model"] in seen or part["count"] > 1:
                yield _error(
                    force,
                    f"sections[{index}]: a second '{part['model']}'; a Unique model appears once in "
                    "a force (p.113-119)",
                    "sections",
                    index,
                    "section",
                )
            seen.setdefault(part["model"], index)


ALL = (platoon_slots,)
