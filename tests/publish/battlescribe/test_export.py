"""The BattleScribe export of Dystopian Legions: every file validates against BattleScribe's published schema, the
costs read back from the files are the pack's points, and the bytes are the same on every build."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.publish.battlescribe import build_battlescribe
from pnpforge.publish.battlescribe.xml import stable_id
from pnpforge.publish.outputs import wanted_outputs
from tests.conftest import REPO
from tests.helpers import run_cli
from tests.publish.battlescribe.schema import problems, tree

PACK = REPO / "content" / "dystopian-legions"


@pytest.fixture(scope="module")
def pack() -> Pack:
    loaded, findings = load_pack(PACK)
    assert loaded is not None, findings
    return loaded


@pytest.fixture(scope="module")
def files(pack: Pack, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    result = build_battlescribe(pack, tmp_path_factory.mktemp("bs"), "en")
    assert result.findings == []
    return {path.name: path for path in result.files}


def test_a_game_system_and_a_catalogue_per_nation(files: dict[str, Path]) -> None:
    assert sorted(files) == ["dystopian-legions-britannia.cat", "dystopian-legions-prussia.cat",
                             "dystopian-legions.gst"]


def test_every_file_validates_against_the_published_schema(files: dict[str, Path]) -> None:
    for path in files.values():
        assert problems(path) == [], path.name


def test_the_schema_check_can_fail(files: dict[str, Path], tmp_path: Path) -> None:
    broken = tmp_path / "broken.cat"
    text = files["dystopian-legions-britannia.cat"].read_text(encoding="utf-8")
    broken.write_text(text.replace('type="unit"', 'type="squad"', 1), encoding="utf-8")
    assert problems(broken)
    wrong_kind = tmp_path / "wrong.gst"  # a catalogue's namespace is not a game system's
    wrong_kind.write_text(text, encoding="utf-8")
    assert problems(wrong_kind)


def exported_costs(path: Path) -> dict[str, Fraction]:
    """Each shared entry's cost and each of its parts' costs, by entry name (``section/part``), read from a file."""
    found: dict[str, Fraction] = {}
    shared = tree(path).find("sharedSelectionEntries")
    for entry in shared if shared is not None else []:
        found[entry.get("id", "")] = Fraction(entry.find("costs/cost").get("value"))
        for part in entry.findall("selectionEntries/selectionEntry"):
            found[part.get("id", "")] = Fraction(part.find("costs/cost").get("value"))
    return found


def cost_differences(pack: Pack, files: list[Path]) -> list[str]:
    """Where an exported cost is not the pack's points: every section and every option of one."""
    exported: dict[str, Fraction] = {}
    for path in files:
        exported |= exported_costs(path)
    wrong = []
    for section in pack.of_type("unit"):
        want = {stable_id(pack.id, "entry", section.id): section["points"]}
        for option in section["options"]:
            want[stable_id(pack.id, "part", section.id, "options", option["id"])] = option["points"]
        for model in section["models"]:
            want[stable_id(pack.id, "part", section.id, "models", model["model"])] = 0
        for key, points in want.items():
            if exported.get(key) != Fraction(str(points)):
                wrong.append(f"{section.id}: exported {exported.get(key)}, the pack says {points}")
    return wrong


def test_exported_costs_are_the_packs_points(pack: Pack, files: dict[str, Path]) -> None:
    assert cost_differences(pack, list(files.values())) == []
    assert len(pack.of_type("unit")) == 25


def test_a_cost_that_differs_from_the_pack_is_found(pack: Pack, files: dict[str, Path], tmp_path: Path) -> None:
    original = files["dystopian-legions-britannia.cat"]
    changed = tmp_path / original.name
    shutil.copy(original, changed)
    text = changed.read_text(encoding="utf-8")
    at = text.index('name="Line Infantry Section"', text.index("<sharedSelectionEntries>"))
    end = text.index("\n    </selectionEntry>", at)  # the section's own closing tag
    section = text[at:end]
    cost = section.rindex('value="80"')
    changed.write_text(text[:at + cost] + 'value="85"' + text[at + cost + len('value="80"'):], encoding="utf-8")
    others = [path for name, path in files.items() if name != original.name]
    assert cost_differences(pack, [changed, *others]) == [
        "kob-line-infantry: exported 85, the pack says 80"]


def test_the_same_pack_gives_the_same_bytes(pack: Pack, files: dict[str, Path], tmp_path: Path) -> None:
    again = build_battlescribe(pack, tmp_path, "en")
    for path in again.files:
        assert path.read_bytes() == files[path.name].read_bytes()


def test_ids_come_from_the_packs_ids(pack: Pack, files: dict[str, Path]) -> None:
    root = tree(files["dystopian-legions.gst"])
    assert root.get("id") == stable_id("dystopian-legions", "game-system") == "75e489f0-67a2-5df0-bcf7-83c442d61226"
    catalogue = tree(files["dystopian-legions-prussia.cat"])
    assert catalogue.get("gameSystemId") == root.get("id")
    ids = [e.get("id") for path in files.values() for e in tree(path).iter() if e.get("id")]
    assert len(ids) == len(set(ids))  # every id is given once across the files


def test_links_point_at_what_the_files_hold(files: dict[str, Path]) -> None:
    held = {e.get("id") for path in files.values() for e in tree(path).iter() if e.get("id")}
    targets = {e.get("targetId") for path in files.values() for e in tree(path).iter() if e.get("targetId")}
    assert targets <= held


def test_the_command_writes_the_files(tmp_path: Path) -> None:
    run = run_cli("build", "dystopian-legions", "--only", "battlescribe", "--out", str(tmp_path))
    assert run.code == 0, run.output
    assert "1 game system and 2 catalogues (BattleScribe)" in run.output
    assert sorted(p.name for p in (tmp_path / "dystopian-legions" / "battlescribe").iterdir()) == [
        "README.md", "dystopian-legions-britannia.cat", "dystopian-legions-prussia.cat", "dystopian-legions.gst"]
    assert not (tmp_path / "dystopian-legions" / "faces").exists()  # no face drawn for it


def test_a_pack_without_the_export_says_so(tmp_path: Path) -> None:
    run = run_cli("build", "siege-of-the-citadel", "--only", "battlescribe", "--out", str(tmp_path))
    assert run.code == 2
    assert ("content/siege-of-the-citadel/exports/battlescribe.yaml: error: pack 'siege-of-the-citadel' declares no "
            "BattleScribe export") in run.output


def test_a_full_build_makes_the_export_of_a_pack_that_declares_it(pack: Pack) -> None:
    other, _ = load_pack(REPO / "content" / "siege-of-the-citadel")
    assert other is not None
    assert "battlescribe" in wanted_outputs(pack, None) and "tts" not in wanted_outputs(pack, None)
    assert "battlescribe" not in wanted_outputs(other, None)
    assert wanted_outputs(other, ("battlescribe",)) == {"battlescribe"}  # asked for: said why not
