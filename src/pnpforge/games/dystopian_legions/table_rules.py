"""What the rules forbid on the table, and the moves they allow: each choice of a scenario on the table
(``table_play.py``) is refused here with the id of the rule it breaks, or found allowed with the move it makes.

A section sees a target when a line from the centre of one of its models to the centre of one of the target's
models is open (its own models never block it); it fires within its weapons' longest range; it charges a target it
sees when one model reaches base contact within twice its Move; a move keeps an inch from the enemy and stays out
of the terrain its models may not enter; one model moving alone may not split its section further; an indirect
weapon aims within its range; an Ironclad drives an inch straight before each 45 degree turn, each turn costing an
inch, within its Move, and never charges.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

from pnpforge.engine.plane import INCH, Base, Point
from pnpforge.engine.plane_measure import nearest_first, within
from pnpforge.engine.plane_moves import Move, chains, contact, format_inches, together, towards
from pnpforge.engine.plane_moves import ahead as drive
from pnpforge.engine.plane_moves import turn as pivot
from pnpforge.engine.plane_sight import sight
from pnpforge.engine.script import Refusal
from pnpforge.games.dystopian_legions import templates
from pnpforge.games.dystopian_legions.data import Weapon
from pnpforge.games.dystopian_legions.table_setup import Unit

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.table_play import TableState

Action = tuple[Union[str, int], ...]
AWAY = INCH  # a move ends at least 1" from the enemy unless it charges (p.65)


def sees(s: TableState, eyes: list[Base], targets: list[Base]) -> tuple[list[str], list[str]]:
    """The models of ``eyes`` that see some model of ``targets``, and what blocks the lines of the others."""
    seeing: list[str] = []
    blocking: list[str] = []
    others = list(s.field.bases)
    own = {eye.id for eye in eyes}  # a section sees past its own models (DECISIONS.md, "Scenarios on the table")
    for eye in eyes:
        lines = [sight(eye, t, s.field.pieces, others, ignore=own) for t in targets]
        if any(line.open for line in lines):
            seeing.append(eye.id)
        else:
            blocking += [b for line in lines for b in line.blocked_by if b not in own]
    blocking = list(dict.fromkeys(blocking))
    return seeing, blocking


def reach_of(weapons: list[Weapon]) -> int:
    return max((band.end for w in weapons for band in w.bands), default=0) * INCH


def weapons_of(s: TableState, unit: Unit, idf: bool | None = None) -> list[Weapon]:
    found = []
    for _, profile in unit.models:
        for mount in profile.weapons:
            weapon = s.game.weapons.get(mount.weapon)
            if weapon is not None and (idf is None or weapon.has("idf-weapon") == idf):
                found.append(weapon)
    return found


def refusal(s: TableState, action: Action) -> Refusal | None:
    """Why the rules forbid the action in this position, or None."""
    kind, name = str(action[0]), str(action[1])
    if kind in ("step", "remove"):
        unit = s.owner(name)
        if unit is None or all(b.id != name for b in s.field.bases):
            return Refusal(f"no model {name} is on the table", "", ("step" if kind == "step" else "remove",))
    else:
        unit = s.unit(name)
        if unit is None or not s.bases(unit):
            return Refusal(f"no section {name} is on the table", "", (kind,))
    return RULES[kind](s, unit, action)


def _move_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    if unit.ironclad:
        return Refusal("an Ironclad drives straight on and turns by the template", "ironclad-move", ("move",))
    if not section_move(s, unit, action):
        return Refusal(f"{unit.id} cannot move towards {action[2]}", "move-general", ("move",))
    return None


def section_move(s: TableState, unit: Unit, action: Action) -> tuple[Move, ...]:
    point = s.game.start.points[str(action[2])]
    ids = [b.id for b in s.bases(unit)]
    enemies = [b.id for b in s.enemies(unit)]
    return together(s.field, ids, str(action[2]), point, unit.lead.mv * INCH, s.closed(unit), enemies, AWAY)


def _step_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    moved = model_step(s, unit, action)
    if moved is None:
        return Refusal(f"{action[1]} cannot move towards {action[2]}", "move-general", ("step",))
    before = len(chains(s.bases(unit), s.game.coherency[unit.lead.model_type]))
    after = s.field.placed(moved.after)
    if len(chains([after.base(b.id) for b in s.bases(unit)], s.game.coherency[unit.lead.model_type])) > before:
        reach = format_inches(s.game.coherency[unit.lead.model_type])
        return Refusal(f"{action[1]} would end more than {reach} from the rest of {unit.id}", "coherency", ("step",))
    return None


def model_step(s: TableState, unit: Unit, action: Action) -> Move | None:
    point = s.game.start.points[str(action[2])]
    enemies = [b.id for b in s.enemies(unit)]
    return towards(s.field, str(action[1]), str(action[2]), point, unit.lead.mv * INCH, s.closed(unit), enemies, AWAY)


def _charge_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    target = s.unit(str(action[2]))
    if unit.ironclad:
        return Refusal("Ironclads never charge", "move-charge", ("charge",))
    if target is None or target.player == unit.player or not s.bases(target):
        return Refusal(f"{action[2]} is no enemy section on the table", "move-charge", ("charge",))
    seeing, blocking = sees(s, s.bases(unit), s.bases(target))
    if not seeing:
        return Refusal(
            f"no model of {unit.id} sees {target.id} (blocked by {', '.join(blocking)})", "move-charge", ("charge",)
        )
    if not any(contact_move(s, unit, b, target) for b in s.bases(unit)):
        return Refusal(
            f'no model of {unit.id} reaches {target.id} within {2 * unit.lead.mv}"', "move-charge", ("charge",)
        )
    return None


def contact_move(s: TableState, unit: Unit, base: Base, target: Unit | None = None) -> Move | None:
    foes = s.enemies(unit) if target is None else s.bases(target)
    for foe in nearest_first(base.centre, foes):
        move = contact(s.field, base.id, foe.id, 2 * unit.lead.mv * INCH, s.closed(unit))
        if move is not None:
            return move
    return None


def _fire_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    target = s.unit(str(action[2]))
    if target is None or target.player == unit.player or not s.bases(target):
        return Refusal(f"{action[2]} is no enemy section on the table", "shoot-targets", ("fire",))
    seeing, blocking = sees(s, s.bases(unit), s.bases(target))
    if not seeing:
        return Refusal(
            f"no model of {unit.id} sees a model of {target.id} (blocked by {', '.join(blocking)})",
            "shoot-targets",
            ("fire",),
        )
    reach = reach_of(weapons_of(s, unit))
    if not any(within(a.shape, b.shape, reach) for a in s.bases(unit) for b in s.bases(target)):
        return Refusal(f"{target.id} is beyond {format_inches(reach)}", "shoot-targets", ("fire",))
    return None


def aim_base(point: Point) -> Base:
    return Base("aim point", point, 2)


def _blast_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    weapons = weapons_of(s, unit, idf=True)
    if not weapons:
        return Refusal(f"{unit.id} has no indirect fire weapon", "shoot-targets", ("blast",))
    point = s.game.start.points[str(action[2])]
    firers = [b for b in s.bases(unit) if any(carries(s, unit, b.id, w) for w in weapons)]
    if not templates.aim_in_range(firers, point, reach_of(weapons)):
        return Refusal(f"{action[2]} is beyond {format_inches(reach_of(weapons))}", "shoot-targets", ("blast",))
    return None


def carries(s: TableState, unit: Unit, base_id: str, weapon: Weapon) -> bool:
    profile = dict(unit.models)[base_id]
    return any(m.weapon == weapon.id for m in profile.weapons)


def _ironclad_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    kind = str(action[0])
    if not unit.ironclad:
        return Refusal(f"{unit.id} is no Ironclad; it moves with move or step", "ironclad-move", (kind,))
    used, straight = s.driven.get(unit.id, (0, 0))
    cost = int(action[2]) if kind == "ahead" else 1
    if kind == "turn" and straight < 1:
        return Refusal('an Ironclad drives 1" straight before each turn', "ironclad-move", (kind,))
    if kind == "turn" and int(action[2]) not in (1, -1):
        return Refusal("a turn is 45 degrees, 1 to the left or -1 to the right", "ironclad-move", (kind,))
    if used + cost > unit.lead.mv:
        return Refusal(
            f'{unit.id} has {unit.lead.mv - used}" of its Move left; this needs {cost}"', "ironclad-move", (kind,)
        )
    hull = s.bases(unit)[0]
    if kind == "ahead" and drive(s.field, hull.id, int(action[2]) * INCH, s.closed(unit)) is None:
        return Refusal(f"{unit.id} cannot drive on", "move-general", (kind,))
    if kind == "turn" and pivot(s.field, hull.id, int(action[2]), s.closed(unit)) is None:
        return Refusal(f"{unit.id} has no room to turn", "move-general", (kind,))
    return None


def _remove_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    return None


RULES = {
    "move": _move_refusal,
    "step": _step_refusal,
    "charge": _charge_refusal,
    "fire": _fire_refusal,
    "blast": _blast_refusal,
    "remove": _remove_refusal,
    "ahead": _ironclad_refusal,
    "turn": _ironclad_refusal,
}
