"""The ``battle`` mode made from a ``GameConfig``: each side's force from its list file, the table, the scenario
and the turn cap.

Options (``GameConfig.options``): ``forces`` (two list files inside the pack, by seat; default the pack's
``battle.forces`` for each nation of the config's sides), ``table`` (a standard table's id; default the first the
larger force fits), ``scenario`` (three rows of the generator's paths, deployment, mission and condition, 0 to 3;
default: the generator is played, its dice drawn and its points spent by the players) and ``turns`` (the turn cap;
default the pack's ``battle.turn_cap``); ``filled`` (a points limit: each force built to it at the pack's costs,
troopers bought or shed, ``filling.filled``: how a trial cost of the fair-points fit enters the battle) with
``keep`` (the item being fitted, which the filling never takes off). The
set-up places are drawn by the game's seed. Each player's hand is the first cards of its deck, one per full 250
points of the force value (rule ``tac-hand-size``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpforge.content.paths import inside_pack
from pnpforge.content.player_files import load_player_file
from pnpforge.engine.contract import GameConfig, GoldenGame
from pnpforge.engine.matches import Pairing
from pnpforge.engine.search import SearchPlan
from pnpforge.engine.plane import INCH
from pnpforge.engine.steps import Steps
from pnpforge.games.dystopian_legions import (
    battle_fire,
    battle_moves,
    battle_pre_turn,
    battle_setup,
    battle_turn,
    bolster,
    hands,
    ironclads,
    medics,
    melee,
    shooting,
    throws,
    turn,
)
from pnpforge.games.dystopian_legions.battle import Battle, SectionSpec
from pnpforge.games.dystopian_legions.battle_bots import horizon, searched, value
from pnpforge.games.dystopian_legions.data import read
from pnpforge.games.dystopian_legions.filling import filled
from pnpforge.games.dystopian_legions.force_list import Force, read_force
from pnpforge.games.dystopian_legions.generator import blp_target
from pnpforge.games.dystopian_legions.state import Trooper
from pnpforge.games.dystopian_legions.table import base_size, standard_table
from pnpforge.games.dystopian_legions.tacs import hand_size

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

STEPS = Steps.collect(
    turn,
    shooting,
    melee,
    ironclads,
    throws,
    bolster,
    medics,
    hands,
    battle_setup,
    battle_turn,
    battle_moves,
    battle_fire,
    battle_pre_turn,
)
NATIONS = ("britannia", "prussia")
HEAVY = ("heavy_ironclad",)


def settings(pack: Pack) -> dict[str, Any]:
    return dict(pack.game.parameters.get("battle", {}))


def load_force(pack: Pack, path: str) -> Force:
    """A force list inside the pack; ``ValueError`` saying what is wrong with it."""
    found = inside_pack(pack.root, path)
    if not found.is_file():
        raise ValueError(f"no force list at {path}")
    player_file, problems = load_player_file(pack, found)
    errors = [str(p) for p in problems if p.severity == "error"]
    if player_file is None or errors:
        raise ValueError(f"the force list {path} cannot be read: {'; '.join(errors)}")
    return read_force(pack, player_file)


def specs_of(pack: Pack, forces: tuple[Force, Force]) -> tuple[SectionSpec, ...]:
    """Every section of both forces as the battle reads it, the first seat's first."""
    data = read(pack)
    bases = {item.id: str(item["base"]) for item in pack.of_type("model")}
    coherency = {k: int(v) for k, v in pack.game.parameters.get("coherency", {}).items()}
    out: list[SectionSpec] = []
    for player, force in enumerate(forces):
        for entry in force.entries:
            unit = entry.unit
            if unit is None:
                continue
            order = [part["model"] for part in unit["models"]] + [
                m for m in entry.models if m not in [p["model"] for p in unit["models"]]
            ]
            troopers: list[Trooper] = []
            for model in order:
                profile = data.profiles[model]
                troopers += [Trooper(model, profile.lp or profile.hp) for _ in range(entry.models.get(model, 0))]
            troopers = [Trooper(t.profile, t.lp, "open", n) for n, t in enumerate(troopers)]
            profiles = [data.profiles[t.profile] for t in troopers]
            sizes = [base_size(bases.get(t.profile, "25")) for t in troopers]
            size = max(sizes, key=lambda s: (max(s), s))
            types = frozenset(p.model_type for p in profiles)
            reach = max((b.end for p in profiles for m in p.weapons for b in data.weapons[m.weapon].bands), default=0)
            out.append(
                SectionSpec(
                    len(out),
                    player,
                    unit.id,
                    int(entry.points),
                    tuple(troopers),
                    size,
                    types,
                    min(p.mv for p in profiles),
                    any(p.ironclad for p in profiles),
                    any(p.model_type in HEAVY for p in profiles),
                    max(coherency.get(t, 1) for t in types) * INCH,
                    reach,
                    bool(entry.values.get("senior")),
                )
            )
    return tuple(out)


