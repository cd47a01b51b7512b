"""The script runner: a scenario or worked example played through a game's engine, the same way for every game.

A script file is YAML. The game declares its own keys (where the game stands: who holds what, and where) and the
shape of one choice, in a ``ScriptAdapter``; the runner reads everything else, the same for every game:

- the choices (``choices:``, or the game's own word for them), each ``{player: ..., <the game's keys>}``, answered in
  sequence: when the engine asks a player a question, the next choice answers it if it is that player's and names
  that kind of question (the adapter's ``answers``); any other question gets the game's quiet answer (a pass, done,
  the first option). A choice the engine would read as another action than the one written is an error at its
  line (``Unclear``). A choice with ``do:`` (in games whose choices have it) answers the first question of its
  player that offers an answer reading exactly so, as a transcript writes it.
- ``refused: <rule id>`` on a choice: the rules forbid it, for that rule. It is checked when its question comes up,
  and play goes on with the next choice; the outcome lists it under ``refused``. A choice the rules forbid that is
  not so marked stops the replay: ``choice N: <reason> (rule <id>)``, 1-based, at its line (exit code 2).
- ``chance:``, in sequence, each ``{<kind of chance>: <outcome>}`` (a card drawn, a die's result, the order of a
  shuffle), written as the game words it; at a chance step of that kind the next entry decides it, and every other
  chance is drawn from ``seed:`` (default 0) as in any seeded game.
- the start (when the game names steps to start at, under its own key, e.g. ``start:`` or ``phase:``).
- ``expect:``, the stated outcome (compared by ``engine/replay.py``).

The adapter builds the starting state from its validated keys, translates a matched choice into engine actions (or
says why the rules forbid it), and reports the outcome; it never reads the file or matches choices itself.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from pnpforge.content.fields import shown
from pnpforge.content.pack import validate_model
from pnpforge.content.source import Doc, LoadError, load_yaml
from pnpforge.engine.contract import Outcome
from pnpforge.engine.loop import sample_chance
from pnpforge.engine.script_adapter import (
    ANY, RULE, Answer, Refusal, Report, ScriptAdapter, ScriptChoice, Unclear, first_legal, pending_step)
from pnpforge.findings import Finding

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

MAX_STEPS = 100_000
__all__ = ["ANY", "Answer", "Played", "Refusal", "Report", "ScriptAdapter", "ScriptChoice", "Turn", "Unclear",
           "first_legal", "pending_step", "play", "replay"]

@dataclass(frozen=True)
class Drawn:
    """A scripted chance outcome: its place in ``chance:``, its kind and its words."""

    index: int
    kind: str
    words: str


@dataclass
class Turn:
    """A choice played: its place in the script, and the position before and after it (kept on request)."""

    index: int
    choice: Any
    before: Any
    after: Any


@dataclass
class Played:
    """What playing a script gave: the outcome or the findings that stopped it, the first and last positions and
    (when kept) each choice played."""

    outcome: dict[str, Any] | None
    findings: list[Finding] = field(default_factory=list)
    first: Any = None
    final: Any = None
    turns: list[Turn] = field(default_factory=list)


class _Stop(Exception):
    """Ends a script's run with located findings (never leaves this module)."""

    def __init__(self, findings: list[Finding]):
        super().__init__("; ".join(map(str, findings)))
        self.findings = findings


class _View:
    """A part of a document for validation: ``data`` with the marks of the whole document from ``base``."""

    def __init__(self, doc: Doc, data: Any, base: tuple = ()):
        self.doc, self.data, self.base = doc, data, base

    def mark(self, path: tuple):
        return self.doc.mark(self.base + tuple(path))


def replay(adapter: ScriptAdapter, pack: Pack, path: Path) -> Outcome:
    """A game package's ``replay``: the script's outcome, or the located findings that stop it."""
    played = play(adapter, pack, path)
    return Outcome(played.outcome if not played.findings else None, played.findings)


