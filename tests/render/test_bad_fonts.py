"""A pack's own fonts.yaml and font files, broken in the ways a careless pack breaks them: located errors, exit 2."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import DATA
from tests.helpers import run_cli


@pytest.fixture
def fonts(tmp_path: Path) -> Path:
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    folder = pack / "layouts" / "fonts"
    folder.mkdir(parents=True)
    return folder


@pytest.mark.parametrize("listing, font, message", [
    ("roles:\n  body:\n    faces:\n      - regular\n", None,
     "fonts.yaml:3:5: error: role 'body': faces: expected a mapping of style -> font file, e.g. regular: my.otf"),
    ("roles:\n  body:\n    faces:\n      regular: x.otf\n", b"\x00\x00garbage" * 50,
     "fonts.yaml:4:7: error: font file 'x.otf' is not a TrueType or OpenType font"),
    ("roles:\n  body:\n    faces:\n      regular: x.otf\n", b"OTTO" + b"\x00" * 5,
     "x.otf: error: font file cannot be read (TTLibError: Not a TrueType or OpenType font (not enough data)); "
     "replace it with a working .ttf or .otf"),
])
def test_a_broken_font_list_or_file_is_a_located_error(fonts: Path, listing: str, font: bytes | None,
                                                       message: str) -> None:
    (fonts / "fonts.yaml").write_text(listing, encoding="utf-8")
    if font is not None:
        (fonts / "x.otf").write_bytes(font)
    result = run_cli("validate", str(fonts.parent.parent), "--static")
    assert result.code == 2, result.output
    assert f"{fonts}/{message}" in result.output and "internal error" not in result.output, result.output
