"""Set-up, the round's set-up and phases, recruitment and equipment, the round's end and the end of the game."""

from __future__ import annotations

from collections import Counter

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story import resolution
from pnpforge.games.legion_siberian_story.game import make_game

from tests.games.legion_siberian_story.helpers import data, rules, run_until, setup_game


@rules("setup-faction-deck", "setup-commander-and-orders", "setup-supplies", "setup-officer-and-hand",
       "setup-location-deck", "setup-plot-deck", "setup-transparent-pool", "setup-decorations",
       "setup-graveyard-and-round-card")
def test_set_up_gives_each_player_a_commander_tokens_a_supply_and_a_hand_of_five():
    state = setup_game(3)
    for p in range(3):
        faction = state.factions[p]
        cards = data().faction_characters(faction)
        assert len(cards) == 15
        commander = state.commander[p]
        unique = set(data().commanders[commander][1])
        assert Counter(state.available[p]) == Counter(
            [o for o in data().tokens[faction] if data().orders[o].universal or o in unique])
        assert len(state.available[p]) == 6  # +2, RETREAT!, TRANSFER!, blank and the commander's two
        assert state.supplies[p] == 1
        assert len(state.hand[p]) == 5 and state.officer[p] in state.hand[p]
        assert len(state.bottom[p]) == 2 and len(state.deck[p]) == 7
        assert len(state.boxed[p]) == 1 and data().characters[state.boxed[p][0]].officer
        assert state.vp[p] == 0 and state.graveyard[p] == []
    assert len(state.location_deck) == 15 and len(state.plot_deck) == 24
    assert state.pool == {o.id: o.qty for o in data().overlays.values()}
    assert state.round == 1


@rules("setup-starting-player")
def test_the_starting_player_is_drawn_at_random():
    state = make_game(data(), 4).new_initial_state()
    assert state.is_chance_node()
    assert [a for a, _ in state.chance_outcomes()] == [("first_player", p) for p in range(4)]
    state.apply_action(("first_player", 2))
    assert state.start == 2


@rules("round-setup-location", "round-setup-plots-2p", "round-setup-plots-3p-4p")
def test_each_round_turns_up_a_location_and_plots_by_player_count():
    for players, plots in ((2, 3), (3, 4), (4, 4)):
        state = run_until(setup_game(players), "shop")
        assert state.location is not None and len(state.plots) == plots


@rules("recruit-refill-hand", "recruit-buy-character")
def test_the_hand_is_refilled_to_five_and_a_character_costs_three():
    state = setup_game(2)
    state = run_until(state, "shop")
    assert all(len(state.hand[p]) >= 5 for p in range(2))
    player = state.pending[1]
    state.supplies[player] = 3
    state.refresh()
    assert ("recruit",) in state.legal_actions()
    state.apply_action(("recruit",))
    assert state.is_chance_node() and state.supplies[player] == 0
    state.apply_action(state.legal_actions()[0])
    assert len(state.hand[player]) == 6  # beyond five when bought


@rules("recruit-buy-equipment", "recruit-one-per-type", "recruit-phase-end", "equipment-sabre",
       "equipment-medical-kit", "equipment-coat", "enhancement-perfect-aim", "enhancement-medal",
       "enhancement-encryption")
def test_equipment_costs_one_and_only_one_of_each_kind_a_round():
    state = run_until(setup_game(2), "shop")
    player = state.pending[1]
    state.supplies[player] = 5
    state.refresh()
    target = next(c for c in sorted(state.hand[player]) if "assault" not in ch.abilities(state, c))
    state.apply_action(("equip", "sabre", target))
    assert "assault" in ch.abilities(state, target) and state.supplies[player] == 4
    assert not any(a[0] == "equip" and a[1] == "sabre" for a in state.legal_actions())
    state.apply_action(("equip", "coat", target))
    assert ch.has_effect(state, target, "frost_protection")
    missing = next(s for s in ("combat", "charisma", "intelligence") if s not in ch.skills(state, target))
    card = {"combat": "perfect-aim", "charisma": "medal", "intelligence": "encryption"}[missing]
    state.apply_action(("equip", card, target))
    assert missing in ch.skills(state, target)
    other = next(c for c in sorted(state.hand[player]) if "first_aid" not in ch.abilities(state, c))
    state.apply_action(("equip", "medical-kit", other))
    assert "first_aid" in ch.abilities(state, other)
    state.apply_action(("done",))
    assert state.pending[:2] != ("shop", player)


