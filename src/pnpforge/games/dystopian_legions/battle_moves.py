"""A section's move action in a battle, as a short list of named choices (rules ``move-general``, ``move-advance``,
``move-double``, ``move-hold``, ``move-charge``, ``morale-routed``, ``coherency``, ``ironclad-move``,
``terrain-movement``, ``condition-visibility``).

The choices are names, cheap to list; the plane kit works the move out only for the one chosen:

- ``hold`` (Hold Your Ground); ``advance:T`` and ``double:T`` (At The Double, twice the move, not through difficult
  terrain nor under Limited Visibility) straight towards ``T``, the nearest enemy section (``enemy``) or an
  objective (``obj0``, ...), ending at least an inch from every enemy; ``charge:N`` into base contact with enemy
  section N, within twice the move through clear ground or the move alone through difficult ground, the target in
  sight; an Ironclad does not charge, but may be charged (rule ``ironclad-melee``);
- an Ironclad goes ``ahead`` along its heading, turns ``left`` or ``right`` by 45 degrees on the template (an inch
  straight first, an inch for the turn, rule ``ironclad-move``) and goes on, or goes ``double`` ahead;
- a Routed section must ``flee`` At The Double towards its own edge; a section out of coherency must ``regroup``
  (its models close up into a block again, where its centre stands); a section in melee does not move.

A move that finds its way blocked stops where the kit clips it (or does not happen). Cards of the movement window
follow the move: one that moves the section (``move``) takes it further towards the same goal, and the enemy may
answer with a card that fires at a section ending its move near (``fire_reaction``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.plane import HEADINGS, INCH, Base, Point, add, along, ceil_sqrt, dot, nearest_along, sub
from pnpforge.engine.plane_moves import TOWARDS, Move, ahead, contact, towards
from pnpforge.engine.steps import decision, task
from pnpforge.games.dystopian_legions import morale
from pnpforge.games.dystopian_legions.battle_turn import pair_near
from pnpforge.games.dystopian_legions.melee import charge
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.table import block, ironclad_turns
from pnpforge.games.dystopian_legions.throws import ask

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.battle import BattleState, Unit


def goals(s: BattleState, i: int) -> dict[str, tuple[int, int]]:
    """Where a section may head: the nearest enemy, then the objectives, nearest first."""
    unit = s.units[i]
    assert unit.block is not None
    found: dict[str, tuple[int, int]] = {}
    enemy = s.nearest_enemy(i)
    if enemy is not None:
        target = s.units[enemy].block
        assert target is not None
        found["enemy"] = target.centre
    here = unit.block.centre
    for k, point in sorted(enumerate(s.objectives), key=lambda kp: (_d2(kp[1], here), kp[0])):
        found[f"obj{k}"] = point
    return found


def _d2(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def may_charge(s: BattleState, i: int, j: int) -> bool:
    """A charge needs a target in sight and within twice the move; an Ironclad does not charge, but may be charged
    (rule ``ironclad-melee``)."""
    unit, target = s.units[i], s.units[j]
    if unit.spec.ironclad or not target.live:
        return False
    return s.within(i, j, 2 * unit.spec.mv) and s.look(i, j).open


def _moves(s: BattleState, p: int, i: int) -> list[str]:
    unit = s.units[i]
    if not unit.live or unit.side.engaged:
        return []
    if unit.side.markers >= s.game.routed_at:
        return ["flee"]
    if not unit.coherent(s.game.coherence):
        return ["regroup"]
    if unit.focus:
        return ["hold"]
    options = ["hold"]
    if unit.spec.ironclad:
        options += ["ahead", "left", "right"] + ([] if s.halved else ["double"])
        return options
    named = list(goals(s, i))[:2]
    options += [f"advance:{g}" for g in named]
    if not s.halved:
        options += [f"double:{g}" for g in named]
    enemies = sorted(s.live(1 - p), key=lambda u: u.spec.index)
    options += [f"charge:{u.spec.index}" for u in enemies if may_charge(s, i, u.spec.index)]
    return options


def closed(s: BattleState, unit: Unit, difficult: bool) -> frozenset[str]:
    return s.game.setup.closed_to(unit.spec.types, difficult)


def enemies_of(s: BattleState, unit: Unit) -> tuple[str, ...]:
    return tuple(u.id for u in s.live(1 - unit.spec.player))


def place(s: BattleState, unit: Unit, moved: Base) -> None:
    unit.block = moved
    s.moved()


@decision("b-move", _moves)
def move(s: BattleState, choice: str, p: int, i: int) -> None:
    unit = s.units[i]
    kind, _, goal = choice.partition(":")
    unit.moved = kind if kind in ("hold", "regroup", "flee", "charge") else "double" if kind == "double" else "advance"
    s.log.append(Said(f"{s.game.players[p]} {unit.spec.unit}: {choice}"))
    if kind == "hold":
        return
    if kind == "regroup":
        regroup(s, unit)
        return
    if kind == "charge":
        _charge(s, p, i, int(goal))
        return
    made = _move(s, unit, kind, goal)
    if made is None:
        return
    place(s, unit, made.after)
    side = unit.side
    if side.deck:  # getting up ends Hit the Deck; At The Double shakes the section (rule shoot-hit-the-deck)
        side.deck = False
        if unit.moved in ("double", "flee"):
            side.markers = morale.failed(side.markers, s.game.routed_at)
    if unit.moved != "flee":
        s.push(("b-pair-near", i), ("tac", p, "movement"), ("b-card-move", p, i, goal), ("b-react", 1 - p, i))


def _move(s: BattleState, unit: Unit, kind: str, goal: str) -> Move | None:
    """The move of this kind towards this goal from where the section stands, worked out once per position and
    throw: the greedy bot weighs its advances with it, and the one it picks is then made from the same answer."""
    key = ("move", unit.spec.index, kind, goal, len(s.record))
    if key not in s.memo:
        s.memo[key] = _work_move(s, unit, kind, goal)
    found: Move | None = s.memo[key]
    return found


def _work_move(s: BattleState, unit: Unit, kind: str, goal: str) -> Move | None:
    field = s.field()
    mv = unit.spec.mv * INCH
    if kind == "flee":
        assert unit.block is not None
        edge = 0 if unit.spec.player == s.bottom else s.game.setup.table.height
        return towards(field, unit.id, "edge", (unit.block.centre[0], edge), 2 * mv, closed(s, unit, True))
    if unit.spec.ironclad:
        return ironclad_move(s, unit, kind)
    point = goals(s, unit.spec.index).get(goal)
    if point is None:
        return None
    double = kind == "double"
    shut, enemies = closed(s, unit, double), enemies_of(s, unit)
    length = 2 * mv if double else mv
    direct = clear_towards(s, unit, goal, point, length, shut, enemies) or towards(
        field, unit.id, goal, point, length, shut, keep_away=enemies, away=INCH
    )
    if direct is not None and (2 * direct.length >= length or direct.after.centre == point):
        return direct
    return _around(s, unit, goal, point, length, shut, enemies, direct)


def _around(
    s: BattleState,
    unit: Unit,
    goal: str,
    point: Point,
    length: int,
    shut: frozenset[str],
    enemies: tuple[str, ...],
    direct: Move | None,
) -> Move | None:
    """When the straight way is blocked within half the move, the way that ends nearest the goal among the straight
    one and those one and two steps of the 45 degree template either side of it (a player walks round a house)."""
    base = unit.block
    assert base is not None
    way = sub(point, base.centre)
    heading = max(range(8), key=lambda h: dot(HEADINGS[h], way) * 1000 // ceil_sqrt(dot(HEADINGS[h], HEADINGS[h])))
    best, best_gap = direct, _d2(direct.after.centre, point) if direct is not None else None
    field = s.field()
    for turn in (1, -1, 2, -2):
        if abs(turn) == 2 and best is not direct:
            break  # a way one step aside was found
        aside = add(base.centre, nearest_along(HEADINGS[(heading + turn) % 8], length))
        found = clear_towards(s, unit, goal, aside, length, shut, enemies) or towards(
            field, unit.id, goal, aside, length, shut, keep_away=enemies, away=INCH
        )
        if found is not None and (best_gap is None or _d2(found.after.centre, point) < best_gap):
            best, best_gap = found, _d2(found.after.centre, point)
    return best


def clear_towards(
    s: BattleState, unit: Unit, goal: str, point: Point, length: int, shut: frozenset[str], enemies: tuple[str, ...]
) -> Move | None:
    """The kit's straight move when nothing is near its way, decided by bounding boxes alone: the box of the block
    before and after holds everything it sweeps, so a box clear of every closed piece and every other block, and an
    end whose box is an inch from every enemy's, mean the kit's exact move goes the whole way, to the same point
    (``plane_moves.towards``). ``None`` when the boxes say nothing: the kit decides."""
    base = unit.block
    assert base is not None
    vector = sub(point, base.centre)
    full = dot(vector, vector)
    if full == 0:
        return None
    offset = vector if full <= length * length else along(vector, length)
    if offset == (0, 0):
        return None
    after = base.at(add(base.centre, offset))
    a, b = base.shape.box, after.shape.box
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
    table = s.game.setup.table
    if box[0] < 0 or box[1] < 0 or box[2] > table.width or box[3] > table.height:
        return None
    if any(piece.id in shut and _overlap(box, piece.shape.box) for piece in s.game.setup.pieces):
        return None
    end = after.shape.box
    for other in s.units:
        if other is unit or not other.live or other.block is None:
            continue
        there = other.block.shape.box
        if _overlap(box, there):
            return None
        if (
            other.id in enemies
            and max(there[0] - end[2], end[0] - there[2], there[1] - end[3], end[1] - there[3]) < INCH
        ):
            return None
    return Move(TOWARDS, unit.id, goal, after, ceil_sqrt(dot(offset, offset)))


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def ironclad_move(s: BattleState, unit: Unit, kind: str) -> Move | None:
    """An Ironclad's move of this kind from where it stands, worked out once per position and throw (a bot that
    weighs it and the move made share it)."""
    key = ("ironclad", unit.spec.index, kind, len(s.record))
    if key not in s.memo:
        s.memo[key] = _ironclad_move(s, unit, kind)
    found: Move | None = s.memo[key]
    return found


def _ironclad_move(s: BattleState, unit: Unit, kind: str) -> Move | None:
    """Ahead, a 45 degree turn after an inch (and an inch for the turn) then ahead, or ahead At The Double."""
    field = s.field()
    shut = tuple(closed(s, unit, kind == "double"))
    mv = unit.spec.mv * INCH
    if kind in ("ahead", "double"):
        return ahead(field, unit.id, 2 * mv if kind == "double" else mv, shut)
    first = ahead(field, unit.id, INCH, shut)
    if first is not None:
        field = field.placed(first.after)
    turned = [
        m
        for m in ironclad_turns(field, unit.id, shut)
        if (m.after.heading - field.base(unit.id).heading) % 8 == (1 if kind == "left" else 7)
    ]
    if not turned:
        return first
    field = field.placed(turned[0].after)
    rest = ahead(field, unit.id, mv - 2 * INCH, shut)
    return rest if rest is not None else turned[0]


def regroup(s: BattleState, unit: Unit) -> None:
    """The models close up into a block of their number where the section's centre stands."""
    assert unit.block is not None
    count = len(unit.side.troopers)
    unit.block = block(unit.id, unit.block.centre, unit.block.heading, count, unit.spec.size)
    unit.formed = count
    unit.slots = {t.number: n for n, t in enumerate(unit.side.troopers)}
    s.moved()


