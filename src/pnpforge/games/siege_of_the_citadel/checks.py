"""Static checks of the Siege of the Citadel box: decks and numbering, rank cards, weapons and augments, loadouts,
reference boards, sector tiles, missions on their joined maps, force cards against the figure pool, AI cards, and
where each item says it comes from.

Counts per type and per corporation are the box entries' job (shared check ``box-counts``); these checks judge what
only this game's rules can. Page numbers in messages are the rulebook's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from pnpforge.content.pack import Item, Pack
from pnpforge.findings import Finding
from pnpforge.games.siege_of_the_citadel.feasibility import reaches
from pnpforge.games.siege_of_the_citadel.maps import (STEP, is_door_slot, is_opening, joined, map_cell,
                                                      map_direction, sides)

DIE = {"none": 0, "white": 1, "red": 2, "black": 3}
CREATURES = ("legionnaire", "necromutant", "centurion", "razide", "praetorian_stalker", "nepharite", "ezoghoul")
POOL = {"legionnaire": 12, "necromutant": 9, "centurion": 3, "razide": 2, "praetorian_stalker": 2, "nepharite": 1,
        "ezoghoul": 1}  # miniatures in the box (p.6)
BOOK_POINTS = {"legionnaire": 1, "necromutant": 2, "centurion": 3, "razide": 4, "praetorian_stalker": 5,
               "nepharite": 6, "ezoghoul": 8}  # at ranks 1-2 (p.22)
BIG = ("nepharite", "ezoghoul")  # 3 actions (p.20)
# rank and cost of every title the book lists (p.26-27), by id
BOOK_PRICES = {
    "tentacle-kit": (1, 0), "punisher-short-sword": (1, 0), "plasma-carbine": (1, 0), "manus-kit": (3, 2),
    "violator-sword": (3, 3), "deathlockdrum": (3, 3), "punisher-combo": (4, 2), "tentacle-combo": (4, 2),
    "talon-combo": (4, 3), "gehenna-puker": (5, 2), "violator-combo": (6, 4), "manus-combo": (6, 4),
    "nimrod-autocannon": (8, 4), "coagulant-autoinjector": (1, 1), "command-helmet": (1, 1), "smoke-grenade": (1, 1),
    "time-bomb": (1, 1), "molecular-phaser": (1, 2), "explosive-ammunition": (2, 2), "laser-sight": (2, 2),
    "glyph-decrypter": (2, 2), "security-download": (2, 2), "cybernetic-power-arm": (2, 2), "chain-blade": (2, 2),
    "neural-jack": (2, 2), "dark-energy-shift": (3, 3), "combat-medic-unit": (4, 2), "disruptor": (4, 2),
    "rune-inscribed-pommel": (4, 2), "grenade-launcher": (6, 2),
}
SPECIALTIES = ("close_combat", "firearms", "tech")
RIGHT_ANGLE = {("north", "east"), ("north", "west"), ("south", "east"), ("south", "west")}
TOKEN_OF_SPOT = {"entrances": "entrance", "doors": "door"}


def _error(item: Item, message: str, *path: Any, severity: str = "error") -> Finding:
    return Finding(severity, message, mark=item.mark(*path), subject=item.subject)


def _dice(dice: list[str]) -> str:
    return ", ".join(dice)


def _numbering(pack: Pack, type_name: str, size: int) -> Iterator[Finding]:
    seen: dict[int, Item] = {}
    for item in pack.of_type(type_name):
        number = item["number"]
        if number in seen:
            yield _error(item, f"number: {number} is also on {seen[number].subject}; numbers are unique", "number")
        elif number > size:
            yield _error(item, f"number: {number}; the {size} cards are numbered 1 to {size}", "number")
        seen.setdefault(number, item)
    missing = [n for n in range(1, size + 1) if n not in seen]
    if missing and seen:
        first = next(iter(seen.values()))
        yield Finding("error", f"no {first.label} numbered {', '.join(map(str, missing))}; the {size} cards are "
                               f"numbered 1 to {size}", mark=first.doc.value_mark(()))


def numbering(pack: Pack) -> Iterator[Finding]:
    """Event cards are numbered 1-22, force cards 1-36 and AI cards 1-54, each number once (p.6, p.9-10)."""
    yield from _numbering(pack, "event_card", 22)
    yield from _numbering(pack, "force_card", 36)
    yield from _numbering(pack, "ai_card", 54)


def dice(pack: Pack) -> Iterator[Finding]:
    """The three combat dice exist, and a white die hits less often than a red one, a red one less often than a
    black one (p.25)."""
    chances = {}
    for kind in ("white", "red", "black"):
        spec = pack.game.dice.get(kind)
        if spec is None:
            yield Finding("error", f"dice: no '{kind}' die; the combat dice are white, red and black",
                          mark=pack.game_doc.mark(("dice",)))
            continue
        faces = spec.read_faces()
        chances[kind] = sum(1 for face in faces if "hit" in face.symbols) / len(faces)
    for weaker, stronger in (("white", "red"), ("red", "black")):
        if weaker in chances and stronger in chances and chances[weaker] >= chances[stronger]:
            yield Finding("error", f"dice.{stronger}: hits on {chances[stronger]:.0%} of its faces, no more than the "
                                   f"{weaker} die ({chances[weaker]:.0%}); white < red < black (p.25)",
                          mark=pack.game_doc.mark(("dice", stronger)))


def _strength(side: dict) -> tuple:
    return tuple(sorted(DIE[d] for d in side["combat_dice"]))


def rank_cards(pack: Pack) -> Iterator[Finding]:
    """Each corporation has ranks 1 to 12 once; nothing gets weaker as the rank rises (dice white < red < black,
    defence die, credits, cards, re-rolls); rank 2 rolls white, white, red (p.16); Capitol has the most credits and
    Imperial the most Doomtrooper cards at every rank (p.14, p.26)."""
    by_corp: dict[str, dict[int, tuple[Item, str, dict]]] = {}
    for card in pack.of_type("rank_card"):
        front, back = card["front"], card["back"]
        if front["rank"] != card["rank"] or back["rank"] != card["rank"] + 1:
            yield _error(card, f"the front shows rank {front['rank']} and the back {back['rank']}; a card of rank "
                               f"{card['rank']} shows {card['rank']} and {card['rank'] + 1}", "rank")
        for key, side in (("front", front), ("back", back)):
            ranks = by_corp.setdefault(card["faction"], {})
            if side["rank"] in ranks:
                yield _error(card, f"{key}.rank: rank {side['rank']} of {card['faction']} is also on "
                                   f"{ranks[side['rank']][0].subject}", key, "rank")
            else:
                ranks[side["rank"]] = (card, key, side)
    for corp, ranks in by_corp.items():
        missing = [r for r in range(1, 13) if r not in ranks]
        if missing:
            card = next(iter(ranks.values()))[0]
            yield _error(card, f"{corp} has no rank card for rank {', '.join(map(str, missing))}; ranks run 1 to 12",
                         "faction")
        if 2 in ranks:
            card, key, side = ranks[2]
            if sorted(side["combat_dice"], key=DIE.__getitem__) != ["white", "white", "red"]:
                yield _error(card, f"{key}.combat_dice: rank 2 rolls {_dice(side['combat_dice'])}; the rulebook gives "
                                   "white, white, red (p.16)", key, "combat_dice")
        for rank in range(2, 13):
            if rank not in ranks or rank - 1 not in ranks:
                continue
            card, key, side = ranks[rank]
            below = ranks[rank - 1][2]
            if any(a < b for a, b in zip(_strength(side), _strength(below))):
                yield _error(card, f"{key}.combat_dice: rank {rank} rolls {_dice(side['combat_dice'])}, weaker than "
                                   f"rank {rank - 1} ({_dice(below['combat_dice'])}); dice never get weaker as the "
                                   "rank rises (white < red < black)", key, "combat_dice")
            for field, words in (("defence_die", "defence die"), ("credits", "credits"),
                                 ("doomtrooper_cards", "Doomtrooper cards"), ("rerolls", "re-rolls")):
                now, then = side.get(field, 0), below.get(field, 0)
                weaker = DIE[now] < DIE[then] if field == "defence_die" else now < then
                if weaker:
                    yield _error(card, f"{key}.{field}: rank {rank} has {now} {words}, less than rank {rank - 1} "
                                       f"({then}); a higher rank is never weaker", key, field)
    for corp, field, words in (("capitol", "credits", "credits"), ("imperial", "doomtrooper_cards",
                                                                    "Doomtrooper cards")):
        if corp not in by_corp:
            continue
        for rank, (card, key, side) in sorted(by_corp[corp].items()):
            for other, ranks in by_corp.items():
                if other != corp and rank in ranks and ranks[rank][2][field] > side[field]:
                    yield _error(card, f"{key}.{field}: {corp} rank {rank} has {side[field]} {words}, fewer than "
                                       f"{other} ({ranks[rank][2][field]}); its ability gives it the most", key, field)
                    break


def equipment(pack: Pack) -> Iterator[Finding]:
    """Weapons carry at least one icon and combos two, gear none; ranges run from minimum to maximum; the ranks and
    costs are the book's (p.26-27); each specialty has a free rank-1 weapon."""
    free = set()
    for card in pack.of_type("equipment"):
        icons, kind = card.get("icons", []), card["kind"]
        need = {"weapon": 1, "combo": 2, "gear": 0}[kind]
        if kind == "gear" and icons:
            yield _error(card, "icons: a piece of equipment carries no attack icon; only weapons do", "icons")
        elif len(icons) < need:
            yield _error(card, f"icons: a {kind} carries at least {need} attack icon{'s' if need > 1 else ''}; it has "
                               f"{len(icons)}", "icons")
        for index, attack in enumerate(card.get("attacks", [])):
            low, high = attack.get("min_range"), attack.get("max_range")
            if low is not None and high is not None and low > high:
                yield _error(card, f"attacks[{index}]: minimum range {low} is beyond the maximum range {high}",
                             "attacks", index, "min_range")
        if card.id in BOOK_PRICES and (card["rank"], card["cost"]) != BOOK_PRICES[card.id]:
            rank, cost = BOOK_PRICES[card.id]
            yield _error(card, f"rank {card['rank']}, cost {card['cost']}; the rulebook gives rank {rank}, cost {cost} "
                               "(p.26-27)", "rank")
        if kind == "weapon" and card["rank"] == 1 and card["cost"] == 0:
            free |= set(icons)
    cards = pack.of_type("equipment")
    for specialty in SPECIALTIES:
        if cards and specialty not in free:
            yield Finding("error", f"no free rank-1 weapon carries the {specialty.replace('_', ' ')} icon; every "
                                   "specialty needs one to start a campaign", mark=cards[0].doc.value_mark(()))


