"""The analyses a game package makes of its pack's data alone (``GamePackage.data_analyses``): exact odds, paths on
maps, values of items. They need no game played, so the validator reports them with or without an engine, in a
static run too, and a rulebook shows their tables (``{analysis NAME}``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.validate import Analysis

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


def analyse_data(pack: Pack, package: GamePackage | None, names: tuple[str, ...] | None = None) -> Analysis:
    """The package's data analyses (those ``names``, else all, in the order it declares them) merged into one:
    their findings and tables, in order."""
    merged = Analysis()
    if package is None:
        return merged
    for name, analyse in package.data_analyses.items():
        if names is not None and name not in names:
            continue
        found = analyse(pack)
        merged.findings += found.findings
        merged.tables += found.tables
        merged.charts += found.charts
    return merged


def merge(into: Analysis, data: Analysis, findings: bool = True) -> Analysis:
    """``into`` with the data analyses' tables and charts put first and (with ``findings``) their findings added."""
    into.tables[:0] = data.tables
    into.charts[:0] = data.charts
    if findings:
        into.findings += data.findings
    return into
