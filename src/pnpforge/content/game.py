"""The declaration of ``game.yaml`` (and ``schema.yaml``): a pack's metadata, factions, icons, box, effects, types,
dice (``content/dice.py``).

Every key has a docstring-like ``description``, so the reference in ``docs/content-model.md`` and the validation
come from one declaration.
"""

from __future__ import annotations

import typing
from typing import Annotated, Any, Union

from annotated_types import Ge, Le
from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationInfo,
                      field_validator)

from pnpforge.content.dice import Kind, DieSpec
from pnpforge.content.fields import ID_PATTERN, EffectSpec, PlayerFileSpec, TypeSpec

KebabId = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
Text = Union[str, dict[str, str]]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class Players(_Strict):
    min: Annotated[int, Ge(1), Le(100)] = Field(description="fewest players")
    max: Annotated[int, Ge(1), Le(100)] = Field(description="most players")


class Faction(_Strict):
    id: KebabId = Field(description="faction id, used by fields of kind ref with to: faction")
    name: Text = Field(description="the faction's name as players read it")
    colour: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$", description="the faction colour, #rrggbb")
    icon: str | None = Field(None, description="icon id of the faction symbol")
    doc: str = Field("", description="a note for designers")


class Icon(_Strict):
    label: Text = Field(description="what the icon means, as players read it")
    file: str | None = Field(None, description="SVG file inside the pack (or a layout icon name)")


class BoxEntry(_Strict):
    type: str | None = Field(None, description="a component type whose items (after qty) are counted")
    where: dict[str, Union[str, int, bool]] | None = Field(None, description="count only items with these values")
    component: str | None = Field(None, description="a component that is not a content item (e.g. sleeves)")
    count: Annotated[int, Ge(0), Le(100_000)] = Field(description="how many the box holds")
    printed: bool = Field(True, description="false for components pnpforge does not print")
    doc: str = Field("", description="a note for designers")


class VariantChange(_Strict):
    item: str = Field(pattern=r"^[a-z][a-z0-9_]*:[a-z0-9]+(-[a-z0-9]+)*$",
                      description="the item changed, as type:id (order:no-medics)")
    set: dict[str, Any] = Field(min_length=1, description="its fields and their new values")


class Variant(_Strict):
    name: Text = Field(description="the variant's name as players read it")
    about: Text = Field("", description="what it changes and why (a house rule, not the published game)")
    changes: list[VariantChange] = Field(min_length=1, description="the items it changes")


class Accepted(_Strict):
    rule: str = Field(pattern=r"^[a-z0-9-]+$", description="the check whose finding is kept on purpose")
    subject: str = Field(min_length=1, description="what the finding is about, as it names it: order 'no-medics'")
    reason: str = Field(min_length=1, description="why the pack keeps it, with the evidence")
    players: list[Annotated[int, Field(ge=1)]] | None = Field(
        None, min_length=1, description="the player counts it is kept at (default: every count)")


class Deck(_Strict):
    id: KebabId = Field(description="the deck's id, which names its files (Tabletop Simulator sheets, shop PDFs)")
    name: Text | None = Field(None, description="the deck's name as players read it (default: its types' labels)")
    types: list[str] = Field(min_length=1, description="the component types whose cards it holds")
    group_by: str | None = Field(None, description="a field whose values split it: one deck per value, such as "
                                                   "one per faction")


class CampaignRank(_Strict):
    id: KebabId = Field(description="the rank's id")
    points: Annotated[int, Ge(0), Le(1_000_000)] = Field(description="the points a player needs to hold it")


def _carried(value: Any) -> Any:
    """A value a campaign carries: a whole number, a word, true or false, or a list of them (never a fraction:
    rules decide with whole numbers)."""
    def plain(v: Any) -> bool:
        return isinstance(v, (bool, str)) or (isinstance(v, int) and abs(v) <= 10**9)

    if plain(value) or (isinstance(value, list) and all(plain(v) for v in value)):
        return value
    raise ValueError(f"expected a whole number, a word, true or false, or a list of them; found {value!r}")


CarriedValue = Annotated[Any, AfterValidator(_carried)]


class Campaign(_Strict):
    """A mode that plays scenarios one after another in one game, carrying values from each to the next."""

    name: Text = Field(description="the campaign's name as players read it")
    about: Text = Field("", description="what the campaign is, for players")
    scenarios: list[KebabId] = Field(min_length=1, max_length=100,
                                     description="the scenarios played one after another, in order")
    carry: dict[Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")], CarriedValue] = Field(
        default_factory=dict, description="the values each player carries from scenario to scenario (rank, points, "
                                          "items), with the value every player starts with")
    ranks: list[CampaignRank] = Field(default_factory=list,
                                      description="the rank ladder, lowest first: the points each rank needs")
    decided_by: str | None = Field(None, description="a carried value: the player with the most of it after the "
                                                     "last scenario wins the campaign (default: the last "
                                                     "scenario's result)")
    ends_on_loss: bool = Field(True, description="a scenario every player loses ends the campaign, lost by all")

    @field_validator("ranks")
    @classmethod
    def _ladder(cls, ranks: list[CampaignRank]) -> list[CampaignRank]:
        """Each rank needs more points than the one below it, and starts at 0 points."""
        if ranks and ranks[0].points != 0:
            raise ValueError(f"the lowest rank '{ranks[0].id}' needs {ranks[0].points} points; it is where every "
                             "player starts, so it needs 0")
        for lower, higher in zip(ranks, ranks[1:]):
            if higher.points <= lower.points:
                raise ValueError(f"rank '{higher.id}' needs {higher.points} points, no more than '{lower.id}' "
                                 f"below it ({lower.points}); list the ranks lowest first")
        ids = [r.id for r in ranks]
        twice = next((i for i in ids if ids.count(i) > 1), None)
        if twice is not None:
            raise ValueError(f"rank '{twice}' is listed twice")
        return ranks

    @field_validator("decided_by")
    @classmethod
    def _decider(cls, name: str | None, info: ValidationInfo) -> str | None:
        """The value that decides the campaign is one the players carry, a number."""
        carry = info.data.get("carry")
        if name is None or carry is None:
            return name
        if name not in carry:
            raise ValueError(f"'{name}' is not a carried value; carried: {', '.join(carry) or 'none'}")
        if isinstance(carry[name], bool) or not isinstance(carry[name], int):
            raise ValueError(f"'{name}' starts at {carry[name]!r}; the value that decides a campaign is a number")
        return name


