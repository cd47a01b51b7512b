"""The box, the set-up, commanders and characters, the round and its first player, the Marketplace, and the
journey of locations, checked against the pack's tables and the engine's zones and games."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from pnpforge.engine.zones import Visibility
from pnpforge.games.legion_siberian_journey.data import ATTRIBUTES, BIT
from pnpforge.games.legion_siberian_journey.game import JourneyGame
from pnpforge.games.legion_siberian_journey.log import CommanderChosen, FinalChosen, FirstPlayer
from pnpforge.games.legion_siberian_journey.ranking import number, strength

from tests.engine.registered import pack_at
from tests.games.legion_siberian_journey.helpers import (
    Layout, PACK, PlotSpot, Seat, Squad, answer, built, card, data, events, game, rules, seats_with)

# commanders whose standing effects stay out of the way (no bid bonus, no draws, no healing)
QUIET = {0: "nikolai-ostrozhsky", 1: "matvei-lysenko", 2: "radim-novotny", 3: "illarion-chernobrovkin"}
DECKS = ("characters", "actions", "plots:first", "plots:second", "plots:special", "locations:first",
         "locations:second", "locations:final")


def seats(players: int = 4, **given: Seat) -> dict[int, Seat]:
    return seats_with(QUIET, players, **given)


def set_up(*commanders: str):
    """A new game with these commanders, its first location drawn and a first player found: the Marketplace is
    about to be drawn."""
    state = game(len(commanders)).new_initial_state()
    for commander in commanders:
        answer(state, ("commander", commander))
    assert state.pending == ("reveal_location", "first")
    state.apply_action(card("location", "petropavlovsk-on-the-ishim"))  # a location with no effect
    if state.pending[0] == "first_by_chance":
        state.apply_action(state.legal_actions()[0])
    assert state.pending == ("market_character",)
    return state


def play(journey_game: JourneyGame, seed: int) -> tuple:
    """A whole game with random choices, and per decision or draw (round, step, first player, location, player to
    act or None for a draw)."""
    rng = random.Random(seed)
    state = journey_game.new_initial_state()
    trace = []
    while not state.is_terminal():
        who = None if state.is_chance_node() else state.pending[1]
        trace.append((state.round, state.pending[0], state.first, state.location, who))
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
    return trace, state


def locations_by_round(trace) -> dict[int, int]:
    """The location on the board when each round's Auction is played."""
    return {r: where for r, step, _, where, _ in trace if step == "bid_turn"}


# --- the box ----------------------------------------------------------------------------------------------------------
@rules("components-board")
def test_the_board_is_a_central_board_and_a_mat_per_faction_with_every_space_in_the_engine():
    pack = pack_at(PACK)
    assert [item.id for item in pack.of_type("board")] == ["central-board"]
    assert sorted(mat.get("faction") for mat in pack.of_type("mat")) == sorted(data().factions)
    state = set_up(*QUIET.values())
    drawn(state)
    names = {name for name, _ in state.zones}
    assert set(DECKS) <= names  # the deck row
    assert state.market != [] and state.location is not None  # the Marketplace and the location space
    assert state.sites == [] and state.graveyard == []  # the plot row and the graveyard, empty for now
    assert len(state.lineup) == len(state.reserve) == 4  # each mat's Line-up and Reserve


@rules("components-commanders")
def test_eight_commanders_two_for_each_faction():
    assert len(data().commanders) == 8
    for faction in data().factions:
        assert len(data().commanders_of(faction)) == 2


@rules("components-characters")
def test_138_characters_form_one_shared_deck():
    assert len(data().characters) == 138
    assert Counter(c.faction for c in data().characters) == {
        "whites": 32, "reds": 32, "legionnaires": 32, "warlords": 32, None: 10}  # and ten civilians
    state = game(4).new_initial_state()
    assert state.zones["characters"].size == 138
    assert sorted(state.zones["characters"].contents()) == list(range(138))


@rules("components-action-cards")
def test_64_action_cards_form_their_own_deck():
    assert len(data().actions) == 64
    assert Counter(c.phase for c in data().actions) == {
        "auction": 10, "preparation": 14, "march": 8, "tactics": 24, "manoeuvres": 4, "clean_up": 4}
    state = game(4).new_initial_state()
    assert sorted(state.zones["actions"].contents()) == list(range(64))


@rules("components-locations", "location-levels")
def test_22_locations_in_three_decks_first_second_and_final():
    assert len(data().locations) == 22
    assert {level: len(cards) for level, cards in data().location_decks.items()} == {
        "first": 8, "second": 8, "final": 6}
    state = game(4).new_initial_state()
    for level in ("first", "second", "final"):
        held = state.zones[f"locations:{level}"].contents()
        assert {data().locations[c].level for c in held} == {level}


