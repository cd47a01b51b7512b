"""Independent Firing in a battle (rule ``mar-independent-firing``): a weapon with the MAR that cannot join its
section's attack (out of its arc or range) may fire at a target of its own, as an attack of that weapon alone."""

from __future__ import annotations

import random

import pytest

from pnpforge.games.dystopian_legions import PACKAGE
from pnpforge.games.dystopian_legions.battle import BattleState
from pnpforge.games.dystopian_legions.battle_fire import free_mounts

from tests.games.dystopian_legions.test_battle import battle, only, put, unit_of


def placed() -> tuple[BattleState, int, int, int]:
    """The Terrier facing up the table, the Line Grenadiers 8" ahead, the Knights 12" off its right flank."""
    s = battle()
    tank, ahead, flank = (
        unit_of(s, "kob-terrier-section"),
        unit_of(s, "pru-line-grenadiers"),
        unit_of(s, "pru-teutonic-knights"),
    )
    only(s, tank, ahead, flank)
    put(s, tank, 17, 4, heading=2)
    put(s, ahead, 17, 12)
    put(s, flank, 29, 4)
    return s, tank, ahead, flank


def play_to(s: BattleState, step: str, rng: random.Random) -> None:
    while s.pending is not None and s.pending[0] != step:
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])


def attacks(s: BattleState) -> list[dict]:
    return [r["pool"] for r in s.record if r["throw"] == "attack"]


@pytest.mark.rules("mar-independent-firing", "los-arcs")
@pytest.mark.parametrize("answer", ["none", "flank"])
def test_a_sponson_out_of_arc_fires_at_a_target_of_its_own(answer: str) -> None:
    s, tank, ahead, flank = placed()
    free = free_mounts(s, 0, tank, ahead)
    assert [m.facing for _, m in free] == ["left", "right"]  # neither sponson bears on the section ahead
    s.push(("b-shoot", 0, tank))
    s.run()
    assert s.legal_actions() == ["none", ahead, flank]
    s.apply_action(ahead)
    rng = random.Random(4)
    play_to(s, "b-independent", rng)
    assert len(attacks(s)) == 1 and s.only is None  # the main gun alone at the section ahead
    assert s.pending[-1] == 1 and s.legal_actions() == ["none", flank]  # the right sponson; the left sees nobody
    s.apply_action(flank if answer == "flank" else "none")
    play_to(s, "b-choose", rng)
    if answer == "flank":
        assert attacks(s)[1] == {"blue": 6}  # the sponson's own attack, at effective range
        assert s.units[flank].side.lp_lost or any("sponson-machine-gun fires at" in e.text for e in s.log)
    else:
        assert len(attacks(s)) == 1
    assert s.only is None and PACKAGE.invariants(s) == []


@pytest.mark.rules("mar-independent-firing")
def test_a_weapon_that_joined_the_attack_fires_at_no_other_target() -> None:
    s, tank, ahead, flank = placed()
    assert [m.facing for _, m in free_mounts(s, 0, tank, flank)] == ["left"]  # the right sponson bears on it