def _fires(card: Item) -> bool:
    return any(a["type"] == "firearms" for a in card.get("attacks", []))


def augments(pack: Pack) -> Iterator[Finding]:
    """An augment fits weapons only; the Grenade Launcher fits the Plasma Carbine alone; the Disruptor fits
    firearms but never the Nimrod Autocannon (p.27-28)."""
    by_id = {card.id: card for card in pack.of_type("equipment")}
    for card in by_id.values():
        fits = card.get("augment_for", [])
        if fits and card["kind"] != "gear":
            yield _error(card, "augment_for: only a piece of equipment is mounted on a weapon", "augment_for")
        for index, target in enumerate(fits):
            weapon = by_id.get(target)
            if weapon is None:
                continue
            if weapon["kind"] == "gear":
                yield _error(card, f"augment_for[{index}]: '{target}' is no weapon", "augment_for", index)
            if card.id == "disruptor" and (target == "nimrod-autocannon" or not _fires(weapon)):
                why = "the rulebook rules out the Nimrod Autocannon" if target == "nimrod-autocannon" else \
                    "it has no firearm attack"
                yield _error(card, f"augment_for[{index}]: the Disruptor goes under a firearm; '{target}': {why} "
                                   "(p.28)", "augment_for", index)
        if card.id == "grenade-launcher" and fits != ["plasma-carbine"]:
            yield _error(card, f"augment_for: {', '.join(fits) or 'nothing'}; the Grenade Launcher is mounted on a "
                               "Plasma Carbine only (p.28)", "augment_for")


