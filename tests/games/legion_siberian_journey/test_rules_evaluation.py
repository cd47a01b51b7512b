"""Plot evaluation: the Check, Tactics, the Count and Manoeuvres, plot by plot from the left; ties and the secret
bids that break them; rewards; and the award of the location."""

from __future__ import annotations

from pnpforge.games.legion_siberian_journey.log import CoopFailed, LocationDiscarded, PlotPaid, SecretBids, TrapSprung

from tests.games.legion_siberian_journey.helpers import (
    Layout, PlotSpot, Seat, Squad, answer, built, card, ch, data, events, finish, game, rules, seats_with)

QUIET = {0: "nikolai-ostrozhsky", 1: "pavel-postnikov", 2: "emanuel-blaha", 3: "reinhold-von-kessel"}
FIRST_LEVEL, SECOND_LEVEL = "petropavlovsk-on-the-ishim", "amur-ice-at-blagoveshchensk"  # locations without effects
PASS = ("pass",)


def seats(players: int = 4, **given: Seat) -> dict[int, Seat]:
    return seats_with(QUIET, players, **given)


def passing(state, legal):
    """Answer every question with a pass where there is one."""
    return PASS if PASS in legal else legal[0]


def evaluated(plots, *steps, location=FIRST_LEVEL, **given):
    """The plots with their squads, evaluated left to right, then ``steps``; stopped at the first question."""
    layout = Layout(location=location, seats=seats(**given), plots=plots)
    return built(layout, ("evaluate_all",), *steps)


# --- the rulebook's example -------------------------------------------------------------------------------------------
@rules("plot-cooperative-reward-ladder", "plot-reward-to-squad-owner", "eval-step-count",
       "eval-characters-to-reserve")
def test_the_rulebooks_deserters_example():
    # Jan (0) has a squad of 4 and lends his last character to Tereza (1): 9 + 3; Michal (2) has 11
    jan, tereza, michal = ["mikhail-veretennikov"], ["dmitri-yashin", "yakov-pozdeev", ("pavel-sukhov", 0)], \
        ["jiri-svoboda", "jaroslav-moravec"]
    state = finish(evaluated([PlotSpot("deserters", [Squad(0, jan), Squad(1, tereza), Squad(2, michal)])],
                             location=SECOND_LEVEL), passing)
    result = state.sites[0].result
    assert result["strength"] == (12, 11, 4) and result["places"] == (1, 2, 0)
    assert state.vp == [0, 6, 3, 0]  # the ladder pays two squads only; Jan gets a promise
    assert state.reserve == [[ch("mikhail-veretennikov"), ch("pavel-sukhov")],
                             sorted([ch("dmitri-yashin"), ch("yakov-pozdeev")]),
                             sorted([ch("jiri-svoboda"), ch("jaroslav-moravec")]), []]
    assert state.sites[0].done and not state.sites[0].squads


# --- the Check --------------------------------------------------------------------------------------------------------
@rules("eval-step-check", "plot-cooperative-difficulty")
def test_a_cooperative_plot_is_won_only_when_the_total_there_beats_its_difficulty():
    # wolves around the bivouac: difficulty 8, rewards 3 / 1
    beaten = finish(evaluated([PlotSpot("wolves-around-the-bivouac", [
        Squad(0, ["aristarkh-mezentsev"]), Squad(1, ["dmitri-yashin"])])]), passing)  # 5 + 4 = 9
    assert beaten.vp == [3, 1, 0, 0]
    assert not beaten.sites[0].result["failed"]
    equal = finish(evaluated([PlotSpot("wolves-around-the-bivouac", [
        Squad(0, ["aristarkh-mezentsev"]), Squad(1, ["red-guard-volunteer"])])]), passing)  # 5 + 3 = 8
    assert equal.vp == [0, 0, 0, 0]
    assert equal.sites[0].result["failed"] and equal.sites[0].result["total"] == 8


@rules("plot-cooperative-difficulty")
def test_a_raised_difficulty_is_part_of_what_must_be_beaten():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p0=Seat(hand=["bridge-washed-out"])),
                    plots=[PlotSpot("wolves-around-the-bivouac", [
                        Squad(0, ["konstantin-arsenyev"]), Squad(1, ["dmitri-yashin"])])])  # 7 + 4 = 11
    state = built(layout, ("prepare", 0), ("evaluate", 0))
    answer(state, ("play", card("action", "bridge-washed-out")))  # the only cooperative plot: 8 + 3 = 11
    finish(state, passing)
    assert state.sites[0].result["failed"] and state.vp == [0, 0, 0, 0]


