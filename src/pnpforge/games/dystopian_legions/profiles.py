"""Static checks of the profiles: the three dice, model profiles, weapon profiles, MAR parameters and where each
item says it comes from.

Page numbers in messages are the core rulebook's. Dice colours are judged against the pack's own ``dice:`` block,
so a colour a pack does not declare is reported where it is written.
"""

from __future__ import annotations

from typing import Any, Iterator

from pnpforge.content.pack import Item, Pack
from pnpforge.findings import Finding

IRONCLAD_TYPES = ("ironclad", "heavy_ironclad", "field_gun")  # AR and HP instead of IR and LP (p.39, p.107)
ARCS = (90, 180, 270, 360)  # p.73
# What each parameter shape of the registry needs after the name (p.113-119).
SHAPES = {
    "none": (),
    "value": ("value",),
    "x_plus": ("value",),
    "type_value": ("model_type", "value"),
    "value_colour": ("value", "colour"),
    "attack_value": ("attack", "value"),
}
SHAPE_WORDS = {
    "none": "no parameter",
    "value": "[v]",
    "x_plus": "[X+]",
    "type_value": "[Type, v]",
    "value_colour": "[v, colour]",
    "attack_value": "[Ranged/Melee, v]",
}
PARAMETERS = ("value", "colour", "model_type", "attack")


def _error(item: Item, message: str, *path: Any) -> Finding:
    return Finding("error", message, mark=item.mark(*path), subject=item.subject)


def colours(pack: Pack) -> tuple[str, ...]:
    """The dice colours the pack declares."""
    return tuple(pack.game.dice)


def _colour(pack: Pack, item: Item, colour: str, *path: Any) -> Iterator[Finding]:
    if colour not in pack.game.dice:
        yield _error(
            item,
            f"{'.'.join(map(str, path))}: '{colour}' is no die of the game; dice: {', '.join(colours(pack))}",
            *path,
        )


def dice(pack: Pack) -> Iterator[Finding]:
    """Black, blue and red D6 exist; a 6 counts once on black, twice on blue and twice plus a new die on red (p.14)."""
    wanted = {"black": (1, ()), "blue": (2, ()), "red": (2, ("red",))}
    for kind, (score, adds) in wanted.items():
        spec = pack.game.dice.get(kind)
        if spec is None:
            yield Finding(
                "error",
                f"dice: no '{kind}' die; the game rolls black, blue and red D6 (p.14)",
                mark=pack.game_doc.mark(("dice",)),
            )
            continue
        six = [face for face in spec.read_faces() if face.number == 6]
        counts = [
            1 if face.successes is None else face.successes for face in six
        ]  # None: one, as a 6 reaches any target
        if counts != [score] or tuple(six[0].adds) != adds:
            yield Finding(
                "error",
                f"dice.{kind}: on a {kind} die a natural 6 counts {score} and adds {_added(adds)} (p.14)",
                mark=pack.game_doc.mark(("dice", kind)),
            )


def _added(adds: tuple[str, ...]) -> str:
    return " and ".join(f"a {kind} die" for kind in adds) or "no die"


def mar_parameters(pack: Pack) -> Iterator[Finding]:
    """Every MAR a model or weapon names has exactly the parameters of its shape in the registry ([v], [X+],
    [Type, v], [v, colour], [Ranged/Melee, v]), and is one that kind of item carries."""
    registry = {mar.id: mar for mar in pack.of_type("mar")}
    for type_name in ("model", "weapon"):
        for item in pack.of_type(type_name):
            for index, use in enumerate(item.get("mars", [])):
                mar = registry.get(use["mar"])
                if mar is None:
                    continue
                yield from _mar_use(pack, item, index, use, mar, type_name)


def _mar_use(pack: Pack, item: Item, index: int, use: dict, mar: Item, carrier: str) -> Iterator[Finding]:
    shape, name = mar["shape"], mar.id
    needed = SHAPES[shape]
    given = [p for p in PARAMETERS if use.get(p) is not None]
    if mar["applies"] != carrier:
        yield _error(
            item, f"mars[{index}]: {name} is carried by a {mar['applies']}, not a {carrier}", "mars", index, "mar"
        )
    missing = [p for p in needed if p not in given]
    extra = [p for p in given if p not in needed]
    if missing or extra:
        said = ", ".join(f"{p} {use[p]}" for p in given) or "none"
        yield _error(item, f"mars[{index}]: {name} takes {SHAPE_WORDS[shape]}; given: {said}", "mars", index, "mar")
        return
    if shape == "x_plus" and not 2 <= use["value"] <= 6:
        yield _error(
            item, f"mars[{index}].value: {name} [{use['value']}+] needs a D6 target from 2 to 6", "mars", index, "value"
        )
    elif shape != "x_plus" and "value" in needed and use["value"] < 1:
        yield _error(
            item, f"mars[{index}].value: {name} [{use['value']}] needs a value of at least 1", "mars", index, "value"
        )
    if "colour" in needed:
        yield from _colour(pack, item, use["colour"], "mars", index, "colour")


