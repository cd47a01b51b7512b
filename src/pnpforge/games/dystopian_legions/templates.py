"""Round templates on the table: where an indirect shot lands, which bases lie under it, and what each section hit
rolls against it. Pure functions on the plane kit (``engine/plane*.py``); a battle calls them, the duel never does
(it has no table).

The book's procedure (p.86-87): the firer names an aim point within range and arc of its weapons (and in sight of
a firing model when Over Open Sights, of a Spotter when Observed); the 3" blast is laid over it and scattered in
the direction of the Random Direction Template's arrow that a D6 names, by 1D6" Over Open Sights or 3D6" Observed,
less one D6 for each spotter who sees the point and rolls a success (never below 1D6); an Expert Forward Artillery
Observer halves the distance (rounded up, p.16). A weapon with more blasts lays each next one touching the last,
without overlap, along a new arrow. Every section under a blast, friend or foe, is attacked by the weapon's dice
once per blast it lies under; casualties go nearest the centre of the first blast first; indirect fire comes from
above, so cover counts one level lower; the Blast MAR makes the shots Placed against a section in Line. An Ironclad
that explodes attacks every section within 4" with red dice equal to its highest armour, with Blast.

Choices the book leaves open are this pack's (DECISIONS.md, "Templates on the table"): the arrows are numbered 1
to 6 clockwise with arrow 1 towards the top edge of the table as drawn, as the printed template has them; the first
blast stops at the table's edge (the kit's ``scatter``); a later blast is laid touching the one before even where
it hangs over the edge, and hits what lies under it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pnpforge.engine.plane import Base, Point, Shape, Table, add, along, disc, dist2, inches
from pnpforge.engine.plane_measure import FULLY, nearest_first, under, within
from pnpforge.engine.plane_moves import SIX, scatter
from pnpforge.games.dystopian_legions.damage import ChainModel, cover_level, resolve

BLAST = inches(3)  # the blast template's diameter (p.13)
EXPLOSION_REACH = inches(4)  # an exploding Ironclad hits every section within 4" (p.109)
OPEN_SIGHTS_DICE = 1  # scatter dice Over Open Sights (p.86)
OBSERVED_DICE = 3  # scatter dice of Observed fire, before the spotters' rolls (p.86)
SPOT_SUCCESS = 4  # a spotter's D6 reduces the scatter on 4+ (p.86)


def _quarter_turn(v: Point) -> Point:
    return (-v[1], v[0])


# The printed arrows, numbered 1 to 6 clockwise from the top: the kit's six arrows (60 degrees apart,
# counterclockwise from +x) turned a quarter turn, so that arrow 1 points up the table.
ARROWS: tuple[Point, ...] = tuple(_quarter_turn(SIX[(6 - n) % 6]) for n in range(6))


def arrow(face: int) -> Point:
    """The direction of the arrow a D6 names (1 up the table, then clockwise every 60 degrees)."""
    if not 1 <= face <= 6:
        raise ValueError(f"a scatter direction is a D6 from 1 to 6, not {face}")
    return ARROWS[face - 1]


def blast(centre: Point) -> Shape:
    """The 3" blast template laid with its centre on ``centre``."""
    return disc(centre, BLAST)


def scatter_dice(observed: bool, spotter_faces: Sequence[int] = ()) -> int:
    """How many D6 of inches the first blast scatters: 1 Over Open Sights; Observed, 3 less one per spotter's
    success (a face of 4 or more), never fewer than 1."""
    if not observed:
        return OPEN_SIGHTS_DICE
    passed = sum(1 for face in spotter_faces if face >= SPOT_SUCCESS)
    return max(OPEN_SIGHTS_DICE, OBSERVED_DICE - passed)


def scatter_inches(faces: Sequence[int], halved: bool = False) -> int:
    """The scatter in whole inches: the D6s added, halved and rounded up by an Expert Forward Artillery Observer."""
    if not faces or any(not 1 <= face <= 6 for face in faces):
        raise ValueError(f"scatter dice are D6s from 1 to 6, not {list(faces)}")
    total = sum(faces)
    return (total + 1) // 2 if halved else total


def first_landing(table: Table, aim: Point, direction: int, faces: Sequence[int], halved: bool = False) -> Point:
    """Where the first blast's centre lands: the aim point moved along the arrow by the dice, stopped at the
    table's edge."""
    return scatter(table, aim, arrow(direction), inches(scatter_inches(faces, halved)))


