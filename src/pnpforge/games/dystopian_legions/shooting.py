"""A shooting attack in the duel: targets, range band, shot quality, cover and its kinds, Hit the Deck, the attack
pool, allocation along the priority chain, the defensive pool and the Life Points lost (rules ``shoot-attacks``,
``shoot-targets``, ``shoot-range``, ``shoot-priority``, ``shoot-quality``, ``shoot-allocation``, ``shoot-saves``,
``shoot-hit-the-deck``, ``weapon-profile``, ``profile-ir``, ``profile-lp``, ``morale-triggers``).

The damage itself (allocation, save dice, cancellation, losses) is ``damage.py``'s; an attack on an Ironclad goes on
in ``ironclads.py``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pnpforge.engine.dice import Reroll
from pnpforge.engine.steps import decision, task
from pnpforge.games.dystopian_legions import damage, morale
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.medics import tender
from pnpforge.games.dystopian_legions.throws import ask

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.data import Mount, Weapon
    from pnpforge.games.dystopian_legions.state import DuelState, Side, Trooper

TARGETS = {"placed": 3, "regular": 4, "rushed": 5}  # shot quality -> the target number (rule shoot-quality)
ONES = ("1",)
MISSES = ("1", "2", "3")


Volley = tuple[tuple["Trooper", "Mount"], ...]  # the weapons of one attack, each with the model carrying it


def solo(weapon: Weapon) -> bool:
    """A Solo Weapon (a Sniper weapon is one too) rolls an attack of its own (rule ``mar-solo-weapon``)."""
    return weapon.has("solo-weapon") or weapon.has("sniper")


def volleys(s: DuelState, p: int) -> list[Volley]:
    """The section's attacks in one shooting action: every weapon that pools its dice, then each Solo Weapon alone
    (one attack for each it carries), in the order of the section's models (the book lets the firer pick)."""
    pooled: list[tuple[Trooper, Mount]] = []
    alone: list[Volley] = []
    only = s.only
    for trooper in s.sides[p].troopers:
        for mount in s.profile(trooper).weapons:
            if only is not None and (trooper.number, mount) not in only:
                continue  # a weapon firing at a target of its own (rule mar-independent-firing)
            if solo(s.game.data.weapons[mount.weapon]):
                alone += [((trooper, replace(mount, count=1)),)] * mount.count
            else:
                pooled.append((trooper, mount))
    return [tuple(pooled), *alone]


def weapons_of(s: DuelState, volley: Volley) -> list[Weapon]:
    return [s.game.data.weapons[mount.weapon] for _, mount in volley]


def attack_dice(s: DuelState, p: int, volley: Volley | None = None) -> dict[str, int]:
    """The dice of one attack (by default the pooled one, with a card's dice): each weapon at the range band the
    target is in, RAD against models and IAD against Ironclads (a dash gives nothing); at a section that is all
    Stealthy, no weapon but an IDF Weapon fires at long range (rule ``mar-stealthy``)."""
    side, target = s.sides[p], s.sides[1 - p]
    versus_ironclad = s.ironclad(target)
    stealthy = bool(target.troopers) and all(s.profile(t).has("stealthy") for t in target.troopers)
    main = volley is None
    counts: dict[str, int] = {}
    for trooper, mount in volleys(s, p)[0] if volley is None else volley:
        weapon = s.game.data.weapons[mount.weapon]
        reach = next((b for b in weapon.bands if s.reaches(b)), None)
        if reach is None or not s.bears(trooper, mount):
            continue
        if stealthy and reach.name == "long" and not weapon.has("idf-weapon"):
            continue
        dice = reach.iad if versus_ironclad else reach.rad
        if dice is not None:
            counts[dice.colour] = counts.get(dice.colour, 0) + dice.count * mount.count
    if main:
        for colour, count in bolstered(side, "shooting"):
            counts[colour] = counts.get(colour, 0) + count
    return counts


def firing(s: DuelState, p: int) -> list[tuple[int, Volley]]:
    """The attacks that throw any dice, by their place in ``volleys``."""
    found = volleys(s, p)
    return [(i, v) for i, v in enumerate(found) if attack_dice(s, p, None if i == 0 else v)]


def gained(side: Side, mar: str) -> bool:
    """Whether a card gave the section's models ``mar`` this turn (rule ``tac-gain-mar``)."""
    params = side.effects.get("gain_mar")
    return params is not None and dict(params).get("mar") == mar


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
    if not firing(s, p):
        return "no weapon of the section reaches the target"
    return None


def quality(s: DuelState, p: int, ordered: str) -> str:
    """The attack's shot quality: Placed from Focus Fire or a card, Rushed when the firer is Shaken or down after
    Hit the Deck, when the target is an Elusive Target or a card says so; Placed and Rushed together are regular."""
    side, target = s.sides[p], s.sides[1 - p]
    placed = ordered == "placed" or "quality-placed" in side.effects
    rushed = (
        ordered == "rushed"
        or morale.shoots_rushed(side.markers, s.game.routed_at)
        or side.rushed
        or "quality-rushed" in side.effects
        or any(s.profile(t).has("elusive-target") for t in target.troopers)
    )
    return "regular" if placed == rushed else "placed" if placed else "rushed"


