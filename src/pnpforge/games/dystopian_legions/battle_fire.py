"""Shooting in a battle: the targets a section may fire at, the attack set up for the duel's rules on the table,
and what follows a section's loss (rules ``shoot-targets``, ``shoot-range``, ``shoot-priority``, ``los-centres``,
``terrain-cover``, ``morale-triggers``, ``end-blp-casualties``, ``mission-annihilate``, ``officer-loss``,
``order-on-my-mark``).

A target is an enemy section in sight, within the firer's longest range and in no melee; a section that moved At
The Double, charged, fled or regrouped does not fire. Before the attack is pushed the target's models take the
cover the terrain gives them against this firer and line up nearest first (the priority chain), and an Ironclad
target notes the arc the attack hits; the attack itself is ``shooting.py``'s.

``b-after`` runs after every attack and melee: a section wiped out scores its Battle Log Points for the enemy (and
Annihilate's two more), its melees end, and every friendly section within 8" of it takes a Morale check; an officer
killed shakes the friendly sections within its command range (``battle_command.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.plane import dist2
from pnpforge.engine.steps import decision, task
from pnpforge.games.dystopian_legions import battle_command, bolster, morale, orders
from pnpforge.games.dystopian_legions.battle_turn import pair_near
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.shooting import fire, may_fire
from pnpforge.games.dystopian_legions.state import Trooper
from pnpforge.games.dystopian_legions.throws import ask
from pnpforge.games.dystopian_legions.turn import order_refusal, spend

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.data import Mount
from pnpforge.games.dystopian_legions.table import better, facing_hit, standing_in

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.battle import BattleState

NO_FIRE = ("double", "charge", "flee", "regroup")
SHAKE_RANGE = 8  # inches: a friendly section wiped out this near calls for a Morale check


def targets(s: BattleState, i: int) -> list[int]:
    """The enemy sections section ``i`` may fire at, in index order."""
    unit = s.units[i]
    if not unit.live or unit.side.engaged or unit.moved in NO_FIRE:
        return []
    if not morale.may_shoot(unit.side.markers, s.game.routed_at):
        return []
    reach = (unit.spec.reach + 1) // 2 if s.halved else unit.spec.reach
    return [
        u.spec.index
        for u in sorted(s.live(1 - unit.spec.player), key=lambda u: u.spec.index)
        if not u.side.engaged and s.within(i, u.spec.index, reach) and s.look(i, u.spec.index).open
    ]


def _targets(s: BattleState, p: int, i: int) -> list[object]:
    found = targets(s, i)
    return ["none", *found] if found else []


@decision("b-shoot", _targets)
def shoot(s: BattleState, target: object, p: int, i: int) -> None:
    if target == "none" or not isinstance(target, int):
        return
    aim(s, p, i, target)
    if may_fire(s, p) is None:
        free = tuple(free_mounts(s, p, i, target))
        s.push(("b-after",), *(("b-independent", p, i, target, free, k) for k in range(len(free))))
        fire(s, p, "placed" if s.units[i].focus else "regular")
    else:
        pair_near(s, i)


# --- Independent Firing (rule mar-independent-firing) ----------------------------------------------------------------
def free_mounts(s: BattleState, p: int, i: int, j: int) -> list[tuple[int, Mount]]:
    """The section's weapons with Independent Firing that could not join the attack on ``j`` (out of their arc or
    range): each may fire at a target of its own. As (the model's number, the weapon's mount)."""
    found = []
    view, firing = s.view, s.firing
    try:
        aim_only(s, p, i, j)
        for trooper in s.units[i].side.troopers:
            for mount in s.profile(trooper).weapons:
                if s.game.data.weapons[mount.weapon].has("independent-firing") and not fires_at(s, trooper, mount):
                    found.append((trooper.number, mount))
    finally:
        s.pair(*view)
        s.firing = firing
    return found


def aim_only(s: BattleState, p: int, i: int, j: int) -> None:
    s.pair(i, j)
    s.firing = p


def fires_at(s: BattleState, trooper: Trooper, mount: Mount) -> bool:
    """The weapon bears on the paired target and reaches it with some band."""
    weapon = s.game.data.weapons[mount.weapon]
    return s.bears(trooper, mount) and any(s.reaches(band) for band in weapon.bands)


def _own_targets(s: BattleState, p: int, i: int, j: int, free: tuple, k: int) -> list[object]:
    """No second target first (the quiet answer), then each other target the k-th free weapon bears on and reaches
    (``free``: the weapons left out of the attack on ``j``, listed when it was declared)."""
    unit = s.units[i]
    if k >= len(free) or not unit.live:
        return []
    number, mount = free[k]
    trooper = next((t for t in unit.side.troopers if t.number == number), None)
    if trooper is None:  # the model fell meanwhile
        return []
    view, firing = s.view, s.firing
    found: list[object] = []
    try:
        for t in targets(s, i):
            if t != j:
                aim_only(s, p, i, t)
                if fires_at(s, trooper, mount):
                    found.append(t)
    finally:
        s.pair(*view)
        s.firing = firing
    return ["none", *found] if found else []


@decision("b-independent", _own_targets)
def independent(s: BattleState, target: object, p: int, i: int, j: int, free: tuple, k: int) -> None:
    """The k-th free weapon fires at a target of its own, as an attack of that weapon alone."""
    if target == "none" or not isinstance(target, int):
        return
    number, mount = free[k]
    aim(s, p, i, target)
    s.only = frozenset({(number, mount)})
    s.log.append(Said(f"{s.units[i].spec.unit}: its {mount.weapon} fires at {s.units[target].spec.unit}"))
    s.push(("b-only-done",), ("b-after",))
    if may_fire(s, p) is None:
        fire(s, p, "regular")


@task("b-only-done")
def only_done(s: BattleState) -> None:
    s.only = None


def aim(s: BattleState, p: int, i: int, j: int) -> None:
    """Pair firer and target; the target's models take their cover and line up nearest the firer first; an
    Ironclad notes the arc hit."""
    s.pair(i, j)
    s.firing = p
    firer, target = s.units[i], s.units[j]
    assert firer.block is not None and target.block is not None
    seen = s.look(i, j)
    cover = better(seen.cover, standing_in(s.game.setup, target.block))
    points = target.points()
    order = sorted(range(len(points)), key=lambda n: (dist2(points[n], firer.block.centre), n))  # type: ignore[union-attr]
    side = target.side
    side.troopers = [Trooper(t.profile, t.lp, cover, t.number) for t in (side.troopers[n] for n in order)]
    side.facing = "+".join(facing_hit(target.block, firer.block.centre)) if target.spec.ironclad else ""


@task("b-reaction-fire")
def reaction_fire(s: BattleState, q: int, i: int, j: int) -> None:
    """A card's fire at a section that has just moved: Rushed, and the firer stays Ready."""
    shooter = s.units[i]
    if "fire_reaction" not in shooter.side.effects or not s.units[j].live:
        return
    shooter.side.effects = {k: v for k, v in shooter.side.effects.items() if k != "fire_reaction"}
    aim(s, q, i, j)
    if may_fire(s, q) is None:
        shooter.side.effects = {**shooter.side.effects, "quality-rushed": (("quality", "rushed"),)}
        s.push(("b-after",))
        fire(s, q, "regular")


