"""Text fit: long text shrinks in steps to the layout's floor; past the floor the build names the item and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium

from pnpforge.render.fit import Run, count_lines, fit_text
from pnpforge.render.fonts import load_fonts
from pnpforge.render.layouts import FitSpec, Zone

from tests.render.conftest import LANTERN, PX_PER_MM, load, render_some, renderer_for

MERCHANTS = """\
- id: old-marta
  name: {{en: Old Marta, de: Die alte Marta}}
  faction: wick-guild
  price: 3
  goods: [wick]
  stall: corner-stall
  text: {{en: "{text}", de: "Erhalte 2 :coin:."}}
  art: {art}
"""
SENTENCE = "Gain 2 :coin: when hired, then pay the stall's rent for every lantern you sell before dusk. "


def lantern_copy(tmp_path: Path, text: str, art: str = "art/old-marta.png"):
    root = tmp_path / "lantern-market"
    shutil.copytree(LANTERN, root)
    (root / "merchants.yaml").write_text(MERCHANTS.format(text=text, art=art), encoding="utf-8")
    return load(root)


def test_greedy_lines() -> None:
    assert count_lines([10, 10, 10], space=1, size=1, width_pt=21) == 2
    assert count_lines([10, 10, 10], space=1, size=1, width_pt=32) == 1
    assert count_lines([10, 50], space=1, size=1, width_pt=40) is None


def test_long_text_shrinks_in_steps_and_fits() -> None:
    spec = FitSpec(name="body", zone="body", fields=("text",), font="body/regular", size=9, floor=5, step=0.5)
    zone = Zone("body", 0, 0, 50, 20)
    fonts = load_fonts()
    short = fit_text([[Run("Gain 2 :coin:.", "body/regular")]], spec, zone, fonts)
    long = fit_text([[Run(SENTENCE * 3, "body/regular")]], spec, zone, fonts)
    assert (short.size, short.fits) == (9, True)
    assert long.fits and 5 <= long.size < 9 and (9 - long.size) % 0.5 == 0
    assert fit_text([[Run(SENTENCE * 3, "body/regular")]], spec, zone, fonts).size == long.size


def test_past_the_floor_gives_an_error_at_the_text_of_its_language(tmp_path) -> None:
    pack = lantern_copy(tmp_path, SENTENCE * 12)
    renderer = renderer_for(pack, tmp_path)
    item = pack.of_type("merchant")[0]
    fit = renderer.fits(item, renderer.layouts.get("card"))["body"]
    assert (fit.fits, fit.size) == (False, 5.5)
    # the body box holds the labelled rows: the text's 1092 characters and the other fields'
    assert [str(f) for f in renderer.findings] == [
        f"{tmp_path}/lantern-market/merchants.yaml:7:10: error: merchant 'old-marta': text: box 'body' (57.5 x 26 mm) "
        "cannot hold its 1159 characters even at the floor size 5.5 pt; shorten the text or enlarge the zone"]
    german = renderer_for(pack, tmp_path, "de")  # the short German text fits
    assert german.fits(item, german.layouts.get("card"))["body"].fits and german.findings == []


def test_validate_static_reports_text_past_the_floor_and_build_stops_on_it(tmp_path) -> None:
    """Every face's text is measured before anything is drawn: too long is exit 1, and no outputs without --force."""
    from tests.helpers import run_cli

    lantern_copy(tmp_path, SENTENCE * 12)
    pack = tmp_path / "lantern-market"
    checked = run_cli("validate", "--static", str(pack))
    assert checked.code == 1 and f"{pack}/merchants.yaml:7:10: error: merchant 'old-marta': text: box 'body'" \
        in checked.output, checked.output
    built = run_cli("build", str(pack), "--out", str(tmp_path / "out"), "--lang", "en", "--only", "faces")
    assert built.code == 1 and "not built: the checks found 1 error" in built.output, built.output
    assert not (tmp_path / "out" / "lantern-market" / "faces").exists()
    forced = run_cli("build", str(pack), "--out", str(tmp_path / "out"), "--lang", "en", "--only", "faces", "--force")
    assert forced.code == 1 and forced.output.count("cannot hold its 1159 characters") == 1, forced.output
    assert (tmp_path / "out" / "lantern-market" / "faces" / "merchant.pdf").is_file()


def test_fitted_text_stays_inside_its_zone_in_the_pdf(tmp_path) -> None:
    """The measurement is conservative: what fit says fits, WeasyPrint sets inside the zone."""
    pack = lantern_copy(tmp_path, SENTENCE * 3)
    result = render_some(pack, tmp_path / "build", lambda face: face.key == "merchant/old-marta")
    layout = result.faces[0].layout
    zone, bleed = layout.zones["body"], result.bleeds["merchant/old-marta"]
    fit = renderer_for(pack, tmp_path).fits(pack.of_type("merchant")[0], layout)["body"]
    assert fit.fits and fit.size < 8
    page = pdfium.PdfDocument(str(result.pdfs[0]))[0]
    height_pt = page.get_height()
    text = page.get_textpage()
    bottoms, rights = [], []
    for index in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(index)
        x_mm, y_mm = left / 72 * 25.4 - bleed, (height_pt - top) / 72 * 25.4 - bleed
        if zone.x <= x_mm <= zone.x + zone.w and zone.y <= y_mm <= zone.y + zone.h:
            bottoms.append((height_pt - bottom) / 72 * 25.4 - bleed)
            rights.append(right / 72 * 25.4 - bleed)
    assert len(bottoms) > 200
    assert max(bottoms) <= zone.y + zone.h + 0.01
    assert max(rights) <= zone.x + zone.w + 0.01


def test_a_missing_art_file_renders_a_placeholder(tmp_path) -> None:
    pack = lantern_copy(tmp_path, "Short.", art="art/not-there.png")
    renderer = renderer_for(pack, tmp_path)
    item = pack.of_type("merchant")[0]
    art = renderer.art(item, renderer.layouts.get("card"), "#d4a017")
    assert art.is_placeholder and art.initials == "OM"
    result = render_some(pack, tmp_path / "build", lambda face: face.key == "merchant/old-marta")
    assert result.findings == []
    image = pdfium.PdfDocument(str(result.pdfs[0]))[0].render(scale=300 / 72).to_pil().convert("RGB")
    zone = result.faces[0].layout.zones["art"]
    # the placeholder's sky, hills and trees: several colours inside the art zone, not one flat fill
    box = tuple(round(v * PX_PER_MM) for v in (zone.x + 3, zone.y + 3, zone.x + 3 + zone.w, zone.y + 3 + zone.h))
    assert len(image.crop(box).getcolors(1_000_000)) > 20
    html = renderer.page(result.faces[0])
    assert "art-placeholder" in html and "<img" not in html
