"""A game's log holds typed entries (``engine/events.py``: ``LogEntry``), never tuples.

Two guards, each shown to catch a planted case:

- statically, over ``src/pnpforge/games/**``: a log grows only by ``.log.append(<a call>)`` (an entry's constructor,
  or a function returning one), never by a tuple, a list, a bare name or ``extend``/``insert``/``+=`` of them; no
  ``note(*event)`` helper makes tuples for it; and each state's ``log`` is annotated ``Log``, so the type checker
  holds every append to ``LogEntry``.
- at run time, in random games of every game with a log, in each of its golden configurations: after every action,
  each new entry is a ``LogEntry``; at the end, every entry is still the object logged and equal to a copy taken
  when it was logged (entries are read-only to the type checker, not frozen at run time: ``entry`` says why).
"""

from __future__ import annotations

import ast
import copy
import random
from dataclasses import replace
from pathlib import Path

import pytest

from pnpforge.engine.contract import GameConfig, GamePackage
from pnpforge.engine.events import LogEntry
from pnpforge.engine.loop import RandomBot, play_game

from tests.conftest import REPO
from tests.engine.registered import engine_packs, pack_at

GAMES = REPO / "src" / "pnpforge" / "games"
WRITES = ("append", "extend", "insert")
PLAYED = 4  # random games per golden configuration


def _is_log(node: ast.AST) -> bool:
    """``x.log`` or a name ``log``."""
    return (isinstance(node, ast.Attribute) and node.attr == "log") or (isinstance(node, ast.Name) and node.id == "log")


def _what(node: ast.AST) -> str:
    return {ast.Tuple: "a tuple", ast.List: "a list", ast.Starred: "unpacked values", ast.Constant: "a constant",
            ast.Name: f"'{getattr(node, 'id', '')}'"}.get(type(node), type(node).__name__)


def _entries(node: ast.AST) -> list[ast.AST]:
    """What a write adds: the elements of a display or comprehension, or the value itself."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return list(node.elts)
    if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
        return [node.elt]
    return [node]


def log_writes(source: str) -> list[str]:
    """Where a module's source puts anything but an entry into a game log, in words (nothing when it does not)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        where = f"{getattr(node, 'lineno', 0)}:{getattr(node, 'col_offset', -1) + 1}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method, args = node.func.attr, node.args
            if method in WRITES and _is_log(node.func.value):
                added = args[1:] if method == "insert" else args
                if method != "extend":  # one value
                    bad = [a for a in added if not isinstance(a, ast.Call)]
                else:
                    bad = [e for a in added for e in _entries(a) if not isinstance(e, ast.Call)]
                found += [f"{where}: {method}s {_what(b)} to a game log, not an entry" for b in bad]
            elif method == "note" and (len(args) != 1 or not isinstance(args[0], ast.Call)):
                found.append(f"{where}: note() with {len(args)} values: a game log takes one entry, not a tuple")
        elif isinstance(node, ast.AugAssign) and _is_log(node.target):
            bad = [e for e in _entries(node.value) if not isinstance(e, ast.Call)]
            found += [f"{where}: adds {_what(b)} to a game log, not an entry" for b in bad]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.args.vararg is not None \
                and node.name == "note":
            found.append(f"{where}: note(*{node.args.vararg.arg}) makes tuples for a game log")
        elif isinstance(node, ast.AnnAssign) and _is_log(node.target):
            named = {n.id for n in ast.walk(node.annotation) if isinstance(n, ast.Name)}
            if not named & {"Log", "LogEntry"}:
                found.append(f"{where}: a game log typed {ast.unparse(node.annotation)}, not Log")
        elif isinstance(node, ast.Assign) and any(_is_log(t) for t in node.targets) \
                and isinstance(node.value, (ast.List, ast.ListComp)):
            found.append(f"{where}: a game log made without its type (annotate it Log)")
    return found


