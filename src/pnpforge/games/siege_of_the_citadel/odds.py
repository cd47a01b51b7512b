"""Combat tables of Siege of the Citadel, computed exactly from the pack's dice, rank cards, weapons and reference
boards (p.16-19, p.21; DECISIONS.md for the faces, the rank values, cover and the re-rolls).

An attack rolls its pool and counts hits; it succeeds when the hits beat the target's defence value and a point of
damage is still left after the target's defence die has cancelled one per hit it shows (``engine/pool_odds.py``).
Cover adds 1 to the defence value. Charge and concentrated fire each add a white die. A specialist corporation's
ability re-rolls up to its rank's number of failed dice once per attack action; re-rolling a failed die never
loses a hit, so the strongest failed dice are thrown again (black, then red, then white).

The tables: the chance of each number of hits for every pool a rank card, a weapon or a creature rolls; the
Doomtroopers of each rank against every creature of the board side that serves their rank; the creatures of every
board side against a Doomtrooper (defence value 1 and the defence die of the ranks the side serves).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from pnpforge.content.pack import Pack
from pnpforge.engine.dice import DiceSet, Pool, Reroll
from pnpforge.engine.pool_odds import Odds, against, at_least, decimal, expected_count, percent
from pnpforge.engine.validate import Analysis, Table
from pnpforge.games.siege_of_the_citadel import data
from pnpforge.games.siege_of_the_citadel.data import Board, Rank

STRENGTH = ("white", "red", "black")  # weakest first (p.25)
BONUS = "white"  # charge and concentrated fire add a white die (p.17, p.19)
COVER = 1  # cover adds 1 to the defence value (p.18; DECISIONS.md)


def ordered(dice: Iterable[str]) -> tuple[str, ...]:
    """Dice from the strongest down."""
    return tuple(sorted(dice, key=lambda d: -STRENGTH.index(d)))


def shown(dice: Iterable[str]) -> str:
    """Dice in words, from the weakest up: ``white, white, red``."""
    return ", ".join(reversed(ordered(dice))) or "none"


def short(dice: Iterable[str]) -> str:
    """Dice by their initials, from the weakest up, as the tables show them: ``W W R``."""
    return " ".join(d[0].upper() for d in reversed(ordered(dice))) or "-"


LEGEND = "W white, R red, B black"


def ranks(pack: Pack) -> dict[int, Rank]:
    """Each rank's shared values, as the engine reads them from the rank cards (``data.ranks``): the first
    corporation's dice (strongest first) and defence die, with the most re-rolls any corporation has."""
    found: dict[int, Rank] = {}
    for by_rank in data.ranks(pack).values():
        for number, rank in by_rank.items():
            first = found.get(number)
            if first is None:
                found[number] = replace(rank, dice=ordered(rank.dice), rerolls=rank.rerolls or 0)
            elif (rank.rerolls or 0) > first.rerolls:
                found[number] = replace(first, rerolls=rank.rerolls)
    return dict(sorted(found.items()))


def board_sides(pack: Pack) -> tuple[Board, ...]:
    """Every reference board side, by its lower rank, as the engine reads them (``data.boards``)."""
    return data.boards(pack)


def side_for(sides: Iterable[Board], rank: int) -> Board | None:
    return next((s for s in sides if rank in s.ranks), None)


def terrain_dice(row: dict[str, Any]) -> tuple[str, ...]:
    """The dice a piece of terrain on a board side attacks with (a turret, a trap), strongest first."""
    return ordered(row.get("dice", []))


def attack_dice(rank_dice: tuple[str, ...], attack: dict) -> tuple[str, ...]:
    """The dice a weapon's attack rolls at a rank (p.16): all three rank dice for 3, the strongest of them for fewer,
    and the weapon's extra dice."""
    count = min(int(attack.get("dice", 3)), len(rank_dice))
    return ordered(ordered(rank_dice)[:count] + tuple(attack.get("extra", [])))


