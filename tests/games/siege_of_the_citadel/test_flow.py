"""A mission from set-up to scoring: the map and decks Battle Plans deals, the draft, rounds by random markers,
corporation turns, the Dark Legion turn, the AI deck, points, ranks and the end."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.games.siege_of_the_citadel import PACKAGE, roles
from pnpforge.games.siege_of_the_citadel.figures import Team
from pnpforge.games.siege_of_the_citadel.invariants import check
from pnpforge.games.siege_of_the_citadel.scoring import move_track
from pnpforge.games.siege_of_the_citadel.steps import outcomes

from tests.games.siege_of_the_citadel.helpers import act, dealt, game, options, pack, position, scenario


@pytest.mark.rules("setup-mission", "setup-map", "setup-force-cards", "setup-event-deck", "brief-parts",
                   "setup-corporation", "setup-reference-board", "setup-rank-single")
def test_battle_plans_is_dealt_as_its_brief_says() -> None:
    state = game().new_initial_state()
    mission = state.game.mission
    assert mission.tiles == (14, 12, 15, 3) and len(mission.grid.rows) == 14
    assert [e.colour for e in mission.entrances] == ["white", "white", "red", "red"]
    assert mission.entrances[0].cell == (0, 10) and mission.entrances[1].cell == (20, 10)
    assert len(state.doors) == 2 and mission.targets == ((9, 10), (11, 10))
    assert state.face_down == (2, 2, 2, 2)  # one per team on every tile, two teams
    assert mission.rounds == 5 and mission.events == tuple(range(1, 13))
    assert state.game.board().ranks == (1, 2) and set(state.teams) == {"bauhaus", "capitol"}
    assert all(t.rank == 1 and t.points == 0 for t in state.teams.values())


@pytest.mark.rules("setup-trooper-choice", "setup-draft-order-single", "setup-draft", "equip-specialty",
                   "equip-three", "setup-credits-lost", "setup-doomtrooper-cards", "equip-capitol")
def test_the_draft_keeps_to_credits_ranks_and_specialties() -> None:
    state = game().new_initial_state()
    assert state.is_chance_node() and state.agenda[-1][1] == "deal"  # the Doomtrooper cards come first
    dealt(state)
    assert state.current_player() == 1  # left of the Dark Legion first
    assert options(state)[0].startswith("send ") and len(options(state)) == 3
    act(state, options(state)[0])
    act(state, options(state)[0])
    corp = state.agenda[-1][3]
    team = state.teams[corp]
    for action in state.legal_actions()[1:] if state.legal_actions()[0] == ("done",) else state.legal_actions():
        item = state.game.equipment[action[1]]
        fig = state.figs[action[2]]
        assert item.cost <= team.credits and item.rank <= team.rank + (corp == "capitol")
        if item.kind in ("weapon", "combo"):
            assert fig.kind in item.icons
    assert ("done",) not in state.legal_actions()  # nobody leaves unarmed while a weapon is there
    assert state.hands == {"bauhaus": ("adrenaline-surge",), "capitol": ("steady-aim",)}
    ranks = state.game.ranks
    assert ranks["capitol"][1].credits == ranks["bauhaus"][1].credits + 1


@pytest.mark.rules("round-order", "round-end-check", "mission-end", "dl-last-turn")
def test_every_side_draws_its_marker_once_a_round() -> None:
    state = dealt(game(draft=False).new_initial_state())
    assert state.is_chance_node() and state.round == 1
    assert dict(outcomes(state, state.agenda[-1])) == {s: Fraction(1, 3) for s in ("bauhaus", "capitol", "legion")}
    rng = random.Random(5)
    final = play_game(None, [RandomBot()] * 3, rng, start=state)
    assert final.round == 5 and final.is_terminal()


@pytest.mark.rules("turn-enter", "turn-activation", "turn-special", "card-one-per-turn", "card-resolve-discard")
def test_a_turn_enters_then_activates_each_doomtrooper_for_two_actions(tmp_path: Path) -> None:
    state = position(tmp_path, """
        start: corporation
        corporations: [imperial]
        cards: 2
        map: |
          +-+-+-+-+-+-+-+
          |. . . . . . .|
          +-+-+-+-+-+-+-+
        figures:
          - {id: murdoch, corporation: imperial, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}
        """)
    act(state, "activate murdoch")
    act(state, "move to 3,0")
    act(state, "discard adrenaline-surge for one more action")
    assert not any(o.startswith(("discard", "play")) for o in options(state))  # one card on the team's own turn
    act(state, "move to 6,0")
    act(state, "move to 4,0")
    assert state.is_terminal() and state.hands["imperial"] == ("steady-aim",)
    assert state.played == ("adrenaline-surge",)


@pytest.mark.rules("spawn-first-entry", "spawn-placement", "spawn-missing-figures", "spawn-discard")
def test_a_spawn_places_only_what_the_box_holds_away_from_doomtroopers(tmp_path: Path) -> None:
    played = scenario(tmp_path, """
        start: corporation
        mission: battle-plans
        corporations: [cybertronic]
        face_down: [0, 1, 0, 0]
        figures:
          - {id: beach, corporation: cybertronic, specialty: firearms, weapon: plasma-carbine, at: [5, 10]}
          - {id: n1, creature: necromutant, outside: 2}
          - {id: n2, creature: necromutant, outside: 2}
          - {id: n3, creature: necromutant, outside: 2}
          - {id: n4, creature: necromutant, outside: 2}
          - {id: n5, creature: necromutant, outside: 2}
          - {id: n6, creature: necromutant, outside: 2}
          - {id: n7, creature: necromutant, outside: 2}
          - {id: n8, creature: necromutant, outside: 2}
          - {id: n9, creature: necromutant, outside: 2}
        choices:
          - {player: cybertronic, figure: beach, move: [7, 10]}
        chance:
          - {force: 4}
        """)
    assert not played.findings, [str(f) for f in played.findings]
    final = played.final
    placed = [f for f in final.figs.values() if f.id.startswith("legionnaire")]
    assert len(placed) == 1 and final.stats["figures missing"] == 1  # no Necromutant left in the box
    assert max(abs(placed[0].cell[0] - 7), abs(placed[0].cell[1] - 10)) > 1
    assert final.seen_forces == (4,) and final.face_down == (0, 0, 0, 0)


@pytest.mark.rules("dl-event", "dl-reinforcements", "dl-reveal", "dl-activate", "dl-discard-event", "dl-attacks")
def test_the_dark_legion_turn(tmp_path: Path) -> None:
    state = position(tmp_path, """
        start: legion
        mission: battle-plans
        corporations: [bauhaus]
        face_down: [0, 0, 1, 0]
        figures:
          - {id: steiner, corporation: bauhaus, specialty: firearms, weapon: plasma-carbine, at: [1, 10]}
          - {id: ghoul, creature: nepharite, at: [5, 8]}
        """)
    assert state.is_chance_node() and state.agenda[-1][1] == "event"
    state.apply_action(2)  # a patrol of three Legionnaires
    assert options(state) == ["red at 3,7", "red at 17,13"]
    act(state, "red at 3,7")
    assert sum(1 for f in state.figs.values() if f.outside == 2) == 3
    assert options(state) == ["reveal on side 15"]
    act(state, "reveal on side 15")
    state.apply_action(1)
    act(state, options(state)[0])
    act(state, options(state)[0])
    assert "activate ghoul" in options(state)
    act(state, "activate ghoul")
    assert state.figs["ghoul"].left == 3  # three actions for the great creatures
    assert options(state)[0].startswith("move to") and options(state)[-1] == "end"


@pytest.mark.rules("ai-deck", "ai-north", "ai-compass", "ai-corporation", "ai-matrix", "ai-actions", "ai-turn",
                   "ai-target", "ai-reshuffle")
def test_the_ai_deck_commands_a_whole_mission_and_everybody_wins_or_loses() -> None:
    mode = "battle-plans-ai"
    assert roles(pack(), mode).automaton == "dark-legion" and roles(pack(), mode).cooperative
    g = game(mode, players=2)
    for seed in range(3):
        final = play_game(g, [RandomBot()] * 2, random.Random(seed), after_action=lambda s, a: assert_ok(s))
        assert final.returns() in ([0.0, 0.0], [0.5, 0.5])
        assert any(k.startswith("ai instruction") for k in final.stats)
        assert final.ai_seen == () and final.tiebreak is None


def assert_ok(state) -> None:
    assert check(state) == []


@pytest.mark.rules("rank-up", "rank-floor", "rank-cap")
def test_the_point_track_ranks_up_floors_at_rank_1_and_caps_at_12() -> None:
    team = Team("mishima", 1, 8, 0)
    move_track(team, 5)
    assert (team.rank, team.points) == (2, 3)
    move_track(team, -6)
    assert (team.rank, team.points) == (1, 7)
    move_track(team, -20)
    assert (team.rank, team.points) == (1, 0)
    top = Team("mishima", 12, 9, 0)
    move_track(top, 3)
    assert (top.rank, top.points, top.stars) == (12, 2, 1)


@pytest.mark.rules("score-corporation", "score-primary", "score-failure", "winner-single", "friendly-fire")
def test_scoring_counts_reckless_tokens_and_the_dark_legion_wins_ties(tmp_path: Path) -> None:
    played = scenario(tmp_path, """
        start: corporation
        corporations: [capitol, imperial]
        objective_done: true
        map: |
          +-+-+-+-+-+-+-+-+-+
          |. . . . . . . . .|
          +-+-+-+-+-+-+-+-+-+
        figures:
          - {id: drake, corporation: capitol, specialty: firearms, weapon: gehenna-puker, at: [0, 0]}
          - {id: kingsfield, corporation: imperial, specialty: tech, weapon: tentacle-kit, at: [3, 0], health: 5}
          - {id: grunt, creature: legionnaire, at: [2, 0]}
        choices:
          - {player: capitol, figure: drake, line: [2, 0]}
        chance:
          - {die: hit}
          - {die: hit}
          - {die: hit}
          - {armour: blank}
        """)
    assert not played.findings, [str(f) for f in played.findings]
    final = played.final
    assert final.teams["capitol"].reckless == 2 and final.figs["kingsfield"].health == 3
    assert final.teams["capitol"].score == 1 + 4 - 6  # the Legionnaire, the primary reward, two reckless tokens
    assert final.teams["imperial"].score == 4 and final.legion_score == 2
    assert final.returns() == [0.0, 0.0, 1.0]  # seats: the Dark Legion, Capitol, Imperial


@pytest.mark.rules("setup-dark-legion-player")
def test_the_dark_legion_holds_the_first_seat_and_the_corporations_rotate() -> None:
    mode_roles = roles(pack(), "battle-plans")
    assert mode_roles.fixed == ("dark-legion",)
    assert mode_roles.sides(3, 0)[0] == "dark-legion" and mode_roles.sides(3, 0) != mode_roles.sides(3, 1)
    assert PACKAGE.new_game(pack(), __import__("pnpforge.engine.contract", fromlist=["GameConfig"]).GameConfig(
        players=3, sides=("dark-legion", "mishima", "imperial"), mode="battle-plans")).side_of(2) == "imperial"


@pytest.mark.rules("ai-deck")
def test_a_solo_player_runs_two_corporations_against_the_ai_deck() -> None:
    g = game("battle-plans-ai", players=1)
    assert g.num_players == 1 and len(g.settings.corporations) == 2
    for seed in range(2):
        final = play_game(g, [RandomBot()], random.Random(seed), after_action=lambda s, a: assert_ok(s))
        assert final.returns() in ([0.0], [1.0])
        assert {s.acting for s in [final]} and all(t.troopers for t in final.teams.values())
