"""The Auction: turns and their four options, the home-faction bonus, settling the bids, the sworn enemies, and when
action cards may be played."""

from __future__ import annotations

from pnpforge.engine.zones import Visibility

from tests.games.legion_siberian_journey.helpers import (
    Layout, PlotSpot, Seat, Squad, act, answer, built, ch, data, rules, seats_with)

# commanders whose standing effects stay out of the way (no bid bonus, no draws, no healing)
QUIET = {0: "nikolai-ostrozhsky", 1: "matvei-lysenko", 2: "radim-novotny", 3: "illarion-chernobrovkin"}
PASS = ("pass",)


def seats(players: int = 2, **given: Seat) -> dict[int, Seat]:
    return seats_with(QUIET, players, **given)


def auction(market, players: int = 2, factions=None, auto: bool = True, first: int = 0, **given: Seat):
    layout = Layout(first=first, market=market, seats=seats(players, **given))
    return built(layout, ("auction",), players=players, factions=factions, auto=auto)


def kinds(state) -> set[str]:
    return {a[0] for a in state.legal_actions()}


def slots_open_to(state) -> set[int]:
    return {a[1] for a in state.legal_actions() if a[0] == "bid"}


# --- turns and options ------------------------------------------------------------------------------------------------
@rules("auction-turns")
def test_a_turn_offers_the_four_options_and_takes_exactly_one():
    state = auction(["gleb-yartsev", "letter-of-credit-from-omsk"],
                    p0=Seat(resources=5, lineup=["kuzma-dyatlov"], hand=["smuggled-sable-pelts"]),
                    p1=Seat(resources=4))
    assert state.pending == ("bid_turn", 0)
    assert kinds(state) == {"bid", "special", "play", "buy", "pass"}
    assert {a for a in state.legal_actions() if a[0] == "bid"} == {
        ("bid", slot, tokens) for slot in (0, 1) for tokens in range(1, 6)}
    answer(state, ("bid", 0, 2))
    assert state.pending == ("bid_turn", 1)  # one option, then the next player
    assert state.resources == [3, 4]


@rules("auction-purpose")
def test_resources_recruit_characters_and_acquire_action_cards():
    state = auction(["kirill-lagutin", "letter-of-credit-from-omsk"], p0=Seat(resources=6), p1=Seat(resources=2))
    answer(state, ("bid", 0, 3), ("bid", 0, 1), ("bid", 1, 2), PASS, PASS)
    assert state.lineup[0] == [ch("kirill-lagutin")]
    assert state.hand(0) == (act("letter-of-credit-from-omsk"),)
    assert state.resources == [1, 2]


@rules("auction-bid")
def test_a_bid_places_any_number_of_tokens_and_need_not_beat_the_others():
    state = auction(["kirill-lagutin"], p0=Seat(resources=5), p1=Seat(resources=5))
    answer(state, ("bid", 0, 4))
    assert ("bid", 0, 1) in state.legal_actions()  # player 1 may place less than the 4 on the card
    answer(state, ("bid", 0, 1))
    slot = state.market[0]
    assert slot.bids == [4, 1] and slot.own == [4, 1]
    assert state.resources == [1, 4]


@rules("auction-bid-raise")
def test_a_later_bid_adds_to_the_stack_and_a_bid_is_never_taken_back():
    state = auction(["kirill-lagutin"], p0=Seat(resources=5), p1=Seat(resources=5))
    answer(state, ("bid", 0, 2), ("bid", 0, 3), ("bid", 0, 1))
    assert state.market[0].bids == [3, 3]
    assert kinds(state) == {"bid", "pass"}  # nothing lowers or removes a bid
    answer(state, PASS, ("bid", 0, 2))  # player 0 raises to 5 and, out of tokens, passes
    assert state.is_terminal() and state.lineup[0] == [ch("kirill-lagutin")]
    assert state.resources == [0, 5]


