"""Field declarations: the kinds a pack may give its component types' fields.

A pack writes ``{kind: int, min: 0, max: 9, required: true, doc: ...}``; this module validates that declaration
(itself with pydantic, so an unknown option is reported with the accepted ones) and turns it into a pydantic
type that validates item values. The whole of a component type becomes one generated pydantic model.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from annotated_types import Ge, Le, Len
from pydantic import (BaseModel, ConfigDict, Field, PlainValidator, StringConstraints, ValidationInfo, create_model,
                      field_validator)
from pydantic_core import PydanticCustomError

from pnpforge.content.grid_field import grid_value, legend_problem
from pnpforge.content.source import HugeNumber

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
LANG_PATTERN = re.compile(r"^[a-z]{2,3}(-[A-Z]{2})?$")
INT_MIN, INT_MAX = 0, 1_000_000
Label = Union[str, dict[str, str]]  # what players read: one string, or one per language code


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    required: bool = False
    default: Any = None
    doc: str = ""
    label: Label | None = None  # the field's name as players read it (default: the name in words)


class IntField(_Spec):
    """An integer within bounds."""
    kind: Literal["int"]
    min: int = INT_MIN
    max: int = INT_MAX


class NumberField(_Spec):
    """An integer or decimal within bounds."""
    kind: Literal["number"]
    min: float = INT_MIN
    max: float = INT_MAX


class BoolField(_Spec):
    """true or false."""
    kind: Literal["bool"]


class StringField(_Spec):
    """A plain string players do not read."""
    kind: Literal["string"]
    pattern: str | None = None


class TextField(_Spec):
    """Player-facing text with :icon: markup; plain or per language."""
    kind: Literal["text"]
    translated: bool = True
    max_length: int | None = None


class EnumField(_Spec):
    """One of a closed list of values."""
    kind: Literal["enum"]
    values: list[str] = Field(min_length=1)
    value_labels: dict[str, Label] = {}  # a value as players read it (default: the value in words)

    @field_validator("value_labels")
    @classmethod
    def _labelled_values(cls, labels: dict[str, Label], info: ValidationInfo) -> dict[str, Label]:
        """Every labelled value is one of the values."""
        values = info.data.get("values") or []
        unknown = [value for value in labels if value not in values]
        if unknown:
            raise ValueError(f"'{unknown[0]}' is not one of the values ({', '.join(values)})")
        return labels


class RefField(_Spec):
    """The id of another item (or a faction)."""
    kind: Literal["ref"]
    to: str


class ListField(_Spec):
    """A list of values of one field kind."""
    kind: Literal["list"]
    of: "FieldSpec"
    min_items: int = 0
    max_items: int | None = None
    unique: bool = False
    separator: str = Field(";", min_length=1, description="what splits the values in a spreadsheet cell")


class ObjectField(_Spec):
    """A mapping with declared fields."""
    kind: Literal["object"]
    fields: dict[str, "FieldSpec"]


class EffectField(_Spec):
    """A structured game effect from the pack's effect vocabulary."""
    kind: Literal["effect"]
    allowed: list[str] | None = None


class ImageField(_Spec):
    """A path to an image file inside the pack."""
    kind: Literal["image"]


class GridField(_Spec):
    """A square map drawn in ASCII, with a legend of its cell symbols (``content/grid_field.py``)."""
    kind: Literal["grid"]
    legend: dict[str, str] = {}  # cell symbols added to the defaults: symbol -> terrain
    border: bool = True  # keep the walls, doors and openings on the map's border

    @field_validator("legend")
    @classmethod
    def _symbols(cls, legend: dict[str, str]) -> dict[str, str]:
        """Every symbol is one character other than a space, every terrain a name."""
        problem = legend_problem(legend)
        if problem:
            raise ValueError(problem)
        return legend


FieldSpec = Annotated[
    Union[IntField, NumberField, BoolField, StringField, TextField, EnumField, RefField, ListField, ObjectField,
          EffectField, ImageField, GridField],
    Field(discriminator="kind"),
]
ListField.model_rebuild()
ObjectField.model_rebuild()

KINDS = ("int", "number", "bool", "string", "text", "enum", "ref", "list", "object", "effect", "image", "grid")


class TypeSpec(BaseModel):
    """A component type: the file holding its items and its fields."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    file: str
    sheet: str | None = None  # the worksheet of an .xlsx file (default: the first)
    doc: str = ""
    label: Label | None = None  # what players call an item of the type (default: the type's name in words)
    fields: dict[str, FieldSpec] = {}


class PlayerFileSpec(BaseModel):
    """A kind of file the pack's players write (a force list): its fields, where the pack keeps examples of it, and
    the document a build prints from one. The game package checks it and draws the document."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    doc: str = ""
    label: Label | None = None  # what players call such a file (default: the kind's name in words)
    examples: str | None = None  # a folder inside the pack holding examples, each of which must pass its checks
    document: str | None = None  # the name of the document a build prints from such a file (the folder it goes to)
    fields: dict[str, FieldSpec] = {}


