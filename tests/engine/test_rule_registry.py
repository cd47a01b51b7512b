"""Each pack's rule registry and its game's tests name each other, by one mechanism: a test names the rule ids it
checks with ``@pytest.mark.rules(...)`` (on the test or on one of its parameters) in ``tests/games/<package>/``.

Every id of the pack's ``rules.yaml`` is named by a test, unless the registry says the engine does not play it
(``unplayed:``, with the reason), and every id a test names is in the registry and played.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from _pytest.mark.structures import ParameterSet

from pnpforge.engine.contract import GamePackage

from tests.conftest import REPO
from tests.engine.registered import pack_at, params

TESTS = REPO / "tests" / "games"


def rule_marks(marks) -> set[str]:
    return {rule for mark in marks if mark.name == "rules" for rule in mark.args}


def named_rules(package_name: str) -> dict[str, set[str]]:
    """Rule id -> the tests naming it, from the marks of every test module of the package's test folder."""
    found: dict[str, set[str]] = {}
    for path in sorted((TESTS / package_name).glob("test_*.py")):
        module = importlib.import_module(f"tests.games.{package_name}.{path.stem}")
        for name, test in vars(module).items():
            if not name.startswith("test_") or not callable(test):
                continue
            marks = list(getattr(test, "pytestmark", []))
            rules = rule_marks(marks)
            for mark in marks:
                if mark.name == "parametrize":
                    rules |= {r for value in mark.args[1] if isinstance(value, ParameterSet)
                              for r in rule_marks(value.marks)}
            for rule in rules:
                found.setdefault(rule, set()).add(f"{path.stem}::{name}")
    return found


@pytest.mark.parametrize("package, root", params())
def test_every_rule_of_the_registry_is_named_by_a_test(package: GamePackage, root: Path) -> None:
    named = named_rules(package.name)
    assert [rule.id for rule in pack_at(root).rules if rule.id not in named and rule.unplayed is None] == []


@pytest.mark.parametrize("package, root", params())
def test_no_test_names_a_rule_the_engine_does_not_play(package: GamePackage, root: Path) -> None:
    named = named_rules(package.name)
    assert [rule.id for rule in pack_at(root).rules if rule.id in named and rule.unplayed is not None] == []


@pytest.mark.parametrize("package, root", params())
def test_every_rule_a_test_names_is_in_the_registry(package: GamePackage, root: Path) -> None:
    known = {rule.id for rule in pack_at(root).rules}
    assert sorted(rule for rule in named_rules(package.name) if rule not in known) == []


@pytest.mark.parametrize("package, root", params())
def test_the_registry_has_no_duplicates(package: GamePackage, root: Path) -> None:
    rules = pack_at(root).rules
    assert rules and len({r.id for r in rules}) == len(rules)


def test_the_coverage_check_sees_a_planted_mark() -> None:
    @pytest.mark.rules("no-such-rule")
    @pytest.mark.parametrize("x", [pytest.param(1, marks=pytest.mark.rules("another-rule"))])
    def test_planted(x) -> None:
        """Never collected: only its marks are read."""

    marks = test_planted.pytestmark
    parametrized = [v for m in marks if m.name == "parametrize" for v in m.args[1]]
    assert rule_marks(marks) == {"no-such-rule"} and rule_marks(parametrized[0].marks) == {"another-rule"}
