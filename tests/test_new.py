"""``pnpforge new``: a pack that validates and builds at once, from nothing or from a spreadsheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import DATA
from tests.helpers import run_cli

SHEETS = DATA / "spreadsheets"


def test_a_new_pack_validates_clean_and_says_what_to_edit(tmp_path: Path) -> None:
    made = run_cli("new", str(tmp_path / "demo"))
    assert made.code == 0 and "created" in made.output and "next: edit" in made.output
    checked = run_cli("validate", "--static", str(tmp_path / "demo"))
    assert (checked.code, checked.output.strip()) == (0, "no errors, no warnings in 2 files")
    assert run_cli("new", str(tmp_path / "demo")).code != 0  # never over an existing folder


def test_the_new_pack_draws_its_cards_with_its_own_layouts(tmp_path: Path) -> None:
    from pnpforge.content.pack import load_pack
    from pnpforge.render.layouts import LAYOUTS_DIR, LayoutSet, load_sizes, search_path

    assert run_cli("new", str(tmp_path / "demo")).code == 0
    pack, _ = load_pack(tmp_path / "demo")
    layouts = LayoutSet(search_path(pack), load_sizes(LAYOUTS_DIR, pack))
    front = layouts.for_type("cards")  # the type is named after its file, cards.yaml
    back = layouts.get(front.back.layout)
    assert (front.name, front.template, front.stylesheets[-1]) == ("cards", "front.html", "front.css")
    assert (back.template, back.stylesheets[-1]) == ("back-of-card.html", "back-of-card.css")
    assert Path(front.path).parent == Path(back.path).parent == tmp_path / "demo" / "layouts"
    assert Path(layouts.get("card").path).resolve().parent == LAYOUTS_DIR / "generic"  # so does a token, still


def test_a_pack_from_a_sheet_builds_every_output_with_a_face_per_copy(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    made = run_cli("new", str(folder), "--from", str(SHEETS / "deck.csv"))
    assert made.code == 0 and "with 53 cards" in made.output, made.output
    out = tmp_path / "build"
    built = run_cli("build", str(folder), "--out", str(out), "--lang", "en")
    assert built.code == 0 and "no errors, no warnings" in built.output, built.output
    faces = json.loads((out / "demo" / "faces" / "faces.json").read_text(encoding="utf-8"))["faces"]
    fronts = [f for f in faces if f["side"] == "front"]
    assert len(fronts) == 40 and sum(f["copies"] for f in fronts) == 53  # 40 rows, their qty adding up to 53
    assert sorted(p.name for p in (out / "demo" / "print").glob("*/*.pdf"))
    assert list((out / "demo" / "shop").rglob("*.png")) and (out / "demo" / "web" / "cards" / "index.html").is_file()


def test_a_workbook_stays_the_source_and_gives_the_items_of_its_csv(tmp_path: Path) -> None:
    """The workbook is copied as it is and named in the type's file:, so that the designer goes on editing it."""
    from pnpforge.content.pack import load_pack

    assert run_cli("new", str(tmp_path / "a" / "demo"), "--from", str(SHEETS / "deck.csv")).code == 0
    assert run_cli("new", str(tmp_path / "b" / "demo"), "--from", str(SHEETS / "deck.xlsx")).code == 0
    game = (tmp_path / "b" / "demo" / "game.yaml").read_text(encoding="utf-8")
    assert "  deck:\n    file: deck.xlsx\n" in game
    assert game == (tmp_path / "a" / "demo" / "game.yaml").read_text(encoding="utf-8").replace("deck.csv", "deck.xlsx")
    assert (tmp_path / "b" / "demo" / "deck.xlsx").read_bytes() == (SHEETS / "deck.xlsx").read_bytes()
    from_csv, from_workbook = load_pack(tmp_path / "a" / "demo")[0], load_pack(tmp_path / "b" / "demo")[0]
    assert [(i.id, i.values, i.qty) for i in from_csv.all_items()] == \
        [(i.id, i.values, i.qty) for i in from_workbook.all_items()]


