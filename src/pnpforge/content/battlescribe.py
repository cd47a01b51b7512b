"""A pack's declaration of how its types and fields read in BattleScribe's format (``exports/battlescribe.yaml``).

The pack names, as data, which of its types become profiles (with the characteristics each shows), rules, selection
entries (with their parts, costs, categories and limits) and force entries (with the category counts of a force
organisation, read from the pack's own items). ``load_mapping`` reads the file with located findings and checks
that every type and field it names exists, so a mistake reads ``exports/battlescribe.yaml:12:7: error: ...``; the
static checks run it for every pack that has the file (``check/shared.py``), so ``validate`` reports it too. The
export itself is ``publish/battlescribe/``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from pnpforge.content.exports import MAPPING_FILE
from pnpforge.content.fields import ID_PATTERN
from pnpforge.content.pack import Pack, validate_model
from pnpforge.content.source import Doc, LoadError, load_yaml
from pnpforge.findings import Finding

KebabId = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
FieldName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
Path_ = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$")]
Scalar = Union[str, int, bool]
Bound = Union[Annotated[int, Field(ge=0, le=100_000)], FieldName]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class Alternative(_Strict):
    text: str = Field(description="a text with {field} places")
    when: dict[Path_, Union[Scalar, list[Scalar]]] = Field(default_factory=dict,
                                                          description="fields that must have these values")
    unless: dict[Path_, Union[Scalar, list[Scalar]]] = Field(default_factory=dict,
                                                            description="fields that must not have these values")


Texts = Union[str, list[Union[str, Alternative]]]


class Characteristic(_Strict):
    name: str = Field(min_length=1, description="the column's name in BattleScribe")
    value: Texts = Field(description="what it shows; a dash when no text applies")


class Link(_Strict):
    field: FieldName = Field(description="a list field naming other items (by a reference)")
    name: Texts = Field(description="how one element reads")


class ProfileSpec(_Strict):
    type: FieldName = Field(description="the type whose items are profiles")
    name: str = Field(min_length=1, description="the profile type's name in BattleScribe")
    catalogue: FieldName | None = Field(None, description="a field naming the faction whose catalogue holds the "
                                                          "item (other values: the game system)")
    characteristics: list[Characteristic] = Field(min_length=1)
    links: list[Link] = Field(default_factory=list, description="list fields naming rules or other profiles")


class RuleSpec(_Strict):
    type: FieldName = Field(description="the type whose items are shared rules")
    name: Texts = "{name}"
    description: Texts


class CostSpec(_Strict):
    id: KebabId
    name: str = Field(min_length=1, description="the cost's name in BattleScribe")


class CategoryFrom(_Strict):
    field: FieldName | None = Field(None, description="an enum field: one category per value")
    id: KebabId | None = Field(None, description="or one category with this id")
    name: str | None = Field(None, description="and this name")


class Part(_Strict):
    field: FieldName = Field(description="a list field of the entry's type")
    item: FieldName = Field(description="the element's reference to a profile item")
    key: FieldName | None = Field(None, description="the element's id (default: the item it names)")
    kind: Literal["model", "upgrade", "unit"] = "model"
    min: Bound = Field(description="fewest, a number or the element's field")
    max: Bound = Field(description="most, a number or the element's field")
    costs: dict[KebabId, FieldName] = Field(default_factory=dict, description="cost id: the element's field")
    name: Texts = "{item}"
    replaces: FieldName | None = Field(None, description="the element's reference to an item it takes the place of "
                                                         "(a roster counts one fewer of the part that brings it)")


class Carry(_Strict):
    field: FieldName = Field(description="a list of references to other entries, taken along inside this one")
    max: Annotated[int, Field(ge=1, le=100)] = 1


class Limit(_Strict):
    rule: KebabId = Field(description="an entry whose items carry this rule ...")
    max: Annotated[int, Field(ge=0, le=100)] = Field(description="... is taken at most this often in a roster")


class EntrySpec(_Strict):
    type: FieldName
    kind: Literal["model", "upgrade", "unit"]
    catalogue: FieldName | None = None
    category: CategoryFrom
    costs: dict[KebabId, FieldName] = Field(default_factory=dict, description="cost id: the item's field")
    parts: list[Part] = Field(default_factory=list)
    carries: list[Carry] = Field(default_factory=list)
    not_root: dict[FieldName, list[Scalar]] = Field(default_factory=dict,
                                                    description="items with these values are only taken along")
    limits: list[Limit] = Field(default_factory=list)
    max: Annotated[int, Field(ge=1, le=100)] | None = Field(None, description="each at most this often in a force")


class Required(_Strict):
    field: FieldName
    categories: FieldName
    count: FieldName


class Instead(_Strict):
    field: FieldName
    give_up: FieldName
    take: FieldName


class Ladder(_Strict):
    field: FieldName = Field(description="the list of steps; the last repeats for every later one")
    counted: str = Field(description="the category whose selections climb the ladder")
    step: FieldName = Field(description="the step's number of selections of the counted category")
    grants: FieldName
    categories: FieldName
    count: FieldName
    instead: Instead | None = None


class CategoryCount(_Strict):
    category: str
    min: Bound | None = None
    max: Bound | None = None


class ForceSpec(_Strict):
    type: FieldName | None = Field(None, description="one force entry per item of this type")
    id: KebabId | None = Field(None, description="or one force entry with this id")
    name: str | None = None
    required: Required | None = None
    ladder: Ladder | None = None
    caps: dict[str, FieldName] = Field(default_factory=dict, description="category: the item's field of its most")
    categories: list[CategoryCount] = Field(default_factory=list, description="fixed counts (a number or a game "
                                                                             "parameter)")


class Picks(_Strict):
    field: FieldName = Field(description="the list of parts a player picks")
    key: FieldName = Field(description="the pick's field naming the part (its key)")
    count: FieldName | None = Field(None, description="the pick's field of how many (default: one)")


class Size(_Strict):
    field: FieldName = Field(description="the number of models bought, added parts aside")
    part: FieldName = Field(description="the entry's part list whose element is bought to reach it ...")
    when: dict[FieldName, Scalar] = Field(default_factory=dict, description="... the element with these values")


class RosterForce(_Strict):
    field: FieldName = Field(description="the player file's list: one force per element (with ``entries``), or "
                                         "one force of the entries it names")
    force: str = Field(description="a type (its first item's force entry) or a force entry's id")
    entries: list[FieldName] = Field(default_factory=list, description="the element's fields holding one or a list "
                                                                       "of bought entries")
    entry: FieldName | None = Field(None, description="a bought entry's reference to the entry item")
    carries: list[FieldName] = Field(default_factory=list, description="a bought entry's references to entries "
                                                                       "taken along inside it")
    picks: Picks | None = None
    size: Size | None = None


class RosterSpec(_Strict):
    kind: FieldName = Field(description="the kind of player file a roster is made from")
    name: FieldName | None = Field(None, description="its field naming the roster (default: the file's name)")
    faction: FieldName = Field(description="its field naming the faction (the catalogue)")
    limits: dict[KebabId, FieldName] = Field(default_factory=dict, description="cost id: its field of the limit")
    forces: list[RosterForce] = Field(min_length=1)


class Mapping(_Strict):
    revision: Annotated[int, Field(ge=1, le=1_000_000)] = 1
    costs: list[CostSpec] = Field(min_length=1)
    profiles: list[ProfileSpec] = Field(default_factory=list)
    rules: list[RuleSpec] = Field(default_factory=list)
    entries: list[EntrySpec] = Field(min_length=1)
    forces: list[ForceSpec] = Field(min_length=1)
    roster: RosterSpec | None = Field(None, description="how a player's file reads as a roster")


def load_mapping(pack: Pack) -> tuple[Mapping | None, Doc | None, list[Finding]]:
    """The pack's mapping, its document and the problems found in it (located in the file)."""
    try:
        doc = load_yaml(pack.root / MAPPING_FILE)
    except LoadError as exc:
        return None, None, exc.findings
    problems: list[Finding] = []
    mapping = validate_model(Mapping, doc, problems)
    if mapping is None:
        return None, doc, problems
    problems += _names(pack, mapping, doc)
    return (None if problems else mapping), doc, problems


