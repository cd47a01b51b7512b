"""Game packages: per game, its rules engine, bots, checks and drawings; the shared engine does the rest.

A pack names its package in game.yaml (``engine: <name>``); the package module ``pnpforge.games.<name>`` exposes
``PACKAGE``, a ``GamePackage`` (``pnpforge.engine.contract``). A package exists for shared code only through this
registry: the engine test suite, the validator, matches and replays iterate it, so a new game is tested the moment
its package is here.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnpforge.engine.contract import GamePackage

__all__ = ["GamePackage", "available_packages", "load_package", "registered"]


def __getattr__(name: str) -> Any:
    """``GamePackage``, loaded with the engine's contract when asked for: a pack without a game package (a plain
    deck) is checked and built without the engine."""
    if name == "GamePackage":
        from pnpforge.engine.contract import GamePackage  # noqa: PLC0415

        return GamePackage
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def available_packages() -> list[str]:
    """Names of the game packages installed with pnpforge."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def load_package(name: str | None) -> GamePackage | None:
    """The package called ``name``, or None when there is none."""
    if not name or name not in available_packages():
        return None
    module = importlib.import_module(f"{__name__}.{name}")
    return getattr(module, "PACKAGE", None)


def registered() -> list[GamePackage]:
    """Every installed game package."""
    return [p for p in (load_package(n) for n in available_packages()) if p is not None]
