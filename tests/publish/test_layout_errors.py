"""A broken layout is a located error with exit 2, the same line from ``validate --static`` and from ``build``.

Each case is the fixture pack with its own merchant layout (a template that includes the generic card, a stylesheet
and a fit box) and a short rulebook, broken in one way.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import DATA
from tests.helpers import run_cli

LAYOUT = """\
extends: card
template: merchant.html
stylesheets: [base.css, card.css, merchant.css]
fit:
  price: {zone: footer, fields: [price], font: body/bold, size: 8, floor: 6}
"""
TEMPLATE = """\
{% include "card.html" %}
<div class="price" style="{{ zone('footer') }}{{ fit.price.style }}">{{ v.price }}</div>
"""


def make_pack(tmp_path: Path) -> Path:
    """The fixture pack with a merchant layout of its own and the short rulebook."""
    root = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", root)
    shutil.copytree(DATA / "lantern-rules" / "rules", root / "rules")
    layouts = root / "layouts"
    layouts.mkdir()
    (layouts / "merchant.yaml").write_text(LAYOUT, encoding="utf-8")
    (layouts / "merchant.html").write_text(TEMPLATE, encoding="utf-8")
    (layouts / "merchant.css").write_text(".price { text-align: right; }\n", encoding="utf-8")
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


CASES = {
    "jinja-syntax-error": (
        lambda root: edit(root / "layouts" / "merchant.html", "{{ v.price }}", "{{ v.price }"),
        "layouts/merchant.html:2:70: error: layout 'merchant': template 'merchant.html': syntax error: "
        "unexpected '}'"),
    "undefined-field": (
        lambda root: edit(root / "layouts" / "merchant.html", "{{ v.price }}", "{{ v.powr }}"),
        "layouts/merchant.html:2:75: error: layout 'merchant': template 'merchant.html': 'powr' is undefined: "
        "no such field or value here ('dict object' has no attribute 'powr')"),
    "unsafe-attribute": (  # a pack's template runs in Jinja's sandbox
        lambda root: edit(root / "layouts" / "merchant.html", "{{ v.price }}", "{{ v.__class__.__mro__ }}"),
        "layouts/merchant.html:2:75: error: layout 'merchant': template 'merchant.html': not allowed in a layout's "
        "template: access to attribute '__class__' of 'dict' object is unsafe"),
    "missing-css": (
        lambda root: (root / "layouts" / "merchant.css").unlink(),
        "layouts/merchant.yaml:3:35: error: layout 'merchant': stylesheet 'merchant.css' not found; looked in "
        "{root}/layouts/, {shared}/generic/"),
    "stylesheet-outside-the-pack": (
        lambda root: edit(root / "layouts" / "merchant.yaml", "merchant.css]", "../../secret.css]"),
        "layouts/merchant.yaml:3:35: error: layout 'merchant': stylesheet: path '../../secret.css' leaves the pack "
        "folder"),
    "unknown-layout-key": (
        lambda root: edit(root / "layouts" / "merchant.yaml", "template:", "colour: red\ntemplate:"),
        "layouts/merchant.yaml:2:1: error: layout 'merchant': unknown key 'colour'; accepted keys: extends, doc, "
        "size, scale, orientation, bleed, safe, template, stylesheets, transparent, render, zones, fit, art, back, "
        "variants, params, standee"),
    "fit-on-unknown-field": (
        lambda root: edit(root / "layouts" / "merchant.yaml", "fields: [price]", "fields: [prize]"),
        "layouts/merchant.yaml:5:34: error: layout 'merchant': fit: price: merchant has no field 'prize'; fields: "
        "name, faction, price, goods, stall, text, effects, art"),
    "type-without-template": (
        lambda root: (root / "layouts" / "merchant.html").unlink(),
        "layouts/merchant.yaml:2:1: error: layout 'merchant': template 'merchant.html' not found; looked in "
        "{root}/layouts/, {shared}/generic/"),
    "unknown-icon-in-glossary": (
        lambda root: edit(root / "rules" / "en" / "glossary.yaml", "hire for :coin:", "hire for :salt:"),
        "rules/en/glossary.yaml:3:3: error: unknown icon ':salt:': draw it as {root}/layouts/icons/salt.svg, or "
        "declare it under icons: in game.yaml; known icons: coin, oil, wick"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_broken_layout_is_one_located_error_from_validate_and_build(case: str, tmp_path: Path) -> None:
    root = make_pack(tmp_path)
    breaks, expected = CASES[case]
    breaks(root)
    from pnpforge.render.layouts import LAYOUTS_DIR
    from pnpforge.findings import display_path

    wanted = f"{display_path(root)}/" + expected.replace("{root}", display_path(root)).replace(
        "{shared}", display_path(LAYOUTS_DIR))
    for args in (["validate", str(root), "--static"], ["build", str(root), "--out", str(tmp_path / "build")]):
        result = run_cli(*args)
        errors = [line for line in result.output.splitlines() if ": error: " in line]
        assert (result.code, errors) == (2, [wanted]), (args, result.output)
    assert not (tmp_path / "build" / "lantern-market" / "faces").exists()


def test_the_unbroken_fixture_validates_and_its_layout_is_used(tmp_path: Path) -> None:
    root = make_pack(tmp_path)
    result = run_cli("validate", str(root), "--static")
    assert result.code == 0, result.output
    from pnpforge.content.pack import load_pack
    from pnpforge.render.stage import open_layouts

    pack, _ = load_pack(root)
    assert open_layouts(pack).for_type("merchant").chain == ("merchant", "card")


def make_borrower(tmp_path: Path) -> Path:
    """A second pack beside the first that reuses its layouts and overrides the merchant template."""
    lender = make_pack(tmp_path)
    root = tmp_path / "lantern-night"
    shutil.copytree(DATA / "lantern-market", root)
    edit(root / "game.yaml", "id: lantern-market", "id: lantern-night\nlayouts_from: [lantern-market]")
    (root / "layouts").mkdir()
    (root / "layouts" / "merchant.html").write_text(
        TEMPLATE.replace('class="price"', 'class="price night"'), encoding="utf-8")
    assert (lender / "layouts" / "merchant.yaml").is_file()
    return root


def test_layouts_from_reuses_another_packs_layout_and_overrides_one_template(tmp_path: Path) -> None:
    from pnpforge.content.pack import load_pack
    from pnpforge.publish.outputs import build_outputs
    from pnpforge.render.stage import open_layouts

    root = make_borrower(tmp_path)
    assert run_cli("validate", str(root), "--static").code == 0
    pack, problems = load_pack(root)
    assert problems == [] and pack.layout_packs == (("lantern-market", tmp_path / "lantern-market"),)
    layout = open_layouts(pack).for_type("merchant")
    assert Path(layout.path) == tmp_path / "lantern-market" / "layouts" / "merchant.yaml"
    outputs = build_outputs(pack, "en", tmp_path / "build", "faces", jobs=1,
                            select=lambda face: face.key == "merchant/old-marta")
    assert outputs.faces is not None and outputs.findings == []  # the lender's stylesheet was fetched
    assert (tmp_path / "build" / "lantern-night" / "faces" / "merchant.pdf").is_file()
    from pnpforge.render.document import Renderer
    from pnpforge.render.faces import pack_faces
    from pnpforge.render.fonts import load_fonts

    layouts = open_layouts(pack)
    renderer = Renderer(pack, "en", layouts, load_fonts(pack=pack), tmp_path / "art")
    face = next(f for f in pack_faces(pack, layouts)[0] if f.key == "merchant/old-marta")
    document = renderer.document([face], "t")
    assert 'class="price night"' in document  # the borrower's own template
    assert "pnp:layouts/lantern-market/merchant.css" in document  # the lender's stylesheet


def test_layouts_from_an_unknown_pack_is_a_located_error(tmp_path: Path) -> None:
    root = make_borrower(tmp_path)
    edit(root / "game.yaml", "layouts_from: [lantern-market]", "layouts_from: [lantern-fair]")
    result = run_cli("validate", str(root), "--static")
    from pnpforge.findings import display_path

    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert (result.code, errors) == (2, [
        f"{display_path(root)}/game.yaml:3:16: error: layouts_from: no pack 'lantern-fair'; looked in "
        f"{display_path(tmp_path)}/lantern-fair/ and content/lantern-fair/"])


def test_a_template_that_reaches_for_the_shell_runs_nothing(tmp_path: Path) -> None:
    root = make_pack(tmp_path)
    marker = tmp_path / "owned"
    edit(root / "layouts" / "merchant.html", "{{ v.price }}",
         f"{{{{ cycler.__init__.__globals__.os.popen('id > {marker}').read() }}}}")
    for args in (["validate", str(root), "--static"], ["build", str(root), "--out", str(tmp_path / "build")]):
        result = run_cli(*args)
        errors = [line for line in result.output.splitlines() if ": error: " in line]
        assert (result.code, errors) == (2, [f"{root}/layouts/merchant.html:2:80: error: layout 'merchant': template "
                                             "'merchant.html': not allowed in a layout's template: access to "
                                             "attribute '__init__' of 'type' object is unsafe"]), result.output
        assert not marker.exists()