def loadouts(pack: Pack) -> Iterator[Finding]:
    """Each quick start team obeys the draft rules at rank 1 (p.11, p.26-27): its corporation's Doomtroopers, one
    weapon each of the bearer's specialty, at most 3 pieces of equipment, at most one augment and one that fits,
    rank and credits within the rank card; all five teams at once need no more copies than the bunker holds."""
    by_id = pack.by_id()
    credits = {c["faction"]: c["front"]["credits"] for c in pack.of_type("rank_card") if c["front"]["rank"] == 1}
    used: Counter[str] = Counter()
    first: dict[str, tuple[Item, tuple]] = {}
    for card in pack.of_type("quick_start_card"):
        corp = card.get("faction")
        loadout = card.get("loadout", [])
        if corp is None:
            if loadout:
                yield _error(card, "loadout: a card of no corporation has no team", "loadout")
            continue
        if len(loadout) != 2:
            yield _error(card, f"loadout: {len(loadout)} Doomtroopers; a team takes 2 on a mission (p.10)", "loadout")
        limit = 2 if corp == "capitol" else 1
        spent = 0
        for index, entry in enumerate(loadout):
            trooper = by_id.get(entry["trooper"])
            weapon = by_id.get(entry["weapon"])
            gear = [by_id.get(g) for g in entry.get("gear", [])]
            augment = by_id.get(entry["augment"]) if entry.get("augment") else None
            if trooper is None or weapon is None or None in gear:
                continue
            if trooper["faction"] != corp:
                yield _error(card, f"loadout[{index}].trooper: {trooper.subject} fights for {trooper['faction']}, "
                                   f"not {corp}", "loadout", index, "trooper")
            if weapon["kind"] == "gear":
                yield _error(card, f"loadout[{index}].weapon: '{weapon.id}' is no weapon", "loadout", index, "weapon")
            elif trooper["specialty"] not in weapon.get("icons", []):
                yield _error(card, f"loadout[{index}].weapon: '{weapon.id}' has no {trooper['specialty']} icon; "
                                   f"{trooper.subject} may not carry it (p.26)", "loadout", index, "weapon")
            if len(gear) > 3:
                yield _error(card, f"loadout[{index}].gear: {len(gear)} cards; a Doomtrooper carries at most 3 (p.27)",
                             "loadout", index, "gear")
            if augment is not None and weapon.id not in augment.get("augment_for", []):
                yield _error(card, f"loadout[{index}].augment: '{augment.id}' does not fit '{weapon.id}'",
                             "loadout", index, "augment")
            for piece, path in [(weapon, ("weapon",))] + [(g, ("gear", i)) for i, g in enumerate(gear)] + \
                    ([(augment, ("augment",))] if augment is not None else []):
                assert piece is not None
                spent += piece["cost"]
                used[piece.id] += 1
                first.setdefault(piece.id, (card, ("loadout", index) + path))
                if piece["rank"] > limit:
                    yield _error(card, f"loadout[{index}]: '{piece.id}' needs rank {piece['rank']}; a rank-1 {corp} "
                                       f"team checks out rank {limit} at most", "loadout", index, *path)
        if corp in credits and spent > credits[corp]:
            yield _error(card, f"loadout: costs {spent} credits; {corp} has {credits[corp]} at rank 1", "loadout")
    for piece_id, count in used.items():
        piece = by_id.get(piece_id)
        if piece is not None and count > piece.qty:
            card, path = first[piece_id]
            yield _error(card, f"the quick start teams use {count} '{piece_id}' cards; the bunker holds {piece.qty}",
                         *path)


