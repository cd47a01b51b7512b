"""The ``dice:`` block of game.yaml: each kind of die a game throws, declared once for the rules and for print.

A kind lists its faces in order, each a number (``6``), a symbol (``hit``: a word, drawn as the pack's icon of that
id when it has one) or a list of symbols shown together (``[hit, hit]``; ``[]`` is a blank face). ``scores`` says
what a face counts: by number, or by symbol (a face of several symbols counts each); a number face without an
entry counts one success when it reaches the die's ``target``, or the target the rules set for the throw.
``explodes`` says which dice a face adds to the throw: by number or symbol, a kind or a list of kinds.

``DieSpec.read_faces()`` gives the faces in order, each with its label, number, symbols, score and added dice: the
engine builds its dice from them (``engine/dice.py``) and the print side draws them. ``dice_problems`` reports, at
their place in game.yaml, what a face or a kind cannot see alone: two faces of a kind that read alike but differ
(the word ``blank`` beside a blank face), explosions into undeclared kinds, and explosions that would never end (on
average each die adds one die or more, counting the dice those dice add).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, StringConstraints, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from pnpforge.findings import Finding

if TYPE_CHECKING:
    from pnpforge.content.source import Doc

KIND_PATTERN = r"^[a-z][a-z0-9_-]*$"
SYMBOL = re.compile(r"^[a-z][a-z0-9_-]*$")
NUMBER_LIMIT = 1000  # face numbers lie within +-1000
Kind = Annotated[str, StringConstraints(pattern=KIND_PATTERN)]
FaceKey = str  # a face number as written (YAML keys stay text), or a symbol


def _face(value: Any) -> int | str | list[str]:
    """A face as written: a number, a symbol, or a list of symbols."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= NUMBER_LIMIT:
        return value
    if isinstance(value, str) and SYMBOL.match(value):
        return value
    if isinstance(value, list) and all(isinstance(v, str) and SYMBOL.match(v) for v in value):
        return list(value)
    raise PydanticCustomError("pnp", "expected a number (-{limit} to {limit}), a symbol (a lowercase word such as "
                                     "hit) or a list of symbols; found {found}",
                              {"limit": NUMBER_LIMIT, "found": _shown(value)})


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "nothing" if value is None else repr(value)[:40]


FaceValue = Annotated[Union[int, str, list[str]], PlainValidator(_face)]


@dataclass(frozen=True)
class DeclaredFace:
    """One face as declared: how it reads (``label``), its number or symbols, what it scores (``None``: one success
    when its number reaches the target) and the kinds of the dice it adds, one entry a die."""

    label: str
    number: int | None
    symbols: tuple[str, ...]
    successes: int | None
    adds: tuple[str, ...]

    def icons(self, declared: Mapping[str, Any]) -> tuple[str | None, ...]:
        """Each symbol's icon id when the pack declares one (game.yaml's ``icons``), else ``None``: drawn as the
        word."""
        return tuple(symbol if symbol in declared else None for symbol in self.symbols)


def face_label(face: int | str | list[str]) -> str:
    """How a face reads in words and scenarios: ``6``, ``hit``, ``hit hit``; a blank face reads ``blank``."""
    if isinstance(face, list):
        return " ".join(face) or "blank"
    return str(face)


