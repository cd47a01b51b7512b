"""The battle mode: two forces on a standard table, as a game on the engine's contract.

A ``Battle`` (the game) holds each force's sections (``SectionSpec``, read from a force list), the table, the
scenario rows (or none: the generator is played), the turn cap and the Battle Log Points that win. A
``BattleState`` is the battle in progress: each section as a ``Unit`` (its rules state, the duel's ``Side``, and
its block on the table), each player's Command Point pool, hand, Battle Log Points, the objectives and the melees.

The rules of one attack, one melee, one order or one card are the duel's (``shooting.py``, ``melee.py``,
``ironclads.py``, ``turn.py``, ``throws.py``): they read the two sections in ``sides``, and the battle points
``sides`` at the two sections concerned (``pair``) before it pushes them, with the range measured between their
blocks, the target's cover from the terrain between them, its models nearest first and the arc an attack hits.
Each player's pool is shared by its sections: ``pair`` writes the pool back from the sections it leaves and into
the ones it takes; the hand and the Graveyard are one list per player, shared by its sections' ``Side``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from pnpforge.engine.events import Log
from pnpforge.engine.pack_cache import per_pack
from pnpforge.engine.plane import INCH, Base, Point
from pnpforge.engine.plane_measure import within
from pnpforge.engine.plane_moves import Field
from pnpforge.games.dystopian_legions import data as pack_data
from pnpforge.games.dystopian_legions import battle_command, deployment
from pnpforge.games.dystopian_legions.state import Duel, DuelState, Side, SideSetup, Trooper
from pnpforge.games.dystopian_legions.table import (
    TableSetup,
    View,
    bears,
    coherent_models,
    gap_inches,
    model_points,
    view,
)

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.steps import Steps


@dataclass(frozen=True)
class SectionSpec:
    """A section as its force list buys it, and what the table needs of it."""

    index: int
    player: int
    unit: str
    points: int
    troopers: tuple[Trooper, ...]
    size: tuple[int, int]  # the largest model base: (length, width) in units, width 0 when round
    types: frozenset[str]  # its models' types
    mv: int  # inches: the slowest model's move
    ironclad: bool
    heavy: bool  # a Heavy Ironclad, set up first
    coherency: int  # units
    reach: int  # inches: its longest weapon range
    senior: bool  # holds the Senior Commanding Officer


@dataclass
class Unit:
    """A section in the battle: its rules state, its block on the table (``None`` before it is set up), the models
    its block was formed of and each trooper's place in it, and what it did this turn."""

    spec: SectionSpec
    side: Side
    block: Base | None = None
    formed: int = 0
    slots: dict[int, int] = field(default_factory=dict)  # trooper number -> place in the block
    moved: str = ""  # this turn's move action: hold, advance, double, charge, flee, regroup
    focus: bool = False  # Focus Fire passed this activation: stands still, shoots Placed
    gone: bool = False  # wiped out (and scored)
    mourned: int = 0  # its officers killed whose loss has called for Morale checks (battle_command.officers_lost)

    def copy(self) -> Unit:
        return replace(self, side=self.side.copy(), slots=dict(self.slots))

    @property
    def live(self) -> bool:
        return self.block is not None and not self.side.wiped

    @property
    def id(self) -> str:
        return str(self.spec.index)

    def points(self) -> list[Point]:
        """Where each surviving model stands, in the order of the section's list."""
        assert self.block is not None
        spots = model_points(self.block, self.formed, self.spec.size)
        return [spots[self.slots[t.number]] for t in self.side.troopers]

    def coherent(self, kept: dict[tuple, bool] | None = None) -> bool:
        """The surviving models form one chain (rule ``coherency``); with ``kept``, the answer is kept there under
        everything it depends on (the block's size and heading, how it was formed, the survivors' places), for any
        position. Not its place: the models stand at fixed lattice offsets from the block's centre and the chain is
        made of their distances, so a block moved without turning keeps its answer."""
        if len(self.side.troopers) <= 1:
            return True
        if kept is None:
            return coherent_models(self.points(), self.spec.size, self.spec.coherency)
        places = tuple(self.slots[t.number] for t in self.side.troopers)
        block = self.block
        assert block is not None
        key = (block.length, block.width, block.heading, self.formed, self.spec.size, self.spec.coherency, places)
        found = kept.get(key)
        if found is None:
            if len(kept) >= SIGHTS_KEPT:
                kept.clear()
            found = kept[key] = coherent_models(self.points(), self.spec.size, self.spec.coherency)
        return found