def reference_boards(pack: Pack) -> Iterator[Finding]:
    """Six sides for ranks 1-2 to 11-12; every creature once, worth more points than the one before it; the
    points of ranks 1-2 are the book's (p.22); 2 actions, 3 for the Nepharite and Ezoghoul (p.20); nothing is weaker
    on a higher side."""
    found: dict[int, tuple[Item, str, dict]] = {}
    for board in pack.of_type("reference_board"):
        for key in ("front", "back"):
            side = board[key]
            band = side["ranks"][0]
            if side["ranks"][1] != band + 1 or band % 2 == 0:
                yield _error(board, f"{key}.ranks: {side['ranks']}; a side serves ranks 1-2, 3-4, ... or 11-12",
                             key, "ranks")
                continue
            found[band] = (board, key, side)
            names = [c["creature"] for c in side["creatures"]]
            if sorted(names, key=CREATURES.index) != list(CREATURES) or len(names) != len(CREATURES):
                yield _error(board, f"{key}.creatures: every creature once ({', '.join(CREATURES)})", key, "creatures")
                continue
            rows = {c["creature"]: (i, c) for i, c in enumerate(side["creatures"])}
            for lower, higher in zip(CREATURES, CREATURES[1:]):
                if rows[higher][1]["points"] <= rows[lower][1]["points"]:
                    yield _error(board, f"{key}.creatures[{rows[higher][0]}].points: a {higher} is worth "
                                        f"{rows[higher][1]['points']}, no more than a {lower} "
                                        f"({rows[lower][1]['points']})", key, "creatures", rows[higher][0], "points")
            for name, (index, row) in rows.items():
                actions = 3 if name in BIG else 2
                if row["actions"] != actions:
                    yield _error(board, f"{key}.creatures[{index}].actions: a {name} takes {actions} actions (p.20)",
                                 key, "creatures", index, "actions")
                if band == 1 and row["points"] != BOOK_POINTS[name]:
                    yield _error(board, f"{key}.creatures[{index}].points: a {name} is worth {BOOK_POINTS[name]} at "
                                        "ranks 1-2 (p.22)", key, "creatures", index, "points")
    bands = sorted(found)
    if bands != [1, 3, 5, 7, 9, 11] and pack.of_type("reference_board"):
        board = pack.of_type("reference_board")[0]
        yield _error(board, f"the sides serve ranks starting {bands}; six sides serve 1-2 to 11-12")
    for low, high in zip(bands, bands[1:]):
        board, key, side = found[high]
        below = {c["creature"]: c for c in found[low][2]["creatures"]}
        for index, row in enumerate(side["creatures"]):
            then = below.get(row["creature"])
            if then is None:
                continue
            for field in ("close_combat", "firearms"):
                now_dice, then_dice = row.get(field, []), then.get(field, [])
                if _weaker(now_dice, then_dice):
                    yield _error(board, f"{key}.creatures[{index}].{field}: {_dice(now_dice)} at ranks "
                                        f"{high}-{high + 1}, weaker than {_dice(then_dice)} at ranks {low}-{low + 1}",
                                 key, "creatures", index, field)
            for field in ("defence_value", "points"):
                if row[field] < then[field]:
                    yield _error(board, f"{key}.creatures[{index}].{field}: {row[field]} at ranks {high}-{high + 1}, "
                                        f"less than {then[field]} at ranks {low}-{low + 1}",
                                 key, "creatures", index, field)
            if DIE[row.get("defence_die", "none")] < DIE[then.get("defence_die", "none")]:
                yield _error(board, f"{key}.creatures[{index}].defence_die: weaker than at ranks {low}-{low + 1}",
                             key, "creatures", index, "defence_die")


