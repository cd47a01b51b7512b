"""Dystopian Legions: the game package's static checks of profiles, weapons, the MAR registry, sections, Tactical
Action Cards and the starter forces with their decks.

The engine that plays the game comes later, so this package brings checks alone (``GamePackage`` needs only a
name): it has no ``new_game``, and ``validate`` plays nothing. It names the types and fields the checks read, which
are the shapes the engine and the force builder will read too.
"""

from __future__ import annotations

from typing import Any

from pnpforge.engine.contract import GamePackage
from pnpforge.games.dystopian_legions import builder, cards, force_rules, forces, player_lists, profiles, strips, worth

VOCABULARY = (
    "dystopian",
    "britannia",
    "britannian",
    "prussia",
    "prussian",
    "ironclad",
    "teutonic",
    "landwehr",
    "walze",
    "sturmwagen",
    "kettenkarre",
    "sturginium",
)

PACKAGE: GamePackage[Any] = GamePackage(
    name="dystopian_legions",
    vocabulary=VOCABULARY,
    requires={
        "mar": ("shape", "applies"),
        "weapon": ("effective_range", "long_range", "rad", "iad", "mars"),
        "model": (
            "nation",
            "model_type",
            "rank",
            "mv",
            "ir",
            "lp",
            "armour",
            "hp",
            "mad",
            "command",
            "weapons",
            "mars",
        ),
        "unit": ("nation", "slot", "quality", "models", "points", "max_models", "options", "transports", "character"),
        "tac": ("kind", "nation", "character", "number", "cp", "window", "effects"),
        "force": ("list",),
        "platoon": ("required", "unlocks", "heavy_support_max"),
        "standee": ("model", "base"),
        "force_rule": ("check", "severity", "message", "params"),
    },
    checks=profiles.ALL + forces.ALL + cards.ALL + force_rules.ALL + strips.ALL,
    rules_modules=(
        "profiles",
        "forces",
        "platoons",
        "cards",
        "force_list",
        "force_rules",
        "player_lists",
        "roster",
        "damage",
        "data",
        "odds",
        "odds_tables",
        "worth",
        "strips",
    ),
    player_files={"force_list": player_lists.RULES},
    data_analyses=worth.ANALYSES,
    builders=(builder.BUILDER,),
)
