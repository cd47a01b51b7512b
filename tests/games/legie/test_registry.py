"""The rule registry both ways: every id in content/legie/rules.yaml is named by a test here (``@pytest.mark.rules``
on a test or on one of its parameters), and every id a test names exists in the registry."""

from __future__ import annotations

import importlib
from pathlib import Path

from _pytest.mark.structures import ParameterSet

from tests.games.legie.helpers import load_pack_once

HERE = Path(__file__).parent


def _rule_marks(marks) -> set[str]:
    return {rule for mark in marks if mark.name == "rules" for rule in mark.args}


def named_rules() -> dict[str, set[str]]:
    """Rule id -> the tests naming it, read from the marks of every test module in this folder."""
    found: dict[str, set[str]] = {}
    for path in sorted(HERE.glob("test_*.py")):
        module = importlib.import_module(f"tests.games.legie.{path.stem}")
        for name, test in vars(module).items():
            if not name.startswith("test_") or not callable(test):
                continue
            marks = list(getattr(test, "pytestmark", []))
            rules = _rule_marks(marks)
            for mark in marks:
                if mark.name == "parametrize":
                    for value in mark.args[1]:
                        if isinstance(value, ParameterSet):
                            rules |= _rule_marks(value.marks)
            for rule in rules:
                found.setdefault(rule, set()).add(f"{path.stem}::{name}")
    return found


def registry_ids() -> list[str]:
    return [rule.id for rule in load_pack_once().rules]


def test_every_rule_of_the_registry_is_named_by_a_test() -> None:
    named = named_rules()
    assert [rule for rule in registry_ids() if rule not in named] == []


def test_every_rule_a_test_names_is_in_the_registry() -> None:
    known = set(registry_ids())
    assert sorted(rule for rule in named_rules() if rule not in known) == []


def test_the_registry_has_each_mode_and_no_duplicates() -> None:
    rules = load_pack_once().rules
    assert len({r.id for r in rules}) == len(rules)
    assert {r.mode for r in rules} == {"basic", "advanced", "scenario"}


def test_the_coverage_check_sees_a_planted_mark() -> None:
    import pytest

    @pytest.mark.rules("no-such-rule")
    def test_planted() -> None:
        """Never collected: only its marks are read."""

    assert _rule_marks(test_planted.pytestmark) == {"no-such-rule"}
