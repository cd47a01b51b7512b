"""What the terrain does to each unit on each square, worked out once per field so that a turn is table look-ups.

Basisspiel: terrain has no effect. Spiel für Fortgeschrittene: forest stops arrows from and into it, water takes
only units with a single kind of symbol, a fortification shields a unit without a shield, a mountain refuses
immobile units. Tables are cached per game and field, since a simulation replays the same few fields many times.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnpforge.games.legie.board import Layout

if TYPE_CHECKING:
    from pnpforge.games.legie.state import LegieGame

NEVER = 10**6  # the defence of a unit nothing can remove (Unbeweglichkeit)
CACHE_LIMIT = 4096


@dataclass(frozen=True)
class Tables:
    """Per unit index (player * kinds + kind) and square: where it may be laid, its defence, its cover."""

    layout: Layout
    allowed: tuple[tuple[bool, ...], ...]
    defence: tuple[tuple[int, ...], ...]
    arrow_safe: tuple[tuple[bool, ...], ...]
    can_shoot: tuple[bool, ...]
    forest: tuple[bool, ...]
    actions: tuple[tuple[int, ...], ...]  # per unit index: the action laying it on each square (kind * squares + s)
    mask: tuple[int, ...]  # per unit index: 0 when every square takes it, else a number shared by equal masks


def terrain_tables(game: "LegieGame", layout: Layout) -> Tables:
    """The tables of ``layout`` for ``game`` (cached)."""
    cache = game.__dict__.setdefault("_tables", {})
    found = cache.get(layout.terrain)
    if found is not None and found.layout == layout:
        return found
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    tables = _build(game, layout)
    cache[layout.terrain] = tables
    return tables


def _build(game: "LegieGame", layout: Layout) -> Tables:
    terrain = layout.terrain if game.advanced else ("plain",) * game.squares
    allowed, defence, safe = [], [], []
    for unit in game.units:
        allowed.append(tuple(unit is not None and _may_stand(unit, t) for t in terrain))
        defence.append(tuple(_defence(unit, t) for t in terrain))
        safe.append(tuple(_arrow_safe(unit, t) for t in terrain))
    can_shoot = tuple(t != "forest" for t in terrain)  # Wald: no ranged combat from a forest square
    forest = tuple(t == "forest" for t in terrain)
    squares, kinds = len(terrain), len(game.kinds)
    actions = tuple(tuple(index % kinds * squares + s for s in range(squares)) for index in range(len(game.units)))
    numbers = {(True,) * squares: 0}
    mask = tuple(numbers.setdefault(row, len(numbers)) for row in allowed)
    return Tables(layout, tuple(allowed), tuple(defence), tuple(safe), can_shoot, forest, actions, mask)


def _may_stand(unit, terrain: str) -> bool:
    if terrain == "water":
        return unit.symbol_kinds == 1  # Wasser: only units with one kind of symbol
    if terrain == "mountain":
        return not unit.immobile  # Gebirge: no immobile units
    return True


def _defence(unit, terrain: str) -> int:
    if unit is None or unit.immobile or unit.defence is None:
        return NEVER
    if terrain == "fortification" and not unit.shield:
        return unit.defence + 1  # Befestigung: a shield for units without one
    return unit.defence


def _arrow_safe(unit, terrain: str) -> bool:
    if unit is None or unit.shield or unit.immobile:
        return True
    return terrain in ("fortification", "forest")  # Befestigung's shield; Wald's cover from arrows outside it
