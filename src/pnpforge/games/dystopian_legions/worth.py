"""Worth per point: the LP a profile, a weapon, a section or an option is expected to remove in a turn against the
reference targets, over its points (DECISIONS.md, "Odds and worth per point").

A turn's worth is the better of the section's regular fire at effective range and its melee (no charge), each the
mean over the reference targets in the open: a section either shoots or fights. A model's points are what its
section asks for one more of it (a reinforcement or addition), an upgrade's the model it replaces plus the upgrade,
else an even share of the section's points. A weapon is weighed as one mount of it, at the points of the first model
that carries it.

The band of a slot is the pack's (``parameters: odds: worth: bands``), else the spread of the starter forces'
sections of that slot, widened by the pack's margin. A section, or an option of it, whose worth per point lies
outside the band of its slot's is a finding (``worth-per-point``), in the slots the pack names.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from pnpforge.content.pack import Pack
from pnpforge.engine.pool_odds import decimal
from pnpforge.engine.validate import Analysis, Bar, Chart, Table
from pnpforge.findings import Finding
from pnpforge.games.dystopian_legions import melee_pairs, odds_tables, strips
from pnpforge.games.dystopian_legions.force_list import starter_forces
from pnpforge.games.dystopian_legions.data import Section
from pnpforge.games.dystopian_legions.odds import (
    QUALITIES,
    Kit,
    chain,
    mean,
    melee_pool,
    section_attacks,
    weapon_dice,
)
from pnpforge.games.dystopian_legions.odds_tables import dice_text, settings, signed, targets

RULE = "worth-per-point"


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def fire(kit: Kit, dice: dict[str, int], energy: bool = False) -> Fraction:
    """Expected LP removed by regular fire with ``dice``, the mean over the reference targets in the open."""
    if not dice:
        return Fraction(0)
    return _mean(
        [kit.shoot(dice, QUALITIES["regular"], chain(kit, t, "open"), energy).expected_lp for t in targets(kit)]
    )


def melee(kit: Kit, dice: dict[str, int]) -> Fraction:
    if not dice:
        return Fraction(0)
    return _mean([kit.melee(dice, chain(kit, t, melee=True)).expected_lp for t in targets(kit)])


def section_turn(kit: Kit, section: Section) -> tuple[Fraction, Fraction]:
    """A section's fire and melee in a turn, as bought."""
    key = ("turn", section.models)
    if key not in kit.memo:
        kit.memo[key] = _turn(kit, section)
    return kit.memo[key]


def _turn(kit: Kit, section: Section) -> tuple[Fraction, Fraction]:
    attacks = section_attacks(kit, section, "effective")
    shot = _mean(
        [kit.attacks(attacks, QUALITIES["regular"], chain(kit, t, "open")).expected_lp for t in targets(kit)]
        if attacks
        else []
    )
    return shot, melee(kit, melee_pool(kit, section))


def with_model(section: Section, model: str, replaces: str | None = None) -> Section:
    """The section with one more ``model`` (in place of one ``replaces``)."""
    parts = [(m, n - (m == replaces)) for m, n in section.models]
    parts = [(m, n) for m, n in parts if n] + [(model, 1)]
    return replace(section, models=tuple(parts))


def gain(kit: Kit, section: Section, model: str, replaces: str | None = None) -> Fraction:
    """What one more ``model`` (in place of one ``replaces``) adds to the section's best turn."""
    return best(section_turn(kit, with_model(section, model, replaces))) - best(section_turn(kit, section))


def model_points(kit: Kit) -> dict[str, tuple[Fraction, Section, str]]:
    """Each profile's points, the section that prices it and how."""
    found: dict[str, tuple[Fraction, Section, str]] = {}
    for section in kit.data.sections.values():
        for option in section.options:
            if option.kind in ("add", "reinforce"):
                found.setdefault(option.model, (option.points, section, option.id))
        for option in section.options:
            if option.kind == "upgrade" and option.replaces in found:
                found.setdefault(option.model, (found[option.replaces][0] + option.points, section, option.id))
        for model, _ in section.models:
            found.setdefault(model, (section.points / section.size, section, "share"))
    return found


def best(turn: tuple[Fraction, Fraction]) -> Fraction:
    return max(turn)


def bands(pack: Pack, kit: Kit, worth: dict[str, Fraction]) -> dict[str, tuple[Fraction, Fraction]]:
    """The band of worth per point of each slot checked: declared, or the starter forces' spread with the margin."""
    config = settings(pack).get("worth") or {}
    declared = {
        slot: (Fraction(str(low)), Fraction(str(high))) for slot, (low, high) in (config.get("bands") or {}).items()
    }
    margin = Fraction(config.get("margin_percent", 0), 100)
    starters: dict[str, list[Fraction]] = {}
    for force in starter_forces(pack).values():
        for entry in force.entries:
            section = kit.data.sections.get(entry.section)
            if section is not None:
                starters.setdefault(section.slot, []).append(worth[section.id])
    out = {}
    for slot in config.get("slots", []):
        if slot in declared:
            out[slot] = declared[slot]
        elif starters.get(slot):
            out[slot] = (min(starters[slot]) * (1 - margin), max(starters[slot]) * (1 + margin))
    return out


