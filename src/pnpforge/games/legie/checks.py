"""Static checks of the Legie box: armies, symbols against strength and defence, the Flag, board faces, scenarios.

Counts per type and per army are the box entries' job (shared check ``box-counts``); these checks judge what only
Legie's rules can: a tile's numbers must follow from its symbols, the field must be four parts, and every scenario
must be playable with the faces the pack prints.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from pnpforge.content.pack import Item, Pack
from pnpforge.findings import Finding
from pnpforge.games.legie.board import QUARTERS, side_choices
from pnpforge.games.legie.model import ruleset_from_pack

ATTACKS = ("sword", "arrow", "crown")
ADDING = ("sword", "shield")  # symbols that count when repeated (Militäreinheiten: swords = strength, shield +1)


def _error(item: Item, message: str, *path) -> Finding:
    return Finding("error", message, mark=item.mark(*path), subject=item.subject)


def unit_symbols(pack: Pack) -> Iterator[Finding]:
    """Strength equals the swords; only immobile units lack a defence; a shield sits on a base of at least 1."""
    for unit in pack.of_type("unit_tile"):
        symbols = Counter(unit["symbols"])
        if unit["strength"] != symbols["sword"]:
            yield _error(unit, f"strength: {unit['strength']}, but the tile shows {symbols['sword']} sword(s); "
                               "strength is the number of swords", "strength")
        immobile = symbols["immobility"] > 0
        defence = unit.get("defence")
        if immobile and defence is not None:
            yield _error(unit, "defence: an immobile unit is never removed, so it has no defence; drop it", "defence")
        elif not immobile and defence is None:
            yield _error(unit, "defence: required for every unit that can be removed", "symbols")
        elif defence is not None and defence - symbols["shield"] < 1:
            yield _error(unit, f"defence: {defence} with {symbols['shield']} shield(s) leaves a base defence below "
                               "1; each shield adds 1 to the base", "defence")
        attacks = [s for s in ATTACKS if symbols[s]]
        if len(attacks) > 1:
            yield _error(unit, f"symbols: {' and '.join(attacks)} on one tile; the rules give no order for two "
                               "kinds of attack", "symbols")
        repeated = [s for s, n in symbols.items() if n > 1 and s not in ADDING]
        if repeated:
            yield _error(unit, f"symbols: '{repeated[0]}' is shown {symbols[repeated[0]]} times; only swords and "
                               "shields add up", "symbols")


def armies(pack: Pack) -> Iterator[Finding]:
    """Two armies of the same size; a difference in kinds, counts or numbers is worth a warning."""
    rules = ruleset_from_pack(pack)
    game_mark = pack.game_doc.mark(("factions",))
    if len(rules.players) != 2:
        yield Finding("error", f"Legie is a duel: it needs 2 factions, the pack has {len(rules.players)}",
                      mark=game_mark)
        return
    sizes = [rules.army_size(p) for p in range(2)]
    if 0 in sizes:
        yield Finding("error", f"army '{rules.players[sizes.index(0)]}' has no units", mark=game_mark)
        return
    if sizes[0] != sizes[1]:
        yield Finding("error", f"the armies differ in size: {rules.players[0]} {sizes[0]}, {rules.players[1]} "
                               f"{sizes[1]}", mark=game_mark)
    first, second = rules.armies
    for kind in rules.kinds:
        a, b = first.get(kind), second.get(kind)
        shape = lambda u: None if u is None else (u.count, sorted(u.symbols), u.strength, u.defence)  # noqa: E731
        if shape(a) != shape(b):
            yield Finding("warning", f"the armies differ in their {kind}: {rules.players[0]} {shape(a)}, "
                                     f"{rules.players[1]} {shape(b)}", mark=game_mark)
    yield Finding("info", f"each army: {sizes[0]} units of {len(first)} kinds", mark=game_mark)


def flag(pack: Pack) -> Iterator[Finding]:
    """Exactly one Flag (Flagge: there is one, and it moves)."""
    count = sum(item.qty for item in pack.of_type("flag_tile"))
    if count != 1:
        yield Finding("error", f"the game has one Flag; the pack has {count}", mark=pack.game_doc.mark(("box",)))


def board_parts(pack: Pack) -> Iterator[Finding]:
    """Four parts, each with a face a and a face b; no field can leave a player without a square."""
    parts = pack.of_type("board_part")
    if len(parts) != len(QUARTERS):
        yield Finding("error", f"the field is made of {len(QUARTERS)} parts; the pack has {len(parts)}",
                      mark=parts[0].mark() if parts else pack.game_doc.mark(("box",)))
    for part in parts:
        sides = [face["side"] for face in part["sides"]]
        if len(set(sides)) != len(sides):
            yield _error(part, f"sides: face '{sides[0]}' is printed twice; a part has a face a and a face b", "sides")
        for index, face in enumerate(part["sides"]):
            counts = Counter(t for row in face["rows"] for t in row)
            figures = ", ".join(f"{t} {n}" for t, n in sorted(counts.items()))
            yield Finding("info", f"face {face['side']}: {figures}", mark=part.mark("sides", index),
                          subject=part.subject)
    if len(parts) != len(QUARTERS):
        return
    rules = ruleset_from_pack(pack)
    worst = max(sum(t in ("water", "mountain") for face in (p.face_on(s) for p, s in zip(rules.parts, sides))
                    for row in face.rows for t in row)
                for sides in side_choices(rules.parts, "nothing"))
    free_at_least = rules.size ** 2 - (rules.army_size(0) + rules.army_size(1) - 1) - 1
    if worst >= free_at_least:
        yield Finding("warning", f"some fields have {worst} water and mountain squares, as many as the {free_at_least} "
                                 "squares that may be free: a player holding only Towers and Catapults could be unable "
                                 "to lay a unit and would pass", mark=parts[0].mark())


def scenario_boards(pack: Pack) -> Iterator[Finding]:
    """Every scenario can be set up with the printed faces, and a hunted unit exists in both armies."""
    rules = ruleset_from_pack(pack)
    for item in pack.of_type("scenario_card"):
        needs = item.get("board_needs", "nothing")
        choices = side_choices(rules.parts, needs) if rules.parts else []
        if not choices:
            yield _error(item, f"board_needs: no choice of faces gives {needs.replace('_', ' ')}, so this scenario "
                               "cannot be set up", "board_needs")
        else:
            yield Finding("info", f"{len(choices)} of {2 ** len(rules.parts)} face choices allow it",
                          mark=item.mark("board_needs" if "board_needs" in item.values else "name"),
                          subject=item.subject)
        hunted = item["objective"].get("unit")
        if hunted is not None and any(hunted not in army for army in rules.armies):
            yield _error(item, f"objective.unit: '{hunted}' is not a unit kind of both armies; kinds: "
                               f"{', '.join(rules.kinds)}", "objective", "unit")


ALL = (unit_symbols, armies, flag, board_parts, scenario_boards)
