"""A scenario on the table played through the script runner: each choice is one rule applied to the position
(``table_setup.py``) with the plane kit, and the outcome says what the rule decided.

The choices are finite, as the kit's moves are: a section slides towards a named point by up to its Move (``move``),
keeping an inch from the enemy; one model does (``step``) and must end in coherency with its section; a section
charges another it sees, each model straight into base contact if it reaches within twice its Move (``charge``);
a section fires at another (``fire``: some model must see some model of the target, within its weapons' range);
a section with an indirect weapon aims a blast at a named point (``blast``, the dice from ``chance:``); a casualty
is taken off (``remove``); an Ironclad drives straight on by whole inches and turns 45 degrees on its front after
an inch straight, each turn costing an inch of its Move (``ahead``, ``turn``). A choice the rules forbid is refused
with the rule's id. At the end the outcome reports every move, sight line, blast and the sections under it, each
section's coherency, who holds each objective and the arc each enemy lies in from each Ironclad.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from dataclasses import field as slot
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from pnpforge.content.source import LoadError, load_yaml_shared
from pnpforge.engine.plane import INCH, Base, Point
from pnpforge.engine.plane_measure import nearest_first, within
from pnpforge.engine.plane_moves import Field, Move, chains, contact, format_inches, together, towards
from pnpforge.engine.plane_moves import ahead as drive
from pnpforge.engine.plane_moves import turn as pivot
from pnpforge.engine.plane_sight import arcs, in_arc, sight
from pnpforge.engine.script import Answer, Refusal, Report, ScriptAdapter
from pnpforge.games.dystopian_legions import templates
from pnpforge.games.dystopian_legions.data import Weapon, read
from pnpforge.games.dystopian_legions.table_setup import Position, TableChoice, TableFile, Unit, position

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

Action = tuple[Union[str, int], ...]
KINDS = ("move", "step", "charge", "fire", "blast", "remove", "ahead", "turn")
OBJECTIVE_REACH = INCH  # an objective is held within 1" (p.99-100; DECISIONS.md, ambiguous 4)
AWAY = INCH  # a move ends at least 1" from the enemy unless it charges (p.65)
SIDE = {"front": "front", "rear": "rear", "left": "side", "right": "side"}


def on_table_file(path: Path) -> bool:
    """The scenario sets a position on the table (``table:``) rather than a duel at a stated range."""
    try:
        data = load_yaml_shared(Path(path)).data
    except LoadError:
        return False
    return isinstance(data, dict) and "table" in data


def inch(units: int) -> str:
    """A coordinate in inches, for the outcome: ``12.25``."""
    return format_inches(units).rstrip('"')


@dataclass(frozen=True)
class TableGame:
    pack: Pack
    start: Position
    weapons: dict[str, Weapon]
    coherency: dict[str, int]
    impassable: tuple[str, ...]


@dataclass
class TableState:
    """The position as the choices leave it, what each rule decided, and the dice a blast waits for."""

    game: TableGame
    field: Field
    record: dict[str, list[Any]] = slot(default_factory=dict)
    rolling: list[str] = slot(default_factory=list)  # kinds of dice still to roll for the blast being fired
    blast: dict[str, Any] = slot(default_factory=dict)
    driven: dict[str, tuple[int, int]] = slot(default_factory=dict)  # Ironclad -> (inches used, straight since turn)
    landed: list[tuple[Point, tuple[Point, ...]]] = slot(default_factory=list)  # each blast's aim and centres

    # --- the state protocol -------------------------------------------------------------------------------------
    @property
    def pending(self) -> tuple[str, ...]:
        return (self.rolling[0],) if self.rolling else ("order",)

    def current_player(self) -> int:
        return 0

    def is_terminal(self) -> bool:
        return False

    def is_chance_node(self) -> bool:
        return bool(self.rolling)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1.0 / 6) for face in range(1, 7)]

    def legal_actions(self) -> list[Action]:
        return [a for a in self.candidates() if refusal(self, a) is None]

    def apply_action(self, action: Any) -> None:
        if self.rolling:
            self._rolled(int(action))
        else:
            play(self, tuple(action))

    def action_to_string(self, action: Any) -> str:
        return str(action) if self.rolling else " ".join(str(part) for part in action)

    def observation(self, player: int) -> Any:
        return repr(self.field.bases)

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def clone(self) -> TableState:
        return TableState(
            self.game,
            self.field,
            copy.deepcopy(self.record),
            list(self.rolling),
            copy.deepcopy(self.blast),
            dict(self.driven),
            list(self.landed),
        )

    def players(self) -> tuple[str, ...]:
        return self.game.start.players

    # --- what is on the table -----------------------------------------------------------------------------------
    def unit(self, name: str) -> Unit | None:
        return self.game.start.units.get(name)

    def bases(self, unit: Unit) -> list[Base]:
        ids = {base_id for base_id, _ in unit.models}
        return [b for b in self.field.bases if b.id in ids]

    def owner(self, base_id: str) -> Unit | None:
        return next((u for u in self.game.start.units.values() if any(b == base_id for b, _ in u.models)), None)

    def enemies(self, unit: Unit) -> list[Base]:
        return [b for u in self.game.start.units.values() if u.player != unit.player for b in self.bases(u)]

    def note(self, key: str, entry: Any) -> None:
        self.record.setdefault(key, []).append(entry)

    def candidates(self) -> list[Action]:
        units = list(self.game.start.units)
        points = list(self.game.start.points)
        found: list[Action] = []
        for name in units:
            found += [("move", name, p) for p in points] + [("blast", name, p) for p in points]
            found += [(kind, name, other) for kind in ("charge", "fire") for other in units if other != name]
            found += [("ahead", name, n) for n in range(1, 13)] + [("turn", name, 1), ("turn", name, -1)]
        for base in self.field.bases:
            found += [("step", base.id, p) for p in points] + [("remove", base.id)]
        return found

    def _rolled(self, face: int) -> None:
        kind = self.rolling.pop(0)
        self.blast.setdefault(kind, []).append(face)
        if kind == "spot" and not any(k == "spot" for k in self.rolling):
            dice = templates.scatter_dice(True, self.blast["spot"])
            self.rolling += ["scatter"] * dice
        if not self.rolling:
            land_blast(self)


def _sees(s: TableState, eyes: list[Base], targets: list[Base]) -> tuple[list[str], list[str]]:
    """The models of ``eyes`` that see some model of ``targets``, and what blocks the lines of the others."""
    seeing, blocking = [], []
    others = list(s.field.bases)
    for eye in eyes:
        lines = [sight(eye, t, s.field.pieces, others) for t in targets]
        if any(line.open for line in lines):
            seeing.append(eye.id)
        else:
            blocking += [b for line in lines for b in line.blocked_by if b not in blocking]
    return seeing, blocking


def _reach(weapons: list[Weapon]) -> int:
    return max((band.end for w in weapons for band in w.bands), default=0) * INCH


def _weapons(s: TableState, unit: Unit, idf: bool | None = None) -> list[Weapon]:
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
    if not _move(s, unit, action):
        return Refusal(f"{unit.id} cannot move towards {action[2]}", "move-general", ("move",))
    return None


def _move(s: TableState, unit: Unit, action: Action) -> tuple[Move, ...]:
    point = s.game.start.points[str(action[2])]
    ids = [b.id for b in s.bases(unit)]
    enemies = [b.id for b in s.enemies(unit)]
    return together(s.field, ids, str(action[2]), point, unit.lead.mv * INCH, s.game.impassable, enemies, AWAY)


def _step_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    moved = _step(s, unit, action)
    if moved is None:
        return Refusal(f"{action[1]} cannot move towards {action[2]}", "move-general", ("step",))
    before = len(chains(s.bases(unit), s.game.coherency[unit.lead.model_type]))
    after = s.field.placed(moved.after)
    if len(chains([after.base(b.id) for b in s.bases(unit)], s.game.coherency[unit.lead.model_type])) > before:
        reach = format_inches(s.game.coherency[unit.lead.model_type])
        return Refusal(f"{action[1]} would end more than {reach} from the rest of {unit.id}", "coherency", ("step",))
    return None


def _step(s: TableState, unit: Unit, action: Action) -> Move | None:
    point = s.game.start.points[str(action[2])]
    enemies = [b.id for b in s.enemies(unit)]
    return towards(
        s.field, str(action[1]), str(action[2]), point, unit.lead.mv * INCH, s.game.impassable, enemies, AWAY
    )


def _charge_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    target = s.unit(str(action[2]))
    if unit.ironclad:
        return Refusal("Ironclads never charge", "move-charge", ("charge",))
    if target is None or target.player == unit.player or not s.bases(target):
        return Refusal(f"{action[2]} is no enemy section on the table", "move-charge", ("charge",))
    seeing, blocking = _sees(s, s.bases(unit), s.bases(target))
    if not seeing:
        return Refusal(
            f"no model of {unit.id} sees {target.id} (blocked by {', '.join(blocking)})", "move-charge", ("charge",)
        )
    if not any(_contact(s, unit, b) for b in s.bases(unit)):
        return Refusal(
            f'no model of {unit.id} reaches {target.id} within {2 * unit.lead.mv}"', "move-charge", ("charge",)
        )
    return None


def _contact(s: TableState, unit: Unit, base: Base, target: Unit | None = None) -> Move | None:
    foes = s.enemies(unit) if target is None else s.bases(target)
    for foe in nearest_first(base.centre, foes):
        move = contact(s.field, base.id, foe.id, 2 * unit.lead.mv * INCH, s.game.impassable)
        if move is not None:
            return move
    return None


def _fire_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    target = s.unit(str(action[2]))
    if target is None or target.player == unit.player or not s.bases(target):
        return Refusal(f"{action[2]} is no enemy section on the table", "shoot-targets", ("fire",))
    seeing, blocking = _sees(s, s.bases(unit), s.bases(target))
    if not seeing:
        return Refusal(
            f"no model of {unit.id} sees a model of {target.id} (blocked by {', '.join(blocking)})",
            "shoot-targets",
            ("fire",),
        )
    reach = _reach(_weapons(s, unit))
    if not any(within(a.shape, b.shape, reach) for a in s.bases(unit) for b in s.bases(target)):
        return Refusal(f"{target.id} is beyond {format_inches(reach)}", "shoot-targets", ("fire",))
    return None


def _aim(point: Point) -> Base:
    return Base("aim point", point, 2)


def _blast_refusal(s: TableState, unit: Unit, action: Action) -> Refusal | None:
    weapons = _weapons(s, unit, idf=True)
    if not weapons:
        return Refusal(f"{unit.id} has no indirect fire weapon", "shoot-targets", ("blast",))
    point = s.game.start.points[str(action[2])]
    firers = [b for b in s.bases(unit) if any(_carries(s, unit, b.id, w) for w in weapons)]
    if not templates.aim_in_range(firers, point, _reach(weapons)):
        return Refusal(f"{action[2]} is beyond {format_inches(_reach(weapons))}", "shoot-targets", ("blast",))
    return None


def _carries(s: TableState, unit: Unit, base_id: str, weapon: Weapon) -> bool:
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
    if kind == "ahead" and drive(s.field, hull.id, int(action[2]) * INCH, s.game.impassable) is None:
        return Refusal(f"{unit.id} cannot drive on", "move-general", (kind,))
    if kind == "turn" and pivot(s.field, hull.id, int(action[2]), s.game.impassable) is None:
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


def _moved(s: TableState, moves: tuple[Move, ...] | list[Move], kind: str, who: str) -> None:
    for move in moves:
        s.field = s.field.placed(move.after)
    if moves:
        s.note(
            "moves",
            {
                "kind": kind,
                "who": who,
                "length": format_inches(max(m.length for m in moves)),
                "to": {m.base: [inch(m.after.centre[0]), inch(m.after.centre[1])] for m in moves},
            },
        )


def play(s: TableState, action: Action) -> None:
    """Apply an allowed action."""
    kind, name = str(action[0]), str(action[1])
    if kind == "remove":
        s.field = Field(s.field.table, s.field.pieces, tuple(b for b in s.field.bases if b.id != name))
        s.note("removed", name)
        return
    unit = s.owner(name) if kind == "step" else s.unit(name)
    assert unit is not None
    if kind == "move":
        _moved(s, _move(s, unit, action), "move", unit.id)
    elif kind == "step":
        step = _step(s, unit, action)
        _moved(s, [step] if step else [], "step", name)
    elif kind == "charge":
        target = s.unit(str(action[2]))
        seeing, _ = _sees(s, s.bases(unit), s.bases(target)) if target else ([], [])
        moves = []
        closing = []
        for base in s.bases(unit):
            move = _contact(s, unit, base, target)
            if move is not None:
                s.field = s.field.placed(move.after)
                moves.append(move)
            else:
                closing.append(base)
        for base in closing:  # a model that cannot reach base contact closes in as far as it can
            foe = nearest_first(base.centre, s.bases(target))[0] if target else None
            near = foe and towards(s.field, base.id, foe.id, foe.centre, 2 * unit.lead.mv * INCH, s.game.impassable)
            if near:
                s.field = s.field.placed(near.after)
                moves.append(near)
        s.note(
            "charges",
            {
                "section": unit.id,
                "target": str(action[2]),
                "seen_by": seeing,
                "in_contact": [m.base for m in moves if m.kind == "contact"],
            },
        )
        s.note(
            "moves",
            {
                "kind": "charge",
                "who": unit.id,
                "length": format_inches(max(m.length for m in moves)),
                "to": {m.base: [inch(m.after.centre[0]), inch(m.after.centre[1])] for m in moves},
            },
        )
    elif kind == "fire":
        target = s.unit(str(action[2]))
        assert target is not None
        seeing, blocking = _sees(s, s.bases(unit), s.bases(target))
        s.note("fire", {"section": unit.id, "target": target.id, "seen_by": seeing, "blocked_by": blocking})
    elif kind == "blast":
        _aim_blast(s, unit, str(action[2]))
    else:
        _drive(s, unit, action)


def _aim_blast(s: TableState, unit: Unit, point_name: str) -> None:
    point = s.game.start.points[point_name]
    aim = _aim(point)
    firers = [b for b in s.bases(unit) if any(_carries(s, unit, b.id, w) for w in _weapons(s, unit, idf=True))]
    others = [b for b in s.field.bases if b.id not in {f.id for f in firers}]
    open_sights = any(sight(f, aim, s.field.pieces, others).open for f in firers)
    spotters = [
        b
        for b in s.bases(unit)
        if dict(unit.models)[b.id].has("spotter") and sight(b, aim, s.field.pieces, others).open
    ]
    s.blast = {"section": unit.id, "aim": point_name, "observed": not open_sights, "spotters": [b.id for b in spotters]}
    if open_sights:
        s.rolling = ["direction", "scatter"]
    else:
        s.rolling = ["direction"] + ["spot"] * len(spotters)
        if not spotters:
            s.rolling += ["scatter"] * templates.scatter_dice(True)


def land_blast(s: TableState) -> None:
    """The blast's dice are all rolled: where it lands and whom it hits."""
    info = s.blast
    unit = s.unit(info["section"])
    assert unit is not None
    point = s.game.start.points[info["aim"]]
    landing = templates.land(s.field.table, point, info["direction"], info["scatter"])
    s.landed.append((point, landing.centres))
    weapon = _weapons(s, unit, idf=True)[0]
    firers = [b for b in s.bases(unit) if _carries(s, unit, b.id, weapon)]
    effective = next(band for band in weapon.bands if band.name == "effective")
    band = "effective" if templates.aim_in_range(firers, point, effective.end * INCH) else "long"
    dice = next(b for b in weapon.bands if b.name == band).rad
    assert dice is not None
    sections = {u.id: s.bases(u) for u in s.game.start.units.values() if s.bases(u)}
    hits = templates.hits(landing, sections, dice.count, dice.colour)
    quality = {h.section: templates.shot_quality(s.game.start.units[h.section].line) for h in hits}
    s.note(
        "blasts",
        {
            "section": unit.id,
            "weapon": weapon.id,
            "aim": info["aim"],
            "observed": info["observed"],
            "spotters": info["spotters"],
            "spot": info.get("spot", []),
            "direction": info["direction"][0],
            "scatter": info["scatter"],
            "scatter_inches": templates.scatter_inches(info["scatter"]),
            "lands": [[inch(c[0]), inch(c[1])] for c in landing.centres],
            "band": band,
            "hits": {
                h.section: {
                    "dice": f"{h.dice} {h.colour}",
                    "shots": quality[h.section],
                    "under": dict(h.under[0]),
                    "first_casualty": h.casualties[0],
                }
                for h in hits
            },
        },
    )
    s.blast = {}


