"""Damage in Dystopian Legions as pure functions of whole numbers: successes allocated along the target priority
chain, the defensive pool they call up, its saves cancelling hits, the Life Points lost, and an Ironclad's damage
table (p.79-81, p.109-111).

Allocation (p.80): the nearest model takes hits enough to kill it (IR per LP) and the rest go on to the next; hits
too few to take even one LP from the next model are Floating Damage. A model that is not killed takes whole
multiples of its IR and the rest floats. Melee casualties use the same chain (engaged models first, p.94) and
their leftover hits are simply lost.

Saves (p.81): each model that would lose an LP adds its dice to the defensive pool once: hard cover 2 blue, soft
cover 1 blue, Shield[n, colour] n dice of its colour (black against an Energy Weapon). Each success of that pool
cancels one hit: Floating Damage first, then the hits of the furthest model that took any, working back along the
chain.

Ironclads (p.107, p.109-111): against mixed arcs the highest Armour Rating counts; cover removes D3-1 (soft) or D3+1
(hard) successes; successes reaching the AR roll 2D6 plus the excess, plus the highest Armour Piercing, plus 1 when
Open Topped, read on the damage table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

COVERS = ("open", "soft", "hard")  # cover levels, least first (p.52)
COVER_DICE = {"open": 0, "soft": 1, "hard": 2}  # blue save dice a model adds (p.81)
COVER_COLOUR = "blue"
ENERGY_SHIELD_COLOUR = "black"  # shields against an Energy Weapon (p.113-119)


@dataclass(frozen=True)
class ChainModel:
    """One model of the target section in its place on the priority chain: its IR (Combat Armour already
    added), the LP it has left, the cover it counts as in (after Hit the Deck, Towering, an elevated firer) and its
    Shield[n, colour], if any."""

    ir: int
    lp: int
    cover: str = "open"
    shield: int = 0
    shield_colour: str = "red"

    def __post_init__(self) -> None:
        if self.ir < 1 or self.lp < 0:
            raise ValueError(
                f"a model on the chain needs IR of at least 1 and LP of 0 or more: IR {self.ir}, LP {self.lp}"
            )
        if self.cover not in COVERS:
            raise ValueError(f"cover is one of {', '.join(COVERS)}, not {self.cover!r}")

    @property
    def to_kill(self) -> int:
        """Hits that take all its LP."""
        return self.ir * self.lp


@dataclass(frozen=True)
class Allocation:
    """Hits per model along the chain (nearest first) and the Floating Damage left over."""

    hits: tuple[int, ...]
    floating: int

    @property
    def total(self) -> int:
        return sum(self.hits) + self.floating


@dataclass(frozen=True)
class Losses:
    """What the hits left after saves take: LP lost per model along the chain, and the models killed."""

    lp_lost: tuple[int, ...]
    killed: tuple[bool, ...]

    @property
    def total_lp(self) -> int:
        return sum(self.lp_lost)

    @property
    def kills(self) -> int:
        return sum(self.killed)


def cover_level(cover: str, shift: int) -> str:
    """``cover`` moved ``shift`` levels (Hit the Deck +1; Towering, an elevated or flying firer, Spray and Pray
    -1), kept between open and hard."""
    return COVERS[max(0, min(len(COVERS) - 1, COVERS.index(cover) + shift))]


def allocate(successes: int, chain: Sequence[ChainModel]) -> Allocation:
    """Successes along the chain, nearest first: each model takes hits enough to kill it while they last; the model
    they run short on takes whole multiples of its IR; the rest is Floating Damage."""
    if successes < 0:
        raise ValueError(f"successes cannot be negative: {successes}")
    left, hits = successes, []
    for model in chain:
        taken = model.to_kill if left >= model.to_kill else (left // model.ir) * model.ir
        hits.append(taken)
        left -= taken
    return Allocation(tuple(hits), left)


def save_pool(allocation: Allocation, chain: Sequence[ChainModel], energy: bool = False) -> dict[str, int]:
    """The defensive pool by colour: each model whose hits would take an LP adds its cover and shield dice once."""
    pool: Counter[str] = Counter()
    for taken, model in zip(allocation.hits, chain):
        if taken < model.ir or not model.lp:
            continue
        pool[COVER_COLOUR] += COVER_DICE[model.cover]
        if model.shield:
            pool[ENERGY_SHIELD_COLOUR if energy else model.shield_colour] += model.shield
    return {colour: count for colour, count in pool.items() if count}


def cancel(allocation: Allocation, saves: int) -> Allocation:
    """The allocation less ``saves`` hits: Floating Damage first, then the furthest model that took hits, inward."""
    if saves < 0:
        raise ValueError(f"saves cannot be negative: {saves}")
    floating = max(0, allocation.floating - saves)
    left = saves - (allocation.floating - floating)
    hits = list(allocation.hits)
    for index in reversed(range(len(hits))):
        if not left:
            break
        removed = min(left, hits[index])
        hits[index] -= removed
        left -= removed
    return Allocation(tuple(hits), floating)


def losses(allocation: Allocation, chain: Sequence[ChainModel]) -> Losses:
    """LP lost per model (its hits over its IR, at most its LP) and which models are killed."""
    lost = tuple(min(model.lp, taken // model.ir) for taken, model in zip(allocation.hits, chain))
    return Losses(lost, tuple(bool(model.lp) and n == model.lp for n, model in zip(lost, chain)))


def resolve(successes: int, chain: Sequence[ChainModel], saves: int) -> Losses:
    """A ranged attack's losses: ``successes`` allocated, ``saves`` cancelling hits, LP taken."""
    return losses(cancel(allocate(successes, chain), saves), chain)


