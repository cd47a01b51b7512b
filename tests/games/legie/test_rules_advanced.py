"""The advanced game: setting up the field and the five terrains (legie-rules-de, Spiel für Fortgeschrittene)."""

from __future__ import annotations

import random

import pytest

from pnpforge.games.legie.board import PartPlacement, build_layout, parse_square, side_choices
from pnpforge.games.legie.state import PLACE, TARGET

from tests.games.legie.helpers import can_lay, flag_at, lay, make_game, place, position, terrain_at, units


def advanced(rules, **terrain):
    return make_game(rules, "advanced", layout=terrain_at(terrain))


@pytest.mark.rules("advanced-board-choice", "components-board")
def test_without_a_given_field_the_set_up_is_drawn_in_three_chance_steps(rules) -> None:
    game = make_game(rules, "advanced")
    state = game.new_initial_state()
    steps = []
    rng = random.Random(5)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        steps.append(len(outcomes))
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    assert steps == [16, 24, 256]  # faces of four parts, their order over the quarters, their rotations
    assert state.phase == PLACE and state.current_player() == 0
    parts = {p.part for _, p in state.tables.layout.placements}
    assert parts == {"part-1", "part-2", "part-3", "part-4"}
    assert len(state.tables.layout.terrain) == 36


@pytest.mark.rules("advanced-board-choice")
def test_a_given_field_replaces_the_set_up(rules) -> None:
    placements = {q: PartPlacement(f"part-{i + 1}", "b", 0) for i, q in enumerate(("nw", "ne", "sw", "se"))}
    game = make_game(rules, "advanced", layout=build_layout(rules, placements))
    state = game.new_initial_state()
    assert not state.is_chance_node()
    assert state.tables.layout.terrain[parse_square("a6", 6)] == "mountain"  # Stone Ridge, top left


@pytest.mark.rules("terrain-plain", "arrow-removes-one")
def test_plain_leaves_a_unit_as_it_is(rules) -> None:
    game = advanced(rules)
    state = position(game, {"b2": "white warrior", "e5": "white knight", "b1": "black warrior"})
    lay(state, "knight", "c2")  # 2 + 1 against the plain defence 2
    assert "b2" not in units(state)
    lay(state, "warrior", "a6")
    place(state, "archer", "f1")
    assert sorted(state.legal_actions()) == [TARGET + parse_square("e5", 6), TARGET + parse_square("a6", 6)]


@pytest.mark.rules("forest-no-shooting")
def test_an_arrow_unit_laid_in_the_forest_cannot_shoot(rules) -> None:
    game = advanced(rules, c3="forest")
    state = position(game, {"a1": "white warrior"})
    lay(state, "archer", "c3")
    assert "a1" in units(state) and flag_at(state) is None and state.current_player() == 1


@pytest.mark.rules("forest-cover")
def test_units_in_the_forest_are_out_of_reach_of_arrows(rules) -> None:
    game = advanced(rules, a1="forest", f6="forest")
    state = position(game, {"a1": "white warrior", "b1": "white knight"})
    lay(state, "catapult", "d4")  # only the Knight on plain can be hit: shot at once
    assert units(state) == {"a1": "white warrior", "d4": "black catapult"}
    state = position(game, {"a1": "white warrior"})
    lay(state, "archer", "c4")
    assert "a1" in units(state) and flag_at(state) is None


@pytest.mark.rules("forest-cover", "melee-adjacent")
def test_the_forest_gives_no_cover_against_swords_or_the_crown(rules) -> None:
    game = advanced(rules, b2="forest", e5="forest")
    state = position(game, {"b2": "white warrior", "b1": "black warrior", "e5": "white general"})
    lay(state, "knight", "c2")
    assert "b2" not in units(state)
    lay(state, "warrior", "a6")
    lay(state, "king", "e4")
    assert "e5" not in units(state)


@pytest.mark.rules("water-light-units")
@pytest.mark.parametrize("kind, allowed", [("warrior", True), ("knight", True), ("king", True), ("archer", True),
                                           ("scout", False), ("general", False), ("tower", False),
                                           ("catapult", False)])
