"""Card effects and MARs the duel plays without a table: a card cancelling another, a fire reaction to a charge, a
MAR gained from a card, Lethal, Lucky, Solo Weapons, Unreliable and Stealthy. Each test names the rule ids it
checks."""

from __future__ import annotations

import random

import pytest

from pnpforge.games.dystopian_legions import damage, shooting
from pnpforge.games.dystopian_legions.state import DuelState

from tests.conftest import REPO
from tests.helpers import shipped_pack
from tests.games.dystopian_legions.test_duel import duel, play_until as until


@pytest.fixture(scope="module")
def pack():
    return shipped_pack(REPO / "content" / "dystopian-legions")


def give(state: DuelState, p: int, hand: list[str], cp: int) -> None:
    state.sides[p].hand, state.sides[p].cp = list(hand), cp
    state.refresh()


# --- Lethal ----------------------------------------------------------------------------------------------------------
@pytest.mark.rules("mar-lethal")
def test_lethal_hits_equal_to_the_ir_kill_a_model_of_any_life_points() -> None:
    chain = (damage.ChainModel(3, 2), damage.ChainModel(3, 1))
    plain = damage.resolve(3, chain, 0)
    assert (plain.lp_lost, plain.killed) == ((1, 0), (False, False))
    lethal = damage.lethal_chain(chain)
    result = damage.lethal_losses(damage.resolve(3, lethal, 0), chain)
    assert (result.lp_lost, result.killed, result.total_lp) == ((2, 0), (True, False), 2)
    both = damage.lethal_losses(damage.resolve(6, lethal, 0), chain)
    assert both.kills == 2 and both.total_lp == 3


@pytest.mark.rules("tac-gain-mar", "mar-lethal")
def test_tesla_overcharge_makes_the_attack_lethal(pack) -> None:
    state = duel(pack, range=8)
    assert not shooting.lethal(state, 0)
    state.sides[0].effects = {"gain_mar": (("mar", "lethal"),)}
    assert shooting.lethal(state, 0)
    assert [m.lp for m in shooting.chain(state, 0)] == [1] * len(state.sides[1].troopers)


@pytest.mark.rules("tac-gain-mar")
@pytest.mark.parametrize(("roll", "lost"), [(1, 1), (2, 0), (6, 0)])
def test_tesla_overcharge_backfires_on_a_one(pack, roll: int, lost: int) -> None:
    state = duel(pack, range=8)
    side = state.sides[0]
    before = sum(t.lp for t in side.troopers)
    side.effects = {"backfire": (("on", 1),)}
    state.last = {**state.last, ("d6", 0): roll}
    shooting.backfire(state, 0)
    assert before - sum(t.lp for t in side.troopers) == lost == side.lp_lost
    assert "backfire" not in side.effects  # once per card
    card = state.game.cards["tesla-overcharge"]
    assert any(k == "backfire" for k, _ in card.effects)


# --- cancelling a card -----------------------------------------------------------------------------------------------
@pytest.mark.rules("tac-cancel", "tac-no-retract", "tac-cost")
def test_countermand_cancels_a_command_card_which_stays_spent(pack) -> None:
    state = until(duel(pack), "tac", random.Random(3))
    while state.pending[2] != "command":
        state.apply_action("pass")
        state = until(state, "tac", random.Random(3))
    p = state.pending[1]
    give(state, p, ["steady-lads"], 1)
    state.sides[p].markers = 1
    give(state, 1 - p, ["countermand"], 3)
    state.apply_action("steady-lads")
    assert state.pending[:2] == ("cancel", 1 - p) and state.legal_actions() == ["pass", "countermand"]
    state.apply_action("countermand")
    assert state.sides[p].markers == 1 and state.sides[p].cp == 0 and state.sides[1 - p].cp == 0
    assert state.sides[p].graveyard[-1] == "steady-lads" and state.sides[1 - p].graveyard[-1] == "countermand"
    assert state.cancelled is None


@pytest.mark.rules("tac-cancel", "tac-anatomy")
def test_countermand_answers_only_a_card_of_its_own_window(pack) -> None:
    state, rng = duel(pack), random.Random(3)
    while state.pending[0] != "tac" or state.pending[2] != "shooting":
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        state.apply_action("fire" if "fire" in legal else legal[0])
    p = state.pending[1]
    give(state, p, ["take-aim"], 2)
    give(state, 1 - p, ["countermand"], 3)
    state.apply_action("take-aim")
    assert state.pending[0] != "cancel" and "quality-placed" in state.sides[p].effects


# --- a fire reaction ---------------------------------------------------------------------------------------------
@pytest.mark.rules("tac-fire-reaction", "move-charge")
def test_ambush_fires_rushed_at_a_charger_before_contact(pack) -> None:
    state = until(duel(pack, range=6), "act", random.Random(1))
    p = state.pending[1]
    give(state, 1 - p, ["ambush"], 3)
    state.apply_action("charge")
    assert state.pending == ("ambush", 1 - p) and state.legal_actions() == ["pass", "ambush"]
    state.apply_action("ambush")
    state = until(state, "roll", random.Random(1))
    assert state.pending[1:] == ("attack", 1 - p) and state.asked[("attack", 1 - p)][1] == 5
    assert not state.sides[p].engaged and not state.sides[1 - p].activated
    rng = random.Random(1)
    while not state.is_terminal() and not state.sides[p].engaged and state.pending[0] != "act":
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    charger = state.sides[p]
    assert charger.engaged == (not charger.wiped and charger.markers < 3)


