"""The March: the plots laid under the location, the Preparation and its traps, March turns (deploy, reinforce,
special action, pass) and the squads they make."""

from __future__ import annotations

import pytest
import yaml

from pnpforge.games.legion_siberian_journey.data import BIT
from pnpforge.games.legion_siberian_journey.invariants import check_invariants
from pnpforge.games.legion_siberian_journey.log import PlotPaid, TrapSprung

from tests.games.legion_siberian_journey.helpers import (
    Layout, PACK, PlotSpot, Seat, Squad, answer, built, card, ch, data, events, finish, rules, seats_with)

# commanders whose standing effects stay out of the way of these positions
QUIET = {0: "nikolai-ostrozhsky", 1: "pavel-postnikov", 2: "emanuel-blaha", 3: "reinhold-von-kessel"}
FIRST_LEVEL, SECOND_LEVEL, FINAL = "petropavlovsk-on-the-ishim", "amur-ice-at-blagoveshchensk", "harbin-railway-zone"


def seats(players: int = 4, **given: Seat) -> dict[int, Seat]:
    return seats_with(QUIET, players, **given)


def plot_names(state) -> list[str]:
    return [data().plots[site.plot].item for site in state.sites]


def deploys(state) -> set[tuple]:
    return {a for a in state.legal_actions() if a[0] in ("deploy", "join")}


# --- the plots ------------------------------------------------------------------------------------------------------
ROW = ["looters-in-the-goods-yard", "bribing-the-stationmaster", "recruiting-volunteers",
       "wolves-around-the-bivouac", "hiding-the-regimental-funds", "billeting-in-the-village"]


@rules("march-draw-plots", "plot-level-matches-location")
def test_plots_are_laid_left_to_right_from_the_deck_of_a_first_level_location():
    state = built(Layout(location=FIRST_LEVEL, seats=seats()), ("march",))
    assert state.pending == ("lay_plot", "plots:first")
    assert {data().plots[c].level for c in state.legal_actions()} == {"first"}
    for item in ROW:
        state.apply_action(card("plot", item))
    assert plot_names(state) == ROW  # in the order drawn: the first card laid is the leftmost plot


@rules("plot-level-matches-location")
def test_a_second_level_location_draws_second_level_plots():
    state = built(Layout(location=SECOND_LEVEL, seats=seats()), ("march",))
    assert state.pending == ("lay_plot", "plots:second")
    assert {data().plots[c].level for c in state.legal_actions()} == {"second"}
    assert len(state.legal_actions()) == len(data().plot_decks["second"])


@pytest.mark.parametrize("players, plots", [(2, 3), (3, 4), (4, 6)])
@rules("plot-count-by-players")
def test_the_row_holds_one_and_a_half_plots_per_player_rounded_down(players, plots):
    state = built(Layout(location=FIRST_LEVEL, seats=seats(players)), ("march",), players=players)
    laid = 0
    while not state.is_terminal() and state.pending[0] == "lay_plot":
        state.apply_action(state.legal_actions()[laid])
        laid += 1
    assert laid == plots == len(state.sites)


@rules("plot-special-on-instruction", "plot-level-matches-location")
def test_a_final_location_draws_special_plots():
    state = built(Layout(location=FINAL, seats=seats()), ("march",))
    assert state.pending == ("lay_plot", "plots:special")
    assert {data().plots[c].level for c in state.legal_actions()} == {"special"}


@rules("plot-special-on-instruction")
def test_a_card_that_says_so_brings_a_special_plot_under_an_ordinary_location():
    layout = Layout(location=FIRST_LEVEL, seats=seats(p0=Seat(hand=["rumours-of-a-gold-cache"])),
                    plots=[PlotSpot("looters-in-the-goods-yard"), PlotSpot("bribing-the-stationmaster")])
    state = built(layout, ("prepare", 0))
    answer(state, ("play", card("action", "rumours-of-a-gold-cache")), ("to", 1))
    assert state.pending[0] == "replace_draw"
    assert {data().plots[c].level for c in state.legal_actions()} == {"special"}
    state.apply_action(card("plot", "japanese-offer"))
    assert plot_names(state) == ["looters-in-the-goods-yard", "japanese-offer"]