@rules("auction-home-faction-bonus")
def test_the_first_bid_on_a_character_of_one_s_own_faction_gets_one_token_from_the_bank():
    state = auction(["gleb-yartsev", "kirill-lagutin", "agnessa-brandt", "letter-of-credit-from-omsk"],
                    p0=Seat(resources=9, commander="arkady-velembovsky"), p1=Seat(resources=9))
    answer(state, ("bid", 0, 1), PASS)  # player 0 (whites) on a White character
    assert (state.market[0].bids[0], state.market[0].own[0]) == (2, 1)
    answer(state, ("bid", 0, 2))  # a second bid there: no new bonus
    assert (state.market[0].bids[0], state.market[0].own[0]) == (4, 3)
    answer(state, ("bid", 1, 1), ("bid", 2, 1), ("bid", 3, 1))  # a Warlord, a civilian, an action card
    assert [s.bids[0] for s in state.market[1:]] == [1, 1, 1]
    assert state.resources[0] == 9 - 6


@rules("auction-special-actions")
def test_special_actions_and_auction_cards_on_any_number_of_turns():
    state = auction(["kirill-lagutin"], p0=Seat(resources=1, lineup=["kuzma-dyatlov", "wu-jinbao"],
                                                hand=["smuggled-sable-pelts"]))
    answer(state, ("special", ch("kuzma-dyatlov"), 0))
    assert state.reserve[0] == [ch("kuzma-dyatlov")] and state.resources[0] == 3
    assert state.pending == ("bid_turn", 0)  # player 1, with nothing to do, has passed
    answer(state, ("special", ch("wu-jinbao"), 0))
    answer(state, ("play", act("smuggled-sable-pelts")))
    assert state.resources[0] == 1 + 2 + 3 + 4
    assert state.lineup[0] == [] and sorted(state.reserve[0]) == sorted([ch("kuzma-dyatlov"), ch("wu-jinbao")])
    assert {a[0] for a in state.legal_actions()} == {"bid", "buy", "pass"}  # both characters have acted


@rules("auction-buy-action-card")
def test_three_resources_buy_the_top_card_of_the_action_deck():
    state = auction(["kirill-lagutin"], p0=Seat(resources=4), p1=Seat(resources=2))
    deck = state.zones["actions"].size
    answer(state, ("buy",))
    assert state.resources[0] == 1
    assert state.pending == ("action_drawn", 0)
    drawn = act("cable-from-harbin")
    state.apply_action(drawn)
    assert state.hand(0) == (drawn,) and state.zones["actions"].size == deck - 1
    assert state.pending == ("bid_turn", 1) and ("buy",) not in state.legal_actions()  # 2 resources are too few


@rules("auction-pass")
def test_a_player_who_passed_takes_no_more_turns_but_their_bids_stay():
    state = auction(["kirill-lagutin"], players=3, p0=Seat(resources=5), p1=Seat(resources=5),
                    p2=Seat(resources=5))
    answer(state, ("bid", 0, 3), PASS, ("bid", 0, 1), PASS)
    turns = []
    while not state.is_terminal():
        turns.append(state.pending[1])
        answer(state, ("bid", 0, 1) if state.pending[1] == 2 and state.market[0].bids[2] < 2 else PASS)
    assert turns == [2, 2]  # players 0 and 1 have passed
    assert state.lineup[0] == [ch("kirill-lagutin")]  # player 0's 3 still beat player 2's 2


@rules("auction-end")
def test_the_auction_ends_once_everybody_has_passed_and_a_player_with_no_option_must_pass():
    state = auction(["kirill-lagutin"], auto=False, p0=Seat(resources=2))
    answer(state, ("bid", 0, 2))
    assert state.pending == ("bid_turn", 1) and state.legal_actions() == [PASS]
    answer(state, PASS)
    assert state.pending == ("bid_turn", 0) and state.legal_actions() == [PASS]  # out of resources
    answer(state, PASS)
    assert state.is_terminal() and state.market == [] and state.lineup[0] == [ch("kirill-lagutin")]


# --- settling ---------------------------------------------------------------------------------------------------------
@rules("auction-winner-takes-card", "auction-won-character")
def test_the_single_highest_stack_takes_the_card_and_a_character_joins_the_line_up_at_once():
    state = auction(["kirill-lagutin", "arvid-kalnins"], players=3, p0=Seat(resources=5), p1=Seat(resources=5),
                    p2=Seat(resources=5, lineup=["vilem-krejci"]))
    answer(state, ("bid", 0, 2), ("bid", 0, 3), ("bid", 0, 1), ("bid", 1, 1), PASS, PASS, PASS)
    kirill, arvid = ch("kirill-lagutin"), ch("arvid-kalnins")
    assert state.lineup == [[arvid], [kirill], [ch("vilem-krejci")]]
    assert state.owner[kirill] == 1 and state.owner[arvid] == 0
    assert state.reserve == [[], [], []]


