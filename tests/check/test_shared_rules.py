"""The shared static rules a designer meets first: icons found where they are drawn, box counts that need not
follow every playtest change, and items set aside with ``qty: 0``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import DATA
from tests.helpers import run_cli

SALT = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="8"/></svg>\n'


def _lantern(tmp_path: Path, **edits: tuple[str, str]) -> Path:
    """A copy of lantern-market with ``file=(old, new)`` replacements."""
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    for name, (old, new) in edits.items():
        path = pack / f"{name}.yaml"
        text = path.read_text(encoding="utf-8")
        assert old in text, (name, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return pack


def test_an_icon_drawn_in_layouts_icons_needs_no_declaration(tmp_path: Path) -> None:
    from pnpforge.content.pack import load_pack
    from pnpforge.render.icons import IconSet

    pack = _lantern(tmp_path, merchants=("Pays no :oil: tax.", "Pays no :salt: tax."))
    unknown = run_cli("validate", "--static", str(pack))
    assert unknown.code == 1 and f"text: unknown icon ':salt:': draw it as {pack}/layouts/icons/salt.svg, or " \
        "declare it under icons: in game.yaml; known icons: coin, oil, wick" in unknown.output, unknown.output
    (pack / "layouts" / "icons").mkdir(parents=True)
    (pack / "layouts" / "icons" / "salt.svg").write_text(SALT, encoding="utf-8")
    found = run_cli("validate", "--static", str(pack))
    assert found.code == 0, found.output
    icons = IconSet(load_pack(pack)[0], "en")
    assert "salt" in icons.known() and "<circle" in icons.svg("salt") and icons.label("salt") == "salt"


def test_box_counts_are_a_warning_unless_strict(tmp_path: Path) -> None:
    pack = _lantern(tmp_path, game=("{type: stall, count: 3}", "{type: stall, count: 4}"))
    message = f"{pack}/game.yaml:34:19: warning: box: the box lists 4 stall items, the content has 3 (an error " \
              "under --strict or box_strict: true)"
    relaxed = run_cli("validate", "--static", str(pack))
    assert relaxed.code == 0 and message in relaxed.output, relaxed.output
    assert run_cli("validate", "--static", "--strict", str(pack)).code == 1
    game = pack / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "box_strict: true\n", encoding="utf-8")
    strict = run_cli("validate", "--static", str(pack))
    assert strict.code == 1 and f"{pack}/game.yaml:34:19: error: box: the box lists 4 stall items, the content " \
        "has 3\n" in strict.output, strict.output


def test_qty_0_parks_an_item_checked_but_not_printed(tmp_path: Path) -> None:
    pack = _lantern(tmp_path, merchants=("- id: wick-apprentice\n  qty: 2\n", "- id: wick-apprentice\n  qty: 0\n"))
    broken = _lantern(tmp_path / "b", merchants=("- id: wick-apprentice\n  qty: 2\n  name: {en: Wick Apprentice, "
                                                 "de: Dochtlehrling}\n  faction: wick-guild\n  price: 1\n",
                                                 "- id: wick-apprentice\n  qty: 0\n  name: {en: Wick Apprentice, "
                                                 "de: Dochtlehrling}\n  faction: wick-guild\n  price: 1\n  stall: "
                                                 "no-such-stall\n"))
    checked = run_cli("validate", "--static", str(broken))  # a parked item is checked like any other
    assert checked.code == 1 and "merchant 'wick-apprentice': stall: no stall 'no-such-stall'" in checked.output
    out = tmp_path / "out"
    built = run_cli("build", str(pack), "--out", str(out), "--lang", "en", "--only", "faces")
    assert built.code == 0, built.output
    assert "parked (qty: 0, checked but not printed): merchant 'wick-apprentice'" in built.lines
    faces = json.loads((out / "lantern-market" / "faces" / "faces.json").read_text(encoding="utf-8"))["faces"]
    keys = {face["key"] for face in faces}
    assert "merchant/old-marta" in keys and "merchant/wick-apprentice" not in keys