@rules("plot-levels")
def test_the_plots_come_in_three_levels_each_its_own_deck():
    levels = {p["level"] for p in yaml.safe_load((PACK / "plots.yaml").read_text(encoding="utf-8"))}
    assert levels == {"first", "second", "special"}
    assert set(data().plot_decks) == {"first", "second", "special"}
    for level, deck in data().plot_decks.items():
        assert {data().plots[c].level for c in deck} == {level}
    state = built(Layout(location=FIRST_LEVEL, seats=seats()), ("halt",))
    assert {name for name, _ in state.zones if name.startswith("plots:")} == {"plots:first", "plots:second",
                                                                              "plots:special"}


@rules("plot-situation")
def test_every_plot_shows_attribute_icons_and_a_reward():
    for plot in data().plots:
        assert plot.icons and plot.icons & sum(BIT.values()) == plot.icons, plot.item
        assert plot.rewards and all(isinstance(r, int) and r > 0 for r in plot.rewards), plot.item


@rules("plot-competitive-or-cooperative")
def test_every_plot_is_competitive_or_cooperative():
    raw = yaml.safe_load((PACK / "plots.yaml").read_text(encoding="utf-8"))
    assert {p["contest"] for p in raw} == {"competitive", "cooperative"}
    for plot in data().plots:
        if plot.cooperative:
            assert plot.difficulty > 0, plot.item
        else:
            assert plot.difficulty == 0 and len(plot.rewards) == 1, plot.item


# --- the Preparation and traps --------------------------------------------------------------------------------------
def _preparation_table() -> Layout:
    return Layout(
        location=FIRST_LEVEL, first=2,
        seats=seats(p0=Seat(hand=["bridge-washed-out"], lineup=["konstantin-arsenyev"]),
                    p1=Seat(lineup=["arvid-kalnins"]),
                    p2=Seat(hand=["volunteers-from-the-village", "mined-culvert", "machine-gun-in-the-belfry"],
                            lineup=["vilem-krejci"]),
                    p3=Seat(hand=["frozen-rifle-bolts"], lineup=["kirill-lagutin"])))


@rules("march-preparation")
def test_preparation_goes_once_around_from_the_first_player_before_anyone_deploys():
    state = built(_preparation_table(), ("march",))
    for item in ROW:
        state.apply_action(card("plot", item))
    assert state.pending == ("prepare", 2)
    assert not deploys(state)
    # any number of effects on one turn: a difficulty card, then a trap
    answer(state, ("play", card("action", "volunteers-from-the-village")), ("to", 3))
    assert state.pending == ("prepare", 2)
    answer(state, ("trap", card("action", "mined-culvert"), 0))
    assert state.pending == ("prepare", 2)
    answer(state, ("done",))
    assert state.pending == ("prepare", 3)
    answer(state, ("done",))
    assert state.pending == ("prepare", 0)  # player 1 has nothing to prepare and is skipped
    answer(state, ("play", card("action", "bridge-washed-out")), ("to", 3))  # nothing left: the turn ends
    assert state.sites[3].difficulty == -3 + 3
    assert state.pending == ("march_turn", 2)  # once around, then the March turns from the first player
    assert ("deploy", ch("vilem-krejci"), 0) in state.legal_actions()


@rules("prep-traps")
def test_a_trap_lies_face_down_at_its_plot_and_acts_when_that_plot_reaches_tactics():
    layout = Layout(
        location=FIRST_LEVEL,
        seats=seats(p0=Seat(hand=["mined-culvert", "hurrah-for-the-regiment"])),
        plots=[PlotSpot("looters-in-the-goods-yard", [Squad(1, ["arvid-kalnins"])]),
               PlotSpot("skirmish-at-the-level-crossing", [Squad(0, ["konstantin-arsenyev"]),
                                                           Squad(1, ["grigory-tetyukhin"]),
                                                           Squad(2, ["vilem-krejci"])])])
    trap = card("action", "mined-culvert")
    state = built(layout, ("prepare", 0), ("evaluate", 0), ("evaluate", 1))
    answer(state, ("trap", trap, 1))
    # the first plot's Tactics: the trap still lies face down at the second plot
    assert state.pending == ("tactics", 0, 0, 0)
    zone = state.zones["traps:1"]
    assert zone.contents() == (trap,)
    assert zone.view(0) == ((trap,), 0, ())  # the player who laid it knows it
    assert trap not in zone.view(1)[0]  # the others see a face-down card
    answer(state, ("pass",))
    # the second plot reaches Tactics: the trap is turned up and acts before anyone plays
    assert state.sites[0].done and events(state, PlotPaid)[0].plot == card("plot", "looters-in-the-goods-yard")
    assert state.pending[:3] == ("pick", 0, "victim") and state.pending[5] == 1
    assert trap in state.zones["action-discard"].contents() and not state.zones["traps:1"].contents()
    # another player's character there
    assert state.legal_actions() == [("pick", ch("grigory-tetyukhin")), ("pick", ch("vilem-krejci"))]
    answer(state, ("pick", ch("grigory-tetyukhin")))
    assert ch("grigory-tetyukhin") in state.wounded
    assert TrapSprung(1, 0, trap) in state.log
    assert state.pending == ("tactics", 0, 1, 0)


