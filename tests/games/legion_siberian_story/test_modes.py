"""The Despatches mode and the Survival campaign."""

from __future__ import annotations

import json
import re

import random
from collections import Counter

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story import modes, moves
from pnpforge.games.legion_siberian_story.game import make_game
from pnpforge.games.legion_siberian_story.invariants import violations
from pnpforge.games.legion_siberian_story.scoring import final_scores

from tests.games.legion_siberian_story.helpers import data, pack, person, plot, rules


def to_round(state, round_, kind=None):
    while not (state.round == round_ and (kind is None or (state.pending and state.pending[0] == kind))):
        state.apply_action(state.legal_actions()[0])
    return state


def despatch_game(players: int = 3):
    state = make_game(data(), players, mode="despatches").new_initial_state()
    return state


@rules("despatch-setup", "despatch-draw")
def test_round_two_deals_two_despatches_and_each_player_keeps_one():
    state = despatch_game()
    assert sorted(state.despatch_deck) == sorted(data().despatches)
    state = to_round(state, 2, "despatch_keep")
    player = state.pending[1]
    offered = list(state.offered[player])
    assert len(offered) == 2
    state.apply_action(("keep", offered[1]))
    assert state.despatch[player] == offered[1] and state.offered[player] == []
    assert offered[0] not in state.despatch_deck  # returned to the box unseen
    other = next(q for q in range(3) if q != player)
    assert state.observation(player) != state.observation(other)


@rules("despatch-play")
def test_a_played_despatch_acts_at_once_and_scores_nothing():
    state = to_round(despatch_game(), 2, "shop")
    player = state.pending[1]
    state.despatch[player] = "black-market-contact"
    state.refresh()
    before = state.supplies[player]
    state.apply_action(("despatch",))
    assert state.supplies[player] == before + 2
    assert state.despatch[player] is None and state.played_despatch[player] == "black-market-contact"
    assert modes.despatch_points(state, player) == 0


def test_drawing_two_from_a_one_card_deck_draws_one_and_counts_the_empty_deck():
    state = to_round(despatch_game(), 2, "shop")
    player = state.pending[1]
    state.despatch[player] = "mobilisation-decree"
    state.deck[player], state.bottom[player] = state.deck[player][:1], []
    state.refresh()
    hand = len(state.hand[player])
    state.apply_action(("despatch",))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(state.hand[player]) == hand + 1 and state.deck[player] == []
    assert state.gaps["empty_deck"] == 1


@rules("despatch-keep", "despatch-war-diary")
def test_a_kept_despatch_scores_when_its_condition_holds_and_the_war_diary_counts_both_types(tmp_path):
    state = despatch_game(2)
    state.despatch[0] = "supply-requisition"  # 3 VP for two Freezing plots won
    state.won_types[0] = Counter({"freezing": 2, "any": 2})
    assert modes.despatch_points(state, 0) == 3
    state.won_types[0] = Counter({"freezing": 1, "any": 1})
    assert modes.despatch_points(state, 0) == 0
    body = {"players": ["whites", "reds"],
            "plots": [plot({"whites": [person("w1", 3, gear=["coat"])], "reds": [person("r1", 1)]},
                           types=["freezing", "peaceful"])]}
    from pnpforge.engine.script import play
    from pnpforge.games.legion_siberian_story.replay import ADAPTER
    import yaml
    path = tmp_path / "diary.yaml"
    path.write_text(yaml.safe_dump({"name": "diary", **body}), encoding="utf-8")
    built = play(ADAPTER, pack(), path).final
    assert built.won_types[0] == Counter({"any": 1, "freezing": 1, "peaceful": 1})


def survival_game(players: int = 2, seed: int = 3):
    game = make_game(data(), players, mode="survival")
    return play_game(game, [RandomBot()] * players, random.Random(seed),
                     after_action=lambda s, a: None)


@rules("survival-campaign", "survival-setup", "survival-next-game")
def test_a_campaign_is_three_games_won_by_the_combined_score():
    state = survival_game(3, seed=5)
    assert state.game_number == 3 and all(len(c) == 2 for c in state.campaign)
    totals = modes.campaign_end(state)
    assert totals == [sum(state.campaign[p]) + final_scores(state)[p] for p in range(3)]
    best = max(totals)
    assert all((state.returns()[p] > 0) == (totals[p] == best) for p in range(3)) or len(
        [t for t in totals if t == best]) > 1


def to_camp(players: int = 2, seed: int = 1):
    state = make_game(data(), players, mode="survival").new_initial_state()
    state.auto = False  # ask even the one-answer questions, so that the camp is seen
    rng = random.Random(seed)
    while not (state.pending and state.pending[0] == "camp_buy"):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(state.legal_actions()[0])
        assert not violations(state)
    return state


