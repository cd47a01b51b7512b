"""Shared set-up for render tests: the packs, and small renders made once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.render.document import Renderer
from pnpforge.render.fonts import load_fonts
from pnpforge.render.stage import RenderResult, open_layouts, render_master, render_pack

from tests.conftest import DATA, REPO

LEGION = REPO / "content" / "legion-siberian-story"
LANTERN = DATA / "lantern-market"
PX_PER_MM = 300 / 25.4


def load(root: Path) -> Pack:
    pack, problems = load_pack(root)
    assert pack is not None, [str(p) for p in problems]
    return pack


def renderer_for(pack: Pack, tmp: Path, lang: str | None = None) -> Renderer:
    """A renderer of the pack's faces, with its art cache under ``tmp``."""
    return Renderer(pack, lang or pack.game.languages[0], open_layouts(pack), load_fonts(), tmp / "art")


def render_some(pack: Pack, out_dir: Path, select) -> RenderResult:
    """Face PDFs (and the manifest) of the selected faces, rendered in this process."""
    master = render_master(pack, pack.game.languages[0], out_dir, jobs=1, select=select)
    return render_pack(pack, pack.game.languages[0], out_dir, master=master)


@pytest.fixture(scope="session")
def legion() -> Pack:
    return load(LEGION)


@pytest.fixture(scope="session")
def lantern() -> Pack:
    return load(LANTERN)


@pytest.fixture(scope="session")
def legion_cards(tmp_path_factory, legion) -> RenderResult:
    """Two characters (an officer and a soldier), their backs, and every overlay."""
    officer = next(i.id for i in legion.of_type("character") if i.get("officer"))
    soldier = next(i.id for i in legion.of_type("character") if not i.get("officer"))
    wanted = {f"character/{officer}", f"character/{soldier}"}

    def select(face) -> bool:
        return face.type == "overlay" or face.key in wanted or (face.type == "character" and face.side == "back")
    return render_some(legion, tmp_path_factory.mktemp("legion"), select)


@pytest.fixture(scope="session")
def lantern_faces(tmp_path_factory, lantern) -> RenderResult:
    return render_some(lantern, tmp_path_factory.mktemp("lantern"), lambda face: True)