def rerolls(s: DuelState, p: int, volley: int = 0) -> Reroll | None:
    """Re-rolls of an attack: Rapid Fire[v] re-rolls v failed initial dice of its weapon's attack, a card its number
    of dice of the pooled attack."""
    side = s.sides[p]
    limit, faces = 0, None
    for _, mount in volleys(s, p)[volley]:
        rapid = s.game.data.weapons[mount.weapon].mar("rapid-fire")
        limit += (rapid.value or 0) * mount.count if rapid else 0
    params = side.effects.get("reroll")
    if volley == 0 and params is not None and dict(params).get("roll") == "shooting":
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
    """The section's shooting action: its pooled attack, then each Solo Weapon's, then one Morale check for the
    Life Points they took."""
    shot = s.game.shot or quality(s, p, ordered)
    s.log.append(Said(f"{s.sides[p].setup.player} fires {shot}"))
    s.last = {**s.last, ("shot-lp", p): 0, ("shot-suppressed", p): 0}
    entries: list[tuple] = []
    for index, volley in firing(s, p):
        if index and any(w.has("unreliable") for w in weapons_of(s, volley)):
            entries += [ask(s, "d6", p, {"black": 1}, 0), ("volley", p, shot, index, True)]
        else:
            entries.append(("volley", p, shot, index, False))
    if "backfire" in s.sides[p].effects:
        entries += [ask(s, "d6", p, {"black": 1}, 0), ("backfire", p)]
    s.push(*entries, ("shot-over", p))


@task("backfire")
def backfire(s: DuelState, p: int) -> None:
    """A card's price after the attack it helped (effect ``backfire``, Tesla Overcharge): on a D6 at or under its
    number the first model on the section's chain loses Life Points, killed when none are left; once per card."""
    side = s.sides[p]
    values = dict(side.effects.get("backfire") or ())
    side.effects = {k: v for k, v in side.effects.items() if k != "backfire"}
    if side.wiped or s.last[("d6", p)] > values.get("on", 0):
        return
    first = side.troopers[0]
    lost = min(first.lp, values.get("lp", 1))
    s.log.append(Said(f"{side.setup.player}: the card backfires"))
    take(s, p, damage.Losses((lost,), (lost >= first.lp,)), attack=False)


@task("volley")
def volley(s: DuelState, p: int, shot: str, index: int, unreliable: bool) -> None:
    """One attack of the action; an Unreliable weapon that rolled a 1 first is useless for it (rule
    ``mar-unreliable``)."""
    if s.sides[1 - p].wiped:
        return
    weapons = volleys(s, p)[index]
    if unreliable and s.last[("d6", p)] == 1:
        s.log.append(Said(f"{s.sides[p].setup.player}: the {weapons[0][1].weapon} fails"))
        return
    after = ("armour", p) if s.ironclad(s.sides[1 - p]) else ("hits", p, index)
    dice = attack_dice(s, p, None if index == 0 else weapons)
    aim = [("aim", p, index)] if after[0] == "hits" and sniping(s, p, index) else []
    if sniping(s, p, index) and s.stood_still(p):
        shot = steadied(shot)
    s.push(*aim, ask(s, "attack", p, dice, TARGETS[shot], rerolls(s, p, index)), after)


def steadied(shot: str) -> str:
    """A Sniper weapon whose model did not move fires Placed (rule ``mar-sniper``): a Regular shot becomes Placed, and
    a Rushed one Regular, as Placed and Rushed together always give (``quality``)."""
    return {"rushed": "regular", "regular": "placed"}.get(shot, shot)


def sniping(s: DuelState, p: int, index: int) -> bool:
    """Whether the attack is a Sniper weapon's (rule ``mar-sniper``)."""
    return index > 0 and any(w.has("sniper") for w in weapons_of(s, volleys(s, p)[index]))


def _aim_options(s: DuelState, p: int, index: int) -> list[int]:
    """The target's models by their number, nearest first (the priority chain's first is the quiet answer)."""
    return [t.number for t in s.sides[1 - p].troopers]


@decision("aim", _aim_options)
def aim(s: DuelState, number: int, p: int, index: int) -> None:
    """A Sniper weapon names the model that takes all its hits, off the priority chain."""
    s.last = {**s.last, ("aim", p): number}


def aimed_at(s: DuelState, p: int, index: int) -> int | None:
    """The place on the target's chain of the model a Sniper attack aims at, if this attack aims."""
    if not sniping(s, p, index) or ("aim", p) not in s.last:
        return None
    number = s.last[("aim", p)]
    return next((i for i, t in enumerate(s.sides[1 - p].troopers) if t.number == number), None)


