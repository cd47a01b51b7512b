"""A shooting attack in the duel: targets, range band, shot quality, cover and its kinds, Hit the Deck, the attack
pool, allocation along the priority chain, the defensive pool and the Life Points lost (rules ``shoot-attacks``,
``shoot-targets``, ``shoot-range``, ``shoot-priority``, ``shoot-quality``, ``shoot-allocation``, ``shoot-saves``,
``shoot-hit-the-deck``, ``weapon-profile``, ``profile-ir``, ``profile-lp``, ``morale-triggers``).

The damage itself (allocation, save dice, cancellation, losses) is ``damage.py``'s; an attack on an Ironclad goes on
in ``ironclads.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.dice import Reroll
from pnpforge.engine.steps import decision, task
from pnpforge.games.dystopian_legions import damage, morale
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.throws import ask

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.state import DuelState, Side

TARGETS = {"placed": 3, "regular": 4, "rushed": 5}  # shot quality -> the target number (rule shoot-quality)
ONES = ("1",)
MISSES = ("1", "2", "3")


def attack_dice(s: DuelState, p: int) -> dict[str, int]:
    """The attack pool: each model's weapons at the range band the target is in, RAD against models and IAD
    against Ironclads (a dash gives nothing)."""
    side, target = s.sides[p], s.sides[1 - p]
    versus_ironclad = s.ironclad(target)
    counts: dict[str, int] = {}
    for trooper in side.troopers:
        for mount in s.profile(trooper).weapons:
            weapon = s.game.data.weapons[mount.weapon]
            reach = next((b for b in weapon.bands if s.reaches(b)), None)
            if reach is None or not s.bears(trooper, mount):
                continue
            dice = reach.iad if versus_ironclad else reach.rad
            if dice is not None:
                counts[dice.colour] = counts.get(dice.colour, 0) + dice.count * mount.count
    for colour, count in bolstered(side, "shooting"):
        counts[colour] = counts.get(colour, 0) + count
    return counts


def bolstered(side: Side, roll: str) -> list[tuple[str, int]]:
    params = side.effects.get("bolster")
    values = dict(params) if params is not None else {}
    return [(values["colour"], values["dice"])] if values.get("roll") == roll else []


def may_fire(s: DuelState, p: int) -> str | None:
    """Why the section cannot fire now, or None: it is Routed, in melee, its target is in melee or out of every
    weapon's range (rules ``morale-routed``, ``shoot-targets``)."""
    side, target = s.sides[p], s.sides[1 - p]
    if side.wiped or target.wiped:
        return "no target"
    if not morale.may_shoot(side.markers, s.game.routed_at):
        return "a Routed section does not shoot"
    if side.engaged or target.engaged:
        return "a section in melee neither shoots nor is shot at"
    if not attack_dice(s, p):
        return "no weapon of the section reaches the target"
    return None


def quality(s: DuelState, p: int, ordered: str) -> str:
    """The attack's shot quality: Placed from Focus Fire or a card, Rushed when the firer is Shaken or down after
    Hit the Deck, when the target is an Elusive Target or a card says so; Placed and Rushed together are regular."""
    side, target = s.sides[p], s.sides[1 - p]
    placed = ordered == "placed" or "quality-placed" in side.effects
    rushed = (
        morale.shoots_rushed(side.markers, s.game.routed_at)
        or side.rushed
        or "quality-rushed" in side.effects
        or any(s.profile(t).has("elusive-target") for t in target.troopers)
    )
    return "regular" if placed == rushed else "placed" if placed else "rushed"


def rerolls(s: DuelState, p: int) -> Reroll | None:
    """Re-rolls of the attack: Rapid Fire[v] re-rolls v failed initial dice, a card its number of dice."""
    side = s.sides[p]
    limit, faces = 0, None
    for trooper in side.troopers:
        for mount in s.profile(trooper).weapons:
            rapid = s.game.data.weapons[mount.weapon].mar("rapid-fire")
            limit += (rapid.value or 0) * mount.count if rapid else 0
    params = side.effects.get("reroll")
    if params is not None and dict(params).get("roll") == "shooting":
        values = dict(params)
        limit += values["dice"]
        faces = {"ones": ONES, "any": None}.get(values.get("only", "any"), None)
    return Reroll(limit=limit, faces=faces, initial=True) if limit else None


def fire(s: DuelState, p: int, ordered: str) -> None:
    """Open Fire: cards of the Shooting window (the firer's, then the target's), the target's chance to Hit the
    Deck, then the attack."""
    q = 1 - p
    s.push(("tac", p, "shooting"), ("tac", q, "shooting"), ("deck", q), ("attack", p, ordered))


