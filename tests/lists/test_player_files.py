"""Player files for any pack (``--list FILE``): a kind declared as data in game.yaml, read with every value located,
its fields checked like a type's; a pack without player files, a file that cannot be used and an unknown id give
their findings with the exit codes of pack findings."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.content.player_files import examples, load_player_file
from pnpforge.lists.run import check_list

from tests.conftest import DATA
from tests.helpers import run_cli

# a shopping list for the data-only fixture game: which merchants a player brings to the market
KIND = """
player_files:
  shopping_list:
    label: shopping list
    examples: lists
    fields:
      faction: {kind: ref, to: faction, required: true}
      merchants: {kind: list, min_items: 1, required: true, of: {kind: ref, to: merchant}}
      budget: {kind: int, min: 1, max: 99, default: 10}
"""


@pytest.fixture
def market(tmp_path: Path) -> Path:
    """The fixture game with a kind of player file and one example."""
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    (pack / "game.yaml").write_text((pack / "game.yaml").read_text(encoding="utf-8") + KIND, encoding="utf-8")
    (pack / "lists").mkdir()
    (pack / "lists" / "first.yaml").write_text("faction: wick-guild\nmerchants: [old-marta]\n", encoding="utf-8")
    return pack


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_pack_without_player_files_says_so(tmp_path: Path) -> None:
    path = write(tmp_path, "faction: wick-guild\n")
    result = run_cli("validate", str(DATA / "lantern-market"), "--list", str(path))
    assert result.code == 2, result.output
    assert (
        f"{path}: error: pack 'lantern-market' declares no player files, so it has no list to check or print "
        "(a pack declares them in game.yaml under player_files:)"
    ) in result.output


def test_a_list_of_a_pack_without_checks_is_read_and_its_fields_checked(market: Path, tmp_path: Path) -> None:
    pack, problems = load_pack(market)
    assert pack is not None, [str(p) for p in problems]
    assert [p.name for p in examples(pack, "shopping_list")] == ["first.yaml"]
    report = check_list(pack, market / "lists" / "first.yaml")
    assert report.file is not None and report.file.data == {
        "faction": "wick-guild",
        "merchants": ["old-marta"],
        "budget": 10,
    }
    assert [str(f) for f in report.findings] == [
        f"{market}/lists/first.yaml: warning: pack 'lantern-market' (it has no game package) has no checks of a "
        "shopping list: its fields alone were checked"
    ]


def test_an_unknown_id_is_an_error_at_its_place(market: Path, tmp_path: Path) -> None:
    path = write(tmp_path, "faction: wick-guild\nmerchants:\n  - old-marta\n  - nobody\n")
    result = run_cli("validate", str(market), "--list", str(path))
    assert result.code == 1, result.output
    assert f"{path}:4:5: error: merchants[1]: no merchant 'nobody'; merchant ids: " in result.output


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "faction: wick-guild\nmerchants: [old-marta]\nbudget: lots\n",
            "3:1: error: shopping list: budget: expected an integer, found 'lots'",
        ),
        (
            "faction: wick-guild\nmerchants: []\n",
            "2:1: error: shopping list: merchants: expected at least 1 item, found 0",
        ),
        (
            "faction: wick-guild\nmerchant: [old-marta]\n",
            "2:1: error: shopping list: unknown key 'merchant'; accepted keys: budget, faction, merchants",
        ),
        ("faction: [wick-guild\n", "2:1: error: YAML syntax error"),
        ("- wick-guild\n", "1:1: error: expected a mapping of fields at the top of the file"),
    ],
)
def test_a_list_that_cannot_be_used_exits_2_at_its_place(
    market: Path, tmp_path: Path, text: str, expected: str
) -> None:
    path = write(tmp_path, text)
    result = run_cli("validate", str(market), "--list", str(path))
    assert result.code == 2, result.output
    assert f"{path}:{expected}" in result.output
    assert "internal error" not in result.output


def test_a_missing_list_file(market: Path, tmp_path: Path) -> None:
    pack, _ = load_pack(market)
    assert pack is not None
    player_file, found = load_player_file(pack, tmp_path / "gone.yaml")
    assert player_file is None and [str(f) for f in found] == [
        f"{tmp_path}/gone.yaml: error: no file '{tmp_path}/gone.yaml'"
    ]


def test_a_pack_with_two_kinds_needs_the_file_to_name_its_kind(market: Path, tmp_path: Path) -> None:
    game = market / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8") + "  wish_list:\n    fields: {merchants: {kind: list, of: "
        "{kind: ref, to: merchant}}}\n",
        encoding="utf-8",
    )
    pack, problems = load_pack(market)
    assert pack is not None, [str(p) for p in problems]
    path = write(tmp_path, "merchants: [old-marta]\n")
    assert [str(f) for f in load_player_file(pack, path)[1]] == [
        f"{path}:1:1: error: kind: expected one of shopping_list, wish_list (the pack's player files); the file names "
        "none"
    ]
    path = write(tmp_path, "kind: wish_list\nmerchants: [old-marta]\n")
    player_file, found = load_player_file(pack, path)
    assert player_file is not None and player_file.kind == "wish_list" and found == []
