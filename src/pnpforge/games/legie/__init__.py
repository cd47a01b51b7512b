"""Legie (Legion) — the game package: engine, replay, bots and the static checks of the two-player tile game.

The pack (content/legie/) holds every unit's symbols and numbers, the board faces and the scenarios; this package
holds the rules of play that relate them. ``new_game`` builds a ``LegieGame`` from a loaded pack.
"""

from __future__ import annotations

from pnpforge.content.pack import Pack
from pnpforge.games import GamePackage
from pnpforge.games.legie import checks, diagram
from pnpforge.games.legie.board import Layout
from pnpforge.games.legie.model import ruleset_from_pack
from pnpforge.games.legie.replay import replay
from pnpforge.games.legie.simulate import analyse, configurations, matches, simulate, transcript
from pnpforge.games.legie.state import LegieGame

VOCABULARY = (
    "legie", "warrior", "knight", "general", "tower", "catapult", "archer", "king", "fortification", "forest",
    "mountain", "immobility", "sword", "crown", "return-of-the-king", "lord-of-the-forests",
)

MODES = ("basic", "advanced")


def new_game(pack: Pack, mode: str = "basic", scenario: str | None = None, layout: Layout | None = None) -> LegieGame:
    """A Legie game from the pack: basic or advanced, optionally a scenario (advanced only) and a fixed field."""
    rules = ruleset_from_pack(pack)
    if scenario is not None and scenario not in rules.scenarios:
        raise ValueError(f"no scenario '{scenario}'; scenarios: {', '.join(sorted(rules.scenarios))}")
    return LegieGame(rules, mode, rules.scenarios.get(scenario) if scenario else None, layout)


PACKAGE = GamePackage(
    name="legie",
    vocabulary=VOCABULARY,
    requires={
        "unit_tile": ("player", "kind", "symbols", "strength", "defence"),
        "flag_tile": ("name",),
        "board_part": ("sides",),
        "scenario_card": ("board_needs", "objective"),
    },
    checks=checks.ALL,
    engine=new_game,
    replay=replay,
    simulate=simulate,
    analyse=analyse,
    matches=matches,
    transcript=transcript,
    configurations=configurations,
    example=diagram.example,
    modes=("all", "basic", "advanced", "return-of-the-king", "column", "lord-of-the-forests"),
    bots=("greedy", "random", "mcts"),
)