def side_may_drop(s: DuelState, side: Side) -> bool:
    """Infantry may Hit the Deck; Towering and Drone models may not (rule ``shoot-hit-the-deck``)."""
    return bool(side.troopers) and all(
        s.profile(t).model_type == "infantry" and not s.profile(t).has("towering") and not s.profile(t).has("drone")
        for t in side.troopers
    )


def _deck_options(s: DuelState, q: int) -> list[bool]:
    side = s.sides[q]
    return [False, True] if side_may_drop(s, side) and not side.deck else []


@decision("deck", _deck_options)
def hit_the_deck(s: DuelState, down: bool, q: int) -> None:
    """Hit the Deck before the attack is thrown: cover one level better, its own shots Rushed for the turn; a
    section that had already activated takes a Shaken marker (rule ``shoot-hit-the-deck``)."""
    if down:
        side = s.sides[q]
        side.deck = side.rushed = True
        if side.activated:
            side.markers = morale.failed(side.markers, s.game.routed_at)
        s.log.append(Said(f"{side.setup.player} hit the deck"))


@task("attack")
def attack(s: DuelState, p: int, ordered: str) -> None:
    shot = s.game.shot or quality(s, p, ordered)
    s.log.append(Said(f"{s.sides[p].setup.player} fires {shot}"))
    after = ("armour", p) if s.ironclad(s.sides[1 - p]) else ("hits", p)
    s.push(ask(s, "attack", p, attack_dice(s, p), TARGETS[shot], rerolls(s, p)), after)


def cover_shift(s: DuelState, p: int) -> int:
    """Levels of cover the target gains: Hit the Deck +1, a card's levels, Spray and Pray on every weapon -1."""
    side, target = s.sides[p], s.sides[1 - p]
    shift = 1 if target.deck else 0
    params = target.effects.get("cover")
    shift += dict(params)["levels"] if params is not None else 0
    weapons = [s.game.data.weapons[m.weapon] for t in side.troopers for m in s.profile(t).weapons]
    if weapons and all(w.has("spray-and-pray") for w in weapons):
        shift -= 1
    return shift


def chain(s: DuelState, p: int) -> list[damage.ChainModel]:
    """The target's chain with each model's cover after the shift; a Towering model's own cover is a level lower."""
    target = s.sides[1 - p]
    shift = cover_shift(s, p)
    return [
        damage.ChainModel(
            m.ir,
            m.lp,
            damage.cover_level(m.cover, shift - int(s.profile(t).has("towering"))),
            m.shield,
            m.shield_colour,
        )
        for m, t in zip(s.chain(target), target.troopers)
    ]


def energy(s: DuelState, p: int) -> bool:
    side = s.sides[p]
    return any(s.game.data.weapons[m.weapon].has("energy-weapon") for t in side.troopers for m in s.profile(t).weapons)


@task("hits")
def hits(s: DuelState, p: int) -> None:
    """The successes along the chain; the models that would lose a Life Point call up their save dice."""
    models = chain(s, p)
    allocation = damage.allocate(s.last[("attack", p)], models)
    pool = damage.save_pool(allocation, models, energy(s, p))
    for colour, count in bolstered(s.sides[1 - p], "defence"):
        pool[colour] = pool.get(colour, 0) + count
    if pool:
        s.push(ask(s, "saves", 1 - p, pool, s.game.success), ("wounds", p, True))
    else:
        s.push(("wounds", p, False))


@task("wounds")
def wounds(s: DuelState, p: int, saved: bool) -> None:
    """Saves cancel hits (floating first, then from the furthest model in), and the rest take Life Points; a
    section that lost any takes a Morale check."""
    models = chain(s, p)
    allocation = damage.allocate(s.last[("attack", p)], models)
    result = damage.losses(damage.cancel(allocation, s.last[("saves", 1 - p)] if saved else 0), models)
    lost = take(s, 1 - p, result)
    if lost:
        suppressed = any(
            s.game.data.weapons[m.weapon].has("suppression") for t in s.sides[p].troopers for m in s.profile(t).weapons
        )
        s.push(("morale", 1 - p, suppressed))


def take(s: DuelState, q: int, result: damage.Losses) -> int:
    """The losses applied to the side's models along its chain; the Life Points lost."""
    side = s.sides[q]
    kept = []
    for trooper, lost, killed in zip(side.troopers, result.lp_lost, result.killed):
        if killed:
            side.killed.append(trooper.profile)
        else:
            kept.append(type(trooper)(trooper.profile, trooper.lp - lost, trooper.cover, trooper.number))
    side.troopers = kept + side.troopers[len(result.lp_lost) :]
    side.lp_lost += result.total_lp
    if result.total_lp:
        s.log.append(Said(f"{side.setup.player} lose {result.total_lp} LP, {result.kills} killed"))
    return result.total_lp