@rules("auction-won-action-card")
def test_a_won_action_card_goes_to_the_winner_s_hand_unseen_by_the_others():
    letter = act("letter-of-credit-from-omsk")
    state = auction(["letter-of-credit-from-omsk"], players=3, p0=Seat(resources=2), p1=Seat(resources=1))
    answer(state, ("bid", 0, 2), ("bid", 0, 1))
    assert state.is_terminal() and state.hand(0) == (letter,)
    hand = state.zones["hand:0"]
    assert hand.visibility is Visibility.OWNER and hand.view(0) == (letter,)
    assert hand.view(1)[0] == hand.view(2)[0] == 1  # the others see a hand of one card
    assert letter not in state.zones["action-discard"].contents()  # not played, not shown on the table


@rules("auction-winner-pays", "auction-losers-refunded")
def test_the_winning_stack_goes_to_the_bank_and_outbid_players_take_their_tokens_back():
    state = auction(["gleb-yartsev"], players=3, p0=Seat(resources=6), p1=Seat(resources=6), p2=Seat(resources=6))
    answer(state, ("bid", 0, 3), ("bid", 0, 3), ("bid", 0, 1), PASS, PASS, PASS)
    assert state.market == [] and state.lineup[0] == [ch("gleb-yartsev")]  # 3 + the home bonus beats 3
    assert state.resources == [3, 6, 6]  # the winner's 3 and the bonus token are gone; the others are refunded


@rules("auction-losers-refunded")
def test_a_lost_home_bonus_token_goes_back_to_the_bank_not_to_the_bidder():
    state = auction(["kirill-lagutin"], factions=("whites", "warlords"), p0=Seat(resources=6),
                    p1=Seat(resources=6))
    answer(state, ("bid", 0, 4), ("bid", 0, 2))
    assert state.market[0].bids == [4, 3]
    answer(state, PASS, PASS)
    assert state.resources == [2, 6]  # player 1 gets 2 back, not 3


@rules("auction-tie-card-stays")
def test_a_tied_top_bid_leaves_the_card_and_every_bid_for_the_next_auction():
    layout = Layout(round=2, market=["kirill-lagutin"], seats=seats(
        3, p0=Seat(resources=5), p1=Seat(resources=5), p2=Seat(resources=5)))
    state = built(layout, ("auction",), ("market",), ("auction",), players=3)
    answer(state, ("bid", 0, 2), ("bid", 0, 2), ("bid", 0, 1), PASS, PASS, PASS)
    kirill = ch("kirill-lagutin")
    assert [(s.card, s.bids, s.own) for s in state.market] == [(kirill, [2, 2, 1], [2, 2, 1])]
    assert state.resources == [3, 3, 4]  # nobody is refunded, the lowest bidder included
    assert state.lineup == [[], [], []]
    while state.pending[0] in ("market_character", "market_action"):  # the next Marketplace adds to it
        state.apply_action(state.legal_actions()[0])
    assert state.market[0].card == kirill and len(state.market) == 1 + 4 + 3
    assert state.pending == ("bid_turn", 0)
    answer(state, ("bid", 0, 1), PASS, PASS, PASS)
    assert state.lineup[0] == [kirill] and state.resources == [2, 5, 5]


@rules("auction-no-bid-returns")
def test_a_card_with_no_bid_is_shuffled_back_into_its_deck():
    state = auction(["kirill-lagutin", "letter-of-credit-from-omsk"], p0=Seat(resources=3))
    characters, actions = state.zones["characters"].size, state.zones["actions"].size
    answer(state, PASS)
    assert state.is_terminal() and state.market == []
    assert ch("kirill-lagutin") in state.zones["characters"].contents()
    assert act("letter-of-credit-from-omsk") in state.zones["actions"].contents()
    assert (state.zones["characters"].size, state.zones["actions"].size) == (characters + 1, actions + 1)
    assert state.zones["characters"].cards == () and state.zones["actions"].cards == ()  # shuffled, not on top