def _pool_odds(pack: Pack) -> dict[Any, list]:
    """The chance outcomes of the pack's dice pools, one table for every battle of the pack in the process."""
    return per_pack(pack, "dystopian-legions pool odds", dict)


SIGHTS_KEPT = 20_000  # lines of sight (and ranges) a game keeps across positions


class Battle(Duel):
    """The game: both forces, the table, the scenario, the turn cap and the target."""

    def __init__(
        self,
        pack: Pack,
        players: tuple[str, str],
        specs: tuple[SectionSpec, ...],
        decks: tuple[tuple[str, ...], tuple[str, ...]],
        setup: TableSetup,
        rows: tuple[int, int, int] | None,
        turn_cap: int,
        blp_target: int,
        steps: Steps,
        hand_sizes: tuple[int, int] = (0, 0),
        blind: bool = False,
        march: bool = False,
    ):
        super().__init__(pack, (), 0, turn_cap, steps, start=(("b-setup",),), mode="battle")  # type: ignore[arg-type]
        self.players, self.specs, self.decks, self.setup = players, specs, decks, setup
        self.hand_sizes, self.blind = hand_sizes, blind  # hands are chosen (or dealt blind) after deployment
        self.march = march  # the optional Order of March (battle_pre_turn.py)
        self.rows, self.blp_target = rows, blp_target
        self.entries = {item.id: item for item in pack.of_type("scenario_entry")}
        from pnpforge.games.dystopian_legions.generator import blp_for_section, tables

        self.paths = tables(pack)
        self.pack = pack
        self.kit: Any = None  # the exact odds the greedy bot asks for, made on first use (battle_bots.kit)
        self.odds = _pool_odds(pack)  # a pool's chance outcomes depend on the pack's dice alone: shared by its battles
        self.sights: dict[tuple, View] = {}  # what a block sees of another among the blocks near the line (look)
        self.gaps: dict[tuple[Base, Base], int] = {}  # the range in inches between two blocks (pair)
        self.coherence: dict[tuple, bool] = {}  # whether a block's survivors form one chain (Unit.coherent)
        # the command range of each officer's profile (battle_command.officers: asked on every Command Point spent)
        self.command_ranges = {
            key: profile.command_range
            for key, profile in self.data.profiles.items()
            if profile.rank == "officer" and profile.command_range
        }
        self.wiped_blp = tuple(blp_for_section(pack, spec.points) for spec in specs)

    def new_initial_state(self) -> BattleState:
        return BattleState(self)


