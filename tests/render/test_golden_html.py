"""Golden HTML: one item of each component type, front and back, exactly as the PDF stage receives it.

After a reviewed, intended change: ``pytest tests/render --update-golden`` (or ``make update-golden``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnpforge.render.faces import pack_faces

from tests.conftest import REPO
from tests.render.conftest import LANTERN, LEGION, load, renderer_for

GOLDEN = REPO / "tests" / "golden" / "render"
PACKS = {"legion-siberian-story": LEGION, "lantern-market": LANTERN}


def cases() -> list[tuple[str, str]]:
    return [(pack_id, type_name) for pack_id, root in PACKS.items() for type_name in _loaded(root).types]


_LOADED: dict = {}
ART_NAME = re.compile(r"pnp:art/[0-9a-f]{24}\.")


def _art_named(html: str) -> str:
    """The HTML with each cached art file's name (a hash of the art and of the code resizing it) as one word."""
    return ART_NAME.sub("pnp:art/cached-art.", html)


def _loaded(root: Path):
    """Each pack loaded once per test session."""
    if root not in _LOADED:
        _LOADED[root] = load(root)
    return _LOADED[root]


@pytest.mark.parametrize(("pack_id", "type_name"), cases(), ids=lambda value: value)
def test_rendered_html_matches_golden(pack_id: str, type_name: str, tmp_path: Path, update_golden: bool) -> None:
    pack = _loaded(PACKS[pack_id])
    renderer = renderer_for(pack, tmp_path)
    faces, _ = pack_faces(pack, renderer.layouts)
    fronts = [f for f in faces if f.type == type_name and f.side == "front"]
    golden = GOLDEN / pack_id / f"{type_name}.html"
    if not fronts:
        assert not golden.exists(), f"{golden} is stale: type '{type_name}' has no faces"
        return
    shown = [fronts[0]] + [f for f in faces if f.key == fronts[0].back]
    html = _art_named(renderer.document(shown, f"{pack_id}: {type_name}"))
    assert "file:" not in html and str(REPO) not in html  # machine-independent: pnp: URLs only
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(html, encoding="utf-8")
    assert golden.is_file(), f"no golden file {golden}; run pytest with --update-golden"
    expected = _art_named(golden.read_text(encoding="utf-8"))
    if html != expected:
        for number, (got, want) in enumerate(zip(html.splitlines(), expected.splitlines()), 1):
            assert got == want, f"{golden.relative_to(REPO)}: wrong line {number}"
        assert html == expected, f"{golden.relative_to(REPO)}: different length"


def test_no_stale_golden_files() -> None:
    known = {(pack_id, type_name) for pack_id, type_name in cases()}
    stale = [p for p in GOLDEN.glob("*/*.html") if (p.parent.name, p.stem) not in known]
    assert stale == []
