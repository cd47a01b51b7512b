"""Every order of the summary, played as a scenario in the Order resolution phase or at plot resolution."""

from __future__ import annotations

from tests.games.legion_siberian_story.helpers import person, plot, rules, scenario


def two_plots(first: dict, second: dict, **kw) -> dict:
    return {"players": ["whites", "reds"], "start": "orders",
            "plots": [plot(first, name="North", **kw), plot(second, name="South", entry=["charisma"])]}


@rules("order-transfer", "faq-orders-any-plot")
def test_transfer_moves_any_own_character_to_a_plot_it_may_enter(tmp_path):
    body = two_plots({"whites": [person("w1", 3, ["combat", "charisma"], order="transfer"), person("w2", 2)],
                      "reds": [person("r1", 4)]}, {"reds": [person("r2", 1, ["charisma"])]})
    body["choices"] = [{"step": "move", "player": "whites", "character": "w1", "to": "scenario-plot-2"}]
    result = scenario(tmp_path, body)
    assert result["plots"][0]["power"] == {"whites": 2, "reds": 4}
    assert result["plots"][1]["power"] == {"whites": 3, "reds": 1}


@rules("order-retreat", "supplies-sources")
def test_retreat_withdraws_all_own_characters_and_pays_one_supply(tmp_path):
    body = two_plots({"whites": [person("w1", 3, order="retreat"), person("w2", 2)], "reds": [person("r1", 1)]},
                     {"reds": [person("r2", 1, ["charisma"])]})
    result = scenario(tmp_path, body)
    assert result["plots"][0]["withdrawn"] == ["w1", "w2"]
    assert result["plots"][0]["winners"] == ["reds"]
    assert result["supplies"]["whites"] == 1


@rules("order-plus-two", "orders-timing-kept")
def test_plus_two_adds_two_when_the_plot_is_scored(tmp_path):
    body = two_plots({"whites": [person("w1", 3, order="plus-two")], "reds": [person("r1", 4)]}, {})
    result = scenario(tmp_path, body)
    assert result["plots"][0]["power"] == {"whites": 5, "reds": 4}
    assert result["plots"][0]["winners"] == ["whites"]


@rules("order-shoot-and-move")
def test_shoot_and_move_wounds_then_moves_the_carrier(tmp_path):
    body = two_plots({"whites": [person("w1", 3, ["combat", "charisma"], order="shoot-and-move")],
                      "reds": [person("r1", 4), person("r2", 1)]}, {"reds": [person("r3", 1, ["charisma"])]})
    body["choices"] = [{"step": "wound", "player": "reds", "character": "r2"},
                       {"step": "move", "player": "whites", "character": "w1", "to": "scenario-plot-2"}]
    result = scenario(tmp_path, body)
    assert result["plots"][0]["wounded"] == ["r2"]
    assert result["plots"][0]["power"] == {"reds": 5}
    assert result["plots"][1]["power"] == {"whites": 3, "reds": 1}


@rules("order-promotion", "enhancement-promotion")
def test_promotion_gives_a_free_promotion_card(tmp_path):
    body = two_plots({"whites": [person("w1", 3, order="promotion")], "reds": [person("r1", 4)]}, {})
    result = scenario(tmp_path, body)
    assert result["plots"][0]["power"] == {"whites": 4, "reds": 4}
    assert result["plots"][0]["winners"] == ["whites", "reds"]


@rules("order-win-or-die")
def test_win_or_die_pays_two_more_or_kills_the_carrier(tmp_path):
    win = two_plots({"whites": [person("w1", 5, order="win-or-die")], "reds": [person("r1", 4)]}, {})
    assert scenario(tmp_path, win)["plots"][0]["vp"] == {"whites": 4}
    lose = two_plots({"whites": [person("w1", 3, order="win-or-die")], "reds": [person("r1", 4)]}, {})
    assert scenario(tmp_path, lose)["plots"][0]["killed"] == ["w1"]
    tie = two_plots({"whites": [person("w1", 4, order="win-or-die")], "reds": [person("r1", 4)]}, {})
    result = scenario(tmp_path, tie)
    assert result["plots"][0]["killed"] == [] and result["plots"][0]["vp"] == {"whites": 4, "reds": 2}


@rules("order-lure-away")
def test_lure_away_sends_an_enemy_under_its_deck(tmp_path):
    body = two_plots({"whites": [person("w1", 2, order="lure-away")], "reds": [person("r1", 4), person("r2", 1)]},
                     {})
    body["choices"] = [{"step": "withdraw", "player": "whites", "character": "r1"}]
    result = scenario(tmp_path, body)
    assert result["plots"][0]["withdrawn"] == ["r1"]
    assert result["plots"][0]["winners"] == ["whites"]


@rules("order-get-down")
def test_get_down_cancels_one_assault_wound(tmp_path):
    body = two_plots({"whites": [person("w1", 2, order="get-down"), person("w2", 1)],
                      "reds": [person("r1", 1, abilities=["assault"])]}, {})
    body["choices"] = [{"step": "wound", "player": "whites", "character": "w1"}]
    result = scenario(tmp_path, body)
    assert result["plots"][0]["wounded"] == []


