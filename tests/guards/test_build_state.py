"""No module outside ``build/`` holds a build's state: nothing a stage makes is handed to another stage through a
module-level variable. A module-level container that code changes after import, or a name rebound with
``global``, is allowed only as a process cache: marked ``# process cache`` where it is made (what it keeps is
the same whichever build asks: parsed templates, a font's metrics, digests of the code) and listed in
``docs/architecture.md``. ``games/`` has its own, stricter guard (``test_structure``)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

SRC = REPO / "src" / "pnpforge"
MARK = "process cache"
MAKERS = {"dict", "list", "set", "defaultdict", "Counter", "OrderedDict", "deque", "bytearray"}
CHANGERS = {"append", "extend", "insert", "pop", "popitem", "clear", "update", "setdefault", "add", "discard",
            "remove", "appendleft", "popleft", "sort", "reverse"}


def _is_container(value: ast.AST) -> bool:
    if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)):
        return True
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in MAKERS


def held_state(source: str) -> list[tuple[str, int]]:
    """Module-level names changed after import (or rebound with ``global``) without the process-cache mark,
    with the line where each is made."""
    tree = ast.parse(source)
    lines = source.splitlines()
    made: dict[str, int] = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) and node.value is not None else []
        value = getattr(node, "value", None)
        for target in targets:
            if isinstance(target, ast.Name) and value is not None and _is_container(value):
                made[target.id] = node.lineno
    changed: set[str] = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Global):
                changed.update(node.names)
                for name in node.names:
                    made.setdefault(name, 0)
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                        changed.add(target.value.id)
                    if isinstance(node, ast.AugAssign) and isinstance(target, ast.Name):
                        changed.add(target.id)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    isinstance(node.func.value, ast.Name) and node.func.attr in CHANGERS:
                changed.add(node.func.value.id)
    return [(name, line) for name, line in sorted(made.items())
            if name in changed and (line == 0 or MARK not in lines[line - 1])]


def process_caches(source: str) -> list[str]:
    """The module-level names marked as process caches."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and MARK in source.splitlines()[node.lineno - 1]:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [target.id for target in targets if isinstance(target, ast.Name)]
    return found


def _modules() -> list[Path]:
    return [path for path in sorted(SRC.rglob("*.py"))
            if path.relative_to(SRC).parts[0] not in ("build", "games")]


def test_no_module_outside_build_holds_the_state_of_a_build() -> None:
    found = [f"{path.relative_to(SRC)}:{line}: {name}" for path in _modules()
             for name, line in held_state(path.read_text(encoding="utf-8"))]
    assert found == [], "module-level state outside build/ (mark a true process cache, or move it into the Build)"


def test_every_process_cache_is_documented() -> None:
    architecture = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [f"{path.relative_to(SRC)}: {name}" for path in _modules()
               for name in process_caches(path.read_text(encoding="utf-8"))
               if f"`{name}`" not in architecture]
    assert missing == []


def test_the_guard_sees_state_handed_between_stages() -> None:
    source = ("_checked = {}\n_root: list = []\n_kept = {}  # process cache: compiled code by source\n"
              "def keep(book):\n    _checked[id(book)] = book\n"
              "def use(root):\n    _root[:] = [root]\n"
              "def remember(key, code):\n    _kept[key] = code\n"
              "def set_flag():\n    global FLAG\n    FLAG = True\n")
    assert held_state(source) == [("FLAG", 0), ("_checked", 1), ("_root", 2)]
