"""Dice for game engines: faces, kinds of dice, a game's set of them, and pools thrown together.

A ``Die`` has equiprobable ``Face``s: each scores fixed successes, or (``successes=None``) one when its ``value``
reaches the pool's target, may show ``symbols`` and may add dice to the throw (``adds``: one kind per die added;
explosions, chains allowed). Each face reads as a ``label`` (its number or symbols) in transcripts and scenarios.
A ``DiceSet`` names a game's kinds (``DiceSet.declared`` builds it from game.yaml's ``dice:`` block); a ``Pool``
throws some of each, with a target, an automatic ``Reroll`` policy and what it counts: successes, or one symbol.

A die *fails* when its face counts nothing and adds no dice. A ``Reroll`` picks dice to throw again, each once:
those of ``kinds`` (all when ``None``) showing one of ``faces`` (failed dice when ``None``), ``initial`` dice only
(never dice an explosion added) when set, at most ``limit`` of them (by kind, in the policy's order, then in
throwing order) or, without a limit, every such die, dice its re-roll adds included.

The throw itself, die by die, is ``engine/throw.py``; exact distributions are ``engine/dice_exact.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from pnpforge.content.dice import DieSpec
    from pnpforge.content.pack import Pack

Label = Union[int, str]  # a face as a rule or a scenario names it: its number, or its label
Side = tuple[int, bool, tuple[str, ...], tuple[str, ...]]  # a face in a pool: (count, re-rolled, adds, symbols)


@dataclass(frozen=True)
class Face:
    """One side of a die: its successes (``None``: one if ``value`` reaches the target), symbols and added dice."""

    successes: int | None = 0
    value: int | None = None
    adds: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    label: str = ""  # how it reads; default: its value, else its symbols, else "blank"

    def __post_init__(self) -> None:
        if isinstance(self.adds, str):
            object.__setattr__(self, "adds", (self.adds,))
        object.__setattr__(self, "adds", tuple(self.adds))
        object.__setattr__(self, "symbols", tuple(self.symbols))
        if self.successes is None and self.value is None:
            raise ValueError("a face that scores against the target number needs a value")
        if not self.label:
            shown = str(self.value) if self.value is not None else " ".join(self.symbols) or "blank"
            object.__setattr__(self, "label", shown)

    def score(self, target: int | None = None, symbol: str | None = None) -> int:
        """What this face counts: ``symbol``'s occurrences if given, else its successes against ``target``."""
        if symbol is not None:
            return self.symbols.count(symbol)
        if self.successes is not None:
            return self.successes
        if target is None:
            raise ValueError(f"the face showing {self.value} scores against a target number, but none is set")
        return int(self.value is not None and self.value >= target)


@dataclass(frozen=True)
class Die:
    """A kind of die: a name and its equiprobable faces; faces reading alike must be alike."""

    name: str
    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(self.faces))
        if not self.name or not self.faces:
            raise ValueError(f"a die needs a name and at least one face (got {self.name!r}, {len(self.faces)} faces)")
        seen: dict[str, Face] = {}
        for face in self.faces:
            if seen.setdefault(face.label, face) != face:
                raise ValueError(f"die {self.name!r} has two different faces reading {face.label!r}")

    @property
    def labels(self) -> tuple[str, ...]:
        """Each face's label, in order."""
        return tuple(face.label for face in self.faces)

    def face_of(self, label: Label) -> int:
        """The index of the first face reading ``label`` (a number or words); ``ValueError`` naming the die."""
        labels = self.labels
        if str(label) not in labels:
            raise ValueError(f"die {self.name!r} has no face {str(label)!r}; its faces: "
                             f"{', '.join(dict.fromkeys(labels))}")
        return labels.index(str(label))

    @classmethod
    def numbered(cls, name: str, sides: int, target: int | None = None,
                 specials: Mapping[int, Face] | None = None) -> Die:
        """A die numbered 1..``sides``: a value reaching ``target`` (the pool's target when ``None``) scores one
        success; ``specials`` replaces the faces of the given values (their ``value`` and label are filled in)."""
        specials = dict(specials or {})
        stray = sorted(set(specials) - set(range(1, sides + 1)))
        if stray:
            raise ValueError(f"die {name!r} has no face numbered {stray} (it has {sides} sides)")
        faces = []
        for value in range(1, sides + 1):
            face = (replace(specials[value], value=value, label=str(value)) if value in specials
                    else Face(successes=None, value=value))
            faces.append(replace(face, successes=face.score(target)) if target is not None else face)
        return cls(name, tuple(faces))

    @classmethod
    def d6(cls, name: str, target: int | None = None, specials: Mapping[int, Face] | None = None) -> Die:
        """A six-sided ``numbered`` die, e.g. ``Die.d6("x", specials={6: Face(successes=2, adds="x")})``."""
        return cls.numbered(name, 6, target, specials)

    @classmethod
    def declared(cls, name: str, spec: DieSpec) -> Die:
        """A kind of die from its declaration in game.yaml's ``dice:`` block."""
        return cls(name, tuple(Face(f.successes, f.number, f.adds, f.symbols, f.label) for f in spec.read_faces()))