def test_only_units_with_one_kind_of_symbol_go_on_water(rules, kind, allowed) -> None:
    game = advanced(rules, c3="water")
    state = game.new_initial_state()
    assert can_lay(state, kind, "c3") is allowed
    assert can_lay(state, kind, "c4")


@pytest.mark.rules("water-light-units", "arrow-removes-one")
def test_an_archer_on_water_shoots_as_usual(rules) -> None:
    game = advanced(rules, c3="water")
    state = position(game, {"f6": "white warrior"})
    lay(state, "archer", "c3")
    assert "f6" not in units(state) and flag_at(state) == "f6"


@pytest.mark.rules("fortification-shield", "shield-defence")
def test_a_fortification_adds_one_defence_to_a_unit_without_a_shield(rules) -> None:
    game = advanced(rules, b2="fortification")
    state = position(game, {"b2": "white warrior", "b1": "black warrior"})
    lay(state, "knight", "c2")  # 2 + 1 against 2 + 1
    assert "b2" in units(state)
    lay(state, "warrior", "f6")
    lay(state, "knight", "a2")  # 2 + 1 + 2 against 3
    assert "b2" not in units(state)


@pytest.mark.rules("fortification-shield", "shield-arrow-proof")
def test_a_fortification_keeps_arrows_off_but_not_the_crown(rules) -> None:
    game = advanced(rules, b2="fortification")
    state = position(game, {"b2": "white warrior"})
    lay(state, "archer", "f6")
    assert "b2" in units(state)
    lay(state, "warrior", "a6")
    lay(state, "king", "b3")  # the crown ignores shields, the fortification's too
    assert "b2" not in units(state)


@pytest.mark.rules("fortification-shield")
def test_units_that_already_have_a_shield_or_immobility_gain_nothing(rules) -> None:
    game = advanced(rules, b2="fortification", e5="fortification")
    state = position(game, {"b2": "white scout", "b1": "black warrior", "a2": "black warrior"})
    lay(state, "knight", "c2")  # 2 + 1 + 1 against the Scout's 3 (not 4)
    assert "b2" not in units(state)
    assert state.tables.defence[game.kinds.index("tower")][parse_square("e5", 6)] > 100  # still never removed


@pytest.mark.rules("mountain-no-immobile")
@pytest.mark.parametrize("kind, allowed", [("tower", False), ("catapult", False), ("general", True),
                                           ("scout", True), ("warrior", True), ("king", True)])
def test_no_immobile_unit_on_a_mountain(rules, kind, allowed) -> None:
    game = advanced(rules, d4="mountain")
    state = game.new_initial_state()
    assert can_lay(state, kind, "d4") is allowed


@pytest.mark.rules("scenario-advanced-only")
def test_scenarios_need_the_advanced_rules(rules) -> None:
    with pytest.raises(ValueError, match="advanced rules only"):
        make_game(rules, "basic", scenario="column")


@pytest.mark.rules("king-needs-forest", "forests-every-part")
def test_scenarios_restrict_the_faces_to_those_with_forest(rules) -> None:
    assert ("b", "b", "b", "b") not in side_choices(rules.parts, "forest_on_one_part")
    assert len(side_choices(rules.parts, "forest_on_one_part")) == 15
    assert side_choices(rules.parts, "forest_on_every_part") == [("a", "a", "a", "a")]
    for scenario in ("return-of-the-king", "lord-of-the-forests"):
        game = make_game(rules, "advanced", scenario=scenario)
        state = game.new_initial_state()
        sides = game.side_choices[state.chance_outcomes()[-1][0] - 4000]
        faces = [p.face(s) for p, s in zip(rules.parts, sides)]
        assert any(f.has("forest") for f in faces)


@pytest.mark.rules("arrow-must-shoot", "forest-cover", "fortification-shield")
def test_an_arrow_picks_only_among_units_in_the_open(rules) -> None:
    game = advanced(rules, a1="forest", a2="fortification")
    state = position(game, {"a1": "white warrior", "a2": "white knight", "a3": "white archer", "a4": "white king"})
    place(state, "archer", "f6")
    assert sorted(state.legal_actions()) == [TARGET + parse_square("a3", 6), TARGET + parse_square("a4", 6)]
