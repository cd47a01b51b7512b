"""The harbour-lights fixture's ship front (``ship/timber-queen``) as one face's document, for tests that draw it
with something dropped in."""

from __future__ import annotations

from pathlib import Path

from pnpforge.check.pack import check_pack
from pnpforge.render import stage
from pnpforge.render.faces import pack_faces

from tests.conftest import DATA


def ship_front(out: Path):
    """``(document, renderer)``: the ship's front laid in one document, and the renderer that made it."""
    pack = check_pack(str(DATA / "harbour-lights")).pack
    faces, _ = pack_faces(pack, stage.open_layouts(pack))
    face = next(face for face in faces if face.key == "ship/timber-queen")
    renderer = stage._renderer(pack, "en", out, face.layout.bleed, stage.LAYOUTS_DIR)
    return renderer.document([face], "test"), renderer
