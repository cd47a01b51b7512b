"""The battle's greedy bot: it shoots the target it expects to take most Life Points from (the exact odds of
``odds.py``, per Life Point of the target's points, so a cheap kill is not preferred to a costly one), charges when
its melee is expected to take more than it gives, holds an objective it stands on, heads for the nearest objective
not held (else the nearest enemy), regroups when it must, and activates first the section nearest the enemy. With
the Strategic Advantage it takes the deployment zones nearer the objective markers (``deployment.nearer``).
It plays the first card of its hand that helps now: a card that moves a section on after its move when the section
advanced and stands on no objective, one that gives a MAR to a section in a melee, Shaken or with a target, any
other as the duel's greedy bot reads it. Every other question (Hit the
Deck, Cold Steel, re-rolls, rally) goes to the duel's greedy bot.

The odds are worked out once per pool, chain and target number and kept in the game's ``Kit``
(``Battle.kit``): a battle asks the same few questions again and again.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from pnpforge.engine.pack_cache import per_pack
from pnpforge.engine.plane import INCH
from pnpforge.games.dystopian_legions import damage, deployment, morale
from pnpforge.games.dystopian_legions.battle import BattleState
from pnpforge.games.dystopian_legions.battle_fire import aim, targets
from pnpforge.games.dystopian_legions.battle_turn import holders
from pnpforge.games.dystopian_legions.bots import Greedy, useful
from pnpforge.games.dystopian_legions.state import DuelState
from pnpforge.games.dystopian_legions.melee import melee_dice
from pnpforge.games.dystopian_legions.ironclads import piercing
from pnpforge.games.dystopian_legions.odds import Kit, ironclad_odds
from pnpforge.games.dystopian_legions.shooting import TARGETS, attack_dice, chain, quality
from pnpforge.games.dystopian_legions.table import facing_hit, near_objective

ORDERS = ("rally", "snap-out", "focus-fire", "none")
BATTLE_STEPS = (
    "b-choose",
    "b-march-pick",
    "b-shoot",
    "b-order",
    "b-move",
    "b-spend",
    "b-zone",
    "tac",
    "disengage",
    "b-on-my-mark",
)  # answered here


def kit(s: BattleState) -> Kit:
    """The game's odds kit, made on first use and shared by every game of the same pack in the process (a seating
    or a mode is a game of its own; the odds depend on the pack alone)."""
    game = s.game
    if game.kit is None:
        game.kit = per_pack(game.pack, "dystopian-legions odds kit", lambda: Kit(game.pack))
    return game.kit


def expected_shot(s: BattleState, p: int, i: int, j: int, placed: bool = False) -> Fraction:
    """Life Points section ``i`` expects to take from ``j`` with one attack now; the state is left as it was."""
    view, firing = s.view, s.firing
    target = s.units[j].side
    troopers, facing = target.troopers, target.facing
    try:
        aim(s, p, i, j)
        counts = attack_dice(s, p)
        if not counts:
            return Fraction(0)
        if s.ironclad(target):
            return Fraction(sum(counts.values()), 20)  # a rough share of a hull point: no chain to allocate along
        shot = quality(s, p, "placed" if placed else "regular")
        return kit(s).expected_shot(counts, TARGETS[shot], tuple(chain(s, p)))
    finally:
        target.troopers, target.facing = troopers, facing
        s.firing = firing
        s.pair(*view)


def melee_edge(s: BattleState, p: int, i: int, j: int) -> Fraction:
    """Expected Life Points taken less those given in a melee begun by charging ``j`` now; against an Ironclad,
    which strikes nothing back, the Hull Points its blows are expected to take (``iron_blows``)."""
    view = s.view
    mine, theirs = s.units[i].side, s.units[j].side
    charging = mine.charging
    try:
        s.pair(i, j)
        mine.charging = True
        if s.units[j].spec.ironclad:
            return iron_blows(s, p, i, j)
        given = kit(s).expected_melee(
            melee_dice(s, p), tuple(s.chain(theirs, melee=True)), morale.melee_target(mine.markers)
        )
        taken = kit(s).expected_melee(
            melee_dice(s, 1 - p), tuple(s.chain(mine, melee=True)), morale.melee_target(theirs.markers)
        )
        return given - taken
    finally:
        mine.charging = charging
        s.pair(*view)


def iron_blows(s: BattleState, p: int, i: int, j: int) -> Fraction:
    """Hull Points the charging section ``i`` (paired with the Ironclad ``j``, charging) expects its blows to take:
    the Ironclad chooses between staying, struck on the arc the charger stands in, and leaving, struck on its rear
    half the time (a D6 of 1 to 3), so the charger counts on the smaller (rule ``ironclad-melee``)."""
    unit, iron = s.units[i], s.units[j]
    assert unit.block is not None and iron.block is not None
    hull = next(t for t in iron.side.troopers if s.profile(t).ironclad)
    profile = s.profile(hull)
    armour = profile.armour or {}
    counts = tuple(sorted(melee_dice(s, p).items()))
    if not counts:
        return Fraction(0)
    ap = max(piercing(s, p, "melee"), default=0)
    arc = damage.armour(armour, facing_hit(iron.block, unit.block.centre))
    odds = kit(s)
    target = morale.melee_target(unit.side.markers)

    def expected(rating: int) -> Fraction:
        key = ("iron-blows", counts, target, rating, ap, profile.has("open-topped"), hull.lp)
        found = odds.memo.get(key)
        if found is None:
            rows = ironclad_odds(odds.successes(counts, target), rating, "open", ap, profile.has("open-topped"))
            results = {result.name: result for _, result in damage.DAMAGE_TABLE}
            found = odds.memo[key] = sum(
                (
                    chance * (hull.lp if results[row].wrecked else min(hull.lp, results[row].hp_lost))
                    for row, chance in rows.items()
                    if row in results
                ),
                Fraction(0),
            )
        return found

    return min(expected(arc), expected(armour.get("rear", arc)) / 2)


class BattleGreedy(Greedy):
    name = "greedy"

    def __init__(self) -> None:
        self.reaches: dict[int, int] = {}  # each section's longest effective range, by its index

    def choose(self, state: DuelState, player: int, rng: random.Random) -> Any:
        assert isinstance(state, BattleState)
        s = state
        step = s.pending[0] if s.pending else ""
        legal = s.legal_actions()
        if step in ("b-choose", "b-march-pick"):  # an Order of March lists them as it would choose them
            return min(legal, key=lambda i: (self.nearest(s, i), i))
        if step == "b-shoot":
            unit = s.units[s.pending[2]]  # type: ignore[index]
            target = self.best_shot(s, player, unit.spec.index, unit.focus)[0]
            return legal[0] if target is None else target  # section 0 is a target like any other
        if step == "b-order":
            return self.order(s, player, s.pending[2], legal)  # type: ignore[index]
        if step == "b-move":
            return self.move(s, player, s.pending[2], legal)  # type: ignore[index]
        if step == "b-spend":
            return legal[0]
        if step == "b-zone":  # the set of zones nearer the objective markers (rule ``setup-strategic-advantage``)
            table = s.game.setup.table
            kind = s.game.entries[s.names[0]].id
            return ("zone", deployment.nearer(kind, table.width, table.height, s.objectives))
        if step == "tac":
            return self.card(s, player, legal)
        if step == "b-on-my-mark":
            return "on-my-mark" if "on-my-mark" in legal and self.mark_passes(s, s.pending[2]) else legal[0]  # type: ignore[index]
        if step == "disengage":  # an Ironclad strikes nothing in a melee: staying only pins it (rule ironclad-melee)
            return "disengage"
        return super().choose(s, player, rng)

    def rank(self, s: DuelState, player: int, rng: random.Random) -> list[Any]:
        """A battle's question: this bot's own answer first, then the charges, then the other answers as listed (the
        search bot tries the first few); any other question as the duel's greedy bot ranks it."""
        step = s.pending[0] if s.pending else ""
        if not isinstance(s, BattleState) or step not in BATTLE_STEPS:
            return super().rank(s, player, rng)
        first = self.choose(s, player, rng)
        others = [a for a in s.legal_actions() if a != first]
        return [first, *sorted(others, key=lambda a: not str(a).startswith("charge:"))]

    def card(self, s: BattleState, p: int, legal: list[str]) -> str:
        """The first card of the hand that helps now (the duel's reading of its effects; a card that moves the
        section after its move when the section advanced and stands on no objective), else a pass."""
        for card in legal:
            if card == "pass":
                continue
            if s.game.cards[card].effect("move") is not None:
                if self.speeds(s, p):
                    return card
            elif s.game.cards[card].effect("gain_mar") is not None:
                if self.fights(s, p):
                    return card
            elif useful(s, p, card):
                return card
        return "pass"

    @staticmethod
    def mark_passes(s: BattleState, j: int) -> bool:
        """On My Mark is worth its three points when its check, with the one bolstering die the bot adds, passes at
        least one time in three (two blue dice and one more: a third; black dice never)."""
        from pnpforge.games.dystopian_legions import orders

        needed = orders.ORDERS["on-my-mark"].needed
        dice = {s.colour(s.units[j].side): s.game.check_dice + 1}
        chance = sum((p for n, p in kit(s).successes(dice, s.game.success).items() if n >= needed), Fraction(0))
        return 3 * chance >= 1

    def fights(self, s: BattleState, p: int) -> bool:
        """A card that gives the section a MAR for the turn helps one that is in a melee, Shaken or has a target."""
        unit = s.units[s.view[p]]
        if not unit.live:
            return False
        return unit.side.engaged or unit.side.markers > 0 or self.best_shot(s, p, unit.spec.index)[0] is not None

    def speeds(self, s: BattleState, p: int) -> bool:
        """A move card helps the section that has just advanced towards a goal it has not reached."""
        unit = s.units[s.view[p]]
        if unit.moved not in ("advance", "double") or unit.block is None or unit.side.engaged:
            return False
        return not any(near_objective(unit.block, point) for point in s.objectives)

    def nearest(self, s: BattleState, i: int) -> int:
        """The squared distance from the section's centre to the nearest enemy's: the nearest acts first."""
        here = s.units[i].block
        assert here is not None
        spots = [u.block.centre for u in s.live(1 - s.units[i].spec.player) if u.block is not None]
        return min(((x - here.centre[0]) ** 2 + (y - here.centre[1]) ** 2 for x, y in spots), default=0)

    def best_shot(self, s: BattleState, p: int, i: int, placed: bool = False) -> tuple[int | None, Fraction]:
        """The target worth most and its expected Life Points per Life Point the target has (worked out once per
        position, throw and section state)."""
        unit = s.units[i]
        key = ("best-shot", i, placed, len(s.record), unit.moved, unit.side.markers, unit.side.engaged)
        found = s.memo.get(key)
        if found is None:
            found = s.memo[key] = self._best_shot(s, p, i, placed)
        return found

    def _best_shot(self, s: BattleState, p: int, i: int, placed: bool) -> tuple[int | None, Fraction]:
        best: tuple[int | None, Fraction] = (None, Fraction(-1))
        for j in targets(s, i) if s.units[i].live else []:
            gain = expected_shot(s, p, i, j, placed) / max(1, s.units[j].side.lp)
            if gain > best[1]:
                best = (j, gain)
        return best

    def order(self, s: BattleState, p: int, i: int, legal: list[str]) -> str:
        side = s.units[i].side
        if "rally" in legal and side.markers >= s.game.routed_at:
            return "rally"
        if "snap-out" in legal and side.markers:
            return "snap-out"
        if "focus-fire" in legal and self.best_shot(s, p, i)[0] is not None and not self.charges(s, p, i):
            return "focus-fire"
        return "none"

    def charges(self, s: BattleState, p: int, i: int) -> list[tuple[Fraction, str]]:
        from pnpforge.games.dystopian_legions.battle_moves import may_charge

        found = []
        for unit in s.live(1 - p):
            j = unit.spec.index
            if not unit.side.engaged and may_charge(s, i, j):
                edge = melee_edge(s, p, i, j)
                if unit.spec.ironclad:  # its share of the Hull Points left, weighed against the best shot's share
                    edge = edge / max(1, unit.side.lp)
                    edge = edge if edge > max(Fraction(0), self.best_shot(s, p, i)[1]) else Fraction(0)
                if edge > 0 and self.reaches_contact(s, i, j):
                    found.append((edge, f"charge:{j}"))
        return sorted(found, reverse=True)

    @staticmethod
    def reaches_contact(s: BattleState, i: int, j: int) -> bool:
        """The charge's path gets the section into base contact (the charge would not fall short)."""
        from pnpforge.engine.plane_moves import contact

        from pnpforge.games.dystopian_legions.battle_moves import closed

        key = ("contact", i, j, s.version)
        found = s.memo.get(key)
        if found is None:
            unit, field, mv = s.units[i], s.field(), s.units[i].spec.mv * INCH
            found = s.memo[key] = (
                contact(field, unit.id, s.units[j].id, 2 * mv, closed(s, unit, True)) is not None
                or contact(field, unit.id, s.units[j].id, mv, closed(s, unit, False)) is not None
            )
        return bool(found)

    def move(self, s: BattleState, p: int, i: int, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        unit = s.units[i]
        charges = [c for _, c in self.charges(s, p, i) if c in legal]
        if charges:
            return charges[0]
        assert unit.block is not None
        for point in s.objectives:
            if near_objective(unit.block, point) and not unit.spec.ironclad:
                return "hold"
        if unit.spec.ironclad:
            return self.steer(s, p, i, legal)
        open_goals = [f"advance:obj{k}" for k, point in enumerate(s.objectives) if p not in holders(s, point)]
        close = self.sees(s, i, unit.block) == 2
        if close and not open_goals:
            return "hold"
        for goal in open_goals:
            if goal in legal:
                return goal
        if close:
            return "hold"
        return self.closer(s, i, legal)

    def closer(self, s: BattleState, i: int, legal: list[str]) -> str:
        """Out of effective range: the advance after which the section sees the best target (in effective range,
        else in range); when none brings a target in sight, the move (an advance or At The Double) that ends
        nearest an enemy section, so that a section whose straight way is shut by a wood or a house goes round it
        rather than standing."""
        from pnpforge.games.dystopian_legions.battle_moves import _move

        unit = s.units[i]
        assert unit.block is not None
        best, best_key = "hold", (self.sees(s, i, unit.block), -self.gap(s, i, unit.block.centre))
        for option in legal:
            kind, _, goal = option.partition(":")
            if kind not in ("advance", "double"):
                continue
            if kind == "double" and best_key[0] > 0:
                continue  # At The Double counts as seeing nothing: it cannot beat a way that brings a target in sight
            made = _move(s, unit, kind, goal)
            if made is None:
                continue
            key = (self.sees(s, i, made.after) if kind == "advance" else 0, -self.gap(s, i, made.after.centre))
            if key > best_key:
                best, best_key = option, key
        return best

    @staticmethod
    def gap(s: BattleState, i: int, point: Any) -> int:
        """The squared distance from a point to the nearest enemy section's centre."""
        spots = [u.block.centre for u in s.live(1 - s.units[i].spec.player) if u.block is not None]
        return min(((x - point[0]) ** 2 + (y - point[1]) ** 2 for x, y in spots), default=0)

    def sees(self, s: BattleState, i: int, block: Any) -> int:
        """What the section would see from ``block``: 2 for a target in sight within its effective range, 1 within
        its longest range, else 0 (the other sections where they stand)."""
        from pnpforge.engine.plane_measure import within as near

        unit = s.units[i]
        if block is None or not morale.may_shoot(unit.side.markers, s.game.routed_at):
            return 0
        effective, longest = self.reach(s, unit.spec), unit.spec.reach
        if s.halved:
            effective, longest = (effective + 1) // 2, (longest + 1) // 2
        found = 0
        for other in s.live(1 - unit.spec.player):
            if other.side.engaged or other.block is None or not near(block.shape, other.block.shape, longest * INCH):
                continue
            if not s._view(block, other.block).open:  # the blocks near the line decide it: kept by the game
                continue
            found = max(found, 2 if near(block.shape, other.block.shape, effective * INCH) else 1)
            if found == 2:
                break
        return found

    def reach(self, s: BattleState, spec: Any) -> int:
        """The longest effective range of the section's weapons, in inches."""
        found = self.reaches.get(spec.index)
        if found is None:
            data = s.game.data
            found = max(
                (
                    band.end
                    for trooper in spec.troopers
                    for mount in data.profiles[trooper.profile].weapons
                    for band in data.weapons[mount.weapon].bands
                    if band.name == "effective"
                ),
                default=0,
            )
            self.reaches[spec.index] = found
        return found

    def steer(self, s: BattleState, p: int, i: int, legal: list[str]) -> str:
        """An Ironclad turns towards the nearest enemy until it bears, then holds and fires, or drives on."""
        from pnpforge.engine.plane_sight import in_arc

        unit = s.units[i]
        enemy = s.nearest_enemy(i)
        if enemy is None or unit.block is None:
            return "hold"
        there = s.units[enemy].block
        assert there is not None
        if not in_arc(unit.block, 90, there.centre):
            from pnpforge.engine.plane import HEADINGS, cross, sub

            left = cross(HEADINGS[unit.block.heading], sub(there.centre, unit.block.centre)) > 0
            turn = "left" if left else "right"
            return turn if turn in legal else "hold"
        if self.best_shot(s, p, i)[0] is not None:
            return "hold"
        from pnpforge.games.dystopian_legions.battle_moves import ironclad_move

        for option in ("ahead", "left", "right"):
            made = ironclad_move(s, unit, option) if option in legal else None
            if made is not None and made.length >= 2 * INCH:
                return option
        return "hold"


def battle_greedy(game: Any, seat: int, rng: random.Random, **options: Any) -> Greedy:
    return BattleGreedy()


def either_greedy(game: Any, seat: int, rng: random.Random, **options: Any) -> Greedy:
    """The battle's greedy bot in a battle, the duel's in a duel."""
    from pnpforge.games.dystopian_legions.battle import Battle

    return BattleGreedy() if isinstance(game, Battle) else Greedy()


# --- the search bot's plan ------------------------------------------------------------------------------------------
SEARCHED = ("b-move", "b-shoot", "b-choose", "tac")  # a battle's questions worth a search; greedy answers the rest


def searched(s: DuelState) -> bool:
    """In a battle, the choice of section, its move, its target and whether to play a card; in a duel, every
    question."""
    return not isinstance(s, BattleState) or (s.pending or ("",))[0] in SEARCHED


def horizon(start: DuelState, now: DuelState) -> bool:
    """A battle's playout stops at the end of the turn it began in; a duel's plays to the end."""
    return isinstance(now, BattleState) and now.turn > start.turn


def value(s: DuelState, player: int) -> float:
    """A stopped battle's worth to a player: half, plus its lead in Battle Log Points over twice the target, plus a
    tenth of its lead in the share of Life Points kept; the returns at the end."""
    if s.over or not isinstance(s, BattleState):
        return s.returns()[player]
    target = 2 * s.game.blp_target
    lead = Fraction(max(-target, min(target, s.blp[player] - s.blp[1 - player])), 2 * target)
    kept = [
        Fraction(
            sum(u.side.lp for u in s.units if u.spec.player == p),
            max(1, sum(u.side.lp_start for u in s.units if u.spec.player == p)),
        )
        for p in (0, 1)
    ]
    worth = Fraction(1, 2) + lead + (kept[player] - kept[1 - player]) / 10
    return float(max(Fraction(0), min(Fraction(1), worth)))