def _names(pack: Pack, mapping: Mapping, doc: Doc) -> list[Finding]:
    """Every type, field, cost and category the mapping names exists."""
    problems: list[Finding] = []

    def error(at: tuple, message: str) -> None:
        problems.append(Finding("error", message, mark=doc.mark(at), blocking=True, rule="input"))

    def type_fields(type_name: str, at: tuple) -> dict[str, Any] | None:
        spec = pack.types.get(type_name)
        if spec is None:
            error(at, f"no type '{type_name}'; types: {', '.join(sorted(pack.types))}")
            return None
        return spec.fields

    def has_field(fields: dict[str, Any] | None, name: str | None, at: tuple, what: str) -> None:
        if fields is not None and name is not None and name not in fields:
            error(at, f"{what} has no field '{name}'; fields: {', '.join(fields)}")

    costs = {cost.id for cost in mapping.costs}
    categories: set[str] = set()
    for index, entry in enumerate(mapping.entries):
        at = ("entries", index)
        fields = type_fields(entry.type, at + ("type",))
        for name, at_field in [(entry.catalogue, "catalogue"), (entry.category.field, "category")]:
            has_field(fields, name, at + (at_field,), f"type '{entry.type}'")
        for cost, name in entry.costs.items():
            has_field(fields, name, at + ("costs", cost), f"type '{entry.type}'")
            if cost not in costs:
                error(at + ("costs", cost), f"no cost '{cost}'; costs: {', '.join(sorted(costs))}")
        for number, part in enumerate(entry.parts):
            has_field(fields, part.field, at + ("parts", number, "field"), f"type '{entry.type}'")
            element = getattr(getattr(fields.get(part.field) if fields else None, "of", None), "fields", None)
            if fields is not None and part.field in fields and element is None:
                error(at + ("parts", number, "field"), f"'{part.field}' is no list of objects")
            names = [part.item, part.key, part.replaces] + [b for b in (part.min, part.max) if isinstance(b, str)]
            for name in names + list(part.costs.values()):
                has_field(element, name, at + ("parts", number), f"an element of '{part.field}'")
        for number, carry in enumerate(entry.carries):
            has_field(fields, carry.field, at + ("carries", number, "field"), f"type '{entry.type}'")
        for name in entry.not_root:
            has_field(fields, name, at + ("not_root", name), f"type '{entry.type}'")
        if entry.category.field is not None and fields is not None and entry.category.field in fields:
            categories |= set(getattr(fields[entry.category.field], "values", []) or [])
        elif entry.category.id is not None:
            categories.add(entry.category.id)
        else:
            error(at + ("category",), "category: give a field or an id and a name")
    for group in ("profiles", "rules"):
        for index, spec in enumerate(getattr(mapping, group)):
            fields = type_fields(spec.type, (group, index, "type"))
            has_field(fields, getattr(spec, "catalogue", None), (group, index, "catalogue"), f"type '{spec.type}'")
            for number, link in enumerate(getattr(spec, "links", [])):
                has_field(fields, link.field, (group, index, "links", number, "field"), f"type '{spec.type}'")
    for index, force in enumerate(mapping.forces):
        at = ("forces", index)
        fields = type_fields(force.type, at + ("type",)) if force.type else None
        if (force.type is None) == (force.id is None):
            error(at, "a force entry names a type (one per item) or an id, not both")
        for named_field in [force.required.field if force.required else None,
                            force.ladder.field if force.ladder else None]:
            has_field(fields, named_field, at, f"type '{force.type}'")
        for category, name in force.caps.items():
            has_field(fields, name, at + ("caps", category), f"type '{force.type}'")
        named = [c.category for c in force.categories] + list(force.caps) + (
            [force.ladder.counted] if force.ladder else [])
        for category in named:
            if category not in categories:
                error(at, f"no category '{category}'; categories: {', '.join(sorted(categories))}")
        for number, count in enumerate(force.categories):
            for bound in (count.min, count.max):
                if isinstance(bound, str) and not isinstance(pack.game.parameters.get(bound), int):
                    error(at + ("categories", number), f"'{bound}' is no whole-number parameter of game.yaml")
    if mapping.roster is not None:
        problems += _roster_names(pack, mapping, doc)
    return problems


