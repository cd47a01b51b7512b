"""The Legie rulebook in each language (content/legie/rules/<lang>/): every rule id of rules.yaml is explained by
a section and every id a section names exists, the two languages explain the same ids in the same chapters, the
German book has its own labels, and building the PDFs reports nothing above info."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from pnpforge.content.pack import load_pack

from pnpforge.publish.rulebook import build_rulebook, prepare, rulebook_targets
from pnpforge.publish.rulebook.book import load_sources, rules_folder
from pnpforge.publish.rulebook.chapters import rule_coverage
from pnpforge.publish.rulebook.document import Rulebook

from tests.conftest import REPO
from tests.games.legie.helpers import PACK, load_pack_once
from tests.publish.rulebook.test_rule_ids import named_ids

LANGUAGES = ["en", "de"]


@pytest.fixture(scope="module", params=LANGUAGES)
def prepared(request, tmp_path_factory) -> Rulebook:
    """One language's chapters, glossary and index rendered to HTML parts, without any PDF."""
    return prepare(load_pack_once(), tmp_path_factory.mktemp(f"legie-rulebook-{request.param}"), request.param)


@pytest.fixture(scope="module", params=LANGUAGES)
def built(request, tmp_path_factory) -> dict:
    """Both paper sizes of one language, built through the same code as ``pnpforge build --only rulebook``."""
    lang = request.param
    out = tmp_path_factory.mktemp(f"legie-rulebook-pdf-{lang}")
    pack = load_pack_once()
    cache = REPO / "build" / "legie" / ("" if lang == pack.game.languages[0] else lang) / "cache" / "rulebook"
    return {"lang": lang, "findings": build_rulebook(pack, out, lang, cache=cache), **rulebook_targets(out)}


def test_each_language_has_its_own_rules_folder() -> None:
    pack = load_pack_once()
    assert pack.game.languages == LANGUAGES
    for lang in LANGUAGES:
        assert rules_folder(pack, lang) == PACK / "rules" / lang


def test_every_registry_id_is_explained_by_a_section(prepared) -> None:
    registry = [rule.id for rule in load_pack_once().rules]
    assert len(registry) == 40
    assert [rule_id for rule_id in registry if rule_id not in named_ids(prepared)] == []


def test_every_id_a_section_names_is_in_the_registry(prepared) -> None:
    registry = {rule.id for rule in load_pack_once().rules}
    assert {rule_id: where for rule_id, where in named_ids(prepared).items() if rule_id not in registry} == {}


def test_the_coverage_check_finds_nothing(prepared) -> None:
    assert [str(f) for f in rule_coverage(load_pack_once(), prepared.chapters)] == []


def test_both_languages_explain_the_same_ids_in_the_same_chapters(tmp_path) -> None:
    pack = load_pack_once()
    books = {lang: prepare(pack, tmp_path / lang, lang) for lang in LANGUAGES}
    ids = {lang: [sorted({r for h in chapter.headings for r in h.rules}) for chapter in book.chapters]
           for lang, book in books.items()}
    assert len(books["en"].chapters) == len(books["de"].chapters) == 14
    assert ids["en"] == ids["de"]


SAME_IN_GERMAN = {"version"}  # "Version {version}" is German too


def test_the_german_book_has_german_labels() -> None:
    english, book = load_sources(load_pack_once(), "en"), load_sources(load_pack_once(), "de")
    assert english.strings and book.findings == []
    assert [key for key in english.strings if key not in SAME_IN_GERMAN and book.label(key) == english.label(key)] == []
    assert (book.label("contents"), book.label("glossary"), book.label("index")) == ("Inhalt", "Glossar", "Register")
    assert book.book.subtitle == "Spielregel"
    diagrams = [key for key in english.book.labels if key.startswith("diagram_")]  # the game's own words
    assert len(diagrams) == 11 and all(book.label(key) != english.label(key) for key in diagrams)


def test_every_glossary_term_is_used_in_the_text(prepared) -> None:
    unused = [entry.term for entry in prepared.index if not entry.uses]
    assert unused == []


def test_the_build_reports_nothing_above_info(built) -> None:
    assert [str(f) for f in built["findings"] if f.severity != "info"] == []
    for paper in ("a4", "letter"):
        assert built[paper].is_file() and built[paper].read_bytes().startswith(b"%PDF")


EXAMPLES = {"knight-support", "archer-forced-target", "king-crown", "general-archer", "forest-and-fortification",
            "king-hunt"}


def test_the_rulebook_shows_the_worked_examples_as_boards_before_and_after(prepared: Rulebook) -> None:
    html = "\n".join(str(chapter.html) for chapter in prepared.chapters)
    shown = set(re.findall(r'data-example="([^"]+)"', html))
    assert shown == EXAMPLES
    assert html.count('class="rb-board"') == 2 * len(EXAMPLES)
    assert not [f for f in prepared.findings if f.severity != "info"]


def test_a_changed_stated_outcome_of_an_example_is_reported(tmp_path) -> None:
    """Examples are executable: the engine's position is compared with <stem>.expected.json."""
    copy = tmp_path / "legie"
    shutil.copytree(PACK, copy)
    stated = copy / "examples" / "knight-support.expected.json"
    outcome = json.loads(stated.read_text(encoding="utf-8"))
    outcome["flag"] = "b3"
    stated.write_text(json.dumps(outcome), encoding="utf-8")
    pack, problems = load_pack(copy)
    assert pack is not None, problems
    book = prepare(pack, tmp_path / "out", "en")
    errors = [str(f) for f in book.findings if f.severity == "error"]
    assert any("example 'knight-support': knight-support.expected.json: flag: " in e and "'b3'" in e
               for e in errors), errors
