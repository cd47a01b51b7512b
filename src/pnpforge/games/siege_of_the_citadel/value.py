"""Weapon value: the exact expected damage of each weapon per credit of its cost, against the cheapest weapon of its
rank and specialty (DECISIONS.md, "Weapon value").

A weapon is weighed at the rank it asks for, with that rank's combat dice (p.16), against the creatures of the
reference board side that serves the rank, each creature once: the mean of the expected damage of its best attack
against each creature's defence value and defence die. The Nimrod Autocannon's two rolls at one figure count twice.
Area attacks (sweep, line, blast) are weighed against one figure, as every weapon is. A weapon is compared with the
cheapest other weapon of its rank carrying each of its specialty icons: it is poor value when its expected damage per
credit is below that weapon's. Against a free weapon every credit must buy more damage than the free one gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnpforge.content.pack import Item, Pack
from pnpforge.engine.pool_odds import decimal
from pnpforge.engine.validate import Analysis, Table
from pnpforge.findings import Finding
from pnpforge.games.siege_of_the_citadel.odds import Dice, attack_dice, board_sides, ranks, shown, side_for

ROLLS = {"nimrod-autocannon": 2}  # rolls an attack makes at one figure (p.27)


@dataclass(frozen=True)
class Worth:
    """A weapon's best attack at its rank and the expected damage it does a creature of the board side, on average."""

    item: Item
    dice: tuple[str, ...]
    attack: str
    damage: Fraction

    @property
    def cost(self) -> int:
        return int(self.item["cost"])

    @property
    def per_credit(self) -> Fraction | None:
        return self.damage / self.cost if self.cost else None


def worths(pack: Pack) -> list[Worth]:
    """Each weapon's worth at the rank it asks for (weapons whose rank has no card or board side are left out)."""
    dice, known, sides = Dice(pack), ranks(pack), board_sides(pack)
    found = []
    for item in pack.of_type("equipment"):
        if item["kind"] == "gear" or not item.get("attacks"):
            continue
        rank, side = known.get(item["rank"]), side_for(sides, item["rank"])
        if rank is None or side is None or not side.creatures:
            continue
        best: tuple[Fraction, tuple[str, ...], str] | None = None
        for attack in item["attacks"]:
            colours = attack_dice(rank.dice, attack)
            total = sum(
                (dice.odds(colours, c.defence_value, c.defence_die).expected for c in side.creatures.values()),
                Fraction(0),
            )
            mean = total * ROLLS.get(item.id, 1) / len(side.creatures)
            if best is None or mean > best[0]:
                best = (mean, colours, attack["type"])
        if best is not None:
            found.append(Worth(item, best[1], best[2], best[0]))
    return found


def poorer(worth: Worth, cheapest: Worth) -> bool:
    """Whether ``worth`` buys less damage per credit than ``cheapest`` (a free weapon: no more damage at all)."""
    if cheapest.cost == 0:
        return worth.cost > 0 and worth.damage <= cheapest.damage
    return worth.cost > 0 and worth.damage * cheapest.cost < cheapest.damage * worth.cost


def weapon_value(pack: Pack) -> Analysis:
    """The table of every weapon's worth, and a finding at each weapon of poorer value than the cheapest weapon of
    its rank and specialty."""
    every = worths(pack)
    findings: list[Finding] = []
    rows: list[list[Any]] = []
    for worth in every:
        item = worth.item
        per = worth.per_credit
        compared = []
        for icon in item.get("icons", []):
            rivals = [
                w
                for w in every
                if w.item.id != item.id and w.item["rank"] == item["rank"] and icon in w.item.get("icons", [])
            ]
            if not rivals:
                continue
            cheapest = min(rivals, key=lambda w: (w.cost, -w.damage, w.item.id))
            if cheapest.cost > worth.cost:
                continue  # this weapon is the cheapest of its kind
            compared.append(f"{cheapest.item.id} ({icon.replace('_', ' ')})")
            if poorer(worth, cheapest):
                theirs = (
                    f"{decimal(cheapest.per_credit)} per credit"
                    if cheapest.per_credit is not None
                    else f"{decimal(cheapest.damage)} for no credit"
                )
                findings.append(
                    Finding(
                        "warning",
                        f"expected damage {decimal(worth.damage)} ({worth.attack.replace('_', ' ')}, "
                        f"{shown(worth.dice)}) for {worth.cost} credits, {decimal(per or Fraction(0))} per "
                        f"credit, below the cheapest rank-{item['rank']} {icon.replace('_', ' ')} weapon, "
                        f"{cheapest.item.subject} ({theirs})",
                        mark=item.mark("cost"),
                        subject=item.subject,
                        rule="weapon-value",
                    )
                )
        rows.append(
            [
                item.id,
                item["rank"],
                worth.cost,
                worth.attack.replace("_", " "),
                shown(worth.dice),
                decimal(worth.damage),
                "" if per is None else decimal(per),
                ", ".join(compared),
            ]
        )
    table = Table(
        "Weapons: the expected damage of the best attack at the weapon's rank against the creatures of the "
        "board side for that rank (each once), per credit, and the cheapest weapon of the same rank and "
        "specialty it is weighed against",
        ["weapon", "rank", "cost", "attack", "dice", "expected damage", "per credit", "weighed against"],
        rows,
    )
    return Analysis(findings=findings, tables=[table])
