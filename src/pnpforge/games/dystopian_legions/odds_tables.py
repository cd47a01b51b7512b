"""The exact odds of Dystopian Legions as the validator's tables and charts and the rulebook's appendix
(``{analysis NAME}``): the dice kernel, every weapon at every band, shot quality and cover against the reference
targets, each section's fire and melee, Ironclad damage, and the odds strip each section card prints.

The reference targets are the pack's (game.yaml ``parameters: odds:``): the sections the book's own examples shoot
at, and the Ironclad arcs its examples name. Figures are rounded for print only (``pool_odds.decimal`` and
``percent``); the tables hold them as the fractions round them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from pnpforge.content.pack import Item, Pack
from pnpforge.engine.pool_odds import decimal, percent
from pnpforge.engine.validate import Analysis, Bar, Chart, Table
from pnpforge.games.dystopian_legions.damage import COVERS
from pnpforge.games.dystopian_legions.data import BANDS, Section
from pnpforge.games.dystopian_legions.odds import (
    EXPLOSION_NOTE,
    MELEE_TARGET,
    QUALITIES,
    Dist,
    Kit,
    Shot,
    armour_piercing,
    chain,
    ironclad_odds,
    mean,
    melee_pool,
    section_attacks,
    weapon_dice,
)

ROWS = ("no effect", "shaken", "-1 HP, shaken", "-2 HP, shaken", "wrecked", "explodes")


def settings(pack: Pack) -> dict[str, Any]:
    """The pack's odds settings: reference target sections, the target of each nation's strip, Ironclad arcs."""
    found = pack.game.parameters.get("odds")
    return dict(found) if isinstance(found, dict) else {}


def dice_text(counts: dict[str, int]) -> str:
    return " + ".join(f"{n} {c}" for c, n in sorted(counts.items())) or "-"


def signed(value: Fraction, places: int = 2) -> str:
    """``decimal`` that keeps a minus sign."""
    return f"-{decimal(-value, places)}" if value < 0 else decimal(value, places)


def spread(dist: Dist, top: int = 4) -> str:
    """A distribution in one line, the tail from ``top`` up summed: ``0 44.4% · 1 38.2% · 2+ 17.4%``."""
    parts = [f"{n} {percent(p)}" for n, p in dist.items() if n < top and p]
    tail = sum((p for n, p in dist.items() if n >= top), Fraction(0))
    if tail:
        parts.append(f"{top}+ {percent(tail)}")
    return " · ".join(parts)


def targets(kit: Kit) -> list[Section]:
    return [kit.data.sections[s] for s in settings(kit.pack).get("targets", []) if s in kit.data.sections]


def dice_kernel(pack: Pack) -> Analysis:
    """Expected successes per die at each target, and the chance of one or two successes with two dice."""
    kit = Kit(pack)
    rows = []
    for colour in kit.dice.dice:
        for target in (3, 4, 5):
            one = kit.successes({colour.name: 1}, target)
            two = kit.successes({colour.name: 2}, target)
            rows.append(
                [
                    colour.name,
                    f"{target}+",
                    f"{mean(one).limit_denominator(1000)} = {decimal(mean(one))}",
                    percent(sum((p for n, p in two.items() if n >= 1), Fraction(0))),
                    percent(sum((p for n, p in two.items() if n >= 2), Fraction(0))),
                ]
            )
    return Analysis(
        tables=[
            Table(
                f"Dice: expected successes of one die, and the chance of at least one and at least two successes "
                f"with two dice. {EXPLOSION_NOTE}",
                ["die", "target", "expected successes", "2 dice: 1 or more", "2 dice: 2 or more"],
                rows,
            )
        ]
    )


def _weapon_shots(kit: Kit) -> list[tuple[Any, str, dict[str, int], str, Section, dict[str, Shot]]]:
    """Every weapon's RAD at each band and shot quality on each reference target, by cover."""
    found = []
    for weapon in kit.data.weapons.values():
        for band in BANDS:
            dice = weapon_dice(weapon, band)
            if not dice:
                continue
            for quality, target in QUALITIES.items():
                for section in targets(kit):
                    energy = weapon.has("energy-weapon")
                    shots = {c: kit.shoot(dice, target, chain(kit, section, c), energy) for c in COVERS}
                    found.append((weapon, band, dice, quality, section, shots))
    return found


