"""What a game tells the script runner (``engine/script.py``): the declaration of its adapter, the keys every
choice has, and the answers a game gives about one choice — the engine actions it stands for, why the rules forbid
it, or that it does not say which action it means. Games import these names from ``engine/script.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from pnpforge.content.source import Doc
from pnpforge.engine.api import StateT
from pnpforge.findings import Finding

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

RULE = "script"
ANY = "*"  # in ``answers``: a choice that answers whatever its player is asked


class ScriptChoice(BaseModel):
    """The keys every choice has: whose it is, and the rule that forbids it when it is written to be refused."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)

    player: str
    refused: str | None = None


@dataclass(frozen=True)
class Refusal:
    """Why the rules forbid a choice: in words, the rule id it breaks, and the key of the choice it is about."""

    reason: str
    rule: str = ""
    at: tuple = ()


@dataclass(frozen=True)
class Unclear:
    """A choice the engine would read as another action than the one written: an error at the choice, whether or
    not it is written as refused (``reason`` says how to write what is meant)."""

    reason: str
    at: tuple = ()


@dataclass(frozen=True)
class Answer:
    """The engine actions a choice stands for, played in sequence; ``refusal`` says why when they are not legal."""

    actions: tuple
    refusal: Refusal | None = None


class Report:
    """Located problems found while a script's game is set up, all reported together."""

    def __init__(self, doc: Doc, base: tuple = ()):
        self.doc, self.base = doc, base
        self.problems: list[Finding] = []

    def error(self, at: tuple, message: str, rule: str = RULE) -> None:
        self.problems.append(Finding("error", message, mark=self.doc.mark(self.base + tuple(at)), blocking=True,
                                     rule=rule or RULE))


def pending_step(state: Any) -> str:
    """The name of the step a step machine waits at."""
    pending = getattr(state, "pending", None)
    return str(pending[0]) if pending else ""


def first_legal(state: Any, legal: list) -> Any:
    """The quiet answer of a game that names none: the first option."""
    return legal[0]


@dataclass(frozen=True)
class ScriptAdapter(Generic[StateT]):
    """What a game tells the runner.

    ``setup``: the model of the game's own keys; ``build(pack, setup, start, report)``: the state the script starts
    from, its steps scheduled (None, with problems reported, when it cannot be made); ``choice``: the model of one
    choice and ``name_of(choice)`` its kind; ``answers``: kind -> the steps (``step(state)``) it answers;
    ``answer(state, choice)``: the actions a matched choice stands for, or why they are forbidden; ``players``: the
    players' names by seat; ``outcome(final, first)``: the result as data. The rest is optional: the steps a script
    may start at (the first is the default), quiet answers, kinds answered whoever is asked (the answer then checks
    the player), checks of each choice before play, what the engine is asking in words, why nothing may follow the
    end, and the kinds of chance a script may decide with the words of their outcomes.
    """

    setup: type[BaseModel]
    choice: type[ScriptChoice]
    build: Callable[[Pack, Any, str | None, Report], StateT | None]
    name_of: Callable[[Any], str]
    answers: Mapping[str, tuple[str, ...]]
    answer: Callable[[StateT, Any], Answer | Refusal | Unclear]
    players: Callable[[StateT], Sequence[str]]
    outcome: Callable[[StateT, StateT], dict[str, Any]]
    starts: tuple[str, ...] = ()
    start_key: str = "start"
    choices_key: str = "choices"
    label: str = "choice"
    file_label: str = "scenario file"
    step: Callable[[StateT], str] = pending_step
    quiet: Callable[[StateT, list], Any] = first_legal  # None: the script must answer (else it ends there)
    by_anyone: frozenset[str] = frozenset()
    check: Callable[[StateT, Any], list[Refusal]] | None = None
    asked: Callable[[StateT], str] | None = None
    over: Callable[[StateT], Refusal | None] | None = None
    chances: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    chance_words: Callable[[StateT, Any], str] | None = None

    def runner_keys(self) -> tuple[str, ...]:
        return ("seed", "chance", "expect", self.choices_key) + ((self.start_key,) if self.starts else ())
