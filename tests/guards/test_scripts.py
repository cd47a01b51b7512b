"""Scenarios and worked examples are played by one runner, ``engine/script.py``: no module of a game package reads a
script file, keeps an error class for scripts or reads the runner's keys (the choices, chance, ``refused:``) to match
them to the engine's questions; it reaches the runner only through the adapter's vocabulary. Each game's adapter is
one module of at most 150 lines, and its ``replay`` is the runner's. Each guard also catches a planted case."""

from __future__ import annotations

import ast
import importlib
import inspect

import pytest

from pnpforge.games import available_packages, load_package

from tests.conftest import REPO

GAMES = REPO / "src" / "pnpforge" / "games"
ADAPTER_LIMIT = 150
ADAPTER_WORDS = {"ANY", "Answer", "Refusal", "Report", "ScriptAdapter", "ScriptChoice", "Unclear", "play", "replay"}
RUNNER_KEYS = {"choices", "chance", "refused", "expect", "seed"}  # what the runner reads of a script
ERRORS = ("Error", "Exception")


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | \
        {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}


def runner_work(source: str) -> list[str]:
    """What in a module's source is the runner's work, in words (nothing for a module that leaves it alone)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: reads files with {a.name}" for a in node.names if a.name == "yaml"]
        elif isinstance(node, ast.ImportFrom):
            module, names = node.module or "", {a.name for a in node.names}
            if module in ("yaml", "pnpforge.content.source"):
                found.append(f"line {node.lineno}: reads files with {module}")
            elif module == "pnpforge.content.pack" and names & {"validate_model", "DocView"}:
                found.append(f"line {node.lineno}: validates documents ({', '.join(sorted(names))})")
            elif module.startswith("pnpforge.engine.script") and names - ADAPTER_WORDS:
                inner = ", ".join(sorted(names - ADAPTER_WORDS))
                found.append(f"line {node.lineno}: reaches into the runner ({inner})")
        elif isinstance(node, ast.ClassDef):
            bases = {b for base in node.bases for b in _names(base)}
            if any(b.endswith(ERRORS) for b in bases) and (
                    any(word in node.name for word in ("Scenario", "Script", "Replay")) or "findings" in _names(node)):
                found.append(f"line {node.lineno}: defines an error class for scripts ({node.name})")
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and node.slice.value in RUNNER_KEYS:
            found.append(f"line {node.lineno}: reads the script's '{node.slice.value}'")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in RUNNER_KEYS:
            found.append(f"line {node.lineno}: reads the script's '{node.args[0].value}'")
    return found


def test_the_guard_catches_a_runner_of_its_own() -> None:
    planted = '''
import yaml
from pnpforge.content.source import load_yaml
from pnpforge.content.pack import DocView, validate_model
from pnpforge.engine.script import Answer, _Run

class ScenarioError(Exception):
    pass

class Stop(ValueError):
    def __init__(self, findings):
        self.findings = findings

def play(doc, state):
    for index, choice in enumerate(doc.data["choices"]):
        if choice.get("refused"):
            continue
'''
    assert [line.split(":")[0] for line in runner_work(planted)] == [
        "line 2", "line 3", "line 4", "line 5", "line 7", "line 10", "line 15", "line 16"]
    assert runner_work("from pnpforge.engine.script import Answer, Refusal\nclass UnknownCard(ValueError): pass\n") \
        == []


@pytest.mark.parametrize("path", sorted(GAMES.rglob("*.py")), ids=lambda p: str(p.relative_to(GAMES)))
def test_no_game_module_does_the_runner_s_work(path) -> None:
    assert runner_work(path.read_text(encoding="utf-8")) == []


def _adapters(name: str) -> list[str]:
    """The modules of a game package that declare an adapter to the runner."""
    return sorted(p.stem for p in (GAMES / name).glob("*.py")
                  if "ScriptAdapter[" in p.read_text(encoding="utf-8") or "ScriptAdapter(" in p.read_text(
                      encoding="utf-8"))


@pytest.mark.parametrize("name", available_packages())
def test_each_game_replays_through_one_adapter_of_at_most_150_lines(name: str) -> None:
    package = load_package(name)
    if package is None or package.replay is None:
        assert _adapters(name) == []
        return
    module = importlib.import_module(package.replay.__module__)
    assert _adapters(name) == [module.__name__.rsplit(".", 1)[-1]], "one adapter, the module of the package's replay"
    assert len(inspect.getsource(module).splitlines()) <= ADAPTER_LIMIT
    adapter = module.ADAPTER
    assert type(adapter).__name__ == "ScriptAdapter" and "run_script(ADAPTER" in inspect.getsource(package.replay)
