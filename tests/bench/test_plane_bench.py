"""The bench's plane section: registered under its name, and its figures and goals are written."""

from __future__ import annotations

from pnpforge.bench.__main__ import SECTIONS, chosen
from pnpforge.bench.plane import GOALS, bench_plane, position


def test_the_plane_section_is_registered() -> None:
    assert "plane" in SECTIONS and chosen("plane") == ["plane"]


def test_the_plane_section_measures_range_and_sight_checks_on_round_and_rectangular_bases() -> None:
    table, pieces, bases = position()
    assert len(pieces) == 10 and any(p.open_depth for p in pieces) and any(not p.blocks_sight for p in pieces)
    assert {b.round for b in bases} == {True, False}
    figures = bench_plane(reference=1.0, range_checks=300, sight_checks=30)
    assert figures["range_checks"] == 300 and figures["sight_checks"] == 30
    assert set(figures["goals"]) == set(GOALS)
    assert all(goal["bound"] == "at least" for goal in figures["goals"].values())