class BattleState(DuelState):
    """A battle in progress."""

    game: Battle
    inches = 0  # the range between the paired sections, measured by ``pair``
    weary = False

    def __init__(self, game: Battle):
        self.game = game
        self.start_steps(game.steps)
        hands: list[list[str]] = [[], []]  # filled after deployment (hands.py)
        graves: list[list[str]] = [[], []]
        self.units = []
        for spec in game.specs:
            side = self._side(SideSetup(game.players[spec.player], spec.unit, spec.troopers))
            side.hand, side.graveyard = hands[spec.player], graves[spec.player]
            self.units.append(Unit(spec, side))
        self.pool = [0, 0]
        self.view = (self.first_of(0), self.first_of(1))
        self.sides = [self.units[i].side for i in self.view]
        for side in self.sides:
            side.cp = 0
        self.turn, self.first, self.active, self.to_move, self.firing = 1, 0, 0, 0, 0
        self.winner: int | None = None
        self.last: dict[tuple, int] = {}
        self.asked: dict[tuple, tuple] = {}
        self.pending_throw: Any = None
        self.scripted: list = []
        self.record: list[dict[str, Any]] = []
        self.log: Log = []
        self.played: set[int] = set()
        self.melee_lp: tuple[int, int] = (0, 0)
        self.cancelled: str | None = None  # a card just cancelled, before its effects would apply
        self.blp = [0, 0]
        self.rows: tuple[int, int, int] = game.rows or (0, 0, 0)
        self.advantage = 0  # the player with the Strategic Advantage
        self.facedown: dict[int, str] = {}  # Pre-Turn cards laid face down, by player (battle_pre_turn.py)
        self.reveal_first: int | None = None  # whose face-down card the Strategic Advantage turns over first
        self.march: dict[int, tuple[int, ...]] = {}  # each player's Order of March this turn, when played
        self.names: tuple[str, str, str] = ("", "", "")
        self.halved = False  # Limited Visibility
        self.objectives: tuple[Point, ...] = ()
        self.zones: tuple[tuple, tuple] = ((), ())  # each seat's zones
        self.bottom = 0  # the seat whose zones lie along the bottom edge (the Strategic Advantage chooses)
        self.engagements: set[tuple[int, int]] = set()  # (a unit of the first seat, one of the second)
        self.looks: dict[tuple, Any] = {}  # sight and distances between sections in this position
        self.version = 0  # counts the moves made: what a bot works out for a position is kept under it
        self.memo: dict[tuple, Any] = {}  # a bot's figures for this position, by its own keys and ``version``
        self.push(*game.start)
        self.run()

    # --- the sections -------------------------------------------------------------------------------------------
    def moved(self) -> None:
        """A block moved: sight and distances are measured again, a bot's figures worked out again."""
        self.looks = {}
        self.memo = {}
        self.version += 1

    def first_of(self, player: int) -> int:
        return next(u.spec.index for u in self.units if u.spec.player == player)

    def live(self, player: int) -> list[Unit]:
        # ``Unit.live`` written out (a block set, a trooper left): this is asked for every question a bot weighs
        return [u for u in self.units if u.spec.player == player and u.block is not None and u.side.troopers]

    def blocks(self) -> tuple[Base, ...]:
        return tuple(u.block for u in self.units if u.block is not None and u.side.troopers)

    def field(self) -> Field:
        """The table, its pieces and the blocks as they stand: one ``Field`` while the same blocks stand (so the
        moves weighed from this position share its sweep tests), a new one once any block differs."""
        blocks = self.blocks()
        kept = self.memo.get(("field",))
        if kept is not None and len(kept.bases) == len(blocks) and all(a is b for a, b in zip(kept.bases, blocks)):
            return kept
        made = self.memo[("field",)] = Field(self.game.setup.table, self.game.setup.pieces, blocks)
        return made

    def look(self, a: int, b: int) -> View:
        """What section ``a`` sees of ``b``, computed once per position (every move clears ``looks``)."""
        key = (a, b)
        found: View | None = self.looks.get(key)
        if found is None:
            ua, ub = self.units[a], self.units[b]
            assert ua.block is not None and ub.block is not None
            found = self.looks[key] = self._view(ua.block, ub.block)
        return found

    def _view(self, firer: Base, target: Base) -> View:
        """``view`` of the two blocks, kept by the game for any position with the same blocks near the line: a
        block whose box lies apart from the box of the line between the centres never meets it (``plane_sight``),
        so the answer depends on the two blocks and those near the line alone."""
        (ax, ay), (bx, by) = firer.centre, target.centre
        x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        near = tuple(
            x
            for x in self.blocks()
            if x.id not in (firer.id, target.id)
            and not (x.shape.box[2] <= x0 or x.shape.box[0] >= x1 or x.shape.box[3] <= y0 or x.shape.box[1] >= y1)
        )
        sights = self.game.sights
        key = (firer, target, near)
        found = sights.get(key)
        if found is None:
            if len(sights) >= SIGHTS_KEPT:
                sights.clear()
            found = sights[key] = view(self.game.setup, firer, target, near)
        return found

    def nearest_enemy(self, i: int) -> int | None:
        block = self.units[i].block
        enemies = self.live(1 - self.units[i].spec.player)
        if block is None or not enemies:
            return None
        return min(enemies, key=lambda u: (_dist2(block.centre, u.block.centre), u.spec.index)).spec.index  # type: ignore[union-attr]

    def within(self, a: int, b: int, inches: int) -> bool:
        """The two sections' blocks are within ``inches`` of each other (kept with the sight lines of the position)."""
        key = (min(a, b), max(a, b), inches)
        found = self.looks.get(key)
        if found is None:
            ua, ub = self.units[a].block, self.units[b].block
            found = self.looks[key] = ua is not None and ub is not None and within(ua.shape, ub.shape, inches * INCH)
        return bool(found)

    def engaged_with(self, i: int) -> list[int]:
        return [b if a == i else a for a, b in sorted(self.engagements) if i in (a, b)]

    def settle_engagements(self) -> None:
        """Melees end when a side is gone; each section is engaged while it has a melee."""
        self.engagements = {(a, b) for a, b in self.engagements if self.units[a].live and self.units[b].live}
        busy = {i for pair in self.engagements for i in pair}
        for unit in self.units:
            unit.side.engaged = unit.spec.index in busy

    def pair(self, a: int, b: int) -> None:
        """Point the rules' two sides at sections ``a`` and ``b`` (one of each player), carrying the pools over."""
        if self.units[a].spec.player == 1:
            a, b = b, a
        for p in (0, 1):
            self.pool[p] = self.sides[p].cp
        self.view = (a, b)
        self.sides = [self.units[a].side, self.units[b].side]
        for p in (0, 1):
            self.sides[p].cp = self.pool[p]
        ua, ub = self.units[a].block, self.units[b].block
        self.inches = self._gap(ua, ub) if ua is not None and ub is not None else 0

    def _gap(self, a: Base, b: Base) -> int:
        """``gap_inches`` of two blocks, kept by the game (a bot that weighs a shot pairs the same sections again and
        again)."""
        gaps = self.game.gaps
        found = gaps.get((a, b))
        if found is None:
            if len(gaps) >= SIGHTS_KEPT:
                gaps.clear()
            found = gaps[(a, b)] = gap_inches(a, b)
        return found

    def still_engaged(self, p: int) -> bool:
        """After a melee: the section stays engaged while any of its melees goes on."""
        self.settle_engagements()
        return self.sides[p].engaged

    def stood_still(self, p: int) -> bool:
        return self.units[self.view[p]].moved in ("", "hold")

    def commanders(self, p: int) -> list[tuple[Side, Trooper]]:
        """Its own officers and NCOs, then officers of friendly sections within command range (rule
        ``officer-range``)."""
        return battle_command.commanders(self, p)

    def officer_die(self, p: int) -> str | None:
        return battle_command.officer_die(self, p)

    def part(self) -> None:
        """The paired sections' melee ends (an Ironclad disengaged, rule ``ironclad-melee``); either may still be in
        another. The blocks stay where they stand: the Ironclad drives off in its own move."""
        a, b = self.view
        self.engagements.discard((a, b))
        self.settle_engagements()
        for side in self.sides:
            side.charging = False

    def sync(self) -> None:
        """Write the paired sections' pools back to the players' pools."""
        for p in (0, 1):
            self.pool[p] = self.sides[p].cp

    # --- what the rules read ----------------------------------------------------------------------------------
    def reaches(self, band: pack_data.Band) -> bool:
        """Within the band, both ends halved and rounded up under Limited Visibility (rule
        ``condition-visibility``)."""
        if not self.halved:
            return band.start <= self.inches <= band.end
        return (band.start + 1) // 2 <= self.inches <= (band.end + 1) // 2

    def bears(self, trooper: Trooper, mount: pack_data.Mount) -> bool:
        """A weapon with an arc fires only at a target its arc holds (rule ``los-arcs``); an indirect weapon does
        not fire in a battle yet (rule ``idf-fire``, unplayed)."""
        if self.game.data.weapons[mount.weapon].has("idf-weapon"):
            return False
        if mount.arc >= 360:
            return True
        firer, target = self.units[self.view[self.firing]], self.units[self.view[1 - self.firing]]
        if firer.block is None or target.block is None:
            return False
        return bears(firer.block, mount.facing, mount.arc, target.block.centre)

    # --- the protocol ---------------------------------------------------------------------------------------------
    def observation(self, player: int) -> tuple:
        """Everything is open but the other player's hand (its size shows)."""
        units = tuple(
            (
                tuple(u.side.troopers),
                u.block,
                u.formed,
                u.side.markers,
                u.side.cp if u.spec.index in self.view else 0,
                tuple(u.side.spent.items()),
                u.side.upper_hand,
                u.side.deck,
                u.side.rushed,
                u.side.engaged,
                u.side.charging,
                u.side.activated,
                tuple(sorted(u.side.carded_by)),
                tuple(sorted(u.side.effects.items())),
                u.moved,
                u.focus,
            )
            for u in self.units
        )
        hands = tuple(
            tuple(sorted(self.units[self.first_of(p)].side.hand))
            if p == player
            else len(self.units[self.first_of(p)].side.hand)
            for p in (0, 1)
        )
        return (
            units,
            hands,
            tuple(self.units[self.first_of(0)].side.graveyard),
            tuple(self.units[self.first_of(1)].side.graveyard),
            tuple(self.pool),
            tuple(self.blp),
            self.view,
            self.rows,
            self.advantage,
            self.facedown.get(player),
            tuple(sorted(self.facedown)),  # who laid a card face down, not which
            self.reveal_first,
            self.march.get(player, ()),
            tuple(len(self.march.get(p, ())) for p in (0, 1)),  # how long the other list is, not its order
            self.firing,
            self.objectives,
            tuple(sorted(self.engagements)),
            self.turn,
            self.first,
            self.to_move,
            self.active,
            self.pending,
            self.over,
            self.winner,
            tuple(sorted(self.played)),
            tuple(sorted(self.last.items())),
        )

    def clone(self) -> BattleState:
        other = BattleState.__new__(BattleState)
        units = [u.copy() for u in self.units]
        for p in (0, 1):
            mine = [u for u in units if u.spec.player == p]
            hand, grave = list(mine[0].side.hand), list(mine[0].side.graveyard)
            for u in mine:
                u.side.hand, u.side.graveyard = hand, grave
        other.__dict__.update(
            self.__dict__,
            units=units,
            sides=[units[i].side for i in self.view],
            pool=list(self.pool),
            blp=list(self.blp),
            engagements=set(self.engagements),
            looks=dict(self.looks),
            memo=dict(self.memo),
            **self._own_copies(),
        )
        self.copy_steps(other)  # the step machine's own attributes (in slots, not in __dict__, when it is compiled)
        return other

    def action_to_string(self, action: Any) -> str:
        pending = self.pending or ("",)
        if pending[0] in ("b-choose", "b-shoot") and isinstance(action, int):
            return f"{pending[0][2:]} {self.units[action].spec.unit} ({action})"
        if pending[0] == "b-zone":
            return f"zone {action[1]} ({deployment.named(self.game.entries[self.names[0]].id, action[1])})"
        return super().action_to_string(action)

    def __str__(self) -> str:
        parts = []
        for p in (0, 1):
            live = self.live(p)
            parts.append(
                f"{self.game.players[p]} {self.blp[p]} BLP, {len(live)} sections, "
                f"{sum(u.side.lp for u in live)} LP, {self.pool[p]} CP"
            )
        end = (
            "" if not self.over else ", drawn" if self.winner is None else f", won by {self.game.players[self.winner]}"
        )
        return f"turn {self.turn}: " + "; ".join(parts) + end


def _dist2(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def battle_events(s: DuelState) -> list[Any]:
    """The shared events a battle logs (how it ended, its length in turns, the Battle Log Points); none for a duel."""
    from pnpforge.engine.events import Ended, Length, Scores

    return [e for e in s.log if isinstance(e, (Ended, Length, Scores))]
