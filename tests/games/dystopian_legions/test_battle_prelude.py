"""Before a battle's first turn: the Strategic Advantage as an opposed check of the Senior Commanding Officers, the
Tactical Advantage's die in the first Initiative, the hands chosen from the decks (greedy by worth) or dealt blind,
and the search bot's guess at a hidden hand."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pnpforge.engine.contract import GameConfig
from pnpforge.games.dystopian_legions import PACKAGE, deployment
from pnpforge.games.dystopian_legions.battle import BattleState
from pnpforge.games.dystopian_legions.battle_bots import battle_greedy
from pnpforge.games.dystopian_legions.bots import determinize
from pnpforge.games.dystopian_legions.hands import hand_of, worth

from tests.conftest import REPO
from tests.helpers import shipped_pack

PACK = REPO / "content" / "dystopian-legions"


def start(**options: object) -> BattleState:
    config = GameConfig(mode="battle", options=tuple(sorted({"scenario": (0, 0, 0), **options}.items())))
    s = PACKAGE.new_game(shipped_pack(PACK), config).new_initial_state()
    assert isinstance(s, BattleState)
    return s


def until(s: BattleState, step: str, chances: list | None = None, seed: int = 1) -> BattleState:
    """Play chance by the listed outcomes (then the seed) and decisions by the greedy bot, until ``step`` waits."""
    rng, told = random.Random(seed), list(chances or [])
    bots = [battle_greedy(s.game, p, rng) for p in (0, 1)]
    while s.pending is not None and s.pending[0] != step:
        if s.is_chance_node():
            s.apply_action(told.pop(0) if told else s.sample_chance(rng))
        else:
            s.apply_action(bots[s.current_player()].choose(s, s.current_player(), rng))
    return s


@pytest.mark.rules("setup-advantage", "command-opposed", "command-check")
def test_the_strategic_advantage_is_an_opposed_check_thrown_again_on_a_tie() -> None:
    s = start()
    assert s.pending == ("roll", "advantage", 0)
    first = [s.asked[("advantage", p)][0] for p in (0, 1)]
    assert all(sum(n for _, n in pool) == 2 for pool in first)  # two dice in the senior officer's colour
    s.apply_action(1)
    s.apply_action(1)  # a tie: thrown again
    assert s.pending == ("roll", "advantage", 0)
    s.apply_action(0)
    s.apply_action(2)
    assert s.advantage == 1 and "prussia holds the Strategic Advantage (2 to 0)" in [e.text for e in s.log]


@pytest.mark.rules("setup-tactical-advantage", "initiative")
@pytest.mark.parametrize("winner", [0, 1])
def test_the_tactical_advantage_adds_a_black_die_to_the_first_initiative(winner: int) -> None:
    s = until(start(), "roll", [])
    s.apply_action(2 if winner == 0 else 0)
    s.apply_action(0 if winner == 0 else 2)
    s = until(s, "b-choose")
    first = [r for r in s.record if r["throw"] == "initiative"][:2]
    loser = 1 - winner
    assert first[loser]["pool"].get("black", 0) == first[winner]["pool"].get("black", 0) + 1


@pytest.mark.rules("setup-hand", "tac-hand-choice", "tac-hand-size")
def test_each_hand_is_chosen_from_the_deck_greedy_by_worth() -> None:
    s = until(start(), "b-pick")
    assert s.pending == ("b-pick", 0) and hand_of(s, 0) == [] and hand_of(s, 1) == []
    deck = list(s.game.decks[0])
    assert s.legal_actions() == deck  # every card of the deck may be taken
    s = until(s, "b-choose")
    for p in (0, 1):
        hand = hand_of(s, p)
        assert len(hand) == 2 and len(set(hand)) == 2  # one card per full 250 points
        best = sorted(s.game.decks[p], key=lambda c: (-worth(s.game.cards[c]), s.game.decks[p].index(c)))[:2]
        assert hand == best
    assert s.observation(0)[1] == (tuple(sorted(hand_of(s, 0))), 2)  # the other hand shows its size only


@pytest.mark.rules("tac-hand-choice")
def test_worth_counts_dice_per_command_point() -> None:
    cards = start().game.cards
    assert worth(cards["thin-red-line"]) == Fraction(3, cards["thin-red-line"].cp)
    assert worth(cards["macdonalds-charge"]) == Fraction(4 + 3, cards["macdonalds-charge"].cp)


@pytest.mark.rules("tac-play-blind")
def test_play_blind_deals_each_hand_at_random() -> None:
    s = until(start(play_blind=True), "b-deal")
    assert s.is_chance_node() and s.pending == ("b-deal", 0)
    outcomes = s.chance_outcomes()
    assert [c for c, _ in outcomes] == list(s.game.decks[0]) and len({p for _, p in outcomes}) == 1
    hands = set()
    for seed in range(6):
        done = until(start(play_blind=True), "b-choose", seed=seed)
        dealt = [*hand_of(done, 0), *done.units[done.first_of(0)].side.graveyard]  # a Pre-Turn card may be played
        hands.add(tuple(sorted(dealt)))
        assert len(dealt) == 2
    assert len(hands) > 1


def test_the_search_bot_guesses_the_hidden_hand_from_the_deck() -> None:
    s = until(start(), "b-choose")
    mine, theirs = list(hand_of(s, 0)), list(hand_of(s, 1))
    guesses = {tuple(hand_of(determinize(s, 0, random.Random(n)), 1)) for n in range(8)}  # type: ignore[arg-type]
    assert hand_of(s, 1) == theirs and all(len(g) == 2 and set(g) <= set(s.game.decks[1]) for g in guesses)
    assert len(guesses) > 1 and hand_of(determinize(s, 0, random.Random(0)), 0) == mine  # type: ignore[arg-type]


@pytest.mark.rules("setup-strategic-advantage", "scenario-paths")
@pytest.mark.parametrize("winner", [0, 1])
def test_the_strategic_advantage_spends_the_first_scenario_point(winner: int) -> None:
    config = GameConfig(mode="battle")
    s = PACKAGE.new_game(shipped_pack(PACK), config).new_initial_state()
    s.apply_action(2 if winner == 0 else 0)
    s.apply_action(0 if winner == 0 else 2)
    s = until(s, "b-spend")
    assert s.advantage == winner and s.pending == ("b-spend", winner)


# --- bolstering a battle's checks ----------------------------------------------------------------------------------
def led_unit(s: BattleState, p: int) -> int:
    """A section of player ``p`` with an officer or NCO who makes Command Points."""
    return next(
        u.spec.index
        for u in s.live(p)
        if any(s.profile(t).rank in ("officer", "nco") and s.made_by(t) >= 2 for t in u.side.troopers)
    )


@pytest.mark.rules("command-bolster", "end-restore-order")
def test_points_bolster_a_battles_restore_order_check() -> None:
    s = until(start(), "b-choose")
    i = led_unit(s, 0)
    s.units[i].side.markers = 1
    s.sides[0].cp = s.pool[0] = 2
    s.push(("b-restore", i))
    s.run()
    assert s.pending == ("bolster", 0, "restore") and s.legal_actions() == [0, 1, 2]
    plain = s.clone()
    plain.apply_action(0)
    s.apply_action(2)
    assert s.pending == plain.pending == ("roll", "restore", 0)
    dice = [sum(n for _, n in state.asked[("restore", 0)][0]) for state in (s, plain)]
    assert dice[0] == dice[1] + 2 and s.sides[0].cp == 0


@pytest.mark.rules("command-bolster", "order-issue", "order-snap-out")
def test_points_bolster_a_battles_order_check() -> None:
    s = until(start(), "b-choose")
    i = led_unit(s, 0)
    s.units[i].side.markers = 1
    s.pair(i, s.nearest_enemy(i))
    s.sides[0].cp = s.pool[0] = 3
    s.push(("b-order", 0, i))
    s.run()
    assert "snap-out" in s.legal_actions()
    s.apply_action("snap-out")  # one point, one left to bolster with
    assert s.pending == ("bolster", 0, "command")
    s.apply_action(1)
    assert s.pending == ("roll", "command", 0)
    assert sum(n for _, n in s.asked[("command", 0)][0]) == s.game.check_dice + 1


# --- the Pre-Turn cards, face down -----------------------------------------------------------------------------------
def pre_turn(cards: tuple[str, str], points: int = 3) -> BattleState:
    """A battle at its first activation, each hand holding one Pre-Turn card, the pools at ``points``, and the
    Pre-Turn card step about to start (as ``turn-start`` pushes it)."""
    s = until(start(), "b-choose")
    for p in (0, 1):
        hand_of(s, p)[:] = [cards[p]]
        s.sides[p].cp = s.pool[p] = points
    s.push(
        ("b-card-view", 0),
        ("b-lay", 0),
        ("b-card-view", 1),
        ("b-lay", 1),
        ("b-reveal-order", s.advantage),
        ("b-reveals",),
    )
    s.run()
    return s


@pytest.mark.rules("pre-turn-cards", "tac-one-per-activation")
def test_pre_turn_cards_are_laid_face_down_and_turned_over_in_the_advantages_order() -> None:
    cards = ("runner-from-hq", "sappers-surprise")
    s = pre_turn(cards)
    assert s.pending == ("b-lay", 0) and s.legal_actions() == ["pass", cards[0]]
    s.apply_action(cards[0])
    assert s.pending == ("b-lay", 1)
    assert cards[0] not in str(s.observation(1)) and cards[0] in str(s.observation(0))  # laid face down
    s.apply_action(cards[1])
    sa = s.advantage
    assert s.pending == ("b-reveal-order", sa) and s.legal_actions() == [sa, 1 - sa]
    s.apply_action(1 - sa)  # the Strategic Advantage lets the other card be turned over first
    rng = random.Random(0)
    while s.pending is not None and s.pending[0] != "b-choose":
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    played = [e.text for e in s.log if " plays " in e.text]
    assert played == [f"{s.game.players[q]} plays {cards[q]}" for q in (1 - sa, sa)]


@pytest.mark.rules("pre-turn-cards", "tac-no-retract", "tac-cost")
def test_a_card_that_cannot_be_paid_when_turned_over_goes_back_to_the_hand() -> None:
    s = pre_turn(("runner-from-hq", "sappers-surprise"))
    s.apply_action("runner-from-hq")
    for side in s.sides:  # the pool spent before the card is turned over
        side.cp = 0
    s.pool = [0, 0]
    s.apply_action("pass")
    while s.pending is not None and s.pending[0] != "b-choose":
        s.apply_action(s.legal_actions()[0])
    assert hand_of(s, 0) == ["runner-from-hq"] and s.units[s.first_of(0)].side.graveyard == []
    assert any("back to the hand" in e.text for e in s.log)


# --- the Order of March --------------------------------------------------------------------------------------------
@pytest.mark.rules("order-of-march", "activation-alternate")
def test_an_order_of_march_fixes_which_section_activates_next() -> None:
    s = until(start(order_of_march=True), "b-march-pick")
    assert s.pending == ("b-march-pick", 0)
    mine = s.legal_actions()
    assert mine == [u.spec.index for u in s.live(0)]
    for i in reversed(mine):  # the list, last section first (the last place fills itself)
        if s.pending == ("b-march-pick", 0):
            s.apply_action(i)
    assert s.pending == ("b-march-pick", 1)
    assert str(tuple(reversed(mine))) not in str(s.observation(1))  # the other list is secret
    s = until(s, "roll")  # the first Initiative (a single choice of section is made without asking)
    assert s.pending == ("roll", "initiative", 0)
    activated: list[int] = []
    rng = random.Random(2)
    while s.pending is not None and s.turn == 1:
        if s.pending[:2] == ("b-choose", 0):
            assert len(s.legal_actions()) == 1  # no choice: the first Ready section of the list
        activated += [
            u.spec.index for u in s.units if u.spec.player == 0 and u.side.activated and u.spec.index not in activated
        ]
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    assert len(activated) >= 2 and activated == [i for i in reversed(mine) if i in activated]


def test_without_the_option_a_player_chooses_among_its_ready_sections() -> None:
    s = until(start(), "b-choose")
    assert s.pending[0] == "b-choose" and len(s.legal_actions()) > 1 and s.march == {}


@pytest.mark.rules("setup-strategic-advantage", "deploy-oblique")
@pytest.mark.parametrize("holder", [0, 1])
@pytest.mark.parametrize("choice", [0, 1])
def test_the_strategic_advantage_chooses_the_zone_it_sets_up_in_from_either_seat(holder: int, choice: int) -> None:
    s = until(start(scenario=(1, 1, 0)), "roll")
    s.apply_action(2 if holder == 0 else 0)
    s.apply_action(0 if holder == 0 else 2)
    s = until(s, "b-zone")
    assert s.pending == ("b-zone", holder) and s.legal_actions() == [("zone", 0), ("zone", 1)]
    s.apply_action(("zone", choice))
    table = s.game.setup.table
    sets = deployment.zones("oblique-contact", table.width, table.height)
    assert s.zones[holder] == sets[choice] and s.zones[1 - holder] == sets[1 - choice]
    assert s.bottom == (holder if choice == 0 else 1 - holder)
    name = s.game.players[holder]
    assert f"{name} chooses the {('bottom-left', 'top-right')[choice]} deployment zone" in [e.text for e in s.log]
    s = until(s, "b-choose")
    for unit in s.units:
        assert unit.block is not None
        assert any(
            deployment.inside(zone, unit.block) for zone in sets[choice if unit.spec.player == holder else 1 - choice]
        )
        assert unit.block.heading == (2 if (unit.spec.player == holder) == (choice == 0) else 6)  # facing the enemy


@pytest.mark.rules("setup-strategic-advantage", "deploy-surprise")
def test_in_a_surprise_attack_the_holder_attacks_from_the_edge_it_chooses() -> None:
    s = until(start(scenario=(3, 2, 0)), "b-zone")
    holder = s.advantage
    s.apply_action(("zone", 1))
    assert len(s.zones[holder]) == 1 and len(s.zones[1 - holder]) == 2  # the defender's strip is split
    assert s.zones[holder][0][3] == s.game.setup.table.height  # the top edge


@pytest.mark.rules("setup-strategic-advantage", "mission-vital-objective")
def test_the_greedy_bot_takes_the_zones_nearer_the_objective() -> None:
    w = 48 * 254
    assert deployment.nearer("oblique-contact", w, w, [(18 * 254, w // 2)]) == 0  # left of the centre
    assert deployment.nearer("oblique-contact", w, w, [(30 * 254, w // 2)]) == 1
    assert deployment.nearer("oblique-contact", w, w, []) == 0  # no marker: the first set
    assert deployment.nearer("advancing-lines", w, w, [(30 * 254, w // 2)]) == 0  # as near: the first set
    assert deployment.nearer("advancing-lines", w, w, [(30 * 254, w // 2 + 254)]) == 1
    for table, want in (("farmstead", 0), ("crossroads", 0)):
        s = until(start(scenario=(1, 1, 0), table=table), "b-zone")
        assert s.objectives[0][0] < s.game.setup.table.width // 2  # the marker moved off the house to the left
        bot = battle_greedy(s.game, s.advantage, random.Random(1))
        assert bot.choose(s, s.advantage, random.Random(1)) == ("zone", want)
        s.apply_action(("zone", want))
        s = until(s, "b-choose")
        assert (
            s.zones[s.advantage]
            == deployment.zones("oblique-contact", s.game.setup.table.width, s.game.setup.table.height)[0]
        )
