"""Journey scenarios through ``pnpforge replay``: the rulebook's example, stated outcomes checked, and every
problem of a scenario a located error with exit code 2 (an illegal bid names its step and the rule)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from pnpforge.engine.replay import replay_and_check
from pnpforge.games.legion_siberian_journey import PACKAGE

from tests.engine.registered import pack_at
from tests.games.legion_siberian_journey.helpers import PACK, rules
from tests.helpers import run_cli

EXAMPLES = PACK / "examples"


@rules("plot-cooperative-difficulty", "plot-cooperative-reward-ladder", "march-reinforce", "plot-reward-to-squad-owner")
def test_the_rulebook_example_through_the_cli() -> None:
    result = run_cli("replay", "legion-siberian-journey", str(EXAMPLES / "deserters-and-the-double-agent.yaml"))
    assert result.code == 0, result.output
    deserters = json.loads(result.output)["plots"][1]
    assert deserters["total"] == 27 and deserters["strength"] == {"legionnaires": 12, "warlords": 11, "reds": 4}
    assert deserters["paid"] == {"legionnaires": 6, "warlords": 3}  # the Reds' helper earns them nothing


def test_a_changed_stated_outcome_is_reported(tmp_path: Path) -> None:
    copy = tmp_path / "tie.yaml"
    shutil.copy(EXAMPLES / "tie-broken-by-squad-size.yaml", copy)
    body = yaml.safe_load(copy.read_text(encoding="utf-8"))
    body["expect"]["plots"][0]["winners"] = ["whites"]
    copy.write_text(yaml.safe_dump(body, sort_keys=False), encoding="utf-8")
    _, outcome = replay_and_check(PACKAGE, pack_at(PACK), copy)
    assert [f.message for f in outcome.findings] == [
        "example 'tie': expect.plots[0].winners: stated ['whites'], engine gives ['reds']"]


AUCTION = """\
name: Bids in the Auction
players: [reds, legionnaires]
phase: auction
seats:
  reds: {resources: 5}
  legionnaires: {resources: 5}
