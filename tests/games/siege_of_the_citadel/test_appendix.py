"""The Siege of the Citadel figures computed from the data alone: every table, kept as a golden file (rewritten by
``make update-golden``), and drawn into a rules page by ``{analysis NAME}``."""

from __future__ import annotations

import json

import pytest

from pnpforge.commands.validate import _data_analyses, _without_games
from pnpforge.engine.data_analyses import analyse_data
from pnpforge.games.siege_of_the_citadel import PACKAGE

from tests.conftest import REPO
from tests.games.siege_of_the_citadel.test_static import shipped
from tests.publish.rulebook.test_macros import render

GOLDEN = REPO / "tests" / "golden" / "analyses" / "siege-of-the-citadel.txt"


def as_text() -> str:
    analysis = analyse_data(shipped(), PACKAGE)
    lines = []
    for table in analysis.tables:
        lines += [table.title, " | ".join(table.columns)]
        lines += [" | ".join(str(cell) for cell in row) for row in table.rows]
        lines.append("")
    lines += [f"{f.severity}: {f.subject}: {f.message}" for f in analysis.findings]
    return "\n".join(lines) + "\n"


def test_the_tables_match_their_golden_file(update_golden: bool) -> None:
    text = as_text()
    if update_golden:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.is_file(), f"no golden tables {GOLDEN}; run make update-golden"
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, text.splitlines()), 1):
        assert got == want, f"Wrong line {number}: expected {want!r}, got {got!r}"
    assert len(expected) == len(text.splitlines()), "the tables' length changed"


def test_a_rules_page_draws_an_analysis_and_names_an_unknown_one(tmp_path) -> None:
    book, findings, shown = render(shipped(), tmp_path, "# Odds\n\n{analysis combat-odds}\n\n{analysis odds}\n")
    html = str(book.chapters[0].html)
    assert '<table class="rb-table rb-analysis"><caption>Combat dice (W white, R red, B black)' in html
    assert "<td>W&nbsp;W&nbsp;R</td><td>rank&nbsp;cards;&nbsp;weapons</td><td>77.8%</td><td>33.3%</td>" in html
    assert [str(f) for f in findings] == [
        f"{shown}:5:1: error: unknown analysis 'odds'; analyses: combat-odds, dark-legion-odds, defence-odds, "
        "mission-feasibility, weapon-value"
    ]


def test_a_run_without_games_writes_the_tables_and_keeps_the_accepted_finding(tmp_path, capsys) -> None:
    # what ``validate --static`` (and a pack without an engine) ends with, after the checks and the preflight
    pack = shipped()
    exact = _data_analyses(pack, [])
    assert exact is not None
    with pytest.raises(SystemExit) as stop:
        _without_games(pack, exact, [], 19, True, 1, tmp_path, complete=False)
    assert stop.value.code == 0
    report = json.loads((tmp_path / "siege-of-the-citadel" / "validation" / "report.json").read_text("utf-8"))
    assert [t["title"].split(" ", 2)[:2] for t in report["tables"]] == [
        ["Combat", "dice"],
        ["Doomtrooper", "attacks"],
        ["Dark", "Legion"],
        ["Every", "pool"],
        ["Missions:", "the"],
        ["Weapons:", "the"],
    ]
    assert report["settings"]["games_per_player_count"] == 0
    kept = [f for f in report["findings"] if f["rule"] == "weapon-value"]
    assert [f["severity"] for f in kept] == ["info"] and "[accepted: Weighed against one figure" in kept[0]["message"]
    assert "(6 tables of the pack's data)" in capsys.readouterr().out
    assert (tmp_path / "siege-of-the-citadel" / "validation" / "report.html").read_text("utf-8").count("<h2") >= 5


def test_data_with_errors_is_not_analysed() -> None:
    from pnpforge.findings import Finding

    assert _data_analyses(shipped(), [Finding("error", "broken")]) is None
    assert _data_analyses(None, []) is None