def lethal_chain(chain: Sequence[ChainModel]) -> tuple[ChainModel, ...]:
    """The chain a Lethal attack meets: every model falls to hits equal to its IR, whatever its Life Points (p.117),
    so each stands on the chain with one LP (a model already at none keeps none)."""
    return tuple(ChainModel(m.ir, min(1, m.lp), m.cover, m.shield, m.shield_colour) for m in chain)


def lethal_losses(result: Losses, chain: Sequence[ChainModel]) -> Losses:
    """Losses on the lethal chain as the section takes them: a model killed loses every Life Point it had left."""
    lost = tuple(model.lp if killed else 0 for killed, model in zip(result.killed, chain))
    return Losses(lost, result.killed)


def melee_losses(hits: int, chain: Sequence[ChainModel]) -> Losses:
    """Melee casualties: hits along the chain (engaged models first), leftover hits lost, no saves (p.94)."""
    return losses(allocate(hits, chain), chain)


# --- Ironclads ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IroncladResult:
    """A row of the damage table: its name, the Hull Points it takes, whether it is Shaken, wrecked or explodes."""

    name: str
    hp_lost: int = 0
    shaken: bool = False
    wrecked: bool = False
    explodes: bool = False


# Rows of the damage table by their lowest roll (p.109-111).
DAMAGE_TABLE = (
    (16, IroncladResult("explodes", wrecked=True, explodes=True)),
    (14, IroncladResult("wrecked", wrecked=True)),
    (12, IroncladResult("-2 HP, shaken", hp_lost=2, shaken=True)),
    (10, IroncladResult("-1 HP, shaken", hp_lost=1, shaken=True)),
    (8, IroncladResult("shaken", shaken=True)),
)
NO_EFFECT = IroncladResult("no effect")


def armour(ratings: dict[str, int], arcs: Iterable[str]) -> int:
    """The Armour Rating an attack meets: the highest of the arcs its firers stand in (p.107)."""
    return max(ratings[arc] for arc in arcs)


def cover_removes(cover: str, d3: int) -> int:
    """Successes cover takes from an attack on an Ironclad: soft D3-1, hard D3+1, none in the open (p.109-111)."""
    if not 1 <= d3 <= 3:
        raise ValueError(f"a D3 reads 1 to 3, not {d3}")
    return {"open": 0, "soft": d3 - 1, "hard": d3 + 1}[cover]


def damage_roll(two_d6: int, excess: int, ap: Iterable[int] = (), open_topped: bool = False) -> int:
    """The damage roll: 2D6 plus the successes over the AR, the highest Armour Piercing, and 1 if Open Topped."""
    return two_d6 + excess + max(ap, default=0) + int(open_topped)


def damage_result(roll: int) -> IroncladResult:
    """The damage table's row for a roll: 7 or less nothing, 8-9 Shaken, 10-11 -1 HP and Shaken, 12-13 -2 HP and
    Shaken, 14-15 wrecked, 16 or more explodes (p.109-111)."""
    for lowest, result in DAMAGE_TABLE:
        if roll >= lowest:
            return result
    return NO_EFFECT


def ironclad_hit(
    successes: int, rating: int, two_d6: int, ap: Iterable[int] = (), open_topped: bool = False
) -> IroncladResult:
    """An attack's effect on an Ironclad once cover has removed its successes: none below the AR, else the table's
    row for 2D6 plus the excess and modifiers."""
    if successes < rating:
        return NO_EFFECT
    return damage_result(damage_roll(two_d6, successes - rating, ap, open_topped))
