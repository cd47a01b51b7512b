"""A battle's turn as steps: Pre-Turn (Command Points, cards, Initiative), alternating section activations (command,
movement, shooting), the Melee phase and the End Phase (Restore Order, Battle Log Points, the end check, clean-up).

Rules: ``turn-sequence``, ``pre-turn-shaken-cp``, ``cp-generate``, ``initiative``, ``activation-alternate``,
``model-states``, ``order-issue``, ``order-rally``, ``order-snap-out``, ``order-focus-fire``, ``melee-when``,
``end-restore-order``, ``end-medics``, ``end-objectives``, ``end-blp-casualties``, ``end-victory``, ``end-clean-up``,
``mission-centre-ground``, ``mission-vital-objective``, ``mission-annihilate``, ``mission-breakthrough``; the
moves are ``battle_moves.py``'s and the attacks ``battle_fire.py``'s. The book sets no turn limit; the pack's
``turn_cap`` ends a battle still going, logged as ``Ended("turn-cap")`` for the validator to count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.events import Ended, Length, Scores
from pnpforge.engine.steps import chance, decision, task
from pnpforge.games.dystopian_legions import bolster, morale, orders
from pnpforge.games.dystopian_legions.battle_pre_turn import next_on_march
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.table import facing_hit, near_objective
from pnpforge.games.dystopian_legions.throws import ask
from pnpforge.games.dystopian_legions.turn import commander_for, order_refusal, spend

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.battle import BattleState


@task("b-pair")
def pair(s: BattleState, a: int, b: int) -> None:
    if s.units[a].live and s.units[b].live:
        s.pair(a, b)


def pair_near(s: BattleState, i: int) -> bool:
    """Pair the section with its nearest enemy; False when no enemy is left."""
    enemy = s.nearest_enemy(i)
    if enemy is None:
        return False
    s.pair(i, enemy)
    return True


@task("turn-start")
def start_turn(s: BattleState) -> None:
    """Pre-Turn: each player's pool is what its officers and NCOs make, less one per Shaken marker on a section they
    lead; cards of the Pre-Turn step, then the Initiative."""
    s.sync()
    for p in (0, 1):
        s.pool[p] = sum(orders.pool_at_start([s.made(u.side)], u.side.markers, s.led(u.side)) for u in s.live(p))
        s.sides[p].cp = s.pool[p]  # the paired sections hold the pool: ``pair`` carries it on from them
    for unit in s.units:
        side = unit.side
        side.spent, side.carded_by, side.activated, side.charging = {}, set(), False, False
        side.rushed = side.deck
        unit.moved, unit.focus = "", False
    s.pair(*s.view)
    s.played = set()
    lay = [("b-card-view", 0), ("b-lay", 0), ("b-card-view", 1), ("b-lay", 1)]  # face down (battle_pre_turn.py)
    march = [("b-march",)] if s.game.march else []  # the optional Order of March (battle_pre_turn.py)
    s.push(*lay, ("b-reveal-order", s.advantage), ("b-reveals",), *march, ("b-initiative",))


@task("b-card-view")
def card_view(s: BattleState, p: int) -> None:
    """A Pre-Turn card is played on the player's most shaken section (the first, when none is)."""
    live = s.live(p)
    if live:
        pair_near(s, max(live, key=lambda u: (u.side.markers, -u.spec.index)).spec.index)


@task("b-initiative")
def initiative(s: BattleState) -> None:
    """An opposed check in each Senior Commanding Officer's colour; two black dice for a force that has lost its
    senior officer; the Tactical Advantage adds a black die in the first turn; a tie is thrown again."""
    entries = []
    for p in (0, 1):
        dice = senior_dice(s, p)
        if s.turn == 1 and p != s.advantage:  # the Tactical Advantage (rule setup-tactical-advantage)
            dice["black"] = dice.get("black", 0) + 1
        entries.append(ask(s, "initiative", p, dice, s.game.success))
    s.push(*entries, ("b-initiative-won",))


def senior_dice(s: BattleState, p: int) -> dict[str, int]:
    """A check between commanders: two dice in the Senior Commanding Officer's colour, black once it is lost."""
    senior = [u for u in s.live(p) if u.spec.senior]
    return {s.colour(senior[0].side): s.game.check_dice} if senior else {"black": s.game.check_dice}


@task("b-initiative-won")
def initiative_won(s: BattleState) -> None:
    a, b = s.last[("initiative", 0)], s.last[("initiative", 1)]
    if a == b:
        s.push(("b-initiative",))
        return
    s.first = s.to_move = 0 if a > b else 1
    s.log.append(Said(f"turn {s.turn}: {s.game.players[s.first]} takes the initiative ({max(a, b)} to {min(a, b)})"))
    s.push(("b-next",))


