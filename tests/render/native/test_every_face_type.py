"""Every face type of every pack under content/ and tests/data/, found by walking both folders (a new pack is
covered the day it lands): the first face of each layout drawn the way a build draws it, natively where the native
renderer can, against WeasyPrint's drawing of the same face, through ``render.verify``, the comparison
``validate`` and ``build`` run on a designer's pack: at most 0.5% of pixels at 300 dpi differ by more than 24/255.

A pack is drawn when it loads and its checks find no error (what ``build`` draws; the broken-* fixtures do not
load, or carry the error they are made for). The layouts the native renderer refuses, so that WeasyPrint draws
them, are pinned below, so that a change which sends a layout back to WeasyPrint fails here rather than only
slowing builds down; a layout not named there must be drawn natively, within the bound."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from pnpforge.check.pack import check_pack
from pnpforge.render import stage, verify
from pnpforge.render.faces import pack_faces

from tests.conftest import DATA, REPO

CONTENT = REPO / "content"
# Layouts drawn by WeasyPrint on purpose, by pack (only packs that have one): the native renderer refuses their CSS.
WEASYPRINT_LAYOUTS = {
    "legie": {"player_aid": "inline flex boxes"},
    "lantern-market": {"card": "the generic card's tags: inline spans with borders"},
}


@cache
def _checked(folder: Path):
    return check_pack(str(folder))


def _drawn(folder: Path) -> bool:
    """True when a build draws the pack in ``folder``: it loads and its checks find no error."""
    checked = _checked(folder)
    return checked.pack is not None and not any(f.blocking or f.severity == "error" for f in checked.findings)


@cache
def _packs() -> dict[str, Path]:
    """Every pack a build draws, under content/ and tests/data/, by folder name."""
    return {folder.name: folder for root in (CONTENT, DATA) for folder in sorted(root.iterdir())
            if folder.is_dir() and _drawn(folder)}


def _layouts(folder: Path) -> list[str]:
    """The layouts of the pack's faces, in build order."""
    pack = _checked(folder).pack
    faces, _ = pack_faces(pack, stage.open_layouts(pack))
    return [face.layout.name for face in verify.first_faces(faces)]


CASES = [(name, layout) for name, folder in _packs().items() for layout in _layouts(folder)]


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory):
    """The verdict on every layout of a pack, made when one of its cases first asks."""
    made: dict[str, dict[str, verify.Verdict]] = {}

    def of(name: str) -> dict[str, verify.Verdict]:
        if name not in made:
            pack = _checked(_packs()[name]).pack
            faces, _ = pack_faces(pack, stage.open_layouts(pack))
            renderer = stage._renderer(pack, pack.game.languages[0], tmp_path_factory.mktemp(name), None,
                                       stage.LAYOUTS_DIR)
            made[name] = verify.verdicts(renderer, faces, None, shared=True)
        return made[name]
    return of


def test_every_pack_under_content_is_drawn() -> None:
    folders = [folder for folder in sorted(CONTENT.iterdir()) if folder.is_dir()]
    assert len(folders) >= 3
    for folder in folders:
        problems = [str(f) for f in _checked(folder).findings if f.blocking or f.severity == "error"]
        assert folder.name in _packs(), f"{folder.name} does not load cleanly: {problems[:3]}"


def test_the_worked_example_and_the_bench_deck_are_drawn() -> None:
    assert {"harbour-lights", "bench-deck", "dice-race", "lantern-market"} <= set(_packs())
    assert not any(name.startswith("broken-") for name in _packs())


def test_every_pinned_layout_is_a_layout_of_its_pack() -> None:
    for name, layouts in WEASYPRINT_LAYOUTS.items():
        assert name in _packs(), f"{name} is no pack a build draws"
        assert set(layouts) <= {layout for pack, layout in CASES if pack == name}


@pytest.mark.parametrize("name,layout", CASES)
def test_a_face_type_looks_as_weasyprint_draws_it(verdicts, name: str, layout: str) -> None:
    verdict = verdicts(name)[layout]
    pinned = layout in WEASYPRINT_LAYOUTS.get(name, {})
    assert verdict.native != pinned, (f"{name} {layout} ({verdict.face}): drawn by WeasyPrint ({verdict.refusal})"
                                      if pinned is False else f"{name} {layout}: drawn natively, expected "
                                      f"WeasyPrint ({WEASYPRINT_LAYOUTS[name][layout]})")
    assert verdict.share <= verify.MAX_SHARE, \
        f"{name} {layout} ({verdict.face}): {verdict.share:.3%} of pixels differ by more than 24/255"
