"""Static checks of sections and the starter forces.

Sections: size, options, transports, field gun crews, characters and sidekicks (p.32-33, p.39, p.112). Forces:
points within the maximum force value, options and transports as their sections allow them (p.29-33).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from pnpforge.content.fields import EnumField
from pnpforge.content.pack import Item, Pack
from pnpforge.findings import Finding

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


def force_lists(pack: Pack) -> Iterator[Finding]:
    """A starter force is of one nation and within its maximum force value; its options are its sections' own and
    within their limits; a transport is one its section may buy and takes the section as fielded; a sidekick's
    character is in the force; one section leads it (p.29-33)."""
    units = {unit.id: unit for unit in pack.of_type("unit")}
    models = _models(pack)
    for force in pack.of_type("force"):
        total = 0.0
        for index, entry in enumerate(force["sections"]):
            unit = units.get(entry["section"])
            if unit is None:
                continue
            if unit["nation"] != force["nation"]:
                yield _error(
                    force, f"sections[{index}]: '{unit.id}' serves {unit['nation']}", "sections", index, "section"
                )
            total += unit["points"] + (units[entry["transport"]]["points"] if entry.get("transport") in units else 0)
            options = {option["id"]: option for option in unit.get("options", [])}
            added: Counter = Counter()
            for at, pick in enumerate(entry.get("options", [])):
                option = options.get(pick["option"])
                if option is None:
                    yield _error(
                        force,
                        f"sections[{index}].options[{at}]: '{unit.id}' has no option "
                        f"'{pick['option']}'; options: {', '.join(options) or 'none'}",
                        "sections",
                        index,
                        "options",
                        at,
                        "option",
                    )
                    continue
                if pick["count"] > option["max"]:
                    yield _error(
                        force,
                        f"sections[{index}].options[{at}]: {pick['count']} of '{pick['option']}', "
                        f"at most {option['max']}",
                        "sections",
                        index,
                        "options",
                        at,
                        "count",
                    )
                total += pick["count"] * option["points"]
                if option["kind"] != "upgrade":
                    added[option["model"]] += pick["count"]
            yield from _carried(force, index, entry, unit, units, models, added)
            master = unit.get("character")
            if master is not None and master not in {e["section"] for e in force["sections"]}:
                yield _error(
                    force,
                    f"sections[{index}]: the sidekick '{unit.id}' comes only with '{master}' (p.33)",
                    "sections",
                    index,
                    "section",
                )
        yield from _strategic(pack, force, units, models)
        if total > force["mfv"]:
            yield _error(
                force, f"sections: {total:g} points, more than the maximum force value of {force['mfv']} (p.29)", "mfv"
            )
        leaders = [i for i, entry in enumerate(force["sections"]) if entry.get("senior")]
        if len(leaders) != 1:
            yield _error(
                force,
                f"sections: {len(leaders)} sections marked senior; one Senior Commanding Officer "
                "leads the force (p.44)",
                "sections",
            )


def _strategic(pack: Pack, force: Item, units: dict[str, Item], models: dict[str, Item]) -> Iterator[Finding]:
    """Reserve and Flank sections: at most the pack's share of the MFV, and no Heavy Ironclad among them (p.29)."""
    share = pack.game.parameters.get("strategic_share_percent", 50)
    held, first = 0.0, None
    for index, entry in enumerate(force["sections"]):
        unit = units.get(entry["section"])
        if unit is None or entry.get("deploy", "table") == "table":
            continue
        first = index if first is None else first
        held += _points(unit, entry, units)
        heavy = [
            p["model"]
            for p in unit["models"]
            if p["model"] in models and models[p["model"]]["model_type"] == "heavy_ironclad"
        ]
        if heavy:
            yield _error(
                force,
                f"sections[{index}].deploy: '{heavy[0]}' is a Heavy Ironclad, which never arrives late (p.29)",
                "sections",
                index,
                "deploy",
            )
    if first is not None and held * 100 > share * force["mfv"]:
        yield _error(
            force,
            f"sections[{first}].deploy: {held:g} points held back as Reserve or Flank forces, more "
            f"than {share}% of {force['mfv']} (p.29)",
            "sections",
            first,
            "deploy",
        )


def _points(unit: Item, entry: dict, units: dict[str, Item]) -> float:
    """A section's points as the force buys it: its options and its transport included."""
    options = {option["id"]: option for option in unit.get("options", [])}
    total = unit["points"] + sum(
        pick["count"] * options[pick["option"]]["points"]
        for pick in entry.get("options", [])
        if pick["option"] in options
    )
    return total + (units[entry["transport"]]["points"] if entry.get("transport") in units else 0)


def _carried(
    force: Item, index: int, entry: dict, unit: Item, units: dict[str, Item], models: dict[str, Item], added: Counter
) -> Iterator[Finding]:
    transport_id = entry.get("transport")
    if transport_id is None:
        return
    if transport_id not in unit.get("transports", []):
        yield _error(
            force,
            f"sections[{index}].transport: '{unit.id}' may not buy '{transport_id}'; transports: "
            f"{', '.join(unit.get('transports', [])) or 'none'}",
            "sections",
            index,
            "transport",
        )
        return
    room = capacity(units[transport_id], models) if transport_id in units else None
    seats = sum(_riders(unit, models, added).values())
    if room is not None and seats > room["value"]:
        yield _error(
            force,
            f"sections[{index}].transport: '{transport_id}' carries {room['value']}; the section "
            f"fields {seats} (p.33, p.112)",
            "sections",
            index,
            "transport",
        )


def fielded(force: Item, units: dict[str, Item]) -> Counter:
    """The models a starter force puts on the table, by profile: its sections as bought, with their options (an
    upgrade in place of the model it replaces) and transports."""
    models: Counter = Counter()
    for entry in force["sections"]:
        unit = units.get(entry["section"])
        if unit is None:
            continue
        models.update({part["model"]: part["count"] for part in unit["models"]})
        options = {option["id"]: option for option in unit.get("options", [])}
        for pick in entry.get("options", []):
            option = options.get(pick["option"])
            if option is not None:
                models[option["model"]] += pick["count"]
                if option["kind"] == "upgrade":
                    models[option["replaces"]] -= pick["count"]
        if entry.get("transport") in units:
            models.update({part["model"]: part["count"] for part in units[entry["transport"]]["models"]})
    return models


def standees(pack: Pack) -> Iterator[Finding]:
    """The paper standees stand on their model's base, and there are as many of each as a starter force fields."""
    models = _models(pack)
    units = {unit.id: unit for unit in pack.of_type("unit")}
    printed: Counter = Counter()
    for standee in pack.of_type("standee"):
        printed[standee["model"]] += standee.qty
        model = models.get(standee["model"])
        if model is not None and standee["base"] != model["base"]:
            yield _error(standee, f"base: {standee['base']} mm; '{model.id}' stands on {model['base']} mm", "base")
    standees_ = pack.of_type("standee")
    if not standees_:
        return
    for force in pack.of_type("force"):
        for model_id, count in sorted(fielded(force, units).items()):
            if count > printed[model_id]:
                yield _error(
                    force,
                    f"sections: it fields {count} '{model_id}', and {printed[model_id]} standees are printed for it",
                    "sections",
                )


ALL = (sections, force_lists, standees)
