"""pnpforge sweep: variants of the published rules played with the same seeds, their report, and bad --vary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run_cli

CONFIG = "advanced (greedy)"
# Black's knights and general at 0 strength instead of 2: Black (seat 1) is the planted weak army
KNIGHTS = "unit_tile:black-knight.strength=2,0"
GENERAL = "unit_tile:black-general.strength=2,0"


def sweep(out: Path, *extra: str):
    return run_cli("sweep", "legie", "--mode", "advanced", "--jobs", "2", "--out", str(out), *extra)


@pytest.fixture(scope="module")
def two_by_two(tmp_path_factory) -> tuple[object, dict]:
    out = tmp_path_factory.mktemp("sweep")
    result = sweep(out, "--games", "200", "--vary", KNIGHTS, "--vary", GENERAL)
    report = out / "legie" / "sweep" / "report.json"
    return result, json.loads(report.read_text(encoding="utf-8")) if report.exists() else {}


def test_a_two_by_two_sweep_reports_the_published_rules_and_four_variants(two_by_two) -> None:
    result, data = two_by_two
    assert result.code == 0, result.output
    assert [v["assignments"] for v in data["variants"]] == [
        [],
        ["unit_tile:black-knight.strength=2", "unit_tile:black-general.strength=2"],
        ["unit_tile:black-knight.strength=2", "unit_tile:black-general.strength=0"],
        ["unit_tile:black-knight.strength=0", "unit_tile:black-general.strength=2"],
        ["unit_tile:black-knight.strength=0", "unit_tile:black-general.strength=0"]]
    assert all(v["games"] == {CONFIG: 200} for v in data["variants"])
    assert data["variants"][1]["same_as"] == 0  # both values published: the published games, not played again
    lines = [line for line in result.lines if line]  # the progress bar leaves blank lines
    assert lines[0].startswith("#0 published rules: advanced (greedy): black ")
    assert lines[4].startswith("#4 unit_tile:black-knight.strength=0, unit_tile:black-general.strength=0: ")
    assert "findings raised 1, cleared 0" in lines[4]  # the first player's share is now clearly off
    html = (Path(lines[-1].split(" and ")[1])).read_text(encoding="utf-8")
    assert html.count("<svg") == 1 and "Win share per seat, advanced (greedy)" in html


def test_the_planted_weak_army_loses_clearly_against_the_published_rules(two_by_two) -> None:
    _, data = two_by_two
    published, weak = data["variants"][0], data["variants"][4]
    before, after = published["win_share"][CONFIG]["black"], weak["win_share"][CONFIG]["black"]
    assert after["high"] < before["low"]  # the 95% intervals do not overlap
    assert weak["change"][CONFIG]["black"] == {"change": round(after["share"] - before["share"], 4),
                                              "intervals_apart": True}
    assert [f["rule"] for f in weak["findings_change"]["raised"]] == ["first-player"]


def test_one_at_a_time_plays_each_value_alone_and_the_same_seed_gives_the_same_bytes(tmp_path: Path) -> None:
    args = ("--games", "20", "--seed", "5", "--one-at-a-time", "--vary", KNIGHTS,
            "--vary", "unit_tile:white-warrior.strength=+1")
    for run in ("a", "b"):
        result = sweep(tmp_path / run, *args)
        assert result.code == 0, result.output
    data = json.loads((tmp_path / "a" / "legie" / "sweep" / "report.json").read_text(encoding="utf-8"))
    assert [v["assignments"] for v in data["variants"]] == [
        [], ["unit_tile:black-knight.strength=2"], ["unit_tile:black-knight.strength=0"],
        ["unit_tile:white-warrior.strength=+1"]]
    assert data["settings"]["one_at_a_time"] is True and data["settings"]["seed"] == 5
    for name in ("report.json", "report.html"):
        first = (tmp_path / "a" / "legie" / "sweep" / name).read_bytes()
        assert first == (tmp_path / "b" / "legie" / "sweep" / name).read_bytes(), name


FORMS = "accepted forms: TYPE:ID.FIELD=A..B | TYPE:*.FIELD=+N | TYPE:ID.FIELD[0].SUB=A,B,C"


@pytest.mark.parametrize("expression, error", [
    ("unit_tile:black-knight=2", ":1:23: error: expected .FIELD after the item id"),
    ("unit:black-knight.strength=1", ":1:1: error: no type 'unit' in this pack (did you mean 'unit_tile'?); types: "
                                     "board_part, flag_tile, player_aid, scenario_card, unit_tile"),
    ("unit_tile:black-dragon.strength=1", ":1:11: error: no unit_tile 'black-dragon' in this pack (did you "
                                          "mean 'black-warrior'?)"),
    ("unit_tile:black-knight.power=1", ":1:24: error: unit_tile has no field 'power'; fields: player, kind, name, "
                                       "symbols, strength, defence, ability, flavour"),
    ("unit_tile:black-knight.symbols[2]=sword", ":1:24: error: unit 'black-knight': symbols[2]: no such index; "
                                                "symbols has 2 entries"),
    ("unit_tile:black-knight.strength=strong", ":1:33: error: unit 'black-knight': strength: expected an integer, "
                                               "found 'strong'"),
    ("unit_tile:black-knight.strength=2..12", ":1:36: error: unit 'black-knight': strength: expected an integer "
                                              "<= 9, found 12"),
], ids=["syntax", "unknown-type", "unknown-id", "unknown-field", "list-index", "wrong-kind", "out-of-bounds"])
def test_a_bad_vary_is_a_located_error_and_nothing_is_played(tmp_path: Path, expression: str, error: str) -> None:
    result = sweep(tmp_path, "--games", "20", "--vary", "unit_tile:white-warrior.strength=0,1", "--vary", expression)
    assert result.code == 2, result.output
    lines = result.lines
    assert lines[0] == f"--vary '{expression}'{error}"
    assert lines[1] == f"    {expression}" and lines[2].index("^") == 4 + int(error.split(":")[2]) - 1
    assert lines[-2:] == [FORMS, "1 error in 1 --vary expression"]
    assert "Traceback" not in result.output and not (tmp_path / "legie").exists()


def test_every_bad_vary_is_reported_before_exiting(tmp_path: Path) -> None:
    result = sweep(tmp_path, "--vary", "unit:x.y=1", "--vary", "unit_tile:black-knight.strength=10")
    assert result.code == 2 and result.lines[-1] == "2 errors in 2 --vary expressions", result.output
    assert not (tmp_path / "legie").exists()