@rules("eval-check-fail")
def test_a_failed_check_ends_the_plot_at_once_with_everyone_there_in_the_reserve():
    layout = Layout(
        location=FIRST_LEVEL,
        seats=seats(p0=Seat(hand=["hurrah-for-the-regiment"]), p2=Seat(hand=["mined-culvert"])),
        plots=[PlotSpot("wolves-around-the-bivouac", [Squad(0, ["railway-guard", ("runner-boy", 1)]),
                                                      Squad(1, ["rosa-zaidel"])]),  # 2 + 1 + 5 = 8, not above 8
               PlotSpot("looters-in-the-goods-yard", [Squad(3, ["kirill-lagutin"])])])
    trap = card("action", "mined-culvert")
    state = built(layout, ("prepare", 2), ("evaluate_all",))
    answer(state, ("trap", trap, 0))
    # player 0's first Tactics question is at the second plot: the failed one had no Tactics
    assert state.pending == ("tactics", 0, 1, 0)
    result = state.sites[0].result
    assert result["failed"] and result["total"] == 8 and result["winners"] == () and "paid" not in result
    assert state.sites[0].done and not state.sites[0].squads
    assert state.reserve[0] == [ch("railway-guard")]
    assert state.reserve[1] == sorted([ch("runner-boy"), ch("rosa-zaidel")])  # the helper to its own Reserve
    assert not state.wounded and trap in state.zones["action-discard"].contents()  # the trap never acted
    assert TrapSprung(1, 2, trap) not in state.log
    finish(state, passing)
    assert state.vp == [0, 0, 0, 2]


@rules("eval-check-competitive")
def test_a_competitive_plot_has_no_check_however_weak_the_squads():
    state = finish(evaluated([PlotSpot("maxim-in-the-grain-elevator", [Squad(2, ["czech-colonist-volunteer"])])]),
                   passing)
    assert not state.sites[0].result["failed"]
    assert state.vp == [0, 0, 3, 0]
    assert not events(state, CoopFailed)


@rules("eval-step-check")
def test_the_check_is_made_once_before_tactics_which_cannot_undo_it():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p2=Seat(hand=["sniper-on-the-water-tower"])),
                    plots=[PlotSpot("wolves-around-the-bivouac", [
                        Squad(0, ["aristarkh-mezentsev"]), Squad(1, ["dmitri-yashin"])])])  # 9 against 8
    state = built(layout, ("evaluate", 0))
    assert state.pending == ("tactics", 2, 0, 2)
    answer(state, ("play", card("action", "sniper-on-the-water-tower")), ("pick", ch("aristarkh-mezentsev")))
    finish(state, passing)
    assert state.sites[0].result["strength"] == (4, 3)  # 7 now, under the difficulty, but the Check is passed
    assert state.vp == [1, 3, 0, 0]


# --- competitive plots and rewards ----------------------------------------------------------------------------------
@rules("plot-competitive-strength", "plot-competitive-whole-reward", "plot-reward-victory-points")
def test_the_squad_with_the_highest_total_takes_the_whole_reward_of_a_competitive_plot():
    state = finish(evaluated([PlotSpot("maxim-in-the-grain-elevator", [
        Squad(0, ["konstantin-arsenyev"]),  # 7
        Squad(1, ["yakov-pozdeev", "red-guard-volunteer"]),  # 5 + 3 = 8
        Squad(2, ["jiri-svoboda", "czech-colonist-volunteer"])])]), passing)  # 5 + 1 = 6
    assert state.sites[0].result["places"] == (1, 0, 2) and state.sites[0].result["strength"] == (8, 7, 6)
    assert state.vp == [0, 3, 0, 0]  # all three points to the winner, nothing to the others
    assert state.sites[0].result["paid"] == ((1, 3),)


