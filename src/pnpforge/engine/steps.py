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
from functools import lru_cache
from itertools import accumulate
from types import MappingProxyType, ModuleType
from typing import Any, Callable, Final, Mapping, Sequence, TypeVar

from pnpforge.engine.api import CHANCE, TERMINAL

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # a plain install without mypy: the mark is read by the compiler (mypyc) only
    def mypyc_attr(*_args: object, **_marks: object) -> Callable[[type], type]:  # type: ignore[misc]
        return lambda cls: cls

Action = Any
Entry = tuple[Any, ...]  # an agenda entry: ``(step name, *arguments)``
F = TypeVar("F", bound=Callable[..., Any])
Handler = Callable[..., Any]
Row = tuple[int, Handler, Handler]  # a step of ``Steps.table``: (kind, handler or options, apply)
_NOTHING: Final = object()  # no outcome sampled
TASK: Final = 0  # kinds of step in ``Steps.table``
DECISION: Final = 1
CHANCE_STEP: Final = 2

# The marks, by the id of the function marked: ``(function, kind, name, options, weighted)``. Kept here rather than
# on the function, since a compiled function (mypyc) takes no attributes; the function is kept with its mark, so
# that its id stays its own.
_MARKS: dict[int, tuple[Callable[..., Any], str, str, Handler | None, bool]] = {}  # process cache


@lru_cache(maxsize=None)
def _uniform_totals(count: int) -> list[float]:
    """Running totals of ``count`` equal probabilities, added up as ``loop.sample_chance`` adds them."""
    return list(accumulate([1.0 / count] * count))


def _marked(kind: str, name: str, options: Handler | None, weighted: bool) -> Callable[[F], F]:
    def mark(func: F) -> F:
        _MARKS[id(func)] = (func, kind, name, options, weighted)
        return func
    return mark


def task(name: str) -> Callable[[F], F]:
    """Mark ``func(state, *args)`` as the task ``name``: it runs by itself when it comes up on the agenda."""
    return _marked("task", name, None, False)


def decision(name: str, options: Callable[..., Sequence[Any]]) -> Callable[[F], F]:
    """Mark ``func(state, action, *args)`` as the decision ``name``, answered among ``options(state, *args)`` by the
    player its first argument names (an agenda entry ``(name, player, ...)``)."""
    return _marked("decision", name, options, False)


def chance(name: str, outcomes: Callable[..., list[Any]], weighted: bool = False) -> Callable[[F], F]:
    """Mark ``func(state, action, *args)`` as the chance step ``name``.

    ``outcomes(state, *args)`` lists outcomes that are equally likely, or with ``weighted=True`` ``(outcome,
    probability)`` pairs whose probabilities sum to 1."""
    return _marked("chance", name, outcomes, weighted)


def step_mark(func: object) -> tuple[str, str, Handler | None, bool] | None:
    """``(kind, name, options, weighted)`` of a function marked as a step, else None."""
    found = _MARKS.get(id(func))
    if found is None or found[0] is not func:
        return None
    return found[1], found[2], found[3], found[4]


def _no_apply(*_args: Any) -> None:
    """A task's third item in ``Steps.table``: tasks take no action."""


class Steps:
    """A game's steps by name: ``handler(state, *args)`` of tasks; ``(options, apply)`` of decisions and chance steps;
    the names of the weighted chance steps; and ``table``, every step by name as one plain dict for the machine's
    inner loop: ``(TASK, handler, _)``, ``(DECISION, options, apply)`` or ``(CHANCE_STEP, outcomes, apply)``. Never
    changed once made."""

    def __init__(self, tasks: Mapping[str, Handler], decisions: Mapping[str, tuple[Handler, Handler]],
                 chances: Mapping[str, tuple[Handler, Handler]], weighted: frozenset[str] = frozenset()) -> None:
        self.tasks = tasks
        self.decisions = decisions
        self.chances = chances
        self.weighted = weighted
        table: dict[str, Row] = {name: (TASK, handler, _no_apply) for name, handler in tasks.items()}
        for name, (options, apply) in decisions.items():
            table[name] = (DECISION, options, apply)
        for name, (outcomes, apply) in chances.items():
            table[name] = (CHANCE_STEP, outcomes, apply)
        self.table: dict[str, Row] = table

    def __repr__(self) -> str:
        return (f"Steps(tasks={sorted(self.tasks)}, decisions={sorted(self.decisions)}, "
                f"chances={sorted(self.chances)})")

    @classmethod
    def collect(cls, *sources: ModuleType | Callable[..., Any]) -> "Steps":
        """The steps marked in ``sources``: modules (each marked function in them) or marked functions."""
        tasks: dict[str, Handler] = {}
        decisions: dict[str, tuple[Handler, Handler]] = {}
        chances: dict[str, tuple[Handler, Handler]] = {}
        named: dict[str, Callable[..., Any]] = {}
        weighted: set[str] = set()
        for source in sources:
            for func in list(vars(source).values()) if isinstance(source, ModuleType) else [source]:
                mark = step_mark(func)
                if mark is None:
                    continue
                kind, name, options, is_weighted = mark
                if named.setdefault(name, func) is not func:
                    raise ValueError(f"two steps are named {name!r}: {_name(named[name])} and {_name(func)}")
                if kind == "task":
                    tasks[name] = func
                elif options is not None:
                    (decisions if kind == "decision" else chances)[name] = (options, func)
                if is_weighted:
                    weighted.add(name)
        return cls(MappingProxyType(tasks), MappingProxyType(decisions), MappingProxyType(chances),
                   frozenset(weighted))


