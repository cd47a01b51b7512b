"""Files outside the pack through other doors: a borrowed pack's symlinks, symlink loops, odd path names."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.conftest import DATA
from tests.helpers import run_cli


def _pack(tmp_path: Path, name: str = "lantern-market") -> Path:
    pack = tmp_path / name
    shutil.copytree(DATA / "lantern-market", pack)
    return pack


def test_a_borrowed_pack_whose_layouts_lead_out_is_refused(tmp_path: Path) -> None:
    sibling = _pack(tmp_path, "sibling")
    game = sibling / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("id: lantern-market", "id: sibling"), encoding="utf-8")
    os.symlink("/", sibling / "layouts")
    pack = _pack(tmp_path)
    game = pack / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "layouts_from: [sibling]\n", encoding="utf-8")
    (pack / "layouts").mkdir()
    (pack / "layouts" / "card.html").write_text("{% include 'proc/self/environ' %}", encoding="utf-8")
    result = run_cli("build", str(pack), "--only", "faces", "--out", str(tmp_path / "out"))
    assert result.code == 2, result.output
    assert f"{sibling}/layouts: error: symlink leaves the borrowed pack (points to '/')" in result.output
    assert not (tmp_path / "out" / "lantern-market" / "faces").exists()


def test_a_symlink_loop_in_a_pack_is_a_located_error(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    os.symlink("loop-b", pack / "art" / "loop-a")
    os.symlink("loop-a", pack / "art" / "loop-b")
    result = run_cli("validate", str(pack), "--static")
    assert result.code == 2, result.output
    assert f"{pack}/art/loop-a: error: symlink goes round in a loop in the pack" in result.output
    assert "internal error" not in result.output


def test_a_sheet_preset_cannot_read_a_yaml_file_outside_the_pack(tmp_path: Path) -> None:
    (tmp_path / "secret.yaml").write_text("ci-token-abc123: yes\n", encoding="utf-8")
    pack = _pack(tmp_path)
    sheets = pack / "layouts" / "sheets"
    sheets.mkdir(parents=True)
    for field, value in (("extends", "../../../secret"), ("papers", "[../../../secret]"),
                         ("types", "{merchant: [../../../secret]}")):
        (sheets / "print.yaml").write_text(f"extends: print\n{field}: {value}\n" if field != "extends"
                                           else f"extends: {value}\n", encoding="utf-8")
        result = run_cli("build", str(pack), "--only", "print", "--lang", "en", "--out", str(tmp_path / "out"))
        assert result.code == 2, result.output
        assert "ci-token" not in result.output and "internal error" not in result.output, result.output
        assert "../../../secret" in result.output, result.output
        check = tmp_path / "out" / "lantern-market" / "check.json"
        assert not check.is_file() or "ci-token" not in check.read_text(encoding="utf-8")


def test_a_print_plan_with_types_as_a_list_is_a_located_error(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    sheets = pack / "layouts" / "sheets"
    sheets.mkdir(parents=True)
    (sheets / "print.yaml").write_text("extends: print\ntypes: [merchant]\n", encoding="utf-8")
    result = run_cli("build", str(pack), "--only", "print", "--lang", "en", "--out", str(tmp_path / "out"))
    assert result.code == 2, result.output
    assert f"{sheets}/print.yaml:2:1: error: types: expected a mapping of component type -> list of sheet " \
           "presets" in result.output, result.output
    assert "faces merchant" not in result.output  # found by the checks before the build draws anything


def test_an_art_path_with_a_nul_or_a_name_too_long_is_a_located_error(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    cards = pack / "merchants.yaml"
    original = cards.read_text(encoding="utf-8")
    for art, message in (('"art/old\\0marta.png"', "art: path 'art/old\\x00marta.png' holds a NUL character"),
                         ("art/" + "x" * 300 + ".png", "art: path 'art/" + "x" * 36 + "...' is too long (at most 255 "
                                                       "bytes a name, 1024 in all)")):
        cards.write_text(original.replace("art: art/old-marta.png", f"art: {art}", 1), encoding="utf-8")
        result = run_cli("validate", str(pack), "--static")
        assert result.code == 2, result.output
        assert f"{cards}:10:3: error: merchant 'old-marta': {message}" in result.output, result.output


def test_art_of_900_million_pixels_is_a_located_error_not_an_internal_one(tmp_path: Path) -> None:
    import struct
    import zlib

    pack = _pack(tmp_path)
    side = 30_000  # a grey square: a small file that would decode to 900 million pixels
    squeeze = zlib.compressobj(1)
    row = b"\x00" * (side + 1)
    data = b"".join(squeeze.compress(row) for _ in range(side)) + squeeze.flush()

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    (pack / "art" / "old-marta.png").write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", data) + chunk(b"IEND", b""))
    result = run_cli("build", str(pack), "--only", "faces", "--lang", "en", "--out", str(tmp_path / "out"))
    assert result.code == 1, result.output
    assert f"{pack}/merchants.yaml:10:3: error: merchant 'old-marta': art: 'art/old-marta.png' is far too large to " \
           "draw (more than 100 million pixels)" in result.output, result.output
    assert "internal error" not in result.output