def _charge(s: BattleState, p: int, i: int, j: int) -> None:
    """Into base contact: twice the move through clear ground, or the move alone through difficult ground. Before
    the charger moves, the target may be ordered On My Mark (rule ``order-on-my-mark``, ``battle_fire.py``)."""
    unit = s.units[i]
    if _contact(s, i, j) is None:
        s.log.append(Said(f"the charge of {unit.spec.unit} falls short"))
        unit.moved = "advance"
        return
    s.push(("b-mark-pair", 1 - p, j, i), ("b-on-my-mark", 1 - p, j, i), ("b-charge-in", p, i, j))


def _contact(s: BattleState, i: int, j: int) -> Move | None:
    unit, target = s.units[i], s.units[j]
    field = s.field()
    mv = unit.spec.mv * INCH
    return contact(field, unit.id, target.id, 2 * mv, closed(s, unit, True)) or contact(
        field, unit.id, target.id, mv, closed(s, unit, False)
    )


@task("b-charge-in")
def charge_in(s: BattleState, p: int, i: int, j: int) -> None:
    """The chargers move into contact, unless a shot before it wiped them out or Routed them."""
    unit, target = s.units[i], s.units[j]
    if not unit.live or not target.live or unit.side.markers >= s.game.routed_at:
        return
    made = _contact(s, i, j)
    if made is None:  # the shot broke the section's block: it closes up instead
        s.log.append(Said(f"the charge of {unit.spec.unit} falls short"))
        return
    place(s, unit, made.after)
    s.engagements.add((i, j) if p == 0 else (j, i))
    s.pair(i, j)
    charge(s, p)
    s.settle_engagements()
    unit.side.charging = True


