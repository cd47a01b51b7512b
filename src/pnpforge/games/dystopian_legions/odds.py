"""Exact odds of Dystopian Legions attacks from the pack's dice, profiles, weapons and sections, in fractions.

An attack's successes come from the shared exact distributions (``engine/dice_exact.py``); what they do to a target
section follows ``damage.py``: allocation along its chain, the defensive pool of the models they threaten, its
saves at 4+ cancelling hits, the LP lost. Red dice explode without end, so their distributions leave out a tail of
probability under ``dice_exact.TAIL`` (``EXPLOSION_NOTE`` says so where they are printed); all else is exact.

The target chain puts troopers nearest, then specialists, NCOs and officers, as an owner would (p.79-80; the
owner settles ties): the leaders are the last to fall. Towering models count their cover a level lower. Melee
uses IR with Combat Armour and no saves; each side's pool is its models' MAD with a die of the ER colour of each
CQB weapon, and Cold Steel adds a red die per Command Point of its officer or NCO (p.93-94). An Ironclad's odds
follow its damage table: cover removes D3-1 or D3+1 successes, and the highest Armour Piercing and Open Topped
add to 2D6 and the excess (p.109-111).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Any

from pnpforge.content.pack import Pack
from pnpforge.engine.dice import DiceSet
from pnpforge.engine.dice_exact import distribution_exact
from pnpforge.engine.kept_tables import KeptTable
from pnpforge.games.dystopian_legions import damage
from pnpforge.games.dystopian_legions.damage import ChainModel
from pnpforge.games.dystopian_legions.data import Data, Profile, Section, Weapon, read
from pnpforge.games.dystopian_legions.forces import CREW_FOR_FIELD_GUN

QUALITIES = {"placed": 3, "regular": 4, "rushed": 5}  # shot quality and its target (p.80)
SAVE_TARGET = 4  # defensive dice succeed on 4+ (p.81)
MELEE_TARGET = 4  # melee hits on 4+, 5+ when Shaken (p.93)
RANKS = ("trooper", "specialist", "nco", "officer")  # nearest first on a target chain
EXPLOSION_NOTE = (
    "Red dice explode without limit: each die's distribution leaves out a tail of probability under one in a "
    "billion, which moves no printed figure."
)
Counts = tuple[tuple[str, int], ...]  # dice by colour, sorted
Dist = dict[int, Fraction]
Outcome = tuple[dict[int, int], int, int]  # LP lost as weights, the weight of a wipe, their denominator


@dataclass(frozen=True)
class Shot:
    """What an attack does to a target section: its successes, the LP it takes and the chance it wipes the
    section out, each exact."""

    successes: Dist
    lp: Dist
    wipe: Fraction

    @property
    def expected_successes(self) -> Fraction:
        return mean(self.successes)

    @property
    def expected_lp(self) -> Fraction:
        return mean(self.lp)

    @property
    def any_lp(self) -> Fraction:
        return sum((p for n, p in self.lp.items() if n >= 1), Fraction(0))


@dataclass(frozen=True)
class Attack:
    """One attack of a section's shooting action: its dice, whether every weapon in it is an Energy Weapon, the cover
    levels it moves the target's (Spray and Pray on every weapon: -1) and the chance it fires at all (Unreliable:
    5 in 6)."""

    dice: Counts
    energy: bool = False
    shift: int = 0
    fires: Fraction = Fraction(1)
    alone: bool = False  # a Solo Weapon's attack
    steady: bool = False  # a Sniper weapon's: Placed, one shot quality better (its model never moves in a duel)

    def target(self, target: int) -> int:
        """The target number this attack throws at, for the section's shot at ``target``."""
        return max(QUALITIES["placed"], target - 1) if self.steady else target


State = tuple[tuple[int, int], ...]  # the models of a chain still standing: their place on it and LP left


def _key(counts: Mapping[str, int] | Counts) -> Counts:
    items = counts.items() if isinstance(counts, Mapping) else counts
    return tuple(sorted((c, n) for c, n in items if n))


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((n * p for n, p in dist.items()), Fraction(0))