def _weaker(now: list[str], then: list[str]) -> bool:
    """Fewer dice, or the strongest of them weaker die for die than the dice before."""
    if len(now) < len(then):
        return True
    best = sorted(DIE[d] for d in now)[len(now) - len(then):]
    return any(a < b for a, b in zip(best, sorted(DIE[d] for d in then)))


def tiles(pack: Pack) -> Iterator[Finding]:
    """Sides 1 to 16, each once; side n and n + 8 are the faces of one tile; every open square of a side can be
    reached from its openings; the stairs tile shows the stairs squares 1 to 6 (p.7, p.18)."""
    seen: dict[int, Item] = {}
    for tile in pack.of_type("sector_tile"):
        for key in ("a", "b"):
            number = tile[f"side_{key}"]
            if number in seen:
                yield _error(tile, f"side_{key}: side {number} is also on {seen[number].subject}", f"side_{key}")
            seen.setdefault(number, tile)
        if tile["side_b"] != tile["side_a"] + 8:
            yield _error(tile, f"side_b: {tile['side_b']} on the back of side {tile['side_a']}; the back of side n is "
                               "side n + 8 (the stairs tile shows 8 and 16)", "side_b")
    for number, side in sides(pack).items():
        grid = side.grid
        starts = {c for c in grid.cells() if any(is_opening(grid, c, d) for d in STEP)}
        reached: set = set()
        for start in starts:
            if start not in reached and not grid.blocks_movement(start):
                reached |= set(grid.distances(start, diagonal=True))
        shut = [c for c in grid.cells() if not grid.blocks_movement(c) and c not in reached]
        if not starts:
            yield _error(side.tile, f"side {number} has no opening to another tile", side.field)
        elif shut:
            yield _error(side.tile, f"side {number}: square (column {shut[0][0]}, row {shut[0][1]}) cannot be reached "
                                    "from the side's openings", side.field)
        if side.tile.get("stairs"):
            marks = {grid.terrain(c) for c in grid.cells()}
            missing = [n for n in range(1, 7) if f"stairs_{n}" not in marks]
            if missing:
                yield _error(side.tile, f"side {number} lacks stairs square {missing[0]}; the stairs show 1 to 6 "
                                        "(p.18)", side.field)