def _drive(s: TableState, unit: Unit, action: Action) -> None:
    hull = s.bases(unit)[0]
    used, straight = s.driven.get(unit.id, (0, 0))
    if action[0] == "ahead":
        move = drive(s.field, hull.id, int(action[2]) * INCH, s.game.impassable)
        s.driven[unit.id] = (used + int(action[2]), straight + int(action[2]))
    else:
        move = pivot(s.field, hull.id, int(action[2]), s.game.impassable)
        s.driven[unit.id] = (used + 1, 0)
    assert move is not None
    s.field = s.field.placed(move.after)
    s.note(
        "moves",
        {
            "kind": str(action[0]),
            "who": unit.id,
            "facing": move.after.heading * 45,
            "to": {hull.id: [inch(move.after.centre[0]), inch(move.after.centre[1])]},
        },
    )


# --- the outcome -------------------------------------------------------------------------------------------------
def _objectives(s: TableState) -> dict[str, Any]:
    found: dict[str, Any] = {}
    start = s.game.start
    for name in start.objectives:
        mark = Base(name, start.points[name], 2)
        near = [
            u for u in start.units.values() if any(within(b.shape, mark.shape, OBJECTIVE_REACH) for b in s.bases(u))
        ]
        holders = {u.player for u in near if not u.ironclad and u.shaken == 0}
        present = {u.player for u in near}
        held = start.players[holders.pop()] if len(holders) == 1 and len(present) == 1 else None
        found[name] = {"held_by": held, "within": sorted(u.id for u in near)}
    return found


