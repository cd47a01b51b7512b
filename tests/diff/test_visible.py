"""What counts as a visible change of a face: the same face drawn by the other renderer is not one, a digit changed
in its text is; and a diff run inside the pack's folder never lists the pack's own ``build/`` as changed files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from weasyprint.text.fonts import FontConfiguration

from pnpforge.check.pack import check_pack
from pnpforge.cli import cli
from pnpforge.diff.faces import DPI, visible_difference
from pnpforge.render import stage
from pnpforge.render.faces import pack_faces
from pnpforge.render.fragments import PdfBuilder
from pnpforge.render.native.face import NativeRenderer
from pnpforge.render.pdf import html_to_pdf

from tests.conftest import DATA
from tests.diff.conftest import PACK, apply, printed_and_working


def _pixels(pdf: bytes):
    return pdfium.PdfDocument(pdf)[0].render(scale=DPI / 72).to_numpy()[..., :3]


def _native(native: NativeRenderer, html: str) -> bytes:
    fragment = native.render(html)
    builder = PdfBuilder()
    builder.face_page(fragment, {"/MediaBox": fragment.mediabox})
    return builder.to_bytes()


def test_the_other_renderer_is_no_visible_change_and_a_digit_is(tmp_path: Path) -> None:
    pack = check_pack(str(DATA / "harbour-lights")).pack
    assert pack is not None
    faces, _ = pack_faces(pack, stage.open_layouts(pack))
    face = next(f for f in faces if f.key == "ship/timber-queen")
    renderer = stage._renderer(pack, "en", tmp_path, face.layout.bleed, stage.LAYOUTS_DIR)
    native = NativeRenderer(renderer.fonts, renderer.roots.as_dict())
    html = renderer.document([face], "test")
    ours = _pixels(_native(native, html))
    theirs = _pixels(html_to_pdf(html, renderer.roots.as_dict(), FontConfiguration())[0])
    assert (abs(ours.astype(int) - theirs.astype(int)).max(axis=2) > 24).any()  # antialiasing, pixel by pixel
    assert not visible_difference(ours, theirs).any()
    assert visible_difference(ours, theirs, strict=True).any()  # a front whose card changed is held closer
    edited = _pixels(_native(native, html.replace("pays you 1 ", "pays you 2 ")))
    assert visible_difference(ours, edited).any()


@pytest.fixture(scope="module")
def diffed(tmp_path_factory):
    """The printed pack and a copy whose stall stylesheet gains a rule that changes nothing but sends the stalls to
    WeasyPrint (the native renderer does not read ``float``), each with a ``build/`` of its own, compared from
    inside the new copy's folder as a designer runs it there."""
    base = tmp_path_factory.mktemp("visible")
    old, new = printed_and_working(base)
    apply(new, "layouts/stall.css", ".title {", ".title { float: none;")
    for pack in (old, new):  # what `pnpforge build .` leaves in a pack's folder
        junk = pack / "build" / PACK / "cache" / "faces"
        junk.mkdir(parents=True)
        (junk / f"{pack.parent.name}.bin").write_bytes(b"\0" * 16)
    here = Path.cwd()
    os.chdir(new)
    try:
        result = CliRunner().invoke(cli, ["diff", "--against", str(old)], catch_exceptions=False)
    finally:
        os.chdir(here)
    return result, json.loads((new / "build" / PACK / "diff" / "diff.json").read_text(encoding="utf-8"))


def test_faces_drawn_by_the_other_renderer_are_redrawn_with_no_visible_change(diffed) -> None:
    result, report = diffed
    assert result.exit_code == 0, result.output
    faces = report["faces"]
    assert faces["changed"] == []
    stalls = ["stall/corner-stall", "stall/fountain-stall", "stall/bridge-stall"]
    assert [f["key"] for f in faces["redrawn"]] == stalls
    assert all(f["image"] is None for f in faces["redrawn"])
    lines = result.output.splitlines()
    assert "Faces (120 dpi): 0 changed, 0 added, 0 removed, 6 unchanged, 3 redrawn with no visible change" in lines
    assert "  = stall/corner-stall: redrawn, no visible change" in lines


def test_the_packs_own_build_folders_are_no_part_of_the_diff(diffed) -> None:
    _, report = diffed
    assert [f["path"] for f in report["files"]] == ["layouts/stall.css"]