@task("b-pair-near")
def pair_nearest(s: BattleState, i: int) -> None:
    if s.units[i].live:
        pair_near(s, i)


@task("b-card-move")
def card_move(s: BattleState, p: int, i: int, goal: str) -> None:
    """A card that moves the section after its move action: its inches, a D3 more where it says."""
    unit = s.units[i]
    params = unit.side.effects.get("move")
    if params is None or not unit.live or unit.side.engaged:
        return
    values = dict(params)
    unit.side.effects = {k: v for k, v in unit.side.effects.items() if k != "move"}
    if values.get("roll") == "d3":
        s.push(ask(s, "d3", p, {"black": 1}, 0), ("b-extra-move", p, i, goal, int(values.get("inches", 0)), True))
    else:
        s.push(("b-extra-move", p, i, goal, int(values.get("inches", 0)), False))


@task("b-extra-move")
def extra_move(s: BattleState, p: int, i: int, goal: str, inches: int, rolled: bool) -> None:
    unit = s.units[i]
    length = (inches + (s.last[("d3", p)] if rolled else 0)) * INCH
    point = goals(s, i).get(goal or "enemy") or goals(s, i).get("enemy")
    if point is None or length <= 0 or unit.spec.ironclad:
        return
    made = towards(s.field(), unit.id, goal, point, length, closed(s, unit, False), enemies_of(s, unit), INCH)
    if made is not None:
        place(s, unit, made.after)
        s.log.append(Said(f"{unit.spec.unit} moves on {made.length * 100 // INCH / 100} inches"))


@task("b-react")
def react(s: BattleState, q: int, i: int) -> None:
    """The enemy may answer a move with a card that fires at once at a section ending its move near: its Ready
    section nearest the mover, if the card's range reaches."""
    mover = s.units[i]
    hand = s.units[s.first_of(q)].side.hand
    reach = max(
        (dict(p).get("range", 0) for c in hand for k, p in s.game.cards[c].effects if k == "fire_reaction"), default=0
    )
    if not reach or not mover.live:
        return
    ready = [u for u in s.live(q) if not u.side.activated and not u.side.engaged and s.within(u.spec.index, i, reach)]
    if not ready:
        return
    shooter = min(ready, key=lambda u: u.spec.index)
    s.pair(shooter.spec.index, i)
    s.push(("tac", q, "movement"), ("b-reaction-fire", q, shooter.spec.index, i))