def weapon_odds(pack: Pack) -> Analysis:
    """Every weapon at each band on each reference target: expected successes of a regular shot, and expected LP
    removed by placed shots in the open, regular shots in each cover and rushed shots in the open."""
    kit = Kit(pack)
    rows: dict[tuple[str, str, str], list[Any]] = {}
    for weapon, band, dice, quality, section, shots in _weapon_shots(kit):
        row = rows.setdefault(
            (weapon.id, band, section.id), [weapon.name, band, dice_text(dice), section.name, "", "", "", "", "", ""]
        )
        if quality == "regular":
            row[4] = decimal(shots["open"].expected_successes)
            row[6:9] = [decimal(shots[c].expected_lp) for c in COVERS]
        else:
            row[5 if quality == "placed" else 9] = decimal(shots["open"].expected_lp)
    return Analysis(
        tables=[
            Table(
                f"Weapons: one model's attack at each band on a reference section: expected successes of a "
                f"regular shot, and expected LP removed by placed shots (3+) in the open, regular shots (4+) in the "
                f"open, soft and hard cover, and rushed shots (5+) in the open. {EXPLOSION_NOTE}",
                ["weapon", "band", "dice", "target", "successes", "LP 3+", "LP open", "LP soft", "LP hard", "LP 5+"],
                list(rows.values()),
            )
        ]
    )


def weapon_distributions(pack: Pack) -> Analysis:
    """The full grid: weapon, band, shot quality, cover and reference target, with the distributions."""
    kit = Kit(pack)
    rows = []
    for weapon, band, dice, quality, section, shots in _weapon_shots(kit):
        for cover, shot in shots.items():
            rows.append(
                [
                    weapon.name,
                    band,
                    dice_text(dice),
                    quality,
                    cover,
                    section.name,
                    spread(shot.successes, 8),
                    spread(shot.lp, 4),
                    percent(shot.any_lp),
                    percent(shot.wipe, 3),
                ]
            )
    return Analysis(
        tables=[
            Table(
                "Weapons in full: the distribution of successes and of LP removed, the chance of any LP and of "
                "wiping the target section, for every weapon, band, shot quality, cover and reference target. "
                f"{EXPLOSION_NOTE}",
                ["weapon", "band", "dice", "shot", "cover", "target", "successes", "LP removed", "any LP", "wipe"],
                rows,
            )
        ]
    )


def section_fire(
    kit: Kit, section: Section, target: Section, band: str = "effective", quality: str = "regular"
) -> dict[str, Any]:
    """A section's fire at a target section in each cover, its pooled attack and then each Solo Weapon's alone:
    the shots by cover."""
    attacks = section_attacks(kit, section, band)
    return {c: kit.attacks(attacks, QUALITIES[quality], chain(kit, target, c)) for c in COVERS}


def attacks_text(kit: Kit, section: Section, band: str) -> str:
    """The dice of a section's shooting action: ``16 black``, or ``14 black; alone: 3 blue`` with Solo Weapons
    (``alone: 3 x 3 red`` for three alike)."""
    found = section_attacks(kit, section, band)
    parts = [dice_text(dict(a.dice)) for a in found if not a.alone]
    alone = [dice_text(dict(a.dice)) for a in found if a.alone]
    if alone:
        counted = {text: alone.count(text) for text in alone}
        parts.append("alone: " + ", ".join(f"{n} x {t}" if n > 1 else t for t, n in counted.items()))
    return "; ".join(parts) or "-"


def section_odds(pack: Pack) -> Analysis:
    """Each section's shooting action (its pooled attack and each Solo Weapon's alone), at each band with regular
    shots, against each reference target."""
    kit = Kit(pack)
    rows = []
    bars = []
    first = targets(kit)[:1]
    for section in kit.data.sections.values():
        for band in BANDS:
            if not section_attacks(kit, section, band):
                continue
            for target in targets(kit):
                shots = section_fire(kit, section, target, band)
                rows.append(
                    [
                        section.name,
                        band,
                        attacks_text(kit, section, band),
                        target.name,
                        *(decimal(shots[c].expected_lp) for c in COVERS),
                        percent(shots["open"].any_lp),
                        percent(shots["open"].wipe, 3),
                    ]
                )
                if band == "effective" and target in first:
                    bars.append(Bar(section.name, float(shots["open"].expected_lp)))
    charts = (
        [
            Chart(
                "section-fire",
                f"Expected LP removed by each section's regular fire at effective range on {first[0].name} in the open",
                bars,
                unit="count",
                xlabel="LP",
            )
        ]
        if first
        else []
    )
    return Analysis(
        tables=[
            Table(
                f"Sections: the whole section's fire (every model's weapons pooled, but each Solo Weapon throws an "
                f"attack of its own after the pool, on what the pool left), regular shots, expected LP removed in the "
                f"open, soft and hard cover, the chance of any LP and of a wipe in the open. "
                f"{EXPLOSION_NOTE}",
                ["section", "band", "dice", "target", "LP open", "LP soft", "LP hard", "any LP", "wipe"],
                rows,
            )
        ],
        charts=charts,
    )