@rules("recruit-no-duplicates")
def test_no_skill_or_ability_twice():
    state = run_until(setup_game(2), "shop")
    player = state.pending[1]
    state.supplies[player] = 5
    state.refresh()
    for c in state.hand[player]:
        for action in state.legal_actions():
            if action[0] == "equip" and action[2] == c:
                card = data().overlays[action[1]]
                skill = card.effect("add_skill")
                ability = card.effect("add_ability")
                assert not skill or skill["skill"] not in ch.skills(state, c)
                assert not ability or ability["ability"] not in ch.abilities(state, c)


@rules("recruit-restore-order", "orders-used-tokens")
def test_a_used_token_comes_back_for_two_supplies():
    state = run_until(setup_game(2), "shop")
    player = state.pending[1]
    state.available[player].remove("transfer")
    state.used[player].append(("transfer", True))
    state.supplies[player] = 2
    state.refresh()
    state.apply_action(("restore", "transfer"))
    assert "transfer" in state.available[player] and state.supplies[player] == 0


@rules("crippled-card")
def test_buying_the_enhancement_of_a_crippled_position_cures_it():
    state = run_until(setup_game(2), "shop")
    player = state.pending[1]
    c = next(c for c in sorted(state.hand[player]) if "combat" in data().characters[c].skills)
    state.fighter(c).crippled = ("combat",)
    state.refresh()
    state.pool["crippled-combat"] -= 1
    state.refresh()
    assert "combat" not in ch.skills(state, c)
    state.supplies[player] = 1
    state.refresh()
    state.apply_action(("equip", "perfect-aim", c))
    assert "combat" in ch.skills(state, c) and state.fighter(c).crippled == ()
    assert state.pool["crippled-combat"] == 8


def finish_round(state):
    round_ = state.round
    while not state.over and state.round == round_:
        state.apply_action(state.legal_actions()[0])
    return state


@rules("round-end-return", "round-end-starting-player", "plot-survivors-stay")
def test_survivors_return_to_the_hand_and_the_start_moves_clockwise():
    state = run_until(setup_game(3, start=2), "march")
    assert state.start == 2
    march = state.pending[1]
    send = next(a for a in state.legal_actions() if a[0] == "send")
    state.apply_action(send)
    c = send[1]
    finish_round(state)
    owner = state.owner(c)
    assert c in state.hand[owner] or c in state.graveyard[owner]
    assert state.start == 0 and state.round == 2
    assert march == 2


@rules("game-length")
def test_the_game_lasts_four_rounds():
    state = setup_game(2)
    while not state.over:
        state.apply_action(state.legal_actions()[0])
    assert state.round == 4


@rules("end-scoring", "end-tie-supplies", "end-tie-deaths", "end-tie-shared")
def test_end_scoring_and_tie_breaks():
    state = setup_game(3)
    state.vp = [10, 10, 9]
    state.graveyard = [["a"], [], []]
    state.supplies = [0, 0, 5]
    state.refresh()
    resolution.game_end(state)
    assert resolution.final_scores(state) == [9, 10, 9] and state.returns() == [0.0, 1.0, 0.0]
    state.vp, state.graveyard, state.supplies = [8, 8, 1], [[], [], []], [3, 1, 0]
    resolution.game_end(state)
    assert state.returns() == [1.0, 0.0, 0.0]
    state.vp, state.graveyard, state.supplies = [8, 8, 1], [[], ["a"], []], [3, 3, 0]
    state.vp[1] = 9  # 9 - 1 dead = 8
    resolution.game_end(state)
    assert state.returns() == [1.0, 0.0, 0.0]
    state.vp, state.graveyard, state.supplies = [8, 8, 1], [[], [], []], [3, 3, 0]
    resolution.game_end(state)
    assert state.returns() == [0.5, 0.5, 0.0]
