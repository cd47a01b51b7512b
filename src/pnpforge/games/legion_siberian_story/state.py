"""The state of a game of Legion and the agenda machine that moves it.

The rules are written as small steps on an *agenda* (a stack): a task runs by itself, a decision waits for the
player it names, a chance step waits for the caller's RNG. ``apply_action`` answers the decision on top, then the
state runs tasks until the next decision or chance step. A decision with a single option is taken at once, so
players are asked only real questions. Agenda entries are plain tuples, so cloning a state is copying containers.

The rules modules declare their steps with ``@task``, ``@decision`` and ``@chance``, which only mark the function;
each ``LegionGame`` collects the marked functions of the modules it plays with into its own immutable ``Steps``
table, so importing a module changes nothing and a scenario's game may carry a step of its own.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from inspect import isfunction
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, Callable, Mapping

from pnpforge.engine.api import CHANCE, TERMINAL
from pnpforge.games.legion_siberian_story import view

if TYPE_CHECKING:
    from pnpforge.games.legion_siberian_story.game import LegionGame

Action = tuple


# --- declaring and collecting steps ----------------------------------------------------------------------------
def task(name: str):
    """Mark ``func(state, *args)`` as the task ``name``: it runs by itself when it comes up on the agenda."""
    def mark(func):
        func.step = ("task", name, None)
        return func
    return mark


def decision(name: str, options: Callable[..., list]):
    """Mark ``func(state, action, *args)`` as the decision ``name``, answered among ``options(state, *args)``."""
    def mark(func):
        func.step = ("decision", name, options)
        return func
    return mark


def chance(name: str, outcomes: Callable[..., list]):
    """Mark ``func(state, action, *args)`` as the chance step ``name``, drawn among ``outcomes(state, *args)``."""
    def mark(func):
        func.step = ("chance", name, outcomes)
        return func
    return mark


@dataclass(frozen=True)
class Steps:
    """A game's steps by name: handler(state, *args) of tasks; (options, apply) of decisions and chance steps."""

    tasks: Mapping[str, Callable[..., None]]
    decisions: Mapping[str, tuple[Callable[..., list], Callable[..., None]]]
    chances: Mapping[str, tuple[Callable[..., list], Callable[..., None]]]

    @classmethod
    def collect(cls, *sources: ModuleType | Callable) -> "Steps":
        """The steps marked in ``sources``: modules (each marked function in them) or marked functions."""
        tables: dict[str, dict] = {"task": {}, "decision": {}, "chance": {}}
        named: dict[str, Callable] = {}
        for source in sources:
            for func in vars(source).values() if isinstance(source, ModuleType) else (source,):
                if not isfunction(func) or not hasattr(func, "step"):
                    continue
                kind, name, options = func.step
                if named.setdefault(name, func) is not func:
                    raise ValueError(f"two steps are named {name!r}: {named[name].__qualname__} and "
                                     f"{func.__qualname__}")
                tables[kind][name] = func if kind == "task" else (options, func)
        return cls(*(MappingProxyType(tables[kind]) for kind in ("task", "decision", "chance")))


class Fighter:
    """What a character carries from round to round: wounds, frostbite, crippled skills and sleeved cards."""

    __slots__ = ("wounds", "frost", "crippled", "gear")

    def __init__(self, wounds: int = 0, frost: int = 0, crippled: tuple = (), gear: tuple = ()):
        self.wounds, self.frost, self.crippled, self.gear = wounds, frost, crippled, gear

    def copy(self) -> "Fighter":
        return Fighter(self.wounds, self.frost, self.crippled, self.gear)

    def key(self) -> tuple:
        return (self.wounds, self.frost, self.crippled, self.gear)


