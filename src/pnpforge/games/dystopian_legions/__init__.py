"""Dystopian Legions: the game package's static checks of profiles, weapons, the MAR registry, sections, Tactical
Action Cards and the starter forces with their decks, and the rules as an engine of two modes: ``duel``, two
sections at a stated range and cover (``duel.py``; shooting, melee, morale, orders, cards and attacks on Ironclads as
steps; ``scenario.py`` replays ``examples/*.yaml`` through it), and ``battle``, two forces on a standard table
(``battle_mode.py``: deployment, activations, movement, sight and cover on the plane kit, the same rules of attack).
"""

from __future__ import annotations

from typing import Any

from pnpforge.engine.contract import GameConfig, GamePackage, GoldenGame
from pnpforge.engine.loop import random_bot
from pnpforge.games.dystopian_legions import (
    builder,
    cards,
    figures,
    force_rules,
    forces,
    odds_tables,
    player_lists,
    profiles,
    strips,
    table,
    worth,
)
from pnpforge.games.dystopian_legions.analysis import analyse, configurations, nations
from pnpforge.games.dystopian_legions.balance import events as balance_events
from pnpforge.games.dystopian_legions.battle_bots import either_greedy
from pnpforge.games.dystopian_legions.battle_mode import BATTLE_BUDGET, BATTLE_GOLDENS, MATCHES, SEARCH
from pnpforge.games.dystopian_legions.bots import determinize
from pnpforge.games.dystopian_legions.duel import new_game
from pnpforge.games.dystopian_legions.invariants import any_check
from pnpforge.games.dystopian_legions.fair_points import plan as fair_plan
from pnpforge.games.dystopian_legions.scenario import replay
from pnpforge.games.dystopian_legions.weigh import CardWatch

VOCABULARY = tuple(
    "dystopian britannia britannian prussia prussian ironclad teutonic landwehr walze sturmwagen kettenkarre "
    "sturginium".split()
)

PACKAGE: GamePackage[Any] = GamePackage(
    name="dystopian_legions",
    vocabulary=VOCABULARY,
    requires={
        "mar": ("shape", "applies"),
        "weapon": ("effective_range", "long_range", "rad", "iad", "mars"),
        "model": tuple("nation model_type rank mv ir lp armour hp mad command weapons mars".split()),
        "unit": ("nation", "slot", "quality", "models", "points", "max_models", "options", "transports", "character"),
        "tac": ("kind", "nation", "character", "number", "cp", "window", "effects"),
        "force": ("list",),
        "platoon": ("required", "unlocks", "heavy_support_max"),
        "standee": ("model", "base"),
        "table": ("width", "depth", "up_to", "pieces"),
        "terrain": ("category", "cover", "difficult", "impassable"),
        "force_rule": ("check", "severity", "message", "params"),
    },
    checks=profiles.ALL + forces.ALL + cards.ALL + force_rules.ALL + strips.ALL + (table.table_terrain,),
    rules_modules=tuple(
        "profiles forces platoons cards force_list force_rules player_lists roster data damage odds "
        "odds_tables melee_pairs worth strips morale orders tacs state throws turn shooting melee ironclads duel bots "
        "invariants scenario setup log generator analysis templates table_setup table_play table_rules "
        "figures table deployment battle battle_mode battle_setup battle_turn battle_moves battle_fire "
        "battle_bots balance weigh fair_points filling medics hands battle_pre_turn battle_command bolster".split()
    ),
    player_files={"force_list": player_lists.RULES},
    data_analyses=worth.ANALYSES,
    item_tables=odds_tables.section_tables,
    builders=(builder.BUILDER,),
    new_game=new_game,
    modes=("duel", "battle"),
    validated_modes=("duel", "battle"),  # the duels, then force balance: battles of the 500-point forces
    bench_modes=("battle",),  # the bench times 500-point greedy battles on their own
    validate_budgets={"battle": BATTLE_BUDGET},  # battles per table within the five minutes of validate
    bots={"greedy": either_greedy, "random": random_bot},
    events=balance_events,
    observer=CardWatch,
    invariants=any_check,
    analyse=analyse,
    configurations=configurations,
    fair_points=fair_plan,
    factions=nations,
    determinize=determinize,
    search=SEARCH,
    matches=MATCHES,
    replay=replay,
    example_plane=figures.example_plane,
    position_figure=figures.battle_figure,
    goldens=(
        GoldenGame(
            "duel",
            GameConfig(mode="duel"),
            ("greedy", "random"),
            7,
            header="# dystopian-legions duel: Line Infantry (soft cover) and Line Grenadiers at 12 inches, "
            "greedy and random, seed 7",
        ),
        GoldenGame(
            "duel-close",
            GameConfig(mode="duel", options=(("cover", ("open", "hard")), ("range", 8))),
            ("random", "greedy"),
            3,
        ),
        *BATTLE_GOLDENS,
    ),
)
