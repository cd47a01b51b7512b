"""An attack on an Ironclad in the duel: the Armour Rating of the arc it hits, cover taking successes away, the
damage roll and its table, Hull Points and Shaken markers (rules ``ironclad-stats``, ``ironclad-damage``); a melee
against one, which it does not strike back in and may leave at will, its rear to the enemy (``ironclad-melee``).

The table and its modifiers are ``damage.py``'s. An Ironclad takes no Morale check for lost Hull Points; the table
shakes it (DECISIONS.md, point 10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.steps import decision, task
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


def piercing(s: DuelState, p: int, attack: str = "ranged") -> list[int]:
    """The Armour Piercing values of the side's weapons for this kind of attack: a ranged attack counts those of
    no stated kind too; a melee counts only those marked for melee."""
    side = s.sides[p]
    kinds = (None, "ranged") if attack == "ranged" else ("melee",)
    found = []
    for trooper in side.troopers:
        for mount in s.profile(trooper).weapons:
            mar = s.game.data.weapons[mount.weapon].mar("armour-piercing")
            if mar is not None and mar.attack in kinds:
                found.append(mar.value or 0)
    return found


@task("penetration")
def penetration(s: DuelState, p: int, cover: str, purpose: str = "attack", arc: str = "") -> None:
    """Successes left against the Armour Rating of the arc hit; reaching it calls for the damage roll (2D6). A
    melee's blows (``purpose`` melee) meet the arc the attackers stand in, or the rear as the Ironclad leaves."""
    q = 1 - p
    side = s.sides[q]
    trooper = side.troopers[hull(s, q)]
    removed = damage.cover_removes(cover, s.last[("d3", q)]) if cover != "open" else 0
    successes = max(0, s.last[(purpose, p)] - removed)
    facing = arc or side.facing or side.setup.facing
    rating = damage.armour(s.profile(trooper).armour or {}, tuple(facing.split("+")))
    s.log.append(Said(f"{successes} successes against armour {rating} ({facing})"))
    s.last = {**s.last, ("penetrating", p): successes}
    if successes >= rating:
        s.push(ask(s, "2d6", p, {"black": 2}, 0), ("damage-table", p, successes - rating, purpose))


@task("damage-table")
def damage_table(s: DuelState, p: int, excess: int, purpose: str = "attack") -> None:
    q = 1 - p
    side = s.sides[q]
    index = hull(s, q)
    trooper = side.troopers[index]
    open_topped = s.profile(trooper).has("open-topped")
    ap = piercing(s, p, "melee" if purpose == "melee" else "ranged")
    roll = damage.damage_roll(s.last[("2d6", p)], excess, ap, open_topped)
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


# --- melee (p.109) ---------------------------------------------------------------------------------------------------
def _leave_options(s: DuelState, q: int) -> list[str]:
    """Staying first (the quiet answer), or leaving the melee: an Ironclad needs no order to disengage."""
    side, enemy = s.sides[q], s.sides[1 - q]
    if side.wiped or enemy.wiped or not side.engaged or not s.ironclad(side):
        return []
    return ["stay", "disengage"]


@decision("disengage", _leave_options)
def disengage(s: DuelState, choice: str, q: int) -> None:
    """Leaving is thrown for as a Disengage order's model is (p.47): a D6, and on 1 to 3 the models in contact
    strike it on its rear armour before it goes; either way the melee ends before the blows."""
    s.last = {**s.last, ("disengage", q): int(choice == "disengage")}
    if choice == "disengage":
        s.log.append(Said(f"{s.sides[q].setup.player}: the Ironclad disengages"))
        s.push(ask(s, "d6", q, {"black": 1}, 0), ("disengaging", q))


@task("disengaging")
def disengaging(s: DuelState, q: int) -> None:
    p = 1 - q
    roll = s.last[("d6", q)]
    entries: list[tuple] = []
    if roll <= 3:
        s.log.append(Said(f"disengage roll {roll}: struck on the rear armour"))
        entries += [("blows", p), ("iron-blows", p, "rear")]
    else:
        s.log.append(Said(f"disengage roll {roll}: away clean"))
    s.push(*entries, ("disengaged", q))


@task("disengaged")
def disengaged(s: DuelState, q: int) -> None:
    s.part()


@task("iron-blows")
def iron_blows(s: DuelState, p: int, arc: str = "") -> None:
    """The melee's successes against the Ironclad's armour: no cover takes any away (cover in a melee decides who
    strikes first, and an Ironclad does not strike)."""
    if s.sides[1 - p].wiped or not s.last.get(("melee", p), 0):
        return
    s.push(("penetration", p, "open", "melee", arc))