class EffectSpec(BaseModel):
    """One effect of a pack's closed effect vocabulary."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    doc: str = ""
    params: dict[str, FieldSpec] = {}


def label_in(label: Label | None, lang: str | None, fallback: str) -> str:
    """A declared label in ``lang`` (the first language given when ``lang`` is None or missing), else ``fallback``."""
    if isinstance(label, dict):
        return (label.get(lang) if lang else None) or next(iter(label.values()), fallback)
    return label or fallback


def _custom(message: str) -> PydanticCustomError:
    return PydanticCustomError("pnp", "{message}", {"message": message})


def shown(value: Any) -> str:
    """A value as a message quotes it."""
    if isinstance(value, HugeNumber):
        return f"a {value.digits()}-digit number"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return str(value)


def _text(spec: TextField):
    def check(value: Any) -> Any:
        if isinstance(value, str):
            text = value
        elif isinstance(value, dict) and spec.translated:
            for lang, text in value.items():
                if not isinstance(lang, str) or not LANG_PATTERN.match(lang):
                    raise _custom(f"expected a language code like 'en' as key, found {shown(lang)}")
                if not isinstance(text, str):
                    raise _custom(f"{lang}: expected text, found {shown(text)}")
            if not value:
                raise _custom("expected text, found an empty mapping")
            text = max(value.values(), key=len)
        else:
            options = "text or a mapping of languages to text" if spec.translated else "text"
            raise _custom(f"expected {options}, found {shown(value)}")
        if spec.max_length is not None and len(text) > spec.max_length:
            raise _custom(f"text is {len(text)} long; at most {spec.max_length} fits")
        return value
    return PlainValidator(check)


def _number(spec: NumberField):
    def check(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _custom(f"expected a number, found {shown(value)}")
        if value < spec.min:
            raise _custom(f"expected a number >= {spec.min:g}, found {value}")
        if value > spec.max:
            raise _custom(f"expected a number <= {spec.max:g}, found {value}")
        return value
    return PlainValidator(check)


def value_type(spec: Any, effects: dict[str, EffectSpec]) -> Any:
    """The pydantic type that validates values of one declared field."""
    kind = spec.kind
    if kind == "int":
        return Annotated[int, Ge(spec.min), Le(spec.max)]
    if kind == "number":
        return Annotated[Any, _number(spec)]
    if kind == "bool":
        return bool
    if kind in ("string", "image"):
        pattern = getattr(spec, "pattern", None)
        return Annotated[str, StringConstraints(pattern=pattern)] if pattern else str
    if kind == "ref":
        return str
    if kind == "text":
        return Annotated[Any, _text(spec)]
    if kind == "enum":
        return Literal[tuple(spec.values)]
    if kind == "list":
        inner = value_type(spec.of, effects)
        return Annotated[list[inner], Len(spec.min_items, spec.max_items)]  # type: ignore[valid-type]  # built from the schema
    if kind == "object":
        return object_model("object", spec.fields, effects)
    if kind == "grid":
        return Annotated[Any, grid_value(spec.legend, spec.border)]
    if kind == "effect":
        names = [n for n in effects if spec.allowed is None or n in spec.allowed]
        models = [effect_model(n, effects[n], effects) for n in names]
        if not models:
            return Annotated[Any, PlainValidator(_no_effects)]
        if len(models) == 1:
            return models[0]
        return Annotated[Union[tuple(models)], Field(discriminator="effect")]
    raise ValueError(f"unknown field kind {kind!r}")  # pragma: no cover - the declaration was validated


def _no_effects(value: Any) -> Any:
    raise _custom("the pack declares no effects (add them under 'effects:' in game.yaml)")


def field_definition(spec: Any, effects: dict[str, EffectSpec]) -> tuple[Any, Any]:
    """``(type, default)`` for ``create_model``."""
    annotation = value_type(spec, effects)
    if spec.required:
        return (annotation, ...)
    if spec.default is None:
        return (annotation | None, None)
    return (annotation, Field(default=spec.default, validate_default=False))


def object_model(name: str, fields: dict[str, Any], effects: dict[str, EffectSpec], **extra: Any) -> type[BaseModel]:
    """A strict pydantic model for a mapping with declared fields (unknown keys refused)."""
    definitions: dict[str, Any] = {key: field_definition(spec, effects) for key, spec in fields.items()}
    definitions.update(extra)
    model = create_model(_model_name(name), __config__=ConfigDict(extra="forbid", strict=True), **definitions)
    return model


def effect_model(name: str, spec: EffectSpec, effects: dict[str, EffectSpec]) -> type[BaseModel]:
    """The model of one effect: ``effect: <name>`` plus its declared parameters."""
    return _once(f"effect {name}", spec, effects,
                 lambda: object_model(f"effect {name}", spec.params, effects, effect=(Literal[name], ...)))


_MODELS: dict[tuple, tuple[tuple, type[BaseModel]]] = {}  # process cache: item models by schema


def _once(name: str, spec: Any, effects: dict[str, EffectSpec], make) -> type[BaseModel]:
    """The model ``make()`` gives, made once per name, declaration and effect vocabulary (a pack's types share
    its effect models, and a rulebook asks for a type's model for every card written inline)."""
    key = (name, id(spec), id(effects))
    known = _MODELS.get(key)
    if known is not None and known[0][0] is spec and known[0][1] is effects:
        return known[1]
    model = make()
    if len(_MODELS) > 1024:  # a long-running watch keeps only recent packs' models
        _MODELS.clear()
    _MODELS[key] = ((spec, effects), model)  # the objects are kept, so their ids are not reused
    return model


def item_model(type_name: str, spec: TypeSpec, effects: dict[str, EffectSpec]) -> type[BaseModel]:
    """The generated model of one component type: ``id`` and ``qty`` plus the declared fields."""
    return _once(f"item {type_name}", spec, effects, lambda: object_model(
        type_name, spec.fields, effects,
        id=(Annotated[str, StringConstraints(pattern=ID_PATTERN)], ...),
        qty=(Annotated[int, Ge(0), Le(999)], 1),  # 0 parks an item: checked, not printed
    ))


def _model_name(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", name) if part) or "Item"
