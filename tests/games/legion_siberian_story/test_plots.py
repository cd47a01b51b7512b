"""Plot resolution: Assault, the winner, the survivors, Violence, First Aid, Freezing and Warming."""

from __future__ import annotations

from tests.games.legion_siberian_story.helpers import person, plot, rules, scenario


def duel(whites: list, reds: list, **kw) -> dict:
    return {"players": ["whites", "reds"], "plots": [plot({"whites": whites, "reds": reds}, **kw)]}


@rules("assault-step", "ability-assault", "assault-owner-assigns-wounds", "assault-same-plot-only")
def test_each_assault_deals_one_wound_and_the_owner_places_it(tmp_path):
    body = duel([person("w1", 2, abilities=["assault"]), person("w2", 2, abilities=["assault"])],
                [person("r1", 3), person("r2", 1)])
    body["choices"] = [{"step": "wound", "player": "reds", "character": "r1"},
                       {"step": "wound", "player": "reds", "character": "r2"}]
    result = scenario(tmp_path, body)["plots"][0]
    assert result["wounded"] == ["r1", "r2"] and result["killed"] == []
    body["plots"].append(plot({"reds": [person("r3", 5)]}, name="Elsewhere"))
    result = scenario(tmp_path, body)["plots"]
    assert result[1]["wounded"] == []  # no assault across plots


@rules("assault-second-wound-death", "wound-card", "plot-winner-step")
def test_a_second_wound_kills_after_the_assault_step(tmp_path):
    body = duel([person("w1", 2, abilities=["assault"])], [person("r1", 3, abilities=["assault"], wounds=1)])
    result = scenario(tmp_path, body)["plots"][0]
    assert result["killed"] == ["r1"]
    assert result["wounded"] == ["r1", "w1"]  # r1 still struck back: deaths come after the step
    assert result["winners"] == ["whites"]


@rules("ability-fragility")
def test_a_fragile_character_dies_at_its_first_wound(tmp_path):
    body = duel([person("w1", 2, abilities=["assault"])], [person("r1", 1, abilities=["fragility"])])
    assert scenario(tmp_path, body)["plots"][0]["killed"] == ["r1"]


@rules("assault-announce-order")
def test_assaults_are_announced_in_turn_order_and_count_as_one_volley(tmp_path):
    body = {"players": ["whites", "reds", "legionnaires"], "plots": [plot({
        "whites": [person("w1", 2, abilities=["assault"])],
        "reds": [person("r1", 2, abilities=["assault"])],
        "legionnaires": [person("g1", 2)]})]}
    body["choices"] = [{"step": "assault", "player": "whites", "target": "legionnaires"},
                       {"step": "assault", "player": "reds", "target": "legionnaires"}]
    result = scenario(tmp_path, body)["plots"][0]
    assert result["wounded"] == ["g1"] and result["killed"] == ["g1"]


@rules("plot-winner-vp", "plot-tie", "plot-survivor-reward")
def test_highest_power_takes_the_vp_ties_all_win_and_other_survivors_take_supplies(tmp_path):
    body = {"players": ["whites", "reds", "legionnaires"], "plots": [plot({
        "whites": [person("w1", 3)], "reds": [person("r1", 3)], "legionnaires": [person("g1", 1)]},
        vp=3, supplies=2)]}
    result = scenario(tmp_path, body)["plots"][0]
    assert result["winners"] == ["whites", "reds"]
    assert result["vp"] == {"whites": 3, "reds": 3}
    assert result["supplies"] == {"legionnaires": 2}


@rules("plot-resolution-order")
def test_plots_resolve_one_by_one_in_reveal_sequence(tmp_path):
    body = {"players": ["whites", "reds"], "plots": [
        plot({"whites": [person("w1", 2, abilities=["assault"])], "reds": [person("r1", 1)]}, name="First"),
        plot({"reds": [person("r2", 1)]}, name="Second")]}
    result = scenario(tmp_path, body)
    assert [p["plot"] for p in result["plots"]] == ["scenario-plot-1", "scenario-plot-2"]


@rules("other-effects-step", "ability-violence", "crippled-card")
def test_violence_cripples_a_skill_the_owner_chooses(tmp_path):
    body = duel([person("w1", 2, ["combat", "charisma"], abilities=["violence"])],
                [person("r1", 3, ["combat", "intelligence"])])
    body["choices"] = [{"step": "cripple", "player": "reds", "character": "r1", "skill": "intelligence"}]
    result = scenario(tmp_path, body)["plots"][0]
    assert result["crippled"] == {"r1": "intelligence"}


@rules("ability-first-aid")
def test_first_aid_heals_another_character_never_the_healer(tmp_path):
    body = duel([person("w1", 1, abilities=["first_aid"], wounds=1)], [person("r1", 1)])
    assert scenario(tmp_path, body)["plots"][0]["healed"] == []
    body = duel([person("w1", 1, abilities=["first_aid"]), person("w2", 1, wounds=1)], [person("r1", 1)])
    assert scenario(tmp_path, body)["plots"][0]["healed"] == ["w2"]


@rules("plot-type-freezing", "freezing-warming-step", "frostbite-card", "equipment-coat")
def test_freezing_gives_frostbite_except_to_coats_and_a_second_kills(tmp_path):
    body = duel([person("w1", 2, gear=["coat"]), person("w2", 2)], [person("r1", 2, frostbite=1)],
                types=["freezing"])
    result = scenario(tmp_path, body)["plots"][0]
    assert result["frostbitten"] == ["r1", "w2"]
    assert result["killed"] == ["r1"]


@rules("plot-type-warming")
def test_warming_removes_frostbite(tmp_path):
    body = {"players": ["whites", "reds"], "plots": [
        plot({"whites": [person("w1", 2, frostbite=1)], "reds": [person("r1", 1)]}, types=["warming"])]}
    result = scenario(tmp_path, body)
    assert result["plots"][0]["frostbitten"] == [] and result["plots"][0]["warmed"] == ["w1"]