def _name(func: object) -> str:
    return str(getattr(func, "__qualname__", func))


# other games' states are plain subclasses; a compiled (mypyc) build keeps this class's attributes in slots, which a
# subclass's clone copies with ``copy_steps`` (``__dict__`` does not hold them)
@mypyc_attr(allow_interpreted_subclasses=True)
class StepMachine:
    """The game-protocol half of a state whose rules are steps.

    The state sets ``pending`` to the entry that waits (a decision's second item is the player to act), ``over`` when
    the game ends, and ``auto`` to take a decision with a single option at once (a scenario that asks every question
    turns it off). Subclasses copy ``agenda`` in ``clone`` (a list of tuples: a shallow copy is enough)."""

    def start_steps(self, steps: Steps) -> None:
        """Take the game's steps and start with an empty agenda."""
        self._steps: dict[str, Row] = steps.table
        self._weighted: frozenset[str] = steps.weighted
        self.agenda: list[Entry] = []
        self.pending: Entry | None = None
        self.over: bool = False
        self.auto: bool = True
        self._options: Sequence[Action] | None = None  # the pending question's options, or a chance step's outcomes
        self._chance: list[float] | None = None  # a chance step's running totals of probability
        self._probabilities: list[float] | None = None  # a weighted chance step's probabilities
        self._sampled: object = _NOTHING  # the outcome ``sample_chance`` or the option ``option`` picked: legal

    def copy_steps(self, other: StepMachine) -> None:
        """Give ``other`` (a clone being made, not started) this machine's steps, agenda (copied) and pending
        question, its options and pick included."""
        other._steps = self._steps
        other._weighted = self._weighted
        other.agenda = list(self.agenda)
        other.pending = self.pending
        other.over = self.over
        other.auto = self.auto
        other._options = self._options
        other._chance = self._chance
        other._probabilities = self._probabilities
        other._sampled = self._sampled

    @property
    def waiting(self) -> Entry:
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
        if self._steps[pending[0]][0] == CHANCE_STEP:
            return CHANCE
        player: int = pending[1]
        return player

    def is_chance_node(self) -> bool:
        if self.over:
            return False
        pending = self.pending
        assert pending is not None
        return self._steps[pending[0]][0] == CHANCE_STEP

    def is_terminal(self) -> bool:
        return self.over

    def _outcomes(self) -> Sequence[Action]:
        """The pending chance step's outcomes, and their running totals of probability in ``_chance``."""
        options = self._options
        if options is None:
            pending = self.pending
            assert pending is not None
            kind = pending[0]
            outcomes: list[Any] = self._steps[kind][1](self, *pending[1:])
            if kind in self._weighted:
                options = [o for o, _ in outcomes]
                probabilities: list[float] = [p for _, p in outcomes]
                self._probabilities = probabilities
                self._chance = list(accumulate(probabilities))
            else:
                options = outcomes
                self._probabilities = None
                self._chance = _uniform_totals(len(outcomes))
            self._options = options
        return options

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = self._outcomes()
        if self._probabilities is not None:
            return list(zip(outcomes, self._probabilities))
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def sample_chance(self, rng: Any) -> Action:
        """The outcome ``loop.sample_chance`` picks with the same draw of ``rng``: the first whose running total
        of probability exceeds ``rng.random()`` (the last if rounding leaves none)."""
        outcomes = self._outcomes()
        totals = self._chance
        assert totals is not None  # made with the outcomes
        index = bisect_right(totals, rng.random())
        outcome = outcomes[index if index < len(outcomes) else -1]
        self._sampled = outcome
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
        options = self._options
        if options is None:
            options = self._options = step[1](self, *pending[1:])
        return options

    # --- a pick without a copy of the list (``loop.RandomBot``): the option the list's index gives --------------
    def option_count(self) -> int:
        """How many options the pending decision has (``len(legal_actions())``), without copying them."""
        return len(self._pending_options()) if not self.over else 0

    def option(self, index: int) -> Action:
        """The pending decision's option at ``index`` of ``legal_actions()``; known to be legal when it is applied
        next (the list is not searched for it)."""
        picked = self._pending_options()[index]
        self._sampled = picked
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
    def play_out(self, rng: Any, dealer: Any, max_steps: int, moves: list[int] | None = None) -> None:
        """Play to the end with every player picking uniformly at random, as ``loop.play_game`` plays with
        ``RandomBot``s and this state's ``sample_chance``: a decision draws ``rng.randrange(count)`` among its
        options, a chance step ``dealer.random()`` against its running totals, in the same sequence, and
        ``moves[0]`` counts what the loop counts. The tasks between run here too, without a return to the loop,
        the pending entry kept or the options kept for a bot to ask."""
        steps, agenda, weighted = self._steps, self.agenda, self._weighted
        randrange, draw = rng.randrange, dealer.random
        reached = 0  # as the loop counts them: stops that await a player or end the game, after an action
        acted = 0
        entry: Entry | None = self.pending
        options: Sequence[Action] | None = self._options
        self.pending = self._options = None
        self._sampled = _NOTHING
        while not self.over:
            if acted >= max_steps:
                self.pending = entry
                raise RuntimeError(f"game did not end within {max_steps} steps")
            assert entry is not None  # a game not over waits for a step
            kind, first, apply = steps[entry[0]]
            action: Action
            if kind == CHANCE_STEP:
                outcomes: list[Any] = first(self, *entry[1:])
                totals: list[float]
                if entry[0] in weighted:
                    totals = list(accumulate([p for _, p in outcomes]))
                    outcomes = [o for o, _ in outcomes]
                else:
                    totals = _uniform_totals(len(outcomes))
                index: int = bisect_right(totals, draw())
                action = outcomes[index if index < len(outcomes) else -1]
            else:
                if options is None:
                    options = first(self, *entry[1:])
                    assert options is not None
                if acted > 0:
                    reached += 1
                pick: int = randrange(len(options))
                action = options[pick]
            acted += 1
            apply(self, action, *entry[1:])
            entry = options = None
            while not self.over:  # ``run``, stopping at the next question or chance step without returning
                if not agenda:
                    raise RuntimeError("the agenda ran empty before the game ended")
                entry = agenda.pop()
                kind, first, apply = steps[entry[0]]
                if kind == TASK:
                    first(self, *entry[1:])
                    continue
                if kind == CHANCE_STEP:
                    break
                options = first(self, *entry[1:])
                assert options is not None
                if not options:
                    continue
                if len(options) == 1 and self.auto:
                    apply(self, options[0], *entry[1:])
                    continue
                break
        if acted >= max_steps:  # as the loop: the game must end within ``max_steps`` actions, the last included
            raise RuntimeError(f"game did not end within {max_steps} steps")
        if moves is not None:
            moves[0] += reached + (1 if acted > 0 else 0)

    def refresh(self) -> None:
        """Forget the pending question's options (after the state was edited directly, as tests and scenarios do)."""
        self._options = None
        self._sampled = _NOTHING

    # --- the agenda --------------------------------------------------------------------------------------------
    def push(self, *entries: Entry) -> None:
        """Schedule entries to run next, the first given first."""
        if len(entries) == 1:
            self.agenda.append(entries[0])
        else:
            self.agenda.extend(entries[::-1])

    def run(self) -> None:
        """Run tasks until a decision with a real choice, a chance step, or the end of the game."""
        steps, agenda = self._steps, self.agenda
        while not self.over:
            if not agenda:
                raise RuntimeError("the agenda ran empty before the game ended")
            entry = agenda.pop()
            kind, first, second = steps[entry[0]]
            if kind == TASK:
                first(self, *entry[1:])
                continue
            if kind == CHANCE_STEP:
                self.pending = entry
                self._options = None
                self._sampled = _NOTHING
                return
            options: Sequence[Action] = first(self, *entry[1:])
            if not options:
                continue  # nothing to decide: the step has no effect
            if len(options) == 1 and self.auto:
                second(self, options[0], *entry[1:])
                continue
            self.pending = entry
            self._options = options
            return
