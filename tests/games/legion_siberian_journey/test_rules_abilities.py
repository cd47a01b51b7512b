"""Wounds and death, and the glossary abilities: Assault, First Aid, Surgery, Brotherhood, Explosives and
Comradery."""

from __future__ import annotations

import yaml

from pnpforge.games.legion_siberian_journey.log import Died

from tests.games.legion_siberian_journey.helpers import (
    Layout, PACK, PlotSpot, Seat, Squad, answer, built, card, ch, events, finish, rules, seats_with)

QUIET = {0: "nikolai-ostrozhsky", 1: "pavel-postnikov", 2: "emanuel-blaha", 3: "reinhold-von-kessel"}
FIRST_LEVEL = "petropavlovsk-on-the-ishim"  # a location without effects
PASS, NO = ("pass",), ("no",)


def seats(players: int = 4, **given: Seat) -> dict[int, Seat]:
    return seats_with(QUIET, players, **given)


def passing(state, legal):
    return PASS if PASS in legal else legal[0]


# --- wounds ---------------------------------------------------------------------------------------------------------
@rules("wound-sources")
def test_a_plot_deals_wounds_to_the_squads_that_did_not_win():
    # clearing the station yard: 3 points, then one wound to each losing squad, placed by its starter
    layout = Layout(location=FIRST_LEVEL, seats=seats(), plots=[PlotSpot("clearing-the-station-yard", [
        Squad(0, ["konstantin-arsenyev"]), Squad(1, ["yakov-pozdeev", "dmitri-yashin"]),
        Squad(2, ["vilem-krejci", "jiri-svoboda"])])])
    state = built(layout, ("evaluate", 0))
    assert state.vp == [0, 0, 3, 0]
    assert state.wounded == {ch("konstantin-arsenyev")}  # the only member of player 0's squad
    assert state.pending[:3] == ("pick", 1, "casualty")
    assert state.legal_actions() == [("pick", ch("yakov-pozdeev")), ("pick", ch("dmitri-yashin"))]
    answer(state, ("pick", ch("dmitri-yashin")))
    assert state.wounded == {ch("konstantin-arsenyev"), ch("dmitri-yashin")}


@rules("wound-sources")
def test_a_location_deals_wounds_after_each_plot():
    # Baikal's southern shore: after each plot, one wound to each squad that did not win it
    layout = Layout(location="baikal-southern-shore", seats=seats(), plots=[
        PlotSpot("partisans-on-the-line", [Squad(0, ["konstantin-arsenyev"]), Squad(1, ["arvid-kalnins",
                                                                                         "taiga-partisan"])]),
        PlotSpot("searching-the-refugee-train", [Squad(2, ["otakar-sip"]), Squad(3, ["sengee"])])])
    state = finish(built(layout, ("evaluate_all",)), passing)
    assert state.vp == [0, 3, 3, 0]
    assert state.wounded == {ch("konstantin-arsenyev"), ch("sengee")}


@rules("wound-sources", "wound-distribution")
def test_an_action_card_deals_wounds_the_player_places_one_at_a_time():
    # poisoned samogon: two wounds among other players' characters at its plot, as its owner chooses
    layout = Layout(
        location=FIRST_LEVEL, seats=seats(p3=Seat(hand=["poisoned-samogon"])),
        plots=[PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev"]),
                                                      Squad(1, ["arvid-kalnins"]), Squad(3, ["kirill-lagutin"])])])
    state = built(layout, ("prepare", 3), ("evaluate", 0))
    answer(state, ("trap", card("action", "poisoned-samogon"), 0))
    assert state.pending[:3] == ("pick", 3, "victim")
    assert state.legal_actions() == [("pick", ch("konstantin-arsenyev")), ("pick", ch("arvid-kalnins"))]
    answer(state, ("pick", ch("arvid-kalnins")))
    assert state.wounded == {ch("arvid-kalnins")}
    # the second wound is placed after the first and may go on the same character, which then dies
    assert state.legal_actions() == [("pick", ch("konstantin-arsenyev")), ("pick", ch("arvid-kalnins"))]
    answer(state, ("pick", ch("arvid-kalnins")))
    assert state.graveyard == [ch("arvid-kalnins")] and not state.wounded


