"""The Clean-up, the final location, the end of the game and the graveyard."""

from __future__ import annotations

import pytest

from pnpforge.games.legion_siberian_journey.log import FinalChosen, GameWon

from tests.games.legion_siberian_journey.helpers import (
    Layout, PlotSpot, Seat, Squad, answer, built, card, ch, data, events, rules, seats_with)

# commanders whose standing effects stay out of the way (no bid bonus, no draws, no healing, no location bonus)
QUIET = {0: "nikolai-ostrozhsky", 1: "matvei-lysenko", 2: "radim-novotny", 3: "illarion-chernobrovkin"}
CLEAN_UP = ("clean_up",)


def loc(item: str) -> int:
    return card("location", item)


def seats(players: int = 2, **given: Seat) -> dict[int, Seat]:
    return seats_with(QUIET, players, **given)


def finals() -> list[int]:
    return sorted(data().location_decks["final"])


# --- the Clean-up -----------------------------------------------------------------------------------------------------
@rules("cleanup-clear-board")
def test_the_clean_up_clears_the_plot_row_and_the_plots_leave_the_game():
    rows = ["looters-in-the-goods-yard", "wolves-around-the-bivouac"]
    state = built(Layout(round=1, plots=[PlotSpot(p) for p in rows], seats=seats()), CLEAN_UP, players=2)
    assert state.pending == ("reveal_location", "first")
    assert state.sites == []
    deck = state.zones["plots:first"]
    assert deck.size == 64 - 2
    assert not {card("plot", p) for p in rows} & set(deck.contents())


@rules("cleanup-effects", "turn-order-clockwise")
def test_clean_up_effects_are_carried_out_in_turn_order_from_the_first_player():
    layout = Layout(round=1, first=1, seats=seats(
        p0=Seat(resources=0, lineup=["arkady-pruzhinin"], hand=["diplomatic-pouch-from-vladivostok"]),
        p1=Seat(resources=0, reserve=["ulyana-krotova"], hand=["pay-chest-from-the-gold-train"])))
    state = built(layout, CLEAN_UP, players=2)
    assert state.pending == ("clean_up_cards", 1)
    assert state.resources == [0, 1]  # player 1's character has paid out; player 0's has not yet
    answer(state, ("play", card("action", "pay-chest-from-the-gold-train")))
    assert state.pending == ("clean_up_cards", 0)
    assert state.resources == [1, 4]
    answer(state, ("pass",))
    assert state.pending == ("reveal_location", "first")
    assert state.hand(0) == (card("action", "diplomatic-pouch-from-vladivostok"),)


@rules("cleanup-reserve-to-lineup", "cleanup-wounds-stay")
def test_the_reserve_returns_to_the_line_up_and_wounds_stay():
    p0 = Seat(lineup=["railway-guard"], reserve=["konstantin-arsenyev", "gleb-yartsev"],
              wounded=["gleb-yartsev", "railway-guard"])
    layout = Layout(round=2, seats=seats(p0=p0, p1=Seat(reserve=["arvid-kalnins"])))
    state = built(layout, CLEAN_UP, players=2)
    assert state.reserve == [[], []]
    assert state.lineup == [sorted(ch(c) for c in ("railway-guard", "konstantin-arsenyev", "gleb-yartsev")),
                            [ch("arvid-kalnins")]]
    assert state.wounded == {ch("gleb-yartsev"), ch("railway-guard")}


@pytest.mark.parametrize("round_, level", [(1, "first"), (2, "second"), (3, "second")])
@rules("cleanup-reveal-location", "location-sequence")
def test_the_clean_up_ends_by_turning_up_the_next_round_s_location(round_, level):
    state = built(Layout(round=round_, seats=seats(p1=Seat(vp=1))), CLEAN_UP, players=2)
    if state.pending[0] == "final_location":  # round 3 chooses the final location first
        answer(state, state.legal_actions()[0])
    assert state.pending == ("reveal_location", level)
    assert sorted(c for c, _ in state.chance_outcomes()) == sorted(state.zones[f"locations:{level}"].contents())
    nxt = next(c for c, _ in state.chance_outcomes())
    state.apply_action(nxt)
    assert state.round == round_ + 1 and state.location == nxt
    assert state.pending == ("market_character",)  # the next round has begun


# --- the final location -----------------------------------------------------------------------------------------------
@rules("final-location-choice", "final-location-pack")
def test_in_round_three_the_lowest_scorer_chooses_the_final_location_and_lays_it_open():
    layout = Layout(round=3, seats=seats(4, p0=Seat(vp=4), p1=Seat(vp=2), p2=Seat(vp=6), p3=Seat(vp=3)))
    state = built(layout, CLEAN_UP)
    assert state.pending == ("final_location", 1)
    assert state.legal_actions() == [("final", c) for c in finals()]
    kolchak = loc("kolchaks-last-stand")
    answer(state, ("final", kolchak))
    assert state.final_location == kolchak and kolchak not in state.zones["locations:final"].contents()
    assert events(state, FinalChosen) == [FinalChosen(3, 1, kolchak)]
    assert state.pending == ("reveal_location", "second")  # round four is still an ordinary location
    state.apply_action(loc("omsk-ministries"))
    assert (state.round, state.location, state.final_location) == (4, loc("omsk-ministries"), kolchak)


@rules("final-location-choice")
def test_the_final_location_is_chosen_in_round_three_only():
    for round_ in (1, 2, 4):
        state = built(Layout(round=round_, final_location="kolchaks-last-stand" if round_ == 4 else None,
                             seats=seats(p1=Seat(vp=1))), CLEAN_UP, players=2)
        assert not events(state, FinalChosen)
        assert state.pending[0] in ("reveal_location", "market_character")