def touching_next(previous: Point, direction: int) -> Point:
    """The centre of the next blast, laid along an arrow touching the one centred on ``previous`` without overlap:
    the nearest lattice offset along the arrow at least one template's width long (within 0.2 mm of touching)."""
    vector = arrow(direction)
    length = BLAST
    while True:
        offset = along(vector, length)
        if dist2(offset, (0, 0)) >= BLAST * BLAST:
            return add(previous, offset)
        length += 1


@dataclass(frozen=True)
class Landing:
    """Where each blast of one attack lies, first one first."""

    aim: Point
    centres: tuple[Point, ...]

    @property
    def templates(self) -> tuple[Shape, ...]:
        return tuple(blast(c) for c in self.centres)


def land(table: Table, aim: Point, directions: Sequence[int], faces: Sequence[int], halved: bool = False) -> Landing:
    """Every blast of an attack: the first scattered from the aim point by ``faces`` along ``directions[0]``,
    each later one touching the last along the next direction."""
    if not directions:
        raise ValueError("an attack lays at least one blast, so it needs at least one direction")
    centres = [first_landing(table, aim, directions[0], faces, halved)]
    for direction in directions[1:]:
        centres.append(touching_next(centres[-1], direction))
    return Landing(aim, tuple(centres))


@dataclass(frozen=True)
class SectionHit:
    """A section under one or more blasts: how many blasts cover it, its bases under each (``fully`` or
    ``partly``), its attack dice and its models in the order casualties are taken."""

    section: str
    blasts: int
    under: tuple[Mapping[str, str], ...]
    dice: int
    colour: str
    casualties: tuple[str, ...]


def hits(landing: Landing, sections: Mapping[str, Sequence[Base]], dice: int, colour: str) -> list[SectionHit]:
    """Each section under the blasts, friend or foe, in the order given: one attack pool of ``dice`` per blast
    it lies under (a base touching a template's rim only is not under it), casualties nearest the centre of the
    first blast first."""
    found = []
    for name, bases in sections.items():
        per_blast = tuple(under(template, bases) for template in landing.templates)
        covering = sum(1 for covered in per_blast if covered)
        if not covering:
            continue
        order = tuple(b.id for b in nearest_first(landing.centres[0], bases))
        found.append(SectionHit(name, covering, per_blast, dice * covering, colour, order))
    return found


def fully_under(hit: SectionHit) -> tuple[str, ...]:
    """The bases of a section hit that lie wholly under some blast."""
    return tuple(sorted({base for covered in hit.under for base, how in covered.items() if how == FULLY}))


def suffered(hit: SectionHit, models: Mapping[str, ChainModel], successes: int, saves: int) -> dict[str, int]:
    """What each model of a section under the blasts suffers: the LP it loses when the attack's ``successes``
    (against ``saves``) are allocated along the chain nearest the first blast's centre first, each model's IR a Life
    Point, its cover counted from above (``indirect_cover``) in its ``ChainModel``; only models that lose any."""
    chain = [models[base] for base in hit.casualties]
    lost = resolve(successes, chain, saves).lp_lost
    return {base: n for base, n in zip(hit.casualties, lost) if n}


def shot_quality(in_line: bool) -> str:
    """A Blast weapon's shots are Placed against a section in Line, regular otherwise (p.113-119)."""
    return "placed" if in_line else "regular"


def indirect_cover(cover: str) -> str:
    """The cover a model counts against indirect fire: one level lower, as from a Flying-Elevated firer (p.87)."""
    return cover_level(cover, -1)


def aim_in_range(firers: Iterable[Base], aim: Point, reach: int) -> bool:
    """Every firing base has the aim point within ``reach`` of its nearest edge (p.86: in range of all the IDF
    weapons firing)."""
    point = Shape((aim,))
    return all(within(base.shape, point, reach) for base in firers)


def explosion(hull: Base, sections: Mapping[str, Sequence[Base]], armour: Mapping[str, int]) -> dict[str, int]:
    """The sections an exploding Ironclad attacks (any base within 4" of its hull), each with red dice equal to
    its highest Armour Rating, in the order given."""
    highest = max(armour.values())
    return {
        name: highest
        for name, bases in sections.items()
        if any(within(hull.shape, base.shape, EXPLOSION_REACH) for base in bases)
    }