market: [kamil-hroch, gleb-yartsev]
choices:
"""


@pytest.mark.parametrize("choices, line, message", [
    pytest.param("  - {player: reds, bid: {card: kamil-hroch, tokens: 1}}\n", 9,
                 "choice 1 (bid turn of the reds): the reds may not bid on a character of the legionnaires, their "
                 "sworn enemies (rule sworn-enemies-no-bid)", id="sworn-enemy",
                 marks=pytest.mark.rules("sworn-enemies-no-bid")),
    pytest.param("  - {player: reds, bid: {card: gleb-yartsev, tokens: 2}}\n"
                 "  - {player: legionnaires, bid: {card: gleb-yartsev, tokens: 6}}\n", 10,
                 "choice 2 (bid turn of the legionnaires): a bid of 6 is more than the 5 resources the legionnaires "
                 "have (rule auction-bid)", id="more-than-one-has", marks=pytest.mark.rules("auction-bid")),
    pytest.param("  - {player: reds, bid: {card: vilem-krejci, tokens: 2}}\n", 9,
                 "choice 1 (bid turn of the reds): 'vilem-krejci' is not in the Marketplace (rule auction-bid)",
                 id="not-offered"),
])
def test_an_illegal_bid_exits_2_naming_the_step_and_the_rule(tmp_path: Path, choices: str, line: int,
                                                             message: str) -> None:
    path = tmp_path / "auction.yaml"
    path.write_text(AUCTION + choices, encoding="utf-8")
    result = run_cli("replay", "legion-siberian-journey", str(path))
    assert result.code == 2
    assert f"auction.yaml:{line}:5: error: {message}" in result.output


def test_legal_bids_settle_the_auction(tmp_path: Path) -> None:
    path = tmp_path / "auction.yaml"
    path.write_text(AUCTION + "  - {player: reds, bid: {card: gleb-yartsev, tokens: 2}}\n"
                              "  - {player: legionnaires, bid: {card: gleb-yartsev, tokens: 3}}\n", encoding="utf-8")
    result = run_cli("replay", "legion-siberian-journey", str(path))
    assert result.code == 0, result.output
    outcome = json.loads(result.output)
    # the Legionnaires' 3 beat the Reds' 2 (which come back); Kamil Hroch, unbid, goes back to the deck
    assert outcome["bought"] == {"gleb-yartsev": "legionnaires"} and outcome["left_in_market"] == []
    assert outcome["resources"] == {"reds": 5, "legionnaires": 2}


@pytest.mark.parametrize("body, where, message", [
    ("name: x\nplayers: [reds, blues]\n", "2:17", "unknown faction 'blues'; factions: whites, reds"),
    ("name: x\nplayers: [reds, whites]\nlocation: kazan-on-the-volga\nplots:\n  - plot: no-such-plot\n",
     "5:5", "plot 'no-such-plot': the pack has no such card"),
    ("name: x\nplayers: [reds, whites]\nlocation: kazan-on-the-volga\nplots:\n  - plot: deserters\n",
     "5:5", "plot 'deserters' is of level second, but the location's plots are first"),
    ("name: x\nplayers: [reds, whites]\nround: 12\n", "3:1", "round: expected an integer <= 9, found 12"),
    ("name: x\nplayers: [reds, whites]\nseats:\n  reds: {commander: arkady-velembovsky}\n", "4:10",
     "'arkady-velembovsky' is not a commander of the reds"),
    ("name: x\nplayers: [reds, whites]\nphase: auction\nchoices:\n  - {player: reds, bid: {card: a, tokens: 1}, "
     "play: b}\n", "5:5", "a choice gives exactly one of bid, deploy, play, secret or do; found bid, play"),
    ("name: x\nplayers: [reds, whites]\nphase: auction\nchoices:\n  - {player: reds, do: dance}\n", "5:20",
     "choice 1: the engine never asked the reds for it; the reds were offered: pass"),
])
def test_an_invalid_scenario_exits_2_at_its_place(tmp_path: Path, body: str, where: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(body, encoding="utf-8")
    result = run_cli("replay", "legion-siberian-journey", str(path))
    assert result.code == 2
    assert f"bad.yaml:{where}: error: " in result.output and message in result.output, result.output


SCENARIOS = PACK / "scenarios"
PUBLIC = ("lineup", "reserve", "hand", "market_resources")


def test_every_outcome_shows_the_open_table() -> None:
    files = sorted(EXAMPLES.glob("*.yaml")) + sorted(SCENARIOS.glob("*.yaml"))
    for path in files:
        outcome = PACKAGE.replay(pack_at(PACK), path)
        assert outcome.ok, path
        assert all(key in outcome.data for key in PUBLIC), path
        factions = set(outcome.data["vp"])
        assert all(set(outcome.data[key]) == factions for key in ("lineup", "reserve", "hand")), path
    assert len(files) >= 13


@rules("first-player-each-round", "first-player-tie-coin", "market-draw", "auction-income")
def test_a_scenario_from_the_round_start_shows_the_income_the_first_player_and_the_marketplace_draw(
        tmp_path: Path) -> None:
    text = (SCENARIOS / "a-round-from-its-start.yaml").read_text(encoding="utf-8")
    outcome = PACKAGE.replay(pack_at(PACK), SCENARIOS / "a-round-from-its-start.yaml").data
    assert outcome["first_player"] == "reds" and outcome["offered"][:3] == ["gleb-yartsev", "kamil-hroch",
                                                                           "taiga-partisan"]
    path = tmp_path / "round.yaml"
    text = text[:text.index("choices:")]  # chance alone
    path.write_text(text.replace("first: reds", "first: whites"), encoding="utf-8")
    assert PACKAGE.replay(pack_at(PACK), path).data["first_player"] == "whites"
    path.write_text(text.replace("draw: kamil-hroch", "draw: kamil-hroch-twice"), encoding="utf-8")
    result = run_cli("replay", "legion-siberian-journey", str(path))
    assert result.code == 2 and "round.yaml:20:5: error: chance 3: 'kamil-hroch-twice' cannot come up here; draw " \
                                "may give: " in result.output


def test_a_scenario_from_the_round_start_gives_no_first_player_nor_plots(tmp_path: Path) -> None:
    path = tmp_path / "round.yaml"
    path.write_text("name: x\nplayers: [reds, whites]\nphase: round\nlocation: kazan-on-the-volga\nfirst: reds\n"
                    "plots:\n  - plot: deserters\n", encoding="utf-8")
    result = run_cli("replay", "legion-siberian-journey", str(path))
    assert result.code == 2
    assert "round.yaml:5:1: error: first: the round decides them" in result.output
    assert "round.yaml:6:1: error: plots: the round decides them" in result.output


MARCH = """\
name: A March
players: [whites, reds]
location: petropavlovsk-on-the-ishim
phase: march
first: whites
seats:
  whites: {lineup: [konstantin-arsenyev, mikhail-veretennikov]}
  reds: {lineup: [arvid-kalnins]}
