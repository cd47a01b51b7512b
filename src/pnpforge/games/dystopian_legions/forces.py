"""Static checks of sections and the starter forces.

Sections: size, options, transports, field gun crews, characters and sidekicks (p.32-33, p.39, p.112). Starter
forces: each names its force list in forces/ (the force rules check the lists), and the standees cover them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from pnpforge.content.fields import EnumField
from pnpforge.content.pack import Item, Pack
from pnpforge.content.player_files import examples
from pnpforge.findings import Finding
from pnpforge.games.dystopian_legions.force_list import fielded, starter_forces

CREW_FOR_FIELD_GUN = 2  # p.39


def _error(item: Item, message: str, *path: Any) -> Finding:
    return Finding("error", message, mark=item.mark(*path), subject=item.subject)


def _models(pack: Pack) -> dict[str, Item]:
    return {model.id: model for model in pack.of_type("model")}


def _mar(model: Item, name: str) -> dict | None:
    return next((use for use in model.get("mars", []) if use["mar"] == name), None)


def capacity(transport: Item, models: dict[str, Item]) -> dict | None:
    """The Capacity[Type, v] of a transport section's vehicle, if it has one."""
    for entry in transport["models"]:
        model = models.get(entry["model"])
        use = _mar(model, "capacity") if model else None
        if use:
            return use
    return None


def _riders(section: Item, models: dict[str, Item], extra: Counter | None = None) -> Counter:
    """Models that take a seat, by type: Non-Combatants ride free (p.117)."""
    seats: Counter = Counter()
    counts = Counter({entry["model"]: entry["count"] for entry in section["models"]}) + (extra or Counter())
    for model_id, count in counts.items():
        model = models.get(model_id)
        if model is not None and not _mar(model, "non-combatant"):
            seats[model["model_type"]] += count
    return seats


def sections(pack: Pack) -> Iterator[Finding]:
    """A section's models are of its nation and no more than its maximum; an upgrade replaces a model the section
    has; a transport it may buy is a transport section whose Capacity takes its models; a field gun has at least two
    crew; an HQ has an officer; a sidekick names a character of its nation and only a sidekick does (p.32-33); its
    ``model_types`` are the types of its models, in the order the types are declared."""
    models = _models(pack)
    units = {unit.id: unit for unit in pack.of_type("unit")}
    for unit in units.values():
        size = sum(entry["count"] for entry in unit["models"])
        if size > unit["max_models"]:
            yield _error(
                unit, f"models: {size} models, more than its maximum of {unit['max_models']} (p.32)", "max_models"
            )
        present = {entry["model"] for entry in unit["models"]}
        for index, entry in enumerate(unit["models"]):
            model = models.get(entry["model"])
            if model is not None and model["nation"] != unit["nation"]:
                yield _error(
                    unit,
                    f"models[{index}]: '{model.id}' serves {model['nation']}, not {unit['nation']}",
                    "models",
                    index,
                    "model",
                )
        yield from _model_types(pack, unit, models)
        yield from _options(unit, present, size)
        yield from _transports(unit, units, models)
        yield from _field_guns(unit, models)
        yield from _roles(unit, units, models)


def _model_types(pack: Pack, unit: Item, models: dict[str, Item]) -> Iterator[Finding]:
    """The section's ``model_types`` name the types of its models, each once, in the declared order."""
    declared = pack.types["model"].fields["model_type"]
    order = list(declared.values) if isinstance(declared, EnumField) else []
    found = {models[entry["model"]]["model_type"] for entry in unit["models"] if entry["model"] in models}
    expected = [kind for kind in order if kind in found]
    if list(unit["model_types"]) != expected:
        yield _error(unit, f"model_types: its models are of the types {', '.join(expected)}, not "
                           f"{', '.join(unit['model_types'])}", "model_types")


def _options(unit: Item, present: set[str], size: int) -> Iterator[Finding]:
    reinforce = 0
    for index, option in enumerate(unit.get("options", [])):
        replaces = option.get("replaces")
        if option["kind"] == "upgrade" and (replaces is None or replaces not in present):
            yield _error(
                unit,
                f"options[{index}]: an upgrade replaces a model of the section; '{replaces}' is none of them (p.32)",
                "options",
                index,
                "replaces" if replaces else "kind",
            )
        if option["kind"] != "upgrade" and replaces is not None:
            yield _error(
                unit, f"options[{index}].replaces: only an upgrade replaces a model", "options", index, "replaces"
            )
        if option["kind"] == "reinforce":
            reinforce += option["max"]
    if size + reinforce > unit["max_models"]:
        yield _error(
            unit,
            f"options: {size} models and up to {reinforce} more make {size + reinforce}, beyond "
            f"the maximum of {unit['max_models']}; only added models go beyond it (p.33)",
            "max_models",
        )