@rules("components-plots")
def test_158_plots_in_three_decks_first_second_and_special():
    assert len(data().plots) == 158
    assert {level: len(cards) for level, cards in data().plot_decks.items()} == {
        "first": 64, "second": 64, "special": 30}
    state = game(4).new_initial_state()
    assert [state.zones[f"plots:{level}"].size for level in ("first", "second", "special")] == [64, 64, 30]


@rules("components-first-player-token")
def test_one_first_player_token_and_one_first_player_at_a_time():
    tokens = [t for t in pack_at(PACK).of_type("token") if t.get("kind") == "first_player"]
    assert sum(t.qty for t in tokens) == 1
    trace, _ = play(game(3), 5)
    holders = {}
    for r, step, first, *_ in trace:
        if r >= 1 and step in ("bid_turn", "march_turn"):
            holders.setdefault(r, set()).add(first)
    assert set(holders) == {1, 2, 3, 4, 5}
    assert all(len(h) == 1 for h in holders.values())


@rules("components-resources")
def test_forty_resource_tokens_in_each_faction_colour_and_an_open_bank():
    tokens = [t for t in pack_at(PACK).of_type("token") if t.get("kind") == "resource"]
    assert {t.get("faction"): t.qty for t in tokens} == {f: 40 for f in data().factions}
    # the bank gives the home bonus and takes payments without running dry: a won bid leaves play
    state = built(Layout(market=["gleb-yartsev"], seats=seats(2, p0=Seat(resources=5))), ("auction",), players=2)
    answer(state, ("bid", 0, 3), ("pass",))
    assert state.resources == [2, 0] and state.market == []


@rules("components-victory-points")
def test_two_hundred_victory_point_tokens():
    tokens = [t for t in pack_at(PACK).of_type("token") if t.get("kind") == "vp"]
    assert sum(t.qty for t in tokens) == 200
    assert sum(t.qty * t.get("value") for t in tokens) == 620


# --- set-up -----------------------------------------------------------------------------------------------------------
@rules("setup-one-faction-per-player")
def test_each_player_leads_one_faction_and_no_faction_is_shared():
    assert game(3).factions == ("whites", "reds", "legionnaires")
    with pytest.raises(ValueError, match="different faction"):
        JourneyGame(data(), 3, ("whites", "reds", "whites"))
    with pytest.raises(ValueError, match="different faction"):
        JourneyGame(data(), 3, ("whites", "reds"))
    with pytest.raises(ValueError, match="2 to 4"):
        JourneyGame(data(), 5, data().factions + ("whites",))


@rules("setup-choose-commander")
def test_each_player_chooses_one_of_their_faction_s_two_commanders():
    state = game(4).new_initial_state()
    chosen = ["arkady-velembovsky", "pavel-postnikov", "radim-novotny", "illarion-chernobrovkin"]
    for p, faction in enumerate(data().factions):
        assert state.pending == ("commander", p)
        assert state.legal_actions() == [("commander", c) for c in data().commanders_of(faction)]
        answer(state, ("commander", chosen[p]))
    assert state.commander == chosen
    assert [(e.player, e.commander) for e in events(state, CommanderChosen)] == list(enumerate(chosen))


@rules("setup-decks")
def test_every_deck_is_shuffled_face_down_on_its_own_space():
    state = game(4).new_initial_state()
    expected = {"characters": 138, "actions": 64, "plots:first": 64, "plots:second": 64, "plots:special": 30,
                "locations:first": 8, "locations:second": 8, "locations:final": 6}
    for name in DECKS:
        zone = state.zones[name]
        assert zone.visibility is Visibility.HIDDEN
        assert zone.cards == ()  # no card has a known place: the deck is shuffled
        assert zone.size == expected[name]
        assert zone.view(0) == ((), expected[name], ())  # a player sees only how many cards there are


@rules("setup-first-location")
def test_the_first_location_is_drawn_at_random_from_the_first_level_deck():
    state = game(2).new_initial_state()
    answer(state, ("commander", "nikolai-ostrozhsky"), ("commander", "matvei-lysenko"))
    assert state.pending == ("reveal_location", "first")
    outcomes = state.chance_outcomes()
    assert sorted(c for c, _ in outcomes) == sorted(data().location_decks["first"])
    assert all(p == pytest.approx(1 / 8) for _, p in outcomes)
    tyumen = card("location", "tyumen-horse-fair")
    state.apply_action(tyumen)
    assert state.location == tyumen and state.round == 1
    assert tyumen not in state.zones["locations:first"].contents()


