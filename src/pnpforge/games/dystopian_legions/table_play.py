"""A scenario on the table played through the script runner: each choice is one rule applied to the position
(``table_setup.py``) with the plane kit, and the outcome says what the rule decided.

The choices are finite, as the kit's moves are: a section slides towards a named point by up to its Move (``move``),
keeping an inch from the enemy; one model does (``step``) and must end in coherency with its section; a section
charges another it sees, each model straight into base contact if it reaches within twice its Move (``charge``);
a section fires at another (``fire``: some model must see some model of the target, within its weapons' range);
a section with an indirect weapon aims a blast at a named point (``blast``, the dice from ``chance:``); a casualty
is taken off (``remove``: an officer taken off calls a Morale check of each other friendly section within its
command range, rule ``officer-loss``); an Ironclad drives straight on by whole inches and turns 45 degrees on its
front after an inch straight, each turn costing an inch of its Move (``ahead``, ``turn``). A choice the rules
forbid is refused with the rule's id. At the end the outcome reports every move, sight line, blast and the sections
under it, each officer lost and the sections it shakes, each section's coherency, who holds each objective and the
arc each enemy lies in from each Ironclad.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from dataclasses import field as slot
from typing import TYPE_CHECKING, Any

from pnpforge.engine.plane import INCH, Base, Point
from pnpforge.engine.plane_measure import nearest_first, within
from pnpforge.engine.plane_moves import Field, Move, chains, format_inches, towards
from pnpforge.engine.plane_moves import ahead as drive
from pnpforge.engine.plane_moves import turn as pivot
from pnpforge.engine.plane_sight import in_arc, sight
from pnpforge.engine.script import Answer, Refusal, Report
from pnpforge.games.dystopian_legions import templates
from pnpforge.games.dystopian_legions.data import Weapon, read
from pnpforge.games.dystopian_legions.table import facing_hit, near_objective
from pnpforge.games.dystopian_legions.table_rules import (
    Action,
    aim_base,
    carries,
    contact_move,
    model_step,
    refusal,
    section_move,
    sees,
    weapons_of,
)
from pnpforge.games.dystopian_legions.table_setup import Position, TableChoice, TableKeys, Unit, position

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

KINDS = ("move", "step", "charge", "fire", "blast", "remove", "ahead", "turn")


def inch(units: int) -> str:
    """A coordinate in inches, for the outcome: ``12.25``."""
    return format_inches(units).rstrip('"')


@dataclass(frozen=True)
class TableGame:
    pack: Pack
    start: Position
    weapons: dict[str, Weapon]
    coherency: dict[str, int]


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
    asked: list[tuple[str, str]] = slot(default_factory=list)  # (section, target) of each fire or charge asked for

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
            list(self.asked),
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

    def closed(self, unit: Unit) -> tuple[str, ...]:
        """The pieces the section's models may not enter."""
        return self.game.start.closed_to(unit.lead.model_type)

    def decided(self, key: str, entry: Any) -> None:
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