@rules("prep-traps")
def test_another_player_cannot_tell_which_trap_was_laid():
    def seen_by_player_1(trap: str):
        layout = Layout(location=FIRST_LEVEL, seats=seats(p0=Seat(hand=[trap])),
                        plots=[PlotSpot("looters-in-the-goods-yard"), PlotSpot("bribing-the-stationmaster")])
        state = built(layout, ("prepare", 0))
        answer(state, ("trap", card("action", trap), 1))
        assert state.is_terminal() and state.zones["traps:1"].size == 1
        return state.observation(1)
    assert seen_by_player_1("mined-culvert") == seen_by_player_1("poisoned-samogon")


# --- March turns ---------------------------------------------------------------------------------------------------
def _march_table(first: int = 0) -> Layout:
    return Layout(
        location=FIRST_LEVEL, first=first,
        seats=seats(p0=Seat(lineup=["konstantin-arsenyev", "irina-voeykova", "kuzma-dyatlov"]),
                    p1=Seat(lineup=["arvid-kalnins", "samuil-vaksman"]),
                    p2=Seat(lineup=["vilem-krejci", "otakar-sip"]),
                    p3=Seat(lineup=["kirill-lagutin", "vavila-sukhorukov"])),
        plots=[PlotSpot("looters-in-the-goods-yard"), PlotSpot("bribing-the-stationmaster"),
               PlotSpot("sand-in-the-axle-boxes")])


@rules("march-turns")
def test_march_turns_go_clockwise_from_the_first_player_one_action_at_a_time():
    state = built(_march_table(first=2), ("march_turn", 2))
    seen = []
    for action in [("deploy", ch("vilem-krejci"), 0), ("deploy", ch("kirill-lagutin"), 0),
                   ("deploy", ch("konstantin-arsenyev"), 0), ("deploy", ch("arvid-kalnins"), 0),
                   ("deploy", ch("otakar-sip"), 1)]:
        seen.append(state.pending)
        answer(state, action)
    assert seen == [("march_turn", 2), ("march_turn", 3), ("march_turn", 0), ("march_turn", 1), ("march_turn", 2)]
    assert state.pending == ("march_turn", 3)
    assert state.sites[1].squads == [(2, [ch("otakar-sip")])]  # one character per action


@rules("march-deploy", "march-one-own-squad")
def test_deploy_starts_a_squad_and_a_player_starts_only_one_squad_per_plot():
    state = built(_march_table(), ("march_turn", 0))
    answer(state, ("deploy", ch("konstantin-arsenyev"), 2))
    assert state.sites[2].squads == [(0, [ch("konstantin-arsenyev")])]
    assert ch("konstantin-arsenyev") not in state.lineup[0]
    answer(state, ("deploy", ch("arvid-kalnins"), 2))
    answer(state, ("pass",), ("pass",))
    legal = state.legal_actions()
    assert state.pending == ("march_turn", 0)
    # no second squad of player 0 at plot 2, but its characters may still help there
    assert not [a for a in legal if a[0] == "deploy" and a[2] == 2]
    assert ("join", ch("irina-voeykova"), 2, 0) in legal
    assert ("join", ch("irina-voeykova"), 2, 1) in legal
    assert ("deploy", ch("irina-voeykova"), 1) in legal
    answer(state, ("join", ch("irina-voeykova"), 2, 1))
    assert state.sites[2].squads == [(0, [ch("konstantin-arsenyev")]), (1, [ch("arvid-kalnins"),
                                                                              ch("irina-voeykova")])]
    assert state.pending == ("march_turn", 1)
    assert not [a for a in state.legal_actions() if a[0] == "deploy" and a[2] == 2]


