"""Siege of the Citadel: the game package. The pack holds every card, die, tile and mission; this package holds the
rules that relate them (``game.py``, ``state.py`` and the modules it names), the bots, the invariants, the scenario
runner's adapter and the static checks of the box.

Modes: one per mission (``battle-plans``, ...), where the first seat commands the Dark Legion and the corporations
rotate over the others; the same mission against the AI deck (``battle-plans-ai``, ...), where every seat is a
corporation and they win or lose together; and the campaign (``second-assault``), which plays the five missions
in one game, ranks carried (``campaign.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpforge.engine.contract import GameConfig, GamePackage, GoldenGame
from pnpforge.engine.loop import random_bot
from pnpforge.engine.matches import Pairing
from pnpforge.engine.seating import Roles
from pnpforge.games.siege_of_the_citadel import analysis, campaign, checks, diagrams, exact
from pnpforge.games.siege_of_the_citadel.bots import determinize, greedy_bot
from pnpforge.games.siege_of_the_citadel.game import CORPORATIONS, Settings, SiegeGame
from pnpforge.games.siege_of_the_citadel.invariants import check
from pnpforge.games.siege_of_the_citadel.replay import replay
from pnpforge.games.siege_of_the_citadel.state import SiegeState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

VOCABULARY = ("doomtrooper", "citadel", "nepharite", "ezoghoul", "necromutant", "centurion", "razide",
              "legionnaire", "alakhai", "bauhaus", "capitol", "cybertronic", "mishima")
MISSIONS = ("battle-plans", "you-got-in-now-get-out", "high-command-error", "secret-mission", "throne-of-alakhai")
CAMPAIGN = "second-assault"
DARK_LEGION = "dark-legion"
AI = "-ai"


def missions(pack: Pack) -> tuple[str, ...]:
    """The missions a campaign may chain: every mission of the pack."""
    return tuple(item.id for item in pack.of_type("mission"))


def roles(pack: Pack, mode: str) -> Roles:
    """The Dark Legion on the first seat and the corporations rotating over the others; against the AI deck the
    Dark Legion holds no seat and the corporations win or lose together (rules ``setup-dark-legion-player``,
    ``ai-deck``)."""
    if mode.endswith(AI):
        return Roles(rotating=CORPORATIONS, automaton=DARK_LEGION, cooperative=True)
    if mode == CAMPAIGN:  # every seat a corporation, one of them the Dark Legion's player each mission
        return Roles(rotating=CORPORATIONS)
    return Roles(rotating=CORPORATIONS, fixed=(DARK_LEGION,))


def single_start(pack: Pack, mission: str) -> tuple[int, int]:
    """Rule ``setup-rank-single``: the rank and points every player starts a mission played on its own at, the
    mission's ``start:`` (the rank a campaign brings its teams to it), else rank 1 and no points."""
    for item in pack.of_type("mission"):
        if item.id == mission:
            start = item.get("start") or {}
            return int(start.get("rank", 1)), int(start.get("points", 0))
    return 1, 0


def new_game(pack: Pack, config: GameConfig) -> SiegeGame:
    """The mission the mode names (the campaign: its first, the rest following in the same game), sides by seat
    from the seating (or the first corporations), the agreed rank and points (options ``rank`` and ``points``; by
    default the mission's ``start:``) and the draft (option ``draft``, default on; off: the quick start
    loadouts)."""
    mode = config.mode or MISSIONS[0]
    automaton = mode.endswith(AI)
    mission = mode[: -len(AI)] if automaton else mode
    if mission == CAMPAIGN:
        by_seat = tuple(config.sides) or CORPORATIONS[:max(2, config.players)]
        start = (int(config.option("rank", 1)), int(config.option("points", 0)))
        plan = pack.game.campaigns.get(CAMPAIGN)
        chain = tuple(plan.scenarios) if plan is not None else MISSIONS
        settings = campaign.mission_settings(chain, 0, by_seat, tuple((c, *start) for c in by_seat),
                                             bool(config.option("draft", True)))
        return SiegeGame.of(pack, settings, SiegeState.start)
    sides = tuple(config.sides)
    if not sides:
        seats = config.players - (0 if automaton else 1)
        sides = (() if automaton else (DARK_LEGION,)) + CORPORATIONS[:max(1, seats)]
    legion = sides.index(DARK_LEGION) if DARK_LEGION in sides else None
    corps = tuple(s for s in sides if s != DARK_LEGION)
    solo = automaton and len(corps) == 1  # rule ai-deck: a solo player runs two corporations
    if solo:
        corps += (next(c for c in CORPORATIONS if c not in corps),)
    rank, points = single_start(pack, mission)
    settings = Settings(mission=mission, corporations=corps, legion_seat=legion,
                        rank=int(config.option("rank", rank)), points=int(config.option("points", points)),
                        draft=bool(config.option("draft", True)), solo=solo)
    return SiegeGame.of(pack, settings, SiegeState.start)