@rules("wound-distribution")
def test_wounds_to_ones_own_characters_may_fall_on_any_of_them_wherever_they_are():
    # tachanka charge: +3 to a character here, then a wound to one of the player's own characters
    layout = Layout(
        location=FIRST_LEVEL,
        seats=seats(p0=Seat(hand=["tachanka-charge"], lineup=["irina-voeykova"], reserve=["dmitri-ozerov"])),
        plots=[PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev"]),
                                                      Squad(1, ["arvid-kalnins", ("petya-lvov", 0)])])])
    state = built(layout, ("evaluate", 0))
    answer(state, ("play", card("action", "tachanka-charge")), ("pick", ch("konstantin-arsenyev")))
    assert state.pending[:3] == ("pick", 0, "victim")
    assert sorted(state.legal_actions()) == sorted(("pick", ch(item)) for item in (
        "irina-voeykova", "dmitri-ozerov", "konstantin-arsenyev", "petya-lvov"))
    answer(state, ("pick", ch("dmitri-ozerov")))
    finish(state, passing)
    assert state.wounded == {ch("dmitri-ozerov")}
    assert state.vp == [2, 0, 0, 0]  # 7 + 3 against 7 + 1


@rules("wound-tilt")
def test_a_wounded_character_is_marked_and_the_card_prints_a_mark_read_after_a_quarter_turn_clockwise():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p0=Seat(lineup=["konstantin-arsenyev", "irina-voeykova"],
                                                              wounded=["irina-voeykova"])))
    state = built(layout, ("halt",))
    assert state.wounded == {ch("irina-voeykova")}
    line = next(line for line in str(state).splitlines() if line.startswith("player 0 "))
    assert "irina-voeykova*" in line and "konstantin-arsenyev*" not in line and "konstantin-arsenyev" in line
    face = yaml.safe_load((PACK / "layouts" / "character.yaml").read_text(encoding="utf-8"))
    width = 63.5  # poker
    zone = face["zones"]["wound"]
    assert zone["x"] > width * 3 / 4 and zone["x"] + zone["w"] <= width - face["safe"]  # the right-hand long edge
    css = (PACK / "layouts" / "journey.css").read_text(encoding="utf-8")
    rule = next(line for line in css.splitlines() if line.startswith(".j-wound .turned {"))
    assert "rotate(-90deg)" in rule  # printed a quarter turn back, it reads upright on a card turned clockwise


@rules("wound-no-penalty")
def test_a_wounded_character_keeps_its_number_and_everything_it_can_do():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p0=Seat(lineup=["konstantin-arsenyev", "kuzma-dyatlov"],
                                                              wounded=["konstantin-arsenyev", "kuzma-dyatlov"])),
                    plots=[PlotSpot("looters-in-the-goods-yard", [Squad(1, ["yakov-pozdeev", "runner-boy"])])])
    state = built(layout, ("march_turn", 0), ("evaluate", 0))
    legal = state.legal_actions()
    assert ("deploy", ch("konstantin-arsenyev"), 0) in legal and ("special", ch("kuzma-dyatlov"), 0) in legal
    answer(state, ("special", ch("kuzma-dyatlov"), 0), ("deploy", ch("konstantin-arsenyev"), 0))
    assert state.resources[0] == 2
    finish(state, passing)
    assert state.sites[0].result["strength"] == (7, 6)  # the full Number, against 5 + 1
    assert state.vp == [2, 0, 0, 0]


@rules("wound-second-kills")
def test_a_second_wound_kills_and_the_dead_leave_their_squad_for_the_graveyard():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p3=Seat(hand=["mined-culvert"]),
                                                      p1=Seat(hand=["hurrah-for-the-regiment"]),
                                                      p0=Seat(wounded=["konstantin-arsenyev"])),
                    plots=[PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev", "railway-guard"]),
                                                                  Squad(1, ["vilem-krejci"])])])
    state = built(layout, ("prepare", 3), ("evaluate", 0))
    answer(state, ("trap", card("action", "mined-culvert"), 0), ("pick", ch("konstantin-arsenyev")))
    assert state.graveyard == [ch("konstantin-arsenyev")]
    assert ch("konstantin-arsenyev") not in state.wounded
    assert state.sites[0].squad_of(0) == [ch("railway-guard")]
    assert events(state, Died) == [Died(1, ch("konstantin-arsenyev"))]
    assert state.pending == ("tactics", 1, 0, 1)
    finish(state, passing)
    assert state.vp == [0, 2, 0, 0]  # 2 left against 7
    assert ch("konstantin-arsenyev") not in state.reserve[0]


