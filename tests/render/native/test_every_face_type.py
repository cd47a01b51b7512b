"""Every face type of every shipped pack and of the worked example, drawn the way a build draws it (natively, or by
WeasyPrint where the native renderer refuses), against WeasyPrint's full render of the same face: at most 0.5% of
pixels at 300 dpi differ by more than 24/255 in a channel. The types the native renderer draws are pinned, so that
a change which sends a type back to WeasyPrint fails here rather than only slowing builds down."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from weasyprint.text.fonts import FontConfiguration

from pnpforge.check.pack import check_pack
from pnpforge.render import stage
from pnpforge.render.drawing import FaceDrawer
from pnpforge.render.faces import pack_faces
from pnpforge.render.fragments import PdfBuilder
from pnpforge.render.pdf import html_to_pdf

from tests.conftest import DATA
from tests.render.native.pixels import differing_share

DPI = 300
PACKS = {"legion-siberian-story": "legion-siberian-story", "legie": "legie",
         "harbour-lights": str(DATA / "harbour-lights")}
# Layouts drawn by WeasyPrint on purpose: inline flex boxes are beyond the native renderer.
WEASYPRINT_LAYOUTS = {"legie": {"player_aid"}}


def _face_types(pack_id: str, tmp_path_factory) -> dict[str, tuple[str, str, dict]]:
    """One document per layout of the pack (its first face), with the roots the PDF stage fetches from."""
    pack = check_pack(PACKS[pack_id]).pack
    faces, _ = pack_faces(pack, stage.open_layouts(pack))
    bleed = max(face.layout.bleed for face in faces)
    renderer = stage._renderer(pack, pack.game.languages[0], tmp_path_factory.mktemp(pack_id), bleed,
                               stage.LAYOUTS_DIR)
    first: dict[str, tuple[str, str, dict]] = {}
    for face in faces:
        if face.layout.name not in first:
            first[face.layout.name] = (face.type, renderer.document([face], "test"), renderer.roots.as_dict())
    return first, renderer.fonts


CASES = [(pack_id, layout) for pack_id, layouts in {
    "legion-siberian-story": ["aid_card", "character", "character-back", "commander", "commander-back", "despatch",
                              "despatch-back", "location", "location-back", "marker-round", "marker-start",
                              "marker-supply", "marker-vp", "order_token", "order_token-back", "overlay", "plot",
                              "plot-back", "war_diary"],
    "legie": ["board_part", "board_part-back", "flag_tile", "flag_tile-back", "player_aid", "scenario_card",
              "scenario_card-back", "unit_tile", "unit_tile-back"],
    "harbour-lights": ["ship", "ship-back"]}.items() for layout in layouts]


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    return {pack_id: _face_types(pack_id, tmp_path_factory) for pack_id in PACKS}


def _image(pdf: bytes):
    return pdfium.PdfDocument(pdf)[0].render(scale=DPI / 72).to_pil().convert("RGB")


def test_the_cases_name_every_layout_of_every_pack(packs) -> None:
    for pack_id, (types, _) in packs.items():
        assert sorted(types) == sorted(layout for pack, layout in CASES if pack == pack_id)


@pytest.mark.parametrize("pack_id,layout", CASES)
def test_a_face_type_looks_as_weasyprint_draws_it(packs, pack_id: str, layout: str) -> None:
    types, fonts = packs[pack_id]
    _, html, roots = types[layout]
    drawn = FaceDrawer(fonts, roots).draw(html)
    assert drawn.native == (layout not in WEASYPRINT_LAYOUTS.get(pack_id, set())), \
        f"{layout}: drawn {'natively' if drawn.native else 'by WeasyPrint'}, expected the other way"
    builder = PdfBuilder()
    builder.face_page(drawn.fragment, {"/MediaBox": drawn.fragment.mediabox})
    theirs, _ = html_to_pdf(html, roots, FontConfiguration())
    share = differing_share(_image(builder.to_bytes()), _image(theirs))
    assert share <= 0.005, f"{pack_id} {layout}: {share:.3%} of pixels differ by more than 24/255"
