"""BattleScribe rosters of force lists: each starter list's roster validates against the published schema, its
costs read back from the file are the force list's own points (section by section and in total) and its limit is
the list's Maximum Force Value; a list with errors gets no roster."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.content.player_files import load_player_file
from pnpforge.games.dystopian_legions.force_list import read_force
from pnpforge.publish.battlescribe import build_battlescribe, build_roster
from tests.conftest import DATA, REPO
from tests.helpers import edit, run_cli
from tests.publish.battlescribe.schema import problems, tree

PACK = REPO / "content" / "dystopian-legions"
STARTERS = sorted((PACK / "forces").glob("*.yaml"))


@pytest.fixture(scope="module")
def pack() -> Pack:
    loaded, findings = load_pack(PACK)
    assert loaded is not None, findings
    return loaded


def written(pack: Pack, path: Path, out: Path) -> Path:
    player_file, findings = load_player_file(pack, path)
    assert player_file is not None, findings
    result = build_roster(pack, player_file, out, "en")
    assert result.findings == []
    return result.files[0]


def cost(element: ET.Element) -> Fraction:
    return Fraction(element.find("costs/cost").get("value"))


def section_costs(root: ET.Element) -> list[tuple[str, Fraction]]:
    """Each bought section's name and cost with everything bought inside it, in roster order."""
    found = []
    for force in root.findall("forces/force"):
        for selection in force.findall("selections/selection"):
            found.append((selection.get("name"), sum((cost(s) for s in selection.iter("selection")), Fraction(0))))
    return found


def roster_differences(pack: Pack, list_path: Path, roster: Path) -> list[str]:
    """Where the roster's costs are not the force list's points (as ``validate --list`` prices them)."""
    player_file, _ = load_player_file(pack, list_path)
    force = read_force(pack, player_file)
    root = tree(roster)
    want = [(entry.unit["name"], entry.points) for entry in force.entries]
    got = section_costs(root)[:len(want)]  # the platoons come first, then the deck
    wrong = [f"{w[0]}: roster {g[1]}, list {w[1]}" for w, g in zip(want, got) if w != g]
    if Fraction(root.find("costs/cost").get("value")) != force.total:
        wrong.append(f"total: roster {root.find('costs/cost').get('value')}, list {force.total}")
    if Fraction(root.find("costLimits/costLimit").get("value")) != force.data["mfv"]:
        wrong.append("limit")
    return wrong


@pytest.mark.parametrize("path", STARTERS, ids=[p.stem for p in STARTERS])
def test_a_starter_lists_roster_validates_and_costs_what_the_list_does(pack: Pack, path: Path,
                                                                        tmp_path: Path) -> None:
    roster = written(pack, path, tmp_path)
    assert roster.name == f"{path.stem}.ros"
    assert problems(roster) == []
    assert roster_differences(pack, path, roster) == []


def test_a_roster_cost_that_differs_from_the_list_is_found(pack: Pack, tmp_path: Path) -> None:
    path = PACK / "forces" / "britannia-starter.yaml"
    roster = written(pack, path, tmp_path)
    edit(roster, 'value="80"', 'value="90"', after='name="Line Infantry Section"')
    assert roster_differences(pack, path, roster)[0] == "Line Infantry Section: roster 151, list 141"


def test_the_roster_fields_what_the_list_buys(pack: Pack, tmp_path: Path) -> None:
    root = tree(written(pack, PACK / "forces" / "britannia-starter.yaml", tmp_path))
    line = next(s for s in root.iter("selection") if s.get("name") == "Line Infantry Section")
    models = [(s.get("name"), s.get("number")) for s in line.findall("selections/selection")]
    # a Rifle Grenadier in place of one of the seven riflemen; the Bulldog carried inside
    assert models == [("Sergeant", "1"), ("Line Infantryman", "6"), ("Rifle Grenadier", "1"),
                      ("Bulldog Carrier", "1")]
    volunteers = next(s for s in root.iter("selection") if s.get("name") == "Volunteer Rifles")
    assert [s.get("number") for s in volunteers.findall("selections/selection")] == ["1", "9", "5"]  # 15 models
    deck = [f for f in root.findall("forces/force") if f.get("name") == "Tactical Action Card deck"]
    assert len(deck[0].findall("selections/selection")) == 12
    sergeant = next(s for s in line.iter("selection") if s.get("name") == "Sergeant")
    assert [p.get("name") for p in sergeant.iter("profile")] == ["Sergeant", "Metford Rifle"]
    assert "NCO[1]" in [r.get("name") for r in line.findall("rules/rule")]


def test_the_build_writes_a_roster_and_none_for_a_list_with_errors(tmp_path: Path) -> None:
    starter = PACK / "forces" / "prussia-starter.yaml"
    run = run_cli("build", "dystopian-legions", "--only", "battlescribe", "--list", str(starter), "--out",
                  str(tmp_path))
    folder = tmp_path / "dystopian-legions" / "battlescribe"
    assert run.code == 0, run.output
    assert f"wrote {folder}/prussia-starter.ros" in run.output
    assert not (tmp_path / "dystopian-legions" / "rosters").exists()  # --only battlescribe: the .ros alone
    broken = DATA / "force-lists" / "over-points.yaml"
    run = run_cli("build", "dystopian-legions", "--only", "battlescribe", "--list", str(broken), "--out",
                  str(tmp_path))
    assert run.code == 1
    assert f"{broken.relative_to(REPO)}:4:1: error: the force costs 1117 points, 117 over" in run.output
    assert not (folder / "over-points.ros").exists()


def test_every_roster_entry_id_names_an_entry_of_the_data_files(pack: Pack, tmp_path: Path) -> None:
    data = build_battlescribe(pack, tmp_path, "en").files
    held = {e.get("id") for path in data for e in tree(path).iter() if e.get("id")}
    root = tree(written(pack, PACK / "forces" / "britannia-starter.yaml", tmp_path))
    for element in root.iter():
        if element.get("entryId"):
            assert set(element.get("entryId").split("::")) <= held, element.get("name")
    assert root.get("gameSystemId") in held


def test_a_roster_is_the_same_bytes_every_time(pack: Pack, tmp_path: Path) -> None:
    path = PACK / "forces" / "prussia-starter.yaml"
    first = written(pack, path, tmp_path / "a").read_bytes()
    assert written(pack, path, tmp_path / "b").read_bytes() == first