# --- Assault ----------------------------------------------------------------------------------------------------------
@rules("ability-assault-win")
def test_a_winning_assault_character_makes_another_squads_leader_place_a_wound_in_that_squad():
    layout = Layout(location=FIRST_LEVEL, seats=seats(), plots=[PlotSpot("looters-in-the-goods-yard", [
        Squad(1, ["karl-weiss", "arvid-kalnins"]),  # 12, with Assault
        Squad(2, ["jiri-svoboda", ("mikhail-veretennikov", 0)]),  # 9: a helper of player 0 among them
        Squad(3, ["kirill-lagutin"])])])  # 7
    state = built(layout, ("evaluate", 0))
    assert state.vp == [0, 2, 0, 0]
    assert state.pending == ("assault", 1, 0, ch("karl-weiss"))
    assert state.legal_actions() == [("squad", 2), ("squad", 3)]  # its owner picks the squad
    answer(state, ("squad", 2))
    assert state.pending[:3] == ("pick", 2, "casualty")  # that squad's leader picks the member
    assert state.legal_actions() == sorted([("pick", ch("jiri-svoboda")), ("pick", ch("mikhail-veretennikov"))])
    answer(state, ("pick", ch("mikhail-veretennikov")))
    assert state.wounded == {ch("mikhail-veretennikov")}
    assert state.is_terminal()


@rules("ability-assault-lose")
def test_an_assault_character_whose_squad_loses_is_wounded():
    layout = Layout(location=FIRST_LEVEL, seats=seats(), plots=[PlotSpot("looters-in-the-goods-yard", [
        Squad(0, ["konstantin-arsenyev", "railway-guard"]),  # 9
        Squad(2, ["adolf-kriz"]), Squad(3, ["kirill-lagutin", ("karl-weiss", 1)])])])  # 5, and 12
    state = built(layout, ("evaluate", 0))
    assert state.vp == [0, 0, 0, 2]
    # the winner's Assault (Karl Weiss, in player 3's squad) is player 1's to aim; the loser's wounds itself
    assert state.wounded == {ch("adolf-kriz")}
    assert state.pending == ("assault", 1, 0, ch("karl-weiss"))


@rules("ability-assault-win", "ability-assault-lose")
def test_assault_acts_only_at_competitive_plots():
    layout = Layout(location=FIRST_LEVEL, seats=seats(), plots=[PlotSpot("wolves-around-the-bivouac", [
        Squad(1, ["karl-weiss", "arvid-kalnins"]), Squad(2, ["adolf-kriz"]), Squad(3, ["kirill-lagutin"])])])
    state = built(layout, ("evaluate", 0))
    assert state.is_terminal() and state.vp == [0, 3, 0, 1] and not state.wounded


# --- First Aid, Surgery, Brotherhood ----------------------------------------------------------------------------------
def _assault_lost(**given):
    """Player 1's Assault character loses at the plot and is about to be wounded."""
    layout = Layout(location=FIRST_LEVEL, seats=seats(**given), plots=[PlotSpot("looters-in-the-goods-yard", [
        Squad(0, ["konstantin-arsenyev", "railway-guard"]), Squad(1, ["karl-weiss"])])])
    return built(layout, ("evaluate", 0))


@rules("ability-first-aid")
def test_first_aid_from_the_line_up_cancels_a_wound_to_anyones_character():
    state = _assault_lost(p2=Seat(lineup=["stretcher-bearer"]))
    assert state.pending == ("first_aid", 2, ch("karl-weiss"), 1)
    assert state.legal_actions() == [("aid", ch("stretcher-bearer")), NO]
    answer(state, ("aid", ch("stretcher-bearer")))
    assert not state.wounded
    assert state.reserve[2] == [ch("stretcher-bearer")] and state.lineup[2] == []


