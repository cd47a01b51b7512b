"""The state of a game of Legion, moved by the engine's step machine (``engine/steps.py``).

The rules modules (flow, orders, resolution, modes) are written as steps marked with ``@task``, ``@decision`` and
``@chance``; each ``LegionGame`` collects them into its own ``Steps`` table, and a state runs its agenda. A decision
with a single option is taken at once, so players are asked only real questions. Agenda entries are plain tuples,
so cloning a state is copying containers.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Callable

from pnpforge.engine.events import Log
from pnpforge.engine.steps import StepMachine
from pnpforge.games.legion_siberian_story import view

if TYPE_CHECKING:
    from pnpforge.games.legion_siberian_story.game import LegionGame

Action = tuple


class Fighter:
    """What a character carries from round to round: wounds, frostbite, crippled skills and sleeved cards."""

    __slots__ = ("wounds", "frost", "crippled", "gear", "worn")

    def __init__(self, wounds: int = 0, frost: int = 0, crippled: tuple = (), gear: tuple = ()):
        self.wounds, self.frost, self.crippled, self.gear = wounds, frost, crippled, gear
        # the sleeve last worked out, with the very tuples it was worked out for (``character.sleeve_of``): each
        # change of the gear or the crippled positions puts a new tuple there, and this one holds the old alive
        self.worn: tuple | None = None

    def copy(self) -> "Fighter":
        other = Fighter(self.wounds, self.frost, self.crippled, self.gear)
        other.worn = self.worn
        return other

    def key(self) -> tuple:
        return (self.wounds, self.frost, self.crippled, self.gear)


class LegionState(StepMachine):
    """A game of Legion in progress (see ``LegionGame.new_initial_state``)."""

    def __init__(self, game: "LegionGame"):
        n = game.num_players
        self.game = game
        self.data = game.data
        self._owner = game.owner_of
        self.start_steps(game.steps)
        self.n = n
        self.factions: tuple[str, ...] = game.factions
        self.round = 0
        self.start = 0  # starting player this round
        self.commander: list[str | None] = [None] * n
        self.officer: list[str | None] = [None] * n
        self.boxed: list[list[str]] = [[] for _ in range(n)]  # cards out of this game (the other officer)
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[list[str]] = [[] for _ in range(n)]  # shuffled part, in no meaningful sequence
        self.bottom: list[list[str]] = [[] for _ in range(n)]  # known cards under the shuffled part
        self.graveyard: list[list[str]] = [[] for _ in range(n)]
        self.supplies = [0] * n
        self.vp = [0] * n
        self.fighters: dict[str, Fighter] = {}
        self.available: list[list[str]] = [[] for _ in range(n)]  # order tokens ready to assign
        self.used: list[list[tuple[str, bool]]] = [[] for _ in range(n)]  # (order, face up)
        self.pool: dict[str, int] = {o.id: o.qty for o in self.data.overlays.values()}
        self.spare: dict[str, int] = {}  # condition cards marked with a spare token (empty pile)
        self.despatch_deck: list[str] = sorted(self.data.despatches)
        self.offered: list[list[str]] = [[] for _ in range(n)]
        self.despatch: list[str | None] = [None] * n  # the kept despatch (Despatches mode)
        self.played_despatch: list[str | None] = [None] * n
        self.won_types: list[Counter] = [Counter() for _ in range(n)]  # the War Diary: plot types won
        self.game_number = 1  # Survival: which game of the campaign
        self.campaign: list[list[int]] = [[] for _ in range(n)]  # Survival: recorded score of each game
        self.spent = [0] * n
        self.fallen = [0] * n
        self.location_deck: list[str] = sorted(self.data.locations)
        self.plot_deck: list[str] = sorted(self.data.plots)
        self.location: str | None = None
        self.plots: list[str] = []
        self.at: dict[str, int] = {}  # character -> index of its plot this round
        self.members: list[list[str]] = []  # per plot, characters in arrival sequence
        self.face_down: set[str] = set()
        self.waived: set[str] = set()  # lawfully at a plot without its skills (moved by an order, crippled there)
        self.camouflage: set[tuple[int, int]] = set()  # (player, plot) whose next card goes face down
        self.tokens: dict[str, list] = {}  # character -> [order, revealed]
        self.bought: list[Counter] = [Counter() for _ in range(n)]
        self.passed: set[int] = set()
        self.sends: tuple[list, dict] = ([], {})  # the round's plots, and the March's sends by character (fresh sleeve)
        # or by (character, skills)
        self.bonus: dict[str, int] = {}  # combat power gained for this round (SACRIFICE!)
        self.stolen: set[int] = set()
        self.cancels: dict[str, int] = {}  # wounds still cancelled by a revealed GET DOWN!
        self.assault: dict[int, int] = {}
        self.results: list[dict] = []  # per plot of this round: power, winners, awards
        self.gaps: Counter = Counter()
        self.log: Log = []  # what happened, as typed entries (log.py)
        self.watch: Callable[["LegionState"], None] | None = None  # called when the Order resolution phase begins
        self.final: list[float] | None = None

    # --- the protocol (the rest is the step machine's) -------------------------------------------------------
    def observation(self, player: int) -> tuple:
        return view.observation(self, player)

    def action_to_string(self, action: Action) -> str:
        return view.action_to_string(self, action)

    def __str__(self) -> str:
        return view.describe(self)

    def returns(self) -> list[float]:
        return list(self.final) if self.final else [0.0] * self.n

    def clone(self) -> "LegionState":
        other = LegionState.__new__(LegionState)
        other.__dict__.update(self.__dict__)
        for name in ("commander", "officer", "supplies", "vp", "plots", "agenda", "results", "log", "despatch",
                     "played_despatch", "spent", "fallen"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("boxed", "hand", "deck", "bottom", "graveyard", "available", "used", "members", "offered",
                     "campaign"):
            setattr(other, name, [list(x) for x in getattr(self, name)])
        other.fighters = {k: v.copy() for k, v in self.fighters.items()}
        other.tokens = {k: list(v) for k, v in self.tokens.items()}
        for name in ("pool", "spare", "at", "bonus", "cancels", "assault"):
            setattr(other, name, dict(getattr(self, name)))
        for name in ("location_deck", "plot_deck", "despatch_deck"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("face_down", "waived", "camouflage", "passed", "stolen"):
            setattr(other, name, set(getattr(self, name)))
        other.bought = [Counter(c) for c in self.bought]
        other.won_types = [Counter(c) for c in self.won_types]
        other.gaps = Counter(self.gaps)
        return other

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
