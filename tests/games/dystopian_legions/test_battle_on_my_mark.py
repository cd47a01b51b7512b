"""On My Mark on the table: a Ready section charged fires Rushed at its chargers before they move, when an officer
in range pays for the order and its check passes; the chargers then go in (rules named on each test)."""

from __future__ import annotations

import random

import pytest

from pnpforge.games.dystopian_legions import PACKAGE, battle_moves
from pnpforge.games.dystopian_legions.battle import BattleState
from pnpforge.games.dystopian_legions.battle_bots import BattleGreedy

from tests.games.dystopian_legions.test_battle import battle, only, put, unit_of


def _charged(pool: int = 3) -> tuple[BattleState, int, int]:
    """The Knights charge the Line Infantry, the Captain's section a few inches to their left."""
    s = battle()
    line, knights, hq = (
        unit_of(s, "kob-line-infantry"),
        unit_of(s, "pru-teutonic-knights"),
        unit_of(s, "kob-captain-hq"),
    )
    only(s, line, knights, hq)
    put(s, line, 20, 3)
    put(s, hq, 12, 3)
    put(s, knights, 20, 11)
    s.pool[0] = pool
    s.units[hq].side.cp = s.units[line].side.cp = pool
    s.sides[0].cp = pool
    battle_moves.move(s, f"charge:{line}", 1, knights)
    s.run()
    return s, line, knights


@pytest.mark.rules("order-on-my-mark", "officer-range", "order-issue")
def test_a_charged_section_fires_before_the_chargers_move() -> None:
    s, line, knights = _charged()
    assert s.pending == ("b-on-my-mark", 0, line, knights)
    assert s.legal_actions() == ["none", "on-my-mark"]
    before = s.units[knights].block
    assert BattleGreedy().choose(s, 0, random.Random(1)) == "on-my-mark"
    s.apply_action("on-my-mark")
    rng, fired = random.Random(2), False  # this seed passes the check
    while s.pending is not None and s.pending[0] not in ("b-shoot", "b-choose"):
        if s.pending[:2] == ("roll", "attack"):
            fired = True
            assert s.units[knights].block == before  # the chargers have not moved yet
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    assert s.units[unit_of(s, "kob-captain-hq")].side.spent == {0: 3}  # the Captain paid, within his 12"
    assert not s.units[line].side.activated  # it stays Ready
    assert fired and any("fires rushed" in getattr(e, "text", "") for e in s.log)
    if s.units[knights].live and s.units[knights].side.markers < s.game.routed_at:
        assert (line, knights) in s.engagements
    assert PACKAGE.invariants(s) == []


@pytest.mark.rules("order-on-my-mark", "cp-spend-limit")
def test_no_order_without_the_points_or_once_the_section_has_acted() -> None:
    s, line, knights = _charged(pool=2)
    assert s.pending != ("b-on-my-mark", 0, line, knights) and (line, knights) in s.engagements
    s = battle()
    line, knights = unit_of(s, "kob-line-infantry"), unit_of(s, "pru-teutonic-knights")
    s.units[line].side.activated = True
    s.pair(line, knights)
    from pnpforge.games.dystopian_legions.battle_fire import _mark_options

    assert _mark_options(s, 0, line, knights) == []