@rules("ability-first-aid")
def test_first_aid_works_from_a_plot_but_not_from_the_reserve():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p1=Seat(reserve=["agnessa-brandt"])), plots=[
        PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev", "railway-guard"]),
                                               Squad(1, ["karl-weiss"])]),
        PlotSpot("skirmish-at-the-level-crossing", [Squad(2, ["stretcher-bearer"])])])
    state = built(layout, ("evaluate", 0))
    assert state.pending == ("first_aid", 2, ch("karl-weiss"), 1)  # player 1's own medic rests in the Reserve
    answer(state, ("aid", ch("stretcher-bearer")))
    assert not state.wounded and state.reserve[2] == [ch("stretcher-bearer")] and not state.sites[1].squads
    declined = _assault_lost(p2=Seat(lineup=["stretcher-bearer"]))
    answer(declined, NO)
    assert declined.wounded == {ch("karl-weiss")} and declined.lineup[2] == [ch("stretcher-bearer")]


@rules("ability-surgery")
def test_surgery_from_the_line_up_heals_anyones_character_and_goes_to_the_reserve():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p0=Seat(lineup=["semyon-aizenberg"]),
                                                      p1=Seat(wounded=["arvid-kalnins"]),
                                                      p3=Seat(wounded=["kirill-lagutin"])),
                    plots=[PlotSpot("looters-in-the-goods-yard", [Squad(1, ["arvid-kalnins"]),
                                                                  Squad(3, ["kirill-lagutin"])])])
    state = built(layout, ("march_turn", 0))
    surgeon = ch("semyon-aizenberg")
    assert {a for a in state.legal_actions() if a[0] == "surgery"} == {("surgery", surgeon, ch("arvid-kalnins")),
                                                                      ("surgery", surgeon, ch("kirill-lagutin"))}
    answer(state, ("surgery", surgeon, ch("kirill-lagutin")))
    assert state.wounded == {ch("arvid-kalnins")}
    assert state.reserve[0] == [surgeon] and state.lineup[0] == []


@rules("ability-surgery")
def test_surgery_from_a_plot_during_tactics():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p3=Seat(wounded=["kirill-lagutin"])),
                    plots=[PlotSpot("bribing-the-stationmaster", [Squad(0, ["semyon-aizenberg", "irina-voeykova"]),
                                                                  Squad(1, ["boris-gertsen"])]),
                           PlotSpot("looters-in-the-goods-yard", [Squad(3, ["kirill-lagutin"])])])
    state = built(layout, ("evaluate", 0))
    surgeon = ch("semyon-aizenberg")
    assert state.pending == ("tactics", 0, 0, 0)
    assert ("surgery", surgeon, ch("kirill-lagutin")) in state.legal_actions()
    answer(state, ("surgery", surgeon, ch("kirill-lagutin")))
    assert not state.wounded and surgeon in state.reserve[0]
    finish(state, passing)
    assert state.sites[0].result["strength"] == (6, 5)  # the surgeon no longer counts there
    assert state.vp == [2, 0, 0, 0]


@rules("ability-brotherhood")
def test_a_brotherhood_character_takes_the_wound_of_another_at_the_same_plot_whoever_controls_it():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p3=Seat(hand=["mined-culvert"])), plots=[
        PlotSpot("looters-in-the-goods-yard", [Squad(2, ["jaroslav-moravec"]),
                                               Squad(0, ["konstantin-arsenyev", ("czech-colonist-volunteer", 0)])])])
    state = built(layout, ("prepare", 3), ("evaluate", 0))
    answer(state, ("trap", card("action", "mined-culvert"), 0), ("pick", ch("jaroslav-moravec")))
    # player 2 has no other brother there; player 0's legionnaire volunteer may step in
    assert state.pending == ("brotherhood", 0, ch("jaroslav-moravec"), 1)
    assert state.legal_actions() == [("take", ch("czech-colonist-volunteer")), NO]
    answer(state, ("take", ch("czech-colonist-volunteer")))
    assert state.wounded == {ch("czech-colonist-volunteer")}


@rules("ability-brotherhood")
def test_a_wounded_brotherhood_volunteer_dies_in_its_brothers_place():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p3=Seat(hand=["poisoned-samogon"]),
                                                      p2=Seat(wounded=["kamil-hroch"])), plots=[
        PlotSpot("looters-in-the-goods-yard", [Squad(2, ["jaroslav-moravec", "kamil-hroch"]),
                                               Squad(0, ["konstantin-arsenyev"])])])
    state = built(layout, ("prepare", 3), ("evaluate", 0))
    answer(state, ("trap", card("action", "poisoned-samogon"), 0), ("pick", ch("jaroslav-moravec")))
    assert state.pending == ("brotherhood", 2, ch("jaroslav-moravec"), 1)
    answer(state, ("take", ch("kamil-hroch")))
    assert state.graveyard == [ch("kamil-hroch")] and not state.wounded
    answer(state, ("pick", ch("konstantin-arsenyev")))  # no Brotherhood covers a character without it
    assert state.wounded == {ch("konstantin-arsenyev")}


