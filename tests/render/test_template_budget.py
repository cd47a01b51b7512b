"""A template that would run without end or fill the memory is stopped at its line, quickly (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.render.environment import make_environment
from pnpforge.render.template_budget import TooMuchWork
from tests.helpers import ship_faces_with

STEPS = "its loops and calls take more than 1,000,000 steps in one render"


@pytest.mark.parametrize("attack, message", [
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", STEPS),
    ("{{ 'a' * 10**10 }}", "'*' would make a value of 10,000,000,000 characters or items (at most 1,000,000)"),
    ("{% set ns = namespace(s='ab') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}",
     "'~' would make a value of 1,048,576 characters or items (at most 1,000,000)"),
    ("{{ range(10**9)|length }}", "range(1,000,000,000) has 1,000,000,000 numbers (at most 100,000)"),
    ("{{ 10**100000 }}", "'**' would make a number of about 100,000 digits (at most 10,000)"),
    ("{% set s = 'x' * 900000 %}{% for i in range(100) %}{{ s }}{% endfor %}",
     "it writes more than 20,000,000 characters in one render"),
])
def test_a_template_that_does_too_much_work_is_stopped_at_its_line(tmp_path: Path, attack: str, message: str) -> None:
    template, result = ship_faces_with(tmp_path, attack)
    assert result.code == 2, result.output
    assert f"{template}:1:1: error: layout 'ship': template 'ship.html': too much work: {message}" in result.output, \
        result.output
    assert not (tmp_path / "out" / "harbour-lights" / "faces").exists()


@pytest.mark.parametrize("attack", [
    "{{ 'x'|center(10**10) }}",
    "{{ 'x'.ljust(10**10) }}",
    "{{ '{:>9999999999}'.format(1) }}",
    "{{ '{:>{}}'.format(1, 10**10) }}",
    "{{ '%9999999999d' % 1 }}",
    "{{ '%*d'|format(10**10, 1) }}",
    "{{ ('\n' * 900000)|indent(1000) }}",
    "{{ (['x' * 900000] * 900)|join }}",
    "{% set ns = namespace(s='ab') %}{% for i in range(40) %}{% set ns.s = ns.s|replace('a', 'aaaa') %}{% endfor %}",
    "{% set ns = namespace(n=10) %}{% for i in range(40) %}{% set ns.n = ns.n * ns.n %}{% endfor %}",
    "{% macro m() %}{% for i in range(100000) %}" + "y" * 1000 + "{% endfor %}{% endmacro %}{{ m() }}",
])
def test_other_ways_to_make_a_huge_value_are_refused_before_it_is_made(tmp_path: Path, attack: str) -> None:
    (tmp_path / "t.html").write_text(attack, encoding="utf-8")
    with pytest.raises(TooMuchWork):
        make_environment([tmp_path]).get_template("t.html").render()


def test_what_a_face_needs_stays_within_the_budget(tmp_path: Path) -> None:
    (tmp_path / "t.html").write_text("{% for i in range(10) %}{{ i }}{% endfor %}|{{ range(3)|list }}|"
                                     "{{ range(3)|reverse|join(',') }}|{{ 'a' ~ 'b' }}|{{ '%5.1f' % 2.25 }}|"
                                     "{{ '{:>4}'.format(7) }}|{{ '%d'|format(10**8) }}|{{ 'ab' * 2 }}|{{ 2**10 }}",
                                     encoding="utf-8")
    assert make_environment([tmp_path]).get_template("t.html").render() == \
        "0123456789|[0, 1, 2]|2,1,0|ab|  2.2|   7|100000000|abab|1024"