@dataclass(frozen=True)
class DiceSet:
    """The kinds of dice a game uses, by name; every kind a face adds must be one of them."""

    dice: tuple[Die, ...]
    _index: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(self.dice))
        names = [die.name for die in self.dice]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValueError(f"die kinds defined twice: {', '.join(twice)}")
        object.__setattr__(self, "_index", MappingProxyType({name: i for i, name in enumerate(names)}))
        unknown = [(die.name, kind) for die in self.dice for face in die.faces for kind in face.adds
                   if kind not in names]
        if unknown:
            raise ValueError(f"a face of die {unknown[0][0]!r} adds unknown die kind {unknown[0][1]!r}")

    @classmethod
    def declared(cls, specs: Mapping[str, DieSpec]) -> DiceSet:
        """The kinds of game.yaml's ``dice:`` block, in the order it lists them."""
        return cls(tuple(Die.declared(name, spec) for name, spec in specs.items()))

    @classmethod
    def of_pack(cls, pack: Pack) -> DiceSet:
        """The dice a loaded pack declares (its loader has checked them)."""
        return cls.declared(pack.game.dice)

    def __getitem__(self, name: str) -> Die:
        return self.dice[self.rank(name)]

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def rank(self, name: str) -> int:
        """The position of a kind in the set; ``ValueError`` naming the known kinds if there is no such kind."""
        if name not in self._index:
            raise ValueError(f"unknown die kind {name!r}; known kinds: {', '.join(self._index) or 'none'}")
        return self._index[name]

    def pool(self, counts: Mapping[str, int], target: int | None = None, reroll: Reroll | None = None,
             symbol: str | None = None) -> Pool:
        """A pool of these dice; ``counts`` maps kind to number of dice."""
        return Pool(self, tuple(counts.items()), target, reroll, symbol)


@dataclass(frozen=True)
class Reroll:
    """Which dice are thrown again, each once: of ``kinds`` (all when ``None``), showing ``faces`` (failed dice when
    ``None``), ``initial`` dice only when set; all of them, or at most ``limit``."""

    kinds: tuple[str, ...] | None = None
    limit: int | None = None
    faces: tuple[Label, ...] | None = None
    initial: bool = False

    def __post_init__(self) -> None:
        if self.limit is not None and self.limit < 0:
            raise ValueError(f"a re-roll limit cannot be negative: {self.limit}")
        if self.faces is not None:
            object.__setattr__(self, "faces", tuple(str(face) for face in self.faces))


@dataclass(frozen=True)
class Pool:
    """Dice thrown together, counting successes or ``symbol``; unknown kinds and missing targets fail here."""

    dice: DiceSet
    counts: tuple[tuple[str, int], ...]
    target: int | None = None
    reroll: Reroll | None = None
    symbol: str | None = None
    _sides: Mapping[str, tuple[Side, ...]] = field(init=False, repr=False, compare=False)  # of reachable kinds
    _ranks: Mapping[str, int] = field(init=False, repr=False, compare=False)  # re-rolled kinds, first goes first

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", tuple((kind, count) for kind, count in self.counts if count))
        policy = self.reroll or Reroll(kinds=())
        for kind, count in self.counts:
            self.dice.rank(kind)  # refuses an unknown kind
            if count < 0:
                raise ValueError(f"a pool cannot hold {count} dice of kind {kind!r}")
        for kind in policy.kinds or ():
            self.dice.rank(kind)
        for label in policy.faces or ():
            if not any(label in die.labels for die in self.dice.dice):
                raise ValueError(f"no die shows a face {label!r} to re-roll")
        sides: dict[str, tuple[Side, ...]] = {}
        todo = [kind for kind, _ in self.counts]
        while todo:
            kind = todo.pop()
            if kind not in sides:
                faces = self.dice[kind].faces
                scored = [(face.score(self.target, self.symbol), face) for face in faces]
                sides[kind] = tuple((s, (f.label in policy.faces) if policy.faces is not None else
                                     (s == 0 and not f.adds), f.adds, f.symbols) for s, f in scored)
                todo += [kind for face in faces for kind in face.adds]
        ranks = ({kind: self.dice.rank(kind) for kind in sides} if policy.kinds is None
                 else {kind: policy.kinds.index(kind) for kind in policy.kinds if kind in sides})
        object.__setattr__(self, "_sides", MappingProxyType(sides))
        object.__setattr__(self, "_ranks", MappingProxyType(ranks))

    @property
    def size(self) -> int:
        """How many dice are thrown before explosions."""
        return sum(count for _, count in self.counts)

    def kinds(self) -> tuple[str, ...]:
        """Every kind the pool may throw, explosions included, in the set's order."""
        return tuple(sorted(self._sides, key=self.dice.rank))

    def side(self, kind: str, face: int) -> Side:
        """What a face of a kind counts in this pool, whether the pool's re-roll takes it, and what it adds."""
        return self._sides[kind][face]


def d3(value: int) -> int:
    """A six-sided die read as a three-sided one: 1-2 give 1, 3-4 give 2, 5-6 give 3."""
    if not 1 <= value <= 6:
        raise ValueError(f"a D3 is read from a six-sided die's 1 to 6, not {value}")
    return (value + 1) // 2


def half_up(number: int) -> int:
    """Half of a whole number, rounded up (7 gives 4, -7 gives -3)."""
    return -(-number // 2)

