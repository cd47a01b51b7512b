"""``pnpforge new``: a pack that validates and builds at once, from nothing or from a spreadsheet."""

from __future__ import annotations

import json
from pathlib import Path

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
    front = layouts.get("card")
    back = layouts.get(front.back.layout)
    assert (front.template, front.stylesheets[-1]) == ("front.html", "front.css")
    assert (back.template, back.stylesheets[-1]) == ("back-of-card.html", "back-of-card.css")
    assert Path(front.path).parent == Path(back.path).parent == tmp_path / "demo" / "layouts"


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


def test_a_workbook_makes_the_same_pack_as_its_csv(tmp_path: Path) -> None:
    assert run_cli("new", str(tmp_path / "a" / "demo"), "--from", str(SHEETS / "deck.csv")).code == 0
    assert run_cli("new", str(tmp_path / "b" / "demo"), "--from", str(SHEETS / "deck.xlsx")).code == 0
    for name in ("game.yaml", "cards.csv"):
        assert (tmp_path / "a" / "demo" / name).read_bytes() == (tmp_path / "b" / "demo" / name).read_bytes()


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
    """A column's language suffix becomes a folder of rules/: a path in it is refused, and nothing is written."""
    sheet = tmp_path / "cards.csv"
    sheet.write_text("name,name.../../../x/planted,\"power: {kind: int}\"\nOne,Eins,3\n", encoding="utf-8")
    result = run_cli("new", str(tmp_path / "demo"), "--from", str(sheet))
    assert result.code == 2, result.output
    assert f"{sheet}:1:2: error: column 2: '../../../x/planted' in name.../../../x/planted is not a language code " \
           "such as 'de' or 'pt-BR'" in result.output
    assert f"{sheet}:1:3: error: column 3: 'power: {{kind: int}}' is not a column name" in result.output
    assert not (tmp_path / "demo").exists() and not (tmp_path / "x").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.csv"]
