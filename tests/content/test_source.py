"""Located YAML: values keep their positions; what the format forbids is refused with a position."""

from __future__ import annotations

import pytest

from pnpforge.content.source import LoadError, parse_yaml


def test_every_key_and_value_keeps_its_line_and_column() -> None:
    doc = parse_yaml("- id: a\n  skills: [combat, charisma]\n  power: 3\n", "x.yaml")
    assert doc.data == [{"id": "a", "skills": ["combat", "charisma"], "power": 3}]
    assert str(doc.mark((0, "power"))) == "x.yaml:3:3"
    assert str(doc.value_mark((0, "power"))) == "x.yaml:3:10"
    assert str(doc.value_mark((0, "skills", 1))) == "x.yaml:2:20"
    assert str(doc.mark((0, "missing"))) == "x.yaml:1:3"


def test_aliases_expand_within_the_budget_and_keep_the_alias_position() -> None:
    doc = parse_yaml("a: &x [1, 2]\nb: *x\n", "x.yaml")
    assert doc.data == {"a": [1, 2], "b": [1, 2]}
    assert str(doc.value_mark(("b",))) == "x.yaml:2:4"


def test_timestamps_and_yaml11_oddities_stay_text_where_written_as_text() -> None:
    doc = parse_yaml("when: 2024-01-02\nname: 'yes'\nflag: true\n", "x.yaml")
    assert doc.data == {"when": "2024-01-02", "name": "yes", "flag": True}


@pytest.mark.parametrize("text, message", [
    ("a: 1\na: 2\n", "x.yaml:2:1: error: duplicate key 'a' (first defined at line 1)"),
    ("a: !custom 1\n", "x.yaml:1:4: error: YAML tags are not allowed (found '!custom')"),
    ("%TAG ! tag:x,2000:\n---\na: 1\n", "x.yaml:1:1: error: YAML directives are not allowed (found '%TAG')"),
    ("a: [1, 2\n", "x.yaml:2:1: error: YAML syntax error: expected ',' or ']', but got '<stream end>' "
                   "while parsing a flow sequence"),
    ("# only a comment\n", "x.yaml:1:1: error: file is empty: it holds no YAML data"),
    ("? [a, b]\n: 1\n", "x.yaml:1:3: error: a mapping key must be a plain value, not a list or mapping"),
])
def test_refused_input_is_located(text: str, message: str) -> None:
    with pytest.raises(LoadError) as caught:
        parse_yaml(text, "x.yaml")
    assert str(caught.value.findings[0]) == message
    assert caught.value.findings[0].blocking


def test_a_self_referencing_alias_is_refused_not_followed_forever() -> None:
    with pytest.raises(LoadError) as caught:
        parse_yaml("a: &a [*a, *a]\n", "x.yaml")
    assert str(caught.value) == "x.yaml:1:8: error: nesting is deeper than 100 levels"


def test_a_shared_document_is_parsed_once_and_again_when_its_file_changes(tmp_path) -> None:
    from pnpforge.content.source import load_yaml_shared

    path = tmp_path / "layout.yaml"
    path.write_text("size: poker\n", encoding="utf-8")
    first = load_yaml_shared(path)
    assert load_yaml_shared(path) is first
    path.write_text("size: bridge-long\n", encoding="utf-8")  # another size: the file's size changes
    assert load_yaml_shared(path).data == {"size": "bridge-long"}


def test_a_build_keeps_parsed_files_and_reads_them_back_the_same(tmp_path, monkeypatch) -> None:
    from pnpforge.caches.store import Store
    from pnpforge.content import source
    from pnpforge.content.parsed import ParsedFiles

    kept_files = ParsedFiles(Store(tmp_path / "cache"))
    path = tmp_path / "cards.yaml"
    path.write_text("- id: ivan\n  name: Ivan\n  power: 4\n- id: anna\n  tags: [a, b]\n", encoding="utf-8")
    fresh = source.load_yaml(path, "cards.yaml")
    first = source.load_yaml(path, "cards.yaml", kept_files)  # parsed, then kept
    monkeypatch.setattr(source, "parse_yaml", lambda *args: pytest.fail("parsed again"))
    kept = source.load_yaml(path, "cards.yaml", kept_files)
    assert (kept.data, kept.marks, kept.key_marks, kept.lines) == \
        (fresh.data, fresh.marks, fresh.key_marks, fresh.lines) == (first.data, first.marks, first.key_marks,
                                                                   first.lines)
    monkeypatch.undo()
    path.write_text("- id: ivan\n  power: 5\n", encoding="utf-8")
    assert source.load_yaml(path, "cards.yaml", kept_files).data == [{"id": "ivan", "power": 5}]
    path.write_text("- id: ivan\n  power: 1" + "0" * 40 + "\n", encoding="utf-8")
    huge = source.load_yaml(path, "cards.yaml", kept_files)
    assert isinstance(huge.data[0]["power"], source.HugeNumber)
    assert isinstance(source.load_yaml(path, "cards.yaml", kept_files).data[0]["power"], source.HugeNumber)


def test_a_kept_entry_is_used_only_for_the_very_text_it_was_parsed_from(tmp_path) -> None:
    import json

    from pnpforge.caches.store import SEAL, Store
    from pnpforge.content import source
    from pnpforge.content.parsed import ParsedFiles

    store = Store(tmp_path / "cache")
    kept_files = ParsedFiles(store)
    path = tmp_path / "cards.yaml"
    path.write_text("- id: ivan\n  power: 4\n", encoding="utf-8")
    source.load_yaml(path, "cards.yaml", kept_files)
    [entry] = (tmp_path / "cache").iterdir()
    kept = json.loads(entry.read_bytes()[SEAL:])
    key = kept_files._key("cards.yaml", kept["text"])
    # sealed as this user's, under the real text's key, but parsed from another text
    store.keep(key, json.dumps({**kept, "data": [{"id": "ivan", "power": 99}],
                                "text": "- id: ivan\n  power: 99\n"}).encode("utf-8"))
    assert source.load_yaml(path, "cards.yaml", kept_files).data == [{"id": "ivan", "power": 4}]
    # the real text with other values, but not sealed by this user's pnpforge
    entry.write_bytes(bytes(SEAL) + json.dumps({**kept, "data": [{"id": "ivan", "power": 99}]}).encode("utf-8"))
    assert source.load_yaml(path, "cards.yaml", kept_files).data == [{"id": "ivan", "power": 4}]
    entry.write_bytes(b"\x00garbage")
    assert source.load_yaml(path, "cards.yaml", kept_files).data == [{"id": "ivan", "power": 4}]
