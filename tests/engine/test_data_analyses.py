"""A game package's analyses of its pack's data alone: merged in the order declared, picked by name, and put
before a simulated analysis' tables (their findings in one mode's report only)."""

from __future__ import annotations

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.data_analyses import analyse_data, merge
from pnpforge.engine.validate import Analysis, Table
from pnpforge.findings import Finding


def _odds(pack) -> Analysis:
    return Analysis(findings=[Finding("warning", "odds")], tables=[Table("odds", ["a"], [[1]])])


def _routes(pack) -> Analysis:
    return Analysis(tables=[Table("routes", ["b"], [[2]])])


PACKAGE: GamePackage = GamePackage(name="fixture", data_analyses={"odds": _odds, "routes": _routes})


def test_analyses_merge_in_their_declared_order_and_by_name() -> None:
    every = analyse_data(None, PACKAGE)  # type: ignore[arg-type] - the fixture analyses never read the pack
    assert [t.title for t in every.tables] == ["odds", "routes"]
    assert [f.message for f in every.findings] == ["odds"]
    assert [t.title for t in analyse_data(None, PACKAGE, ("routes",)).tables] == ["routes"]  # type: ignore[arg-type]
    assert analyse_data(None, None).tables == []  # type: ignore[arg-type]
    assert analyse_data(None, GamePackage(name="bare")).tables == []  # type: ignore[arg-type]


def test_merge_puts_the_data_tables_first_and_the_findings_where_asked() -> None:
    simulated = Analysis(findings=[Finding("info", "played")], tables=[Table("games", ["c"], [[3]])])
    data = analyse_data(None, PACKAGE)  # type: ignore[arg-type]
    merge(simulated, data)
    assert [t.title for t in simulated.tables] == ["odds", "routes", "games"]
    assert [f.message for f in simulated.findings] == ["played", "odds"]
    other = merge(Analysis(tables=[Table("games", ["c"], [[3]])]), data, findings=False)
    assert [t.title for t in other.tables] == ["odds", "routes", "games"] and other.findings == []