def play(adapter: ScriptAdapter, pack: Pack, path: Path, keep: bool = False) -> Played:
    """Read, set up and play a script file; with ``keep`` the position before and after each choice is kept."""
    try:
        doc = load_yaml(Path(path))
    except LoadError as exc:
        return Played(None, list(exc.findings))
    run = _Run(adapter, doc, keep)
    try:
        run.read(pack)
        run.play()
    except _Stop as stop:
        return Played(None, stop.findings, run.first, run.state, run.turns)
    return Played(run.result(), [], run.first, run.state, run.turns)


class _Run:
    """One script being read and played."""

    def __init__(self, adapter: ScriptAdapter, doc: Doc, keep: bool):
        self.adapter, self.doc, self.keep = adapter, doc, keep
        self.report = Report(doc)
        self.choices: list[Any] = []  # each validated choice, None where it is not valid
        self.entries: list[Any] = []  # the choices as written
        self.drawn: list[Drawn] = []
        self.refused: list[dict[str, Any]] = []
        self.turns: list[Turn] = []
        self.first: Any = None
        self.state: Any = None
        self.seed = 0

    # --- reading --------------------------------------------------------------------------------------------------
    def read(self, pack: Pack) -> None:
        """The runner's keys, the game's set-up and the choices, every problem reported together."""
        adapter, doc, report = self.adapter, self.doc, self.report
        data = doc.data
        if not isinstance(data, dict):
            report.error((), f"{adapter.file_label}: expected a mapping, found {shown(data)}")
            raise _Stop(report.problems)
        own = {k: v for k, v in data.items() if k not in adapter.runner_keys()}
        setup = validate_model(adapter.setup, _View(doc, own), report.problems)
        start = self._start(data)
        self._seed(data)
        self._chance(data.get("chance", []))
        self._choices(data.get(adapter.choices_key, []))
        if setup is not None and (start is not None or not adapter.starts):  # the game is set up whatever else
            built = Report(doc)  # is wrong, to check the choices against it
            self.state = adapter.build(pack, setup, start, built)
            report.problems += built.problems
        if self.state is None:
            raise _Stop(report.problems)
        players = list(adapter.players(self.state))
        for index, (choice, entry) in enumerate(zip(self.choices, self.entries)):
            player = entry.get("player") if isinstance(entry, dict) else None
            if isinstance(player, str) and player not in players:
                self._problem(index, ("player",), f"{shown(player)} is not a player; players: {', '.join(players)}")
            if choice is None:
                continue
            for found in adapter.check(self.state, choice) if adapter.check else ():
                self._problem(index, found.at, found.reason + (f" (rule {found.rule})" if found.rule else ""))
        if report.problems:
            raise _Stop(report.problems)
        self.first = self.state.clone()

    def _start(self, data: dict) -> str | None:
        adapter = self.adapter
        if not adapter.starts:
            return None
        start = data.get(adapter.start_key, adapter.starts[0])
        if start not in adapter.starts:
            self.report.error((adapter.start_key,), f"{adapter.start_key}: expected one of "
                                                    f"{', '.join(adapter.starts)}; found {shown(start)}")
            return None
        return str(start)

    def _seed(self, data: dict) -> None:
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
            self.report.error(("seed",), f"seed: expected an integer >= 0, found {shown(seed)}")
        else:
            self.seed = seed

    def _chance(self, entries: Any) -> None:
        kinds = ", ".join(self.adapter.chances) or "none in this game"
        if not isinstance(entries, list):
            self.report.error(("chance",), f"chance: expected a list of outcomes, found {shown(entries)}")
            return
        for index, entry in enumerate(entries):
            if not (isinstance(entry, dict) and len(entry) == 1 and next(iter(entry)) in self.adapter.chances):
                self.report.error(("chance", index), f"chance {index + 1}: expected one kind of chance with its "
                                                     f"outcome ({kinds}), found {shown(entry)}")
                continue
            kind, value = next(iter(entry.items()))
            values = value if isinstance(value, list) else [value]
            if not values or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in values):
                self.report.error(("chance", index, kind), f"chance {index + 1}: {kind}: expected an outcome as "
                                                           f"text or a number, found {shown(value)}")
                continue
            self.drawn.append(Drawn(index, kind, ", ".join(map(str, values))))

    def _choices(self, entries: Any) -> None:
        adapter = self.adapter
        key = adapter.choices_key
        if not isinstance(entries, list):
            self.report.error((key,), f"{key}: expected a list of {adapter.label}s, found {shown(entries)}")
            return
        self.entries = entries
        for index, entry in enumerate(entries):
            found: list[Finding] = []
            choice = validate_model(adapter.choice, _View(self.doc, entry, (key, index)), found)
            self.report.problems += [replace(f, message=f"{adapter.label} {index + 1}: {f.message}") for f in found]
            self.choices.append(choice)

    def _problem(self, index: int, at: tuple, message: str, rule: str = RULE, heading: str = "") -> None:
        heading = heading or f"{self.adapter.label} {index + 1}"
        self.report.error((self.adapter.choices_key, index) + tuple(at), f"{heading}: {message}", rule)

    def _stop(self, index: int, at: tuple, message: str, rule: str = RULE, heading: str = "") -> NoReturn:
        """Stop the run with one problem at a choice (others found while playing are dropped)."""
        self.report.problems = []
        self._problem(index, at, message, rule, heading)
        raise _Stop(self.report.problems)

    # --- playing --------------------------------------------------------------------------------------------------
    def play(self) -> None:
        """Chance from the script or the seed, answers from the script or quiet, to the end (or the script's)."""
        adapter, state = self.adapter, self.state
        rng = random.Random(self.seed)
        taken, drawn = 0, 0
        offered: list[str] = []
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcome = self._scripted(drawn)
                drawn += outcome is not None
                state.apply_action(sample_chance(state, rng) if outcome is None else outcome[0])
                continue
            legal = state.legal_actions()
            actions, index, taken = self._next_answer(taken, legal, offered)
            if actions is None:
                quiet = adapter.quiet(state, legal)
                if quiet is None:
                    break  # the script says no more, and the game waits for an answer: it ends here
                actions = (quiet,)
            before = state.clone() if self.keep and index is not None else None
            for action in actions:
                state.apply_action(action)
            if index is not None:
                offered.clear()
                if before is not None:
                    self.turns.append(Turn(index, self.choices[index], before, state.clone()))
        else:
            raise RuntimeError(f"the script did not end within {MAX_STEPS} steps")
        self._leftovers(taken, drawn, offered)

    def _next_answer(self, taken: int, legal: list, offered: list[str]) -> tuple[tuple | None, int | None, int]:
        """The actions of the next choice if it answers the question asked (refused choices before it checked and
        passed over), the choice's index, and the index of the choice after it."""
        adapter, state = self.adapter, self.state
        name = adapter.players(state)[state.current_player()]
        step = adapter.step(state)
        while taken < len(self.choices):
            choice = self.choices[taken]
            words = getattr(choice, "do", None)
            if isinstance(words, str):
                if choice.player != name:
                    return None, None, taken
                said = [state.action_to_string(a) for a in legal]
                if words in said:
                    return (legal[said.index(words)],), taken, taken + 1
                offered += [w for w in said if w not in offered]
                return None, None, taken
            kind = adapter.name_of(choice)
            steps = adapter.answers.get(kind, ())
            if ANY not in steps and step not in steps:
                return None, None, taken
            if kind not in adapter.by_anyone and choice.player != name:
                return None, None, taken
            reply = adapter.answer(state, choice)
            if isinstance(reply, Unclear):
                self._stop(taken, reply.at, reply.reason)
            refusal = self._refusal(reply, legal)
            if choice.refused is not None:
                self._refused(taken, choice, refusal)
                taken += 1
                continue
            if refusal is not None or isinstance(reply, Refusal):
                assert refusal is not None
                asked = f" ({adapter.asked(state)})" if adapter.asked else ""
                self._stop(taken, refusal.at, _because(refusal), heading=f"{adapter.label} {taken + 1}{asked}",
                           rule=refusal.rule)
            assert isinstance(reply, Answer)
            return reply.actions, taken, taken + 1
        return None, None, taken

    def _refusal(self, reply: Answer | Refusal | Unclear, legal: list) -> Refusal | None:
        """Why the reply cannot be played here, or None when every one of its actions is legal in turn."""
        if isinstance(reply, (Refusal, Unclear)):
            return Refusal(reply.reason, at=reply.at) if isinstance(reply, Unclear) else reply
        why = reply.refusal or Refusal("not allowed at this moment")
        if len(reply.actions) == 1:
            return None if reply.actions[0] in legal else why
        trial = self.state.clone()
        for action in reply.actions:
            if trial.is_terminal() or action not in trial.legal_actions():
                return why
            trial.apply_action(action)
        return None if reply.actions else why

    def _refused(self, index: int, choice: Any, refusal: Refusal | None) -> None:
        """A choice written as refused: the rules must forbid it, for the rule it names."""
        if refusal is None:
            self._stop(index, ("refused",), f"written as refused ({choice.refused}), but the rules allow it here")
        assert refusal is not None
        if refusal.rule != choice.refused:
            self._stop(index, ("refused",), f"the rules forbid it for another reason: {_because(refusal)}, "
                                            f"not rule {choice.refused}")
        self.refused.append({self.adapter.label: index + 1, "player": choice.player, "rule": refusal.rule,
                             "reason": refusal.reason})

    def _scripted(self, drawn: int) -> tuple[Any] | None:
        """The next scripted chance outcome, as a 1-tuple, when it is of the kind of chance step waiting."""
        adapter, state = self.adapter, self.state
        if drawn >= len(self.drawn) or adapter.step(state) not in adapter.chances[self.drawn[drawn].kind]:
            return None
        entry = self.drawn[drawn]
        words_of = adapter.chance_words or (lambda s, o: s.action_to_string(o))
        outcomes = [o for o, p in state.chance_outcomes() if p > 0]
        said = [words_of(state, o) for o in outcomes]
        if entry.words in said:
            return (outcomes[said.index(entry.words)],)
        possible = list(dict.fromkeys(said))
        more = f" (and {len(possible) - 20} more)" if len(possible) > 20 else ""
        self.report.problems = []
        self.report.error(("chance", entry.index, entry.kind), f"chance {entry.index + 1}: {shown(entry.words)} "
                                                               f"cannot come up here; {entry.kind} may give: "
                                                               f"{'; '.join(possible[:20])}{more}")
        raise _Stop(self.report.problems)

    def _leftovers(self, taken: int, drawn: int, offered: list[str]) -> None:
        """Choices never asked for, and chance never drawn, are errors at their place."""
        adapter, state = self.adapter, self.state
        if taken < len(self.choices):
            choice = self.choices[taken]
            why = adapter.over(state) if adapter.over is not None and state.is_terminal() else None
            if why is not None:
                self._stop(taken, why.at, _because(why), rule=why.rule)
            words = isinstance(getattr(choice, "do", None), str)
            seen = f"; the {choice.player} were offered: {'; '.join(offered[:12])}" if offered else ""
            self._stop(taken, ("do",) if words else (), f"the engine never asked the {choice.player} for it{seen}")
        if drawn < len(self.drawn):
            entry = self.drawn[drawn]
            self.report.problems = []
            self.report.error(("chance", entry.index, entry.kind), f"chance {entry.index + 1}: no {entry.kind} came "
                                                                   "up where the script says")
            raise _Stop(self.report.problems)

    def result(self) -> dict[str, Any]:
        """The game's outcome, with the refused choices when there were any."""
        outcome = self.adapter.outcome(self.state, self.first)
        if self.refused:
            outcome["refused"] = self.refused
        return outcome


def _because(refusal: Refusal) -> str:
    return refusal.reason + (f" (rule {refusal.rule})" if refusal.rule else "")