@rules("survival-price-table", "survival-spent-vp")
def test_points_buy_healing_warming_and_supplies_at_the_table_price():
    state = to_camp(2)
    player = state.pending[1]
    living = sorted(state.hand[player] + state.deck[player])
    wounded, frozen = living[0], living[1]
    state.fighter(wounded).wounds = 1
    state.fighter(frozen).frost = 1
    state.vp[player] = 20
    state.refresh()
    assert modes.SURVIVAL_PRICES == {2: (5, 2, 1), 3: (4, 1, 1), 4: (3, 1, 1)}
    state.apply_action(("heal", wounded))
    state.apply_action(("warm", frozen))
    state.apply_action(("supply",))
    assert state.spent[player] == 5 + 2 + 1
    score = final_scores(state)[player]
    while state.pending and state.pending[0] == "camp_buy":
        state.apply_action(("done",))
    assert state.campaign[player] == [score - 8]


@rules("survival-carry-over", "survival-dead-removed", "survival-store-hand")
def test_sleeves_wounds_and_supplies_carry_over_and_the_dead_leave():
    state = to_camp(2, seed=4)
    player = 0
    living = sorted(state.hand[player] + state.deck[player] + state.bottom[player])
    keeper = next(c for c in living if "fragility" not in data().characters[c].abilities
                  and not state.fighters.get(c))
    state.fighter(keeper).gear = ("coat",)
    state.pool["coat"] -= 1
    state.fighter(keeper).wounds = 1
    state.pool["wound"] -= 1
    skill = sorted(ch.skills(state, keeper))[0]
    moves.cripple(state, keeper, skill)
    state.supplies[player] = 4
    dead = list(state.graveyard[player])
    state.refresh()
    while state.pending and state.pending[0] == "camp_buy":
        state.apply_action(("done",))
    while state.round == 0 or state.is_chance_node() and state.pending[0] == "draw":
        state.apply_action(state.legal_actions()[0])
    assert state.game_number == 2
    assert state.fighters[keeper].gear == ("coat",) and state.fighters[keeper].wounds == 1
    assert state.fighters[keeper].crippled == () and skill in ch.skills(state, keeper)  # Crippled cards go back
    assert state.supplies[player] >= 4
    assert all(c in state.boxed[player] for c in dead) and state.graveyard[player] == []
    assert len(state.hand[player]) >= 5 or not (state.deck[player] or state.bottom[player])
    assert not violations(state)


def test_a_survival_run_reports_each_campaigns_total_as_its_score(tmp_path):
    import json

    from pnpforge.engine.playout import Run, play_seed
    from pnpforge.engine.simulate import play_and_tally
    from pnpforge.games.legion_siberian_story import PACKAGE

    from tests.games.legion_siberian_story.helpers import PACK_DIR, pack
    from tests.helpers import run_cli

    config = Run(players=2, mode="survival")
    state = play_seed(PACKAGE, pack(), config, 3).state
    tally = play_and_tally(PACKAGE, pack(), config, 3)
    totals = modes.campaign_end(state)
    assert tally.get("score/total") == sum(totals) != sum(final_scores(state))
    assert all(tally.get(f"score/hist/{t}") >= 1 for t in totals)

    result = run_cli("validate", str(PACK_DIR), "--out", str(tmp_path), "--jobs", "1", "--games", "2",
                     "--players", "2", "--mode", "survival")
    assert result.code in (0, 1), result.output
    report = json.loads((tmp_path / "legion-siberian-story" / "validation" / "survival" / "report.json").read_text())
    assert set(report["summary"]["averages"]) == {"score_per_player", "deaths_per_campaign",
                                                  "frostbite_deaths_per_campaign", "decisions_per_campaign"}
    assert "Campaign totals, 2 players" in [chart["title"] for chart in report["charts"]]
    assert any(f["rule"] == "averages" and f["message"].startswith("per campaign of 3 games: ")
               for f in report["findings"])


def test_validate_plays_every_mode_unless_one_is_named(tmp_path):
    from tests.games.legion_siberian_story.helpers import PACK_DIR
    from tests.helpers import run_cli

    result = run_cli("validate", str(PACK_DIR), "--out", str(tmp_path), "--jobs", "1", "--games", "2",
                     "--players", "2")
    assert result.code in (0, 1), result.output
    assert [line for line in result.lines if line.startswith("== ")] == \
        ["== base mode", "== despatches mode", "== survival mode"]
    assert result.lines[-1].startswith("every mode (base, despatches, survival): ")
    folder = tmp_path / "legion-siberian-story" / "validation"
    modes = {path.parent.relative_to(folder).as_posix(): json.loads(path.read_text())["settings"]["mode"]
             for path in folder.rglob("report.json")}
    assert modes == {".": "base", "despatches": "despatches", "survival": "survival"}
    for page in folder.rglob("report.html"):  # each report links the other two, and the links lead to them
        links = re.findall(r'<a href="([^"]+)">mode (\w+)</a>', page.read_text(encoding="utf-8"))
        assert sorted(mode for _, mode in links) == sorted(set(modes.values()) - {modes[page.parent.relative_to(
            folder).as_posix()]})
        assert all((page.parent / href).resolve().is_file() for href, _ in links)
    one = run_cli("validate", str(PACK_DIR), "--out", str(tmp_path / "one"), "--jobs", "1", "--games", "2",
                  "--players", "2", "--mode", "despatches")
    assert "== " not in one.output
    assert [p.parent.name for p in (tmp_path / "one").rglob("report.json")] == ["despatches"]
