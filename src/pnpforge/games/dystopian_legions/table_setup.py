"""What a scenario on the table states (``examples/*.yaml`` with a ``table:``) and the position it starts from.

A table scenario sets a position, not a game: the part of the table it plays on (``table: [width, depth]`` in
inches), terrain pieces (convex corners in inches, each of a kind of the pack's ``terrain.yaml``, which says whether
it blocks sight, how far into it a model sees and which models may not enter it), named points (``points:``, an
objective among them when it says ``objective: true``), and sections of the pack (``section:``) with their models'
centres (``at:``, in the section's order, or ``models:`` naming each) and a facing in degrees (0 to the right, 90
up the table, in steps of 45). The choices act on it one by one (``table_play.py``) and the dice come from
``chance:``: ``direction`` and ``scatter`` for a blast, ``spot`` for a spotter. Every length is exact: an inch is
254 units of the plane kit, so a coordinate is given in whole or half inches (a quarter inch falls between lattice
points).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Union

from pydantic import BaseModel, ConfigDict, Field

from pnpforge.engine.plane import INCH, Base, Point, Table, polygon
from pnpforge.engine.plane_measure import overlap
from pnpforge.engine.plane_sight import Piece
from pnpforge.engine.script import Report, ScriptChoice
from pnpforge.games.dystopian_legions.data import Profile, read
from pnpforge.games.dystopian_legions.table import Terrain, base_size, terrain_kinds

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

Number = Union[int, float]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PieceSpec(_Strict):
    id: str = Field(min_length=1, max_length=24)
    kind: str = Field(min_length=1, max_length=40)
    corners: list[list[Number]] = Field(min_length=3, max_length=12)


class PointSpec(_Strict):
    id: str = Field(min_length=1, max_length=24)
    at: list[Number] = Field(min_length=2, max_length=2)
    objective: bool = False


class SectionSpec(_Strict):
    id: str = Field(min_length=1, max_length=24)
    player: str = Field(min_length=1, max_length=40)
    section: str
    at: list[list[Number]] = Field(min_length=1, max_length=30)
    models: list[str] | None = None
    facing: int = Field(90, ge=0, le=315)
    shaken: int = Field(0, ge=0, le=3)
    line: bool = False


class TableKeys(_Strict):
    """The keys a scenario on the table adds to a scenario file; ``table`` says it is one."""

    table: list[Number] | None = Field(None, min_length=2, max_length=2)
    terrain: list[PieceSpec] = Field(default_factory=list, max_length=20)
    points: list[PointSpec] = Field(default_factory=list, max_length=12)
    sections: list[SectionSpec] = Field(default_factory=list, max_length=8)


class TableChoice(ScriptChoice):
    move: list[str] | None = None  # [section, point]: the section slides towards the point, up to its Move
    step: list[str] | None = None  # [model, point]: one model moves towards the point, up to its Move
    charge: list[str] | None = None  # [section, target section]
    fire: list[str] | None = None  # [section, target section]
    blast: list[str] | None = None  # [section, point]: indirect fire aimed at the point
    remove: str | None = None  # a model taken off as a casualty
    ahead: list[Union[str, int]] | None = None  # [section, inches]: an Ironclad drives straight on
    turn: list[Union[str, int]] | None = None  # [section, 1 or -1]: an Ironclad turns 45 degrees left or right


@dataclass(frozen=True)
class Unit:
    """A section on the table: whose it is, the pack's section, its models' profiles by base id, in order."""

    id: str
    player: int
    section: str
    name: str
    models: tuple[tuple[str, Profile], ...]
    shaken: int = 0
    line: bool = False

    @property
    def lead(self) -> Profile:
        return self.models[0][1]

    @property
    def ironclad(self) -> bool:
        return self.lead.ironclad


@dataclass(frozen=True)
class Position:
    """Where a table scenario starts: the table, terrain, named points, bases and sections, and the players."""

    table: Table
    pieces: tuple[Piece, ...]
    points: dict[str, Point]
    objectives: tuple[str, ...]
    bases: tuple[Base, ...]
    units: dict[str, Unit]
    players: tuple[str, ...]
    kinds: dict[str, Terrain]  # each piece's kind of terrain, by the piece's id

    def closed_to(self, model_type: str) -> tuple[str, ...]:
        """The pieces a model of this type may not enter."""
        return tuple(p.id for p in self.pieces if model_type in self.kinds[p.id].impassable)


def units_of(value: Number, where: tuple, report: Report) -> int:
    """A length in inches as lattice units; one that falls between lattice points is an error."""
    exact = Fraction(str(value)) * INCH
    if exact.denominator != 1:
        report.error(where, f"{value} inches is not a whole number of tenths of a millimetre; use quarters of an inch")
        return 0
    return int(exact)


def _point(pair: list[Number], where: tuple, report: Report) -> Point:
    return units_of(pair[0], where + (0,), report), units_of(pair[1], where + (1,), report)


def position(pack: Pack, spec: TableKeys, report: Report) -> Position | None:
    """The position a table scenario states, every problem reported together."""
    data = read(pack)
    width, depth = (units_of(v, ("table", i), report) for i, v in enumerate(spec.table or (0, 0)))
    if width <= 0 or depth <= 0:
        report.error(("table",), "a table is at least a little wider and deeper than nothing")
        return None
    table = Table(width, depth)
    pieces: list[Piece] = []
    kinds: dict[str, Terrain] = {}
    known = terrain_kinds(pack)
    for index, piece in enumerate(spec.terrain):
        corners = [_point(c, ("terrain", index, "corners", i), report) for i, c in enumerate(piece.corners)]
        kind = known.get(piece.kind)
        if kind is None:
            report.error(("terrain", index, "kind"), f"no terrain '{piece.kind}'; terrain: {', '.join(known)}")
            continue
        try:
            pieces.append(Piece(piece.id, polygon(corners), kind.blocks_sight, kind.exposure))
            kinds[piece.id] = kind
        except ValueError as exc:
            report.error(("terrain", index, "corners"), str(exc))
    points = {p.id: _point(p.at, ("points", i, "at"), report) for i, p in enumerate(spec.points)}
    players: list[str] = []
    units: dict[str, Unit] = {}
    bases: list[Base] = []
    base_of = {item.id: str(item.get("base") or "25") for item in pack.of_type("model")}
    for index, entry in enumerate(spec.sections):
        where = ("sections", index)
        section = data.sections.get(entry.section)
        if section is None:
            report.error(where + ("section",), f"no section '{entry.section}'")
            continue
        if entry.facing % 45:
            report.error(where + ("facing",), f"a facing is a multiple of 45 degrees, not {entry.facing}")
        if entry.id in units:
            report.error(where + ("id",), f"two sections are called '{entry.id}'")
        if entry.player not in players:
            players.append(entry.player)
        bought = [model for model, count in section.models for _ in range(count)]
        named = entry.models if entry.models is not None else bought
        if len(named) < len(entry.at):
            report.error(where + ("at",), f"{len(entry.at)} places for {len(named)} models of {entry.section}")
            continue
        models = []
        for n, (model, at) in enumerate(zip(named, entry.at), 1):
            profile = data.profiles.get(model)
            if profile is None:
                report.error(where + ("models",), f"no model '{model}'")
                continue
            length, across = base_size(base_of.get(model, "25"))
            base_id = f"{entry.id}-{n}"
            bases.append(Base(base_id, _point(at, where + ("at", n - 1), report), length, across, entry.facing // 45))
            models.append((base_id, profile))
        units[entry.id] = Unit(
            entry.id, players.index(entry.player), entry.section, section.name, tuple(models), entry.shaken, entry.line
        )
    if len(players) != 2:
        report.error(("sections",), f"a table scenario has two players, not {len(players)}: {', '.join(players)}")
    for base in bases:
        if not table.holds(base.shape):
            report.error(("sections",), f"model {base.id} stands off the table")
        for placed in pieces:
            if overlap(base.shape, placed.shape) and _type_of(units, base.id) in kinds[placed.id].impassable:
                report.error(("sections",), f"model {base.id} stands inside {placed.id}, where it may not go")
    if report.problems:
        return None
    objectives = tuple(p.id for p in spec.points if p.objective)
    return Position(table, tuple(pieces), points, objectives, tuple(bases), units, tuple(players), kinds)


def _type_of(units: dict[str, Unit], base_id: str) -> str:
    return next(profile.model_type for u in units.values() for b, profile in u.models if b == base_id)