def missions(pack: Pack) -> Iterator[Finding]:
    """Each mission lays sides 1-16, never both faces of one tile; entrances lie on openings that lead off the map,
    doors on door slots; tokens within the box's counts; events and forces from the decks, enough forces for every
    tile and team; every objective square on the map and reachable from a Doomtrooper entrance (p.9-10, p.30)."""
    known = sides(pack)
    events = {e["number"] for e in pack.of_type("event_card")}
    forces = {f["number"] for f in pack.of_type("force_card")}
    tokens: Counter[str] = Counter()
    for token in pack.of_type("token"):
        tokens[token["kind"]] += token.qty
    teams = int(pack.game.parameters.get("max_teams", 5))
    for mission in pack.of_type("mission"):
        tiles_used: dict[str, int] = {}
        ok = True
        for index, entry in enumerate(mission["map"]):
            side = known.get(entry["side"])
            if side is None:
                yield _error(mission, f"map[{index}].side: no side {entry['side']}; sides run 1 to 16",
                             "map", index, "side")
                ok = False
                continue
            if side.tile.id in tiles_used:
                other = mission["map"][tiles_used[side.tile.id]]["side"]
                yield _error(mission, f"map[{index}].side: side {entry['side']} and side {other} are the two faces of "
                                      f"{side.tile.subject}; a mission cannot lay both", "map", index, "side")
                ok = False
            tiles_used.setdefault(side.tile.id, index)
        for field, kind in TOKEN_OF_SPOT.items():
            count = len(mission.get(field, []))
            if count > tokens[kind]:
                yield _error(mission, f"{field}: {count} {kind} tokens; the box holds {tokens[kind]}", field)
        placed = Counter(m.get("token") for m in mission.get("markers", []))
        for kind, count in placed.items():
            if kind is not None and count > tokens[kind]:
                yield _error(mission, f"markers: {count} {kind} tokens; the box holds {tokens[kind]}", "markers")
        bad = [n for n in mission["events"] if n not in events]
        if bad:
            yield _error(mission, f"events: no event card {bad[0]}", "events")
        if mission["rounds"] > len(mission["events"]):
            yield _error(mission, f"rounds: {mission['rounds']} event cards drawn from {len(mission['events'])}",
                         "rounds")
        bad = [n for n in mission["forces"] if n not in forces]
        if bad:
            yield _error(mission, f"forces: no force card {bad[0]}", "forces")
        dealt = len(mission["map"]) * teams * mission.get("forces_per_tile", 1)
        if len(mission["forces"]) <= dealt:
            yield _error(mission, f"forces: {len(mission['forces'])} force cards; {len(mission['map'])} tiles for "
                                  f"{teams} teams take {dealt}, and a draw pile must remain", "forces")
        if mission["success"] <= 0 or mission["failure"] <= 0:
            yield _error(mission, "success, failure: a mission rewards the teams and the Dark Legion (p.30)", "success")
        if not ok:
            continue
        try:
            assembly, numbers = joined(pack, mission)
        except ValueError as error:
            yield _error(mission, f"map: {error}", "map")
            continue
        yield from _spots(mission, assembly, numbers, known)