class Dice:
    """The pack's combat dice, making pools of colours."""

    def __init__(self, pack: Pack) -> None:
        self.set = DiceSet.of_pack(pack)

    def pool(self, colours: Iterable[str], rerolls: int = 0) -> Pool:
        counts = {c: 0 for c in STRENGTH}
        for colour in colours:
            counts[colour] += 1
        policy = Reroll(kinds=tuple(reversed(STRENGTH)), limit=rerolls) if rerolls else None
        return self.set.pool(counts, reroll=policy, symbol="hit")

    def defence(self, colour: str) -> Pool | None:
        return None if colour == "none" else self.pool([colour])

    def odds(self, colours: Iterable[str], value: int, defence: str = "none", rerolls: int = 0) -> Odds:
        return against(self.pool(colours, rerolls), value, self.defence(defence))


def pools(pack: Pack) -> dict[tuple[str, ...], list[str]]:
    """Every pool the pack rolls, with what rolls it: rank cards, weapons at each rank they may be used, creatures,
    and the Doomtroopers' pools with a white bonus die."""
    found: dict[tuple[str, ...], list[str]] = {}

    def add(dice: tuple[str, ...], what: str) -> None:
        names = found.setdefault(ordered(dice), [])
        if what not in names:
            names.append(what)

    known = ranks(pack)
    for rank in known.values():
        add(rank.dice, "rank cards")
        add(rank.dice + (BONUS,), "rank dice with charge or concentrated fire")
    for item in pack.of_type("equipment"):
        for attack in item.get("attacks", []):
            for rank in known.values():
                if rank.rank >= item["rank"]:
                    add(attack_dice(rank.dice, attack), "weapons")
    for side in board_sides(pack):
        for creature in side.creatures.values():
            add(creature.close_combat, "creatures")
            if creature.firearms:
                add(creature.firearms, "creatures")
        for row in side.terrain.values():
            if terrain_dice(row):
                add(terrain_dice(row), "turrets and traps")
    return dict(sorted(found.items(), key=lambda kv: (len(kv[0]), sorted(STRENGTH.index(d) for d in kv[0]))))


def hit_table(pack: Pack) -> Table:
    dice = Dice(pack)
    rows: list[list[Any]] = []
    every = pools(pack)
    most = max((len(colours) for colours in every), default=1)
    for colours, users in every.items():
        pool = dice.pool(colours)
        chances = at_least(pool, range(1, most + 1))
        rows.append([short(colours), "; ".join(users), *(percent(p) for p in chances), decimal(expected_count(pool))])
    columns = ["dice", "rolled by", *(f"{n}+ hits" for n in range(1, most + 1)), "mean hits"]
    return Table(
        f"Combat dice ({LEGEND}): the chance of each number of hits or more (to beat defence value N takes "
        "N + 1 hits; cover adds 1 to the defence value)",
        columns,
        rows,
    )


def doomtrooper_table(pack: Pack) -> Table:
    """Each rank's three dice against every creature of its board side, plain, with the specialists' re-rolls,
    with one and two white dice more, and at a target in cover."""
    dice, sides = Dice(pack), board_sides(pack)
    names = list(sides[0].creatures) if sides else []
    rows: list[list[Any]] = []
    for rank in ranks(pack).values():
        side = side_for(sides, rank.rank)
        if side is None:
            continue
        by_name = side.creatures
        cases = [("plain", rank.dice, 0, 0)]
        if rank.rerolls:
            cases.append((f"re-roll {rank.rerolls} failed", rank.dice, rank.rerolls, 0))
        cases += [
            ("1 white more", rank.dice + (BONUS,), 0, 0),
            ("2 white more", rank.dice + (BONUS, BONUS), 0, 0),
            ("target in cover", rank.dice, 0, COVER),
        ]
        for label, colours, rerolls, cover in cases:
            cells = []
            for name in names:
                creature = by_name.get(name)
                cells.append(
                    ""
                    if creature is None
                    else percent(
                        dice.odds(colours, creature.defence_value + cover, creature.defence_die, rerolls).success
                    )
                )
            rows.append([rank.rank, short(colours), label, *cells])
    return Table(
        f"Doomtrooper attacks ({LEGEND}): the chance to eliminate each creature of the board side for the rank "
        "(defence value and defence die from the board)",
        ["rank", "dice", "attack", *(n.replace("_", " ") for n in names)],
        rows,
    )