# --- Explosives -------------------------------------------------------------------------------------------------------
@rules("ability-explosives", "ability-explosives-plot-gone")
def test_explosives_in_the_preparation_sacrifice_the_character_to_destroy_a_plot():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p1=Seat(lineup=["fyodor-lyubimov", "arvid-kalnins"]),
                                                      p2=Seat(hand=["mined-culvert"])),
                    plots=[PlotSpot("looters-in-the-goods-yard"), PlotSpot("bribing-the-stationmaster")])
    state = built(layout, ("prepare", 2), ("prepare", 1), ("evaluate_all",), ("award_location",))
    answer(state, ("trap", card("action", "mined-culvert"), 1))
    sapper = ch("fyodor-lyubimov")
    assert ("explode", sapper, 0) in state.legal_actions() and ("explode", sapper, 1) in state.legal_actions()
    answer(state, ("explode", sapper, 1))
    assert state.graveyard == [sapper] and sapper not in state.lineup[1]
    site = state.sites[1]
    assert site.destroyed and site.done and site.result is None
    assert len(state.sites) == 2 and state.sites[1].plot == card("plot", "bribing-the-stationmaster")  # no new plot
    assert not state.zones["traps:1"].contents() and card("action", "mined-culvert") in \
        state.zones["action-discard"].contents()
    finish(state, passing)
    assert state.sites[0].result["empty"] and state.vp == [0, 0, 0, 0]
    assert state.location is None and state.won_locations == [[], [], [], []]  # nobody won a plot


@rules("ability-explosives", "ability-explosives-plot-gone")
def test_explosives_on_a_march_turn_send_the_characters_at_the_plot_to_their_reserves():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p3=Seat(lineup=["kondrat-shchukin"])), plots=[
        PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev", ("arvid-kalnins", 1)])]),
        PlotSpot("bribing-the-stationmaster", [Squad(2, ["otakar-sip"])])])
    state = built(layout, ("march_turn", 3), ("evaluate_all",), ("award_location",))
    answer(state, ("explode", ch("kondrat-shchukin"), 0))
    assert state.graveyard == [ch("kondrat-shchukin")]
    assert state.reserve[0] == [ch("konstantin-arsenyev")] and state.reserve[1] == [ch("arvid-kalnins")]
    finish(state, passing)
    assert state.vp == [0, 0, 2 + 3, 0]  # nobody gains the destroyed plot; player 2 won the only other
    assert state.sites[0].result is None and state.won_locations[2] == [card("location", FIRST_LEVEL)]


# --- Comradery --------------------------------------------------------------------------------------------------------
@rules("ability-comradery")
def test_comradery_joins_a_squad_holding_a_red_without_a_matching_icon():
    # rosa zaidel (charisma, Comradery) and dmitri ozerov (charisma, none) at a combat plot
    layout = Layout(location=FIRST_LEVEL, seats=seats(p1=Seat(lineup=["rosa-zaidel"]),
                                                      p0=Seat(lineup=["dmitri-ozerov"])),
                    plots=[PlotSpot("looters-in-the-goods-yard", [Squad(2, ["vilem-krejci", ("arvid-kalnins", 1)]),
                                                                  Squad(3, ["kirill-lagutin"])])])
    state = built(layout, ("march_turn", 1))
    assert state.legal_actions() == [("join", ch("rosa-zaidel"), 0, 2), PASS]  # not a squad of its own there
    answer(state, ("join", ch("rosa-zaidel"), 0, 2))
    assert state.sites[0].squad_of(2) == [ch("vilem-krejci"), ch("arvid-kalnins"), ch("rosa-zaidel")]
    state = built(layout, ("march_turn", 0))
    # without Comradery: nowhere to go, so player 0 could only pass
    assert state.passed == {0} and state.lineup[0] == [ch("dmitri-ozerov")]
    assert state.pending == ("march_turn", 1)