def _arcs(s: TableState) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for unit in s.game.start.units.values():
        if not unit.ironclad or not s.bases(unit):
            continue
        hull = s.bases(unit)[0]
        seen: dict[str, str] = {}
        in_weapon_arc = []
        mounts = [m for m in unit.lead.weapons if m.arc < 360]
        for enemy in (u for u in s.game.start.units.values() if u.player != unit.player and s.bases(u)):
            centre = s.bases(enemy)[0].centre
            quarters = sorted({SIDE[q] for q in arcs(hull, centre)})
            seen[enemy.id] = " or ".join(quarters)
            if mounts and all(in_arc(hull, m.arc, centre) for m in mounts):
                in_weapon_arc.append(enemy.id)
        found[unit.id] = {"facing": hull.heading * 45, "enemies_in": seen, "in_weapon_arc": in_weapon_arc}
    return found


def outcome(final: TableState, first: TableState) -> dict[str, Any]:
    result: dict[str, Any] = {
        key: final.record[key] for key in ("moves", "charges", "fire", "blasts", "removed") if key in final.record
    }
    coherency = {}
    for unit in final.game.start.units.values():
        bases = final.bases(unit)
        if bases and not unit.ironclad:
            groups = chains(bases, final.game.coherency[unit.lead.model_type])
            coherency[unit.id] = {"coherent": len(groups) <= 1, "groups": groups}
    result["coherency"] = coherency
    if final.game.start.objectives:
        result["objectives"] = _objectives(final)
    ironclads = _arcs(final)
    if ironclads:
        result["ironclads"] = ironclads
    return result


