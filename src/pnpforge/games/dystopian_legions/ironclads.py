"""An attack on an Ironclad in the duel: the Armour Rating of the arc it hits, cover taking successes away, the
damage roll and its table, Hull Points and Shaken markers (rules ``ironclad-stats``, ``ironclad-damage``).

The table and its modifiers are ``damage.py``'s. An Ironclad takes no Morale check for lost Hull Points; the table
shakes it (DECISIONS.md, point 10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.steps import task
from pnpforge.games.dystopian_legions import damage, morale
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.throws import ask

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.state import DuelState


def hull(s: DuelState, q: int) -> int:
    """The Ironclad the attack hits: the first of the section's list."""
    return next(i for i, t in enumerate(s.sides[q].troopers) if s.profile(t).ironclad)


@task("armour")
def armour(s: DuelState, p: int) -> None:
    """Soft cover takes D3-1 successes away, hard cover D3+1."""
    q = 1 - p
    trooper = s.sides[q].troopers[hull(s, q)]
    if trooper.cover == "open":
        s.last = {**s.last, ("d3", q): 0}
        s.push(("penetration", p, "open"))
        return
    s.push(ask(s, "d3", q, {"black": 1}, 0), ("penetration", p, trooper.cover))


def piercing(s: DuelState, p: int) -> list[int]:
    side = s.sides[p]
    found = []
    for trooper in side.troopers:
        for mount in s.profile(trooper).weapons:
            mar = s.game.data.weapons[mount.weapon].mar("armour-piercing")
            if mar is not None and (mar.attack in (None, "ranged")):
                found.append(mar.value or 0)
    return found


@task("penetration")
def penetration(s: DuelState, p: int, cover: str) -> None:
    """Successes left against the Armour Rating of the arc hit; reaching it calls for the damage roll (2D6)."""
    q = 1 - p
    side = s.sides[q]
    trooper = side.troopers[hull(s, q)]
    removed = damage.cover_removes(cover, s.last[("d3", q)]) if cover != "open" else 0
    successes = max(0, s.last[("attack", p)] - removed)
    facing = side.facing or side.setup.facing
    rating = damage.armour(s.profile(trooper).armour or {}, tuple(facing.split("+")))
    s.log.append(Said(f"{successes} successes against armour {rating} ({facing})"))
    s.last = {**s.last, ("penetrating", p): successes}
    if successes >= rating:
        s.push(ask(s, "2d6", p, {"black": 2}, 0), ("damage-table", p, successes - rating))


@task("damage-table")
def damage_table(s: DuelState, p: int, excess: int) -> None:
    q = 1 - p
    side = s.sides[q]
    index = hull(s, q)
    trooper = side.troopers[index]
    open_topped = s.profile(trooper).has("open-topped")
    roll = damage.damage_roll(s.last[("2d6", p)], excess, piercing(s, p), open_topped)
    result = damage.damage_result(roll)
    s.log.append(Said(f"damage roll {roll}: {result.name}"))
    s.last = {**s.last, ("damage", p): roll}
    lost = trooper.lp if result.wrecked else min(trooper.lp, result.hp_lost)
    if result.shaken:
        side.markers = morale.failed(side.markers, s.game.routed_at)
    side.lp_lost += lost
    if lost >= trooper.lp:
        side.killed.append(trooper.profile)
        side.troopers = side.troopers[:index] + side.troopers[index + 1 :]
    elif lost:
        side.troopers[index] = type(trooper)(trooper.profile, trooper.lp - lost, trooper.cover, trooper.number)