@task("b-next")
def next_activation(s: BattleState) -> None:
    """Players take turns activating a Ready section; a player with none left passes (rule ``activation-alternate``)."""
    ready = [[u for u in s.live(p) if not u.side.activated] for p in (0, 1)]
    p = s.to_move if ready[s.to_move] else 1 - s.to_move
    if not ready[p] or not (s.live(0) and s.live(1)):
        s.push(("b-melee",))
        return
    s.to_move = 1 - p
    s.push(("b-choose", p), ("b-next",))


def _ready(s: BattleState, p: int) -> list[int]:
    """The player's Ready sections; under an Order of March, only the first of its list that is Ready."""
    return next_on_march(s, p, [u.spec.index for u in s.live(p) if not u.side.activated])


@decision("b-choose", _ready)
def choose(s: BattleState, i: int, p: int) -> None:
    s.push(("b-activate", p, i))


@task("b-activate")
def activate(s: BattleState, p: int, i: int) -> None:
    """Command (cards, an order), movement, shooting; then the section is Activated (rule ``model-states``)."""
    s.active, s.played = p, set()
    if not pair_near(s, i):
        return
    s.push(("tac", p, "command"), ("b-order", p, i), ("b-move", p, i), ("b-shoot", p, i), ("b-activated", i))


@task("b-activated")
def activated(s: BattleState, i: int) -> None:
    s.units[i].side.activated = True
    s.units[i].focus = False


def _orders(s: BattleState, p: int, i: int) -> list[str]:
    """No order first (the quiet answer), then Rally, Snap Out Of It! and Focus Fire where they may be given."""
    unit = s.units[i]
    if s.view[p] != i:
        return []
    options = ["none"]
    options += [name for name in ("rally", "snap-out") if order_refusal(s, p, name) is None]
    if (
        not unit.side.engaged
        and morale.may_shoot(unit.side.markers, s.game.routed_at)
        and order_refusal(s, p, "focus-fire") is None
    ):
        options.append("focus-fire")
    return options if len(options) > 1 else []


@decision("b-order", _orders)
def order(s: BattleState, name: str, p: int, i: int) -> None:
    if name == "none":
        return
    side = s.units[i].side
    cost = orders.ORDERS[name].cost_for(side.quality)
    assert commander_for(s, p, cost) is not None
    spend(s, p, cost)
    s.log.append(Said(f"{s.game.players[p]} {side.setup.unit}: {name}"))
    s.push(("bolster", p, "command"), ("b-order-check", p, i, name))


@task("b-order-check")
def order_check(s: BattleState, p: int, i: int, name: str) -> None:
    """The order's Command Check, with the dice its bolstering bought (rule ``command-bolster``)."""
    side = s.units[i].side
    check = morale.command_check(s.colour(side), s.game.check_dice, orders.ORDERS[name].needed, 0, bolster.dice(s, p))
    s.push(ask(s, "command", p, dict(check.dice), s.game.success), ("b-ordered", p, i, name, check.needed))


@task("b-ordered")
def ordered(s: BattleState, p: int, i: int, name: str, needed: int) -> None:
    """A passed check carries the order out; the points stay spent either way."""
    if s.last[("command", p)] < needed:
        return
    if name == "focus-fire":
        s.units[i].focus = True
    else:
        s.push(ask(s, "d3", p, {"black": 1}, 0), ("shaken-removed", p, name))


# --- melee and the End Phase ------------------------------------------------------------------------------------
@task("b-melee")
def melee_phase(s: BattleState) -> None:
    """Every melee is fought once, the Initiative's winner's first (rule ``melee-when``)."""
    entries: list[tuple] = []
    for a, b in sorted(s.engagements, key=lambda pair: pair[s.first]):
        arc = [("b-melee-arc",)] if s.units[a].spec.ironclad or s.units[b].spec.ironclad else []
        entries += [("b-pair", a, b), *arc, ("melee",), ("b-after",)]
    s.push(*entries, ("b-end",))


@task("b-melee-arc")
def melee_arc(s: BattleState) -> None:
    """The blows at an Ironclad meet the armour of the arc its attackers' block stands in (rule ``ironclad-melee``);
    as it leaves, its rear."""
    for p in (0, 1):
        unit, enemy = s.units[s.view[p]], s.units[s.view[1 - p]]
        if unit.spec.ironclad and unit.block is not None and enemy.block is not None:
            unit.side.facing = "+".join(facing_hit(unit.block, enemy.block.centre))


