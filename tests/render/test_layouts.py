"""Layouts as data: sizes, extends, lookup order, and located errors for broken layout files."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnpforge.render.layouts import LayoutError, LayoutSet, load_sizes, search_path

from tests.render.conftest import LEGION


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def layout_errors(layouts: LayoutSet, name: str) -> list[str]:
    with pytest.raises(LayoutError) as caught:
        layouts.get(name)
    return [str(f) for f in caught.value.findings]


@pytest.fixture
def sizes():
    return load_sizes()


def test_sizes_from_the_print_conventions(sizes) -> None:
    expected = {"poker": (63.5, 88.9), "bridge": (57.15, 88.9), "euro": (63, 88), "mini-euro": (44, 68),
                "tarot": (70, 120), "large": (88.9, 127), "a4": (210, 297)}
    assert {name: (sizes[name].w, sizes[name].h) for name in expected} == expected
    assert sizes["token-round-25"].shape == "round"


def test_extends_inherits_and_merges_zones(tmp_path, sizes) -> None:
    write(tmp_path, "base",
          "size: poker\nzones:\n  name: {x: 3, y: 3, w: 50, h: 8}\n  art: {x: 3, y: 12, w: 50, h: 30}\n")
    write(tmp_path, "child", "extends: base\nbleed: 2\nzones:\n  art: {x: 5, y: 12, w: 40, h: 30}\n")
    layout = LayoutSet([tmp_path], sizes).get("child")
    assert (layout.width, layout.height, layout.bleed, layout.safe) == (63.5, 88.9, 2.0, 3.0)
    assert layout.zones["name"].w == 50 and layout.zones["art"].x == 5
    assert layout.chain == ("child", "base")


def test_extends_cycle_is_named(tmp_path, sizes) -> None:
    write(tmp_path, "a", "extends: b\n")
    write(tmp_path, "b", "size: poker\nextends: a\n")
    assert layout_errors(LayoutSet([tmp_path], sizes), "a") == [
        f"{tmp_path}/a.yaml:1:1: error: layout 'a': extends forms a cycle: a -> b -> a"]


def test_missing_parent_is_named(tmp_path, sizes) -> None:
    write(tmp_path, "card", "doc: a card\nextends: cardd\n")
    assert layout_errors(LayoutSet([tmp_path], sizes), "card") == [
        f"{tmp_path}/card.yaml:2:1: error: layout 'card': extends 'cardd', which does not exist; "
        f"looked in {tmp_path}/"]


def test_unknown_keys_are_located_with_the_accepted_ones(tmp_path, sizes) -> None:
    write(tmp_path, "card", "size: poker\nzones:\n  name: {x: 3, y: 3, w: 10, h: 5, colour: red}\nbleeed: 3\n")
    errors = layout_errors(LayoutSet([tmp_path], sizes), "card")
    assert errors == [
        f"{tmp_path}/card.yaml:4:1: error: layout 'card': unknown key 'bleeed'; accepted keys: extends, doc, size, "
        "scale, orientation, bleed, safe, template, stylesheets, transparent, render, zones, fit, art, back, variants, "
        "params, standee"]
    write(tmp_path, "card", "size: poker\nzones:\n  name: {x: 3, y: 3, w: 10, h: 5, colour: red}\n")
    assert layout_errors(LayoutSet([tmp_path], sizes), "card") == [
        f"{tmp_path}/card.yaml:3:35: error: layout 'card': zones: name: unknown key 'colour'; "
        "accepted keys: x, y, w, h, shape, doc"]


def test_bad_numbers_and_zones_beyond_the_bleed(tmp_path, sizes) -> None:
    write(tmp_path, "card", "size: poker\nzones:\n  name: {x: 3, y: 3, w: wide, h: 5}\n"
                            "  art: {x: 3, y: 80, w: 10, h: 20}\nfit:\n  name: {zone: name, size: 8, floor: 9}\n")
    assert layout_errors(LayoutSet([tmp_path], sizes), "card") == [
        f"{tmp_path}/card.yaml:3:22: error: layout 'card': zones: name: w: expected a number, found 'wide'",
        f"{tmp_path}/card.yaml:4:3: error: layout 'card': zones: art: reaches beyond the bleed "
        "(3+10 x 80+20 on a 63.5 x 88.9 face)",
        f"{tmp_path}/card.yaml:6:31: error: layout 'card': fit: name: floor 9 is above the size 8"]


def test_lookup_order_pack_then_borrowed_then_generic(tmp_path, sizes) -> None:
    pack_root, other_root = tmp_path / "my-pack", tmp_path / "other-pack"
    layouts_dir = tmp_path / "layouts"
    write(layouts_dir / "generic", "card", "size: poker\ntemplate: generic.html\n")
    write(other_root / "layouts", "card", "extends: card\ntemplate: by-id.html\nbleed: 2\n")
    write(pack_root / "layouts", "card", "extends: card\ntemplate: own.html\n")
    write(layouts_dir / "my-pack", "card", "template: never.html\n")  # the shared set has no per-pack folders
    pack = SimpleNamespace(id="my-pack", root=pack_root, layout_packs=(("other-pack", other_root),))
    search = search_path(pack, layouts_dir)
    assert search == [pack_root / "layouts", other_root / "layouts", layouts_dir / "generic"]
    layout = LayoutSet(search, sizes).get("card")
    assert (layout.template, layout.bleed, layout.width) == ("own.html", 2.0, 63.5)
    assert LayoutSet(search[1:], sizes).get("card").template == "by-id.html"
    assert LayoutSet(search[2:], sizes).get("card").template == "generic.html"


def test_a_type_without_a_layout_uses_the_generic_card(lantern) -> None:
    from pnpforge.render.stage import open_layouts

    layouts = open_layouts(lantern)
    assert [layouts.for_type(name).name for name in lantern.types] == ["card", "card"]


def test_legion_has_a_layout_for_every_type(legion) -> None:
    from pnpforge.render.stage import open_layouts

    layouts = open_layouts(legion)
    generic = [name for name in legion.types if layouts.for_type(name).name == "card"]
    assert generic == []
    assert all(Path(layouts.for_type(name).path).parent == Path("content") / LEGION.name / "layouts"
               for name in legion.types)


def test_legion_overlay_and_character_read_the_same_zones(legion) -> None:
    from pnpforge.render.stage import open_layouts

    layouts = open_layouts(legion)
    character, overlay = layouts.get("character"), layouts.get("overlay")
    assert character.zones == overlay.zones
    assert "character-frame" in character.chain and "character-frame" in overlay.chain


def test_the_layout_docs_name_every_layout_key_and_template_helper() -> None:
    from pnpforge.render.layout_values import LAYOUT_KEYS

    from tests.conftest import REPO

    text = (REPO / "docs" / "layouts.md").read_text(encoding="utf-8")
    assert [key for key in LAYOUT_KEYS if f"| `{key}` |" not in text] == []
    from pnpforge.render.layout_values import STANDEE_KEYS

    standee = text.split("| `standee` |", 1)[1].split("\n", 1)[0]
    assert [key for key in STANDEE_KEYS if f"{key}:" not in standee] == []
    helpers = ["v", "t(value)", "rich(value, colour)", "icon(id, colour)", "zone(name, inset)", "art", "rows",
               "ref(id)", "items(type)", "pnp-<role>", "square_grid(columns, rows, pitch)",
               "hex_grid(columns, rows, across_flats, top)", "grid_map(value, cell)", "tiles_map(tiles, field, cell)"]
    assert [name for name in helpers if f"`{name}`" not in text] == []


def test_the_layout_docs_name_every_size_key_and_outline() -> None:
    from pnpforge.render.layout_values import SIZE_KEYS
    from pnpforge.render.outline import HEX_KEYS, KINDS

    from tests.conftest import REPO

    text = (REPO / "docs" / "layouts.md").read_text(encoding="utf-8")
    section = text.split("## Sizes and cut outlines", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    keys = {key for line in rows for key in re.findall(r"`([a-z_]+)`", line.split(" | ")[0])}
    assert [key for key in SIZE_KEYS if key not in keys] == []
    assert [key for key in [*HEX_KEYS, *KINDS] if f"`{key}`" not in section and f"{key}:" not in section] == []


def test_the_layout_docs_name_every_sheet_plan_and_shop_key() -> None:
    from pnpforge.impose.presets import MODES, PLAN_KEYS, SHEET_KEYS, WHEN_KEYS
    from pnpforge.publish.shop import PRESET_KEYS

    from tests.conftest import REPO

    text = (REPO / "docs" / "layouts.md").read_text(encoding="utf-8")
    rows = [key for key in SHEET_KEYS if f"| `{key}` |" not in text and f"`{key}`," not in text]
    named = [key for key in [*PLAN_KEYS, *WHEN_KEYS, *PRESET_KEYS, *MODES] if f"`{key}`" not in text]
    assert (rows, named) == ([], [])


def test_a_face_of_a_hundred_metres_is_a_located_error(tmp_path) -> None:
    import shutil

    from tests.conftest import DATA
    from tests.helpers import run_cli

    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    (pack / "layouts").mkdir()
    (pack / "layouts" / "card.yaml").write_text("extends: card\nsize: {w: 100000, h: 88}\n", encoding="utf-8")
    result = run_cli("build", str(pack), "--only", "faces,web", "--lang", "en", "--out", str(tmp_path / "out"))
    assert result.code == 2, result.output
    assert f"{pack}/layouts/card.yaml:2:8: error: layout 'card': size: w: a face is at most 1000 mm a side, found " \
           "100000" in result.output
    assert "internal error" not in result.output


def test_a_standee_s_stand_is_a_tab_or_a_slot(tmp_path, sizes) -> None:
    write(tmp_path, "figure", "size: {w: 25, h: 105}\ntemplate: standee.html\nstandee: {base: base, stand: stilts}\n")
    assert layout_errors(LayoutSet([tmp_path], sizes), "figure") == [
        f"{tmp_path}/figure.yaml:3:23: error: layout 'figure': standee: stand: expected tab or slot, found 'stilts'"]
