"""Dice pools for game engines: named dice, exact outcome distributions, re-rolls and seeded sampling.

A ``Die`` has equiprobable ``Face``s: each scores fixed successes, or (``successes=None``) one when its ``value``
reaches the pool's target, may show ``symbols`` and may add ``adds_count`` dice of kind ``adds`` (explosions, chains
allowed). A ``DiceSet`` names a game's kinds; a ``Pool`` throws some of each, with a target, a ``Reroll`` policy and
what it counts: successes, or one symbol. A die *fails* when its face counts nothing and adds no dice.
``Reroll(kinds)`` re-rolls each failed die of those kinds (all when ``None``) once, as it is thrown, added dice too;
``Reroll(kinds, limit=n)`` then re-rolls at most ``n`` failed dice after the whole throw, by the kind's position in
``kinds`` (in the ``DiceSet`` when ``None``) then throwing sequence; dice these re-rolls add are not re-rolled.

``distribution`` convolves per-die distributions exactly. Explosions make the support infinite: each die's
explosion tree grows a generation at a time (dropping entries under ``TAIL * 1e-6``) until its missing mass, times
the counts it may carry, is under ``TAIL`` shared among the dice, so probabilities sum to at least ``1 - TAIL`` and
the expectation loses about as little. ``chance_outcomes`` serves it as a chance node's ``(count, probability)``
pairs; when the support is too large, a state makes each die a chance node instead (faces at ``1 / len(faces)``)
or samples throws with ``roll``. Faces adding several dice each make the exact computation slow (seconds).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

TAIL = 1e-9  # probability mass the exact distributions may leave out
MAX_DEPTH = 256  # explosion generations expanded before the exact distribution gives up
MAX_DICE = 10_000  # dice one sampled throw may hold before it gives up

Added = tuple[tuple[str, int], ...]  # (kind, count) of the dice a face adds
Side = tuple[int, bool, Added, tuple[str, ...]]  # a face in a pool: (count, failed, dice added, symbols)
Key = tuple[int, ...]  # (count, failed dice of each tracked kind)
Dist = dict[Key, float]
Row = tuple[float, Key, Added]  # (probability, own key, dice added)


@dataclass(frozen=True)
class Face:
    """One side of a die: its successes (``None``: one if ``value`` reaches the target), symbols and added dice."""

    successes: int | None = 0
    value: int | None = None
    adds: str | None = None
    adds_count: int = 1
    symbols: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.successes is None and self.value is None:
            raise ValueError("a face that scores against the target number needs a value")
        if self.adds is not None and self.adds_count < 1:
            raise ValueError(f"a face adding {self.adds!r} dice must add at least one, not {self.adds_count}")

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
    """A kind of die: a name and its equiprobable faces."""

    name: str
    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(self.faces))
        if not self.name or not self.faces:
            raise ValueError(f"a die needs a name and at least one face (got {self.name!r}, {len(self.faces)} faces)")

    @classmethod
    def numbered(cls, name: str, sides: int, target: int | None = None,
                 specials: Mapping[int, Face] | None = None) -> Die:
        """A die numbered 1..``sides``: a value reaching ``target`` (the pool's target when ``None``) scores one
        success; ``specials`` replaces the faces of the given values (their ``value`` is filled in)."""
        specials = dict(specials or {})
        stray = sorted(set(specials) - set(range(1, sides + 1)))
        if stray:
            raise ValueError(f"die {name!r} has no face numbered {stray} (it has {sides} sides)")
        faces = []
        for value in range(1, sides + 1):
            face = replace(specials[value], value=value) if value in specials else Face(successes=None, value=value)
            faces.append(replace(face, successes=face.score(target)) if target is not None else face)
        return cls(name, tuple(faces))

    @classmethod
    def d6(cls, name: str, target: int | None = None, specials: Mapping[int, Face] | None = None) -> Die:
        """A six-sided ``numbered`` die, e.g. ``Die.d6("x", specials={6: Face(successes=2, adds="x")})``."""
        return cls.numbered(name, 6, target, specials)


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
        unknown = [(die.name, face.adds) for die in self.dice for face in die.faces if face.adds not in (None, *names)]
        if unknown:
            raise ValueError(f"a face of die {unknown[0][0]!r} adds unknown die kind {unknown[0][1]!r}")

    def __getitem__(self, name: str) -> Die:
        return self.dice[self.rank(name)]

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
    """Which failed dice are re-rolled, each once: those of ``kinds`` (all when ``None``), all or at most ``limit``."""

    kinds: tuple[str, ...] | None = None
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.limit is not None and self.limit < 0:
            raise ValueError(f"a re-roll limit cannot be negative: {self.limit}")


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
        wanted = self.reroll.kinds if self.reroll is not None else ()
        for kind, count in self.counts:
            self.dice.rank(kind)  # refuses an unknown kind
            if count < 0:
                raise ValueError(f"a pool cannot hold {count} dice of kind {kind!r}")
        for kind in wanted or ():
            self.dice.rank(kind)
        sides: dict[str, tuple[Side, ...]] = {}
        todo = [kind for kind, _ in self.counts]
        while todo:
            kind = todo.pop()
            if kind not in sides:
                scored = [(face.score(self.target, self.symbol), face) for face in self.dice[kind].faces]
                sides[kind] = tuple((s, s == 0 and f.adds is None, ((f.adds, f.adds_count),) if f.adds else (),
                                     f.symbols) for s, f in scored)
                todo += [face.adds for face in self.dice[kind].faces if face.adds is not None]
        ranks = ({kind: self.dice.rank(kind) for kind in sides} if wanted is None
                 else {kind: wanted.index(kind) for kind in wanted if kind in sides})
        object.__setattr__(self, "_sides", MappingProxyType(sides))
        object.__setattr__(self, "_ranks", MappingProxyType(ranks))

    @property
    def size(self) -> int:
        """How many dice are thrown before explosions."""
        return sum(count for _, count in self.counts)


def _convolve(a: Dist, b: Dist, cap: int) -> Dist:
    out: Dist = {}
    for ka, pa in a.items():
        for kb, pb in b.items():
            key = (ka[0] + kb[0], *(min(x + y, cap) for x, y in zip(ka[1:], kb[1:])))
            out[key] = out.get(key, 0.0) + pa * pb
    return out


def _power(dist: Dist, count: int, cap: int, width: int) -> Dist:
    out: Dist = {(0,) * width: 1.0}
    for _ in range(count):
        out = _convolve(out, dist, cap)
    return out


def _rows(pool: Pool, kind: str, tracked: tuple[str, ...], rerolling: bool) -> list[Row]:
    """A kind's faces as rows; with ``rerolling``, a failed die of a re-rolled kind is thrown once more."""
    sides = pool._sides[kind]
    share = sum(side[1] for side in sides) / len(sides)  # the chance of a failure
    again = rerolling and kind in pool._ranks
    return [(((share if failed else 1 + share) if again else 1) / len(sides),
             (score, *(int(failed and kind == t) for t in tracked)), added) for score, failed, added, _ in sides]


def _trees(rows: Mapping[str, list[Row]], roots: tuple[str, ...], eps: float, cap: int, width: int) -> dict[str, Dist]:
    """Each kind's distribution with its explosions, a generation deeper per pass, until the roots' is complete."""
    current: dict[str, Dist] = {kind: {} for kind in rows}
    for _ in range(MAX_DEPTH):
        powers: dict[tuple[str, int], Dist] = {}
        following: dict[str, Dist] = {}
        for kind, faces in rows.items():
            total: Dist = {}
            for probability, key, added in faces:
                part: Dist = {key: probability}
                for child, count in added:
                    if (child, count) not in powers:
                        powers[child, count] = _power(current[child], count, cap, width)
                    part = _convolve(part, powers[child, count], cap)
                for k, p in part.items():
                    total[k] = total.get(k, 0.0) + p
            following[kind] = {k: p for k, p in total.items() if p >= eps * 1e-6}
        current = following
        if all((1.0 - sum(current[k].values())) * (2 + max((abs(key[0]) for key in current[k]), default=0)) < eps
               for k in roots):
            return current
    raise ValueError(f"explosions of {', '.join(roots)} do not die out within {MAX_DEPTH} generations")


def distribution(pool: Pool) -> dict[int, float]:
    """``{count: probability}`` by rising count, exact but for the cut tail: the sum is at least ``1 - TAIL``."""
    limit = pool.reroll.limit if pool.reroll is not None else None
    tracked = tuple(sorted(pool._ranks, key=pool._ranks.__getitem__)) if limit else ()
    cap, width = limit or 0, 1 + len(tracked)
    eps = TAIL / max(1, pool.size + cap)
    rows = {kind: _rows(pool, kind, tracked, rerolling=limit is None) for kind in pool._sides}
    trees = _trees(rows, tuple(kind for kind, _ in pool.counts), eps, cap, width)
    joint: Dist = {(0,) * width: 1.0}
    for kind, count in pool.counts:
        joint = _convolve(joint, _power(trees[kind], count, cap, width), cap)
    if tracked:  # re-roll the first ``cap`` failures by kind rank, each as a fresh die that is not re-rolled
        plain = _trees({kind: _rows(pool, kind, (), False) for kind in pool._sides}, tracked, eps, 0, 1)
        gains: dict[Key, Dist] = {}
        final: Dist = {}
        for key, probability in joint.items():
            if key[1:] not in gains:
                gain: Dist = {(0,): 1.0}
                left = cap
                for kind, failures in zip(tracked, key[1:]):
                    again = min(failures, left)
                    gain, left = _convolve(gain, _power(plain[kind], again, 0, 1), 0), left - again
                gains[key[1:]] = gain
            for extra, p in gains[key[1:]].items():
                final[(key[0] + extra[0],)] = final.get((key[0] + extra[0],), 0.0) + probability * p
        joint = final
    out: dict[int, float] = {}
    for key, probability in joint.items():
        out[key[0]] = out.get(key[0], 0.0) + probability
    return dict(sorted(out.items()))


def expected(pool: Pool) -> float:
    """The expected count, from the exact distribution."""
    return sum(count * p for count, p in distribution(pool).items())


def at_least(pool: Pool, n: int) -> float:
    """The probability of counting at least ``n``."""
    return sum(p for count, p in distribution(pool).items() if count >= n)


def chance_outcomes(pool: Pool, max_outcomes: int = 64) -> list[tuple[int, float]]:
    """``(count, probability)`` pairs by rising count, renormalised to sum to 1, for a chance node where only the
    count matters. More than ``max_outcomes`` pairs raise ``ValueError``: then throw per die or with ``roll``."""
    dist = distribution(pool)
    if len(dist) > max_outcomes:
        raise ValueError(f"{len(dist)} outcomes exceed max_outcomes={max_outcomes}; throw the dice one by one")
    total = sum(dist.values())
    return [(count, p / total) for count, p in dist.items()]


@dataclass(frozen=True)
class RolledDie:
    """One thrown die: its kind, face index, whether an explosion added it, and its first face if re-rolled."""

    kind: str
    face: int
    added: bool = False
    first: int | None = None


@dataclass(frozen=True)
class Roll:
    """A throw: its dice in throwing sequence, added ones included, the pool's count and every symbol shown."""

    dice: tuple[RolledDie, ...]
    successes: int
    symbols: tuple[str, ...] = ()

    def count(self, symbol: str) -> int:
        """How many times ``symbol`` shows on the throw."""
        return self.symbols.count(symbol)


def _throw(pool: Pool, queue: deque[tuple[str, bool]], rolled: list[RolledDie], rng: random.Random,
           rerolling: bool) -> None:
    all_sides, ranks, randrange = pool._sides, pool._ranks, rng.randrange
    while queue:
        kind, added = queue.popleft()
        sides = all_sides[kind]
        index, first = randrange(len(sides)), None
        if rerolling and sides[index][1] and kind in ranks:
            index, first = randrange(len(sides)), index
        rolled.append(RolledDie(kind, index, added, first))
        queue.extend((child, True) for child, count in sides[index][2] for _ in range(count))
        if len(rolled) > MAX_DICE:
            raise ValueError(f"a throw of this pool exceeded {MAX_DICE} dice: its explosions do not die out")


def roll(pool: Pool, rng: random.Random) -> Roll:
    """Throw the pool with the caller's RNG (same seed, same throw), explosions and re-rolls included."""
    limit = pool.reroll.limit if pool.reroll is not None else None
    rolled: list[RolledDie] = []
    queue = deque((kind, False) for kind, count in pool.counts for _ in range(count))
    _throw(pool, queue, rolled, rng, rerolling=limit is None)
    if limit:
        failures = sorted((pool._ranks[d.kind], i) for i, d in enumerate(rolled)
                          if d.kind in pool._ranks and pool._sides[d.kind][d.face][1])
        for _, i in failures[:limit]:
            sides = pool._sides[rolled[i].kind]
            rolled[i] = RolledDie(rolled[i].kind, rng.randrange(len(sides)), rolled[i].added, rolled[i].face)
            queue.extend((child, True) for child, count in sides[rolled[i].face][2] for _ in range(count))
        _throw(pool, queue, rolled, rng, rerolling=False)
    shown = [pool._sides[d.kind][d.face] for d in rolled]
    return Roll(tuple(rolled), sum(side[0] for side in shown), tuple(s for side in shown for s in side[3]))