def _moved(s: TableState, moves: tuple[Move, ...] | list[Move], kind: str, who: str) -> None:
    for move in moves:
        s.field = s.field.placed(move.after)
    if moves:
        s.decided(
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
        fallen = next(b for b in s.field.bases if b.id == name)
        s.field = Field(s.field.table, s.field.pieces, tuple(b for b in s.field.bases if b.id != name))
        s.decided("removed", name)
        _officer_lost(s, fallen)
        return
    unit = s.owner(name) if kind == "step" else s.unit(name)
    assert unit is not None
    if kind == "move":
        _moved(s, section_move(s, unit, action), "move", unit.id)
    elif kind == "step":
        step = model_step(s, unit, action)
        _moved(s, [step] if step else [], "step", name)
    elif kind == "charge":
        target = s.unit(str(action[2]))
        seeing, _ = sees(s, s.bases(unit), s.bases(target)) if target else ([], [])
        moves = []
        closing = []
        for base in s.bases(unit):
            move = contact_move(s, unit, base, target)
            if move is not None:
                s.field = s.field.placed(move.after)
                moves.append(move)
            else:
                closing.append(base)
        for base in closing:  # a model that cannot reach base contact closes in as far as it can
            foe = nearest_first(base.centre, s.bases(target))[0] if target else None
            near = foe and towards(s.field, base.id, foe.id, foe.centre, 2 * unit.lead.mv * INCH, s.closed(unit))
            if near:
                s.field = s.field.placed(near.after)
                moves.append(near)
        s.decided(
            "charges",
            {
                "section": unit.id,
                "target": str(action[2]),
                "seen_by": seeing,
                "in_contact": [m.base for m in moves if m.kind == "contact"],
            },
        )
        s.decided(
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
        seeing, blocking = sees(s, s.bases(unit), s.bases(target))
        s.decided("fire", {"section": unit.id, "target": target.id, "seen_by": seeing, "blocked_by": blocking})
    elif kind == "blast":
        _aim_blast(s, unit, str(action[2]))
    else:
        _drive(s, unit, action)


def _officer_lost(s: TableState, fallen: Base) -> None:
    """An officer taken off as a casualty: each other friendly section with a model within its command range of
    where it stood takes a Morale check (rule ``officer-loss``); its own section tests for its own losses."""
    owner = s.owner(fallen.id)
    profile = dict(owner.models)[fallen.id] if owner is not None else None
    if owner is None or profile is None or profile.rank != "officer" or not profile.command_range:
        return
    reach = profile.command_range * INCH
    friends = [u for u in s.game.start.units.values() if u.player == owner.player and u is not owner and s.bases(u)]
    shaken = [u.id for u in friends if any(within(fallen.shape, b.shape, reach) for b in s.bases(u))]
    s.decided(
        "officers_lost",
        {
            "officer": fallen.id,
            "command_range": format_inches(reach),
            "morale_checks": shaken,
            "beyond": [u.id for u in friends if u.id not in shaken],
        },
    )


def _aim_blast(s: TableState, unit: Unit, point_name: str) -> None:
    point = s.game.start.points[point_name]
    aim = aim_base(point)
    firers = [b for b in s.bases(unit) if any(carries(s, unit, b.id, w) for w in weapons_of(s, unit, idf=True))]
    others = [b for b in s.field.bases if b.id not in {f.id for f in firers}]
    open_sights = any(sight(f, aim, s.field.pieces, others).open for f in firers)
    spotters = [
        b
        for b in s.bases(unit)
        if dict(unit.models)[b.id].has("spotter") and sight(b, aim, s.field.pieces, others).open
    ]
    spotted = [] if open_sights else [b.id for b in spotters]
    s.blast = {"section": unit.id, "aim": point_name, "observed": not open_sights, "spotters": spotted}
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
    weapon = weapons_of(s, unit, idf=True)[0]
    firers = [b for b in s.bases(unit) if carries(s, unit, b.id, weapon)]
    effective = next(band for band in weapon.bands if band.name == "effective")
    band = "effective" if templates.aim_in_range(firers, point, effective.end * INCH) else "long"
    dice = next(b for b in weapon.bands if b.name == band).rad
    assert dice is not None
    sections = {u.id: s.bases(u) for u in s.game.start.units.values() if s.bases(u)}
    hits = templates.hits(landing, sections, dice.count, dice.colour)
    quality = {h.section: templates.shot_quality(s.game.start.units[h.section].line) for h in hits}
    s.decided(
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
        move = drive(s.field, hull.id, int(action[2]) * INCH, s.closed(unit))
        s.driven[unit.id] = (used + int(action[2]), straight + int(action[2]))
    else:
        move = pivot(s.field, hull.id, int(action[2]), s.closed(unit))
        s.driven[unit.id] = (used + 1, 0)
    assert move is not None
    s.field = s.field.placed(move.after)
    s.decided(
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
        near = [u for u in start.units.values() if any(near_objective(b, start.points[name]) for b in s.bases(u))]
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
            seen[enemy.id] = " or ".join(facing_hit(hull, centre))
            if mounts and all(in_arc(hull, m.arc, centre) for m in mounts):
                in_weapon_arc.append(enemy.id)
        found[unit.id] = {"facing": hull.heading * 45, "enemies_in": seen, "in_weapon_arc": in_weapon_arc}
    return found


def outcome(final: TableState, first: TableState) -> dict[str, Any]:
    result: dict[str, Any] = {
        key: final.record[key]
        for key in ("moves", "charges", "fire", "blasts", "removed", "officers_lost")
        if key in final.record
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


def build(pack: Pack, spec: TableKeys, report: Report) -> TableState | None:
    made = position(pack, spec, report)
    if made is None:
        return None
    coherency = {str(k): int(v) * INCH for k, v in (pack.game.parameters.get("coherency") or {}).items()}
    game = TableGame(pack, made, read(pack).weapons, coherency)
    return TableState(game, Field(made.table, made.pieces, made.bases))


def answer(s: TableState, choice: TableChoice) -> Answer | Refusal:
    """The action a choice stands for and why the rules forbid it, if they do. A choice that fires or charges is
    noted as asked about, allowed or not, so that the figure draws its sight line."""
    kind = name_of(choice)
    if kind is None:
        return Refusal("on the table a choice moves, steps, charges, fires, blasts, removes, drives ahead or turns")
    value = getattr(choice, kind)
    action: Action = (kind, value) if isinstance(value, str) else (kind, *value)
    if len(action) != (2 if kind == "remove" else 3):
        return Refusal(f"{kind} takes {'a model' if kind == 'remove' else 'two values'}", "", (kind,))
    unit = s.owner(str(action[1])) if kind in ("step", "remove") else s.unit(str(action[1]))
    if unit is not None and s.players()[unit.player] != choice.player:
        return Refusal(f"{action[1]} is not the {choice.player}'s", "activation-alternate", (kind,))
    if kind in ("fire", "charge"):
        s.asked.append((str(action[1]), str(action[2])))
    if kind in ("move", "step", "blast") and str(action[2]) not in s.game.start.points:
        return Refusal(f"no point '{action[2]}'; points: {', '.join(s.game.start.points)}", "", (kind,))
    return Answer((action,), refusal(s, action))


def name_of(choice: TableChoice) -> str | None:
    """The kind of a choice on the table, or None for a duel's."""
    return next((kind for kind in KINDS if getattr(choice, kind) is not None), None)


ANSWERS = {kind: ("order",) for kind in KINDS}  # every choice on the table answers the one question it asks
BY_ANYONE = frozenset(KINDS)  # either player acts; the answer checks the section is theirs
CHANCES = {"direction": ("direction",), "scatter": ("scatter",), "spot": ("spot",)}  # a blast's dice


def quiet(s: Any, legal: list) -> Any:
    """A position on the table waits for the script's next choice (none: it ends there); a duel takes its first
    option."""
    return None if isinstance(s, TableState) else legal[0]
