"""The duel's rules, one by one: morale and Shaken markers, orders and Command Points, cards in their windows, the
turn's order, charges and who strikes first, shot quality, the scenario generator and Battle Log Points. Each test
names the rule ids it checks."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.engine.contract import GameConfig
from pnpforge.engine.dice import DiceSet
from pnpforge.engine.dice_exact import distribution_exact
from pnpforge.games.dystopian_legions import PACKAGE, generator, morale, orders, shooting, tacs
from pnpforge.games.dystopian_legions.melee import may_charge, strikes_first
from pnpforge.games.dystopian_legions.state import DuelState
from pnpforge.games.dystopian_legions.turn import morale_check

from tests.conftest import REPO

PACK = REPO / "content" / "dystopian-legions"


@pytest.fixture(scope="module")
def pack():
    loaded, problems = load_pack(PACK)
    assert loaded is not None and problems == []
    return loaded


def duel(pack, **options) -> DuelState:
    return PACKAGE.new_game(pack, GameConfig(mode="duel", options=tuple(sorted(options.items())))).new_initial_state()


def play_until(state: DuelState, step: str, rng: random.Random, actions: dict | None = None) -> DuelState:
    """Play (chance by ``rng``, decisions by ``actions`` or the first option) until ``step`` waits."""
    for _ in range(2000):
        if state.is_terminal() or (state.pending and state.pending[0] == step):
            return state
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            wanted = (actions or {}).get(state.pending[0])
            state.apply_action(wanted if wanted in legal else legal[0])
    raise AssertionError(f"{step} never came up")


# --- dice ----------------------------------------------------------------------------------------------------------
@pytest.mark.rules("dice-success", "command-check")
@pytest.mark.parametrize("colour", ["black", "blue", "red"])
def test_two_dice_give_at_least_one_success_three_times_in_four(pack, colour: str) -> None:
    pool = DiceSet.of_pack(pack).pool({colour: 2}, target=4)
    assert 1 - distribution_exact(pool)[0] == Fraction(3, 4)


# --- morale --------------------------------------------------------------------------------------------------------
@pytest.mark.rules("morale-shaken", "morale-routed")
def test_markers_shake_then_rout_at_three_and_never_pile_up() -> None:
    assert [morale.state_of(n) for n in range(4)] == ["in good order", "shaken", "shaken", "routed"]
    assert morale.failed(2) == 3 and morale.failed(3) == 3
    assert (morale.may_shoot(2), morale.may_shoot(3)) == (True, False)
    assert (morale.shoots_rushed(0), morale.shoots_rushed(1)) == (False, True)
    assert (morale.melee_target(0), morale.melee_target(1)) == (4, 5)


@pytest.mark.rules("end-restore-order", "order-snap-out")
def test_restoring_order_removes_one_marker_and_one_per_extra_success() -> None:
    check = morale.Check((("blue", 2),), 1)
    assert [morale.restored(3, check, n) for n in range(4)] == [3, 2, 1, 0]
    assert morale.rallied(3, 1) == 1 and morale.snapped(2, 1) == 1 and morale.snapped(1, 3) == 0


@pytest.mark.rules("morale-modifiers", "condition-weary", "dice-halving", "mar-override")
def test_morale_dice_below_half_with_an_officer_inspired_and_weary() -> None:
    assert morale.morale_check("blue", 7, 4).dice == (("blue", 2),)  # half of 7 is 4: not below
    assert morale.morale_check("blue", 7, 3).dice == (("blue", 1),)
    assert morale.morale_check("blue", 7, 3, steadfast=True).dice == (("blue", 2),)
    full = morale.morale_check("red", 6, 6, officer="red", inspiring=True, weary=True, triggers=2)
    assert full.dice == (("red", 4),) and full.needed == 3


@pytest.mark.rules("morale-triggers")
def test_a_shaken_section_charged_takes_a_check(pack) -> None:
    state = duel(pack, range=6)
    state = play_until(state, "act", random.Random(1))
    p = state.pending[1]
    state.sides[1 - p].markers = 1
    state.refresh()
    assert "charge" in state.legal_actions()
    state.apply_action("charge")
    if state.pending[0] == "bolster":
        state.apply_action(0)
    assert state.pending[:3] == ("roll", "morale", 1 - p)


@pytest.mark.rules("command-bolster")
def test_command_points_bolster_a_morale_check_a_die_each(pack) -> None:
    state = duel(pack, range=6)
    state = play_until(state, "act", random.Random(1))
    p = state.pending[1]
    side = state.sides[1 - p]
    side.markers, side.cp, side.spent = 1, 5, {}
    state.refresh()
    state.apply_action("charge")
    assert state.pending == ("bolster", 1 - p, "morale")
    most = max(state.made_by(t) for t in side.troopers if state.profile(t).rank in ("officer", "nco"))
    assert state.legal_actions() == list(range(min(5, most) + 1))
    plain = morale_check(state, 1 - p).dice
    n = state.legal_actions()[-1]
    assert n >= 1
    state.apply_action(n)
    assert side.cp == 5 - n and sum(side.spent.values()) == n
    pool, _, _ = state.asked[("morale", 1 - p)]
    colour = state.colour(side)
    assert dict(pool)[colour] == dict(plain).get(colour, 0) + n
    assert ("bolster", 1 - p) not in state.last  # the dice are used once


def test_no_points_no_bolstering(pack) -> None:
    state = duel(pack, range=6)
    state = play_until(state, "act", random.Random(1))
    p = state.pending[1]
    state.sides[1 - p].markers, state.sides[1 - p].cp = 1, 0
    state.refresh()
    state.apply_action("charge")
    assert state.pending[:3] == ("roll", "morale", 1 - p)


# --- orders and Command Points -------------------------------------------------------------------------------------
@pytest.mark.rules("cp-generate", "pre-turn-shaken-cp", "cp-spend-limit", "nco-range")
def test_the_pool_and_each_commanders_cap() -> None:
    assert orders.pool_at_start([3, 1], shaken=2, led=True) == 2
    assert orders.pool_at_start([3, 1], shaken=2, led=False) == 4
    sergeant = orders.Commander("sergeant", made=1, nco=True)
    assert orders.may_spend(sergeant, pool=5, amount=1, own_section=True) is None
    assert "made 1" in str(orders.may_spend(sergeant, pool=5, amount=2, own_section=True))
    assert "cannot reach" in str(orders.may_spend(sergeant, pool=5, amount=1, own_section=False))
    assert "pool holds 1" in str(orders.may_spend(orders.Commander("captain", 3), pool=1, amount=3, own_section=True))


@pytest.mark.rules("order-rally", "order-snap-out", "order-focus-fire")
def test_what_each_order_costs_and_who_may_take_it() -> None:
    rally, snap = orders.ORDERS["rally"], orders.ORDERS["snap-out"]
    assert (rally.cost_for("regular"), rally.needed, snap.cost_for("militia"), snap.needed) == (3, 1, 1, 1)
    assert orders.ORDERS["with-me"].cost_for("militia") == 3 and orders.ORDERS["focus-fire"].needed == 3
    assert orders.may_order(rally, markers=3) is None
    assert orders.may_order(orders.ORDERS["focus-fire"], markers=3) == "a Routed section takes no order but Rally"
    assert orders.may_order(snap, markers=0) is not None and orders.may_order(snap, markers=2) is None


# --- cards ---------------------------------------------------------------------------------------------------------
@pytest.mark.rules("tac-hand-size", "tac-one-per-section", "tac-one-per-activation", "tac-cost")
def test_hands_and_the_limits_on_playing(pack) -> None:
    assert (tacs.hand_size(1250), tacs.hand_size(999), tacs.hand_size(4000)) == (5, 3, 10)
    card = tacs.cards(pack)["take-aim"]
    assert tacs.why_not(card, "shooting", 2, False, False) is None
    assert tacs.why_not(card, "command", 2, False, False)[1] == "tac-anatomy"
    assert tacs.why_not(card, "shooting", 2, False, True)[1] == "tac-one-per-activation"
    assert tacs.why_not(card, "shooting", 2, True, False)[1] == "tac-one-per-section"
    assert tacs.why_not(card, "shooting", 1, False, False)[1] == "tac-cost"


@pytest.mark.rules("tac-hand-size")
def test_each_side_holds_a_hand_from_its_starter_deck(pack) -> None:
    state = duel(pack)
    assert [len(side.hand) for side in state.sides] == [5, 5]


# --- the turn ------------------------------------------------------------------------------------------------------
@pytest.mark.rules("turn-sequence", "activation-alternate", "melee-when", "end-clean-up", "model-states")
def test_a_turn_runs_initiative_activations_melee_and_the_end(pack) -> None:
    state = duel(pack, range=8)
    rng = random.Random(5)
    seen: list[str] = []
    for _ in range(400):
        if state.is_terminal() or state.turn > 1:
            break
        step = state.pending[0]
        if step == "roll":
            seen.append(state.pending[1])
            state.apply_action(state.sample_chance(rng))
        else:
            if step == "act":
                seen.append(f"act {state.pending[1]}")
            legal = state.legal_actions()
            state.apply_action("fire" if "fire" in legal else legal[0])
    acts = [s for s in seen if s.startswith("act")]
    assert seen[:2] == ["initiative", "initiative"] and len(acts) == 2 and acts[0] != acts[1]
    assert state.turn == 2 and all(side.spent == {} and not side.carded_by for side in state.sides)


@pytest.mark.rules("move-charge", "melee-strike-first")
def test_charges_reach_twice_the_move_and_ironclads_never_charge(pack) -> None:  # charged: test_ironclad_melee
    state = duel(pack, range=13)
    assert may_charge(state, 0) is not None and "13 inches" in str(may_charge(state, 0))
    assert may_charge(duel(pack, range=12), 0) is None
    tanks = duel(pack, sections=("kob-line-infantry", "pru-kettenkarre-section"), range=4)
    assert may_charge(tanks, 0) is None and "Ironclad" in str(may_charge(tanks, 1))
    hahl = duel(pack, sections=("kob-line-infantry", "pru-van-hahl-section"), range=4)
    assert strikes_first(hahl, 1) and not strikes_first(hahl, 0)


@pytest.mark.rules("shoot-quality", "shoot-targets", "morale-shaken")
def test_shot_quality_and_who_may_fire(pack) -> None:
    state = duel(pack, range=12)
    assert shooting.quality(state, 0, "regular") == "regular"
    assert shooting.quality(state, 0, "placed") == "placed"
    state.sides[0].markers = 1
    assert shooting.quality(state, 0, "regular") == "rushed" and shooting.quality(state, 0, "placed") == "regular"
    state.sides[0].markers = 3
    assert shooting.may_fire(state, 0) == "a Routed section does not shoot"
    assert shooting.may_fire(duel(pack, range=40), 0) == "no weapon of the section reaches the target"


@pytest.mark.rules("shoot-range", "weapon-profile")
def test_long_range_throws_the_long_range_dice(pack) -> None:
    assert shooting.attack_dice(duel(pack, range=12), 0) == {"black": 16}
    assert shooting.attack_dice(duel(pack, range=13), 0) == {"black": 8}


@pytest.mark.rules("morale-check")
def test_a_morale_check_is_two_dice_of_the_quality_colour(pack) -> None:
    state = duel(pack, sections=("kob-volunteers", "pru-teutonic-knights"))
    assert morale_check(state, 0).dice == (("black", 2),) and morale_check(state, 1).dice == (("red", 2),)


# --- the scenario generator and Battle Log Points ------------------------------------------------------------------
@pytest.mark.rules("scenario-paths", "scenario-default")
def test_paths_start_at_d3_less_one_and_points_move_them_round(pack) -> None:
    assert generator.starting_rows([1, 3, 2]) == (0, 2, 1)
    assert generator.spend((0, 2, 3), ["condition", "mission", "mission", "deployment"]) == (1, 0, 0)
    assert generator.scenario(pack).names == ("advancing-lines", "centre-ground", "no-condition")
    with pytest.raises(ValueError):
        generator.spend((0, 0, 0), ["terrain"])


@pytest.mark.rules("end-blp-casualties", "end-victory")
def test_battle_log_points(pack) -> None:
    assert [generator.blp_target(pack, v) for v in (1000, 1250, 3000, 5000)] == [10, 20, 30, 50]
    assert [generator.blp_for_section(pack, v) for v in (150, 151, 350, 351)] == [1, 2, 3, 4]
    assert generator.blp_for_section(pack, 400, routed=True) == 1
    assert (generator.winner((20, 12), 20), generator.winner((20, 21), 20), generator.winner((3, 4), 20)) == (
        0,
        None,
        None,
    )


@pytest.mark.rules("shoot-hit-the-deck", "morale-modifiers")
def test_getting_up_to_charge_shakes_and_suppression_asks_one_success_more(pack) -> None:
    from pnpforge.games.dystopian_legions.melee import charge

    state = duel(pack, range=6)
    state.sides[0].deck = True
    charge(state, 0)
    state.run()
    assert (state.sides[0].deck, state.sides[0].markers, state.sides[1].engaged) == (False, 1, True)
    assert morale_check(state, 1, suppressed=True).needed == 2 and morale_check(state, 1).needed == 1


@pytest.mark.rules("command-bolster", "end-restore-order")
def test_points_bolster_a_restore_order_check(pack) -> None:
    state = play_until(duel(pack, range=6), "act", random.Random(1))
    side = state.sides[0]
    side.markers, side.cp, side.spent = 1, 5, {}
    state.pending, state.agenda = None, []
    state.push(("end",))
    state.run()
    assert state.pending == ("bolster", 0, "restore")
