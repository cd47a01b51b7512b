"""Compiled templates are kept in this process's memory only, and used only for the source they came from."""

from __future__ import annotations

import pytest
from jinja2 import Environment

from pnpforge.render import template_code
from pnpforge.render.environment import make_environment


@pytest.fixture
def compiles(monkeypatch):
    """The names of the templates Jinja compiles, with the process's compiled templates emptied."""
    seen: list[str] = []
    real = Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        seen.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(Environment, "compile", counting)
    monkeypatch.setattr(template_code, "_compiled", {})
    return seen


def test_a_template_is_compiled_once_for_every_environment_of_the_process(compiles, tmp_path) -> None:
    (tmp_path / "face.html").write_text("<p>{{ name }}</p>", encoding="utf-8")
    assert make_environment([tmp_path]).get_template("face.html").render(name="Ivan") == "<p>Ivan</p>"
    assert make_environment([tmp_path]).get_template("face.html").render(name="<b>") == "<p>&lt;b&gt;</p>"
    assert compiles == ["face.html"]


def test_an_edited_template_is_compiled_again(compiles, tmp_path) -> None:
    (tmp_path / "face.html").write_text("<p>{{ name }}</p>", encoding="utf-8")
    make_environment([tmp_path]).get_template("face.html")
    (tmp_path / "face.html").write_text("<h1>{{ name }}</h1>", encoding="utf-8")
    assert make_environment([tmp_path]).get_template("face.html").render(name="Ivan") == "<h1>Ivan</h1>"
    assert compiles == ["face.html", "face.html"]


def test_nothing_compiled_is_written_to_disk(compiles, tmp_path) -> None:
    (tmp_path / "face.html").write_text("<p>{{ name }}</p>", encoding="utf-8")
    make_environment([tmp_path]).get_template("face.html")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["face.html"]