plots:
  - plot: maxim-in-the-grain-elevator
choices:
  - {player: whites, deploy: {character: konstantin-arsenyev, plot: maxim-in-the-grain-elevator}}
  - {player: reds, deploy: {character: arvid-kalnins, plot: maxim-in-the-grain-elevator}}
"""


@rules("march-deploy", "march-reinforce", "march-one-own-squad")
@pytest.mark.parametrize("squad, result", [
    ("", "14:22: error: choice 3: the whites already have a squad at 'maxim-in-the-grain-elevator': write "
         "'squad: whites' to reinforce it, or 'squad: new' to start another"),
    (", squad: new", "14:99: error: choice 3 (march turn of the whites): the whites already have a squad at "
                     "'maxim-in-the-grain-elevator' (rule march-one-own-squad)"),
    (", squad: whites", {"whites": 11, "reds": 7}),
    (", squad: reds", {"whites": 7, "reds": 11}),
])
def test_a_deploy_says_which_squad_where_the_player_has_one(tmp_path: Path, squad: str, result) -> None:
    path = tmp_path / "march.yaml"
    path.write_text(MARCH + "  - {player: whites, deploy: {character: mikhail-veretennikov, "
                            f"plot: maxim-in-the-grain-elevator{squad}}}}}\n", encoding="utf-8")
    replayed = run_cli("replay", "legion-siberian-journey", str(path))
    if isinstance(result, str):
        assert replayed.code == 2 and f"march.yaml:{result}" in replayed.output, replayed.output
    else:
        assert replayed.code == 0 and json.loads(replayed.output)["plots"][0]["strength"] == result


def test_a_choice_written_as_refused_must_be_refused_for_its_rule(tmp_path: Path) -> None:
    path = tmp_path / "auction.yaml"
    path.write_text(AUCTION + "  - {player: reds, bid: {card: gleb-yartsev, tokens: 2}, refused: auction-bid}\n",
                    encoding="utf-8")
    result = run_cli("replay", "legion-siberian-journey", str(path))
    assert result.code == 2
    assert "auction.yaml:9:58: error: choice 1: written as refused (auction-bid), but the rules allow it here" \
        in result.output


@rules("auction-tie-card-stays")
def test_the_resources_on_a_card_left_tied_in_the_marketplace_are_shown(tmp_path: Path) -> None:
    path = tmp_path / "auction.yaml"
    path.write_text(AUCTION.replace("[kamil-hroch, gleb-yartsev]", "[gleb-yartsev, hot-tea-from-the-samovar]") +
                    "  - {player: reds, bid: {card: hot-tea-from-the-samovar, tokens: 2}}\n"
                    "  - {player: legionnaires, bid: {card: hot-tea-from-the-samovar, tokens: 2}}\n", encoding="utf-8")
    outcome = PACKAGE.replay(pack_at(PACK), path).data
    assert outcome["market_resources"] == {"hot-tea-from-the-samovar": {"reds": 2, "legionnaires": 2}}
    assert outcome["left_in_market"] == ["hot-tea-from-the-samovar"] and outcome["resources"] == {
        "reds": 3, "legionnaires": 3}


def test_the_open_table_is_the_same_in_every_world_a_player_cannot_tell_apart() -> None:
    from pnpforge.games.legion_siberian_journey.hidden import determinize
    from pnpforge.games.legion_siberian_journey.view import public

    from tests.games.legion_siberian_journey.helpers import game
    from tests.helpers import open_tables

    seen = open_tables(game(3), 3, determinize, public, 60)
    assert any(any(hand for hand in table["hand"].values()) for table in seen)