# --- commanders, factions and characters ------------------------------------------------------------------------------
@rules("commander-not-a-character")
def test_a_commander_is_no_character_and_is_not_counted_as_one():
    items = {c.item for c in data().characters}
    assert not items & set(data().commanders)
    state = set_up("nikolai-ostrozhsky", "matvei-lysenko", "emanuel-blaha", "reinhold-von-kessel")
    assert all(state.commander[p] is not None and state.living(p) == [] for p in range(4))
    # nobody owns a character yet, so the chain falls through to the resources of the income (5, 5, 5, 4), then
    # to points (none) and chance among the three richest
    assert state.first != 3 and state.resources == [5, 5, 5, 4]


@rules("commander-abilities")
def test_each_commander_prints_its_own_ability_and_it_bends_a_rule():
    assert all(len(c.effects) >= 1 for c in data().commanders.values())
    assert len({tuple(tuple(sorted(e.items())) for e in c.effects) for c in data().commanders.values()}) == 8
    stacks = []
    for commander in ("reinhold-von-kessel", "illarion-chernobrovkin"):  # the two Warlord commanders
        state = built(Layout(market=["gleb-yartsev"], seats={0: Seat(commander=commander, resources=3)}),
                      ("auction",), players=2, factions=("warlords", "reds"))
        answer(state, ("bid", 0, 1))
        stacks.append(state.market[0].bids[0])
    assert stacks == [2, 1]  # von Kessel's bid bonus adds a token from the bank


@rules("factions-four")
def test_the_four_factions():
    assert data().factions == ("whites", "reds", "legionnaires", "warlords")
    assert [f.name for f in pack_at(PACK).game.factions] == [
        "The White Army", "The Reds", "The Czechoslovak Legionnaires", "The Warlords"]


@rules("character-number")
def test_every_character_prints_a_number_that_is_its_strength_at_a_plot():
    assert all(isinstance(c.number, int) and 1 <= c.number <= 7 for c in data().characters)
    state = built(Layout(seats=seats(2), plots=[PlotSpot("looters-in-the-goods-yard", [
        Squad(0, ["konstantin-arsenyev", "railway-guard"])])]), players=2)
    squad = state.sites[0].squads[0][1]
    assert [number(state, c, 0) for c in squad] == [7, 2]
    assert strength(state, 0, squad) == 9


@rules("character-abilities")
def test_some_characters_print_glossary_abilities_and_others_none():
    glossary = {"assault", "first_aid", "surgery", "brotherhood", "explosives", "comradery"}
    shown = Counter(a for c in data().characters for a in c.abilities)
    assert set(shown) == glossary
    assert any(not c.abilities and not c.actions for c in data().characters)
    assert any(c.actions for c in data().characters)  # abilities of their own, printed on the card


@rules("character-attributes")
def test_a_character_shows_one_two_or_all_three_attributes():
    counts = Counter(bin(c.attributes).count("1") for c in data().characters)
    assert set(counts) == {1, 2, 3}
    assert all(0 < c.attributes <= BIT["combat"] | BIT["intrigue"] | BIT["charisma"] for c in data().characters)
    shown = {name for c in data().characters for name in ATTRIBUTES if c.attributes & BIT[name]}
    assert shown == set(ATTRIBUTES)


# --- the round --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
@rules("game-five-rounds", "journey-length")
def test_a_standard_game_lasts_five_rounds_one_per_location(players):
    assert len(data().parameters.journey) == 5
    trace, state = play(game(players), 11 + players)
    assert state.is_terminal() and state.round == 5
    assert sorted({r for r, *_ in trace if r >= 1}) == [1, 2, 3, 4, 5]
    where = locations_by_round(trace)
    assert len(set(where.values())) == 5


PHASE = {"market_character": 0, "market_action": 0, "bid_turn": 0, "lay_plot": 1, "prepare": 1, "march_turn": 1,
         "tactics": 1, "final_location": 2, "clean_up_cards": 2, "reveal_location": 2}


@rules("round-phases")
def test_each_round_plays_the_auction_then_the_march_then_the_clean_up():
    for seed in range(3):
        trace, _ = play(game(3), seed)
        for r in range(1, 6):
            phases = [PHASE[step] for rr, step, *_ in trace if rr == r and step in PHASE]
            assert phases == sorted(phases), (seed, r)
            assert {0, 1} <= set(phases)
            if r <= 3:
                assert 2 in phases  # the next location is revealed in the Clean-up
        assert not [step for r, step, *_ in trace if r == 5 and PHASE.get(step) == 2]  # the last round has none