def worth_per_point(pack: Pack) -> Analysis:
    """Tables of worth per point for sections, options, profiles and weapons; findings outside a slot's band."""
    kit = Kit(pack)
    turns = {s.id: section_turn(kit, s) for s in kit.data.sections.values()}
    worth = {
        sid: best(turn) / kit.data.sections[sid].points if kit.data.sections[sid].points else Fraction(0)
        for sid, turn in turns.items()
    }
    slot_bands = bands(pack, kit, worth)
    findings: list[Finding] = []
    rows: list[list[Any]] = []
    option_rows: list[list[Any]] = []
    items = {item.id: item for item in pack.of_type("unit")}
    for section in kit.data.sections.values():
        band = slot_bands.get(section.slot)
        shoot, fight = turns[section.id]
        rows.append(
            [
                section.name,
                section.slot,
                str(section.points),
                decimal(shoot),
                decimal(fight),
                decimal(worth[section.id], 4),
                _band(band),
            ]
        )
        if band and not band[0] <= worth[section.id] <= band[1]:
            findings.append(
                _finding(
                    items[section.id],
                    ("points",),
                    f"{section.name} removes {decimal(best(turns[section.id]))} LP a turn for "
                    f"{section.points} points, {decimal(worth[section.id], 4)} a point, outside "
                    f"the {section.slot} band {_band(band)}",
                )
            )
        for index, option in enumerate(section.options):
            more = gain(kit, section, option.model, option.replaces if option.kind == "upgrade" else None)
            per = more / option.points if option.points else Fraction(0)
            option_rows.append(
                [section.name, option.id, option.kind, str(option.points), signed(more), signed(per, 4), _band(band)]
            )
            if band and option.points and not band[0] <= per <= band[1]:
                findings.append(
                    _finding(
                        items[section.id],
                        ("options", index, "points"),
                        f"option {option.id}: {signed(more)} LP a turn more for {option.points} "
                        f"points, {signed(per, 4)} a point, outside the {section.slot} band "
                        f"{_band(band)}",
                    )
                )
    priced = model_points(kit)
    profile_rows = []
    for profile in kit.data.profiles.values():
        if profile.id not in priced:
            continue
        points, home, how = priced[profile.id]
        more = gain(kit, home, profile.id)
        profile_rows.append(
            [
                profile.name,
                decimal(points),
                f"{home.name} ({how})",
                signed(more),
                decimal(more / points, 4) if points else "-",
            ]
        )
    weapon_rows = []
    for weapon in kit.data.weapons.values():
        dice = weapon_dice(weapon, "effective")
        hits = kit.successes(dice, QUALITIES["regular"]) if dice else {0: Fraction(1)}
        alone = fire(kit, dice, weapon.has("energy-weapon"))
        carrier = next((p for p in kit.data.profiles.values() if any(m.weapon == weapon.id for m in p.weapons)), None)
        points = priced[carrier.id][0] if carrier is not None and carrier.id in priced else Fraction(0)
        weapon_rows.append(
            [
                weapon.name,
                dice_text(dice),
                decimal(mean(hits)),
                decimal(alone),
                carrier.name if carrier is not None else "-",
                decimal(points) if points else "-",
                decimal(alone / points, 4) if points else "-",
            ]
        )
    chart = Chart(
        RULE,
        "Expected LP removed a turn per point, by section",
        [Bar(s.name, float(worth[s.id])) for s in kit.data.sections.values()],
        unit="count",
        xlabel="LP per point",
    )
    return Analysis(
        findings=findings,
        charts=[chart],
        tables=[
            Table(
                "Worth per point of each section as bought: expected LP removed a turn by regular fire at "
                "effective range and by melee (no charge), the mean over the reference targets in the open; the "
                "better of the two per point, and the band of its slot",
                ["section", "slot", "points", "fire LP", "melee LP", "LP per point", "slot band"],
                rows,
            ),
            Table(
                "Worth per point of each option: the expected LP a turn it adds to its section as bought, per point",
                ["section", "option", "kind", "points", "LP a turn", "LP per point", "slot band"],
                option_rows,
            ),
            Table(
                "Worth per point of each profile: the expected LP a turn one more of it adds to the section that "
                "prices it, at the points asked",
                ["model", "points", "priced in", "LP a turn", "LP per point"],
                profile_rows,
            ),
            Table(
                "Worth of each weapon: one mount's expected successes and expected LP removed by regular fire at "
                "effective range, the mean over the reference targets in the open, alone and per point of the first "
                "model that carries it (its dice join the section's pool: the options' table gives what one more "
                "model adds)",
                ["weapon", "dice", "successes", "LP alone", "carried by", "points", "LP per point"],
                weapon_rows,
            ),
        ],
    )


def _band(band: tuple[Fraction, Fraction] | None) -> str:
    return f"{decimal(band[0], 4)}-{decimal(band[1], 4)}" if band else "-"


def _finding(item: Any, path: tuple[Any, ...], message: str) -> Finding:
    mark = item.mark(*path)
    return Finding("warning", message, mark=mark, subject=item.subject, rule=RULE)


ANALYSES = {
    "dice-kernel": odds_tables.dice_kernel,
    "weapon-odds": odds_tables.weapon_odds,
    "weapon-distributions": odds_tables.weapon_distributions,
    "section-odds": odds_tables.section_odds,
    "melee-odds": odds_tables.melee_odds,
    "melee-pairs": melee_pairs.melee_pairs,
    "ironclad-odds": odds_tables.ironclad_table,
    "worth-per-point": worth_per_point,
    "odds-strips": strips.strip_table,
}
"""The analyses of the pack's data the validator reports and the rulebook's appendix shows, by name."""
