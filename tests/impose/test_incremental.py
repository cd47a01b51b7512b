"""The incremental build: a content-hashed render cache and stamped outputs. Editing one card renders one face and
rewrites only the files that show it; editing a layout or a stylesheet renders that layout's faces again; the
result is byte-identical to a build from nothing, and two builds from nothing are byte-identical."""

from __future__ import annotations

from pathlib import Path

from pnpforge.publish.outputs import build_outputs

from tests.helpers import run_cli
from tests.impose.conftest import LANTERN, LEGION, copy_pack, load


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every output file's bytes (each language's cache folder aside: it may hold more than the last build used)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "cache" not in p.relative_to(folder).parts}


def mtimes(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def test_one_card_edit_renders_one_face_and_matches_a_cold_build(tmp_path) -> None:
    root = copy_pack(LANTERN, tmp_path / "pack")
    first = run_cli("build", str(root), "--out", str(tmp_path / "warm"), "--jobs", "1")
    assert first.code == 0, first.output
    assert "9 faces rendered, 0 unchanged" in first.lines
    merchants = root / "merchants.yaml"
    merchants.write_text(merchants.read_text(encoding="utf-8").replace("Old Marta,", "Old Marta Vell,"),
                         encoding="utf-8")
    edited = run_cli("build", str(root), "--out", str(tmp_path / "warm"), "--jobs", "1")
    assert edited.code == 0, edited.output
    assert "1 face rendered, 8 unchanged" in edited.lines
    assert any("sheet PDFs (" in line and "changed)" in line for line in edited.lines)
    cold = run_cli("build", str(root), "--out", str(tmp_path / "cold"), "--jobs", "1")
    again = run_cli("build", str(root), "--out", str(tmp_path / "cold-again"), "--jobs", "1")
    assert "9 faces rendered, 0 unchanged" in cold.lines and again.code == 0
    warm_files = snapshot(tmp_path / "warm" / "lantern-market")
    cold_files = snapshot(tmp_path / "cold" / "lantern-market")
    assert any(name.startswith("print/") for name in cold_files) and any(name.endswith(".png") for name in cold_files)
    assert warm_files == cold_files  # the incremental build equals a build from nothing
    assert snapshot(tmp_path / "cold-again" / "lantern-market") == cold_files  # two cold builds are identical
    untouched = run_cli("build", str(root), "--out", str(tmp_path / "cold"), "--jobs", "1")
    assert "0 faces rendered, 9 unchanged" in untouched.lines
    assert any("(0 changed)" in line for line in untouched.lines)


def test_a_stylesheet_or_layout_edit_renders_that_layouts_faces_again(tmp_path) -> None:
    root = copy_pack(LANTERN, tmp_path)
    layouts = root / "layouts"
    layouts.mkdir()
    (layouts / "merchant.yaml").write_text("extends: card\nstylesheets: [base.css, card.css, merchant.css]\n",
                                           encoding="utf-8")
    (layouts / "merchant.css").write_text(".card { letter-spacing: 0; }\n", encoding="utf-8")
    out = tmp_path / "out"

    def build():
        return build_outputs(load(root), "en", out, only="print", jobs=1)

    cold = build()
    merchant_faces = [f for f in cold.faces.faces if f.layout.name == "merchant"]
    assert cold.rendered == len(cold.faces.faces) == 9 and len(merchant_faces) == 4  # the fronts
    stall_keys = {f.key: cold.faces.keys[f.key] for f in cold.faces.faces if f.type == "stall"}
    (layouts / "merchant.css").write_text(".card { letter-spacing: 0.1mm; }\n", encoding="utf-8")
    restyled = build()
    assert restyled.rendered == len(merchant_faces)
    assert {k: restyled.faces.keys[k] for k in stall_keys} == stall_keys
    (layouts / "merchant.yaml").write_text("extends: card\nstylesheets: [base.css, card.css, merchant.css]\n"
                                           "zones:\n  title: {x: 3, y: 40, w: 57.5, h: 10}\n", encoding="utf-8")
    moved = build()
    assert moved.rendered == len(merchant_faces)
    assert build().rendered == 0


def _slice(pack) -> set[str]:
    """Twelve faces of the Legion pack: four characters of two factions and their backs, three plots and their
    back, an order token and its faction's back."""
    def of(type_name: str, count: int, **where) -> list[str]:
        items = [i for i in pack.of_type(type_name) if all(i.get(k) == v for k, v in where.items())]
        return [f"{type_name}/{i.id}" for i in items[:count]]
    keys = of("character", 2, faction="whites") + of("character", 2, faction="reds") + of("plot", 3)
    keys += of("order_token", 1, faction="whites")
    keys += ["character/back/whites", "character/back/reds", "plot/back/all", "order_token/back/whites"]
    assert len(set(keys)) == 12
    return set(keys)


def test_a_legion_slice_rebuilds_one_card_and_only_what_shows_it(tmp_path) -> None:
    root = copy_pack(LEGION, tmp_path / "pack")
    wanted = _slice(load(root))
    out = tmp_path / "out"

    def build():
        return build_outputs(load(root), "en", out, ("faces", "shop", "print"), jobs=1,
                             select=lambda face: face.key in wanted)

    cold = build()
    assert cold.rendered == 12
    folder = out / "legion-siberian-story"
    before, stamps = snapshot(folder), mtimes(folder)
    characters = root / "characters.yaml"
    original = characters.read_text(encoding="utf-8")
    character = next(k for k in sorted(wanted) if k.startswith("character/") and "/back/" not in k).split("/")[1]
    flavour = load(root).by_id()[character].get("flavour")
    characters.write_text(original.replace(flavour, flavour + " He never spoke of it."), encoding="utf-8")
    edited = build()
    assert edited.rendered == 1
    after = mtimes(folder)
    rewritten = {name for name in after if after[name] != stamps.get(name)}
    assert "print/a4/character-cards.pdf" in rewritten and "faces/character.pdf" in rewritten
    assert f"shop/tgc/png/character/{character}.png" in rewritten
    for name in ("print/a4/plot-cards.pdf", "print/letter/order_token-punchboard.pdf", "faces/plot.pdf",
                 "shop/mpc/plot.pdf", "shop/tgc/png/plot/back-all.png", "print/a4/calibration.pdf"):
        assert name not in rewritten, name  # nothing that does not show the card is written again
    characters.write_text(original, encoding="utf-8")
    reverted = build()
    assert reverted.rendered == 0  # a slice's build keeps the cache whole: the face as it was is still there
    assert snapshot(folder) == before  # back to the first build's bytes, file for file
