"""A charge into an Ironclad on the table: offered and made into base contact, the blows meeting the armour of the
arc the chargers stand in, the Ironclad leaving the melee and the battle's melee ending with it, and the greedy
bots' choices (rules named on each test)."""

from __future__ import annotations

import random

import pytest

from pnpforge.games.dystopian_legions import PACKAGE, battle_moves
from pnpforge.games.dystopian_legions.battle_bots import BattleGreedy, melee_edge
from pnpforge.games.dystopian_legions.battle_turn import melee_arc, melee_phase
from pnpforge.games.dystopian_legions.table import in_contact

from tests.games.dystopian_legions.test_battle import battle, only, put, unit_of


def _set_up(behind: bool = False) -> tuple:
    """The Line Infantry 8" from the Kettenkarre in the open between the farmhouse and the barn; the Kettenkarre
    facing away from them when ``behind``, across them otherwise."""
    s = battle()
    line, tank = unit_of(s, "kob-line-infantry"), unit_of(s, "pru-kettenkarre-section")
    only(s, line, tank)
    put(s, line, 33, 21)
    put(s, tank, 33, 29, heading=2 if behind else 0)
    return s, line, tank


@pytest.mark.rules("move-charge", "ironclad-melee")
def test_a_section_charges_an_ironclad_into_base_contact() -> None:
    s, line, tank = _set_up()
    assert f"charge:{tank}" in battle_moves._moves(s, 0, line)
    assert f"charge:{line}" not in battle_moves._moves(s, 1, tank)  # an Ironclad never charges
    battle_moves.move(s, f"charge:{tank}", 0, line)
    s.run()  # the chargers move in (no On My Mark for an Ironclad)
    assert in_contact(s.units[line].block, s.units[tank].block)  # type: ignore[arg-type]
    assert (line, tank) in s.engagements and s.units[tank].side.engaged
    assert PACKAGE.invariants(s) == []


@pytest.mark.rules("ironclad-melee", "ironclad-damage")
def test_the_blows_meet_the_armour_of_the_arc_the_chargers_stand_in() -> None:
    s, line, tank = _set_up(behind=True)
    battle_moves.move(s, f"charge:{tank}", 0, line)
    s.run()  # the chargers move in (no On My Mark for an Ironclad)
    s.pair(line, tank)
    melee_arc(s)
    assert s.units[tank].side.facing == "rear"
    s, line, tank = _set_up(behind=False)
    battle_moves.move(s, f"charge:{tank}", 0, line)
    s.run()  # the chargers move in (no On My Mark for an Ironclad)
    s.pair(line, tank)
    melee_arc(s)
    assert s.units[tank].side.facing == "side"


@pytest.mark.rules("ironclad-melee")
def test_an_ironclad_that_leaves_ends_the_battles_melee() -> None:
    for seed in range(6):
        s, line, tank = _set_up()
        battle_moves.move(s, f"charge:{tank}", 0, line)
        s.run()  # the chargers move in (no On My Mark for an Ironclad)
        s.agenda = []
        melee_phase(s)
        rng = random.Random(seed)
        while s.pending is not None and s.pending[0] != "b-score":
            if s.pending[0] == "disengage":
                s.apply_action("disengage")
            elif s.is_chance_node():
                s.apply_action(s.sample_chance(rng))
            else:
                s.apply_action(s.legal_actions()[0])
        assert not s.engagements
        assert not s.units[line].side.engaged and not s.units[line].side.charging
        assert PACKAGE.invariants(s) == []
        if s.units[tank].live:
            assert not s.units[tank].side.engaged and battle_moves._moves(s, 1, tank)  # free to drive off


@pytest.mark.rules("ironclad-melee")
def test_greedy_charges_an_ironclad_when_its_blows_beat_its_shot_and_the_ironclad_leaves() -> None:
    s, line, tank = _set_up(behind=True)
    bot = BattleGreedy()
    assert melee_edge(s, 0, line, tank) > 0
    assert bot.charges(s, 0, line)[0][1] == f"charge:{tank}"
    assert bot.move(s, 0, line, battle_moves._moves(s, 0, line)) == f"charge:{tank}"
    battle_moves.move(s, f"charge:{tank}", 0, line)
    s.run()  # the chargers move in (no On My Mark for an Ironclad)
    s.agenda = []
    melee_phase(s)
    while s.pending is not None and s.pending[0] != "disengage":
        s.apply_action(s.sample_chance(random.Random(1)) if s.is_chance_node() else s.legal_actions()[0])
    assert bot.choose(s, 1, random.Random(1)) == "disengage"