@rules("march-icons-match")
def test_a_character_goes_only_to_plots_sharing_at_least_one_of_its_icons():
    state = built(_march_table(), ("march_turn", 0))
    legal = state.legal_actions()
    # looters: combat; bribing: intrigue; sand in the axle boxes: combat or intrigue
    assert {a[2] for a in legal if a[:2] == ("deploy", ch("konstantin-arsenyev"))} == {0, 2}  # combat
    assert {a[2] for a in legal if a[:2] == ("deploy", ch("irina-voeykova"))} == {1, 2}  # intrigue/charisma
    assert {a[2] for a in legal if a[:2] == ("deploy", ch("kuzma-dyatlov"))} == {1, 2}
    answer(state, ("deploy", ch("konstantin-arsenyev"), 0))
    answer(state, ("pass",), ("pass",), ("pass",))
    # nor may a character reinforce a squad at a plot whose icons it lacks
    assert not [a for a in state.legal_actions() if a[0] == "join" and a[1] == ch("irina-voeykova") and a[2] == 0]


@rules("march-reinforce", "squad-definition")
def test_reinforcing_adds_a_character_to_another_players_squad_which_stays_that_players():
    state = built(_march_table(), ("march_turn", 0))
    answer(state, ("deploy", ch("konstantin-arsenyev"), 0), ("join", ch("arvid-kalnins"), 0, 0),
           ("join", ch("vilem-krejci"), 0, 0), ("join", ch("kirill-lagutin"), 0, 0))
    site = state.sites[0]
    members = [ch("konstantin-arsenyev"), ch("arvid-kalnins"), ch("vilem-krejci"), ch("kirill-lagutin")]
    assert site.squads == [(0, members)]  # one squad of four factions, led by the player who started it
    assert [state.owner[c] for c in members] == [0, 1, 2, 3]  # each helper still belongs to its player
    assert [data().characters[c].faction for c in members] == ["whites", "reds", "legionnaires", "warlords"]
    answer(state, ("deploy", ch("irina-voeykova"), 2), ("join", ch("samuil-vaksman"), 2, 0), ("pass",),
           ("pass",), ("join", ch("kuzma-dyatlov"), 2, 0))  # a player may reinforce its own squad too
    assert state.sites[2].squads == [(0, [ch("irina-voeykova"), ch("samuil-vaksman"), ch("kuzma-dyatlov")])]


@rules("march-special-action", "reserve-waits", "march-lined-up")
def test_a_special_action_acts_and_sends_its_character_to_the_reserve_where_it_waits():
    state = built(_march_table(), ("march_turn", 0))
    kuzma = ch("kuzma-dyatlov")
    assert ("special", kuzma, 0) in state.legal_actions()
    answer(state, ("special", kuzma, 0))
    assert state.resources[0] == 2
    assert state.reserve[0] == [kuzma] and kuzma not in state.lineup[0]
    answer(state, ("pass",), ("pass",), ("pass",))
    legal = state.legal_actions()
    assert state.pending == ("march_turn", 0)
    assert not [a for a in legal if len(a) > 1 and a[1] == kuzma]  # neither deployed nor used again this round
    assert ("deploy", ch("irina-voeykova"), 1) in legal


@rules("march-lined-up", "reserve-waits")
def test_only_lined_up_characters_may_be_deployed_or_use_their_actions():
    layout = Layout(location=FIRST_LEVEL, seats=seats(
        p0=Seat(lineup=["konstantin-arsenyev"], reserve=["irina-voeykova", "kuzma-dyatlov", "pavel-sukhov"]),
        p2=Seat(lineup=["vilem-krejci"], reserve=["alois-vacek"], wounded=["alois-vacek"])),
        plots=[PlotSpot("looters-in-the-goods-yard"), PlotSpot("bribing-the-stationmaster")])
    state = built(layout, ("march_turn", 0))
    # the Reserve's intrigue characters, the special action and Explosives are all out of reach
    assert state.legal_actions() == [("deploy", ch("konstantin-arsenyev"), 0), ("pass",)]
    answer(state, ("pass",))
    assert state.pending == ("march_turn", 2)
    assert state.legal_actions() == [("deploy", ch("vilem-krejci"), 0), ("pass",)]  # no Surgery from the Reserve
    state = built(layout, ("prepare", 0))
    assert state.is_terminal() and ch("pavel-sukhov") in state.reserve[0]  # no Explosives in the Preparation


