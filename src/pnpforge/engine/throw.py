"""A throw of a dice pool that remembers each die: its kind, its face, the wave it came in, and its re-roll.

A ``Throw`` lists its dice in throwing order: the pool's initial dice (wave 0, in the order of the pool's counts),
then the dice each explosion wave added (wave ``n`` holds the dice the faces of wave ``n - 1`` added, in the order
of the dice that added them); dice added by a re-roll's new face come after all of those. A die not thrown yet has
no face: ``Throw.start`` leaves every initial die so, and a re-roll leaves the dice it takes so, until they are
thrown, by a seeded RNG (``finish``) or as chance nodes: ``outcomes()`` lists the next die's faces, or with
``wave=True`` every die waiting at once (the faces of each kind as a multiset), with exact probabilities, and
``apply(outcome)`` throws them. ``words(outcome)`` reads an outcome as a scenario writes it (``6``, or ``1, 1,
6``), and ``from_faces`` builds a whole throw from such faces, wave by wave.

Re-rolls: ``reroll(dice)`` throws again the dice a player names (by index); ``reroll_by(policy, ...)`` applies
``Reroll`` policies in the order given. A die is never re-rolled twice, across every effect: a later policy passes
over it, and naming it again is an error. A re-rolled die's explosions go with its old face: the dice they added
are dropped (the dice after them move down) and the new face's explosions are thrown.

``versus`` compares two throws, ``contest`` throws two pools until a rule says the tie is settled, and ``net``
counts what is left of a throw after a value and the hits of a defence throw are taken away.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Literal, Union

from pnpforge.engine.dice import Label, Pool, Reroll

MAX_DICE = 10_000  # dice one throw may hold before it gives up
Outcome = Union[int, tuple[int, ...]]  # a face index for one die, or one for each die waiting
Versus = Literal["win", "tie", "lose"]


@dataclass(frozen=True)
class Rolled:
    """One die of a throw: its kind, its face (``None``: not thrown yet), its wave (0: an initial die), the die
    whose face added it, and the face it showed before its re-roll (``None``: never re-rolled)."""

    kind: str
    face: int | None = None
    wave: int = 0
    parent: int | None = None
    before: int | None = None

    @property
    def initial(self) -> bool:
        return self.wave == 0

    @property
    def rerolled(self) -> bool:
        return self.before is not None


@dataclass(frozen=True)
class Throw:
    """A pool's dice, thrown or waiting, in throwing order."""

    pool: Pool
    dice: tuple[Rolled, ...]

    # --- making a throw -------------------------------------------------------------------------------------------
    @classmethod
    def start(cls, pool: Pool) -> Throw:
        """The pool's initial dice, none thrown yet."""
        return cls(pool, tuple(Rolled(kind) for kind, count in pool.counts for _ in range(count)))

    @classmethod
    def roll(cls, pool: Pool, rng: random.Random) -> Throw:
        """The pool thrown with the caller's RNG (same seed, same throw), explosions and its ``Reroll`` included."""
        throw = cls.start(pool).finish(rng)
        return throw.reroll_by(pool.reroll, rng=rng) if pool.reroll is not None else throw

    @classmethod
    def from_faces(cls, pool: Pool, faces: Sequence[Label], waves: Sequence[Sequence[Label]] = ()) -> Throw:
        """The throw whose initial dice show ``faces`` (in the pool's order) and whose explosion waves show
        ``waves`` (each in the order of the dice that added them), as a scenario writes them: numbers or words.
        A face a die lacks, or a wave that does not hold the dice the wave before it added, is a ``ValueError``
        naming the die."""
        throw = cls.start(pool)
        for wave, shown in enumerate([faces, *waves]):
            waiting = throw.pending
            if len(shown) != len(waiting):
                kinds = ", ".join(throw.dice[i].kind for i in waiting) or "none"
                what = "the pool throws" if wave == 0 else f"the faces of wave {wave - 1} add"
                raise ValueError(f"wave {wave} shows {len(shown)} faces, but {what} {len(waiting)} dice ({kinds})")
            for index, label in zip(waiting, shown):
                kind = throw.dice[index].kind
                try:
                    face = pool.dice[kind].face_of(label)
                except ValueError as exc:
                    raise ValueError(f"die {index + 1} of the throw (wave {wave}): {exc}") from None
                throw = throw._show(index, face)
        if throw.pending:
            raise ValueError(f"the faces of wave {len(waves)} add {len(throw.pending)} dice "
                             f"({', '.join(throw.dice[i].kind for i in throw.pending)}): give them as wave "
                             f"{len(waves) + 1}")
        return throw

    # --- the dice -------------------------------------------------------------------------------------------------
    @property
    def pending(self) -> tuple[int, ...]:
        """The dice waiting to be thrown, by index."""
        return tuple(i for i, die in enumerate(self.dice) if die.face is None)

    @property
    def done(self) -> bool:
        return not self.pending

    def label(self, index: int) -> str:
        """How a thrown die's face reads."""
        die = self.dice[index]
        if die.face is None:
            raise ValueError(f"die {index + 1} ({die.kind}) is not thrown yet")
        return self.pool.dice[die.kind].faces[die.face].label

    @property
    def labels(self) -> tuple[str, ...]:
        """Each thrown die's face as it reads, in throwing order."""
        return tuple(self.label(i) for i, die in enumerate(self.dice) if die.face is not None)

    @property
    def count(self) -> int:
        """What the thrown dice count: successes against the pool's target, or its symbol."""
        return sum(self.pool.side(d.kind, d.face)[0] for d in self.dice if d.face is not None)

    def symbols(self, symbol: str) -> int:
        """How many times ``symbol`` shows on the thrown dice."""
        return sum(self.pool.side(d.kind, d.face)[3].count(symbol) for d in self.dice if d.face is not None)

    def net(self, minus: int = 0, defence: Throw | None = None) -> int:
        """The count less ``minus`` and less the defence throw's count, never below 0."""
        return max(0, self.count - minus - (defence.count if defence is not None else 0))

    def wave(self, number: int) -> tuple[int, ...]:
        """The dice of one wave (0: the initial dice), by index."""
        return tuple(i for i, die in enumerate(self.dice) if die.wave == number)

    # --- throwing -------------------------------------------------------------------------------------------------
    def _show(self, index: int, face: int) -> Throw:
        """Die ``index`` shows ``face``; the dice the face adds wait at the end of the throw."""
        die = self.dice[index]
        added = self.pool.side(die.kind, face)[2]
        dice = self.dice[:index] + (replace(die, face=face),) + self.dice[index + 1:]
        dice += tuple(Rolled(kind, wave=die.wave + 1, parent=index) for kind in added)
        if len(dice) > MAX_DICE:
            raise ValueError(f"a throw of this pool exceeded {MAX_DICE} dice: its explosions do not die out")
        return Throw(self.pool, dice)

    def finish(self, rng: random.Random) -> Throw:
        """Every waiting die thrown with the caller's RNG, explosions included, lowest index first."""
        dice, sides, index = list(self.dice), self.pool._sides, 0
        while index < len(dice):
            die = dice[index]
            if die.face is None:
                face = rng.randrange(len(sides[die.kind]))
                dice[index] = Rolled(die.kind, face, die.wave, die.parent, die.before)
                dice += [Rolled(kind, None, die.wave + 1, index) for kind in sides[die.kind][face][2]]
                if len(dice) > MAX_DICE:
                    raise ValueError(f"a throw of this pool exceeded {MAX_DICE} dice: its explosions do not die out")
            index += 1
        return Throw(self.pool, tuple(dice))

    def outcomes(self, wave: bool = False) -> list[tuple[Outcome, Fraction]]:
        """The chance outcomes of the next die (a face index per distinct label), or with ``wave`` of every die
        waiting (a face index per die: each kind's faces as a multiset, in rising order), with exact
        probabilities summing to 1."""
        waiting = self.pending
        if not waiting:
            raise ValueError("no die of this throw is waiting to be thrown")
        if not wave:
            return list(self._faces(self.dice[waiting[0]].kind).items())
        groups: dict[str, list[int]] = {}
        for index in waiting:
            groups.setdefault(self.dice[index].kind, []).append(index)
        joint: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
        for kind, dice in groups.items():
            options = list(self._multisets(kind, len(dice)))
            joint = [(faces + more, p * q) for faces, p in joint for more, q in options]
        order = [index for dice in groups.values() for index in dice]  # joint entries -> waiting dice
        place = {index: n for n, index in enumerate(order)}
        return [(tuple(faces[place[i]] for i in waiting), p) for faces, p in joint]

    def _faces(self, kind: str) -> dict[int, Fraction]:
        """A kind's faces as chance outcomes: the first face of each label, with its share of the faces."""
        faces = self.pool.dice[kind].faces
        out: dict[int, Fraction] = {}
        for face in faces:
            first = next(i for i, f in enumerate(faces) if f.label == face.label)
            out[first] = out.get(first, Fraction(0)) + Fraction(1, len(faces))
        return out

    def _multisets(self, kind: str, count: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
        faces = self._faces(kind)
        for chosen in combinations_with_replacement(sorted(faces), count):
            ways = factorial(count) // prod(factorial(chosen.count(f)) for f in set(chosen))
            yield chosen, ways * prod((faces[f] for f in chosen), start=Fraction(1))

    def apply(self, outcome: Outcome) -> Throw:
        """The throw after a chance outcome of ``outcomes``: the next die shows the face, or (a tuple) each die
        waiting shows its face in turn."""
        waiting = self.pending
        faces = outcome if isinstance(outcome, tuple) else (outcome,)
        if len(faces) > len(waiting) or (isinstance(outcome, tuple) and len(faces) != len(waiting)):
            raise ValueError(f"{len(faces)} faces for {len(waiting)} dice waiting")
        throw = self
        for index, face in zip(waiting, faces):
            throw = throw._show(index, face)
        return throw

    def words(self, outcome: Outcome) -> str:
        """An outcome as a scenario writes it: the faces' labels, joined by ", " (each after its kind when the
        dice waiting are of several kinds)."""
        faces = outcome if isinstance(outcome, tuple) else (outcome,)
        dice = [self.dice[i] for i in self.pending[:len(faces)]]
        several = len({die.kind for die in dice}) > 1
        return ", ".join((f"{die.kind} " if several else "") + self.pool.dice[die.kind].faces[face].label
                         for die, face in zip(dice, faces))

    # --- re-rolls -------------------------------------------------------------------------------------------------
    def eligible(self, policy: Reroll) -> tuple[int, ...]:
        """The dice a policy may re-roll, thrown and never re-rolled, by kind in the policy's order then index, at
        most its limit."""
        kinds = policy.kinds
        found = []
        for index, die in enumerate(self.dice):
            if die.face is None or die.rerolled or (policy.initial and not die.initial):
                continue
            if kinds is not None and die.kind not in kinds:
                continue
            face = self.pool.dice[die.kind].faces[die.face]
            taken = (face.label in policy.faces if policy.faces is not None
                     else self.pool.side(die.kind, die.face)[0] == 0 and not face.adds)
            if taken:
                found.append((kinds.index(die.kind) if kinds is not None else self.pool.dice.rank(die.kind), index))
        chosen = [index for _, index in sorted(found)]
        return tuple(chosen if policy.limit is None else chosen[:policy.limit])

    def reroll(self, dice: Sequence[int], rng: random.Random | None = None, policy: Reroll | None = None) -> Throw:
        """The named dice (by index) thrown again: each must be thrown and never re-rolled, and one the ``policy``
        may take (at most its limit); with ``rng`` they are thrown at once, else they wait for ``apply``."""
        dice = list(dict.fromkeys(dice))
        allowed = self.eligible(replace(policy, limit=None)) if policy is not None else None
        for index in dice:
            if not 0 <= index < len(self.dice):
                raise ValueError(f"the throw has no die {index + 1}; it has {len(self.dice)} dice")
            die = self.dice[index]
            where = f"die {index + 1} ({die.kind}, wave {die.wave})"
            if die.rerolled:
                raise ValueError(f"{where} was re-rolled already; a die is never re-rolled twice")
            if die.face is None:
                raise ValueError(f"{where} is not thrown yet")
            if allowed is not None and index not in allowed:
                raise ValueError(f"{where} showing {self.label(index)} is not one this re-roll may take")
        if policy is not None and policy.limit is not None and len(dice) > policy.limit:
            raise ValueError(f"{len(dice)} dice named, but this re-roll takes at most {policy.limit}")
        throw = self
        for index in sorted(dice, reverse=True):  # dropping a die's explosions moves only the dice after it
            throw = throw._again(index)
        return throw.finish(rng) if rng is not None else throw

    def _again(self, index: int) -> Throw:
        """Die ``index`` waits to be thrown again; the dice its face added, and theirs, are dropped."""
        dropped = {index}
        for i, die in enumerate(self.dice):
            if die.parent in dropped:
                dropped.add(i)
        dropped.discard(index)
        dice = self.dice
        if dropped:
            moved = {old: new for new, old in enumerate(i for i in range(len(self.dice)) if i not in dropped)}
            dice = tuple(replace(die, parent=moved[die.parent] if die.parent is not None else None)
                         for i, die in enumerate(self.dice) if i not in dropped)
        dice = dice[:index] + (replace(self.dice[index], face=None, before=self.dice[index].face),) + dice[index + 1:]
        return Throw(self.pool, dice)

    def reroll_by(self, *policies: Reroll, rng: random.Random) -> Throw:
        """The policies applied in the order given, each to the dice it may take then: with a limit once, the dice
        its re-rolls add staying as thrown; without one until it takes no more dice."""
        throw = self
        for policy in policies:
            while True:
                taken = throw.eligible(policy)
                if taken:
                    throw = throw.reroll(taken, rng)
                if not taken or policy.limit is not None:
                    break
        return throw


def versus(a: Throw, b: Throw) -> Versus:
    """The first throw's result against the second: more counted wins, as many is a tie."""
    return "win" if a.count > b.count else "lose" if a.count < b.count else "tie"


@dataclass(frozen=True)
class Contest:
    """An opposed check: its result for the first side and every pair of throws it took, in order."""

    result: Versus
    throws: tuple[tuple[Throw, Throw], ...]


def contest(a: Pool, b: Pool, throw: Callable[[Pool], Throw], reroll_ties: bool = True, bound: int = 100) -> Contest:
    """Both pools thrown (``throw`` makes each throw: seeded, or from a scenario's faces) and compared; a tie is
    thrown again when ``reroll_ties``, at most ``bound`` times in all, after which it stands."""
    throws: list[tuple[Throw, Throw]] = []
    for _ in range(bound):
        pair = (throw(a), throw(b))
        throws.append(pair)
        result = versus(*pair)
        if result != "tie" or not reroll_ties:
            break
    return Contest(result, tuple(throws))