@rules("final-location-pack", "location-sequence")
def test_round_five_is_played_at_the_chosen_final_location():
    layout = Layout(round=4, location="omsk-ministries", final_location="ice-march-ends-at-chita",
                    seats=seats(p0=Seat(resources=1)))  # more resources: player 0 is first, by no chance
    state = built(layout, CLEAN_UP, players=2)
    assert state.pending == ("market_character",)  # no location was drawn
    assert (state.round, state.location, state.final_location) == (5, loc("ice-march-ends-at-chita"), None)
    assert data().locations[state.location].level == "final"


@rules("final-location-tie")
def test_a_shared_lowest_score_is_settled_by_a_secret_bid_paid_by_the_higher_bidder():
    layout = Layout(round=3, seats=seats(3, p0=Seat(vp=2, resources=4), p1=Seat(vp=5, resources=9),
                                         p2=Seat(vp=2, resources=4)))
    state = built(layout, CLEAN_UP, players=3)
    assert state.pending == ("secret", 0)
    assert state.legal_actions() == [("secret", n) for n in range(5)]
    answer(state, ("secret", 1), ("secret", 3))
    assert state.pending == ("final_location", 2)
    assert state.resources == [4, 9, 1]  # the higher bid is paid, the lower kept


@rules("final-location-tie")
def test_equal_secret_bids_twice_leave_the_choice_to_chance_and_nobody_pays():
    tied = Seat(vp=2, resources=4)
    layout = Layout(round=3, seats=seats(3, p0=tied, p1=Seat(vp=5), p2=Seat(vp=2, resources=4)))
    state = built(layout, CLEAN_UP, players=3)
    answer(state, ("secret", 2), ("secret", 2), ("secret", 1), ("secret", 1))
    assert state.is_chance_node()
    assert sorted(state.legal_actions()) == [("coin", (0, 2)), ("coin", (2, 0))]
    state.apply_action(("coin", (2, 0)))
    assert state.pending == ("final_location", 2)
    assert state.resources == [4, 0, 4]


# --- the end ----------------------------------------------------------------------------------------------------------
@rules("end-after-last-location", "end-most-points-wins")
def test_the_game_ends_when_the_final_location_is_awarded_with_no_clean_up():
    layout = Layout(round=5, location="kolchaks-last-stand",
                    plots=[PlotSpot("fight-for-glazkovo-station", [Squad(0, ["konstantin-arsenyev"])])],
                    seats=seats(p0=Seat(vp=3, resources=2, reserve=["arkady-pruzhinin"]), p1=Seat(vp=14)))
    state = built(layout, ("evaluate_all",), ("award_location",), ("round_end",), players=2)
    assert state.is_terminal()
    assert state.vp == [3 + 5 + 7, 14]  # the plot's 5 and the location's 7
    assert state.won_locations[0] == [loc("kolchaks-last-stand")]
    assert state.returns() == [1.0, 0.0]
    assert events(state, GameWon) == [GameWon(5, (0,))]
    # no Clean-up: the characters stay in the Reserve and no Clean-up effect pays out
    assert sorted(state.reserve[0]) == sorted([ch("konstantin-arsenyev"), ch("arkady-pruzhinin")])
    assert state.resources == [2, 0]


@rules("end-most-points-wins")
def test_the_highest_total_of_points_wins():
    layout = Layout(round=5, seats=seats(3, p0=Seat(vp=7, locations=["kazan-on-the-volga", "omsk-ministries"]),
                                         p1=Seat(vp=11), p2=Seat(vp=9, resources=20)))
    state = built(layout, ("round_end",), players=3)
    assert state.returns() == [0.0, 1.0, 0.0]


@pytest.mark.parametrize("p0, p1, returns", [
    (Seat(vp=10, locations=["kazan-on-the-volga", "omsk-ministries"]), Seat(vp=10, resources=9,
                                                                           locations=["tyumen-horse-fair"]), [1, 0]),
    (Seat(vp=10, resources=3, locations=["kazan-on-the-volga"]), Seat(vp=10, resources=5,
                                                                     locations=["tyumen-horse-fair"]), [0, 1]),
    (Seat(vp=10, resources=4), Seat(vp=10, resources=4), [0.5, 0.5]),
])
@rules("end-tie")
def test_a_tie_for_the_win_goes_to_more_locations_then_more_resources_else_it_is_shared(p0, p1, returns):
    state = built(Layout(round=5, seats=seats(p0=p0, p1=p1)), ("round_end",), players=2)
    assert state.is_terminal() and state.returns() == returns


# --- the graveyard ----------------------------------------------------------------------------------------------------
@rules("graveyard")
def test_a_dead_character_goes_to_the_graveyard_and_takes_no_further_part():
    gleb = ch("gleb-yartsev")
    p0 = Seat(lineup=["gleb-yartsev", "railway-guard"], wounded=["gleb-yartsev"])
    layout = Layout(round=1, seats=seats(p0=p0, p1=Seat(lineup=["yakov-pozdeev", "dmitri-yashin"])))
    alive = built(layout, ("choose_first",), players=2)
    assert alive.first == 0  # two characters each, and Gleb (6) is the strongest
    state = built(layout, ("wound", gleb), ("choose_first",), CLEAN_UP, players=2)
    assert state.graveyard == [gleb] and gleb not in state.wounded
    assert state.living(0) == [ch("railway-guard")]
    assert state.first == 1  # Gleb no longer counts
    assert gleb not in state.lineup[0] + state.reserve[0]  # the Clean-up does not bring him back
    assert gleb not in state.zones["characters"].contents()