class LegionState:
    """A game of Legion in progress (see ``LegionGame.new_initial_state``)."""

    def __init__(self, game: "LegionGame"):
        n = game.num_players
        self.game = game
        self.data = game.data
        # the game's step table, kept here because every action reads it
        self._tasks, self._decisions, self._chances = game.steps.tasks, game.steps.decisions, game.steps.chances
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
        self.bonus: dict[str, int] = {}  # combat power gained for this round (SACRIFICE!)
        self.stolen: set[int] = set()
        self.cancels: dict[str, int] = {}  # wounds still cancelled by a revealed GET DOWN!
        self.assault: dict[int, int] = {}
        self.results: list[dict] = []  # per plot of this round: power, winners, awards
        self.gaps: Counter = Counter()
        self.log: list[tuple] = []
        self.agenda: list[tuple] = []
        self.pending: tuple | None = None
        self.over = False
        self.auto = True  # take single-option decisions at once (scenarios ask every question)
        self._options: list | None = None  # the pending question's options, computed once
        self.watch: Callable[["LegionState"], None] | None = None  # called when the Order resolution phase begins
        self.final: list[float] | None = None

    # --- the protocol --------------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        kind = self.pending[0]
        return CHANCE if kind in self._chances else self.pending[1]

    def is_chance_node(self) -> bool:
        return not self.over and self.pending[0] in self._chances

    def is_terminal(self) -> bool:
        return self.over

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        kind, *args = self.pending
        outcomes = self._chances[kind][0](self, *args)
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self._options is None:
            kind, *args = self.pending
            table = self._chances if kind in self._chances else self._decisions
            self._options = table[kind][0](self, *args)
        return list(self._options)

    def apply_action(self, action: Action) -> None:
        if self.over:
            raise ValueError("the game is over")
        kind, *args = self.pending
        table = self._chances if kind in self._chances else self._decisions
        options = self._options if self._options is not None else table[kind][0](self, *args)
        self._options = None
        if action not in options:
            raise ValueError(f"illegal action {action!r} for {kind}")
        self.pending = None
        table[kind][1](self, action, *args)
        self.run()

    def observation(self, player: int) -> tuple:
        return view.observation(self, player)

    def action_to_string(self, action: Action) -> str:
        return view.action_to_string(self, action)

    def __str__(self) -> str:
        return view.describe(self)

    def refresh(self) -> None:
        """Forget the pending question's options (after the state was edited directly, as tests and scenarios do)."""
        self._options = None

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

    # --- the agenda ----------------------------------------------------------------------------------------
    def push(self, *entries: tuple) -> None:
        """Schedule entries to run next, the first given first."""
        self.agenda.extend(reversed(entries))

    def run(self) -> None:
        """Run tasks until a decision with a real choice, a chance step, or the end of the game."""
        tasks, chances, decisions = self._tasks, self._chances, self._decisions
        while not self.over:
            if not self.agenda:
                raise RuntimeError("the agenda ran empty before the game ended")
            entry = self.agenda.pop()
            kind = entry[0]
            if kind in tasks:
                tasks[kind](self, *entry[1:])
                continue
            if kind in chances:
                self.pending = entry
                self._options = None
                return
            options = decisions[kind][0](self, *entry[1:])
            if not options:
                continue  # nothing to decide: the step has no effect
            if len(options) == 1 and self.auto:
                decisions[kind][1](self, options[0], *entry[1:])
                continue
            self.pending = entry
            self._options = options
            return

    # --- helpers shared by the rules modules ---------------------------------------------------------------
    def owner(self, character: str) -> int:
        return self.game.player_of[self.data.characters[character].faction]

    def fighter(self, character: str) -> Fighter:
        found = self.fighters.get(character)
        if found is None:
            found = self.fighters[character] = Fighter()
        return found

    def turn_order(self) -> list[int]:
        """Players from the starting player clockwise (Story rules: March)."""
        return [(self.start + i) % self.n for i in range(self.n)]

    def at_plot(self, plot: int, player: int | None = None) -> list[str]:
        """Characters at a plot (of one player when given), face-down ones included."""
        members = self.members[plot]
        if player is None:
            return list(members)
        return [c for c in members if self.owner(c) == player]

    def present(self, plot: int) -> list[int]:
        """Players with a character at the plot, in turn order."""
        owners = {self.owner(c) for c in self.members[plot]}
        return [p for p in self.turn_order() if p in owners]

    def note(self, *event: Any) -> None:
        self.log.append(event)
