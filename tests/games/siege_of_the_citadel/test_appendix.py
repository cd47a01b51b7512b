"""The Siege of the Citadel figures computed from the data alone: every table, kept as a golden file (rewritten by
``make update-golden``), and drawn into a rules page by ``{analysis NAME}``."""

from __future__ import annotations

from pnpforge.engine.data_analyses import analyse_data
from pnpforge.games.siege_of_the_citadel import PACKAGE

from tests.conftest import REPO
from tests.games.siege_of_the_citadel.test_static import shipped
from tests.publish.rulebook.test_macros import render

GOLDEN = REPO / "tests" / "golden" / "siege-of-the-citadel" / "data-analyses.txt"


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
        f"{shown}:5:1: error: unknown analysis 'odds'; analyses: combat-odds, dark-legion-odds, mission-feasibility, "
        "weapon-value"
    ]