class DieSpec(BaseModel):
    """One kind of die: its faces in order, what they score and which dice they add."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)

    name: Union[str, dict[str, str], None] = Field(None, description="the die as players read it (default: its id)")
    faces: list[FaceValue] = Field(min_length=1, max_length=100,
                                   description="the faces in order: numbers, symbols, or lists of symbols")
    target: Annotated[int, Field(ge=-NUMBER_LIMIT, le=NUMBER_LIMIT)] | None = Field(
        None, description="a number face reaching it scores one success (default: the target the rules set)")
    scores: dict[FaceKey, Annotated[int, Field(ge=0, le=100)]] = Field(
        default_factory=dict, description="what a face counts, by its number or by symbol")
    explodes: dict[FaceKey, Union[Kind, list[Kind]]] = Field(
        default_factory=dict, description="the dice a face adds to the throw, by its number or by symbol")
    colour: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$", description="the die's colour, #rrggbb")
    size: Annotated[int, Field(ge=8, le=60)] | None = Field(
        None, description="the edge in whole mm of a printed die (a cube of six faces): stickers and a paper net are "
                          "printed, and Tabletop Simulator gets it as a custom die; without it nothing is printed")
    qty: Annotated[int, Field(ge=1, le=100)] = Field(1, description="how many dice of this kind are printed")
    doc: str = Field("", description="a note for designers")

    @field_validator("size")
    @classmethod
    def _cube(cls, size: int | None, info: ValidationInfo) -> int | None:
        """A printed die is a cube: six faces."""
        faces = info.data.get("faces")
        if size is not None and faces is not None and len(faces) != 6:
            raise ValueError(f"a printed die is a cube of 6 faces; this one has {len(faces)}")
        return size

    @field_validator("scores", "explodes")
    @classmethod
    def _known_faces(cls, table: dict, info: ValidationInfo) -> dict:
        """Every key names a number or a symbol that is on one of the die's faces."""
        faces = info.data.get("faces")
        if faces is None:
            return table
        known = _keys(faces)
        stray = [key for key in table if key not in known]
        if stray:
            raise ValueError(f"'{stray[0]}' is on no face of this die; its faces show: {', '.join(known)}")
        return table

    def read_faces(self) -> tuple[DeclaredFace, ...]:
        """The faces in order, each with its label, number, symbols, score and added dice."""
        out = []
        for face in self.faces:
            number = face if isinstance(face, int) else None
            symbols = tuple(face) if isinstance(face, list) else (face,) if isinstance(face, str) else ()
            keys: tuple[FaceKey, ...] = (str(number),) if number is not None else symbols
            successes: int | None
            if number is not None and str(number) not in self.scores:
                successes = None if self.target is None else int(number >= self.target)
            else:
                successes = sum(self.scores.get(key, 0) for key in keys)
            adds = tuple(kind for key in keys for kind in _kinds(self.explodes.get(key)))
            out.append(DeclaredFace(face_label(face), number, symbols, successes, adds))
        return tuple(out)


def _keys(faces: list) -> list[FaceKey]:
    """The numbers and symbols the faces show, once each, in order."""
    return list(dict.fromkeys(str(key) for face in faces for key in (face if isinstance(face, list) else [face])))


def _kinds(added: str | list[str] | None) -> list[str]:
    return [] if added is None else [added] if isinstance(added, str) else list(added)


def dice_problems(dice: dict[str, DieSpec], doc: Doc) -> list[Finding]:
    """Explosions into kinds the block does not declare, and kinds whose explosions may never end, each at its
    place in ``doc`` (the block's mapping is game.yaml's ``dice``)."""
    problems = []
    for kind, spec in dice.items():
        faces = spec.read_faces()
        for index, shown in enumerate(faces):
            if next(f for f in faces if f.label == shown.label) != shown:
                problems.append(_blocking(doc, ("dice", kind, "faces", index), f"dice.{kind}.faces[{index}]: it "
                                          f"reads '{shown.label}' like an earlier face that is not the same; give it "
                                          "another symbol"))
                break
        for face, added in spec.explodes.items():
            for index, child in enumerate(_kinds(added)):
                if child not in dice:
                    at = ("dice", kind, "explodes", face) + ((index,) if isinstance(added, list) else ())
                    problems.append(_blocking(doc, at, f"dice.{kind}.explodes.{face}: no die '{child}' is declared; "
                                                       f"dice: {', '.join(dice)}"))
    if problems:
        return problems
    for kind in _endless(dice):
        problems.append(_blocking(doc, ("dice", kind, "explodes"), f"dice.{kind}.explodes: the explosions may "
                                  "never end: on average each die adds one die or more, with the dice those add"))
    return problems


def _endless(dice: dict[str, DieSpec]) -> list[str]:
    """The kinds whose chains of explosions do not surely end: the mean number of dice each die adds, as a matrix
    M between kinds, must have a spectral radius under 1, which holds exactly when I - M has an inverse with no
    negative entry (computed in fractions)."""
    kinds = [kind for kind, spec in dice.items() if spec.explodes]
    if not kinds:
        return []
    index = {kind: i for i, kind in enumerate(kinds)}
    size = len(kinds)
    rows = [[Fraction(int(i == j)) for j in range(size)] + [Fraction(int(i == j)) for j in range(size)]
            for i in range(size)]
    for kind in kinds:
        faces = dice[kind].read_faces()
        for face in faces:
            for child in face.adds:
                if child in index:
                    rows[index[kind]][index[child]] -= Fraction(1, len(faces))
    for col in range(size):  # Gauss-Jordan on [I - M | I]
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            return kinds
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [kind for i, kind in enumerate(kinds) if any(v < 0 for v in rows[i][size:])]


def _blocking(doc: Doc, at: tuple, message: str) -> Finding:
    return Finding("error", message, mark=doc.mark(at), blocking=True, rule="input")