def _add(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Dist:
    """The distribution of the sum of two independent counts."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            if p and q:
                out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def loss_totals(allocation: damage.Allocation, saves: int, chain: tuple[ChainModel, ...]) -> tuple[int, int]:
    """``damage.losses(damage.cancel(allocation, saves), chain)``'s Life Points lost and models killed, in one pass
    without the intermediate allocations (the odds ask it once per hit and save count of every chain)."""
    hits, floating = allocation.hits, allocation.floating
    left = saves - floating if saves > floating else 0  # saves cancel Floating Damage first
    total = kills = 0
    for index in range(len(hits) - 1, -1, -1):  # then the furthest model that took hits, inward
        taken = hits[index]
        if left:
            removed = left if left < taken else taken
            taken -= removed
            left -= removed
        model = chain[index]
        lost = taken // model.ir
        if lost > model.lp:
            lost = model.lp
        total += lost
        kills += bool(model.lp) and lost == model.lp
    return total, kills


class Kit:
    """The pack's dice and data, with the distributions it has already worked out."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.dice = DiceSet.of_pack(pack)
        self.data: Data = read(pack)
        self._successes: dict[tuple[Counts, int], Dist] = {}
        self._powers: dict[tuple[str, int, int], tuple[list[int], int]] = {}
        self._dies: dict[tuple[str, int], tuple[list[int], int]] = {}
        self._outcomes: dict[tuple[tuple[ChainModel, ...], bool], dict[int, Outcome]] = {}
        self.memo: dict[Any, Any] = {}  # what callers work out from the kit, by their own keys
        self.kept = KeptTable(  # expected losses, kept between processes: they depend on the dice and this code
            "dystopian-legions expected losses",
            repr(pack.game.dice),
            (
                "games.dystopian_legions.odds",
                "games.dystopian_legions.damage",
                "engine.dice",
                "engine.dice_exact",
            ),
        )

    def successes(self, counts: Mapping[str, int] | Counts, target: int) -> Dist:
        """The exact distribution of a pool's successes at ``target``+."""
        key = (_key(counts), target)
        if key not in self._successes:
            weights, scale = self._pool(key[0], target)
            self._successes[key] = {n: Fraction(w, scale) for n, w in enumerate(weights) if w}
        return self._successes[key]

    def _pool(self, counts: Counts, target: int) -> tuple[list[int], int]:
        """A pool's successes as whole weights over a denominator."""
        weights, scale = [1], 1
        for colour, count in counts:
            more, denominator = self._weights(colour, count, target)
            weights, scale = _convolve(weights, more), scale * denominator
        return weights, scale

    def die(self, colour: str, target: int) -> tuple[list[int], int]:
        """One die's successes at ``target``+ as whole weights over a denominator."""
        return self._weights(colour, 1, target)

    def _weights(self, colour: str, count: int, target: int) -> tuple[list[int], int]:
        """``count`` dice of a colour as whole weights over a denominator: one die's exact distribution (from
        ``engine/dice_exact.py``) convolved ``count`` times in integers, which is far quicker than in fractions."""
        key = (colour, count, target)
        if key not in self._powers:
            if count == 0:
                self._powers[key] = ([1], 1)
            else:
                die, denominator = self._die(colour, target)
                fewer, scale = self._weights(colour, count - 1, target)
                self._powers[key] = (_convolve(fewer, die), scale * denominator)
        return self._powers[key]

    def _die(self, colour: str, target: int) -> tuple[list[int], int]:
        """One die's exact distribution as whole weights over a denominator, worked out once for every count."""
        key = (colour, target)
        if key not in self._dies:
            one = distribution_exact(self.dice.pool({colour: 1}, target))
            denominator = lcm(*(p.denominator for p in one.values()))
            die = [0] * (max(one) + 1)
            for n, p in one.items():
                die[n] = p.numerator * (denominator // p.denominator)
            self._dies[key] = (die, denominator)
        return self._dies[key]

    def _outcome(self, hits: int, chain: tuple[ChainModel, ...], energy: bool) -> Outcome:
        """LP lost (as weights) and the weight of a wipe once ``hits`` are allocated and saved against, over the
        save pool's denominator."""
        allocated = damage.allocate(hits, chain)
        saves, scale = self._pool(_key(damage.save_pool(allocated, chain, energy)), SAVE_TARGET)
        lp: dict[int, int] = {}
        wipe = 0
        for saved, weight in enumerate(saves):
            if not weight:
                continue
            total, kills = loss_totals(allocated, saved, chain)
            lp[total] = lp.get(total, 0) + weight
            if kills == len(chain):
                wipe += weight
        return lp, wipe, scale

    def shoot(
        self, counts: Mapping[str, int] | Counts, target: int, chain: tuple[ChainModel, ...], energy: bool = False
    ) -> Shot:
        """An attack of ``counts`` dice at ``target``+ on a section's ``chain``."""
        weights, scale = self._pool(_key(counts), target)
        known = self._outcomes.setdefault((chain, energy), {})
        outcomes = {}
        for n, weight in enumerate(weights):
            if weight:
                if n not in known:
                    known[n] = self._outcome(n, chain, energy)
                outcomes[n] = known[n]
        return self._combine(counts, target, weights, scale, outcomes)

    def attacks(self, attacks: Sequence[Attack], target: int, chain: tuple[ChainModel, ...]) -> Shot:
        """A shooting action of several attacks at ``target``+ on a section's ``chain``, one after another: each
        meets the models the ones before left standing (a Solo Weapon's attack after the pooled one)."""
        if len(attacks) == 1 and attacks[0].shift == 0 and attacks[0].fires == 1 and not attacks[0].steady:
            return self.shoot(attacks[0].dice, target, chain, attacks[0].energy)
        states: dict[State, Fraction] = {tuple((i, m.lp) for i, m in enumerate(chain)): Fraction(1)}
        successes: Dist = {0: Fraction(1)}
        for attack in attacks:
            after: dict[State, Fraction] = {}
            for state, p in states.items():
                if attack.fires < 1 or not state:
                    after[state] = after.get(state, Fraction(0)) + p * (1 - attack.fires if state else 1)
                if state:
                    for left, q in self._left(attack, attack.target(target), chain, state).items():
                        after[left] = after.get(left, Fraction(0)) + p * attack.fires * q
            states = after
            thrown = dict(self.successes(attack.dice, attack.target(target)))
            if attack.fires < 1:
                silent = 1 - attack.fires
                thrown = {
                    n: q * attack.fires + (silent if n == 0 else 0) for n, q in {0: Fraction(0), **thrown}.items()
                }
            successes = _add(successes, thrown)
        full = sum(m.lp for m in chain)
        lp: Dist = {}
        for state, p in states.items():
            lost = full - sum(left for _, left in state)
            lp[lost] = lp.get(lost, Fraction(0)) + p
        wipe = states.get((), Fraction(0))
        return Shot(dict(sorted(successes.items())), dict(sorted(lp.items())), wipe)

    def _left(self, attack: Attack, target: int, chain: tuple[ChainModel, ...], state: State) -> dict[State, Fraction]:
        """The models an attack leaves standing, with the chance of each outcome."""
        key = (attack.dice, attack.energy, attack.shift, target, chain, state)
        if key in self.memo:
            return self.memo[key]
        standing = tuple(
            ChainModel(
                chain[i].ir,
                lp,
                damage.cover_level(chain[i].cover, attack.shift),
                chain[i].shield,
                chain[i].shield_colour,
            )
            for i, lp in state
        )
        weights, scale = self._pool(attack.dice, target)
        out: dict[State, Fraction] = {}
        for n, weight in enumerate(weights):
            if not weight:
                continue
            allocated = damage.allocate(n, standing)
            saves, saves_scale = self._pool(_key(damage.save_pool(allocated, standing, attack.energy)), SAVE_TARGET)
            for saved, save_weight in enumerate(saves):
                if not save_weight:
                    continue
                lost = damage.losses(damage.cancel(allocated, saved), standing)
                left = tuple(
                    (i, lp - taken) for (i, lp), taken, killed in zip(state, lost.lp_lost, lost.killed) if not killed
                )
                out[left] = out.get(left, Fraction(0)) + Fraction(weight * save_weight, scale * saves_scale)
        self.memo[key] = out
        return out

    def expected_shot(self, counts: Mapping[str, int] | Counts, target: int, chain: tuple[ChainModel, ...]) -> Fraction:
        """``shoot(counts, target, chain).expected_lp``, worked out once (and kept between processes)."""
        question = ("shoot", _key(counts), target, chain)
        return self._expected(question, lambda: self.shoot(counts, target, chain).expected_lp)

    def expected_melee(
        self, counts: Mapping[str, int] | Counts, chain: tuple[ChainModel, ...], target: int
    ) -> Fraction:
        """``melee(counts, chain, target).expected_lp``, worked out once (and kept between processes)."""
        question = ("melee", _key(counts), target, chain)
        return self._expected(question, lambda: self.melee(counts, chain, target).expected_lp)

    def _expected(self, question: tuple, make: Any) -> Fraction:
        found = self.memo.get(question)
        if found is None:
            found = self.memo[question] = Fraction(self.kept.get(repr(question), lambda: str(Fraction(make()))))
        return found

    def melee(
        self, counts: Mapping[str, int] | Counts, chain: tuple[ChainModel, ...], target: int = MELEE_TARGET
    ) -> Shot:
        """A melee pool's hits on a section's chain: no saves, leftover hits lost."""
        weights, scale = self._pool(_key(counts), target)
        outcomes = {}
        for n, weight in enumerate(weights):
            if weight:
                lost = damage.melee_losses(n, chain)
                outcomes[n] = ({lost.total_lp: 1}, int(lost.kills == len(chain)), 1)
        return self._combine(counts, target, weights, scale, outcomes)

    def _combine(
        self,
        counts: Mapping[str, int] | Counts,
        target: int,
        weights: list[int],
        scale: int,
        outcomes: dict[int, Outcome],
    ) -> Shot:
        """The attack's LP and wipe from each count of hits' outcome, summed in whole numbers."""
        common = lcm(*(o[2] for o in outcomes.values())) if outcomes else 1
        lp: dict[int, int] = {}
        wipe = 0
        for n, (lost, wiped, denominator) in outcomes.items():
            factor = weights[n] * (common // denominator)
            for k, w in lost.items():
                lp[k] = lp.get(k, 0) + factor * w
            wipe += factor * wiped
        total = scale * common
        return Shot(
            self.successes(counts, target),
            {k: Fraction(w, total) for k, w in sorted(lp.items())},
            Fraction(wipe, total),
        )


# --- sections, models and pools ---------------------------------------------------------------------------------


def models_of(kit: Kit, section: Section) -> list[Profile]:
    """A section's models as bought, one entry a model, nearest first on its chain (troopers first)."""
    listed = [kit.data.profiles[m] for m, count in section.models for _ in range(count)]
    return sorted(listed, key=lambda p: RANKS.index(p.rank) if p.rank in RANKS else 0)


def chain(kit: Kit, section: Section, cover: str = "open", melee: bool = False) -> tuple[ChainModel, ...]:
    """The chain of a section's models that are no Ironclads, in ``cover``; in melee, IR with Combat Armour."""
    found = []
    for profile in models_of(kit, section):
        if profile.ironclad:
            continue
        shield = profile.mar("shield")
        found.append(
            ChainModel(
                ir=profile.combat_ir if melee else profile.ir,
                lp=profile.lp,
                cover=damage.cover_level(cover, -1) if profile.has("towering") else cover,
                shield=(shield.value or 0) if shield else 0,
                shield_colour=(shield.colour or "red") if shield else "red",
            )
        )
    return tuple(found)


def weapon_dice(weapon: Weapon, band: str, pool: str = "rad") -> dict[str, int]:
    """A weapon's dice at a band (RAD or IAD), by colour; none for a dash."""
    found = weapon.band(band)
    cell = (found.rad if pool == "rad" else found.iad) if found else None
    return {cell.colour: cell.count} if cell else {}


def section_pool(kit: Kit, section: Section, band: str, pool: str = "rad") -> dict[str, int]:
    """The dice every model of the section adds to one attack at a band, all weapons pooled by colour; the two crew
    who fire each field gun do not fire their own weapons (p.39)."""
    total: dict[str, int] = {}
    listed = models_of(kit, section)
    crewing = CREW_FOR_FIELD_GUN * sum(p.model_type == "field_gun" for p in listed)
    for profile in listed:
        if crewing and not profile.ironclad:
            crewing -= 1
            continue
        for mount in profile.weapons:
            for colour, count in weapon_dice(kit.data.weapons[mount.weapon], band, pool).items():
                total[colour] = total.get(colour, 0) + count * mount.count
    return total


def solo(weapon: Weapon) -> bool:
    """A Solo Weapon (a Sniper weapon is one too) throws an attack of its own (p.80, p.118)."""
    return weapon.has("solo-weapon") or weapon.has("sniper")


def section_attacks(kit: Kit, section: Section, band: str, pool: str = "rad") -> list[Attack]:
    """The section's shooting action at a band: every weapon but the Solo ones pooled in one attack, then each Solo
    Weapon's attack alone, in the order of the models (the duel's order); the crew of a field gun fire only it."""
    pooled: dict[str, int] = {}
    weapons: list[Weapon] = []
    alone: list[Attack] = []
    listed = models_of(kit, section)
    crewing = CREW_FOR_FIELD_GUN * sum(p.model_type == "field_gun" for p in listed)
    for profile in listed:
        if crewing and not profile.ironclad:
            crewing -= 1
            continue
        for mount in profile.weapons:
            weapon = kit.data.weapons[mount.weapon]
            dice = weapon_dice(weapon, band, pool)
            if not solo(weapon):
                weapons.append(weapon)
                for colour, count in dice.items():
                    pooled[colour] = pooled.get(colour, 0) + count * mount.count
            elif dice:
                fires = Fraction(5, 6) if weapon.has("unreliable") else Fraction(1)
                one = _attack(dice, [weapon], fires, True, weapon.has("sniper"))
                alone += [one] * mount.count
    main = [_attack(pooled, weapons)] if pooled else []
    return main + alone


def _attack(
    dice: Mapping[str, int],
    weapons: list[Weapon],
    fires: Fraction = Fraction(1),
    alone: bool = False,
    steady: bool = False,
) -> Attack:
    every = bool(weapons)
    return Attack(
        _key(dice),
        every and all(w.has("energy-weapon") for w in weapons),
        -1 if every and all(w.has("spray-and-pray") for w in weapons) else 0,
        fires,
        alone,
        steady,
    )


def energy(kit: Kit, section: Section) -> bool:
    """Whether every weapon of the section's attack is an Energy Weapon (the shields then roll black)."""
    weapons = [kit.data.weapons[m.weapon] for p in models_of(kit, section) for m in p.weapons]
    return bool(weapons) and all(w.has("energy-weapon") for w in weapons)


def melee_pool(kit: Kit, section: Section) -> dict[str, int]:
    """The section's melee dice: MAD, a die of the ER colour per CQB weapon, a red die per CP with Cold Steel."""
    total: dict[str, int] = {}

    def add(colour: str, count: int) -> None:
        total[colour] = total.get(colour, 0) + count

    for profile in models_of(kit, section):
        if profile.ironclad or profile.mad is None:
            continue
        add(profile.mad.colour, profile.mad.count)
        for mount in profile.weapons:
            weapon = kit.data.weapons[mount.weapon]
            near = weapon.band("effective")
            if weapon.has("cqb-weapon") and near and near.rad:
                add(near.rad.colour, 1)
        if profile.has("cold-steel"):
            nco = profile.mar("nco")
            add("red", profile.cp or ((nco.value or 0) if nco else 0))
    return {colour: count for colour, count in total.items() if count}


# --- Ironclads ----------------------------------------------------------------------------------------------------


@lru_cache(maxsize=None)  # process cache: the 2D6 sums, the same for every pack
def two_d6() -> dict[int, Fraction]:
    sums: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            sums[a + b] = sums.get(a + b, Fraction(0)) + Fraction(1, 36)
    return sums


def ironclad_odds(
    hits: Mapping[int, Fraction], rating: int, cover: str = "open", ap: int = 0, open_topped: bool = False
) -> dict[str, Fraction]:
    """The chance of each row of the damage table (``no effect`` included) for an attack's successes."""
    scale = lcm(*(p.denominator for p in hits.values()))
    rolls = {roll: int(p * 36) for roll, p in two_d6().items()}
    out: dict[str, int] = {}
    for n, p in hits.items():
        weight = p.numerator * (scale // p.denominator)
        for d3 in (1, 2, 3):
            left = max(0, n - damage.cover_removes(cover, d3))
            if left < rating:
                out[damage.NO_EFFECT.name] = out.get(damage.NO_EFFECT.name, 0) + weight * 36
                continue
            for roll, ways in rolls.items():
                row = damage.ironclad_hit(left, rating, roll, (ap,), open_topped).name
                out[row] = out.get(row, 0) + weight * ways
    return {row: Fraction(w, scale * 3 * 36) for row, w in out.items()}


def armour_piercing(weapon: Weapon) -> int:
    """The weapon's ranged Armour Piercing value (0 without)."""
    return max((m.value or 0 for m in weapon.mars if m.id == "armour-piercing" and m.attack != "melee"), default=0)