@rules("plot-reward-to-squad-owner", "reward-other-effects")
def test_a_plots_points_and_other_rewards_go_to_the_squads_starter_only():
    # horse thieves at dawn: 1 point and 2 resources; player 0's strong helper wins it for player 1
    state = finish(evaluated([PlotSpot("horse-thieves-at-dawn", [
        Squad(1, ["taiga-partisan", ("konstantin-arsenyev", 0)]), Squad(2, ["vilem-krejci"])])]), passing)
    assert state.vp == [0, 1, 0, 0]
    assert state.resources == [0, 2, 0, 0]


@rules("reward-other-effects")
def test_some_plots_reward_with_action_cards_or_the_first_player_token():
    state = finish(evaluated([PlotSpot("listening-at-the-telegraph-office", [Squad(3, ["vavila-sukhorukov"])]),
                              PlotSpot("wedding-at-the-junction", [Squad(2, ["karel-hora"])])]), passing)
    assert state.vp == [0, 0, 1, 1]
    assert len(state.hand(3)) == 1 and len(state.hand(2)) == 0
    assert state.next_first == 2


# --- the steps in order ---------------------------------------------------------------------------------------------
@rules("eval-left-to-right")
def test_plots_are_evaluated_one_at_a_time_from_the_left():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p1=Seat(hand=["hurrah-for-the-regiment"])), plots=[
        PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev"]), Squad(1, ["yakov-pozdeev"])]),
        PlotSpot("bribing-the-stationmaster", [Squad(2, ["otakar-sip"])]),
        PlotSpot("recruiting-volunteers", [Squad(3, ["hideo-kuroki"]), Squad(1, ["nadezhda-gorina"])])])
    state = built(layout, ("evaluate_all",))
    assert state.pending == ("tactics", 1, 0, 1)  # the leftmost plot first; the others wait untouched
    assert [s.done for s in state.sites] == [False, False, False]
    answer(state, PASS)
    assert state.pending == ("tactics", 1, 1, 1)
    assert [s.done for s in state.sites] == [True, False, False] and state.vp == [2, 0, 0, 0]
    answer(state, PASS)
    assert state.pending == ("tactics", 1, 2, 1)
    assert [s.done for s in state.sites] == [True, True, False] and state.vp == [2, 0, 2, 0]
    finish(state, passing)
    assert [e.plot for e in events(state, PlotPaid)] == [card("plot", item) for item in (
        "looters-in-the-goods-yard", "bribing-the-stationmaster", "recruiting-volunteers")]


@rules("eval-step-tactics")
def test_tactics_turn_the_traps_up_then_go_around_until_everyone_passes_in_a_row():
    layout = Layout(
        location=FIRST_LEVEL, first=1,
        seats=seats(p0=Seat(hand=["hurrah-for-the-regiment", "armoured-train-support"]),
                    p2=Seat(hand=["sniper-on-the-water-tower"]), p3=Seat(hand=["frozen-rifle-bolts"])),
        plots=[PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev"]), Squad(2, ["vilem-krejci"]),
                                                      Squad(3, ["kirill-lagutin"])])])
    state = built(layout, ("prepare", 3), ("evaluate", 0))
    answer(state, ("trap", card("action", "frozen-rifle-bolts"), 0))
    # the trap acts (every other squad -1) before any Tactics question; player 1, first, has nothing to play
    assert state.sites[0].boost == {ch("konstantin-arsenyev"): -1, ch("vilem-krejci"): -1}
    assert state.pending == ("tactics", 2, 0, 1)
    answer(state, PASS)
    assert state.pending == ("tactics", 0, 0, 3)
    answer(state, ("play", card("action", "hurrah-for-the-regiment")))  # +2 on its only character there
    assert state.pending == ("tactics", 2, 0, 1)  # player 2 passed before and may still play
    answer(state, ("play", card("action", "sniper-on-the-water-tower")), ("pick", ch("konstantin-arsenyev")))
    assert state.pending == ("tactics", 0, 0, 1)
    assert state.sites[0].boost[ch("konstantin-arsenyev")] == -1 + 2 - 2
    answer(state, PASS)
    assert state.is_terminal()  # four passes in a row: the Count
    assert state.sites[0].result["places"] == (3, 0, 2) and state.sites[0].result["strength"] == (7, 6, 6)
    assert state.vp == [0, 0, 0, 2]
    assert state.hand(0) == (card("action", "armoured-train-support"),)


