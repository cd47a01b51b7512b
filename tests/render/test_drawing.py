"""Drawing a face: natively when the renderer lays out its CSS, by WeasyPrint otherwise, and the switch that sends
every face to WeasyPrint (which is part of each face's cache key, so cached native faces are not reused)."""

from __future__ import annotations

import shutil

import pytest

from pnpforge.check.pack import check_pack
from pnpforge.render import stage
from pnpforge.render.cache import FileDigests, face_key
from pnpforge.render.drawing import FaceDrawer

from tests.conftest import DATA
from tests.render.ship import ship_front
from tests.helpers import run_cli


@pytest.fixture(scope="module")
def ship(tmp_path_factory):
    html, renderer = ship_front(tmp_path_factory.mktemp("out"))
    return html, renderer.fonts, renderer.roots.as_dict()


def test_a_face_the_renderer_lays_out_is_drawn_natively(ship) -> None:
    html, fonts, roots = ship
    drawer = FaceDrawer(fonts, roots)
    drawn = drawer.draw(html)
    assert drawn.native and drawn.fragment.fonts and not drawer.refusals


def test_css_beyond_it_goes_to_weasyprint_and_the_reason_is_counted(ship) -> None:
    html, fonts, roots = ship
    floated = html.replace('class="speed" style="', 'class="speed" style="float:left;')
    assert floated != html
    drawer = FaceDrawer(fonts, roots)
    drawn = drawer.draw(floated)
    assert not drawn.native and not drawn.fragment.fonts  # WeasyPrint embeds its own fonts in the page
    assert drawn.fragment.mediabox == pytest.approx(drawer.draw(html).fragment.mediabox, abs=1e-3)
    assert sum(drawer.refusals.values()) == 1 and any("float" in reason for reason in drawer.refusals)


def test_the_switch_draws_with_weasyprint_and_changes_the_cache_key(ship, monkeypatch) -> None:
    html, fonts, roots = ship
    native_key = face_key(html, FileDigests(roots))
    monkeypatch.setenv("PNPFORGE_RENDERER", "weasyprint")
    assert not FaceDrawer(fonts, roots).draw(html).native
    assert face_key(html, FileDigests(roots)) != native_key


def test_the_render_stage_says_which_faces_went_to_weasyprint_and_why(tmp_path) -> None:
    legie = check_pack("legie").pack
    aid = next(item.id for item in legie.of_type("player_aid"))
    unit = next(item.id for item in legie.of_type("unit_tile"))
    wanted = {f"player_aid/{aid}", f"unit_tile/{unit}"}
    master = stage.render_master(legie, "en", tmp_path, jobs=1, select=lambda face: face.key in wanted)
    assert master.rendered == 2
    assert master.refusals == {"display: inline-flex": 1}  # the player aid's badges; the unit tile is native


def test_a_build_names_what_sent_faces_to_weasyprint(tmp_path) -> None:
    pack = tmp_path / "harbour-lights"
    shutil.copytree(DATA / "harbour-lights", pack)
    css = pack / "layouts" / "ship.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n.speed { float: left; }\n", encoding="utf-8")
    run = run_cli("build", str(pack), "--only", "faces", "--out", str(tmp_path / "out"))
    assert run.code == 0, run.output
    assert "8 of them drawn by WeasyPrint, slower: property float: left (8)" in run.output  # the fronts, not the back


def test_faces_kept_in_a_cache_are_not_drawn_again_and_give_the_same_pdf(ship, tmp_path, monkeypatch) -> None:
    from pnpforge.render import drawing
    from pnpforge.render.cache import FaceCache

    html, fonts, roots = ship
    renamed = html.replace("Timber Queen", "Timber King")
    assert renamed != html
    documents = [html, renamed]
    plain, _ = drawing.faces_pdf(documents, fonts, roots)
    drawn = []
    real = drawing.FaceDrawer.draw
    monkeypatch.setattr(drawing.FaceDrawer, "draw", lambda self, page: drawn.append(page) or real(self, page))
    cache = FaceCache(tmp_path / "faces")
    keys = drawing.face_keys(documents, roots)
    first, _ = drawing.faces_pdf(documents, fonts, roots, cache=cache, keys=keys)
    assert len(drawn) == 2 and first == plain
    again, _ = drawing.faces_pdf(documents, fonts, roots, cache=FaceCache(tmp_path / "faces"), keys=keys)
    assert len(drawn) == 2 and again == plain  # both faces from the cache, the same bytes
    (tmp_path / "faces" / f"{keys[1]}.frag").write_bytes(b"damaged")
    mended, _ = drawing.faces_pdf(documents, fonts, roots, cache=FaceCache(tmp_path / "faces"), keys=keys)
    assert drawn[2:] == [renamed] and mended == plain  # a damaged entry is drawn again