def _transports(unit: Item, units: dict[str, Item], models: dict[str, Item]) -> Iterator[Finding]:
    for index, transport_id in enumerate(unit.get("transports", [])):
        transport = units.get(transport_id)
        if transport is None:
            continue
        room = capacity(transport, models) if transport["slot"] == "transport" else None
        if room is None:
            yield _error(
                unit,
                f"transports[{index}]: '{transport_id}' is no transport section with a Capacity MAR (p.112)",
                "transports",
                index,
            )
            continue
        seats = _riders(unit, models)
        wrong = sorted(kind for kind in seats if kind != room["model_type"])
        if wrong:
            yield _error(
                unit,
                f"transports[{index}]: '{transport_id}' carries {room['model_type']} only; the "
                f"section has {', '.join(wrong)} (p.112)",
                "transports",
                index,
            )
        elif sum(seats.values()) > room["value"]:
            yield _error(
                unit,
                f"transports[{index}]: '{transport_id}' carries {room['value']}; the section has "
                f"{sum(seats.values())} models (p.112)",
                "transports",
                index,
            )


def _field_guns(unit: Item, models: dict[str, Item]) -> Iterator[Finding]:
    guns = crew = 0
    for entry in unit["models"]:
        model = models.get(entry["model"])
        if model is None:
            continue
        if model["model_type"] == "field_gun":
            guns += entry["count"]
        elif model["model_type"] == "infantry" and not _mar(model, "non-combatant"):
            crew += entry["count"]
    if guns and crew < CREW_FOR_FIELD_GUN * guns:
        yield _error(
            unit,
            f"models: {guns} field gun{'s' if guns > 1 else ''} with {crew} crew; a field gun needs "
            f"{CREW_FOR_FIELD_GUN} crew to fire (p.39)",
            "models",
        )


def _roles(unit: Item, units: dict[str, Item], models: dict[str, Item]) -> Iterator[Finding]:
    slot, character = unit["slot"], unit.get("character")
    if slot == "hq" and not any(
        models[e["model"]].get("rank") == "officer" for e in unit["models"] if e["model"] in models
    ):
        yield _error(unit, "models: an HQ is led by an officer (p.32)", "models")
    if slot == "sidekick" and character is None:
        yield _error(unit, "slot: a sidekick comes with its character; name it in character (p.33)", "slot")
    if slot != "sidekick" and character is not None:
        yield _error(unit, "character: only a sidekick comes with a character (p.33)", "character")
    master = units.get(character) if character else None
    if (
        slot == "sidekick"
        and master is not None
        and (master["slot"] != "character" or master["nation"] != unit["nation"])
    ):
        yield _error(unit, f"character: '{master.id}' is no character section of {unit['nation']} (p.33)", "character")


def starter_lists(pack: Pack) -> Iterator[Finding]:
    """A starter force names its force list, one of the examples of the pack's force lists (``forces/``): there
    alone are its sections and deck written, and the examples' check holds each to the force rules."""
    kinds = pack.game.player_files
    folder = kinds["force_list"].examples if "force_list" in kinds else None
    shipped = {path.name for path in examples(pack, "force_list")} if folder else set()
    for force in pack.of_type("force"):
        name = force["list"].split("/", 1)[-1]
        if folder is None or force["list"].split("/", 1)[0] != folder.strip("/") or name not in shipped:
            yield _error(force, f"list: no force list '{force['list']}' among the pack's examples "
                                f"({', '.join(sorted(shipped)) or 'none'})", "list")


def standees(pack: Pack) -> Iterator[Finding]:
    """The paper standees stand on their model's base, and there are as many of each as a starter force fields."""
    models = _models(pack)
    printed: Counter = Counter()
    for standee in pack.of_type("standee"):
        printed[standee["model"]] += standee.qty
        model = models.get(standee["model"])
        if model is not None and standee["base"] != model["base"]:
            yield _error(standee, f"base: {standee['base']} mm; '{model.id}' stands on {model['base']} mm", "base")
    if not pack.of_type("standee"):
        return
    forces = starter_forces(pack)
    for force in pack.of_type("force"):
        for model_id, count in sorted(fielded(forces[force.id]).items()) if force.id in forces else []:
            if count > printed[model_id]:
                yield _error(
                    force,
                    f"list: it fields {count} '{model_id}', and {printed[model_id]} standees are printed for it",
                    "list",
                )


ALL = (sections, starter_lists, standees)