def _roster_names(pack: Pack, mapping: Mapping, doc: Doc) -> list[Finding]:
    """The roster block names a kind of player file the pack declares, fields of it, and force entries."""
    spec = mapping.roster
    assert spec is not None
    kinds = dict(pack.game.player_files)
    kind = kinds.get(spec.kind)
    if kind is None:
        return [Finding("error", f"roster: no kind of player file '{spec.kind}'; the pack declares "
                                 f"{', '.join(kinds) or 'none (game.yaml: player_files:)'}",
                        mark=doc.mark(("roster", "kind")), blocking=True, rule="input")]
    problems: list[Finding] = []
    fields = kind.fields
    forces = {f.type for f in mapping.forces if f.type} | {f.id for f in mapping.forces if f.id}
    named: list[tuple[tuple, str | None]] = [(("roster", key), getattr(spec, key)) for key in ("name", "faction")]
    named += [(("roster", "limits", cost), name) for cost, name in spec.limits.items()]
    named += [(("roster", "forces", index, "field"), force.field) for index, force in enumerate(spec.forces)]
    for at, name in named:
        if name is not None and name not in fields:
            problems.append(Finding("error", f"roster: a {spec.kind} has no field '{name}'; fields: "
                                             f"{', '.join(fields)}", mark=doc.mark(at), blocking=True, rule="input"))
    for index, force in enumerate(spec.forces):
        if force.force not in forces:
            problems.append(Finding("error", f"roster: no force entry '{force.force}'; forces: "
                                             f"{', '.join(sorted(forces))}",
                                    mark=doc.mark(("roster", "forces", index, "force")), blocking=True,
                                    rule="input"))
    return problems
