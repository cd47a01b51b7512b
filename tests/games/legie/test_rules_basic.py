"""The basic game's rules, one position each, written from the rulebook (legie-rules-de, Basisspiel and units)."""

from __future__ import annotations

import pytest

from pnpforge.engine.api import TERMINAL
from pnpforge.games.legie.state import CHOOSE_FLAG, CHOOSE_TARGET, FLAG, PASS, PLACE, TARGET

from tests.games.legie.helpers import can_lay, flag_at, held, lay, make_game, place, position, units


@pytest.fixture
def game(rules):
    return make_game(rules, "basic")


@pytest.mark.rules("components-armies")
def test_each_army_starts_with_its_ten_tiles_in_hand(game) -> None:
    state = game.new_initial_state()
    expected = {"warrior": 2, "knight": 2, "scout": 1, "general": 1, "tower": 1, "catapult": 1, "archer": 1, "king": 1}
    for player in ("black", "white"):
        assert {kind: held(state, player, kind) for kind in expected} == expected
    assert units(state) == {}


@pytest.mark.rules("turn-black-first", "turn-place-one")
def test_black_lays_first_and_the_players_alternate(game) -> None:
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert len(state.legal_actions()) == 8 * 36  # every kind on every empty square
    lay(state, "warrior", "a1")
    assert state.current_player() == 1
    assert not can_lay(state, "warrior", "a1")  # the square is taken
    lay(state, "knight", "f6")
    assert state.current_player() == 0
    assert units(state) == {"a1": "black warrior", "f6": "white knight"}


@pytest.mark.rules("turn-place-one")
def test_a_kind_with_every_tile_on_the_board_cannot_be_laid(game) -> None:
    state = position(game, {"a1": "black king", "a2": "white warrior"})
    assert not can_lay(state, "king", "c3")
    assert can_lay(state, "knight", "c3")
    with pytest.raises(ValueError):
        lay(state, "king", "c3")


@pytest.mark.rules("unit-strength", "unit-defence", "melee-greater")
def test_a_warrior_alone_cannot_beat_a_warrior(game) -> None:
    state = position(game, {"b2": "white warrior"})
    lay(state, "warrior", "b3")  # strength 1 against defence 2
    assert units(state)["b2"] == "white warrior"


@pytest.mark.rules("unit-strength", "unit-defence", "melee-greater")
def test_strength_equal_to_defence_is_not_enough_but_one_more_is(game) -> None:
    state = position(game, {"b2": "white warrior", "e2": "white archer"})
    lay(state, "knight", "b3")  # 2 against 2: stays
    assert "b2" in units(state)
    lay(state, "warrior", "a6")
    lay(state, "warrior", "e3")  # 1 against the Archer's defence 1: stays
    assert "e2" in units(state)
    lay(state, "scout", "a5")
    lay(state, "knight", "e1")  # 2 against 1: falls
    assert "e2" not in units(state)


@pytest.mark.rules("melee-adjacent", "melee-support", "flag-marks-removal")
def test_the_rulebook_knight_example(game) -> None:
    state = position(game, {"b3": "white warrior", "c4": "white warrior", "d2": "white knight",
                            "c5": "black knight"})
    lay(state, "knight", "c3")
    assert units(state) == {"b3": "white warrior", "c3": "black knight", "c5": "black knight",
                            "d2": "white knight"}
    assert flag_at(state) == "c4"


@pytest.mark.rules("melee-adjacent")
def test_corner_neighbours_are_never_attacked(game) -> None:
    state = position(game, {"b2": "white archer", "d2": "white warrior", "b4": "white warrior", "d4": "white knight"})
    lay(state, "general", "c3")  # four enemies at the corners, none at an edge
    assert len(units(state)) == 5