def models(pack: Pack) -> Iterator[Finding]:
    """A model that is no Ironclad has IR and LP of at least 1 and no armour; an Ironclad (or field gun) has AR
    front/side/rear and HP instead; MAD dice are a die of the game; an officer has a command range and Command
    Points; an NCO carries NCO[v]; a weapon's arc is 90, 180, 270 or 360 degrees (p.39-44, p.73, p.107)."""
    for model in pack.of_type("model"):
        yield from _stats(model)
        mad = model.get("mad")
        if mad is not None:
            yield from _colour(pack, model, mad["colour"], "mad", "colour")
            if mad["count"] < 1:
                yield _error(model, "mad.count: a model that fights in melee rolls at least one die", "mad", "count")
        yield from _command(model)
        for index, mount in enumerate(model.get("weapons", [])):
            arc = mount.get("arc", 360)
            if arc not in ARCS:
                yield _error(
                    model,
                    f"weapons[{index}].arc: {arc} degrees; an arc is 90, 180, 270 or 360 (p.73)",
                    "weapons",
                    index,
                    "arc",
                )


def _stats(model: Item) -> Iterator[Finding]:
    kind = model["model_type"].replace("_", " ")
    a_kind = f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    if model["model_type"] in IRONCLAD_TYPES:
        for field in ("ir", "lp"):
            if model.get(field) is not None:
                yield _error(
                    model, f"{field}: {a_kind} has Armour Ratings and Hull Points, not {field.upper()} (p.107)", field
                )
        if model.get("armour") is None:
            yield _error(model, f"{a_kind} needs armour (front, side, rear) (p.107)", "model_type")
        if not model.get("hp"):
            yield _error(
                model,
                f"{a_kind} needs at least 1 Hull Point (hp) (p.107)",
                "hp" if model.get("hp") is not None else "model_type",
            )
        return
    for field in ("ir", "lp"):
        value = model.get(field)
        if value is None or value < 1:
            yield _error(
                model,
                f"{field}: {a_kind} model needs {field.upper()} of at least 1, found "
                f"{'none' if value is None else value} (p.41)",
                *((field,) if value is not None else ("model_type",)),
            )
    for field in ("armour", "hp"):
        if model.get(field) is not None:
            yield _error(model, f"{field}: only Ironclads have Armour Ratings and Hull Points (p.107)", field)


def _command(model: Item) -> Iterator[Finding]:
    rank, command = model.get("rank", "trooper"), model.get("command") or {}
    if rank == "officer" and (not command.get("range") or not command.get("cp")):
        yield _error(
            model,
            "command: an officer has a command range and makes Command Points each turn (p.44)",
            "command" if model.get("command") is not None else "rank",
        )
    if rank != "officer" and model.get("command") is not None:
        yield _error(model, "command: only officers have a command range; an NCO carries NCO[v] (p.44)", "command")
    has_nco = any(use["mar"] == "nco" for use in model.get("mars", []))
    if rank == "nco" and not has_nco:
        yield _error(model, "rank: an NCO carries the NCO[v] MAR, which says its Command Points (p.44)", "rank")
    if rank != "nco" and has_nco:
        yield _error(model, f"mars: NCO[v] on a model of rank {rank}; give it rank nco (p.44)", "mars")


def weapons(pack: Pack) -> Iterator[Finding]:
    """A weapon has an effective or a long range (or both), each band from less to more; the effective range ends
    where the long range starts; each dice cell is a dash or a count of at least 1 of a die of the game, and only a
    band the weapon has holds dice; an IDF weapon has a long range (p.71, p.85)."""
    for weapon in pack.of_type("weapon"):
        bands = {band: weapon.get(field) for band, field in (("effective", "effective_range"), ("long", "long_range"))}
        if not any(bands.values()):
            yield _error(weapon, "a weapon has an effective range, a long range or both (p.71)", "name")
        for band, field in (("effective", "effective_range"), ("long", "long_range")):
            span = bands[band]
            if span and span["from"] >= span["to"]:
                yield _error(
                    weapon, f"{field}: {span['from']}-{span['to']} inches; a band runs from less to more", field, "to"
                )
        er, lr = bands["effective"], bands["long"]
        if er and lr and er["to"] != lr["from"]:
            yield _error(
                weapon,
                f"long_range.from: {lr['from']} inches; the long range starts where the effective "
                f"range ends ({er['to']}) (p.71)",
                "long_range",
                "from",
            )
        for pool in ("rad", "iad"):
            for band, cell in (weapon.get(pool) or {}).items():
                if cell is None:
                    continue
                if not bands.get(band):
                    yield _error(weapon, f"{pool}.{band}: dice at a {band} range the weapon does not have", pool, band)
                if cell["count"] < 1:
                    yield _error(
                        weapon,
                        f"{pool}.{band}.count: a cell holds 1 die or more; leave the band out for a dash",
                        pool,
                        band,
                        "count",
                    )
                yield from _colour(pack, weapon, cell["colour"], pool, band, "colour")
        if any(use["mar"] == "idf-weapon" for use in weapon.get("mars", [])) and not lr:
            yield _error(weapon, "mars: an IDF weapon needs a long range, where observed fire is made (p.85)", "mars")


def sources(pack: Pack) -> Iterator[Finding]:
    """An item from the rulebook may list the fields the pack authored for it, each a field of its type or ``qty``
    (how many copies the box holds); an authored item lists none."""
    for item in pack.all_items():
        fields = pack.types[item.type].fields
        authored = item.get("authored", [])
        if item.get("source") == "authored" and authored:
            yield _error(
                item,
                "authored: the whole item is authored; list authored fields only on an item from the rulebook",
                "authored",
            )
        for index, name in enumerate(authored):
            if name not in fields and name != "qty":
                yield _error(item, f"authored[{index}]: '{name}' is no field of {item.label}", "authored", index)


ALL = (dice, mar_parameters, models, weapons, sources)
