"""Legion: The Siberian Story — the game package: the rules of play, the bots' heuristics, the checks and the
analyses of the card game; the shared engine (``pnpforge.engine``) plays, seats, tallies and replays it.

The pack's data (content/legion-siberian-story/) holds every card, number and effect; this package holds what
data cannot: the rules that relate the data to each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.contract import GameConfig, GamePackage, GoldenGame
from pnpforge.engine.matches import Pairing
from pnpforge.engine.loop import random_bot
from pnpforge.engine.pack_cache import per_pack
from pnpforge.games.legion_siberian_story import checks
from pnpforge.games.legion_siberian_story.analysis import analyse, observing
from pnpforge.games.legion_siberian_story.bots import GreedyBot
from pnpforge.games.legion_siberian_story.counts import count_log
from pnpforge.games.legion_siberian_story.data import build_data
from pnpforge.games.legion_siberian_story.game import MODES, LegionGame, make_game
from pnpforge.games.legion_siberian_story.invariants import violations
from pnpforge.games.legion_siberian_story.outcomes import Weighing, events
from pnpforge.games.legion_siberian_story.replay import replay
from pnpforge.games.legion_siberian_story.search import SEARCH, determinize

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

VOCABULARY = (
    "legion", "siberian", "frostbite", "despatch", "officer", "commander", "plot", "assault", "warming", "freezing",
    "peaceful", "crippled", "violence", "first aid", "fragility", "sabre", "medical kit", "coat", "perfect aim",
    "medal", "encryption", "promotion", "officer exams", "graveyard", "war diary", "survivor", "survival",
    "combat power", "charisma", "whites", "reds", "legionnaires", "warlords", "order token", "ceasefire",
)


def new_game(pack: Pack, config: GameConfig) -> LegionGame:
    """A game of the pack for ``config.players`` seats, factions in seat sequence (default: the pack's first).

    Every game of a pack in the process shares one ``LegionData``: the sleeves, combat powers and plot types it
    works out as games ask for them are the pack's alone, whichever seating asked first."""
    data = per_pack(pack, "legion data", lambda: build_data(pack))
    return make_game(data, config.players, config.sides or None, config.mode or MODES[0])


def faction_ids(pack: Pack) -> tuple[str, ...]:
    return tuple(f.id for f in pack.game.factions)


def greedy_bot(game, seat, rng, **options) -> GreedyBot:
    return GreedyBot()


PACKAGE = GamePackage(
    name="legion_siberian_story",
    vocabulary=VOCABULARY,
    requires={
        "character": ("faction", "officer", "combat_power", "skills", "abilities"),
        "commander": ("faction", "orders"),
        "order": ("universal", "timing", "effects"),
        "order_token": ("faction", "order"),
        "overlay": ("kind", "zone", "cost", "effects"),
        "location": ("effects",),
        "plot": ("entry", "types", "winner_vp", "survivor_supplies"),
        "despatch": ("effects", "scoring"),
    },
    checks=checks.ALL,
    rules_modules=("analysis", "bots", "character", "checks", "consistency", "counts", "data", "flow", "game",
                   "invariants", "log", "modes", "moves",
                   "orders", "outcomes", "replay", "resolution", "scenario", "scoring", "search", "state",
                   "usefulness", "view"),
    new_game=new_game,
    modes=MODES,
    bots={"random": random_bot, "greedy": greedy_bot},  # and the engine's search bot, with the plan below
    factions=faction_ids,
    invariants=violations,
    determinize=determinize,
    search=SEARCH,
    replay=replay,
    events=events,
    count_log=count_log,
    observer=Weighing,
    analyse=analyse,
    observing=observing,
    matches=(Pairing(("search", "greedy")), Pairing(("greedy", "random"))),
    goldens=tuple(GoldenGame(f"playthrough-{n}p-seed-7", GameConfig(players=n), ("random",) * n, 7) for n in (2, 3, 4)),
)
