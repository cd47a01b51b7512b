"""The pack's profiles, weapons and sections as plain values for the engine and the odds: the shapes the static
checks (``profiles.py``, ``forces.py``) hold the authored files to, read once into frozen dataclasses.

Points may be fractional in the book, so they are ``Fraction``; every other number is a whole number. A weapon's
dice are kept per range band (``effective``, ``long``) for RAD and IAD; a band without dice is ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from typing import Any

from pnpforge.content.pack import Pack
from pnpforge.games.dystopian_legions.profiles import IRONCLAD_TYPES

BANDS = ("effective", "long")


@dataclass(frozen=True)
class Dice:
    """A count of dice of one colour."""

    count: int
    colour: str

    @property
    def short(self) -> str:
        """As a profile prints it: ``6 BLUE``."""
        return f"{self.count} {self.colour.upper()}"


@dataclass(frozen=True)
class Mar:
    """A MAR as an item carries it, with its parameters."""

    id: str
    value: int | None = None
    colour: str | None = None
    model_type: str | None = None
    attack: str | None = None


class WithMars:
    """What a weapon and a profile answer about their MARs, each by its id (the first, should one be listed twice):
    asked about on every shot and move."""

    mars: tuple[Mar, ...]

    @cached_property
    def _by_id(self) -> dict[str, Mar]:
        found: dict[str, Mar] = {}
        for use in self.mars:
            found.setdefault(use.id, use)
        return found

    def has(self, mar: str) -> bool:
        return mar in self._by_id

    def mar(self, mar: str) -> Mar | None:
        return self._by_id.get(mar)


@dataclass(frozen=True)
class Band:
    """A range band of a weapon: inches from and to, and its RAD and IAD dice (``None`` for a dash)."""

    name: str
    start: int
    end: int
    rad: Dice | None
    iad: Dice | None


@dataclass(frozen=True)
class Weapon(WithMars):
    id: str
    name: str
    bands: tuple[Band, ...]
    mars: tuple[Mar, ...]

    def band(self, name: str) -> Band | None:
        return next((band for band in self.bands if band.name == name), None)


@dataclass(frozen=True)
class Mount:
    """A weapon a model carries: how many, its arc and where the arc points."""

    weapon: str
    count: int = 1
    arc: int = 360
    facing: str = "front"


@dataclass(frozen=True)
class Profile(WithMars):
    """A model's profile. An Ironclad (or field gun) has ``armour`` (front, side, rear) and ``hp``; any other
    model ``ir`` and ``lp``."""

    id: str
    name: str
    nation: str
    model_type: str
    rank: str
    mv: int
    ir: int
    lp: int
    armour: dict[str, int] | None
    hp: int
    mad: Dice | None
    command_range: int
    cp: int
    weapons: tuple[Mount, ...]
    mars: tuple[Mar, ...]

    @property
    def ironclad(self) -> bool:
        return self.model_type in IRONCLAD_TYPES


    @property
    def combat_ir(self) -> int:
        """IR in melee: Combat Armour[v] adds v (p.94)."""
        armour = self.mar("combat-armour")
        return self.ir + ((armour.value or 0) if armour else 0)


@dataclass(frozen=True)
class Option:
    id: str
    kind: str  # upgrade, add or reinforce
    model: str
    max: int
    points: Fraction
    replaces: str | None = None


@dataclass(frozen=True)
class Section:
    """A section as bought for its points, nearest model first as its list names them."""

    id: str
    name: str
    nation: str
    slot: str
    quality: str
    points: Fraction
    models: tuple[tuple[str, int], ...]
    max_models: int
    options: tuple[Option, ...]
    transports: tuple[str, ...]
    character: str | None

    @property
    def size(self) -> int:
        return sum(count for _, count in self.models)


@dataclass(frozen=True)
class Data:
    profiles: dict[str, Profile]
    weapons: dict[str, Weapon]
    sections: dict[str, Section]


def points(value: Any) -> Fraction:
    """Points as an exact fraction (``32.5`` is ``65/2``)."""
    return Fraction(str(value))


def _dice(cell: dict | None) -> Dice | None:
    return Dice(cell["count"], cell["colour"]) if cell else None


def _mars(uses: list[dict] | None) -> tuple[Mar, ...]:
    return tuple(
        Mar(use["mar"], use.get("value"), use.get("colour"), use.get("model_type"), use.get("attack"))
        for use in uses or ()
    )


def weapon(item: Any) -> Weapon:
    bands = []
    for name in BANDS:
        span = item.get(f"{name}_range")
        if span:
            rad, iad = (item.get(pool) or {} for pool in ("rad", "iad"))
            bands.append(Band(name, span["from"], span["to"], _dice(rad.get(name)), _dice(iad.get(name))))
    return Weapon(item.id, item["name"], tuple(bands), _mars(item.get("mars")))


def profile(item: Any) -> Profile:
    command = item.get("command") or {}
    return Profile(
        id=item.id,
        name=item["name"],
        nation=item["nation"],
        model_type=item["model_type"],
        rank=item.get("rank") or "trooper",
        mv=item["mv"],
        ir=item.get("ir") or 0,
        lp=item.get("lp") or 0,
        armour=dict(item["armour"]) if item.get("armour") else None,
        hp=item.get("hp") or 0,
        mad=_dice(item.get("mad")),
        command_range=command.get("range") or 0,
        cp=command.get("cp") or 0,
        weapons=tuple(
            Mount(m["weapon"], m.get("count") or 1, m.get("arc") or 360, m.get("facing") or "front")
            for m in item.get("weapons") or ()
        ),
        mars=_mars(item.get("mars")),
    )


def section(item: Any) -> Section:
    return Section(
        id=item.id,
        name=item["name"],
        nation=item["nation"],
        slot=item["slot"],
        quality=item["quality"],
        points=points(item["points"]),
        models=tuple((part["model"], part["count"]) for part in item["models"]),
        max_models=item["max_models"],
        options=tuple(
            Option(o["id"], o["kind"], o["model"], o["max"], points(o["points"]), o.get("replaces"))
            for o in item.get("options") or ()
        ),
        transports=tuple(item.get("transports") or ()),
        character=item.get("character"),
    )


def read(pack: Pack) -> Data:
    """The pack's profiles, weapons and sections by id."""
    return Data(
        profiles={item.id: profile(item) for item in pack.of_type("model")},
        weapons={item.id: weapon(item) for item in pack.of_type("weapon")},
        sections={item.id: section(item) for item in pack.of_type("unit")},
    )