@pytest.mark.rules("melee-support")
def test_support_counts_only_units_at_the_defenders_edges(game) -> None:
    # The Knight at a3 touches the defender b2 only at a corner: no support; the Warrior at b1 shares an edge.
    state = position(game, {"b2": "white warrior", "a3": "black knight"})
    lay(state, "knight", "c2")
    assert "b2" in units(state)  # 2 against 2
    state = position(game, {"b2": "white warrior", "b1": "black warrior"})
    lay(state, "knight", "c2")
    assert "b2" not in units(state)  # 2 + 1 against 2


@pytest.mark.rules("melee-support", "immobile-stays")
def test_a_tower_supports_with_its_sword(game) -> None:
    state = position(game, {"b2": "white knight", "b1": "black tower"})
    lay(state, "knight", "b3")  # 2 + 1 against 2
    assert "b2" not in units(state)


@pytest.mark.rules("shield-defence")
def test_a_shield_adds_one_defence(game) -> None:
    state = position(game, {"b2": "white scout", "b1": "black warrior"})
    lay(state, "knight", "b3")  # 2 + 1 against 3: stays
    assert "b2" in units(state)
    lay(state, "warrior", "f6")
    lay(state, "general", "a2")  # 2 + 2 + 1 against 3
    assert "b2" not in units(state)


@pytest.mark.rules("immobile-stays")
def test_immobile_units_are_never_removed(game) -> None:
    state = position(game, {"b2": "white tower", "e5": "white catapult", "b1": "black knight", "a2": "black warrior",
                            "e4": "black knight"})
    lay(state, "general", "b3")  # 2 + 2 + 2 against a Tower
    lay(state, "warrior", "a6")
    lay(state, "king", "e6")  # the crown spares immobile units
    assert units(state)["b2"] == "white tower" and units(state)["e5"] == "white catapult"


@pytest.mark.rules("arrow-removes-one", "shield-arrow-proof", "immobile-stays")
def test_the_rulebook_archer_example(game) -> None:
    state = position(game, {"b5": "white tower", "d5": "white scout", "e2": "white warrior"})
    lay(state, "archer", "f6")  # the Warrior is the only target: shot at once
    assert state.phase == PLACE and "e2" not in units(state) and flag_at(state) == "e2"


@pytest.mark.rules("arrow-removes-one")
def test_an_arrow_reaches_anywhere_and_its_owner_chooses(game) -> None:
    state = position(game, {"a1": "white warrior", "f6": "white king", "c6": "white archer"})
    place(state, "catapult", "d3")
    assert state.phase == CHOOSE_TARGET
    assert sorted(state.legal_actions()) == [TARGET + 0, TARGET + 32, TARGET + 35]  # a1, c6, f6
    state.apply_action(TARGET + 35)
    assert "f6" not in units(state) and flag_at(state) == "f6"


@pytest.mark.rules("arrow-must-shoot")
def test_an_arrow_that_can_shoot_has_no_way_to_hold_fire(game) -> None:
    state = position(game, {"a1": "white warrior", "a2": "white warrior"})
    place(state, "archer", "f6")
    assert state.phase == CHOOSE_TARGET
    assert sorted(state.legal_actions()) == [TARGET + 0, TARGET + 6]


@pytest.mark.rules("arrow-must-shoot", "shield-arrow-proof")
def test_an_arrow_with_no_legal_target_does_nothing(game) -> None:
    state = position(game, {"a1": "white scout", "a2": "white general", "a3": "white tower"})
    lay(state, "archer", "f6")
    assert state.phase == PLACE and state.current_player() == 1
    assert len(units(state)) == 4 and flag_at(state) is None


@pytest.mark.rules("crown-clears-adjacent", "flag-choice")
def test_the_rulebook_king_example(game) -> None:
    state = position(game, {"b3": "white warrior", "c4": "white general", "d3": "white tower", "d4": "white scout"})
    place(state, "king", "c3")
    assert state.phase == CHOOSE_FLAG
    assert state.current_player() == 0  # the active player decides
    assert sorted(state.legal_actions()) == [FLAG + 13, FLAG + 20]  # b3 and c4
    state.apply_action(FLAG + 20)
    assert units(state) == {"c3": "black king", "d3": "white tower", "d4": "white scout"}
    assert flag_at(state) == "c4"


