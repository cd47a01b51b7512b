"""Bytes no pack should hold: each is one located error with exit 2, never an internal error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.content.source import MAX_ALIAS_NODES

from tests.conftest import DATA
from tests.helpers import run_cli


def _pack_with(tmp_path: Path, old: str, new: str) -> Path:
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    stalls = pack / "stalls.yaml"
    text = stalls.read_text(encoding="utf-8")
    assert old in text
    stalls.write_text(text.replace(old, new, 1), encoding="utf-8")
    return pack


@pytest.mark.parametrize("old, new, where, what", [
    ("- id: fountain-stall", "# a note\x01\n- id: fountain-stall", "5:9", "control character U+0001"),
    ("  rent: 2", "  rent: 2\x7f", "7:10", "control character U+007F"),
    ("Brunnenstand", "Brunnen\x9bstand", "6:41", "control character U+009B"),
    ("Eckstand", "Eck\ufffestand", "2:35", "non-character U+FFFE"),
])
def test_an_unprintable_character_is_located_even_in_a_comment(tmp_path: Path, old, new, where, what) -> None:
    pack = _pack_with(tmp_path, old, new)
    for command in (("validate", "--static"), ("build", "--only", "faces")):
        result = run_cli(*command, str(pack), "--out", str(tmp_path / "out"))
        assert result.code == 2, result.output
        assert f"stalls.yaml:{where}: error: {what} is not allowed in a pack's text (only tab, newline and " \
               "printable characters); delete it" in result.output
        assert "internal error" not in result.output


def test_a_lone_surrogate_written_as_an_escape_is_located(tmp_path: Path) -> None:
    pack = _pack_with(tmp_path, "{en: Corner Stall, de: Eckstand}", '{en: Corner Stall, de: "Eck\\ud800stand"}')
    for command in (("validate", "--static"), ("build", "--only", "faces")):
        result = run_cli(*command, str(pack), "--out", str(tmp_path / "out"))
        assert result.code == 2 and "internal error" not in result.output, result.output
        assert "stalls.yaml:2:32: error: lone surrogate U+D800 (written as an escape) is not a character; write the " \
               "character itself" in result.output


def test_ten_thousand_cards_of_one_type_load_from_one_file(tmp_path: Path) -> None:
    rows = "".join(f"- id: stall-{n}\n  name: {{en: Stall {n}, de: Stand {n}}}\n  rent: {n % 5}\n"
                   for n in range(10_000))
    pack = _pack_with(tmp_path, "- id: corner-stall", rows + "- id: corner-stall")
    loaded, problems = load_pack(pack)
    assert [str(p) for p in problems if "node" in str(p) or "alias" in str(p)] == []
    assert loaded is not None and len(loaded.items["stall"]) == 10_003


def test_alias_expansion_alone_has_a_budget(tmp_path: Path) -> None:
    bomb = "x: &a [" + ", ".join(["1"] * 100) + "]\ny: &b [" + ", ".join(["*a"] * 200) + "]\n"
    pack = _pack_with(tmp_path, "- id: corner-stall", "- id: corner-stall")
    (pack / "stalls.yaml").write_text(bomb, encoding="utf-8")
    result = run_cli("validate", "--static", str(pack))
    assert result.code == 2
    assert "stalls.yaml:2:" in result.output and f"alias expansion exceeds {MAX_ALIAS_NODES:,} nodes" in result.output


def test_a_control_character_in_a_rules_page_is_located(tmp_path: Path) -> None:
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    shutil.copytree(DATA / "lantern-rules" / "rules", pack / "rules")
    page = sorted((pack / "rules").rglob("*.md"))[0]
    page.write_text(page.read_text(encoding="utf-8").replace("\n", "\n\x1b[31m", 1), encoding="utf-8")
    result = run_cli("validate", "--static", str(pack))
    assert result.code == 2 and "internal error" not in result.output, result.output
    assert f"{page.name}:2:1: error: control character U+001B is not allowed" in result.output


@pytest.mark.parametrize("file, message", [
    ("/some/where/evil", "'/some/where/evil' is neither an SVG file inside the pack (a path ending in .svg) nor the "
                         "name of a layout icon (lower-case letters, digits, '-' and '_')"),
    ("../../../../etc/evil.svg", "path '../../../../etc/evil.svg' leaves the pack folder"),
    ("/etc/evil.svg", "path '/etc/evil.svg' must be relative to the pack folder"),
])
def test_an_icon_file_outside_the_pack_is_refused(tmp_path: Path, file: str, message: str) -> None:
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    game = pack / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "  coin: {label: {en: Coin, de: Münze}}", f'  coin: {{label: {{en: Coin, de: Münze}}, file: "{file}"}}'),
        encoding="utf-8")
    for command in (("validate", "--static"), ("build", "--only", "faces")):
        result = run_cli(*command, str(pack), "--out", str(tmp_path / "out"))
        assert result.code == 2, result.output
        assert f"game.yaml:21:46: error: icon 'coin': file: {message}" in result.output
    assert not (tmp_path / "out" / "lantern-market" / "faces").exists()
