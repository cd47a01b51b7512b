"""The duel: two sections facing each other at a stated range and cover, as a game on the engine's contract.

A ``Duel`` (the game) holds the pack's data, the two sections as set up, the range, each side's cover and the turn
limit; a ``DuelState`` is the fight in progress: each ``Side`` with its models along the target priority chain
(nearest first), Shaken markers, Command Points, hand of cards and what happened this turn. The rules are steps
(``engine/steps.py``) in ``turn.py``, ``shooting.py``, ``melee.py`` and ``throws.py``.

A throw is a chance step whose outcomes are the pool's successes, with their exact probabilities; a scenario states
its throws die by die instead (``scripted``), and then its re-rolls are the players' choices by die index.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from pnpforge.engine.dice import DiceSet
from pnpforge.engine.events import Log
from pnpforge.engine.steps import StepMachine
from pnpforge.games.dystopian_legions import throws
from pnpforge.games.dystopian_legions import data as pack_data
from pnpforge.games.dystopian_legions.damage import ChainModel
from pnpforge.games.dystopian_legions.morale import state_of
from pnpforge.games.dystopian_legions.tacs import Card, cards

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.steps import Steps


@dataclass(frozen=True)
class Trooper:
    """A model of a section: its profile, Life (or Hull) Points left, cover and its place in the section's list."""

    profile: str
    lp: int
    cover: str = "open"
    number: int = 0


@dataclass(frozen=True)
class SideSetup:
    """A side as a duel or a scenario sets it up."""

    player: str
    unit: str
    troopers: tuple[Trooper, ...]
    markers: int = 0
    quality: str | None = None
    cp: int | None = None  # the pool at the start of the first turn; None: what its officers and NCOs make
    hand: tuple[str, ...] = ()
    upper_hand: bool = False
    hit_the_deck: bool = False
    facing: str = "front"  # the arc of an Ironclad that attacks hit
    charged: bool = False  # charged into melee this turn (a melee scenario)
    lp_start: int | None = None  # the section's starting Life Points, when some were lost before


@dataclass
class Side:
    """A section in the fight."""

    setup: SideSetup
    troopers: list[Trooper]
    quality: str
    lp_start: int
    markers: int = 0
    cp: int = 0
    spent: dict[int, int] = field(default_factory=dict)  # Command Points each commander spent this turn
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    carded_by: set[int] = field(default_factory=set)  # players whose card affected this section this turn
    upper_hand: bool = False
    deck: bool = False  # Hit the Deck
    rushed: bool = False  # its shots are Rushed for the rest of the turn (after Hit the Deck)
    engaged: bool = False
    charging: bool = False
    activated: bool = False
    killed: list[str] = field(default_factory=list)
    lp_lost: int = 0  # Life Points lost in the game
    effects: dict[str, Any] = field(default_factory=dict)  # card effects in force for the current attack or melee
    facing: str = ""  # the arc of an Ironclad the attack hits, when a position says (else its set-up's)
    luck: int = 0  # Luck tokens left (rule mar-lucky)
    fallen: list[tuple[Trooper, int]] = field(default_factory=list)  # tipped over for a Medic[X+] (rule end-medics)

    def copy(self) -> Side:
        return replace(
            self,
            troopers=list(self.troopers),
            spent=dict(self.spent),
            hand=list(self.hand),
            graveyard=list(self.graveyard),
            carded_by=set(self.carded_by),
            killed=list(self.killed),
            effects=dict(self.effects),
            fallen=list(self.fallen),
        )

    @property
    def lp(self) -> int:
        return sum(t.lp for t in self.troopers)

    @property
    def wiped(self) -> bool:
        return not self.troopers