@pytest.mark.rules("removed-return-to-owner", "flag-marks-removal")
def test_the_rulebook_general_example_and_the_archer_returns_to_white(game) -> None:
    state = position(game, {"e4": "white archer"})
    assert held(state, "white", "archer") == 0
    lay(state, "general", "e3")
    assert "e4" not in units(state) and flag_at(state) == "e4"
    assert held(state, "white", "archer") == 1
    lay(state, "archer", "a1")  # laid again at once
    assert units(state)["a1"] == "white archer"


@pytest.mark.rules("flag-blocks-square", "flag-marks-removal")
def test_the_flag_blocks_its_square_and_moves_on_with_the_next_removal(game) -> None:
    state = position(game, {"e4": "white archer", "b2": "white warrior", "b1": "black warrior"})
    lay(state, "general", "e3")
    assert not can_lay(state, "knight", "e4")
    lay(state, "knight", "f1")
    lay(state, "knight", "c2")  # 2 + 1 against the Warrior at b2
    assert flag_at(state) == "b2"
    assert can_lay(state, "knight", "e4")  # free again once the Flag has moved on
    assert not can_lay(state, "warrior", "b2")


@pytest.mark.rules("flag-choice")
def test_a_melee_that_removes_two_units_lets_the_attacker_place_the_flag(game) -> None:
    state = position(game, {"b2": "white warrior", "d2": "white warrior", "b1": "black warrior", "d1": "black warrior"})
    lay(state, "knight", "c2", flag="d2")
    assert flag_at(state) == "d2" and "b2" not in units(state) and "d2" not in units(state)
    assert can_lay(state, "warrior", "b2")


@pytest.mark.rules("win-all-on-board")
def test_laying_the_last_unit_wins_at_the_end_of_ones_own_turn(game) -> None:
    black = {"a1": "black warrior", "a2": "black warrior", "a3": "black knight", "a4": "black knight",
             "a5": "black scout", "a6": "black general", "b1": "black tower", "b2": "black catapult",
             "b3": "black archer"}
    state = position(game, black, to_move="black")
    lay(state, "king", "f6")
    assert state.current_player() == TERMINAL and state.returns() == [1.0, 0.0]


@pytest.mark.rules("win-all-on-board")
def test_only_the_mover_is_checked(game) -> None:
    # White has every unit down but its Archer at the start; Black's turn ends without White winning.
    white = {"a1": "white warrior", "a2": "white warrior", "a3": "white knight", "a4": "white knight",
             "a5": "white scout", "a6": "white general", "b1": "white tower", "b2": "white catapult",
             "b3": "white archer", "b4": "white king"}
    state = position(game, white, to_move="black")
    lay(state, "warrior", "f6")
    assert not state.is_terminal()  # every White unit is down, but the turn that ended was Black's
    assert state.legal_actions() == [PASS]  # White holds nothing to lay (DECISIONS.md: it passes)
    state.apply_action(PASS)
    assert state.returns() == [0.0, 1.0]  # and its own turn ends with every unit on the board


@pytest.mark.rules("setup-open-tiles")
def test_both_players_observe_the_same_position(game) -> None:
    state = position(game, {"b3": "white warrior", "c5": "black knight"})
    assert state.observation(0) == state.observation(1)
    other = state.clone()
    lay(other, "knight", "c3")
    assert other.observation(0) != state.observation(0)


@pytest.mark.rules("setup-basic-board")
def test_terrain_changes_nothing_in_the_basic_game(rules) -> None:
    mountains = "\n".join(["^ ^ ^ ^ ^ ^"] * 6)
    game = make_game(rules, "basic", terrain=mountains)
    state = game.new_initial_state()
    assert can_lay(state, "tower", "c3") and can_lay(state, "catapult", "d4")
    assert not state.is_chance_node()
