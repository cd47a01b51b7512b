"""Legion: Siberian Journey — the game package: the checks that relate the pack's cards to each other and to the
rules' own numbers (``parameters`` in game.yaml), the rules as engine steps (``game.py`` and the modules it
collects), the bots' judgements and the analyses of the validator; the shared engine (``pnpforge.engine``) plays,
seats, tallies and replays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.contract import GameConfig, GamePackage, GoldenGame
from pnpforge.engine.loop import random_bot
from pnpforge.engine.matches import Pairing
from pnpforge.games.legion_siberian_journey import checks
from pnpforge.games.legion_siberian_journey.analysis import analyse, events, observing
from pnpforge.games.legion_siberian_journey.bots import greedy_bot
from pnpforge.games.legion_siberian_journey.data import journey_data
from pnpforge.games.legion_siberian_journey.game import JourneyGame
from pnpforge.games.legion_siberian_journey.hidden import determinize
from pnpforge.games.legion_siberian_journey.invariants import check_invariants
from pnpforge.games.legion_siberian_journey.replay import replay
from pnpforge.games.legion_siberian_journey.search import SEARCH
from pnpforge.games.legion_siberian_journey.weighing import Weighing

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

VOCABULARY = (
    "journey", "commander", "marketplace", "line-up", "reserve", "graveyard", "squad", "intrigue", "charisma",
    "assault", "first aid", "surgery", "brotherhood", "explosives", "comradery", "manoeuvres", "sworn enemies",
    "whites", "reds", "legionnaires", "warlords",
)


def new_game(pack: Pack, config: GameConfig) -> JourneyGame:
    """A game for ``config.players`` seats (2 to 4), factions in seat sequence (default: the pack's first)."""
    data = journey_data(pack)
    return JourneyGame(data, config.players, tuple(config.sides) or data.factions[:config.players])


def faction_ids(pack: Pack) -> tuple[str, ...]:
    return tuple(f.id for f in pack.game.factions)


PACKAGE = GamePackage(
    name="legion_siberian_journey",
    vocabulary=VOCABULARY,
    requires={
        "commander": ("faction", "income", "effects"),
        "character": ("number", "attributes", "abilities", "actions"),
        "action": ("phase", "effects"),
        "location": ("level", "vp", "effects"),
        "plot": ("level", "contest", "icons", "difficulty", "rewards", "effects"),
    },
    checks=checks.ALL,
    rules_modules=("analysis", "auction", "bots", "checks", "data", "effects", "evaluation", "figures", "flow", "game",
                   "hidden", "invariants", "log", "lookahead", "march", "outcome", "picks", "position", "ranking",
                   "replay", "scenario", "search", "standing", "state", "view", "weighing", "wounds"),
    new_game=new_game,
    bots={"random": random_bot, "greedy": greedy_bot},  # and the engine's search bot, with the plan of search.py
    factions=faction_ids,
    invariants=check_invariants,
    determinize=determinize,
    search=SEARCH,
    replay=replay,
    events=events,
    observer=Weighing,
    analyse=analyse,
    observing=observing,
    matches=(Pairing(("greedy", "random", "random", "random"), players=4),
             Pairing(("search", "greedy", "greedy", "greedy"), players=4, games=100)),
    goldens=tuple(GoldenGame(f"playthrough-{n}p-seed-7", GameConfig(players=n), ("random",) * n, 7) for n in (2, 3, 4)),
)