@rules("order-ceasefire", "plot-type-peaceful")
def test_ceasefire_and_peaceful_skip_the_assault_step(tmp_path):
    cease = two_plots({"whites": [person("w1", 2, order="ceasefire")],
                       "reds": [person("r1", 1, abilities=["assault"])]}, {})
    assert scenario(tmp_path, cease)["plots"][0]["wounded"] == []
    calm = two_plots({"whites": [person("w1", 2)], "reds": [person("r1", 1, abilities=["assault"])]}, {},
                     types=["peaceful"])
    assert scenario(tmp_path, calm)["plots"][0]["wounded"] == []


@rules("order-take-all", "plot-survivor-reward")
def test_take_all_gives_the_winner_the_survivors_supplies_too(tmp_path):
    body = two_plots({"whites": [person("w1", 5, order="take-all")], "reds": [person("r1", 4)]}, {})
    result = scenario(tmp_path, body)["plots"][0]
    assert result["vp"] == {"whites": 2}
    assert result["supplies"] == {"whites": 1, "reds": 1}


@rules("order-prowl")
def test_prowl_moves_the_carrier_ignoring_entry_skills(tmp_path):
    body = two_plots({"whites": [person("w1", 3, ["combat"], order="prowl")], "reds": [person("r1", 1)]},
                     {"reds": [person("r2", 1, ["charisma"])]})
    result = scenario(tmp_path, body)
    assert result["plots"][1]["power"] == {"whites": 3, "reds": 1}


@rules("order-furious-assault")
def test_furious_assault_wounds_then_may_withdraw(tmp_path):
    body = two_plots({"whites": [person("w1", 3, order="furious-assault")], "reds": [person("r1", 4)]}, {})
    body["choices"] = [{"step": "withdraw", "player": "whites", "character": "w1"}]
    result = scenario(tmp_path, body)["plots"][0]
    assert result["wounded"] == ["r1"] and result["withdrawn"] == ["w1"]


@rules("order-no-medics", "ability-first-aid")
def test_no_medics_stops_first_aid(tmp_path):
    medic = {"whites": [person("w1", 1, abilities=["first_aid"]), person("w2", 2, wounds=1)],
             "reds": [person("r1", 1)]}
    assert scenario(tmp_path, two_plots(medic, {}))["plots"][0]["healed"] == ["w2"]
    medic["reds"] = [person("r1", 1, order="no-medics")]
    result = scenario(tmp_path, two_plots(medic, {}))["plots"][0]
    assert result["healed"] == [] and result["power"]["reds"] == 1  # the rulebook's order: no combat power added


@rules("order-sabotage")
def test_sabotage_throws_away_an_unresolved_token_at_the_plot(tmp_path):
    body = two_plots({"whites": [person("w1", 3, order="plus-two")],
                      "reds": [person("r1", 4, order="sabotage")]}, {})
    body["choices"] = [{"step": "sabotage", "player": "reds", "character": "w1"}]
    assert scenario(tmp_path, body)["plots"][0]["power"] == {"whites": 3, "reds": 4}


@rules("order-sacrifice")
def test_sacrifice_kills_another_own_character_for_five_power(tmp_path):
    body = two_plots({"whites": [person("w1", 1, order="sacrifice"), person("w2", 3)], "reds": [person("r1", 5)]},
                     {})
    result = scenario(tmp_path, body)["plots"][0]
    assert result["killed"] == ["w2"] and result["power"] == {"whites": 6, "reds": 5}


@rules("order-muster")
def test_muster_gathers_own_characters_that_may_enter(tmp_path):
    body = two_plots({"whites": [person("w1", 1, ["charisma"])], "reds": [person("r1", 1, ["charisma"])]},
                     {"whites": [person("w2", 2, ["charisma"], order="muster")],
                      "reds": [person("r2", 2, ["charisma"])]},
                     entry=["charisma"])
    body["choices"] = [{"step": "move", "player": "whites", "character": "w1", "to": "scenario-plot-2"}]
    result = scenario(tmp_path, body)
    assert result["plots"][1]["power"] == {"whites": 3, "reds": 2}


@rules("order-replacement")
def test_replacement_swaps_the_carrier_with_an_own_character_elsewhere(tmp_path):
    body = two_plots({"whites": [person("w1", 1, order="replacement")], "reds": [person("r1", 2)]},
                     {"whites": [person("w2", 4, ["charisma"])], "reds": [person("r2", 1, ["charisma"])]})
    result = scenario(tmp_path, body)
    assert result["plots"][0]["power"] == {"whites": 4, "reds": 2}
    assert result["plots"][1]["power"] == {"whites": 1, "reds": 1}


@rules("order-theft")
def test_theft_takes_the_survivor_supplies_and_nobody_collects_them(tmp_path):
    body = two_plots({"whites": [person("w1", 1, order="theft")], "reds": [person("r1", 4)]}, {}, supplies=2)
    result = scenario(tmp_path, body)
    assert result["supplies"] == {"whites": 2, "reds": 0}
    assert result["plots"][0]["supplies"] == {}


@rules("order-blank")
def test_the_blank_does_nothing(tmp_path):
    body = two_plots({"whites": [person("w1", 3, order="blank")], "reds": [person("r1", 3)]}, {})
    result = scenario(tmp_path, body)["plots"][0]
    assert result["power"] == {"whites": 3, "reds": 3}


@rules("order-camouflage", "orders-timing-immediate")
def test_camouflage_resolves_on_assignment_and_hides_the_next_card():
    from tests.games.legion_siberian_story.test_march import camouflage_state
    state, officer_plot = camouflage_state()
    sent = [a for a in state.legal_actions() if a[0] == "send"]
    assert sent, "the march goes on"
    assert (0, officer_plot) in state.camouflage
