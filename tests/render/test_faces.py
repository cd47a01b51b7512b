"""Which faces a pack has: one front per item (copies share it), backs shared by the fields that make them differ."""

from __future__ import annotations

from collections import Counter

from pnpforge.content.pack import expand_qty
from pnpforge.render.faces import pack_faces
from pnpforge.render.stage import open_layouts


def test_generic_pack_faces_and_copies(lantern) -> None:
    faces, problems = pack_faces(lantern, open_layouts(lantern))
    assert problems == []
    assert [(f.key, f.copies, f.back) for f in faces] == [
        ("merchant/old-marta", 1, "merchant/back/all"),
        ("merchant/wick-apprentice", 2, "merchant/back/all"),
        ("merchant/barrel-brothers", 2, "merchant/back/all"),
        ("merchant/lamp-glazier", 1, "merchant/back/all"),
        ("merchant/back/all", 6, None),
        ("stall/corner-stall", 1, "stall/back/all"),
        ("stall/fountain-stall", 1, "stall/back/all"),
        ("stall/bridge-stall", 1, "stall/back/all"),
        ("stall/back/all", 3, None),
    ]


def test_legion_faces_follow_the_box(legion) -> None:
    faces, problems = pack_faces(legion, open_layouts(legion))
    assert problems == []
    fronts = Counter(f.type for f in faces if f.side == "front")
    backs = Counter(f.type for f in faces if f.side == "back")
    for type_name in fronts:
        assert fronts[type_name] == len(legion.of_type(type_name))
        copies = sum(f.copies for f in faces if f.type == type_name and f.side == "front")
        assert copies == len(expand_qty(legion.of_type(type_name)))
    assert "order" not in fronts  # orders are printed on the screens and tokens, not on faces of their own
    factions = {f.id for f in legion.game.factions}
    assert backs["character"] == backs["order_token"] == len(factions)
    assert backs["commander"] == len(legion.of_type("commander"))
    assert backs["plot"] == backs["location"] == backs["despatch"] == 1
    assert backs["overlay"] == backs["marker"] == backs["aid_card"] == 0


def test_every_back_of_a_faction_is_one_face(legion) -> None:
    faces, _ = pack_faces(legion, open_layouts(legion))
    by_key = {f.key: f for f in faces}
    for type_name in ("character", "order_token"):
        for front in (f for f in faces if f.type == type_name and f.side == "front"):
            back = by_key[front.back]
            assert back.key == f"{type_name}/back/{front.item.get('faction')}"
            assert front.item.id in back.items
        for back in (f for f in faces if f.type == type_name and f.side == "back"):
            members = [i for i in legion.of_type(type_name) if i.id in back.items]
            assert len({i.get("faction") for i in members}) == 1
            assert back.copies == sum(i.qty for i in members)


def test_marker_variants_pick_their_sizes(legion) -> None:
    faces, _ = pack_faces(legion, open_layouts(legion))
    sizes = {f.item.get("kind"): (f.layout.name, f.layout.width, f.layout.shape) for f in faces if f.type == "marker"}
    assert sizes == {"vp": ("marker-vp", 25, "round"), "supply": ("marker-supply", 20, "round"),
                     "starting_player": ("marker-start", 30, "round"), "round": ("marker-round", 20, "round")}


def test_a_standee_is_sized_from_its_base_and_a_base_that_is_none_is_located(tmp_path) -> None:
    import shutil

    from pnpforge.content.pack import load_pack

    from tests.conftest import DATA

    folder = tmp_path / "border-watch"
    shutil.copytree(DATA / "border-watch", folder)
    figures = folder / "figures.yaml"
    figures.write_text(figures.read_text(encoding="utf-8").replace("base: 25 x 50", "base: wide"), encoding="utf-8")
    pack, problems = load_pack(folder)
    assert pack is not None and not problems
    faces, found = pack_faces(pack, open_layouts(pack))
    sizes = {face.key: (face.layout.width, face.layout.height, face.layout.shape) for face in faces
             if face.type == "figure"}
    assert sizes == {"figure/lookout": (25.0, 115.0, "path"), "figure/outrider": (25.0, 115.0, "path")}
    assert [str(f).split("border-watch/", 1)[1] for f in found] == [
        "figures.yaml:7:3: error: figure 'outrider': base: expected a base in mm, 25 (round) or 25 x 50, found "
        "'wide'"]