class Duel:
    """The game: the pack's data, both sides' set-up, the range, the turn limit and the steps to play."""

    num_players = 2

    def __init__(
        self,
        pack: Pack,
        sides: tuple[SideSetup, SideSetup],
        inches: int,
        turns: int,
        steps: Steps,
        start: tuple[tuple, ...] = (("turn",),),
        scripted: bool = False,
        free_pool: tuple = (),
        target: int | None = None,
        shot: str | None = None,
        reroll_limit: int = 0,
        mode: str = "duel",
        engaged: bool = False,
        where: Any = None,
        profiles: dict[str, pack_data.Profile] | None = None,
    ):
        self.pack_id, self.data = pack.id, pack_data.read(pack)
        if profiles:  # profiles a scenario made, with MARs it gave
            self.data = replace(self.data, profiles={**self.data.profiles, **profiles})
        self.dice = DiceSet.of_pack(pack)
        self.cards: dict[str, Card] = cards(pack)
        parameters = pack.game.parameters
        self.quality_dice: dict[str, str] = dict(parameters.get("quality_dice", {}))
        self.check_dice = int(parameters.get("command_check_dice", 2))
        self.success = int(parameters.get("success", 4))
        self.routed_at = int(parameters.get("routed_at", 3))
        self.sides, self.inches, self.turns, self.steps = sides, inches, turns, steps
        self.start, self.scripted, self.mode, self.engaged = start, scripted, mode, engaged
        self.where = where  # the scenario document that states the throws (its marks locate them)
        self.free_pool, self.target, self.shot, self.reroll_limit = free_pool, target, shot, reroll_limit
        self.odds: dict[Any, list] = {}  # a pool's chance outcomes, made once per game
        self.kept = throws.kept_chances(pack)  # and kept between processes (engine/kept_tables.py)

    def new_initial_state(self) -> DuelState:
        return DuelState(self)

    def profile(self, trooper: Trooper) -> pack_data.Profile:
        return self.data.profiles[trooper.profile]