@pytest.mark.rules("tac-fire-reaction")
def test_no_ambush_once_activated_or_beyond_its_range(pack) -> None:
    state = until(duel(pack, range=6), "act", random.Random(1))
    p = state.pending[1]
    give(state, 1 - p, ["ambush"], 3)
    state.sides[1 - p].activated = True
    state.apply_action("charge")
    assert state.pending[0] != "ambush" and state.sides[p].engaged


# --- Lucky -----------------------------------------------------------------------------------------------------------
@pytest.mark.rules("mar-lucky", "dice-reroll")
def test_a_luck_token_buys_one_rerolled_die_once_a_game(pack) -> None:
    state = duel(pack, sections=("kob-macdonald", "pru-line-grenadiers"), range=6)
    assert state.sides[0].luck == 1
    state = until(state, "lucky", random.Random(2), {"act": "fire"})
    side, purpose = state.pending[1], state.pending[2]
    assert side == 0 and state.legal_actions() == [False, True]
    state.apply_action(True)
    assert state.sides[0].luck == 0 and state.asked[(purpose, 0)][2].limit == 1
    for _ in range(200):
        if state.is_terminal():
            break
        assert state.pending[0] != "lucky"
        state.apply_action(
            state.sample_chance(random.Random(4)) if state.is_chance_node() else state.legal_actions()[0]
        )


# --- Solo Weapons, Unreliable, Stealthy ----------------------------------------------------------------------------
@pytest.mark.rules("mar-solo-weapon", "shoot-attacks")
def test_a_solo_weapon_throws_its_own_attack(pack) -> None:
    state = duel(pack, sections=("kob-line-infantry", "pru-line-grenadiers"), range=8)
    state.sides[0].troopers[1] = type(state.sides[0].troopers[1])("kob-rifle-grenadier", 1, "open", 1)
    found = shooting.volleys(state, 0)
    assert [[m.weapon for _, m in v] for v in found[1:]] == [["rifle-grenade"]]
    assert "rifle-grenade" not in {m.weapon for _, m in found[0]} and found[1][0][0].profile == "kob-rifle-grenadier"
    assert shooting.attack_dice(state, 0) == {"black": 14}
    assert shooting.attack_dice(state, 0, found[1]) == {"blue": 3}
    assert [i for i, _ in shooting.firing(state, 0)] == [0, 1]


@pytest.mark.rules("mar-unreliable", "mar-solo-weapon")
def test_an_unreliable_weapon_rolls_a_d6_before_its_attack(pack) -> None:
    state = duel(pack, sections=("pru-assault-grenadiers", "kob-line-infantry"), range=4)
    state = until(state, "act", random.Random(6))
    while state.pending[1] != 0:
        state.apply_action("hold")
        state = until(state, "act", random.Random(6))
    state.apply_action("fire")
    rng = random.Random(6)
    while state.pending[:2] != ("roll", "d6"):
        assert state.pending[0] != "act"
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    assert state.asked[("d6", 0)][0] == (("black", 1),)
    assert [i for i, _ in shooting.firing(state, 0)] == [0, 1, 2]


@pytest.mark.rules("mar-stealthy")
def test_a_stealthy_section_is_not_shot_at_from_long_range(pack) -> None:
    near = duel(pack, sections=("pru-line-grenadiers", "kob-sharpshooters"), range=12)
    far = duel(pack, sections=("pru-line-grenadiers", "kob-sharpshooters"), range=20)
    assert shooting.attack_dice(near, 0) and shooting.may_fire(near, 0) is None
    assert shooting.attack_dice(far, 0) == {} and shooting.may_fire(far, 0) is not None


@pytest.mark.rules("mar-sniper", "mar-solo-weapon")
def test_a_sniper_puts_all_its_hits_on_the_model_it_names(pack) -> None:
    state = until(duel(pack, sections=("kob-sharpshooters", "pru-line-grenadiers"), range=12), "act", random.Random(1))
    while state.pending[1] != 0:
        state.apply_action("hold")
        state = until(state, "act", random.Random(1))
    state.apply_action("fire")
    state = until(state, "aim", random.Random(1), {"tac": "pass", "deck": False})
    nco = next(t.number for t in state.sides[1].troopers if t.profile == "pru-grenadier-nco")
    assert state.legal_actions()[0] == state.sides[1].troopers[0].number and nco in state.legal_actions()
    state.apply_action(nco)
    assert state.pending[:2] == ("roll", "attack")
    assert state.asked[("attack", 0)][1] == shooting.TARGETS["placed"]  # the sniper stood still: Placed
    state.apply_action(9)
    left = {t.number: t.lp for t in state.sides[1].troopers}
    assert nco not in left and len(left) == 9 and set(left.values()) == {1}


@pytest.mark.rules("mar-sniper")
def test_a_sniper_that_stood_still_fires_one_quality_better() -> None:
    assert [shooting.steadied(q) for q in ("rushed", "regular", "placed")] == ["regular", "placed", "placed"]


@pytest.mark.rules("command-check", "order-issue")
def test_a_musician_rerolls_the_ones_of_an_orders_command_check(pack) -> None:
    state = duel(pack, sections=("pru-line-grenadiers", "kob-line-infantry"), range=20)
    state.sides[0].troopers.append(type(state.sides[0].troopers[0])("pru-drummer", 1, "open", 10))
    state = until(state, "act", random.Random(8))
    while state.pending[1] != 0:
        state.apply_action("hold")
        state = until(state, "act", random.Random(8))
    state.sides[0].markers, state.sides[0].cp = 1, 3
    state.refresh()
    assert "snap-out" in state.legal_actions()
    state.apply_action("snap-out")
    assert state.pending[:3] == ("roll", "command", 0) and state.asked[("command", 0)][2].faces == ("1",)