class GameFile(_Strict):
    """The keys of game.yaml."""

    id: KebabId = Field(description="the pack id; equals the pack's folder name")
    name: Text = Field(description="the game's title")
    version: str = Field("1", description="the pack's own version")
    languages: list[Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]] = Field(
        default_factory=lambda: ["en"], min_length=1, description="languages every translated string must have")
    players: Players | None = Field(None, description="supported player counts")
    engine: str | None = Field(None, pattern=r"^[a-z][a-z0-9_]*$",
                               description="game package under pnpforge.games adding engine, bots and checks")
    about: Text = Field("", description="where the content comes from")
    icon: str | None = Field(None, min_length=1, description="the game's own symbol (the web site's favicon): an icon "
                                                             "id of icons, or an SVG or PNG file inside the pack "
                                                             "(default: the first faction's icon)")
    layouts_from: list[KebabId] = Field(default_factory=list,
                                        description="packs whose layouts this pack reuses, by pack id")
    vocabulary: list[str] = Field(default_factory=list, description="game terms shared code must never name")
    factions: list[Faction] = Field(default_factory=list, description="the sides players take")
    icons: dict[str, Icon] = Field(default_factory=dict, description="icon ids usable as :id: in text")
    box: list[BoxEntry] = Field(default_factory=list, description="the box contents with counts")
    box_strict: bool = Field(False, description="a box count the content does not match is an error (default: a "
                                                "warning, an error under --strict)")
    parameters: dict[str, Any] = Field(
        default_factory=dict, description="the rules' own numbers and lists, read by the game package")
    thresholds: dict[str, Union[int, float]] = Field(default_factory=dict, description="numbers for the validator")
    effects: dict[str, EffectSpec] = Field(default_factory=dict, description="the closed effect vocabulary")
    variants: dict[KebabId, Variant] = Field(default_factory=dict,
                                             description="house rules the validator can play (validate --variant)")
    accepted: list[Accepted] = Field(default_factory=list,
                                     description="validator findings the pack keeps on purpose, with the reason")
    campaigns: dict[KebabId, Campaign] = Field(default_factory=dict,
                                               description="modes of the game package that chain scenarios, by mode")
    dice: dict[Kind, DieSpec] = Field(default_factory=dict, description="the kinds of dice the game throws, by id: "
                                                                        "faces, scores and explosions")
    types: dict[str, TypeSpec] | None = Field(None, description="component types (or in schema.yaml)")
    decks: list[Deck] | None = Field(None, description="cards grouped into decks for Tabletop Simulator and print "
                                                       "shops (default: one deck per type of cards)")
    player_files: dict[Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")], PlayerFileSpec] = Field(
        default_factory=dict, description="kinds of files players write (a force list), checked with --list FILE")

    @field_validator("thresholds")
    @classmethod
    def _rate(cls, thresholds: dict[str, Union[int, float]]) -> dict[str, Union[int, float]]:
        """``min_rate`` (the rate a "never" finding is judged at) is a share above 0 and below 1."""
        rate = thresholds.get("min_rate")
        if rate is not None and not 0 < rate < 1:
            raise ValueError(f"min_rate: expected a share above 0 and below 1, such as 0.02; found {rate}")
        return thresholds


class SchemaFile(_Strict):
    """The keys of schema.yaml."""

    types: dict[str, TypeSpec] = Field(description="component types")


def accepted_keys(model: Any, loc: tuple) -> list[str]:
    """The keys a mapping at ``loc`` accepts, following pydantic annotations from ``model``."""
    current: Any = model
    for part in loc:
        current = _step(current, part)
        if current is None:
            return []
    current = _unwrap_model(current, None)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return sorted(current.model_fields)
    return []


def _step(annotation: Any, part: Any) -> Any:
    annotation = _unwrap_model(annotation, part)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if isinstance(part, str) and part in annotation.model_fields:
            return annotation.model_fields[part].annotation
        return annotation if isinstance(part, str) and _tag_of(annotation) == part else None
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (list, tuple) and isinstance(part, int):
        return args[0] if args else None
    if origin is dict and isinstance(part, str):
        return args[1] if len(args) == 2 else None
    return None


def _unwrap_model(annotation: Any, part: Any) -> Any:
    while True:
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin is Union or str(origin) == "types.UnionType":
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            tagged = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel) and _tag_of(m) == part]
            models = tagged or [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]
            containers = [m for m in members if typing.get_origin(m) in (list, dict)]
            annotation = models[0] if models else (containers[0] if containers else members[0])
        else:
            return annotation


def _tag_of(model: type[BaseModel]) -> str | None:
    kind = model.model_fields.get("kind")
    if kind is None:
        return None
    args = typing.get_args(kind.annotation)
    return args[0] if args else None
