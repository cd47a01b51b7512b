"""The shape of the code: data flows one way between the parts of ``src/pnpforge``, and a game package holds its
rules and nothing else.

- No import cycle between sibling parts at any depth (subpackages of ``pnpforge``, modules of a subpackage, modules
  of a game package); imports inside functions count, imports under ``if TYPE_CHECKING:`` do not.
- A game package's modules outside the rules modules it declares (rules, bots, checks, drawings, analyses) hold at
  most 250 lines in all: playouts, seating, matches, transcripts and replays belong in ``engine/``.
- No module of ``games/`` changes a module-level container after import: a game's steps, caches and tables live on
  its game instance.
"""

from __future__ import annotations

import ast
import copy
import importlib
import pkgutil
import random
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.engine.playout import Run
from pnpforge.engine.replay import replay_and_check
from pnpforge.engine.simulate import play_and_tally
from pnpforge.engine.validate import Settings
from pnpforge.games import available_packages, load_package

from tests.conftest import REPO
from tests.engine.registered import engine_packs, pack_at

SRC = REPO / "src" / "pnpforge"
GLUE_LIMIT = 250


def _module_name(path: Path, src: Path = SRC) -> list[str]:
    rel = path.relative_to(src.parent).with_suffix("").parts
    return list(rel[:-1]) if rel[-1] == "__init__" else list(rel)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """Nodes under ``if TYPE_CHECKING:``."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                skipped |= {id(n) for n in ast.walk(child)}
    return skipped


def imports_of(path: Path, src: Path = SRC) -> set[tuple[str, ...]]:
    """Every ``pnpforge`` module (or name within one) the file imports, at any level but type checking."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_nodes(tree)
    here = _module_name(path, src)
    package = here if path.name == "__init__.py" else here[:-1]
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {tuple(a.name.split(".")) for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            found |= {tuple(module + [a.name]) for a in node.names} | {tuple(module)}
    return {name for name in found if name and name[0] == "pnpforge"}


def sibling_edges() -> dict[tuple[str, ...], set[tuple[str, ...]]]:
    """Edges between siblings: for each import ``a -> b``, the pair of children of their common parent."""
    edges: dict[tuple[str, ...], set[tuple[str, ...]]] = defaultdict(set)
    for path in SRC.rglob("*.py"):
        source = tuple(_module_name(path))
        for target in imports_of(path):
            common = 0
            while common < min(len(source), len(target)) and source[common] == target[common]:
                common += 1
            if common < len(source) and common < len(target):
                edges[source[: common + 1]].add(target[: common + 1])
    return edges


def cycles(edges: dict) -> list[tuple[str, str]]:
    """Pairs of siblings that reach each other."""
    def reaches(a, b) -> bool:
        seen, todo = set(), [a]
        while todo:
            for nxt in edges.get(todo.pop(), ()):
                if nxt == b:
                    return True
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return False
    return sorted({tuple(sorted((".".join(a), ".".join(b)))) for a in edges for b in edges[a] if reaches(b, a)})


def test_no_import_cycle_between_parts_of_the_package() -> None:
    assert cycles(sibling_edges()) == []


def test_the_cycle_check_sees_a_function_level_cycle(tmp_path: Path) -> None:
    edges = {("pnpforge", "a"): {("pnpforge", "b")}, ("pnpforge", "b"): {("pnpforge", "a")}}
    assert cycles(edges) == [("pnpforge.a", "pnpforge.b")]
    code = "def f():\n    from pnpforge.report import terminal\nif TYPE_CHECKING:\n    from pnpforge.cli import x\n"
    src = tmp_path / "pnpforge"
    path = src / "engine" / "probe.py"
    path.parent.mkdir(parents=True)
    path.write_text(code, encoding="utf-8")
    assert imports_of(path, src) == {("pnpforge", "report"), ("pnpforge", "report", "terminal")}


@pytest.mark.parametrize("name", available_packages())
def test_a_game_package_holds_its_rules_and_little_else(name: str) -> None:
    package = load_package(name)
    folder = SRC / "games" / name
    modules = {p.stem for p in folder.glob("*.py")}
    assert set(package.rules_modules) <= modules, "declared rules modules that do not exist"
    glue = {m: len((folder / f"{m}.py").read_text(encoding="utf-8").splitlines())
            for m in sorted(modules - set(package.rules_modules))}
    assert sum(glue.values()) <= GLUE_LIMIT, f"{name}: {glue} ({sum(glue.values())} lines outside its rules)"


def _game_modules():
    for name in available_packages():
        yield importlib.import_module(f"pnpforge.games.{name}")
        for info in pkgutil.iter_modules([str(SRC / "games" / name)]):
            yield importlib.import_module(f"pnpforge.games.{name}.{info.name}")


MUTABLE = (dict, list, set, Counter, defaultdict, bytearray)


def _snapshot(value: object) -> object:
    """A deep copy, or a shallow one where a value cannot be copied (a compiled module's function objects): the
    container itself is still compared entry for entry."""
    try:
        return copy.deepcopy(value)
    except (TypeError, AttributeError, copy.Error):
        return copy.copy(value)


def _containers() -> dict[str, object]:
    found = {}
    for module in _game_modules():
        for key, value in vars(module).items():
            if type(value) in MUTABLE and not key.startswith("__"):
                found[f"{module.__name__}.{key}"] = _snapshot(value)
    return found


def _exercise() -> None:
    """What the commands do with a game: random and bot games, a validation tally and analysis, replays."""
    for package, root in engine_packs():
        pack = pack_at(root)
        for golden in package.goldens[:2]:
            game = package.new_game(pack, golden.config)
            play_game(game, [RandomBot()] * golden.config.players, random.Random(1))
        run = Run(players=package.goldens[0].config.players, mode=package.goldens[0].config.mode,
                  scenario=package.goldens[0].config.scenario, bots=("search", "greedy"), analyse=True,
                  bot_options=(("iterations", 10), ("samples", 1), ("candidates", 2)))
        tally = play_and_tally(package, pack, run, 2)
        settings = Settings(1, (run.players,), package.modes[0], 2, 1, ("greedy",))
        if package.analyse is not None:
            package.analyse(pack, {run.players: tally}, settings)
        for example in sorted((root / "examples").glob("*.yaml"))[:2]:
            replay_and_check(package, pack, example)


def test_no_game_module_changes_a_module_level_container_after_import() -> None:
    before = _containers()
    _exercise()
    after = _containers()
    assert [k for k in before if before[k] != after.get(k)] == []


@pytest.mark.parametrize("name", available_packages())
def test_no_game_module_rebinds_a_global(name: str) -> None:
    for path in sorted((SRC / "games" / name).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.Global)], path.name