def test_no_game_module_puts_anything_but_an_entry_into_a_log() -> None:
    found = [f"{path.relative_to(REPO)}:{problem}" for path in sorted(GAMES.rglob("*.py"))
             for problem in log_writes(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


def test_the_static_guard_catches_tuples_and_untyped_logs() -> None:
    planted = '''
class State:
    def __init__(self):
        self.log: list[tuple] = []
        self.other = []
        self.other.log = []

    def note(self, *event):
        self.log.append(event)

def rules(state, player, card):
    state.log.append(("buy", player, card))
    state.note("buy", player, card)
    state.log.extend([("pass", player), Passed(player)])
    state.log += [(player,)]
    state.log.insert(0, ["x"])
'''
    found = sorted(log_writes(planted), key=lambda line: [int(n) for n in line.split(":")[:2]])
    assert found == [
        "4:9: a game log typed list[tuple], not Log",
        "6:9: a game log made without its type (annotate it Log)",
        "8:5: note(*event) makes tuples for a game log",
        "9:9: appends 'event' to a game log, not an entry",
        "12:5: appends a tuple to a game log, not an entry",
        "13:5: note() with 3 values: a game log takes one entry, not a tuple",
        "14:5: extends a tuple to a game log, not an entry",
        "15:5: adds a tuple to a game log, not an entry",
        "16:5: inserts a list to a game log, not an entry",
    ], found
    fine = '''
def rules(state, player, card):
    state.log.append(Bought(state.round, player, card))
    state.log.append(played(state.round, player, ("pass",)))
    state.log.extend(Passed(p) for p in range(2))
    self.log: Log = []
'''
    assert log_writes(fine) == []


class LogCheck:
    """Runs after every action of a game: each entry logged since is a ``LogEntry``; ``finish`` then finds every
    entry still in its place and unchanged since it was logged."""

    def __init__(self) -> None:
        self.logged: list[LogEntry] = []
        self.copies: list[LogEntry] = []
        self.problems: list[str] = []

    def __call__(self, state, action) -> None:
        for index in range(len(self.logged), len(state.log)):
            entry = state.log[index]
            if not isinstance(entry, LogEntry):
                self.problems.append(f"entry {index}, after {state.action_to_string(action)}: {entry!r} is a "
                                     f"{type(entry).__name__}, not a LogEntry")
            self.logged.append(entry)
            self.copies.append(copy.copy(entry))

    def finish(self, state) -> list[str]:
        for index, (entry, was) in enumerate(zip(self.logged, self.copies)):
            if index >= len(state.log) or state.log[index] is not entry:
                self.problems.append(f"entry {index}: {entry!r} was taken out of the log or replaced")
            elif entry != was:
                self.problems.append(f"entry {index}: {was!r} changed to {entry!r} after it was logged")
        return self.problems


def keeps_log(package: GamePackage, root: Path) -> bool:
    return bool(package.goldens) and hasattr(
        package.new_game(pack_at(root), package.goldens[0].config).new_initial_state(), "log")


def logged_games() -> list:
    """Every game whose state keeps a log: its golden configurations, and the first of them in each of its modes."""
    found = []
    for package, root in engine_packs():
        if keeps_log(package, root):
            first = package.goldens[0].config
            configs = [g.config for g in package.goldens] + [replace(first, mode=m) for m in package.modes]
            found += [pytest.param(package, root, config,
                                   id=f"{root.name}-{config.players}p-{config.mode or 'default'}")
                      for config in dict.fromkeys(configs)]
    return found


@pytest.mark.parametrize("package, root, config", logged_games())
def test_random_games_log_only_entries_and_never_change_them(package: GamePackage, root: Path,
                                                             config: GameConfig) -> None:
    game = package.new_game(pack_at(root), config)
    for seed in range(PLAYED):
        check = LogCheck()
        final = play_game(game, [RandomBot()] * config.players, random.Random(seed), after_action=check)
        assert final.log and not check.finish(final), "\n".join(check.problems)


def test_the_run_time_guard_catches_a_tuple_and_a_changed_entry() -> None:
    package, root = next((p, r) for p, r in engine_packs() if keeps_log(p, r))
    state = package.new_game(pack_at(root), package.goldens[0].config).new_initial_state()
    check = LogCheck()
    rng = random.Random(1)
    while len(state.log) < 2:
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        check(state, action)
    assert not check.problems
    state.log.append(("buy", 0, "a card"))  # what the guard is for
    check(state, action)
    assert check.problems == [f"entry {len(state.log) - 1}, after {state.action_to_string(action)}: "
                              "('buy', 0, 'a card') is a tuple, not a LogEntry"]
    check.problems.clear()
    first = state.log[0]
    setattr(first, next(iter(first.__slots__)), "changed")
    assert [p.split(":")[0] for p in check.finish(state)] == ["entry 0"]
    assert "changed" in check.problems[0]


def test_the_guards_have_games_with_logs_to_check() -> None:
    assert len({p.values[0].name for p in logged_games()}) >= 2  # Legion and Journey