@rules("auction-income")
def test_the_round_opens_with_each_commander_s_income():
    chosen = {0: "arkady-velembovsky", 1: "matvei-lysenko", 2: "emanuel-blaha", 3: "reinhold-von-kessel"}
    layout = Layout(seats={p: Seat(commander=c, resources=1) for p, c in chosen.items()})
    state = built(layout, ("income",))
    assert state.resources == [6, 6, 6, 5]


@rules("auction-income")
def test_a_location_s_income_comes_with_the_commander_s():
    layout = Layout(location="kazan-on-the-volga", seats=seats(2))
    state = built(layout, ("income",), players=2)
    assert state.resources == [5 + 1, 5 + 1]


@rules("first-player-each-round", "turn-order-clockwise")
def test_the_first_player_is_set_after_income_and_keeps_the_token_for_the_round():
    chosen = {0: "nikolai-ostrozhsky", 1: "matvei-lysenko", 2: "emanuel-blaha", 3: "illarion-chernobrovkin"}
    seats = {p: Seat(commander=c, resources=int(p == 2)) for p, c in chosen.items()}
    state = built(Layout(seats=seats), ("income",), ("choose_first",))
    assert state.first == 2  # 6 resources after income against 5, 5 and 5
    for seed in range(3):
        trace, played = play(game(4), seed)
        by_round = {e.round: e.player for e in events(played, FirstPlayer)}
        assert sorted(by_round) == [1, 2, 3, 4, 5]  # a first player is set every round
        for r in range(1, 6):
            steps = [(step, first, who) for rr, step, first, _, who in trace if rr == r and step in PHASE]
            assert {first for _, first, _ in steps} == {by_round[r]}  # from the Auction to the end of the Clean-up
            assert next(who for step, _, who in steps if step == "bid_turn") == by_round[r]  # and bids first


def firsts(players: int = 4, **given: Seat):
    return built(Layout(seats=seats(players, **given)), ("choose_first",), players=players)


@rules("first-player-most-characters")
def test_the_player_with_most_living_characters_is_first():
    state = firsts(p0=Seat(lineup=["konstantin-arsenyev"], resources=9, vp=9),
                   p1=Seat(lineup=["railway-guard"], reserve=["petya-lvov"]))
    assert state.first == 1  # the Reserve counts; strength, resources and points do not matter here


@rules("first-player-tie-strongest")
def test_a_tie_in_characters_goes_to_the_strongest_character():
    state = firsts(p0=Seat(lineup=["railway-guard", "mikhail-veretennikov"], resources=9),
                   p2=Seat(lineup=["petya-lvov", "vilem-krejci"]),
                   p3=Seat(lineup=["kirill-lagutin"]))
    assert state.first == 2


@rules("first-player-tie-resources")
def test_then_the_most_resources():
    state = firsts(p0=Seat(lineup=["konstantin-arsenyev"], resources=3, vp=8),
                   p3=Seat(lineup=["kirill-lagutin"], resources=4))
    assert state.first == 3


@rules("first-player-tie-victory-points")
def test_then_the_most_victory_points():
    state = firsts(p0=Seat(lineup=["konstantin-arsenyev"], resources=3, vp=2),
                   p1=Seat(lineup=["arvid-kalnins"], resources=3, vp=5),
                   p3=Seat(lineup=["kirill-lagutin"], resources=3, vp=4))
    assert state.first == 1


@rules("first-player-tie-coin")
def test_then_chance_among_the_players_still_tied():
    state = firsts(p0=Seat(lineup=["konstantin-arsenyev"], resources=3, vp=2),
                   p2=Seat(lineup=["vilem-krejci"], resources=3, vp=2))
    assert state.pending == ("first_by_chance", (0, 2))
    assert state.chance_outcomes() == [(("first", 0), 0.5), (("first", 2), 0.5)]
    state.apply_action(("first", 2))
    assert state.first == 2


@rules("turn-order-clockwise")
def test_auction_turns_go_clockwise_from_the_first_player_and_skip_those_who_passed():
    layout = Layout(first=2, market=["kirill-lagutin"], seats=seats(4, **{f"p{p}": Seat(resources=5)
                                                                          for p in range(4)}))
    state = built(layout, ("auction",))
    order = []
    bid, done = ("bid", 0, 1), ("pass",)
    for action in [bid, done, bid, bid, bid, done, done, done]:
        order.append(state.pending[1])
        answer(state, action)
    assert order == [2, 3, 0, 1, 2, 0, 1, 2]  # player 3 has passed and is skipped
    assert state.is_terminal()