class DuelState(StepMachine):
    """A duel in progress."""

    weary = False  # Morale checks need one success more (a battle's condition)
    only: frozenset | None = None  # the weapons (model number, mount) of an attack by some weapons alone

    def __init__(self, game: Duel, throws: list | None = None):
        self.game = game
        self.start_steps(game.steps)
        self.sides = [self._side(setup) for setup in game.sides]
        self.turn, self.first, self.active = 1, 0, 0
        self.winner: int | None = None  # None with the game over: a draw
        self.last: dict[tuple, int] = {}  # the last throw's successes by (purpose, side)
        self.asked: dict[tuple, tuple] = {}  # the pool of each throw asked for, by (purpose, side)
        self.pending_throw: Any = None  # a scripted throw waiting for its re-roll
        self.scripted: list = list(throws or [])  # throws a scenario states, in order
        self.record: list[dict[str, Any]] = []  # each throw: purpose, side, pool, target, successes (faces)
        self.log: Log = []
        self.played: set[int] = set()  # players who played a card in this activation, melee or Pre-Turn step
        self.melee_lp: tuple[int, int] = (0, 0)  # Life Points lost before the melee, by side
        self.cancelled: str | None = None  # a card just cancelled, before its effects would apply
        self.push(*game.start)
        self.run()

    def _side(self, setup: SideSetup) -> Side:
        data = self.game.data
        quality = setup.quality or data.sections[setup.unit].quality
        full = sum(self.game.profile(t).lp or self.game.profile(t).hp for t in setup.troopers)
        side = Side(
            setup,
            list(setup.troopers),
            quality,
            setup.lp_start or full,
            markers=setup.markers,
            hand=list(setup.hand),
            upper_hand=setup.upper_hand,
            deck=setup.hit_the_deck,
            rushed=setup.hit_the_deck,
            engaged=setup.charged or self.game.engaged,
            charging=setup.charged,
            luck=sum(m.value or 0 for t in setup.troopers if (m := self.game.profile(t).mar("lucky")) is not None),
        )
        side.cp = setup.cp if setup.cp is not None else self.made(side)
        return side

    # --- what the rules read ----------------------------------------------------------------------------------------
    @property
    def inches(self) -> int:
        """The range between the two sections: the duel's stated one (a battle measures it)."""
        return self.game.inches

    def reaches(self, band: pack_data.Band) -> bool:
        """The target is within the weapon's range band."""
        return band.start <= self.inches <= band.end

    def bears(self, trooper: Trooper, mount: pack_data.Mount) -> bool:
        """The weapon's arc holds the target (a duel's sections face each other)."""
        return True

    def still_engaged(self, p: int) -> bool:
        """After a melee: the side stays in it while both sections stand."""
        return not (self.sides[p].wiped or self.sides[1 - p].wiped)

    def part(self) -> None:
        """The two sections leave their melee (an Ironclad disengaged): neither is engaged any more."""
        for side in self.sides:
            side.engaged = side.charging = False

    def stood_still(self, p: int) -> bool:
        """Whether side ``p``'s section has not moved this turn: in a duel nobody moves before firing."""
        return True

    def profile(self, trooper: Trooper) -> pack_data.Profile:
        return self.game.data.profiles[trooper.profile]

    def colour(self, side: Side) -> str:
        return self.game.quality_dice[side.quality]

    def made(self, side: Side) -> int:
        """Command Points the side's officers and NCOs make in a turn (rule ``cp-generate``)."""
        return sum(self.made_by(trooper) for trooper in side.troopers)

    def made_by(self, trooper: Trooper) -> int:
        """An officer's Command Points, an NCO's value, an Adjutant's value."""
        profile = self.profile(trooper)
        nco, adjutant = profile.mar("nco"), profile.mar("adjutant")
        return profile.cp + ((nco.value or 0) if nco else 0) + ((adjutant.value or 0) if adjutant else 0)

    def commanders(self, p: int) -> list[tuple[Side, Trooper]]:
        """The models who may spend Command Points on side ``p``'s section, each with the section it stands in: in a
        duel, the section's own (rules ``nco-range``, ``officer-range``)."""
        side = self.sides[p]
        return [(side, trooper) for trooper in side.troopers]

    def officer_die(self, p: int) -> str | None:
        """The colour of the die an officer adds to side ``p``'s Morale checks: in a duel, its own officer's."""
        side = self.sides[p]
        return self.colour(side) if any(self.profile(t).rank == "officer" for t in side.troopers) else None

    def led(self, side: Side) -> bool:
        return any(self.profile(t).rank in ("officer", "nco") for t in side.troopers)

    def chain(self, side: Side, melee: bool = False) -> list[ChainModel]:
        """The side's models as the damage functions read them, nearest first."""
        out = []
        for trooper in side.troopers:
            profile = self.profile(trooper)
            shield = profile.mar("shield")
            ir = profile.combat_ir if melee else profile.ir
            out.append(
                ChainModel(
                    max(1, ir),
                    trooper.lp,
                    trooper.cover,
                    (shield.value or 0) if shield else 0,
                    (shield.colour or "red") if shield else "red",
                )
            )
        return out

    def ironclad(self, side: Side) -> bool:
        return any(self.profile(t).ironclad for t in side.troopers)

    def morale(self, side: Side) -> str:
        return state_of(side.markers, self.game.routed_at)

    def players(self) -> list[str]:
        return [side.setup.player for side in self.sides]

    # --- the protocol -------------------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        if self.winner is None:
            return [0.5, 0.5]
        return [1.0 if p == self.winner else 0.0 for p in (0, 1)]

    def observation(self, player: int) -> tuple:
        """Everything is open but the other side's hand (its size shows)."""
        sides = tuple(
            (
                tuple(s.troopers),
                s.markers,
                s.cp,
                tuple(s.spent.items()),
                s.upper_hand,
                s.deck,
                s.rushed,
                s.engaged,
                s.charging,
                s.activated,
                tuple(sorted(s.carded_by)),
                tuple(s.graveyard),
                tuple(sorted(s.hand)) if p == player else len(s.hand),
                tuple(sorted(s.effects.items())),
                s.luck,
                tuple(s.fallen),
            )
            for p, s in enumerate(self.sides)
        )
        return (
            sides,
            self.turn,
            self.first,
            self.active,
            self.pending,
            self.over,
            self.winner,
            tuple(sorted(self.played)),
            tuple(sorted(self.last.items())),
            self.cancelled,
        )

    def clone(self) -> DuelState:
        other = DuelState.__new__(DuelState)
        other.__dict__.update(self.__dict__, sides=[s.copy() for s in self.sides], **self._own_copies())
        self.copy_steps(other)  # the step machine's own attributes (in slots, not in __dict__, when it is compiled)
        return other

    def _own_copies(self) -> dict[str, Any]:
        """Fresh copies of the containers a move changes, for a clone (a battle adds its own)."""
        return {
            "agenda": list(self.agenda),
            "last": dict(self.last),
            "record": list(self.record),
            "log": list(self.log),
            "played": set(self.played),
            "scripted": list(self.scripted),
        }

    def action_to_string(self, action: Any) -> str:
        """``attack of the prussia: 7``, ``act fire``, ``tac take-aim``, ``reroll (2, 5)``."""
        pending = self.pending or ("",)
        if pending[0] == "roll":
            return f"{pending[1]} of the {self.sides[pending[2]].setup.player}: {action}"
        return f"{pending[0]} {action}" if pending[0] else str(action)

    def actor_to_string(self, player: int) -> str:
        return self.sides[player].setup.player

    def __str__(self) -> str:
        parts = []
        for side in self.sides:
            parts.append(
                f"{side.setup.player} {side.setup.unit}: {len(side.troopers)} models, {side.lp} LP, "
                f"{self.morale(side)}" + (f" ({side.markers})" if side.markers else "") + f", {side.cp} CP"
            )
        result = (
            ""
            if not self.over
            else ", drawn"
            if self.winner is None
            else f", won by {self.sides[self.winner].setup.player}"
        )
        return f"turn {self.turn}: " + "; ".join(parts) + result