@rules("eval-step-manoeuvres")
def test_manoeuvres_come_after_the_count_one_at_a_time_from_the_first_player():
    layout = Layout(
        location=FIRST_LEVEL, first=2,
        seats=seats(p0=Seat(hand=["citation-in-the-army-gazette"]), p1=Seat(hand=["pursuit-of-the-routed"]),
                    p2=Seat(hand=["looting-the-baggage-train"], resources=0), p3=Seat(resources=5)),
        plots=[PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev"]),
                                                      Squad(3, ["wang-dechang"])])])
    state = built(layout, ("evaluate", 0))
    assert state.pending == ("manoeuvre", 2, 0)
    assert state.vp == [2, 0, 0, 0]  # counted already
    answer(state, ("play", card("action", "looting-the-baggage-train")))
    assert state.resources == [0, 0, 3, 2] and state.pending == ("manoeuvre", 0, 0)  # player 3 has no card
    answer(state, ("play", card("action", "citation-in-the-army-gazette")))
    assert state.vp == [4, 0, 0, 0]
    assert state.pending == ("manoeuvre", 1, 0)
    answer(state, ("play", card("action", "pursuit-of-the-routed")))
    assert ch("wang-dechang") in state.wounded  # the losing squad's starter had only one member to pick
    assert state.is_terminal() and state.sites[0].done


# --- ties -------------------------------------------------------------------------------------------------------------
@rules("tie-more-characters")
def test_a_squad_tie_goes_to_the_squad_with_more_characters():
    state = finish(evaluated([PlotSpot("looters-in-the-goods-yard", [
        Squad(0, ["konstantin-arsenyev"]), Squad(1, ["dmitri-yashin", "red-guard-volunteer"])])]), passing)
    assert state.sites[0].result["strength"] == (7, 7)
    assert state.vp == [0, 2, 0, 0]


@rules("tie-strongest-character")
def test_a_tie_of_equal_size_goes_to_the_squad_with_the_strongest_character():
    state = finish(evaluated([PlotSpot("looters-in-the-goods-yard", [
        Squad(0, ["mikhail-veretennikov", "pavel-sukhov"]),  # 4 + 3
        Squad(1, ["yakov-pozdeev", "nestor-vikhrov"])])]), passing)  # 5 + 2
    assert state.sites[0].result["strength"] == (7, 7)
    assert state.sites[0].result["places"] == (1, 0)
    assert state.vp == [0, 2, 0, 0]


def _even_duel(**given) -> object:
    return evaluated([PlotSpot("looters-in-the-goods-yard", [
        Squad(0, ["konstantin-arsenyev"]), Squad(1, ["arvid-kalnins"])])], **given)


@rules("tie-secret-bid", "tie-secret-bid-payment")
def test_a_tie_left_after_size_and_strongest_is_settled_by_a_secret_bid_the_winner_pays():
    state = _even_duel(p0=Seat(resources=4), p1=Seat(resources=3))
    assert state.pending == ("secret", 0)
    assert state.legal_actions() == [("secret", n) for n in range(5)]
    answer(state, ("secret", 2))
    assert state.pending == ("secret", 1)
    hidden = state.observation(1)
    other = _even_duel(p0=Seat(resources=4), p1=Seat(resources=3))
    answer(other, ("secret", 3))
    assert other.observation(1) == hidden  # the bid is secret until both are in
    answer(state, ("secret", 1))
    finish(state, passing)
    assert SecretBids(1, "plot", ((0, 2), (1, 1))) in state.log  # shown together
    assert state.resources == [2, 3, 0, 0]  # the higher bid goes to the bank, the lower is kept
    assert state.vp == [2, 0, 0, 0]


@rules("tie-secret-bid-equal")
def test_equal_secret_bids_bid_again_and_the_second_higher_bid_alone_is_paid():
    state = _even_duel(p0=Seat(resources=4), p1=Seat(resources=4))
    answer(state, ("secret", 2), ("secret", 2))
    assert state.resources == [4, 4, 0, 0] and state.pending == ("secret", 0)
    answer(state, ("secret", 0), ("secret", 3))
    finish(state, passing)
    assert state.resources == [4, 1, 0, 0]
    assert state.vp == [0, 2, 0, 0]