@task("b-end")
def end_phase(s: BattleState) -> None:
    entries = [("b-restore", u.spec.index) for u in s.units if u.live and u.side.markers]
    entries += [("b-medics", u.spec.index) for u in s.units if u.live and u.side.fallen and not u.side.engaged]
    s.push(*entries, ("b-score",))


@task("b-restore")
def restore(s: BattleState, i: int) -> None:
    unit = s.units[i]
    if not unit.live or not pair_near(s, i):
        return
    s.push(("bolster", unit.spec.player, "restore"), ("restore-throw", unit.spec.player))  # the duel's, bolstered


@task("b-medics")
def medics(s: BattleState, i: int) -> None:
    """The Repairs and Medics step of a section out of melee: a D6 for each model tipped over (``medics.py``)."""
    unit = s.units[i]
    if not unit.live or not pair_near(s, i):
        return
    p = unit.spec.player
    s.push(*(entry for _ in unit.side.fallen for entry in (ask(s, "d6", p, {"black": 1}, 0), ("tended", p))))


def holders(s: BattleState, point: tuple[int, int]) -> set[int]:
    """The players holding an objective: an unshaken section within 1"; an Ironclad contests but never holds."""
    near = [u for u in s.units if u.live and u.block is not None and near_objective(u.block, point)]
    holding = {u.spec.player for u in near if not u.side.markers and not u.spec.ironclad}
    contesting = {u.spec.player for u in near}
    return holding if len(contesting) == 1 else set()


@task("b-score")
def score(s: BattleState) -> None:
    """Battle Log Points of the turn: 1 for each enemy section Routed, the mission's points, then the end check."""
    mission = s.game.entries[s.names[1]]
    blp = mission.get("blp", {}) or {}
    for unit in s.units:
        if unit.live and unit.side.markers >= s.game.routed_at:
            s.blp[1 - unit.spec.player] += 1
    vital: list[int] = []
    for point in s.objectives:
        held = holders(s, point)
        if len(held) == 1:
            (p,) = held
            if blp.get("per_objective_turn_roll", "none") == "d6":
                vital.append(p)
            else:
                s.blp[p] += int(blp.get("per_objective_turn", 0))
    past, inside = int(blp.get("per_section_past_centre", 0)), int(blp.get("per_section_in_enemy_zone", 0))
    if past or inside:
        height = s.game.setup.table.height
        for unit in s.units:
            if not unit.live or unit.side.markers or unit.block is None:
                continue
            p, y = unit.spec.player, unit.block.centre[1]
            zone = any(_in_zone(unit.block.centre, z) for z in s.zones[1 - p])
            crossed = y > height // 2 if p == s.bottom else y < height // 2
            s.blp[p] += inside if zone else past if crossed else 0
    s.push(*(("b-d6", p) for p in vital), ("b-close",))


def _in_zone(point: tuple[int, int], zone: tuple[int, int, int, int]) -> bool:
    return zone[0] <= point[0] <= zone[2] and zone[1] <= point[1] <= zone[3]


@chance("b-d6", lambda s, p: [1, 2, 3, 4, 5, 6])
def vital_roll(s: BattleState, roll: int, p: int) -> None:
    s.blp[p] += roll


@task("b-close")
def close(s: BattleState) -> None:
    """The end check: a player at the target wins (both at once: a draw); a force with no section left loses; at the
    turn cap the battle stops, the more Battle Log Points winning. Then clean-up."""
    target = s.game.blp_target
    reached = [n >= target for n in s.blp]
    gone = [not s.live(p) for p in (0, 1)]
    rule = ""
    if any(reached):
        rule = "blp-target"
        s.winner = reached.index(True) if reached.count(True) == 1 else None
    elif any(gone):
        rule = "wiped-out"
        s.winner = None if all(gone) else gone.index(False)
    elif s.turn >= s.game.turns:
        rule = "turn-cap"
        s.winner = None if s.blp[0] == s.blp[1] else 0 if s.blp[0] > s.blp[1] else 1
        s.log.append(Said(f"the turn cap of {s.game.turns} turns is reached at {s.blp[0]} to {s.blp[1]} BLP"))
    for unit in s.units:
        unit.side.effects = {}
    if rule:
        s.over = True
        s.log += [Ended(rule), Length(s.turn), Scores((s.blp[0], s.blp[1]))]
        return
    s.turn += 1
    s.push(("turn-start",))
