"""Game packages: per game, the rules engine, bots and game-specific checks.

A pack names its package in game.yaml (``engine: <name>``); the package module ``pnpforge.games.<name>`` exposes
``PACKAGE``, a ``GamePackage``. Shared code reaches a game only through this interface.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable


@dataclass(frozen=True)
class GamePackage:
    """What a game package adds to a pack's data."""

    name: str
    vocabulary: tuple[str, ...] = ()  # game terms that shared code must never name
    requires: dict[str, tuple[str, ...]] = field(default_factory=dict)  # component types and fields it reads
    checks: tuple[Callable[[Any], Iterable[Any]], ...] = ()  # static rules: Pack -> findings
    engine: Any = None  # builds the Game from a Pack
    replay: Callable[[Any, Any], tuple[int, str]] | None = None  # (Pack, file path) -> (exit code, JSON text)
    simulate: Callable[[Any, dict, int], Any] | None = None  # (Pack, config, seed) -> Tally of one game
    matches: Callable[..., dict] | None = None  # (Pack, jobs) -> bot-against-bot results for make matches
    analyse: Callable[..., Any] | None = None  # (Pack, tallies by player count, Settings) -> Analysis
    transcript: Callable[[Any, dict, int], str] | None = None  # (Pack, config, seed) -> a simulated game as text
    configurations: Callable[[Any, Any], dict] | None = None  # (Pack, Settings) -> {label: config} to simulate
    # (Pack, examples/<stem>.yaml, language, label) -> (figures [(caption, SVG)], outcome sentences): a worked
    # example drawn by the game itself (board diagrams), for packs whose rulebook.yaml has no ``examples:``
    example: Callable[[Any, Any, str, Callable[[str], str]], tuple[list[tuple[str, str]], list[str]]] | None = None
    modes: tuple[str, ...] = ("base",)
    bots: tuple[str, ...] = ("random",)


def available_packages() -> list[str]:
    """Names of the game packages installed with pnpforge."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def load_package(name: str) -> GamePackage | None:
    """The package called ``name``, or None when there is none."""
    if name not in available_packages():
        return None
    module = importlib.import_module(f"{__name__}.{name}")
    return getattr(module, "PACKAGE", None)
