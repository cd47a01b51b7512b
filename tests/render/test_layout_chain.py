"""A face carries the class of every layout it extends, so a variant keeps its parent's CSS and a pack's back that
extends the shared ``back`` keeps the shared back's; a variant map may name a default, and a value it names no
layout for is one warning, not one per item."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnpforge.content.pack import Pack, load_pack
from pnpforge.render import stage
from pnpforge.render.faces import pack_faces
from pnpforge.render.fragments import PdfBuilder
from pnpforge.render.native.face import NativeRenderer

GAME = """\
id: relic-test
name: Relic Test
version: "1"
languages: [en]
players: {min: 2, max: 2}
vocabulary: [relic]
box:
  - {type: card, count: 4}
types:
  card:
    file: cards.yaml
    doc: A card.
    fields:
      name: {kind: text, required: true, doc: The name.}
      kind: {kind: enum, values: [relic, plain, odd], doc: Which frame it has.}
"""
CARDS = "".join(f"- {{id: {i}, name: {i.title()}, kind: {k}}}\n"
                for i, k in (("crown", "relic"), ("cup", "plain"), ("coin", "plain"), ("cane", "plain")))
CARD = """\
extends: card
back: {layout: card-back, same_for: []}
variants: {field: kind, layouts: {relic: card-relic}%s}
"""
RELIC = "extends: card\nparams: {hide_fields: [kind]}\n"
BACK = "extends: back\n"


def make(root: Path, default: str = ", default: card") -> Pack:
    (root / "layouts").mkdir(parents=True)
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (root / "layouts" / "card.yaml").write_text(CARD % default, encoding="utf-8")
    (root / "layouts" / "card-relic.yaml").write_text(RELIC, encoding="utf-8")
    (root / "layouts" / "card-back.yaml").write_text(BACK, encoding="utf-8")
    pack, problems = load_pack(root)
    assert pack is not None, [str(p) for p in problems]
    return pack


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """The pack's faces, their documents and a native renderer."""
    pack = make(tmp_path_factory.mktemp("chain") / "relic-test")
    faces, problems = pack_faces(pack, stage.open_layouts(pack))
    renderer = stage._renderer(pack, "en", pack.root.parent / "out", 3.0, stage.LAYOUTS_DIR)
    documents = {face.key: renderer.document([face], "test") for face in faces}
    return faces, problems, documents, NativeRenderer(renderer.fonts, renderer.roots.as_dict())


def _section_classes(html: str) -> str:
    return html.split('<section class="', 1)[1].split('"', 1)[0]


def _fonts(native: NativeRenderer, html: str) -> set[str]:
    fragment = native.render(html)
    builder = PdfBuilder()
    builder.face_page(fragment, {"/MediaBox": fragment.mediabox})
    page = PdfReader(io.BytesIO(builder.to_bytes())).pages[0]
    return {str(ref.get_object()["/BaseFont"]).split("+")[-1] for ref in page["/Resources"]["/Font"].values()}


def test_a_face_has_the_class_of_every_layout_it_extends(drawn) -> None:
    faces, problems, documents, _ = drawn
    assert problems == []  # the map's default covers 'plain': no warning
    assert {f.key: f.layout.name for f in faces} == {
        "card/crown": "card-relic", "card/cup": "card", "card/coin": "card", "card/cane": "card",
        "card/back/all": "card-back"}
    assert _section_classes(documents["card/crown"]) == "face face-front layout-card layout-card-relic"
    assert _section_classes(documents["card/cup"]) == "face face-front layout-card"  # named once, not per layer
    assert _section_classes(documents["card/back/all"]) == "face face-back layout-back layout-card-back"


def test_the_variant_and_the_back_keep_the_shared_css(drawn) -> None:
    _, _, documents, native = drawn
    # the shared card.css sets `.layout-card .title` and `.layout-back .emblem` in the display face (Bebas Neue)
    assert any("Bebas" in name for name in _fonts(native, documents["card/crown"]))
    assert any("Bebas" in name for name in _fonts(native, documents["card/back/all"]))


def test_a_value_without_a_variant_is_one_warning(tmp_path) -> None:
    pack = make(tmp_path / "relic-test", default="")
    _, problems = pack_faces(pack, stage.open_layouts(pack))
    assert len(problems) == 1  # three items have 'plain'
    message = problems[0].message
    assert message == ("kind: layout 'card' has no variant for 'plain' (and 2 more items); drawn with 'card' "
                       "itself (name one under variants: layouts:, or a default: for every other value)")
    assert problems[0].mark.line == 2  # the first card whose value has none
