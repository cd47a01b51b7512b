"""Worked examples: replayed by the engine, their stated outcome checked, their outcome written from the engine's."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from pnpforge.findings import display_path
from pnpforge.engine.replay import dotted, mismatches, replay_and_check
from pnpforge.games.legion_siberian_story import PACKAGE
from pnpforge.publish.rulebook import prepare

from tests.publish.rulebook.conftest import LEGION, load

EXAMPLE = "tie-for-first-place"
STATED = "    - power: {reds: 5, whites: 5, warlords: 3}"


def copy_pack(tmp_path: Path) -> Path:
    root = tmp_path / "legion-siberian-story"
    shutil.copytree(LEGION, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def example_html(book, stem: str) -> str:
    html = "".join(str(chapter.html) for chapter in book.chapters)
    start = html.index(f'data-example="{stem}"')
    return html[start:html.index('class="rb-example"', start) if 'class="rb-example"' in html[start:] else None]


def test_there_are_at_least_nine_examples_and_the_rulebook_shows_each(prepared) -> None:
    stems = sorted(p.stem for p in (LEGION / "examples").glob("*.yaml"))
    assert len(stems) >= 9 and "rulebook-assault-and-scoring" in stems
    html = "".join(str(chapter.html) for chapter in prepared.chapters)
    assert [stem for stem in stems if f'data-example="{stem}"' not in html] == []


def test_a_changed_stated_outcome_is_reported_by_the_suite_and_the_build(tmp_path) -> None:
    root = copy_pack(tmp_path)
    path = root / "examples" / f"{EXAMPLE}.yaml"
    text = path.read_text(encoding="utf-8")
    assert STATED in text
    path.write_text(text.replace(STATED, STATED.replace("reds: 5", "reds: 6")), encoding="utf-8")
    pack = load(root)
    line = text.splitlines().index(STATED) + 1
    column = STATED.index("reds") + 1
    _, outcome = replay_and_check(PACKAGE, pack, path)
    assert [str(f) for f in outcome.findings] == [f"{display_path(path)}:{line}:{column}: error: example '{EXAMPLE}': "
                                                  "expect.plots[0].power.reds: stated 6, engine gives 5"]
    book = prepare(pack, tmp_path / "out", "en")
    assert [str(f) for f in book.findings] == [
        f"{display_path(path)}:{line}:{column}: error: example '{EXAMPLE}': expect.plots[0].power.reds: stated 6, "
        "engine gives 5"]


def test_the_outcome_in_words_follows_the_engine_not_the_file(tmp_path) -> None:
    root = copy_pack(tmp_path)
    path = root / "examples" / f"{EXAMPLE}.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("{id: red-agitator, name: Agitator Zoya, power: 3",
                                 "{id: red-agitator, name: Agitator Zoya, power: 4"), encoding="utf-8")
    book = prepare(load(root), tmp_path / "out", "en")
    html = example_html(book, EXAMPLE)
    assert "Combat power at Speech at the Depot: the Reds 6, the Whites 5 and the Warlords 3." in html
    assert "The Reds win Speech at the Depot." in html
    assert any("expect.plots[0].power.reds: stated 5, engine gives 6" in str(f) for f in book.findings)


def test_the_published_example_words_match_the_stated_outcome(prepared) -> None:
    html = example_html(prepared, EXAMPLE)
    assert "Combat power at Speech at the Depot: the Reds 5, the Whites 5 and the Warlords 3." in html
    assert "The Reds and the Whites share first place at Speech at the Depot: each of them wins." in html
    assert "Survivor reward: the Warlords 1" in html
    assert re.search(r'data-face="example/tie-for-first-place/character/red-agitator"', html)


def test_a_scenario_the_engine_cannot_play_is_reported_where_it_fails(tmp_path) -> None:
    root = copy_pack(tmp_path)
    path = root / "examples" / "second-wound-kills.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("character: telegraphist-rezac}", "character: raider-gusev}"), encoding="utf-8")
    book = prepare(load(root), tmp_path / "out", "en")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "character: telegraphist-rezac}" in row)
    assert [str(f) for f in book.findings] == [
        f"{display_path(path)}:{line}:5: error: choice 4 (wound of the legionnaires): 'raider-gusev' is not one of "
        "the legionnaires' characters at 'scenario-plot-1' (rule assault-owner-assigns-wounds)"]


@pytest.mark.parametrize("expected, actual, found", [
    ({"a": 1}, {"a": 1, "b": 2}, []),
    ({"a": [{"x": 1}]}, {"a": [{"x": 2, "y": 3}]}, [(("a", 0, "x"), "stated 1, engine gives 2")]),
    ({"c": 1}, {}, [(("c",), "the engine reports no such value")]),
    ({"l": [1, 2]}, {"l": [2, 1]}, [(("l",), "stated [1, 2], engine gives [2, 1]")]),
])
def test_mismatches_compare_only_what_is_stated(expected, actual, found) -> None:
    assert mismatches(expected, actual) == found
    assert dotted(("expect", "plots", 0, "power")) == "expect.plots[0].power"