@rules("tie-secret-bid-equal")
def test_equal_secret_bids_twice_leave_it_to_a_coin_and_nobody_pays():
    state = _even_duel(p0=Seat(resources=3), p1=Seat(resources=3))
    answer(state, ("secret", 1), ("secret", 1), ("secret", 2), ("secret", 2))
    assert state.is_chance_node() and sorted(state.legal_actions()) == [("coin", (0, 1)), ("coin", (1, 0))]
    state.apply_action(("coin", (1, 0)))
    finish(state, passing)
    assert state.resources == [3, 3, 0, 0]
    assert state.vp == [0, 2, 0, 0]


@rules("tie-scope", "tie-more-characters")
def test_places_on_a_cooperative_ladder_are_broken_the_same_way():
    # beating off the red guard column: difficulty 12, rewards 5 / 3 / 1
    state = finish(evaluated([PlotSpot("beating-off-the-red-guard-column", [
        Squad(0, ["konstantin-arsenyev", "railway-guard"]),  # 9
        Squad(1, ["grigory-tetyukhin"]),  # 6
        Squad(2, ["kamil-hroch", "czech-colonist-volunteer"]),  # 6 with two characters: second
        Squad(3, ["transbaikal-cossack"])])]), passing)  # 4
    assert state.sites[0].result["places"] == (0, 2, 1, 3)
    assert state.vp == [5, 1, 3, 0]


@rules("tie-scope", "tie-secret-bid")
def test_a_tie_between_squads_the_ladder_does_not_pay_needs_no_bid():
    # wolves around the bivouac: difficulty 8, rewards 3 / 1; third and fourth are equal and unpaid
    state = evaluated([PlotSpot("wolves-around-the-bivouac", [
        Squad(0, ["konstantin-arsenyev"]), Squad(1, ["grigory-tetyukhin"]),
        Squad(2, ["jan-hus-rifleman"]), Squad(3, ["transbaikal-cossack"])])],
        p2=Seat(resources=5), p3=Seat(resources=5))
    assert state.is_terminal() and not events(state, SecretBids)
    assert state.vp == [3, 1, 0, 0] and state.resources == [0, 0, 5, 5]
    tied_for_second = evaluated([PlotSpot("wolves-around-the-bivouac", [
        Squad(0, ["konstantin-arsenyev"]), Squad(1, ["taiga-partisan"]),
        Squad(2, ["jan-hus-rifleman"])])], p1=Seat(resources=2), p2=Seat(resources=2))
    assert tied_for_second.pending == ("secret", 1)  # second place pays: the tie matters
    answer(tied_for_second, ("secret", 0), ("secret", 1))
    finish(tied_for_second, passing)
    assert tied_for_second.vp == [3, 0, 1, 0] and tied_for_second.resources == [0, 2, 1, 0]


# --- the location ---------------------------------------------------------------------------------------------------
LOCATION_VP = 3  # petropavlovsk on the ishim


@rules("location-most-plots")
def test_the_player_who_won_most_plots_takes_the_location_and_its_points():
    state = finish(evaluated([
        PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev"])]),
        PlotSpot("maxim-in-the-grain-elevator", [Squad(1, ["arvid-kalnins"])]),
        PlotSpot("bribing-the-stationmaster", [Squad(0, ["irina-voeykova"])])], ("award_location",)), passing)
    assert state.vp == [2 + 2 + LOCATION_VP, 3, 0, 0]
    assert state.won_locations == [[card("location", FIRST_LEVEL)], [], [], []]
    assert state.location is None


@rules("location-what-counts")
def test_first_place_on_a_cooperative_plot_is_a_win_and_lower_places_are_not():
    # player 0 comes second on two cooperative plots and scores the most points, but wins no plot
    state = finish(evaluated([
        PlotSpot("hiding-the-regimental-funds", [Squad(1, ["samuil-vaksman", "boris-gertsen"]),  # 11: 3 points
                                                 Squad(0, ["irina-voeykova"])]),  # 6: 2 points
        PlotSpot("smuggling-rifles-in-coffins", [Squad(2, ["otakar-sip", "karel-hora"]),  # 13: 4 points
                                                 Squad(0, ["nikolai-zvyagin"])])],  # 5: 2 points
        ("award_location",)), passing)
    assert [site.result["winners"] for site in state.sites] == [(1,), (2,)]
    # players 1 and 2 won a plot each; player 2 made more points there
    assert state.won_locations == [[], [], [card("location", FIRST_LEVEL)], []]
    assert state.vp == [4, 3, 4 + LOCATION_VP, 0]


