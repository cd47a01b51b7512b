"""A force list read against the pack: each section as bought (its troopers, upgrades and transport), its points and
the models it fields, platoon by platoon (p.29-33).

The checks of ``force_rules.py``, the summary ``validate --list`` prints and the roster all read this one reading of
the list. Points are exact fractions (the book implies 32.5 points a model, p.30), never floats.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pnpforge.content.fields import label_in
from pnpforge.content.pack import Item, Pack
from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.content.player_files import PlayerFile, load_player_file


def points(value: Any) -> Fraction:
    """Points as written (an integer or a decimal such as 32.5) as an exact fraction."""
    return Fraction(str(value))


def shown(value: Fraction | int) -> str:
    """A number as messages print it: 1250, or 32.5 when it has decimals."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


@dataclass
class Entry:
    """One section as the list buys it."""

    at: tuple  # its place in the file: ("platoons", 0, "hq") or ("platoons", 0, "sections", 2)
    platoon: int  # the platoon's index, from 0
    values: dict[str, Any]  # as written
    unit: Item | None  # None when the id names no section (reported by the reference check)
    transport: Item | None = None
    size: int = 0  # models bought, added models aside
    points: Fraction = Fraction(0)  # the section, its troopers, upgrades and added models, its transport
    models: Counter = field(default_factory=Counter)  # the models it fields by profile, its transport aside

    @property
    def section(self) -> str:
        return str(self.values["section"])


@dataclass
class Force:
    """A force list as the pack reads it."""

    file: PlayerFile
    pack: Pack
    entries: list[Entry]
    structure: Item | None  # the platoon structure (the pack's first)
    units: dict[str, Item]
    models: dict[str, Item]
    cards: dict[str, Item]

    @property
    def data(self) -> dict[str, Any]:
        return self.file.data

    @property
    def total(self) -> Fraction:
        return sum((entry.points for entry in self.entries), Fraction(0))

    def platoon(self, index: int) -> list[Entry]:
        """The entries of one platoon, its HQ first."""
        return [entry for entry in self.entries if entry.platoon == index]

    def nation_name(self, nation: str) -> str:
        """A nation's name as game.yaml gives it."""
        return next((label_in(f.name, None, nation) for f in self.pack.game.factions if f.id == nation), nation)


def read_force(pack: Pack, player_file: PlayerFile) -> Force:
    """The list's sections, platoon by platoon, each priced and counted."""
    units = {unit.id: unit for unit in pack.of_type("unit")}
    models = {model.id: model for model in pack.of_type("model")}
    cards = {card.id: card for card in pack.of_type("tac")}
    structures = pack.of_type("platoon")
    entries = []
    for index, platoon in enumerate(player_file.data["platoons"]):
        places: list[tuple[tuple, dict]] = [(("platoons", index, "hq"), platoon["hq"])]
        places += [(("platoons", index, "sections", at), values) for at, values in enumerate(platoon["sections"])]
        for at, values in places:
            entries.append(_entry(at, index, values, units))
    return Force(player_file, pack, entries, structures[0] if structures else None, units, models, cards)


def listed_size(unit: Item) -> int:
    """The models of a section as listed for its points."""
    return sum(part["count"] for part in unit["models"])


def reinforcement(unit: Item) -> dict | None:
    """The option that buys more troopers up to the maximum (the first, if a section had several)."""
    return next((option for option in unit.get("options", []) if option["kind"] == "reinforce"), None)


def _entry(at: tuple, platoon: int, values: dict, units: dict[str, Item]) -> Entry:
    unit = units.get(values["section"])
    entry = Entry(at, platoon, values, unit)
    if unit is None:
        return entry
    base = listed_size(unit)
    entry.size = values.get("models", base)
    entry.points = points(unit["points"])
    entry.models.update({part["model"]: part["count"] for part in unit["models"]})
    more, extra = reinforcement(unit), max(0, entry.size - base)
    if more is not None and extra:
        entry.points += extra * points(more["points"])
        entry.models[more["model"]] += extra
    options = {option["id"]: option for option in unit.get("options", []) if option["kind"] != "reinforce"}
    for pick in values.get("upgrades", []):
        option = options.get(pick["upgrade"])
        if option is None:
            continue
        entry.points += pick["count"] * points(option["points"])
        entry.models[option["model"]] += pick["count"]
        if option["kind"] == "upgrade" and option.get("replaces"):
            entry.models[option["replaces"]] -= pick["count"]
    transport = units.get(values.get("transport") or "")
    if transport is not None:
        entry.transport = transport
        entry.points += points(transport["points"])
    entry.models = +entry.models  # drop profiles an upgrade replaced entirely
    return entry


def starter_forces(pack: Pack) -> dict[str, Force]:
    """The starter forces (``forces.yaml``) read from their force lists, by the force's id; a list that cannot be
    read is left out (the check ``starter_lists`` and the examples' check report it)."""
    found = {}
    for item in pack.of_type("force"):
        try:
            path = inside_pack(pack.root, item["list"])
        except PathEscape:
            continue
        player_file, _problems = load_player_file(pack, path) if path.is_file() else (None, [])
        if player_file is not None and not any(f.severity == "error" for f in _problems):
            found[item.id] = read_force(pack, player_file)
    return found


def fielded(force: Force) -> Counter:
    """The models a force puts on the table, by profile: every section as bought, its transport included."""
    models: Counter = Counter()
    for entry in force.entries:
        models.update(entry.models)
        if entry.transport is not None:
            models.update({part["model"]: part["count"] for part in entry.transport["models"]})
    return models
