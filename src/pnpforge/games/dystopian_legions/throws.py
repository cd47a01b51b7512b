"""Throwing dice in the duel: every roll of the rules goes through ``ask``, which names its purpose, the side that
throws, the pool by colour, the target number and any automatic re-roll.

In play a throw is one chance step, its outcomes the pool's successes with their exact probabilities
(``engine/dice_exact.py``; an exploding pool leaves out a tail under 1e-9, renormalised). A scenario states its
throws die by die (initial faces, explosion waves, the faces of re-rolled dice): a stated throw is read with
``Throw.from_faces`` and, where a re-roll is allowed, the player names the dice by index (``reroll``); a die is
re-rolled once at most and only an initial die may be (rule ``dice-reroll``). A throw the scenario does not state is
drawn as in play. ``d3``, ``d6`` and ``2d6`` throws give the value of the dice, not successes (rules ``dice-d3``).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any

from pnpforge.engine.dice import DiceSet, Pool, Reroll, d3
from pnpforge.engine.dice_exact import distribution, distribution_exact
from pnpforge.engine.kept_tables import KeptTable
from pnpforge.engine.pack_cache import per_pack
from pnpforge.engine.steps import chance, decision, task
from pnpforge.engine.throw import Throw
from pnpforge.findings import Mark

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.games.dystopian_legions.state import DuelState

VALUES = ("d3", "d6", "2d6")  # throws read as a value: a D3, a D6, the sum of two D6
COLOURS = ("black", "blue", "red")
LUCKY = ("attack", "melee", "saves")  # throws whose dice the section's models throw themselves


class ThrowMismatch(ValueError):
    """A stated throw that does not fit the pool the rules throw: its place in the scenario's throws, why, and where
    the scenario states it (``None`` while it is being set up)."""

    def __init__(self, index: int, message: str, mark: Mark | None = None):
        super().__init__(message)
        self.index, self.mark = index, mark


def _mismatch(s: DuelState, index: int, message: str) -> ThrowMismatch:
    where = s.game.where
    return ThrowMismatch(index, message, where.mark(("throws", index)) if where is not None else None)


def ask(
    s: DuelState, purpose: str, side: int, counts: dict[str, int], target: int, reroll: Reroll | None = None
) -> tuple:
    """The agenda entry that throws ``counts`` at ``target`` for ``side``, the pool kept until it is thrown."""
    ordered = tuple((c, counts[c]) for c in COLOURS if counts.get(c, 0) > 0)
    s.asked = {**getattr(s, "asked", {}), (purpose, side): (ordered, target, reroll)}
    how = "scripted" if s.game.scripted else "roll"
    if purpose in LUCKY and ordered and luck(s, side):
        return ("lucky", side, purpose, how)
    return (how, purpose, side)


def luck(s: DuelState, side: int) -> int:
    """Luck tokens the side may still spend: those left while a model with Lucky stands (rule ``mar-lucky``)."""
    found = s.sides[side]
    return found.luck if any(s.profile(t).has("lucky") for t in found.troopers) else 0


def _lucky_options(s: DuelState, side: int, purpose: str, how: str) -> list[bool]:
    return [False, True]


@decision("lucky", _lucky_options)
def lucky(s: DuelState, spend: bool, side: int, purpose: str, how: str) -> None:
    """Spending a Luck token on the throw: one more of its initial dice may be thrown again (any failed one in
    play, the ones a scenario names by index)."""
    if spend:
        s.sides[side].luck -= 1
        counts, target, policy = s.asked[(purpose, side)]
        more = (
            Reroll(limit=1, initial=True)
            if policy is None
            else Reroll(kinds=policy.kinds, limit=None if policy.limit is None else policy.limit + 1, initial=True)
        )
        s.asked = {**s.asked, (purpose, side): (counts, target, more)}
    s.push((how, purpose, side))


def pool_of(s: DuelState, purpose: str, side: int, with_reroll: bool = True) -> Pool:
    counts, target, reroll = s.asked[(purpose, side)]
    return Pool(s.game.dice, counts, target, reroll if with_reroll else None)


def _outcomes(s: DuelState, purpose: str, side: int) -> list[tuple[int, float]]:
    counts, target, reroll = s.asked[(purpose, side)]
    key = (purpose in VALUES and purpose, counts, target, reroll)
    cached = s.game.odds.get(key)
    if cached is None:
        if purpose == "d3":
            cached = [(v, 1 / 3) for v in (1, 2, 3)]
        elif purpose == "d6":
            cached = [(v, 1 / 6) for v in range(1, 7)]
        elif purpose == "2d6":
            cached = [(total, (6 - abs(total - 7)) / 36) for total in range(2, 13)]
        else:
            made = s.game.kept.get(
                repr((counts, target, reroll)), lambda: _chances(s.game.dice, counts, target, reroll)
            )
            cached = [(count, p) for count, p in made]
        s.game.odds[key] = cached
    return cached


def kept_chances(pack: Pack) -> KeptTable:
    """The pools' chances of the pack's dice, kept between processes (one table per pack in a process)."""
    return per_pack(
        pack,
        "dystopian-legions kept chances",
        lambda: KeptTable(
            "dystopian-legions chances",
            repr(pack.game.dice),
            ("games.dystopian_legions.throws", "engine.dice", "engine.dice_exact"),
        ),
    )


def _chances(dice: DiceSet, counts: tuple, target: int, reroll: Reroll | None) -> list[tuple[int, float]]:
    """A pool's counts and their chances, summing to 1."""
    dist = distribution(Pool(dice, counts, target, reroll))
    total = sum(dist.values())
    return [(count, p / total) for count, p in dist.items() if p > 0]


