"""Item files as CSV sheets: the same items as YAML, and every problem located at its row and column."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.content.sheet import MAX_SHEET_BYTES, column_key

from tests.conftest import DATA
from tests.helpers import run_cli

STALLS = """id,name,name.de,rent
corner-stall,Corner Stall,Eckstand,1
fountain-stall,Fountain Stall,Brunnenstand,2
bridge-stall,Bridge Stall,Brückenstand,
"""


def _sheet_pack(tmp_path: Path, text: str | bytes = STALLS) -> Path:
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    (pack / "stalls.yaml").unlink()
    game = pack / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("file: stalls.yaml", "file: stalls.csv"),
                    encoding="utf-8")
    sheet = pack / "stalls.csv"
    sheet.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return pack


def _values(pack):
    return [(i.id, i.values, i.qty) for i in pack.items["stall"]]


def test_a_sheet_gives_the_same_items_as_the_yaml_it_replaces(tmp_path: Path) -> None:
    from_yaml, problems = load_pack(DATA / "lantern-market")
    from_sheet, sheet_problems = load_pack(_sheet_pack(tmp_path))
    assert problems == [] and sheet_problems == []
    assert _values(from_sheet) == _values(from_yaml)
    result = run_cli("validate", "--static", str(tmp_path / "lantern-market"))
    assert result.code == 0, result.output


CASES = [
    ("wrong type in a cell", STALLS.replace("Eckstand,1", "Eckstand,one"), 2,
     "stalls.csv:2:4: error: stall 'corner-stall': rent: expected an integer, found 'one'"),
    ("missing required column", STALLS.replace(",name,name.de,", ",").replace(",Corner Stall,Eckstand,", ",")
     .replace(",Fountain Stall,Brunnenstand,", ",").replace(",Bridge Stall,Brückenstand,", ","), 2,
     "stalls.csv:1:1: error: missing required column 'name'"),
    ("unknown column", STALLS.replace("rent\n", "rent,colour\n"), 2,
     "stalls.csv:1:5: error: unknown column 'colour'; accepted columns: id, qty, name, rent"),
    ("bad id", STALLS.replace("corner-stall,", "Corner Stall!,"), 2,
     "stalls.csv:2:1: error: stall 'Corner Stall!': id: expected a kebab-case id (lowercase letters and digits "
     "joined by hyphens), found 'Corner Stall!'"),
    ("duplicate id", STALLS.replace("bridge-stall,", "corner-stall,"), 1,
     "stalls.csv:4:1: error: stall 'corner-stall': duplicate id 'corner-stall' (also stall 'corner-stall' at "
     "{pack}/stalls.csv:2:1)"),
    ("undeclared language", STALLS.replace("name.de", "name.fr"), 2,
     "stalls.csv:1:3: error: column 'name.fr': 'fr' is not one of the pack's languages (en, de)"),
    ("empty sheet", "\n\n", 2, "stalls.csv:1:1: error: file is empty"),
    ("header only", "id,name,rent\n", 1, "game.yaml:34:19: warning: box: the box lists 3 stall items, the content has "
                                        "0 (an error under --strict or box_strict: true)"),
    ("not UTF-8", STALLS.replace("ü", "\xfc").encode("latin-1"), 2,
     "stalls.csv:4:29: error: file is not valid UTF-8 (byte 0xfc); save it with UTF-8 encoding"),
]


@pytest.mark.parametrize("what, text, code, message", CASES, ids=[c[0] for c in CASES])
def test_a_sheet_problem_is_located_at_its_row_and_column(tmp_path: Path, what, text, code, message) -> None:
    pack = _sheet_pack(tmp_path, text)
    result = run_cli("validate", "--static", str(pack))
    assert result.code == code, result.output
    assert f"{pack}/{message.format(pack=pack)}" in result.output, result.output


def test_a_sheet_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    pack = _sheet_pack(tmp_path)
    with (pack / "stalls.csv").open("ab") as sheet:
        sheet.truncate(MAX_SHEET_BYTES + 1)
    result = run_cli("validate", "--static", str(pack))
    assert result.code == 2 and f"{pack}/stalls.csv: error: file is larger than 20 MB" in result.output


def _xlsx_pack(tmp_path: Path, rows: list[list], sheet: str = "Stalls") -> Path:
    from openpyxl import Workbook

    pack = _sheet_pack(tmp_path)
    (pack / "stalls.csv").unlink()
    game = pack / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("file: stalls.csv", "file: stalls.xlsx"),
                    encoding="utf-8")
    book = Workbook()
    book.active.title = sheet
    for row in rows:
        book.active.append(row)
    book.save(pack / "stalls.xlsx")
    return pack


XLSX_ROWS = [["id", "name", "name.de", "rent"], ["corner-stall", "Corner Stall", "Eckstand", 1],
             ["fountain-stall", "Fountain Stall", "Brunnenstand", 2], ["bridge-stall", "Bridge Stall", "Brückenstand"]]


def test_a_workbook_gives_the_same_items_as_the_yaml_it_replaces(tmp_path: Path) -> None:
    from_yaml, _ = load_pack(DATA / "lantern-market")
    from_book, problems = load_pack(_xlsx_pack(tmp_path, XLSX_ROWS))
    assert problems == [] and _values(from_book) == _values(from_yaml)


@pytest.mark.parametrize("what, rows, message", [
    ("wrong type", [XLSX_ROWS[0], ["corner-stall", "Corner Stall", "Eckstand", "one"], *XLSX_ROWS[2:]],
     "stalls.xlsx:Stalls!D2: error: stall 'corner-stall': rent: expected an integer, found 'one'"),
    ("formula without a saved value", [XLSX_ROWS[0], ["corner-stall", "Corner Stall", "Eckstand", "=1+1"],
                                       *XLSX_ROWS[2:]],
     "stalls.xlsx:Stalls!D2: error: the formula =1+1 has no saved value; open the file in a spreadsheet program and "
     "save it again"),
    ("unknown column", [XLSX_ROWS[0] + ["colour"], *XLSX_ROWS[1:]],
     "stalls.xlsx:Stalls!E1: error: unknown column 'colour'; accepted columns: id, qty, name, rent"),
])
def test_a_workbook_problem_is_located_at_its_cell(tmp_path: Path, what, rows, message) -> None:
    pack = _xlsx_pack(tmp_path, rows)
    result = run_cli("validate", "--static", str(pack))
    assert result.code == 2 and f"{pack}/{message}" in result.output, result.output


def test_a_file_that_is_no_workbook_is_refused(tmp_path: Path) -> None:
    pack = _xlsx_pack(tmp_path, XLSX_ROWS)
    (pack / "stalls.xlsx").write_bytes(b"id,name\n")
    result = run_cli("validate", "--static", str(pack))
    assert result.code == 2 and f"{pack}/stalls.xlsx: error: not a readable .xlsx workbook (not a zip archive)" \
        in result.output


def test_a_workbook_that_unpacks_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    import zipfile

    from pnpforge.content.sheet import MAX_UNPACKED_BYTES

    pack = _xlsx_pack(tmp_path, XLSX_ROWS)
    with zipfile.ZipFile(pack / "stalls.xlsx", "a", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/padding.bin", bytes(MAX_UNPACKED_BYTES + 1))  # a few kB packed
    assert (pack / "stalls.xlsx").stat().st_size < 1024 * 1024
    result = run_cli("validate", "--static", str(pack))
    assert result.code == 2 and f"{pack}/stalls.xlsx: error: the workbook unpacks to more than 50 MB" \
        in result.output, result.output


def test_column_titles_in_any_case_with_accents_and_spaces_name_the_fields(tmp_path: Path) -> None:
    shouted = STALLS.replace("id,name,name.de,rent", "ID,NAME,Name.DE, Rent ")
    from_yaml, _ = load_pack(DATA / "lantern-market")
    from_sheet, problems = load_pack(_sheet_pack(tmp_path, shouted))
    assert problems == [] and _values(from_sheet) == _values(from_yaml)
    assert [column_key(title) for title in ("Card Cost", "NAME", "Coût", "Straße", "!!!")] == \
        ["card_cost", "name", "cout", "strasse", ""]


def test_without_an_id_column_the_ids_are_made_from_the_names(tmp_path: Path) -> None:
    named = "name,name.de,rent\nCorner Stall,Eckstand,1\nFountain Stall!,Brunnenstand,2\nBridge Stall,Brückenstand,\n"
    from_yaml, _ = load_pack(DATA / "lantern-market")
    from_sheet, problems = load_pack(_sheet_pack(tmp_path, named))
    assert problems == [] and [i.id for i in from_sheet.items["stall"]] == [i.id for i in from_yaml.items["stall"]]
    assert str(from_sheet.items["stall"][1].mark("id")).endswith("stalls.csv:3:1")  # at the name the id came from


def test_two_names_making_one_id_are_an_error_with_the_caret_under_the_cell(tmp_path: Path) -> None:
    twice = "rent,name\n1,Corner Stall\n2,corner  stall\n,Bridge Stall\n"
    pack = _sheet_pack(tmp_path, twice)
    result = run_cli("validate", "--static", str(pack))
    assert result.code == 2, result.output
    assert result.lines[-4:] == [
        f"{pack}/stalls.csv:3:2: error: the name 'corner  stall' makes the id 'corner-stall', as the name in row 2 "
        "does; rename one, or add an 'id' column",
        "    2,corner  stall",
        "      ^",
        "1 error, 0 warnings in 1 file"]
    nameless = _sheet_pack(tmp_path / "b", "rent\n1\n")
    assert f"{nameless}/stalls.csv:1:1: error: missing column 'id' (or 'name', to make the ids from the names)" \
        in run_cli("validate", "--static", str(nameless)).output
