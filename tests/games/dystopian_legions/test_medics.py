"""Medics (rule ``end-medics``): no model of the pack has the Medic MAR, so a scenario gives one to a rifleman
(``scenarios/medic-tends-the-fallen.yaml``, the ``mars:`` key of a scenario's models) and these tests give it to a
profile of a duel's copy of the pack's data."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pnpforge.engine.replay import replay_and_check
from pnpforge.games.dystopian_legions import PACKAGE, damage
from pnpforge.games.dystopian_legions.data import Mar
from pnpforge.games.dystopian_legions.shooting import take

from tests.games.dystopian_legions.test_duel import duel, pack  # noqa: F401

HERE = __import__("pathlib").Path(__file__).parent


def with_medic(pack, value: int = 4, model: str = "kob-line-infantryman"):  # noqa: F811
    state = duel(pack, range=13)
    data = state.game.data
    profile = data.profiles[model]
    state.game.data = replace(
        data, profiles={**data.profiles, model: replace(profile, mars=(*profile.mars, Mar("medic", value)))}
    )
    return state


def kill_two(state) -> None:
    side = state.sides[0]
    take(state, 0, damage.Losses(tuple(t.lp for t in side.troopers[:2]), (True, True)))
    assert len(side.fallen) == 2 and side.killed == []


@pytest.mark.rules("end-medics")
def test_the_scenario_stands_one_of_two_fallen_again(pack) -> None:  # noqa: F811
    _, outcome = replay_and_check(PACKAGE, pack, HERE / "scenarios" / "medic-tends-the-fallen.yaml")
    assert [str(f) for f in outcome.findings] == [] and outcome.data is not None


@pytest.mark.rules("end-medics", "end-restore-order")
@pytest.mark.parametrize("rolls, standing, killed", [((4, 3), 7, 1), ((6, 5), 8, 0), ((1, 2), 6, 2)])
def test_each_fallen_model_stands_on_the_medics_number(pack, rolls, standing: int, killed: int) -> None:  # noqa: F811
    state = with_medic(pack)
    kill_two(state)
    assert state.sides[0].lp == 6  # tipped models count as lost meanwhile (the sergeant had 2 LP)
    state.push(("end",))
    state.run()
    for roll in rolls:
        assert state.pending[1:] == ("d6", 0)
        state.apply_action(roll)
    side = state.sides[0]
    assert (len(side.troopers), len(side.killed), side.fallen) == (standing, killed, [])
    assert side.lp_lost == side.lp_start - side.lp
    assert [t.number for t in side.troopers] == sorted(t.number for t in side.troopers)


@pytest.mark.rules("end-medics")
def test_no_roll_while_the_section_is_in_melee(pack) -> None:  # noqa: F811
    state = with_medic(pack)
    kill_two(state)
    state.sides[0].engaged = state.sides[1].engaged = True
    state.push(("end",))
    state.run()
    assert state.pending is None or state.pending[1] != "d6"
    assert len(state.sides[0].fallen) == 2


@pytest.mark.rules("end-medics")
def test_without_a_medic_casualties_are_removed_at_once(pack) -> None:  # noqa: F811
    state = duel(pack, range=13)
    take(state, 0, damage.Losses((1,), (True,)))
    assert state.sides[0].fallen == [] and len(state.sides[0].killed) == 1


@pytest.mark.rules("end-medics")
def test_a_medic_tends_no_ironclad_and_no_loss_of_its_own_making(pack) -> None:  # noqa: F811
    state = with_medic(pack)
    take(state, 0, damage.Losses((1,), (True,)), attack=False)  # a backfire is no enemy's attack
    assert state.sides[0].fallen == []
    tank = duel(pack, sections=("kob-line-infantry", "pru-kettenkarre-section"), range=8)
    data = tank.game.data
    hull = data.profiles["pru-kettenkarre"]
    tank.game.data = replace(
        data, profiles={**data.profiles, "pru-kettenkarre": replace(hull, mars=(Mar("medic", 2),))}
    )
    assert tender_of(tank, 1) is None


def tender_of(state, p: int):
    from pnpforge.games.dystopian_legions.medics import tender

    side = state.sides[p]
    return tender(state, side, side.troopers[0])


@pytest.mark.rules("end-medics")
def test_a_duel_with_a_medic_plays_to_its_end(pack) -> None:  # noqa: F811
    state = with_medic(pack, model="kob-colour-sergeant")
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action("fire" if "fire" in legal else legal[0])
    for side in state.sides:
        assert side.lp_lost == side.lp_start - side.lp