@rules("location-tie-plot-points")
def test_a_tie_on_plots_goes_to_the_player_with_more_points_from_this_rounds_plots():
    state = finish(evaluated([
        PlotSpot("maxim-in-the-grain-elevator", [Squad(0, ["konstantin-arsenyev"])]),  # 3
        PlotSpot("looters-in-the-goods-yard", [Squad(1, ["arvid-kalnins"])])],  # 2
        ("award_location",), p1=Seat(vp=10)), passing)
    assert state.won_locations == [[card("location", FIRST_LEVEL)], [], [], []]
    assert state.vp == [3 + LOCATION_VP, 12, 0, 0]  # points from earlier rounds do not count


@rules("location-tie-best-plot")
def test_then_to_the_player_whose_single_best_plot_paid_most():
    # player 0: first on the cooperative plot, 3; player 1: the competitive plot, 1, and second, 2
    state = finish(evaluated([
        PlotSpot("hiding-the-regimental-funds", [Squad(0, ["irina-voeykova"]), Squad(1, ["boris-gertsen"])]),
        PlotSpot("courting-the-merchant-guild", [Squad(1, ["samuil-vaksman"])])], ("award_location",)), passing)
    assert state.sites[0].result["paid"] == ((0, 3), (1, 2)) and state.sites[1].result["paid"] == ((1, 1),)
    assert state.won_locations == [[card("location", FIRST_LEVEL)], [], [], []]
    assert state.vp == [3 + LOCATION_VP, 3, 0, 0]


@rules("location-tie-secret-bid")
def test_a_tie_on_plots_points_and_best_plot_goes_to_a_secret_bid_paid_by_the_winner():
    state = evaluated([
        PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev"])]),
        PlotSpot("skirmish-at-the-level-crossing", [Squad(1, ["arvid-kalnins"])])],
        ("award_location",), p0=Seat(resources=2), p1=Seat(resources=2))
    assert state.pending == ("secret", 0)
    answer(state, ("secret", 0), ("secret", 1))
    assert state.is_terminal()
    assert state.won_locations == [[], [card("location", FIRST_LEVEL)], [], []]
    assert state.vp == [2, 2 + LOCATION_VP, 0, 0] and state.resources == [2, 1, 0, 0]
    assert SecretBids(1, "location", ((0, 0), (1, 1))) in state.log


@rules("location-no-winner")
def test_the_location_is_discarded_when_nobody_won_a_plot():
    state = finish(evaluated([
        PlotSpot("wolves-around-the-bivouac", [Squad(0, ["railway-guard"]), Squad(1, ["red-guard-volunteer"])]),
        PlotSpot("looters-in-the-goods-yard")], ("award_location",)), passing)
    assert state.sites[0].result["failed"] and state.sites[1].result["empty"]
    assert state.location is None and state.won_locations == [[], [], [], []]
    assert state.vp == [0, 0, 0, 0]
    assert LocationDiscarded(1, card("location", FIRST_LEVEL)) in state.log


def test_a_standing_rule_adds_to_a_number_what_each_of_its_effects_qualifies_for():
    """``standing_number`` reads each commander's and location's ``number`` effects once, as (bit, ability, amount):
    for every commander and location of the pack and every character, shown an extra attribute or not, it adds up
    the amounts of the effects ``qualifies`` finds the character is named by, and some add something."""
    from pnpforge.games.legion_siberian_journey import standing
    from pnpforge.games.legion_siberian_journey.data import BIT

    state = game(2).new_initial_state()
    tables = data()
    added = 0
    for commander in tables.commanders:
        state.commander[0] = commander
        for location in range(len(tables.locations)):
            state.location = location
            effects = tables.commanders[commander].by_effect.get("number", ())
            effects += tables.locations[location].by_effect.get("number", ())
            for character in range(len(tables.characters)):
                state.owner[character] = 0
                for shown in (0, BIT["charisma"]):
                    state.shown = {character: shown} if shown else {}
                    expected = sum(e["amount"] for e in effects if standing.qualifies(state, character, e))
                    assert standing.standing_number(state, character) == expected
                    added += expected != 0
    assert added > 0