@task("shot-over")
def shot_over(s: DuelState, p: int) -> None:
    """A section that lost Life Points to the action takes a Morale check, one success more after Suppression."""
    lost, suppressed = s.last.get(("shot-lp", p), 0), s.last.get(("shot-suppressed", p), 0)
    s.last = {k: v for k, v in s.last.items() if k[0] not in ("shot-lp", "shot-suppressed", "aim")}
    if lost and not s.sides[1 - p].wiped:
        s.push(("morale", 1 - p, bool(suppressed)))


def cover_shift(s: DuelState, p: int, index: int = 0) -> int:
    """Levels of cover the target gains: Hit the Deck +1, a card's levels, Spray and Pray on every weapon of the
    attack -1."""
    target = s.sides[1 - p]
    shift = 1 if target.deck else 0
    params = target.effects.get("cover")
    shift += dict(params)["levels"] if params is not None else 0
    weapons = weapons_of(s, volleys(s, p)[index])
    if weapons and all(w.has("spray-and-pray") for w in weapons):
        shift -= 1
    return shift


def lethal(s: DuelState, p: int, index: int = 0) -> bool:
    """Whether every weapon of the attack is Lethal, or a card made the section's weapons so (rule ``mar-lethal``)."""
    weapons = weapons_of(s, volleys(s, p)[index])
    return gained(s.sides[p], "lethal") or (bool(weapons) and all(w.has("lethal") for w in weapons))


def chain(s: DuelState, p: int, index: int = 0) -> list[damage.ChainModel]:
    """The target's chain with each model's cover after the shift; a Towering model's own cover is a level lower;
    a Lethal attack kills a model with hits equal to its IR."""
    target = s.sides[1 - p]
    shift = cover_shift(s, p, index)
    models = [
        damage.ChainModel(
            m.ir,
            m.lp,
            damage.cover_level(m.cover, shift - int(s.profile(t).has("towering"))),
            m.shield,
            m.shield_colour,
        )
        for m, t in zip(s.chain(target), target.troopers)
    ]
    aimed = aimed_at(s, p, index)
    if aimed is not None:
        models = [models[aimed]]
    return list(damage.lethal_chain(models)) if lethal(s, p, index) else models


def energy(s: DuelState, p: int, index: int = 0) -> bool:
    return any(w.has("energy-weapon") for w in weapons_of(s, volleys(s, p)[index]))


@task("hits")
def hits(s: DuelState, p: int, index: int = 0) -> None:
    """The successes along the chain; the models that would lose a Life Point call up their save dice."""
    models = chain(s, p, index)
    allocation = damage.allocate(s.last[("attack", p)], models)
    pool = damage.save_pool(allocation, models, energy(s, p, index))
    for colour, count in bolstered(s.sides[1 - p], "defence"):
        pool[colour] = pool.get(colour, 0) + count
    if pool:
        s.push(ask(s, "saves", 1 - p, pool, s.game.success), ("wounds", p, True, index))
    else:
        s.push(("wounds", p, False, index))


@task("wounds")
def wounds(s: DuelState, p: int, saved: bool, index: int = 0) -> None:
    """Saves cancel hits (floating first, then from the furthest model in), and the rest take Life Points (all of a
    model's, after a Lethal attack killed it)."""
    models = chain(s, p, index)
    allocation = damage.allocate(s.last[("attack", p)], models)
    result = damage.losses(damage.cancel(allocation, s.last[("saves", 1 - p)] if saved else 0), models)
    standing = s.chain(s.sides[1 - p])
    aimed = aimed_at(s, p, index)
    if lethal(s, p, index):
        result = damage.lethal_losses(result, standing if aimed is None else [standing[aimed]])
    if aimed is not None:  # the one model aimed at, in its place on the chain
        before = (0,) * aimed
        result = damage.Losses(before + result.lp_lost, (False,) * aimed + result.killed)
    lost = take(s, 1 - p, result)
    if lost:
        suppressed = any(w.has("suppression") for w in weapons_of(s, volleys(s, p)[index]))
        s.last = {
            **s.last,
            ("shot-lp", p): s.last.get(("shot-lp", p), 0) + lost,
            ("shot-suppressed", p): int(suppressed or bool(s.last.get(("shot-suppressed", p)))),
        }


def take(s: DuelState, q: int, result: damage.Losses, attack: bool = True) -> int:
    """The losses applied to the side's models along its chain; the Life Points lost. The casualties of an enemy's
    attack that a Medic of the section tends lie tipped over until the End Phase (rule ``end-medics``)."""
    side = s.sides[q]
    kept = []
    for trooper, lost, killed in zip(side.troopers, result.lp_lost, result.killed):
        x = tender(s, side, trooper) if killed and attack else None
        if x is not None:
            side.fallen = [*side.fallen, (trooper, x)]
        elif killed:
            side.killed.append(trooper.profile)
        else:
            kept.append(type(trooper)(trooper.profile, trooper.lp - lost, trooper.cover, trooper.number))
    side.troopers = kept + side.troopers[len(result.lp_lost) :]
    side.lp_lost += result.total_lp
    if result.total_lp:
        s.log.append(Said(f"{side.setup.player} lose {result.total_lp} LP, {result.kills} killed"))
    return result.total_lp
