"""Command on the table: an officer spends on friendly sections within its command range, an NCO on its own only;
an officer in range adds its die to a section's Morale checks; an officer killed shakes the sections within its
range (rules named on each test)."""

from __future__ import annotations

import pytest

from pnpforge.games.dystopian_legions import PACKAGE, bolster
from pnpforge.games.dystopian_legions.battle import BattleState
from pnpforge.games.dystopian_legions.battle_fire import after
from pnpforge.games.dystopian_legions.turn import commander_for, order_refusal, spend

from tests.games.dystopian_legions.test_battle import battle, only, put, unit_of


def _kob() -> tuple[BattleState, int, int, int]:
    """The Captain's section, the Gardner gun (no officer or NCO of its own) and the Volunteers, with the Line
    Grenadiers far off; the Captain's command range is 12"."""
    s = battle()
    hq, gun, vols = unit_of(s, "kob-captain-hq"), unit_of(s, "kob-gardner-section"), unit_of(s, "kob-volunteers")
    enemy = unit_of(s, "pru-line-grenadiers")
    only(s, hq, gun, vols, enemy)
    put(s, enemy, 24, 44)
    put(s, hq, 14, 3)
    put(s, gun, 20, 3)  # a few inches from the Captain's block
    put(s, vols, 44, 3)  # far beyond 12"
    return s, hq, gun, vols


@pytest.mark.rules("officer-range", "nco-range", "order-issue")
def test_an_officer_spends_on_a_section_within_its_command_range() -> None:
    s, hq, gun, vols = _kob()
    captain = s.units[hq].side
    s.pair(gun, unit_of(s, "pru-line-grenadiers"))
    s.sides[0].cp = 3
    assert [t.profile for _, t in s.commanders(0)][-1] == "kob-captain"
    assert order_refusal(s, 0, "focus-fire") is None
    found = commander_for(s, 0, 2)
    assert found is not None and found[0] is captain
    spend(s, 0, 2)
    assert captain.spent == {0: 2} and s.sides[0].cp == 1 and not s.units[gun].side.spent
    assert PACKAGE.invariants(s) == []
    put(s, gun, 34, 3)  # now beyond the Captain's 12"
    s.pair(gun, unit_of(s, "pru-line-grenadiers"))
    assert commander_for(s, 0, 1) is None
    assert order_refusal(s, 0, "focus-fire") is not None
    s.pair(vols, unit_of(s, "pru-line-grenadiers"))  # the Volunteers' sergeant spends on his own section only
    assert {t.profile for _, t in s.commanders(0)} == {t.profile for t in s.units[vols].side.troopers}


@pytest.mark.rules("command-bolster", "officer-range")
def test_bolstering_dice_are_the_spending_officers_colour() -> None:
    s, hq, gun, vols = _kob()
    s.units[hq].side.quality = "veteran"  # so that its colour differs from the gun's
    s.pair(gun, unit_of(s, "pru-line-grenadiers"))
    s.sides[0].cp = 3
    s.last = {}
    bolster.bolster(s, 2, 0, "morale")
    assert s.units[hq].side.spent == {0: 2}
    assert bolster.dice(s, 0) == (("red", 2),)
    assert bolster.dice(s, 0) == ()


@pytest.mark.rules("morale-modifiers", "officer-range")
def test_an_officer_in_range_adds_its_die_to_a_morale_check() -> None:
    s, hq, gun, vols = _kob()
    s.pair(gun, unit_of(s, "pru-line-grenadiers"))
    assert s.officer_die(0) == "blue"
    s.pair(vols, unit_of(s, "pru-line-grenadiers"))
    assert s.officer_die(0) is None


@pytest.mark.rules("officer-loss", "morale-triggers")
def test_an_officer_killed_shakes_the_sections_within_its_range() -> None:
    s, hq, gun, vols = _kob()
    side = s.units[hq].side
    captain = side.troopers[0]
    side.troopers = side.troopers[1:]  # the Captain falls; his bugler stands
    side.killed.append(captain.profile)
    side.lp_lost += captain.lp
    s.agenda = []
    after(s)
    assert ("morale", 0) in s.agenda and ("b-pair-near", gun) in s.agenda
    assert ("b-pair-near", vols) not in s.agenda and ("b-pair-near", hq) not in s.agenda
    s.agenda = []
    after(s)  # the loss is counted once
    assert s.agenda == []


@pytest.mark.rules("officer-loss", "morale-triggers", "morale-modifiers")
def test_a_section_shaken_twice_by_one_loss_takes_one_harder_check() -> None:
    s, hq, gun, vols = _kob()
    side = s.units[hq].side
    side.killed += [t.profile for t in side.troopers]
    side.lp_lost, side.troopers = side.lp_start, []  # the whole command section is wiped out, 8" from the gun
    s.agenda = []
    after(s)
    assert s.agenda.count(("b-pair-near", gun)) == 1
    assert ("morale", 0, True) in s.agenda
