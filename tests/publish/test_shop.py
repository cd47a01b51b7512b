"""Print-shop files: exact PNG sizes per preset, the trim centred, the art reaching into the bleed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from pnpforge.publish.shop import build_shop_files, load_presets
from pnpforge.render.colour import mix, rgb, strong
from pnpforge.render.stage import render_master

from tests.helpers import run_cli
from tests.render.conftest import LANTERN, load

PX_PER_MM = 300 / 25.4


@pytest.fixture(scope="module")
def presets():
    return {preset.id: preset for preset in load_presets() if preset.format == "png"}


@pytest.fixture(scope="module")
def shops(tmp_path_factory, presets):
    pack = load(LANTERN)
    out = tmp_path_factory.mktemp("shop")
    master = render_master(pack, "en", out, [p.bleed_mm for p in presets.values()], jobs=1)
    return pack, {shop.preset.id: shop for shop in build_shop_files(master, list(presets.values()), out, jobs=1)}


def test_presets_match_the_shops(presets) -> None:
    assert set(presets) == {"tgc", "mpc"}
    drivethru, = [preset for preset in load_presets() if preset.format == "pdfx"]
    assert (drivethru.id, drivethru.bleed_mm, drivethru.max_ink) == ("drivethrucards", pytest.approx(25.4 / 8), 240)
    assert (presets["tgc"].dpi, presets["tgc"].bleed_px, presets["tgc"].expect["poker"]) == (300, 37.5, (825, 1125))
    assert (presets["mpc"].dpi, presets["mpc"].bleed_px, presets["mpc"].expect["poker"]) == (300, 36, (822, 1122))
    assert presets["tgc"].bleed_mm == pytest.approx(25.4 / 8)


@pytest.mark.parametrize(("preset", "size"), [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_every_png_has_the_shops_size_and_a_centred_trim(shops, preset: str, size: tuple[int, int]) -> None:
    pack, results = shops
    shop = results[preset]
    assert shop.findings == []
    assert len(shop.pngs) == 9
    bleed_px = shop.preset.bleed_px
    for png in shop.pngs:
        image = Image.open(png)
        assert (image.size, image.mode) == (size, "RGB")
    # The generic card's title band runs from 3 mm to 60.5 mm of the 63.5 mm trim: centred on the trim.
    item = pack.of_type("merchant")[0]
    faction = {f.id: f for f in pack.game.factions}[item.get("faction")]
    band = rgb(strong(faction.colour))
    image = Image.open(next(p for p in shop.pngs if p.stem == item.id)).convert("RGB")
    row = round(bleed_px + 45 * PX_PER_MM)
    columns = [x for x in range(image.width) if _near(image.getpixel((x, row)), band)]
    left, right = columns[0], columns[-1] + 1
    assert (left + right) / 2 == pytest.approx(image.width / 2, abs=1)
    assert left == pytest.approx(bleed_px + 3 * PX_PER_MM, abs=1)
    assert right - left == pytest.approx(57.5 * PX_PER_MM, abs=2)  # antialiased edges
    column = round(image.width / 2)
    top = next(y for y in range(image.height) if _near(image.getpixel((column, y)), band))
    assert top == pytest.approx(bleed_px + 39.5 * PX_PER_MM, abs=1)
    # The trim itself: 750 x 1050 px centred, read from the shop PDF's boxes.
    pdf = PdfReader(shop.pdfs[0])
    page = pdf.pages[0]
    assert float(page.mediabox.width) / 72 * 300 == pytest.approx(size[0], abs=0.5)
    trim = page.trimbox
    assert float(trim.width) / 72 * 300 == pytest.approx(750, abs=0.5)
    assert float(trim.left - page.mediabox.left) / 72 * 300 == pytest.approx(bleed_px, abs=0.5)
    assert float(page.mediabox.top - trim.top) / 72 * 300 == pytest.approx(bleed_px, abs=0.5)


@pytest.mark.parametrize("preset", ["tgc", "mpc"])
def test_art_and_background_reach_into_the_bleed(shops, preset: str) -> None:
    pack, results = shops
    shop = results[preset]
    art = (200, 150, 40)  # the fixture's art file is one flat colour
    image = Image.open(next(p for p in shop.pngs if p.stem == "old-marta")).convert("RGB")
    for x in (1, image.width // 2, image.width - 2):
        assert _near(image.getpixel((x, 1)), art), x  # the picture runs off the top edge
    background = rgb(mix(pack.game.factions[0].colour, "#ffffff", 0.88))
    assert _near(image.getpixel((1, image.height - 2)), background)
    assert _near(image.getpixel((image.width - 2, image.height - 2)), background)


def test_shop_manifest_counts_copies(shops) -> None:
    import json

    _, results = shops
    manifest = json.loads((results["tgc"].folder / "shop.json").read_text(encoding="utf-8"))
    copies = {face["key"]: face["copies"] for face in manifest["faces"]}
    assert copies["merchant/wick-apprentice"] == 2 and copies["merchant/back/all"] == 6
    assert sum(c for k, c in copies.items() if k.startswith("merchant/") and "/back/" not in k) == 6


def test_build_command_writes_faces_and_shop_files(tmp_path: Path) -> None:
    run = run_cli("build", str(LANTERN), "--out", str(tmp_path), "--jobs", "1")
    assert run.code == 0, run.output
    base = tmp_path / "lantern-market"
    assert {p.name for p in (base / "faces").iterdir()} == {"merchant.pdf", "stall.pdf", "faces.json"}
    assert len(list((base / "shop" / "tgc" / "png").rglob("*.png"))) == 9
    assert "wrote 2 face PDFs (9 faces)" in run.output


def test_build_in_another_language_and_an_unknown_one(tmp_path: Path) -> None:
    run = run_cli("build", str(LANTERN), "--out", str(tmp_path), "--only", "faces", "--lang", "de", "--jobs", "1")
    assert run.code == 0, run.output
    page = PdfReader(tmp_path / "lantern-market" / "de" / "faces" / "merchant.pdf").pages[0]
    assert "Die alte Marta" in " ".join(page.extract_text().split())
    assert not (tmp_path / "lantern-market" / "de" / "shop").exists()
    run = run_cli("build", str(LANTERN), "--out", str(tmp_path), "--lang", "fr", "--jobs", "1")
    assert run.code == 2
    assert "error: pack 'lantern-market' has no language 'fr'; languages: en, de" in run.output


def _near(found, wanted, tolerance: int = 6) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(found, wanted))
