"""Melee in the duel: the charge, the pools from melee dice and weapons, who strikes first, casualties along the
chain with no saves, victory, the Upper Hand and the Morale checks after (rules ``move-charge``, ``melee-when``,
``melee-bonus``, ``melee-strike-first``, ``melee-casualties``, ``melee-victory``, ``profile-mad``).

A pool is each model's melee dice, one more die of its own colour per model when it charged (Brutal Charge[v, colour]
gives v of that colour instead), one die per model with a CQB weapon in the colour of its effective range, one red
die per Command Point an officer or NCO with Cold Steel spends, one die of its own colour per model after winning
the Upper Hand (spent in that melee) and a card's dice. A Shaken section hits on 5+.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.steps import decision, task
from pnpforge.games.dystopian_legions import damage, morale
from pnpforge.games.dystopian_legions.shooting import bolstered, take
from pnpforge.games.dystopian_legions.throws import ask

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.state import DuelState


def may_charge(s: DuelState, p: int) -> str | None:
    """Why the section cannot charge: it is an Ironclad (which rams instead), it is Routed or already in melee, or
    the target is further than twice its slowest model's move. An Ironclad may be charged (rule ``ironclad-melee``)."""
    side, target = s.sides[p], s.sides[1 - p]
    if side.wiped or target.wiped:
        return "no target"
    if s.ironclad(side):
        return "an Ironclad does not charge"
    if side.markers >= s.game.routed_at:
        return "a Routed section does not charge"
    if side.engaged:
        return "the section is in melee already"
    reach = 2 * min(s.profile(t).mv for t in side.troopers)
    if s.game.inches > reach:
        return f"the target is {s.game.inches} inches away; the section charges {reach}"
    return None


def charge(s: DuelState, p: int) -> None:
    """The section charges; a section that had hit the deck gets up, with a Shaken marker. The target, if it has
    not activated, may answer with a fire reaction card before contact (rule ``tac-fire-reaction``)."""
    side = s.sides[p]
    if side.deck:  # getting up to charge ends Hit the Deck and shakes the section (rule shoot-hit-the-deck)
        side.deck = False
        side.markers = morale.failed(side.markers, s.game.routed_at)
    s.push(("ambush", 1 - p), ("contact", p))


@task("contact")
def contact(s: DuelState, p: int) -> None:
    """The charger makes contact, unless it was wiped out or Routed on the way; a Shaken target takes a Morale
    check, and a Daunting charger makes any target take one (rule ``morale-triggers``)."""
    side, target = s.sides[p], s.sides[1 - p]
    if side.wiped or target.wiped or side.markers >= s.game.routed_at:
        return
    side.engaged = target.engaged = side.charging = True
    if s.ironclad(target):  # an Ironclad is shaken by the damage table alone (DECISIONS.md, point 10)
        return
    if target.markers or any(s.profile(t).has("daunting") for t in side.troopers):
        s.push(("morale", 1 - p))


def melee_dice(s: DuelState, p: int, cold_steel: int = 0) -> dict[str, int]:
    side = s.sides[p]
    counts: dict[str, int] = {}

    def add(colour: str, n: int) -> None:
        counts[colour] = counts.get(colour, 0) + n

    for trooper in side.troopers:
        profile = s.profile(trooper)
        if profile.mad is None or profile.ironclad:
            continue
        add(profile.mad.colour, profile.mad.count)
        if side.charging:
            brutal = profile.mar("brutal-charge")
            add(brutal.colour or profile.mad.colour, brutal.value or 1) if brutal else add(profile.mad.colour, 1)
        if side.upper_hand:
            add(profile.mad.colour, 1)
        for mount in profile.weapons:
            weapon = s.game.data.weapons[mount.weapon]
            near = weapon.band("effective")
            if weapon.has("cqb-weapon") and near is not None and near.rad is not None:
                add(near.rad.colour, 1)
                break
    if cold_steel:
        add("red", cold_steel)
    for colour, n in bolstered(side, "melee"):
        add(s.colour(side) if colour == "own" else colour, n)
    return counts