@rules("march-pass")
def test_a_player_who_passed_takes_no_more_march_turns():
    state = built(_march_table(), ("march_turn", 0))
    answer(state, ("pass",))
    turns = []
    while not state.is_terminal():
        turns.append(state.pending[1])
        legal = state.legal_actions()
        state.apply_action(next((a for a in legal if a[0] == "deploy"), ("pass",)))
    assert 0 not in turns
    assert turns[:3] == [1, 2, 3]
    assert ch("konstantin-arsenyev") in state.lineup[0] and ch("irina-voeykova") in state.lineup[0]
    assert state.passed == {0, 1, 2, 3}


@rules("march-end", "eval-when")
def test_plots_are_evaluated_only_once_everybody_has_passed():
    state = built(_march_table(), ("march_turn", 0), ("evaluate_all",))
    answer(state, ("deploy", ch("konstantin-arsenyev"), 0), ("pass",), ("pass",), ("pass",))
    assert state.pending == ("march_turn", 0)  # the others passed, the March goes on
    assert not events(state, PlotPaid) and not state.sites[0].done
    answer(state, ("deploy", ch("irina-voeykova"), 1))
    assert state.pending == ("march_turn", 0)
    answer(state, ("pass",))
    finish(state, lambda s, legal: ("pass",) if ("pass",) in legal else legal[0])
    assert [e.plot for e in events(state, PlotPaid)] == [card("plot", "looters-in-the-goods-yard"),
                                                     card("plot", "bribing-the-stationmaster")]
    assert state.vp[0] == 2 + 2


# --- squads -----------------------------------------------------------------------------------------------------------
@rules("squad-every-character")
def test_every_character_at_a_plot_belongs_to_exactly_one_squad():
    state = built(_march_table(), ("march_turn", 0))
    answer(state, ("deploy", ch("konstantin-arsenyev"), 2), ("join", ch("arvid-kalnins"), 2, 0),
           ("deploy", ch("vilem-krejci"), 2), ("join", ch("kirill-lagutin"), 2, 2),
           ("join", ch("irina-voeykova"), 2, 2), ("deploy", ch("samuil-vaksman"), 2))
    at_plot = state.sites[2].members()
    assert sorted(at_plot) == sorted(ch(x) for x in ("konstantin-arsenyev", "arvid-kalnins", "vilem-krejci",
                                                     "kirill-lagutin", "irina-voeykova", "samuil-vaksman"))
    for c in at_plot:
        assert sum(c in squad for _, squad in state.sites[2].squads) == 1
    assert [s for s, _ in state.sites[2].squads] == [0, 2, 1]
    assert check_invariants(state) == []


@rules("squad-helpers-return")
def test_a_helper_goes_back_to_its_own_players_reserve_once_the_plot_is_done():
    layout = Layout(location=FIRST_LEVEL, seats=seats(), plots=[PlotSpot("looters-in-the-goods-yard", [
        Squad(0, ["konstantin-arsenyev", ("arvid-kalnins", 1), ("vilem-krejci", 2)]),
        Squad(3, ["kirill-lagutin"])])])
    state = finish(built(layout, ("evaluate", 0)))
    assert state.reserve == [[ch("konstantin-arsenyev")], [ch("arvid-kalnins")], [ch("vilem-krejci")],
                             [ch("kirill-lagutin")]]
    assert state.owner[ch("arvid-kalnins")] == 1 and state.owner[ch("vilem-krejci")] == 2
    assert state.vp == [2, 0, 0, 0]  # the helpers' players earn nothing from the squad's win


@rules("march-faction-columns")
def test_each_plot_space_has_a_column_per_faction_and_a_squad_is_kept_under_its_starter():
    board = yaml.safe_load((PACK / "layouts" / "board.yaml").read_text(encoding="utf-8"))["params"]
    assert board["plots"] == data().parameters.plots(4)  # a space for every plot of the largest row
    assert sorted(board["faction_order"]) == sorted(data().factions)  # one colour strip per faction
    layout = Layout(location=FIRST_LEVEL, seats=seats(), plots=[PlotSpot("looters-in-the-goods-yard", [
        Squad(2, ["vilem-krejci", ("konstantin-arsenyev", 0)]), Squad(0, ["gleb-yartsev"])])])
    state = built(layout, ("halt",))
    # the squad a helper of player 0 joined lies in player 2's column, player 0's own squad in player 0's
    assert [(s, data().characters[m[0]].faction) for s, m in state.sites[0].squads] == [(2, "legionnaires"),
                                                                                        (0, "whites")]
    assert state.sites[0].squad_of(2) == [ch("vilem-krejci"), ch("konstantin-arsenyev")]
    assert state.sites[0].squad_of(0) == [ch("gleb-yartsev")]
