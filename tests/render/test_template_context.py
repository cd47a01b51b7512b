"""A template cannot change what it is given: an item's values, the items of a type, a layout's zones."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import ship_faces_with


@pytest.mark.parametrize("attack, column, what", [
    ("{{ v.update({'name': 'x'}) }}", 6, "'update' of 'dict'"),
    ("{{ items('ship').clear() }}", 18, "'clear' of 'list'"),
    ("{{ layout.zones.clear() }}", 17, "'clear' of 'dict'"),
])
def test_a_template_that_changes_shared_data_is_refused_at_its_line(tmp_path: Path, attack: str, column: int,
                                                                    what: str) -> None:
    template, result = ship_faces_with(tmp_path, attack)
    assert result.code == 2, result.output
    assert f"{template}:1:{column}: error: layout 'ship': template 'ship.html': not allowed in a layout's " \
           f"template: access to attribute {what} object is unsafe" in result.output, result.output
    assert not (tmp_path / "out" / "harbour-lights" / "faces").exists()


@pytest.mark.parametrize("attack, message", [
    ("{{ 1/0 }}", "ZeroDivisionError: division by zero"),
    ("{{ v.cost + 'a' }}", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"),
    ("{{ '%d'|format('x') }}", "TypeError: %d format: a real number is required, not str"),
    ("{{ 'x'|truncate(-5) }}", "AssertionError: expected length >= 3, got -5"),
    ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(1) }}", "RecursionError: maximum recursion depth exceeded"),
])
def test_an_expression_that_fails_is_a_located_error_not_an_internal_one(tmp_path: Path, attack: str,
                                                                          message: str) -> None:
    template, result = ship_faces_with(tmp_path, attack)
    assert result.code == 2, result.output
    assert f"{template}:1:1: error: layout 'ship': template 'ship.html': {message}" in result.output, result.output