# --- the sworn enemies ------------------------------------------------------------------------------------------------
MARKET = ["konstantin-arsenyev", "arvid-kalnins", "vilem-krejci", "kirill-lagutin", "agnessa-brandt",
          "letter-of-credit-from-omsk"]  # a character of each faction, a civilian, an action card


def bids_open(seat: int) -> set[int]:
    state = auction(MARKET, players=4, first=seat, **{f"p{seat}": Seat(resources=2)})
    assert state.pending == ("bid_turn", seat)
    return slots_open_to(state)


@rules("recruit-any-faction")
def test_the_whites_and_the_warlords_may_bid_on_every_faction_s_characters():
    assert bids_open(0) == set(range(6))
    assert bids_open(3) == set(range(6))


@rules("sworn-enemies-no-bid")
def test_the_reds_and_the_legionnaires_may_not_bid_on_each_other_s_characters():
    assert bids_open(1) == {0, 1, 3, 4, 5}
    assert bids_open(2) == {0, 2, 3, 4, 5}


@rules("sworn-enemies-may-cooperate")
def test_a_red_may_reinforce_a_legionnaire_squad_and_the_other_way_round():
    layout = Layout(first=1, plots=[PlotSpot("looters-in-the-goods-yard", [Squad(2, ["vilem-krejci"])]),
                                    PlotSpot("skirmish-at-the-level-crossing", [Squad(1, ["karl-weiss"])])],
                    seats=seats(4, p1=Seat(lineup=["arvid-kalnins"]), p2=Seat(lineup=["jaroslav-moravec"])))
    state = built(layout, ("march_turn", 1))
    arvid, jaroslav = ch("arvid-kalnins"), ch("jaroslav-moravec")
    assert ("join", arvid, 0, 2) in state.legal_actions()
    answer(state, ("join", arvid, 0, 2))
    assert state.pending == ("march_turn", 2)
    assert ("join", jaroslav, 1, 1) in state.legal_actions()
    answer(state, ("join", jaroslav, 1, 1))
    assert state.sites[0].squads == [(2, [ch("vilem-krejci"), arvid])]
    assert state.sites[1].squads == [(1, [ch("karl-weiss"), jaroslav])]


# --- action cards -----------------------------------------------------------------------------------------------------
HAND = ["smuggled-sable-pelts", "mined-culvert", "bridge-washed-out", "night-train-to-the-next-halt",
        "hurrah-for-the-regiment", "pursuit-of-the-routed", "pay-chest-from-the-gold-train"]


def plays(*step: tuple) -> set[tuple]:
    layout = Layout(plots=[PlotSpot("looters-in-the-goods-yard", [Squad(0, ["konstantin-arsenyev"])])],
                    market=["kirill-lagutin"], seats=seats(p0=Seat(resources=1, hand=HAND, lineup=["railway-guard"])))
    state = built(layout, step, auto=False)
    assert state.pending == step
    return {(a[0], data().actions[a[1]].item) + a[2:] for a in state.legal_actions() if a[0] in ("play", "trap")}


@rules("action-card-timing")
def test_each_action_card_is_played_only_at_its_own_moment():
    assert data().actions[act("mined-culvert")].trap
    assert {c.phase for c in data().actions} == {"auction", "preparation", "march", "tactics", "manoeuvres",
                                                 "clean_up"}
    assert plays("bid_turn", 0) == {("play", "smuggled-sable-pelts")}
    assert plays("prepare", 0) == {("trap", "mined-culvert", 0), ("play", "bridge-washed-out")}
    assert plays("march_turn", 0) == {("play", "night-train-to-the-next-halt")}
    assert plays("tactics", 0, 0, 0) == {("play", "hurrah-for-the-regiment")}
    assert plays("manoeuvre", 0, 0) == {("play", "pursuit-of-the-routed")}
    assert plays("clean_up_cards", 0) == {("play", "pay-chest-from-the-gold-train")}


@rules("action-cards-single-use")
def test_an_action_card_works_once_and_is_discarded():
    pelts = act("smuggled-sable-pelts")
    state = auction(["kirill-lagutin"], p0=Seat(resources=0, hand=["smuggled-sable-pelts"]))
    answer(state, ("play", pelts))
    assert state.resources[0] == 4
    assert state.hand(0) == () and pelts in state.zones["action-discard"].contents()
    assert ("play", pelts) not in state.legal_actions()