def _spots(mission: Item, assembly: Any, numbers: list[int], known: dict) -> Iterator[Finding]:
    grid = assembly.grid
    whites = []
    for field in ("entrances", "doors", "markers", "targets", "face_up"):
        for index, spot in enumerate(mission.get(field, [])):
            cell = map_cell(assembly, numbers, spot)
            if cell is None:
                yield _error(mission, f"{field}[{index}]: side {spot['side']} is not on the map", field, index, "side")
                continue
            side = known[spot["side"]].grid
            local = (spot["column"], spot["row"])
            if field == "entrances":
                direction = spot.get("edge")
                if direction is None or spot.get("colour") is None:
                    yield _error(mission, f"{field}[{index}]: an entrance names its edge and colour", field, index)
                    continue
                out = map_direction(assembly, numbers, spot)
                assert out is not None
                beyond = (cell[0] + STEP[out][0], cell[1] + STEP[out][1])
                if not is_opening(side, local, direction):
                    yield _error(mission, f"{field}[{index}].edge: the {direction} edge of square ({local[0]}, "
                                          f"{local[1]}) of side {spot['side']} is no opening", field, index, "edge")
                elif beyond in grid:
                    yield _error(mission, f"{field}[{index}].edge: it leads onto another tile, not off the map",
                                 field, index, "edge")
                elif spot["colour"] == "white":
                    whites.append(cell)
            elif field == "face_up" and spot["force"] not in mission.get("forces", []):
                yield _error(mission, f"{field}[{index}].force: force card {spot['force']} is not among the "
                                      "mission's forces", field, index, "force")
            elif field == "doors":
                direction = spot.get("edge")
                if direction is None or not is_door_slot(side, local, direction):
                    yield _error(mission, f"{field}[{index}].edge: no door slot on the {direction} edge of square "
                                          f"({local[0]}, {local[1]}) of side {spot['side']}", field, index, "edge")
    entrances = mission.get("entrances", [])
    if not any(e.get("colour") == "white" for e in entrances):
        yield _error(mission, "entrances: no white entrance for the Doomtroopers", "entrances")
    if not any(e.get("colour") == "red" for e in entrances):
        yield _error(mission, "entrances: no red entrance for reinforcements", "entrances")
    reached = {r.target for r in reaches(assembly, numbers, mission) if r.route is not None}
    for index, spot in enumerate(mission.get("targets", [])):
        cell = map_cell(assembly, numbers, spot)
        if cell is None or not whites:
            continue
        if index not in reached:
            yield _error(mission, f"targets[{index}]: square ({spot['column']}, {spot['row']}) of side {spot['side']} "
                                  "cannot be reached from a Doomtrooper entrance, nor any square next to it",
                         "targets", index)


