"""The state of a game of Legion, moved by the engine's step machine (``engine/steps.py``).

The rules modules (flow, orders, resolution, modes) are written as steps marked with ``@task``, ``@decision`` and
``@chance``; each ``LegionGame`` collects them into its own ``Steps`` table, and a state runs its agenda. A decision
with a single option is taken at once, so players are asked only real questions. Agenda entries are plain tuples,
so cloning a state is copying containers.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Callable, Mapping

from pnpforge.engine.events import Log
from pnpforge.engine.steps import StepMachine
from pnpforge.games.legion_siberian_story import view

if TYPE_CHECKING:
    from pnpforge.games.legion_siberian_story.data import LegionData
    from pnpforge.games.legion_siberian_story.game import LegionGame

Action = tuple[Any, ...]


class Fighter:
    """What a character carries from round to round: wounds, frostbite, crippled skills and sleeved cards."""

    __slots__ = ("wounds", "frost", "crippled", "gear", "worn")

    wounds: int
    frost: int
    crippled: tuple[str, ...]
    gear: tuple[str, ...]
    worn: tuple[Any, ...] | None

    def __init__(self, wounds: int = 0, frost: int = 0, crippled: tuple[str, ...] = (),
                 gear: tuple[str, ...] = ()) -> None:
        self.wounds, self.frost, self.crippled, self.gear = wounds, frost, crippled, gear
        # the sleeve last worked out, with the very tuples it was worked out for (``character.sleeve_of``): each
        # change of the gear or the crippled positions puts a new tuple there, and this one holds the old alive
        self.worn = None

    def copy(self) -> "Fighter":
        other = Fighter(self.wounds, self.frost, self.crippled, self.gear)
        other.worn = self.worn
        return other

    def key(self) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
        return (self.wounds, self.frost, self.crippled, self.gear)


class LegionState(StepMachine):
    """A game of Legion in progress (see ``LegionGame.new_initial_state``)."""

    def __init__(self, game: "LegionGame", copy_of: "LegionState | None" = None) -> None:
        if copy_of is not None:  # a clone (``clone``): a compiled class is made only through its constructor
            copy_of._copy_into(self)
            return
        n = game.num_players
        self.game: LegionGame = game
        self.data: LegionData = game.data
        self._owner: Mapping[str, int] = game.owner_of
        self.start_steps(game.steps)
        self.n: int = n
        self.factions: tuple[str, ...] = game.factions
        self.round: int = 0
        self.start: int = 0  # starting player this round
        self.commander: list[str | None] = [None] * n
        self.officer: list[str | None] = [None] * n
        self.boxed: list[list[str]] = [[] for _ in range(n)]  # cards out of this game (the other officer)
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[list[str]] = [[] for _ in range(n)]  # shuffled part, in no meaningful sequence
        self.bottom: list[list[str]] = [[] for _ in range(n)]  # known cards under the shuffled part
        self.graveyard: list[list[str]] = [[] for _ in range(n)]
        self.supplies: list[int] = [0] * n
        self.vp: list[int] = [0] * n
        self.fighters: dict[str, Fighter] = {}
        self.available: list[list[str]] = [[] for _ in range(n)]  # order tokens ready to assign
        self.used: list[list[tuple[str, bool]]] = [[] for _ in range(n)]  # (order, face up)
        self.pool: dict[str, int] = {o.id: o.qty for o in self.data.overlays.values()}
        self.spare: dict[str, int] = {}  # condition cards marked with a spare token (empty pile)
        self.despatch_deck: list[str] = sorted(self.data.despatches)
        self.offered: list[list[str]] = [[] for _ in range(n)]
        self.despatch: list[str | None] = [None] * n  # the kept despatch (Despatches mode)
        self.played_despatch: list[str | None] = [None] * n
        self.won_types: list[Counter[str]] = [Counter() for _ in range(n)]  # the War Diary: plot types won
        self.game_number: int = 1  # Survival: which game of the campaign
        self.campaign: list[list[int]] = [[] for _ in range(n)]  # Survival: recorded score of each game
        self.spent: list[int] = [0] * n
        self.fallen: list[int] = [0] * n
        self.location_deck: list[str] = sorted(self.data.locations)
        self.plot_deck: list[str] = sorted(self.data.plots)
        self.location: str | None = None
        self.plots: list[str] = []
        self.at: dict[str, int] = {}  # character -> index of its plot this round
        self.members: list[list[str]] = []  # per plot, characters in arrival sequence
        self.face_down: set[str] = set()
        self.waived: set[str] = set()  # lawfully at a plot without its skills (moved by an order, crippled there)
        self.camouflage: set[tuple[int, int]] = set()  # (player, plot) whose next card goes face down
        self.tokens: dict[str, list[Any]] = {}  # character -> [order, revealed]
        self.bought: list[Counter[str]] = [Counter() for _ in range(n)]
        self.passed: set[int] = set()
        # the round's plots, and the March's sends by character (fresh sleeve) or by (character, skills)
        self.sends: tuple[list[str], dict[Any, list[Any]]] = ([], {})
        self.bonus: dict[str, int] = {}  # combat power gained for this round (SACRIFICE!)
        self.stolen: set[int] = set()
        self.cancels: dict[str, int] = {}  # wounds still cancelled by a revealed GET DOWN!
        self.assault: dict[int, int] = {}
        self.results: list[dict[str, Any]] = []  # per plot of this round: power, winners, awards
        self.gaps: Counter[str] = Counter()
        self.log: Log = []  # what happened, as typed entries (log.py)
        self.watch: Callable[["LegionState"], None] | None = None  # called when the Order resolution phase begins
        self.final: list[float] | None = None

    # --- the protocol (the rest is the step machine's) -------------------------------------------------------
    def observation(self, player: int) -> tuple[Any, ...]:
        return view.observation(self, player)

    def action_to_string(self, action: Action) -> str:
        return view.action_to_string(self, action)

    def __str__(self) -> str:
        return view.describe(self)

    def returns(self) -> list[float]:
        return list(self.final) if self.final else [0.0] * self.n

    def clone(self) -> "LegionState":
        return LegionState(self.game, self)

    def _copy_into(self, other: "LegionState") -> None:
        """Give ``other``, being made, a copy of this state: containers copied, the game and its tables shared."""
        self.copy_steps(other)
        other.game, other.data, other._owner, other.n = self.game, self.data, self._owner, self.n
        other.factions, other.round, other.start = self.factions, self.round, self.start
        other.commander, other.officer = list(self.commander), list(self.officer)
        other.supplies, other.vp, other.plots = list(self.supplies), list(self.vp), list(self.plots)
        other.results, other.log = list(self.results), list(self.log)
        other.despatch, other.played_despatch = list(self.despatch), list(self.played_despatch)
        other.spent, other.fallen = list(self.spent), list(self.fallen)
        other.boxed, other.hand = [list(x) for x in self.boxed], [list(x) for x in self.hand]
        other.deck, other.bottom = [list(x) for x in self.deck], [list(x) for x in self.bottom]
        other.graveyard = [list(x) for x in self.graveyard]
        other.available, other.used = [list(x) for x in self.available], [list(x) for x in self.used]
        other.members, other.offered = [list(x) for x in self.members], [list(x) for x in self.offered]
        other.campaign = [list(x) for x in self.campaign]
        other.fighters = {k: v.copy() for k, v in self.fighters.items()}
        other.tokens = {k: list(v) for k, v in self.tokens.items()}
        other.pool, other.spare, other.at = dict(self.pool), dict(self.spare), dict(self.at)
        other.bonus, other.cancels, other.assault = dict(self.bonus), dict(self.cancels), dict(self.assault)
        other.location_deck, other.plot_deck = list(self.location_deck), list(self.plot_deck)
        other.despatch_deck = list(self.despatch_deck)
        other.face_down, other.waived, other.camouflage = set(self.face_down), set(self.waived), set(self.camouflage)
        other.passed, other.stolen = set(self.passed), set(self.stolen)
        other.bought = [Counter(c) for c in self.bought]
        other.won_types = [Counter(c) for c in self.won_types]
        other.gaps = Counter(self.gaps)
        other.game_number, other.location, other.sends = self.game_number, self.location, self.sends
        other.watch, other.final = self.watch, self.final

    # --- helpers shared by the rules modules ---------------------------------------------------------------
    def owner(self, character: str) -> int:
        return self._owner[character]

    def fighter(self, character: str) -> Fighter:
        found = self.fighters.get(character)
        if found is None:
            found = self.fighters[character] = Fighter()
        return found

    def turn_order(self) -> tuple[int, ...]:
        """Players from the starting player clockwise (Story rules: March)."""
        return self.game.turn_orders[self.start]

    def at_plot(self, plot: int, player: int | None = None) -> list[str]:
        """Characters at a plot (of one player when given), face-down ones included."""
        members = self.members[plot]
        if player is None:
            return list(members)
        owner = self._owner
        return [c for c in members if owner[c] == player]

    def present(self, plot: int) -> list[int]:
        """Players with a character at the plot, in turn order."""
        members = self.members[plot]
        if not members:
            return []
        owner = self._owner
        owners = {owner[c] for c in members}
        return [p for p in self.game.turn_orders[self.start] if p in owners]