def creature_table(pack: Pack) -> Table:
    """Every creature of every board side against a Doomtrooper (defence value from the pack, the defence die of
    each rank the side serves): the chance to wound, to do 2 damage or more and the mean damage in close combat and
    with firearms, and the chance to wound a Doomtrooper in cover with firearms."""
    dice = Dice(pack)
    value = int(pack.game.parameters.get("defence_value", 1))
    known = ranks(pack)
    rows: list[list[Any]] = []
    for side in board_sides(pack):
        defences = list(dict.fromkeys(known[r].defence_die for r in side.ranks if r in known))
        for creature in side.creatures.values():
            for defence in defences:
                row: list[Any] = [
                    f"{side.ranks[0]}-{side.ranks[-1]}",
                    creature.name.replace("_", " "),
                    defence[0].upper(),
                ]
                for colours in (creature.close_combat, creature.firearms):
                    if not colours:
                        row += ["-", "", "", ""]
                        continue
                    odds = dice.odds(colours, value, defence)
                    row += [short(colours), percent(odds.success), percent(odds.at_least(2)), decimal(odds.expected)]
                covered = dice.odds(creature.firearms, value + COVER, defence) if creature.firearms else None
                rows.append([*row, "" if covered is None else percent(covered.success)])
    return Table(
        f"Dark Legion attacks ({LEGEND}; CC close combat, FA firearms): the damage a creature deals a Doomtrooper "
        f"of defence value {value} who rolls the defence die of the rank (wounds: 1 damage or more)",
        [
            "board",
            "creature",
            "defence die",
            "CC dice",
            "CC wounds",
            "CC 2+ damage",
            "CC mean damage",
            "FA dice",
            "FA wounds",
            "FA 2+ damage",
            "FA mean damage",
            "FA wounds in cover",
        ],
        rows,
    )


def defences(pack: Pack) -> list[tuple[int, str]]:
    """Every defence the pack's targets have, as (defence value, defence die): creatures and terrain on the boards,
    Doomtroopers with the defence die of each rank, and creatures and Doomtroopers in cover."""
    value = int(pack.game.parameters.get("defence_value", 1))
    found = {(value, rank.defence_die) for rank in ranks(pack).values()}
    for side in board_sides(pack):
        found |= {(c.defence_value, c.defence_die) for c in side.creatures.values()}
        found |= {(t["defence_value"], "none") for t in side.terrain.values()}
    found |= {(v + COVER, die) for v, die in found if die != "none" or v == value}
    order = ("none", *STRENGTH)
    return sorted(found, key=lambda d: (d[0], order.index(d[1])))


def defence_table(pack: Pack) -> Table:
    """Every pool the pack rolls against every defence its targets have: the chance of success."""
    dice = Dice(pack)
    against = defences(pack)
    rows: list[list[Any]] = []
    for colours in pools(pack):
        rows.append([short(colours), *(percent(dice.odds(colours, v, die).success) for v, die in against)])
    labels = [f"{v}" if die == "none" else f"{v} + {die[0].upper()}" for v, die in against]
    return Table(
        f"Every pool against every defence ({LEGEND}): the chance of success against a defence value, with "
        "the defence die after the +, as creatures, terrain and Doomtroopers have them, in cover too",
        ["dice", *labels],
        rows,
    )


def combat_odds(pack: Pack) -> Analysis:
    """The combat tables of the validator's report and the rulebook's appendix."""
    return Analysis(tables=[hit_table(pack), doomtrooper_table(pack)])


def dark_legion_odds(pack: Pack) -> Analysis:
    return Analysis(tables=[creature_table(pack)])


def defence_odds(pack: Pack) -> Analysis:
    """The designer's table: every pool against every defence (the validator's report, not the rulebook)."""
    return Analysis(tables=[defence_table(pack)])
