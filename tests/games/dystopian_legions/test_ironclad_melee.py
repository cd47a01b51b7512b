"""An Ironclad in a duel's melee (rule ``ironclad-melee``): infantry may charge it, it may not charge, it strikes
nothing back, the blows meet its armour through the damage table, and it may leave the melee at will, struck on its
rear armour on a D6 of 1 to 3."""

from __future__ import annotations

import random

import pytest

from pnpforge.games.dystopian_legions.ironclads import piercing
from pnpforge.games.dystopian_legions.melee import may_charge

from tests.games.dystopian_legions.test_duel import duel, pack, play_until  # noqa: F401

TANKETTE = ("kob-line-infantry", "pru-kettenkarre-section")


def fight(pack, facing: str = "side"):  # noqa: F811
    return duel(pack, sections=TANKETTE, range=8, facing=facing)


def until_melee(pack, leave: str = "stay", seed: int = 1):  # noqa: F811
    state = fight(pack)
    rng = random.Random(seed)
    state = play_until(state, "disengage", rng, {"act": "charge"})
    assert state.sides[0].engaged and state.sides[1].engaged
    state.apply_action(leave)
    return state


@pytest.mark.rules("ironclad-melee", "move-charge")
def test_infantry_charges_an_ironclad_which_never_charges(pack) -> None:  # noqa: F811
    state = fight(pack)
    assert may_charge(state, 0) is None
    assert may_charge(state, 1) == "an Ironclad does not charge"


@pytest.mark.rules("ironclad-melee", "ironclad-damage")
def test_an_ironclad_strikes_nothing_back_and_its_armour_takes_the_blows(pack) -> None:  # noqa: F811
    state = until_melee(pack)
    state = play_until(state, "roll", random.Random(0))
    assert state.pending[1:] == ("melee", 0)  # the riflemen's blows; the tankette throws none
    state.apply_action(6)  # six successes against side armour 5: the damage roll
    assert state.pending[1:] == ("2d6", 0)
    state.apply_action(9)  # 9 + 1 over the armour: Stunned, one Hull Point and a Shaken marker
    assert state.sides[1].lp == 2 and state.sides[1].markers == 1
    assert state.sides[0].upper_hand and not state.sides[1].upper_hand
    assert not any(r["throw"] == "melee" and r["side"] == 1 for r in state.record)


@pytest.mark.rules("ironclad-melee")
def test_blows_short_of_the_armour_do_nothing(pack) -> None:  # noqa: F811
    state = play_until(until_melee(pack), "roll", random.Random(0))
    state.apply_action(4)  # four successes against side armour 5
    assert state.pending is None or state.pending[1] != "2d6"
    assert state.sides[1].lp == 3 and state.sides[1].markers == 0


@pytest.mark.rules("ironclad-melee")
@pytest.mark.parametrize("roll, struck", [(4, False), (3, True)])
def test_an_ironclad_leaves_at_will_struck_on_its_rear_on_a_low_roll(pack, roll: int, struck: bool) -> None:  # noqa: F811
    state = until_melee(pack, "disengage")
    assert state.pending[1:] == ("d6", 1)
    state.apply_action(roll)
    if struck:
        assert state.pending[1:] == ("melee", 0)
        state.apply_action(5)  # five successes against rear armour 4
        assert state.pending[1:] == ("2d6", 0)
        assert "5 successes against armour 4 (rear)" in [getattr(e, "text", "") for e in state.log]
        state.apply_action(2)
    assert not state.sides[0].engaged and not state.sides[1].engaged
    blows = [r for r in state.record if r["throw"] == "melee"]
    assert len(blows) == int(struck)


@pytest.mark.rules("ironclad-melee", "ironclad-damage")
def test_only_melee_armour_piercing_counts_in_a_melee(pack) -> None:  # noqa: F811
    state = duel(pack, sections=("pru-kettenkarre-section", "kob-line-infantry"), range=8)
    ranged = piercing(state, 0, "ranged")
    assert piercing(state, 0, "melee") == [] and ranged == piercing(state, 0)