MODES = (*MISSIONS, *(m + AI for m in MISSIONS), CAMPAIGN)
# a golden playthrough of every mission against a player and against the AI deck; the engine suite plays a few random
# games in each (a Siege game is long: the mission suite, tests/games/siege_of_the_citadel, plays more of them)
SUITE_GAMES = 10
GOLDENS: tuple[GoldenGame[Any], ...] = tuple(
    GoldenGame(mode, GameConfig(players=3, mode=mode), ("greedy", "random", "greedy"), 7,
               header=f"# siege-of-the-citadel {mode}: greedy, random, greedy by seat, seed 7",
               random_games=SUITE_GAMES)
    for mission in MISSIONS for mode in (mission, mission + AI))

# the solo check: one player's two corporations against the AI deck on every mission, played by random, greedy and
# search teams (the validator's skill ladder of a game played together, ``engine/team_ladder.py``); the search team
# plays a few games on a small budget (about 5 s of CPU a game)
SOLO_SEARCH_GAMES = 8
# the search player against two greedy ones at three players (about 3 CPU s a game): enough games for an interval
# that tells a stronger player from an equal one
TEAM_SEARCH_GAMES = 100
SOLO_SEARCH_OPTIONS: tuple[tuple[str, object], ...] = (("samples", 1), ("candidates", 2))
SOLO = tuple(Pairing((bot,), players=1, mode=mission + AI, games=SOLO_SEARCH_GAMES if bot == "search" else None,
                     bot_options=SOLO_SEARCH_OPTIONS if bot == "search" else ())
             for mission in MISSIONS for bot in ("random", "greedy", "search"))

PACKAGE: GamePackage[Any] = GamePackage(
    name="siege_of_the_citadel",
    vocabulary=VOCABULARY,
    requires={
        "character": ("faction", "specialty"),
        "rank_card": ("faction", "rank", "front", "back"),
        "equipment": ("kind", "icons", "attacks", "rank", "cost", "augment_for"),
        "reference_board": ("front", "back"),
        "sector_tile": ("side_a", "map_a", "side_b", "map_b"),
        "mission": ("map", "entrances", "doors", "markers", "targets", "events", "rounds", "forces", "goal"),
        "force_card": ("number", "figures"),
        "event_card": ("number",),
        "ai_card": ("primary", "secondary", "target", "matrix", "actions", "instructions"),
        "quick_start_card": ("faction", "loadout"),
        "secondary_mission": ("reward", "penalty"),
    },
    checks=checks.ALL,
    rules_modules=("actions", "analysis", "board", "bots", "campaign", "cards", "checks", "combat", "data", "diagrams",
                   "exact", "feasibility", "game", "invariants", "legion", "log", "maps", "odds", "refusals", "replay",
                   "scenario", "scoring", "secondary", "state", "steps", "turns", "value", "view", "figures",
                   "reactions", "pile", "card_texts", "events", "event_draw"),
    new_game=new_game,
    modes=MODES,
    validated_modes=MISSIONS,  # each mission against a Dark Legion player and against the AI deck
    scenarios=missions,
    data_analyses=exact.ANALYSES,
    bots={"greedy": greedy_bot, "random": random_bot},
    roles=roles,
    invariants=check,
    determinize=determinize,
    replay=replay,
    item_map=diagrams.mission_map,
    example_map=diagrams.example_map,
    events=analysis.events,
    analyse=analysis.analyse,
    configurations=analysis.configurations,
    goldens=GOLDENS,
    # the Dark Legion seat rotates with the bots, so each pairing weighs a bot on both sides of the board
    matches=(Pairing(("greedy", "random", "random"), players=3, mode="battle-plans"),
             Pairing(("greedy", "random"), players=2, mode="battle-plans-ai"),
             Pairing(("search", "greedy", "greedy"), players=3, mode="battle-plans", games=TEAM_SEARCH_GAMES,
                     bot_options=SOLO_SEARCH_OPTIONS),
             *SOLO),
)

__all__ = ["PACKAGE", "SiegeState"]