def melee_pair(kit: Kit, section: Section, target: Section) -> tuple[Shot, Shot, Fraction]:
    """A melee between two sections striking together: what each does to the other, and the chance that the
    first loses fewer LP (the Upper Hand)."""
    strike = kit.melee(melee_pool(kit, section), chain(kit, target, melee=True))
    back = kit.melee(melee_pool(kit, target), chain(kit, section, melee=True))
    upper = sum((p * q for a, p in strike.lp.items() for b, q in back.lp.items() if a > b), Fraction(0))
    return strike, back, upper


def melee_odds(pack: Pack) -> Analysis:
    """Each section's melee pool against each reference target: expected LP, a wipe, and the Upper Hand."""
    kit = Kit(pack)
    rows = []
    for section in kit.data.sections.values():
        dice = melee_pool(kit, section)
        own = chain(kit, section, melee=True)
        if not dice or not own:
            continue
        for target in targets(kit):
            strike, back, upper = melee_pair(kit, section, target)
            rows.append(
                [
                    section.name,
                    dice_text(dice),
                    target.name,
                    decimal(strike.expected_lp),
                    percent(strike.wipe, 3),
                    decimal(back.expected_lp),
                    percent(upper),
                ]
            )
    return Analysis(
        tables=[
            Table(
                f"Melee: each section's pool (MAD, CQB weapons, Cold Steel; hits on {MELEE_TARGET}+, no charge) "
                f"against each reference section striking back at the same time: LP each side expects to take from "
                f"the other, the chance of wiping the target out and of the Upper Hand (fewer LP lost). "
                f"{EXPLOSION_NOTE}",
                ["section", "dice", "against", "LP dealt", "wipe", "LP taken", "Upper Hand"],
                rows,
            )
        ]
    )


def ironclad_table(pack: Pack) -> Analysis:
    """Every weapon's IAD at each band, regular shots in the open, against the reference Ironclad arcs."""
    kit = Kit(pack)
    rows = []
    for reference in settings(pack).get("ironclads", []):
        profile = kit.data.profiles.get(reference["model"])
        if profile is None or profile.armour is None:
            continue
        rating = profile.armour[reference["arc"]]
        open_topped = profile.has("open-topped")
        for weapon in kit.data.weapons.values():
            for band in BANDS:
                dice = weapon_dice(weapon, band, "iad")
                if not dice:
                    continue
                hits = kit.successes(dice, QUALITIES["regular"])
                odds = ironclad_odds(hits, rating, "open", armour_piercing(weapon), open_topped)
                rows.append(
                    [
                        weapon.name,
                        band,
                        dice_text(dice),
                        f"{profile.name.split()[0]} {reference['arc']}, AR {rating}",
                        *(percent(odds.get(row, Fraction(0))) for row in ROWS),
                    ]
                )
    return Analysis(
        tables=[
            Table(
                f"Ironclads: one weapon's IAD, regular shots, on a reference Ironclad's arc in the open: the chance "
                f"of each row of the damage table (2D6, the excess, Armour Piercing, Open Topped). {EXPLOSION_NOTE}",
                ["weapon", "band", "dice", "target", *ROWS],
                rows,
            )
        ]
    )


def section_tables(pack: Pack) -> Callable[[Item], list[Table]]:
    """A section card page's own odds: its rows of the section fire and melee tables (worked out once per site)."""
    tables = section_odds(pack).tables + melee_odds(pack).tables

    def of(item: Item) -> list[Table]:
        if item.type != "unit":
            return []
        mine = [Table(t.title, t.columns, [row for row in t.rows if row[0] == item["name"]]) for t in tables]
        return [t for t in mine if t.rows]

    return of
