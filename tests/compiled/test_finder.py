"""The compiled build's finder, on a toy package whose "compiled" modules are stand-ins: every listed module loads
from the build only while every listed source is the one the manifest names, for this Python, with the group's
library loading; else every one loads plain, and the status says why. No compiler runs here."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Iterator

import pytest

from pnpforge.compiled.finder import COMPILED, CompiledFinder, python_tag, source_digest

SOURCES = {"hot.py": "WHERE = 'plain'\n", "warm.py": "WHERE = 'plain'\n", "cold.py": "WHERE = 'plain'\n"}


@pytest.fixture
def toy(tmp_path: Path) -> Iterator[Path]:
    """A package ``toypkg`` (hot, warm and cold modules) on sys.path, and a build of hot and warm beside it whose
    extensions are Python stand-ins saying ``compiled``; everything taken away afterwards."""
    root, built = tmp_path / "root", tmp_path / "built"
    (root / "toypkg").mkdir(parents=True)
    (root / "toypkg" / "__init__.py").write_text("", encoding="utf-8")
    for name, text in SOURCES.items():
        (root / "toypkg" / name).write_text(text, encoding="utf-8")
    (built / "toypkg").mkdir(parents=True)
    for name in ("hot.py", "warm.py"):
        (built / "toypkg" / name).write_text("import toy__mypyc\nWHERE = 'compiled'\n", encoding="utf-8")
    (built / "toy__mypyc.py").write_text("LOADED = True\n", encoding="utf-8")
    manifest = {"format": 1, "package": "toypkg", "python": python_tag(),
                "library": {"name": "toy__mypyc", "file": "toy__mypyc.py"},
                "modules": {f"toypkg.{name[:-3]}": {"source": name, "file": f"toypkg/{name}",
                                                    "sha256": source_digest(str(root / "toypkg" / name))}
                            for name in ("hot.py", "warm.py")}}
    (built / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    finders = list(sys.meta_path)
    yield tmp_path
    sys.path.remove(str(root))
    sys.meta_path[:] = finders  # pnpforge's own finder, if any, stays
    for name in [name for name in sys.modules if name.startswith(("toypkg", "toy__mypyc"))]:
        del sys.modules[name]


def _finder(toy: Path) -> CompiledFinder:
    import toypkg  # noqa: F401  (the package is imported before its modules, as pnpforge is)

    finder = CompiledFinder(str(toy / "built" / "manifest.json"), package="toypkg")
    sys.meta_path.insert(0, finder)
    return finder


def _where() -> tuple[str, str, str]:
    import toypkg.cold
    import toypkg.hot
    import toypkg.warm

    return toypkg.hot.WHERE, toypkg.warm.WHERE, toypkg.cold.WHERE


def test_a_current_build_loads_every_listed_module_and_its_library(toy: Path) -> None:
    finder = _finder(toy)
    assert _where() == ("compiled", "compiled", "plain")  # cold is not listed
    assert finder.status() == COMPILED
    assert "toy__mypyc" in sys.modules
    assert sys.modules["toypkg.hot"].__file__ == str(toy / "built" / "toypkg" / "hot.py")


def test_one_edited_source_makes_every_listed_module_plain(toy: Path) -> None:
    (toy / "root" / "toypkg" / "warm.py").write_text("WHERE = 'plain'  # edited\n", encoding="utf-8")
    finder = _finder(toy)
    assert _where() == ("plain", "plain", "plain")  # hot is unchanged, but the group goes whole or not at all
    assert finder.status().startswith("plain: ") and "warm.py differs" in finder.status()
    assert "toy__mypyc" not in sys.modules


def test_a_missing_extension_is_plain(toy: Path) -> None:
    (toy / "built" / "toypkg" / "warm.py").unlink()
    finder = _finder(toy)
    assert _where() == ("plain", "plain", "plain")
    assert "toypkg.warm's compiled extension is missing" in finder.status()


def test_a_build_for_another_python_is_plain(toy: Path) -> None:
    manifest_path = toy / "built" / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["python"]["hexversion"] -= 1
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    finder = _finder(toy)
    assert _where() == ("plain", "plain", "plain")
    assert "for another Python (hexversion" in finder.status()


def test_a_library_that_does_not_load_is_plain(toy: Path) -> None:
    (toy / "built" / "toy__mypyc.py").write_text("raise ImportError('undefined symbol: CPy_Foo')\n", encoding="utf-8")
    finder = _finder(toy)
    assert _where() == ("plain", "plain", "plain")
    assert finder.status() == "plain: the compiled library did not load (undefined symbol: CPy_Foo)"
    assert "toy__mypyc" not in sys.modules


def test_an_unreadable_manifest_is_plain(toy: Path) -> None:
    (toy / "built" / "manifest.json").write_text("{not json", encoding="utf-8")
    finder = _finder(toy)
    assert _where() == ("plain", "plain", "plain")
    assert finder.status().startswith("plain: the compiled build's manifest") and "unreadable" in finder.status()


def test_the_decision_is_made_once_and_only_at_a_listed_import(toy: Path) -> None:
    finder = _finder(toy)
    import toypkg.cold  # noqa: F401  (not listed: no check yet)

    assert finder.decision is None
    import toypkg.hot  # noqa: F401

    assert finder.decision == COMPILED
    (toy / "root" / "toypkg" / "warm.py").write_text("WHERE = 'edited later'\n", encoding="utf-8")
    import toypkg.warm

    assert toypkg.warm.WHERE == "compiled"  # the process keeps one build: the group is already loaded
