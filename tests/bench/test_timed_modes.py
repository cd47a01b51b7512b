"""The modes the bench times on their own: those a package names, else those the validator leaves out."""

from __future__ import annotations

from pnpforge.bench.checks import timed_modes
from pnpforge.engine.contract import GamePackage
from pnpforge.games.dystopian_legions import PACKAGE


def test_a_package_names_the_modes_the_bench_times() -> None:
    assert timed_modes(GamePackage(name="x", modes=("a", "b", "c"), validated_modes=("a",))) == ["b", "c"]
    assert timed_modes(GamePackage(name="x", modes=("a", "b"), validated_modes=("a", "b"), bench_modes=("b",))) == ["b"]
    assert timed_modes(GamePackage(name="x", modes=("a",))) == []


def test_battles_stay_in_the_bench_once_validate_plays_them() -> None:
    assert "battle" in (PACKAGE.validated_modes or ())
    assert timed_modes(PACKAGE) == ["battle"]