@rules("turn-order-clockwise")
def test_march_turns_go_clockwise_from_the_first_player():
    layout = Layout(first=3, plots=[PlotSpot("looters-in-the-goods-yard")], seats=seats(
        4, p0=Seat(lineup=["railway-guard"]), p1=Seat(lineup=["dmitri-yashin"]),
        p2=Seat(lineup=["vilem-krejci"]), p3=Seat(lineup=["kirill-lagutin"])))
    state = built(layout, ("march_turn", 3))
    order = []
    while not state.is_terminal():
        order.append(state.pending[1])
        answer(state, ("pass",))
    assert order == [3, 0, 1, 2]


# --- the Marketplace --------------------------------------------------------------------------------------------------
def drawn(state) -> Counter:
    """Answer the Marketplace draws with the first card each time; how many of each kind were drawn."""
    counts = Counter()
    while not state.is_terminal() and state.pending[0] in ("market_character", "market_action"):
        counts[state.pending[0]] += 1
        state.apply_action(state.legal_actions()[0])
    return counts


@pytest.mark.parametrize("players, characters", [(2, 6), (3, 9), (4, 12)])
@rules("market-characters-first-round", "market-action-cards")
def test_round_one_turns_up_three_characters_and_one_action_card_per_player(players, characters):
    state = built(Layout(round=1, seats=seats(players)), ("market",), players=players)
    assert drawn(state) == {"market_character": characters, "market_action": players}
    assert [s.kind for s in state.market] == ["character"] * characters + ["action"] * players


@pytest.mark.parametrize("round_", [2, 5])
@pytest.mark.parametrize("players, characters", [(2, 3), (3, 4), (4, 6)])
@rules("market-characters-later-rounds", "market-action-cards")
def test_later_rounds_turn_up_one_and_a_half_characters_per_player_rounded_down(players, characters, round_):
    state = built(Layout(round=round_, seats=seats(players)), ("market",), players=players)
    assert drawn(state) == {"market_character": characters, "market_action": players}


@rules("market-draw")
def test_the_marketplace_is_drawn_from_the_decks_and_only_its_cards_can_be_bid_on():
    state = built(Layout(round=2, seats=seats(2, p0=Seat(resources=2))), ("market",), ("auction",), players=2)
    assert state.pending == ("market_character",)
    assert sorted(state.legal_actions()) == sorted(state.zones["characters"].contents())
    picks = [card("character", "kirill-lagutin"), card("character", "petya-lvov"), card("character", "otakar-sip"),
             card("action", "cable-from-harbin"), card("action", "volley-on-command")]
    for c in picks:
        state.apply_action(c)
    assert [(s.kind, s.card) for s in state.market] == list(zip(["character"] * 3 + ["action"] * 2, picks))
    assert picks[0] not in state.zones["characters"].contents()
    assert picks[3] not in state.zones["actions"].contents()
    assert state.pending == ("bid_turn", 0)
    bids = {a[1] for a in state.legal_actions() if a[0] == "bid"}
    assert bids == set(range(5))  # every Marketplace card, and nothing else


# --- the journey ------------------------------------------------------------------------------------------------------
@rules("location-sequence", "final-location-pack")
def test_a_five_location_journey_runs_first_first_second_second_final():
    for seed in (1, 2):
        trace, state = play(game(4), seed)
        where = locations_by_round(trace)
        assert [data().locations[where[r]].level for r in range(1, 6)] == [
            "first", "first", "second", "second", "final"]
        chosen = events(state, FinalChosen)
        assert len(chosen) == 1 and chosen[0].location == where[5]


def journey(*levels_: str):
    """The pack's tables with another journey (a variant agreed before the game)."""
    return replace(data(), parameters=replace(data().parameters, journey=levels_))


@pytest.mark.parametrize("route", [
    ("first", "first", "second", "final"),
    ("first", "first", "first", "second", "second", "final"),
    ("first", "second", "final"),
])
@rules("journey-length-variant", "journey-length")
def test_a_journey_of_another_length_still_ends_at_a_final_location_chosen_two_rounds_before(route):
    variant = JourneyGame(journey(*route), 3, data().factions[:3])
    trace, state = play(variant, 4)
    assert state.is_terminal() and state.round == len(route)
    where = locations_by_round(trace)
    assert [data().locations[where[r]].level for r in range(1, len(route) + 1)] == list(route)
    chosen = events(state, FinalChosen)
    assert len(chosen) == 1
    assert chosen[0].round == len(route) - 2  # picked in the Clean-up two rounds before the last
    assert chosen[0].location == where[len(route)]
