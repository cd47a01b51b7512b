"""Compiled templates are kept in memory and in the build's cache, and used only for the source they came from."""

from __future__ import annotations

import pytest
from jinja2 import Environment

from pnpforge import buildcache
from pnpforge.render import template_code
from pnpforge.render.environment import make_environment


@pytest.fixture
def compiles(monkeypatch, tmp_path):
    """The names of the templates Jinja compiles; memory emptied, compiled templates kept under ``tmp_path``."""
    seen: list[str] = []
    real = Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        seen.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(Environment, "compile", counting)
    monkeypatch.setattr(template_code, "_compiled", {})
    buildcache.use(tmp_path / "cache")
    yield seen
    buildcache.use(None)


def test_a_template_is_compiled_once_for_every_environment_and_the_next_process(compiles, tmp_path) -> None:
    (tmp_path / "face.html").write_text("<p>{{ name }}</p>", encoding="utf-8")
    assert make_environment([tmp_path]).get_template("face.html").render(name="Ivan") == "<p>Ivan</p>"
    assert make_environment([tmp_path]).get_template("face.html").render(name="<b>") == "<p>&lt;b&gt;</p>"
    template_code._compiled.clear()  # as in a new process: only the cache folder is left
    assert make_environment([tmp_path]).get_template("face.html").render(name="Olga") == "<p>Olga</p>"
    assert compiles == ["face.html"]


def test_an_edited_template_is_compiled_again(compiles, tmp_path) -> None:
    (tmp_path / "face.html").write_text("<p>{{ name }}</p>", encoding="utf-8")
    make_environment([tmp_path]).get_template("face.html")
    (tmp_path / "face.html").write_text("<h1>{{ name }}</h1>", encoding="utf-8")
    template_code._compiled.clear()
    assert make_environment([tmp_path]).get_template("face.html").render(name="Ivan") == "<h1>Ivan</h1>"
    assert compiles == ["face.html", "face.html"]


def test_a_damaged_or_foreign_cache_file_is_compiled_over(compiles, tmp_path) -> None:
    (tmp_path / "face.html").write_text("<p>{{ name }}</p>", encoding="utf-8")
    make_environment([tmp_path]).get_template("face.html")
    [entry] = (tmp_path / "cache" / template_code.FOLDER).iterdir()
    for damage in (b"garbage", entry.read_bytes().replace(b"pnpforge-template 1", b"pnpforge-template 0", 1)):
        entry.write_bytes(damage)
        template_code._compiled.clear()
        assert make_environment([tmp_path]).get_template("face.html").render(name="Ivan") == "<p>Ivan</p>"
    assert compiles == ["face.html"] * 3