@task("b-after")
def after(s: BattleState) -> None:
    """Sections just wiped out score for the enemy, end their melees and shake their friends within 8"; an officer
    just killed shakes the friendly sections within its command range (rule ``officer-loss``): a section called
    for both at once takes one check needing a success more (``battle_command``)."""
    checks: list[tuple] = []
    mourning = battle_command.officers_lost(s)
    for unit in s.units:
        if unit.gone or not unit.side.wiped or unit.block is None:
            continue
        unit.gone = True
        p = unit.spec.player
        mission = s.game.entries[s.names[1]]
        bonus = int((mission.get("blp", {}) or {}).get("per_enemy_section_destroyed", 0))
        s.blp[1 - p] += s.game.wiped_blp[unit.spec.index] + bonus
        s.log.append(Said(f"{unit.spec.unit} is wiped out"))
        for friend in s.live(p):
            if s.within(friend.spec.index, unit.spec.index, SHAKE_RANGE):
                both = mourning.pop(friend.spec.index, 0) > 0  # two reasons: one success more
                checks += [("b-pair-near", friend.spec.index), ("morale", p, True) if both else ("morale", p)]
    for i in sorted(mourning):
        friend = s.units[i]
        s.log.append(Said(f"{friend.spec.unit} is within the command range of an officer killed"))
        checks += [("b-pair-near", i), ("morale", friend.spec.player)]
    s.settle_engagements()
    s.push(*checks)


# --- On My Mark (rule order-on-my-mark) ----------------------------------------------------------------------------
@task("b-mark-pair")
def mark_pair(s: BattleState, q: int, j: int, i: int) -> None:
    """The charged section and its charger are paired before the order is offered."""
    if s.units[i].live and s.units[j].live:
        s.pair(j, i)


def _mark_options(s: BattleState, q: int, j: int, i: int) -> list[str]:
    """No order first, then On My Mark, where the charged section is Ready, no Ironclad, may fire at the charger
    where it stands, and an officer or NCO who may spend the points stands in range."""
    unit = s.units[j]
    if s.view[q] != j or unit.side.activated or unit.spec.ironclad or i not in targets(s, j):
        return []
    if order_refusal(s, q, "on-my-mark") is not None:
        return []
    return ["none", "on-my-mark"]


@decision("b-on-my-mark", _mark_options)
def on_my_mark(s: BattleState, choice: str, q: int, j: int, i: int) -> None:
    if choice == "none":
        return
    side = s.units[j].side
    spend(s, q, orders.ORDERS["on-my-mark"].cost_for(side.quality))
    s.log.append(Said(f"{s.game.players[q]} {side.setup.unit}: on-my-mark"))
    s.push(("bolster", q, "command"), ("b-mark-check", q, j, i))


@task("b-mark-check")
def mark_check(s: BattleState, q: int, j: int, i: int) -> None:
    side = s.units[j].side
    order = orders.ORDERS["on-my-mark"]
    check = morale.command_check(s.colour(side), s.game.check_dice, order.needed, 0, bolster.dice(s, q))
    s.push(ask(s, "command", q, dict(check.dice), s.game.success), ("b-mark-fire", q, j, i, check.needed))


@task("b-mark-fire")
def mark_fire(s: BattleState, q: int, j: int, i: int, needed: int) -> None:
    """A passed check: the section fires Rushed at the charger before it moves, and stays Ready."""
    if s.last[("command", q)] < needed or not s.units[i].live or not s.units[j].live:
        return
    aim(s, q, j, i)
    if may_fire(s, q) is None:
        s.push(("b-after",))
        fire(s, q, "rushed")