def _forces(pack: Pack, paths: tuple[str, str]) -> tuple[Force, Force]:
    return (load_force(pack, paths[0]), load_force(pack, paths[1]))


def new_battle(pack: Pack, config: GameConfig) -> Battle:
    found = settings(pack)
    nations = tuple(config.sides) or NATIONS
    defaults = dict(found.get("forces", {}))
    paths = tuple(config.option("forces", tuple(defaults.get(n, "") for n in nations)))
    if len(paths) != 2:
        raise ValueError("a battle needs two force lists")
    forces = _forces(pack, (str(paths[0]), str(paths[1])))
    limit = config.option("filled")
    if limit is not None:  # each force built to the limit at the pack's costs (fair_points.py)
        keep = config.option("keep")
        forces = (filled(forces[0], int(limit), keep), filled(forces[1], int(limit), keep))
    mfv = max(int(f.data["mfv"]) for f in forces)
    setup = standard_table(pack, mfv, config.option("table"))
    rows = config.option("scenario")
    players = tuple(
        f.data["nation"] if f.data["nation"] != forces[0].data["nation"] or n == 0 else f"{f.data['nation']}-2"
        for n, f in enumerate(forces)
    )
    decks = tuple(tuple(f.data["tacs"]) for f in forces)
    sizes = tuple(hand_size(int(f.data["mfv"])) for f in forces)
    return Battle(
        pack,
        (players[0], players[1]),
        specs_of(pack, forces),
        (decks[0], decks[1]),
        setup,
        tuple(int(r) for r in rows) if rows is not None else None,  # type: ignore[arg-type]
        int(config.option("turns", found.get("turn_cap", 8))),
        blp_target(pack, mfv),
        STEPS,
        (sizes[0], sizes[1]),
        bool(config.option("play_blind", False)),
        bool(config.option("order_of_march", False)),
    )


# the battles the engine suite plays at random with every check, and keeps as golden transcripts
BATTLE_GOLDENS: tuple[GoldenGame, ...] = (
    GoldenGame(
        "battle",
        GameConfig(mode="battle"),
        ("greedy", "random"),
        5,
        header="# dystopian-legions battle: the 500-point forces, the scenario generator played, greedy and "
        "random, seed 5",
        random_games=12,
    ),
    GoldenGame(
        "battle-centre-ground",
        GameConfig(mode="battle", options=(("scenario", (0, 0, 0)), ("table", "crossroads"))),
        ("random", "greedy"),
        8,
        random_games=8,
    ),
)

# the search bot: in a battle it weighs the choice of section, the move and the target, each answer played out by
# the greedy bot to the end of the turn (battle_bots.value); a duel is played out to its end
SEARCH: SearchPlan = SearchPlan(samples=4, candidates=4, horizon=horizon, value=value, searched=searched)
BATTLE_BUDGET = 200  # battles per standard table ``validate --games auto`` plays at most (two tables: 400)
SEARCH_GAMES = 100  # search is slow (about 7 CPU s a battle): at most this many battles in ``make matches``
MATCHES = (
    Pairing(("greedy", "random"), mode="battle"),
    Pairing(("search", "greedy"), mode="battle", games=SEARCH_GAMES),
)