def build(pack: Pack, spec: TableFile, start: str | None, report: Report) -> TableState | None:
    made = position(pack, spec, report)
    if made is None:
        return None
    coherency = {str(k): int(v) * INCH for k, v in (pack.game.parameters.get("coherency") or {}).items()}
    impassable = tuple(p.id for p, spec_piece in zip(made.pieces, spec.terrain) if spec_piece.kind == "building")
    game = TableGame(pack, made, read(pack).weapons, coherency, impassable)
    return TableState(game, Field(made.table, made.pieces, made.bases))


def answer(s: TableState, choice: TableChoice) -> Answer | Refusal:
    kind = name_of(choice)
    value = getattr(choice, kind)
    action: Action = (kind, value) if isinstance(value, str) else (kind, *value)
    if len(action) != (2 if kind == "remove" else 3):
        return Refusal(f"{kind} takes {'a model' if kind == 'remove' else 'two values'}", "", (kind,))
    unit = s.owner(str(action[1])) if kind in ("step", "remove") else s.unit(str(action[1]))
    if unit is not None and s.players()[unit.player] != choice.player:
        return Refusal(f"{action[1]} is not the {choice.player}'s", "activation-alternate", (kind,))
    if kind in ("move", "step", "blast") and str(action[2]) not in s.game.start.points:
        return Refusal(f"no point '{action[2]}'; points: {', '.join(s.game.start.points)}", "", (kind,))
    return Answer((action,), refusal(s, action))


def name_of(choice: TableChoice) -> str:
    return next((kind for kind in KINDS if getattr(choice, kind) is not None), "remove")


ADAPTER = ScriptAdapter[TableState](
    setup=TableFile,
    choice=TableChoice,
    build=build,
    name_of=name_of,
    answers={kind: ("order",) for kind in KINDS},
    answer=answer,
    players=lambda s: s.players(),
    outcome=outcome,
    quiet=lambda s, legal: None,
    by_anyone=frozenset(KINDS),
    chances={"direction": ("direction",), "scatter": ("scatter",), "spot": ("spot",)},
)
