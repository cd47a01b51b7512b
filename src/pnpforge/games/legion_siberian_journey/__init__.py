"""Legion: Siberian Journey — the game package: the checks that relate the pack's cards to each other and to the
rules' own numbers (``parameters`` in game.yaml), and the rules as engine steps (``game.py`` and the modules it
collects). The engine is not yet offered to the validator (no ``new_game`` here), so ``validate`` runs the static
checks only.
"""

from pnpforge.engine.contract import GamePackage
from pnpforge.games.legion_siberian_journey import checks

VOCABULARY = (
    "journey", "commander", "marketplace", "line-up", "reserve", "graveyard", "squad", "intrigue", "charisma",
    "assault", "first aid", "surgery", "brotherhood", "explosives", "comradery", "manoeuvres", "sworn enemies",
    "whites", "reds", "legionnaires", "warlords",
)

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
    rules_modules=("auction", "bots", "checks", "data", "effects", "evaluation", "figures", "flow", "game", "hidden", "invariants",
                   "march", "picks", "ranking", "standing", "state", "view", "wounds"),
)
