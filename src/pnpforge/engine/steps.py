"""The step machine: rules written as small steps on an agenda, for any game whose turns are made of many questions.

A game's rules are functions marked as steps. A *task* runs by itself when it comes up; a *decision* waits for the
player its options name; a *chance* step waits for the caller's RNG, drawn among outcomes that are equally likely or
weighted. The agenda is a stack of plain tuples ``(step name, *arguments)``: a step pushes what happens next, and
``StepMachine.run`` pops entries, running tasks, until a decision with a real choice, a chance step or the end.

Marking a function changes nothing but the function; a game collects the marked functions of the modules it plays
with into its own immutable ``Steps`` table, once, so that two games (a scenario with a step of its own, say) never
share mutable state. A state class takes ``StepMachine`` as a base and calls ``start_steps(steps)``; it keeps its own
game data in its own attributes and implements ``observation``, ``returns``, ``clone`` and the rest itself.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cached_property, lru_cache
from inspect import isfunction
from itertools import accumulate
from types import MappingProxyType, ModuleType
from typing import Any, Callable, Mapping, Sequence

from pnpforge.engine.api import CHANCE, TERMINAL

Action = Any
_NOTHING = object()  # no outcome sampled
TASK, DECISION, CHANCE_STEP = 0, 1, 2  # kinds of step in ``Steps.table``


@lru_cache(maxsize=None)
def _uniform_totals(count: int) -> list[float]:
    """Running totals of ``count`` equal probabilities, added up as ``loop.sample_chance`` adds them."""
    return list(accumulate([1.0 / count] * count))


def task(name: str):
    """Mark ``func(state, *args)`` as the task ``name``: it runs by itself when it comes up on the agenda."""
    def mark(func):
        func.step = ("task", name, None, False)
        return func
    return mark


def decision(name: str, options: Callable[..., Sequence]):
    """Mark ``func(state, action, *args)`` as the decision ``name``, answered among ``options(state, *args)`` by the
    player its first argument names (an agenda entry ``(name, player, ...)``)."""
    def mark(func):
        func.step = ("decision", name, options, False)
        return func
    return mark


def chance(name: str, outcomes: Callable[..., list], weighted: bool = False):
    """Mark ``func(state, action, *args)`` as the chance step ``name``.

    ``outcomes(state, *args)`` lists outcomes that are equally likely, or with ``weighted=True`` ``(outcome,
    probability)`` pairs whose probabilities sum to 1."""
    def mark(func):
        func.step = ("chance", name, outcomes, weighted)
        return func
    return mark


@dataclass(frozen=True)
class Steps:
    """A game's steps by name: ``handler(state, *args)`` of tasks; ``(options, apply)`` of decisions and chance steps;
    the names of the weighted chance steps."""

    tasks: Mapping[str, Callable[..., None]]
    decisions: Mapping[str, tuple[Callable[..., list], Callable[..., None]]]
    chances: Mapping[str, tuple[Callable[..., list], Callable[..., None]]]
    weighted: frozenset[str] = frozenset()

    @cached_property
    def table(self) -> dict[str, tuple]:
        """Every step by name as one plain dict, for the machine's inner loop: ``(TASK, handler, None)``,
        ``(DECISION, options, apply)`` or ``(CHANCE_STEP, outcomes, apply)``. Never changed once made."""
        table: dict[str, tuple] = {name: (TASK, handler, None) for name, handler in self.tasks.items()}
        table.update((name, (DECISION, *pair)) for name, pair in self.decisions.items())
        table.update((name, (CHANCE_STEP, *pair)) for name, pair in self.chances.items())
        return table

    @classmethod
    def collect(cls, *sources: ModuleType | Callable) -> "Steps":
        """The steps marked in ``sources``: modules (each marked function in them) or marked functions."""
        tables: dict[str, dict] = {"task": {}, "decision": {}, "chance": {}}
        named: dict[str, Callable] = {}
        weighted: set[str] = set()
        for source in sources:
            for func in vars(source).values() if isinstance(source, ModuleType) else (source,):
                if not isfunction(func) or not hasattr(func, "step"):
                    continue
                kind, name, options, is_weighted = func.step
                if named.setdefault(name, func) is not func:
                    raise ValueError(f"two steps are named {name!r}: {named[name].__qualname__} and "
                                     f"{func.__qualname__}")
                tables[kind][name] = func if kind == "task" else (options, func)
                if is_weighted:
                    weighted.add(name)
        return cls(MappingProxyType(tables["task"]), MappingProxyType(tables["decision"]),
                   MappingProxyType(tables["chance"]), frozenset(weighted))


class StepMachine:
    """The game-protocol half of a state whose rules are steps.

    The state sets ``pending`` to the entry that waits (a decision's second item is the player to act), ``over`` when
    the game ends, and ``auto`` to take a decision with a single option at once (a scenario that asks every question
    turns it off). Subclasses copy ``agenda`` in ``clone`` (a list of tuples: a shallow copy is enough)."""

    agenda: list[tuple]
    pending: tuple | None
    over: bool
    auto: bool

    def start_steps(self, steps: Steps) -> None:
        """Take the game's steps and start with an empty agenda."""
        self._steps = steps.table
        self._weighted = steps.weighted
        self.agenda = []
        self.pending = None
        self.over = False
        self.auto = True
        # the pending question's options, or the chance step's outcomes (without probabilities), computed once
        self._options: Sequence | None = None
        self._chance: list[float] | None = None  # a chance step's running totals of probability
        self._probabilities: list[float] | None = None  # a weighted chance step's probabilities
        self._sampled: Action = _NOTHING  # the outcome ``sample_chance`` or the option ``option`` picked: legal

    @property
    def waiting(self) -> tuple:
        """The pending entry, for code that knows the game is not over (a decision or chance step waits)."""
        pending = self.pending
        if pending is None:
            raise ValueError("no step is waiting")
        return pending

    # --- the protocol ------------------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        pending = self.pending
        assert pending is not None  # a game not over waits for a step
        return CHANCE if self._steps[pending[0]][0] == CHANCE_STEP else pending[1]

    def is_chance_node(self) -> bool:
        if self.over:
            return False
        pending = self.pending
        assert pending is not None
        return self._steps[pending[0]][0] == CHANCE_STEP

    def is_terminal(self) -> bool:
        return self.over

    def _outcomes(self) -> Sequence:
        """The pending chance step's outcomes, and their running totals of probability in ``_chance``."""
        if self._options is None:
            pending = self.pending
            assert pending is not None
            kind = pending[0]
            outcomes = self._steps[kind][1](self, *pending[1:])
            if kind in self._weighted:
                self._options = [o for o, _ in outcomes]
                self._probabilities = [p for _, p in outcomes]
                self._chance = list(accumulate(self._probabilities))
            else:
                self._options = outcomes
                self._probabilities = None
                self._chance = _uniform_totals(len(outcomes))
        return self._options

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = self._outcomes()
        if self._probabilities is not None:
            return list(zip(outcomes, self._probabilities))
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def sample_chance(self, rng) -> Action:
        """The outcome ``loop.sample_chance`` picks with the same draw of ``rng``: the first whose running total
        of probability exceeds ``rng.random()`` (the last if rounding leaves none)."""
        outcomes = self._outcomes()
        assert self._chance is not None  # made with the outcomes
        index = bisect_right(self._chance, rng.random())
        self._sampled = outcome = outcomes[index if index < len(outcomes) else -1]
        return outcome

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return list(self._pending_options())

    def _pending_options(self) -> Sequence[Action]:
        """The pending decision's options (a chance step's outcomes), as its step answered them, made once."""
        pending = self.pending
        assert pending is not None
        step = self._steps[pending[0]]
        if step[0] == CHANCE_STEP:
            return self._outcomes()
        if self._options is None:
            self._options = step[1](self, *pending[1:])
        return self._options

    # --- a pick without a copy of the list (``loop.RandomBot``): the option the list's index gives --------------
    def option_count(self) -> int:
        """How many options the pending decision has (``len(legal_actions())``), without copying them."""
        return len(self._pending_options()) if not self.over else 0

    def option(self, index: int) -> Action:
        """The pending decision's option at ``index`` of ``legal_actions()``; known to be legal when it is applied
        next (the list is not searched for it)."""
        self._sampled = picked = self._pending_options()[index]
        return picked

    def apply_action(self, action: Action) -> None:
        if self.over:
            raise ValueError("the game is over")
        pending = self.pending
        assert pending is not None
        step = self._steps[pending[0]]
        if action is not self._sampled and action not in self._pending_options():
            raise ValueError(f"illegal action {action!r} for {pending[0]}")
        self._options = None
        self._sampled = _NOTHING
        self.pending = None
        step[2](self, action, *pending[1:])
        self.run()

    # --- every player at random (``loop.play_game`` with ``RandomBot``s): the same draws, fewer calls -------------
    def play_out(self, rng, dealer, max_steps: int, moves: list[int] | None = None) -> None:
        """Play to the end with every player picking uniformly at random, as ``loop.play_game`` plays with
        ``RandomBot``s and this state's ``sample_chance``: a decision draws ``rng.randrange(count)`` among its
        options, a chance step ``dealer.random()`` against its running totals, in the same sequence, and
        ``moves[0]`` counts what the loop counts. The tasks between run here too, without a return to the loop,
        the pending entry kept or the options kept for a bot to ask."""
        steps, agenda, weighted = self._steps, self.agenda, self._weighted
        pop, randrange, draw = agenda.pop, rng.randrange, dealer.random
        reached = acted = 0  # as the loop counts them: stops that await a player or end the game, after an action
        entry, options = self.pending, self._options
        self.pending = self._options = None
        self._sampled = _NOTHING
        while not self.over:
            if acted >= max_steps:
                self.pending = entry
                raise RuntimeError(f"game did not end within {max_steps} steps")
            assert entry is not None  # a game not over waits for a step
            kind, first, apply = steps[entry[0]]
            if kind == CHANCE_STEP:
                outcomes = first(self, *entry[1:])
                if entry[0] in weighted:
                    totals = list(accumulate([p for _, p in outcomes]))
                    outcomes = [o for o, _ in outcomes]
                else:
                    totals = _uniform_totals(len(outcomes))
                index = bisect_right(totals, draw())
                action = outcomes[index if index < len(outcomes) else -1]
            else:
                if options is None:
                    options = first(self, *entry[1:])
                reached += acted > 0
                action = options[randrange(len(options))]
            acted += 1
            apply(self, action, *entry[1:])
            entry = options = None
            while not self.over:  # ``run``, stopping at the next question or chance step without returning
                if not agenda:
                    raise RuntimeError("the agenda ran empty before the game ended")
                entry = pop()
                kind, first, apply = steps[entry[0]]
                if kind == TASK:
                    first(self, *entry[1:])
                    continue
                if kind == CHANCE_STEP:
                    break
                options = first(self, *entry[1:])
                if not options:
                    continue
                if len(options) == 1 and self.auto:
                    apply(self, options[0], *entry[1:])
                    continue
                break
        if acted >= max_steps:  # as the loop: the game must end within ``max_steps`` actions, the last included
            raise RuntimeError(f"game did not end within {max_steps} steps")
        if moves is not None:
            moves[0] += reached + (acted > 0)

    def refresh(self) -> None:
        """Forget the pending question's options (after the state was edited directly, as tests and scenarios do)."""
        self._options = None
        self._sampled = _NOTHING

    # --- the agenda --------------------------------------------------------------------------------------------
    def push(self, *entries: tuple) -> None:
        """Schedule entries to run next, the first given first."""
        if len(entries) == 1:
            self.agenda.append(entries[0])
        else:
            self.agenda.extend(entries[::-1])

    def run(self) -> None:
        """Run tasks until a decision with a real choice, a chance step, or the end of the game."""
        steps, agenda = self._steps, self.agenda
        pop = agenda.pop
        while not self.over:
            if not agenda:
                raise RuntimeError("the agenda ran empty before the game ended")
            entry = pop()
            kind, first, second = steps[entry[0]]
            if kind == TASK:
                first(self, *entry[1:])
                continue
            if kind == CHANCE_STEP:
                self.pending = entry
                self._options = None
                self._sampled = _NOTHING
                return
            options = first(self, *entry[1:])
            if not options:
                continue  # nothing to decide: the step has no effect
            if len(options) == 1 and self.auto:
                second(self, options[0], *entry[1:])
                continue
            self.pending = entry
            self._options = options
            return