def force_cards(pack: Pack) -> Iterator[Finding]:
    """A force card asking for more of a creature than the box's figures lose the rest unplaced (p.15, p.20)."""
    for card in pack.of_type("force_card"):
        wanted: Counter[str] = Counter()
        for entry in card["figures"]:
            wanted[entry["creature"]] += entry["count"]
        for index, entry in enumerate(card["figures"]):
            creature = entry["creature"]
            if wanted[creature] > POOL[creature]:
                yield _error(card, f"figures[{index}]: {wanted[creature]} {creature} figures; the box holds "
                                   f"{POOL[creature]}, and the rest are never placed", "figures", index, "count",
                             severity="warning")
                wanted[creature] = 0


def ai_cards(pack: Pack) -> Iterator[Finding]:
    """The two directions of an AI card stand at right angles, or the second breaks no tie of the first; the
    matrix square lies on a tile; directions and corporations are spread evenly over the deck (p.31-32)."""
    size = int(pack.game.parameters.get("tile_squares", 7))
    pairs: Counter[tuple[str, str]] = Counter()
    targets: Counter[str] = Counter()
    cards = pack.of_type("ai_card")
    for card in cards:
        pair = (card["primary"], card["secondary"])
        if tuple(sorted(pair, key=["north", "south", "east", "west"].index)) not in RIGHT_ANGLE:
            yield _error(card, f"secondary: {card['secondary']} with {card['primary']}; the secondary direction stands "
                               "at right angles to the primary one, or it breaks no tie", "secondary")
        pairs[pair] += 1
        targets[card["target"]] += 1
        matrix = card["matrix"]
        if matrix["column"] >= size or matrix["row"] >= size:
            yield _error(card, f"matrix: square ({matrix['column']}, {matrix['row']}) is off a tile of {size} x {size}"
                               " squares", "matrix")
    if cards:
        for counter, what in ((pairs, "direction pair"), (targets, "corporation icon")):
            if counter and max(counter.values()) - min(counter.values()) > 1:
                top = counter.most_common(1)[0]
                yield _error(cards[0], f"the AI deck is uneven: {what} {top[0]} on {top[1]} cards, another on "
                                       f"{min(counter.values())}", severity="warning")


def characters(pack: Pack) -> Iterator[Finding]:
    """Each corporation's three Doomtroopers have the three specialties, one each (p.6, p.26)."""
    by_corp: dict[str, list[Item]] = {}
    for character in pack.of_type("character"):
        by_corp.setdefault(character["faction"], []).append(character)
    for corp, team in by_corp.items():
        counts = Counter(c["specialty"] for c in team)
        for character in team:
            if counts[character["specialty"]] > 1:
                yield _error(character, f"specialty: {corp} has {counts[character['specialty']]} "
                                        f"{character['specialty']} specialists; its three Doomtroopers have one "
                                        "specialty each", "specialty")
                break


def sources(pack: Pack) -> Iterator[Finding]:
    """An item from the rulebook may list the fields the pack authored for it, each a field of its type; an
    authored item lists none."""
    for item in pack.all_items():
        fields = pack.types[item.type].fields
        authored = item.get("authored", [])
        if item.get("source") == "authored" and authored:
            yield _error(item, "authored: the whole item is authored; list authored fields only on an item from "
                               "the rulebook", "authored")
        for index, name in enumerate(authored):
            if name not in fields and name != "qty":
                yield _error(item, f"authored[{index}]: '{name}' is no field of {item.label}", "authored", index)


ALL = (dice, numbering, rank_cards, equipment, augments, loadouts, reference_boards, tiles, missions, force_cards,
       ai_cards, characters, sources)