def test_a_workbook_without_ids_makes_them_from_the_names_at_every_load(tmp_path: Path) -> None:
    """No id column: each load makes the ids from the names, and two names making one id are a located error."""
    from openpyxl import Workbook

    sheet = tmp_path / "Spells.xlsx"
    book = Workbook()
    book.active.title = "Book"
    for row in (["Name", "POWER"], ["Élan Vital!", 3], ["Ice", 2]):
        book.active.append(row)
    book.save(sheet)
    made = run_cli("new", str(tmp_path / "demo"), "--from", str(sheet))
    assert made.code == 0 and "warning" not in made.output, made.output
    copy = tmp_path / "demo" / "spells.xlsx"
    assert run_cli("validate", "--static", str(tmp_path / "demo")).code == 0
    book.active.append(["Élan  vital", 4])  # another name for the same id
    book.save(copy)
    checked = run_cli("validate", "--static", str(tmp_path / "demo"))
    message = "Book!A4: error: the name 'Élan  vital' makes the id 'elan-vital', as the name in row 2 does; rename " \
              "one, or add an 'id' column"
    assert checked.code == 2 and f"{copy}:{message}" in checked.output, checked.output
    again = run_cli("new", str(tmp_path / "again"), "--from", str(copy))  # new says so at once, and the pack is kept
    assert again.code == 1 and f"{tmp_path}/again/spells.xlsx:{message}" in again.output, again.output
    assert (tmp_path / "again" / "spells.xlsx").read_bytes() == copy.read_bytes()


def test_ids_transliterate_accents() -> None:
    from pnpforge.scaffold import kebab

    assert [kebab(name) for name in ("Élan Vital!", "Straße der Laternen", "Øresund Ferry", "!!!")] == \
        ["elan-vital", "strasse-der-laternen", "oresund-ferry", "card"]


def test_the_type_never_takes_the_name_of_a_shared_layout() -> None:
    from pnpforge.scaffold import type_name_for

    assert [type_name_for(stem, "my-deck") for stem in ("Market Cards", "card", "back", "2024", "DECK")] == \
        ["market_cards", "my_deck_card", "my_deck_back", "cards", "deck"]


NEW_SHEETS = [("Market Cards.xlsx", "market_cards", 13, 8),  # upper-case titles, accents, a German name column
              ("spirits.csv", "spirits", 10, 10)]  # a column of icons, and icons in the text


@pytest.mark.parametrize("name, type_name, cards, faces", NEW_SHEETS, ids=[s[0] for s in NEW_SHEETS])
def test_a_pack_from_any_sane_sheet_builds_every_output_at_once(tmp_path: Path, name, type_name, cards,
                                                                 faces) -> None:
    folder, out = tmp_path / "game", tmp_path / "build"
    made = run_cli("new", str(folder), "--from", str(SHEETS / name))
    assert made.code == 0 and f"with {cards} cards" in made.output and "warning" not in made.output, made.output
    built = run_cli("build", str(folder), "--out", str(out), "--lang", "en")
    assert built.code == 0 and "no errors, no warnings" in built.output, built.output
    written = json.loads((out / "game" / "faces" / "faces.json").read_text(encoding="utf-8"))["faces"]
    assert sum(f["side"] == "front" and f["type"] == type_name for f in written) == faces
    assert (out / "game" / "web" / "index.html").is_file() and (out / "game" / "rulebook-a4.pdf").is_file()
    assert list((out / "game" / "shop").rglob("*.png")) and list((out / "game" / "print").rglob("*.pdf"))


def test_a_pack_from_a_sheet_of_180_rows_validates_and_prints(tmp_path: Path) -> None:
    """The parts of a build that grow with the rows: every face and the sheets to print (the other outputs are the
    same for any sheet, built above)."""
    folder, out = tmp_path / "game", tmp_path / "build"
    assert "with 361 cards" in run_cli("new", str(folder), "--from", str(SHEETS / "long-deck.csv")).output
    assert run_cli("validate", "--static", str(folder)).code == 0
    built = run_cli("build", str(folder), "--out", str(out), "--lang", "en", "--only", "faces,print", "--paper", "a4",
                    "--sheets", "9up")
    assert built.code == 0 and "181 faces rendered" in built.output, built.output
    assert (out / "game" / "print" / "a4" / "long_deck-cards.pdf").is_file()


