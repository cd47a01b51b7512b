"""Legie (Legion) — the game package: the rules, bots, checks and board diagrams of the two-player tile game; the
shared engine (``pnpforge.engine``) plays, seats, tallies and replays it.

The pack (content/legie/) holds every unit's symbols and numbers, the board faces and the scenarios; this package
holds the rules of play that relate them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.contract import GameConfig, GamePackage, GoldenGame
from pnpforge.engine.matches import Pairing
from pnpforge.engine.loop import random_bot
from pnpforge.games.legie import checks, diagram
from pnpforge.games.legie.analysis import PassCount, analyse, configurations, events
from pnpforge.games.legie.bots import SEARCH, GreedyBot, MctsBot, determinize
from pnpforge.games.legie.invariants import check_invariants
from pnpforge.games.legie.model import ruleset_from_pack
from pnpforge.games.legie.replay import replay
from pnpforge.games.legie.state import LegieGame, LegieState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

VOCABULARY = (
    "legie", "warrior", "knight", "general", "tower", "catapult", "archer", "king", "fortification", "forest",
    "mountain", "immobility", "sword", "crown", "return-of-the-king", "lord-of-the-forests",
)
MCTS_ITERATIONS = 400  # per decision, in matches
# the search bot's match is capped (a game once took about 5 CPU s; now about 0.05 s); it is played in the advanced
# game, where five games in six are decided (in the basic game greedy play ends most games at the turn limit, drawn)
SEARCH_GAMES = 100
GOLDEN = {"basic": ("basic", None), "advanced": ("advanced", None),
          "return-of-the-king": ("advanced", "return-of-the-king"), "column": ("advanced", "column"),
          "lord-of-the-forests": ("advanced", "lord-of-the-forests")}


def new_game(pack: Pack, config: GameConfig) -> LegieGame:
    """Basic or advanced, optionally a scenario (advanced only; a scenario's name may stand for the mode) and a
    fixed field (option ``layout``)."""
    rules = ruleset_from_pack(pack)
    mode, scenario = config.mode or "basic", config.scenario
    if mode in rules.scenarios:
        mode, scenario = "advanced", mode
    if scenario is not None and scenario not in rules.scenarios:
        raise ValueError(f"no scenario '{scenario}'; scenarios: {', '.join(sorted(rules.scenarios))}")
    return LegieGame(rules, mode, rules.scenarios.get(scenario) if scenario else None, config.option("layout"))


def colours(pack: Pack) -> tuple[str, ...]:
    """The armies by seat: Black moves first."""
    return tuple(f.id for f in pack.game.factions)


def greedy_bot(game, seat, rng, **options) -> GreedyBot:
    return GreedyBot()


def mcts_bot(game, seat, rng, iterations: int = MCTS_ITERATIONS, **options) -> MctsBot:
    return MctsBot(iterations)


def golden_final(state: LegieState) -> str:
    """The final position and the rule that ended the game."""
    return "\n".join(str(state).splitlines() + [f"ended by: {state.ended_by}"])


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
    rules_modules=("analysis", "board", "bots", "checks", "diagram", "invariants", "model", "refusals", "replay",
                   "setup", "state", "tables", "threats", "view"),
    new_game=new_game,
    modes=("all", "basic", "advanced", "return-of-the-king", "column", "lord-of-the-forests"),
    validated_modes=("all",),  # "all" plays both modes and every scenario side by side
    bots={"greedy": greedy_bot, "random": random_bot, "mcts": mcts_bot},
    seat_names=colours,
    invariants=check_invariants,
    determinize=determinize,
    search=SEARCH,
    replay=replay,
    events=events,
    observer=PassCount,
    analyse=analyse,
    configurations=configurations,
    matches=(*(Pairing(bots, mode=mode) for mode in ("basic", "advanced")
               for bots in (("greedy", "random"), ("mcts", "greedy"))),
             Pairing(("search", "greedy"), mode="advanced", games=SEARCH_GAMES)),
    goldens=tuple(GoldenGame(name, GameConfig(mode=mode, scenario=scenario), ("greedy", "random"), 20,
                             header=f"# legie {mode}{' ' + scenario if scenario else ''}: black greedy, white random, "
                                    "seed 20", blank_before_final=False, final=golden_final)
                  for name, (mode, scenario) in GOLDEN.items()),
    example=diagram.example,
)
