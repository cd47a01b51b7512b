"""Every location's effect changes the round as its data says."""

from __future__ import annotations

from pnpforge.games.legion_siberian_story import character as ch

from tests.games.legion_siberian_story.helpers import data, person, plot, rules, run_until, scenario, setup_game


def at(tmp_path, location, characters, **kw):
    body = {"players": ["whites", "reds"], "location": location, "plots": [plot(characters, **kw)]}
    return scenario(tmp_path, body)["plots"][0]


def test_every_location_effect_is_one_the_engine_reads() -> None:
    known = {"set_limit", "block", "combat_power", "assault_bonus", "gain_supplies", "plot_reward_bonus",
             "add_plot_type"}
    for location in data().locations.values():
        assert {e["effect"] for e in location.effects} <= known, location.id


def test_skill_and_officer_bonuses(tmp_path) -> None:
    people = {"whites": [person("w1", 2, ["combat", "intelligence"]), person("w2", 1, officer=True)],
              "reds": [person("r1", 4, ["combat", "charisma"])]}
    assert at(tmp_path, "baikal-tunnels", people)["power"] == {"whites": 4, "reds": 4}
    assert at(tmp_path, "omsk-capital", people)["power"] == {"whites": 3, "reds": 5}
    assert at(tmp_path, "chelyabinsk-platform", people)["power"] == {"whites": 5, "reds": 4}


@rules("plot-type-freezing")
def test_ice_road_voids_coats_and_blizzard_adds_freezing(tmp_path) -> None:
    people = {"whites": [person("w1", 2, gear=["coat"])], "reds": [person("r1", 1)]}
    assert at(tmp_path, "baikal-ice-road", people, types=["freezing"])["frostbitten"] == ["r1", "w1"]
    assert at(tmp_path, "trans-siberian-blizzard", people)["frostbitten"] == ["r1"]
    assert at(tmp_path, "trans-siberian-blizzard", people, types=["warming"])["frostbitten"] == []


def test_chita_adds_a_wound_and_kuytun_stops_assaults(tmp_path) -> None:
    people = {"whites": [person("w1", 2, abilities=["assault"])], "reds": [person("r1", 3), person("r2", 1)]}
    body = {"players": ["whites", "reds"], "location": "chita-stronghold", "plots": [plot(people)],
            "choices": [{"step": "wound", "player": "reds", "character": "r1"},
                        {"step": "wound", "player": "reds", "character": "r2"}]}
    assert scenario(tmp_path, body)["plots"][0]["wounded"] == ["r1", "r2"]
    assert at(tmp_path, "kuytun-armistice", people)["wounded"] == []


def test_hospital_train_strengthens_medics(tmp_path) -> None:
    people = {"whites": [person("w1", 1, abilities=["first_aid"]), person("w2", 2)],
              "reds": [person("r1", 3)]}
    assert at(tmp_path, "krasnoyarsk-hospital-train", people)["power"] == {"whites": 4, "reds": 3}
    assert at(tmp_path, None, people)["power"] == {"whites": 3, "reds": 3}


def test_two_heals_where_a_location_allows_them(tmp_path) -> None:
    people = {"whites": [person("w1", 1, abilities=["first_aid"]), person("w2", 1, wounds=1),
                         person("w3", 1, wounds=1)], "reds": [person("r1", 1)]}
    body = {"players": ["whites", "reds"], "location": {"effects": [
        {"effect": "set_limit", "what": "first_aid_heals", "value": 2}]}, "plots": [plot(people)]}
    assert scenario(tmp_path, body)["plots"][0]["healed"] == ["w2", "w3"]
    assert len(at(tmp_path, None, people)["healed"]) == 1


def test_reward_bonuses(tmp_path) -> None:
    people = {"whites": [person("w1", 3)], "reds": [person("r1", 1)]}
    assert at(tmp_path, "gold-reserve-train", people)["supplies"] == {"reds": 2}
    assert at(tmp_path, "taiga-village", people, types=["warming"])["vp"] == {"whites": 3}
    assert at(tmp_path, "kan-river-ice", people, types=["freezing"])["vp"] == {"whites": 3}
    assert at(tmp_path, "kan-river-ice", people)["vp"] == {"whites": 2}


def round_at(location: str):
    state = setup_game(2)
    state.apply_action(("location", location))
    return run_until(state, "shop")


def test_limits_replaced_for_the_round() -> None:
    state = round_at("irkutsk-station")
    player = state.pending[1]
    state.supplies[player] = 2
    state.refresh()
    assert ("recruit",) in state.legal_actions()
    state = round_at("tomsk-telegraph")
    assert ch.orders_it_gives(state, state.officer[0]) == 3
    state = round_at("cossack-stanitsa")
    player = state.pending[1]
    state.supplies[player] = 5
    state.refresh()
    target = next(c for c in sorted(state.hand[player]) if ch.may_take(state, c, "coat"))
    state.apply_action(("equip", "coat", target))
    assert any(a[:2] == ("equip", "coat") for a in state.legal_actions())


def test_vladivostok_pays_every_player() -> None:
    state = setup_game(3)
    before = list(state.supplies)
    state.apply_action(("location", "vladivostok-harbour"))
    state = run_until(state, "shop")
    assert [s - b for s, b in zip(state.supplies, before)] == [1, 1, 1]
