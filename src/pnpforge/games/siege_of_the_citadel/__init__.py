"""Siege of the Citadel: the game package's static checks of the box, its tiles and its missions.

The engine that plays the game is not written yet, so this package brings checks alone (``GamePackage`` needs
only a name): it has no ``new_game``, and ``validate`` plays nothing. The campaign declared in the pack's data
names its missions, which ``scenarios`` reads from the pack, so the shared campaign check can hold the two
together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpforge.engine.contract import GamePackage
from pnpforge.games.siege_of_the_citadel import checks, exact

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

VOCABULARY = ("doomtrooper", "citadel", "nepharite", "ezoghoul", "necromutant", "centurion", "razide",
              "legionnaire", "alakhai", "bauhaus", "capitol", "cybertronic", "mishima")


def missions(pack: Pack) -> tuple[str, ...]:
    """The missions a campaign may chain: every mission of the pack."""
    return tuple(item.id for item in pack.of_type("mission"))


PACKAGE: GamePackage[Any] = GamePackage(
    name="siege_of_the_citadel",
    vocabulary=VOCABULARY,
    requires={
        "character": ("faction", "specialty"),
        "rank_card": ("faction", "rank", "front", "back"),
        "equipment": ("kind", "icons", "attacks", "rank", "cost", "augment_for"),
        "reference_board": ("front", "back"),
        "sector_tile": ("side_a", "map_a", "side_b", "map_b"),
        "mission": ("map", "entrances", "doors", "markers", "targets", "events", "rounds", "forces"),
        "force_card": ("number", "figures"),
        "event_card": ("number",),
        "ai_card": ("primary", "secondary", "target", "matrix", "actions"),
        "quick_start_card": ("faction", "loadout"),
        "secondary_mission": ("reward", "penalty"),
    },
    checks=checks.ALL,
    rules_modules=("checks", "exact", "feasibility", "maps", "odds", "value"),
    modes=("second-assault",),
    scenarios=missions,
    data_analyses=exact.ANALYSES,
)
