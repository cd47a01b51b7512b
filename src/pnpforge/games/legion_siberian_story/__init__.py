"""Legion: The Siberian Story — the game package: its checks now, its engine and bots as they arrive.

The pack's data (content/legion-siberian-story/) holds every card, number and effect; this package holds what
data cannot: the rules that relate the data to each other and, later, the rules of play.
"""

from pnpforge.games import GamePackage
from pnpforge.games.legion_siberian_story import checks
from pnpforge.games.legion_siberian_story.data import build_data
from pnpforge.games.legion_siberian_story.game import make_game
from pnpforge.games.legion_siberian_story.replay import replay
from pnpforge.games.legion_siberian_story.analysis import analyse
from pnpforge.games.legion_siberian_story.game import MODES
from pnpforge.games.legion_siberian_story.simulate import matches, simulate, transcript


def engine(pack, num_players: int, factions: tuple[str, ...] | None = None, mode: str = "base"):
    """A game of the pack for ``num_players`` seats (factions in seat sequence)."""
    return make_game(build_data(pack), num_players, factions, mode)


VOCABULARY = (
    "legion", "siberian", "frostbite", "despatch", "officer", "commander", "plot", "assault", "warming", "freezing",
    "peaceful", "crippled", "violence", "first aid", "fragility", "sabre", "medical kit", "coat", "perfect aim",
    "medal", "encryption", "promotion", "officer exams", "graveyard", "war diary", "survivor", "survival",
    "combat power", "charisma", "whites", "reds", "legionnaires", "warlords", "order token", "ceasefire",
)

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
    engine=engine,
    replay=replay,
    simulate=simulate,
    matches=matches,
    analyse=analyse,
    transcript=transcript,
    modes=MODES,
    bots=("random", "greedy", "search"),
)