def test_ids_are_made_from_names_and_a_collision_is_reported(tmp_path: Path) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_text("name,power\nFire Ball,3\nFire-Ball,4\nIce,2\n", encoding="utf-8")
    made = run_cli("new", str(tmp_path / "demo"), "--from", str(sheet))
    assert made.code == 0 and "warning: row 3: id 'fire-ball' is taken; this card is 'fire-ball-2'" in made.output
    assert (tmp_path / "demo" / "cards.csv").read_text(encoding="utf-8").splitlines() == [
        "id,name,power", "fire-ball,Fire Ball,3", "fire-ball-2,Fire-Ball,4", "ice,Ice,2"]
    assert run_cli("validate", "--static", str(tmp_path / "demo")).code == 0


def test_a_sheet_new_cannot_read_is_a_located_error_and_makes_no_pack(tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text(",,\n\n", encoding="utf-8")
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a workbook")
    for sheet, message in ((empty, "empty.csv:1:1: error: the sheet has no rows: it needs a header row naming the "
                                   "columns"),
                           (broken, "broken.xlsx: error: not a readable .xlsx workbook (not a zip archive)")):
        result = run_cli("new", str(tmp_path / sheet.stem), "--from", str(sheet))
        assert result.code == 2 and message in result.output and "internal error" not in result.output, \
            result.output
        assert not (tmp_path / sheet.stem).exists()


def test_a_header_cannot_name_a_file_or_write_yaml(tmp_path: Path) -> None:
    """A column's language suffix becomes a folder of rules/: a path in it is refused, and nothing is written. A
    title is a field's name only as letters, digits and '_' (``power: {kind: int}`` is ``power_kind_int``)."""
    sheet = tmp_path / "cards.csv"
    sheet.write_text("name,name.../../../x/planted,\"power: {kind: int}\",!!!\nOne,Eins,3,4\n", encoding="utf-8")
    result = run_cli("new", str(tmp_path / "demo"), "--from", str(sheet))
    assert result.code == 2, result.output
    assert f"{sheet}:1:2: error: column 2: '../../../x/planted' in name.../../../x/planted is not a language code " \
           "such as 'de' or 'pt-BR'\n    name,name.../../../x/planted," in result.output
    assert f"{sheet}:1:4: error: column 4: '!!!' names no field (a column title needs a letter a-z before any " \
           "digit)" in result.output and "column 3" not in result.output
    # the caret stands under the cell the finding names, not under the line's fourth character
    assert result.lines[result.lines.index(f"{sheet}:1:4: error: column 4: '!!!' names no field (a column title "
                                            "needs a letter a-z before any digit)") + 2] == " " * 4 + " " * 50 + "^"
    assert not (tmp_path / "demo").exists() and not (tmp_path / "x").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.csv"]


@pytest.mark.slow
def test_a_pack_from_a_sheet_of_180_rows_builds_every_output(tmp_path: Path) -> None:
    """The whole build of the 180-row sheet (about a minute: its web images), played by ``make robustness``."""
    folder, out = tmp_path / "game", tmp_path / "build"
    assert run_cli("new", str(folder), "--from", str(SHEETS / "long-deck.csv")).code == 0
    built = run_cli("build", str(folder), "--out", str(out), "--lang", "en")
    assert built.code == 0 and "no errors, no warnings" in built.output, built.output
    assert (out / "game" / "web" / "index.html").is_file() and (out / "game" / "rulebook-a4.pdf").is_file()
    assert list((out / "game" / "shop").rglob("*.png")) and list((out / "game" / "print").rglob("*.pdf"))