@chance("roll", _outcomes, weighted=True)
def roll(s: DuelState, successes: int, purpose: str, side: int) -> None:
    counts, target, _ = s.asked[(purpose, side)]
    _settle(s, purpose, side, successes, {"pool": dict(counts), "target": target})


def _settle(s: DuelState, purpose: str, side: int, value: int, shown: dict[str, Any]) -> None:
    s.last = {**s.last, (purpose, side): value}
    key = "value" if purpose in VALUES else "successes"
    s.record.append({"throw": purpose, "side": s.sides[side].setup.player, **shown, key: value})


@task("scripted")
def scripted(s: DuelState, purpose: str, side: int) -> None:
    """The next throw the scenario states, or a drawn one when it states no more."""
    if not s.scripted:
        s.push(("roll", purpose, side))
        return
    index, spec = s.scripted[0]
    s.scripted = s.scripted[1:]
    pool = pool_of(s, purpose, side, with_reroll=False)
    faces = _faces(s, index, pool, spec.faces)
    try:
        throw = Throw.from_faces(pool, faces, spec.waves)
    except ValueError as exc:
        raise _mismatch(
            s, index, f"throw {index + 1} ({purpose} of the {s.sides[side].setup.player}, {_words(pool)}): {exc}"
        ) from None
    _, _, policy = s.asked[(purpose, side)]
    if spec.rerolled is not None or (policy is not None and policy.limit):
        s.pending_throw = (index, spec, throw)
        s.push(("reroll", side, purpose))
        return
    _finish(s, purpose, side, throw, spec)


def _faces(s: DuelState, index: int, pool: Pool, faces: Any) -> list:
    if not isinstance(faces, dict):
        return list(faces)
    stray = sorted(set(faces) - {kind for kind, _ in pool.counts})
    if stray:
        raise _mismatch(s, index, f"throw {index + 1}: the pool ({_words(pool)}) has no {', '.join(stray)} dice")
    return [face for kind, _ in pool.counts for face in faces.get(kind, [])]


def _words(pool: Pool) -> str:
    dice = ", ".join(f"{n} {kind}" for kind, n in pool.counts) or "no dice"
    return dice + (f" at {pool.target}+" if pool.target else "")


def _reroll_options(s: DuelState, side: int, purpose: str) -> list[tuple[int, ...]]:
    """No re-roll, or any set of the initial dice never re-rolled, at most the allowance's number (1-based)."""
    _, spec, throw = s.pending_throw
    _, _, policy = s.asked[(purpose, side)]
    limit = policy.limit if policy is not None and policy.limit is not None else s.game.reroll_limit
    allowed = throw.eligible(Reroll(faces=tuple(str(f) for f in range(1, 7)), initial=True))
    if policy is not None:
        allowed = tuple(
            i for i in allowed if i in throw.eligible(Reroll(kinds=policy.kinds, faces=policy.faces, initial=True))
        )
    return [()] + [tuple(i + 1 for i in chosen) for n in range(1, limit + 1) for chosen in combinations(allowed, n)]


@decision("reroll", _reroll_options)
def reroll(s: DuelState, dice: tuple[int, ...], side: int, purpose: str) -> None:
    index, spec, throw = s.pending_throw
    s.pending_throw = None
    if dice:
        throw = throw.reroll([d - 1 for d in dice])
        faces = list(spec.rerolled or [])
        waiting = throw.pending
        if len(faces) != len(waiting):
            raise _mismatch(
                s,
                index,
                f"throw {index + 1}: {len(waiting)} dice are re-rolled, but `rerolled` gives {len(faces)} faces",
            )
        try:
            for die, face in zip(waiting, faces):
                throw = throw.apply(throw.pool.dice[throw.dice[die].kind].face_of(face))
            for wave in spec.rerolled_waves:
                throw = throw.apply(
                    tuple(throw.pool.dice[throw.dice[d].kind].face_of(f) for d, f in zip(throw.pending, wave))
                )
        except ValueError as exc:
            raise _mismatch(s, index, f"throw {index + 1}: re-rolled dice: {exc}") from None
        if throw.pending:
            raise _mismatch(
                s,
                index,
                f"throw {index + 1}: the re-rolled dice add {len(throw.pending)} dice; give them under rerolled_waves",
            )
    _finish(s, purpose, side, throw, spec, dice)


def _finish(s: DuelState, purpose: str, side: int, throw: Throw, spec: Any, rerolled: tuple = ()) -> None:
    counts, target, policy = s.asked[(purpose, side)]
    if purpose == "d3":
        value = sum(d3(int(label)) for label in throw.labels)
    elif purpose in ("d6", "2d6"):
        value = sum(int(label) for label in throw.labels)
    else:
        value = throw.count
    shown: dict[str, Any] = {"pool": dict(counts), "target": target, "faces": [throw.label(i) for i in throw.wave(0)]}
    waves = [[throw.label(i) for i in throw.wave(n)] for n in range(1, 1 + max(d.wave for d in throw.dice))]
    if waves:
        shown["waves"] = waves
    if rerolled:
        shown["rerolled"] = list(rerolled)
    if spec.probability is not None and purpose not in VALUES:
        shown["probability"] = probability(Pool(s.game.dice, counts, target, policy), value, spec.probability)
    _settle(s, purpose, side, value, shown)


def probability(pool: Pool, count: int, how: str) -> str:
    """The exact probability of throwing ``count`` (``exactly``) or at least ``count`` (``at_least``)."""
    dist = distribution_exact(pool)
    p = (
        dist.get(count, Fraction(0))
        if how == "exactly"
        else sum((q for n, q in dist.items() if n >= count), Fraction(0))
    )
    return str(p)