def _cold_steel_options(s: DuelState, p: int) -> list[int]:
    """Command Points an officer or NCO with Cold Steel may spend on red dice: none first, then up to what it has."""
    side = s.sides[p]
    most = 0
    for trooper in side.troopers:
        if s.profile(trooper).has("cold-steel"):
            most = max(most, min(side.cp, s.made_by(trooper) - side.spent.get(trooper.number, 0)))
    return list(range(most + 1)) if most else []


@decision("cold-steel", _cold_steel_options)
def cold_steel(s: DuelState, points: int, p: int) -> None:
    side = s.sides[p]
    for trooper in side.troopers:
        if points and s.profile(trooper).has("cold-steel"):
            side.spent = {**side.spent, trooper.number: side.spent.get(trooper.number, 0) + points}
            side.cp -= points
            break
    s.last = {**s.last, ("cold-steel", p): points}


def strikes_first(s: DuelState, p: int) -> bool:
    side = s.sides[p]
    return "strike_first" in side.effects or (
        s.turn == 1 and any(s.profile(t).has("swift-strike") for t in side.troopers)
    )


@task("melee")
def melee(s: DuelState) -> None:
    """The Melee phase: cards of its window, Cold Steel, then the blows (first strikers before the rest)."""
    a, b = s.sides
    if not (a.engaged and b.engaged) or a.wiped or b.wiped:
        return
    first, second = s.first, 1 - s.first
    s.played = set()
    s.melee_lp = (a.lp_lost, b.lp_lost)
    entries: list[tuple] = [
        ("tac", first, "melee"),
        ("tac", second, "melee"),
        ("cold-steel", first),
        ("cold-steel", second),
    ]
    iron = [p for p in (first, second) if s.ironclad(s.sides[p])]
    early = [p for p in (first, second) if strikes_first(s, p)]
    if len(iron) == 1:  # an Ironclad strikes nothing back; it may leave first (rule ironclad-melee)
        q = iron[0]
        s.push(*entries, ("disengage", q), ("iron-melee", 1 - q))
        return
    if len(early) == 1:
        entries += [
            ("blows", early[0]),
            ("casualties", early[0]),
            ("blows", 1 - early[0]),
            ("casualties", 1 - early[0]),
        ]
    else:
        entries += [("blows", first), ("blows", second), ("casualties", first), ("casualties", second)]
    s.push(*entries, ("melee-over",))


@task("iron-melee")
def iron_melee(s: DuelState, p: int) -> None:
    """The blows of side ``p`` at the Ironclad that stayed: every model of a duel's section reaches it."""
    if s.last.get(("disengage", 1 - p)):
        s.last = {k: v for k, v in s.last.items() if k[0] not in ("cold-steel", "disengage")}
        return
    s.push(("blows", p), ("iron-blows", p, ""), ("melee-over",))


@task("blows")
def blows(s: DuelState, p: int) -> None:
    side = s.sides[p]
    dice = melee_dice(s, p, s.last.get(("cold-steel", p), 0))
    if side.wiped or not dice:
        s.last = {**s.last, ("melee", p): 0}
        return
    s.push(ask(s, "melee", p, dice, morale.melee_target(side.markers)))


@task("casualties")
def casualties(s: DuelState, p: int) -> None:
    """Hits fall along the enemy's chain, Combat Armour adding to IR; what is left over is lost."""
    q = 1 - p
    take(s, q, damage.melee_losses(s.last.get(("melee", p), 0), s.chain(s.sides[q], melee=True)))


@task("melee-over")
def melee_over(s: DuelState) -> None:
    """The side that lost fewer Life Points gains the Upper Hand (nobody on a tie); the Upper Hand already held is
    spent; each side that lost Life Points takes a Morale check."""
    lost = [side.lp_lost - before for side, before in zip(s.sides, s.melee_lp)]
    for p, side in enumerate(s.sides):
        side.upper_hand = lost[p] < lost[1 - p]
        side.charging = False
        side.engaged = s.still_engaged(p)
    s.last = {k: v for k, v in s.last.items() if k[0] != "cold-steel"}
    s.push(
        *(
            ("morale", p)
            for p in (s.first, 1 - s.first)
            if lost[p] and not s.sides[p].wiped and not s.ironclad(s.sides[p])
        )
    )
