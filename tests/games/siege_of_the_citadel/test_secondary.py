"""Secondary missions: two drawn and one kept in secret when the brief uses them, the team's feats counted toward
its goal, figures kept on the card until the goal is met, and each card scored on its own at the end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnpforge.games.siege_of_the_citadel import secondary
from pnpforge.games.siege_of_the_citadel.bots import determinize
from pnpforge.games.siege_of_the_citadel.scoring import finish

from tests.games.siege_of_the_citadel.helpers import act, game, pack, position

CORRIDOR = """
    start: corporation
    corporations: [capitol, bauhaus]
    map: |
      +-+-+-+-+-+-+-+-+-+-+
      |. . . . . . . . . .|
      +-+-+-+-+-+-+-+-+-+-+
    figures:
      - {id: hunter, corporation: capitol, specialty: close_combat, weapon: punisher-short-sword, at: [1, 0]}
      - {id: watts, corporation: capitol, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}
      - {id: duval, corporation: bauhaus, specialty: close_combat, weapon: punisher-short-sword, at: [9, 0]}
      - {id: razor, creature: razide, at: [2, 0]}
"""


@pytest.mark.rules("setup-secondary")
def test_each_team_draws_two_and_keeps_one_in_secret() -> None:
    state = game("secret-mission", players=3, draft=False).new_initial_state()
    rng = random.Random(2)
    kinds = []
    while state.is_chance_node() or state.agenda[-1][2] == "keep":
        top = state.agenda[-1]
        kinds.append(top[1] if top[0] == "chance" else top[2])
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            assert len(state.legal_actions()) == 2  # the two drawn
            state.apply_action(state.legal_actions()[1])
        if top[0] == "chance" and top[1] == "marker":
            break
    assert kinds[:8] == ["deal", "deal", "secondary", "secondary", "keep", "secondary", "secondary", "keep"]
    assert set(state.secondary) == {"bauhaus", "capitol"} and not state.drawn
    assert "rearguard" in secondary.deck(state) and len(secondary.deck(state)) == 18  # every card is played
    seat = state.game.seat_of("bauhaus")
    other = state.clone()
    other.secondary["capitol"] = next(c for c in secondary.deck(state) if c not in state.secondary.values())
    assert other.observation(seat) == state.observation(seat)  # another team's card is hidden
    world = determinize(state, seat, random.Random(4))
    assert world.secondary["bauhaus"] == state.secondary["bauhaus"]
    assert world.secondary["capitol"] != state.secondary["bauhaus"]
    assert not game("battle-plans", players=3, draft=False).new_initial_state().secondary  # a brief without them


@pytest.mark.rules("secondary-figures", "score-secondary")
def test_a_card_keeps_its_figures_until_the_goal_is_met_and_pays_its_reward(tmp_path: Path) -> None:
    state = position(tmp_path, CORRIDOR)
    state.secondary = {"capitol": "razide-slayer", "bauhaus": "clean-sweep"}
    fig = state.figs["razor"]
    state.attack = {"by": "hunter", "kind": "close_combat", "targets": ["razor"]}
    from pnpforge.games.siege_of_the_citadel.combat import eliminate

    before = state.pool["razide"]
    eliminate(state, fig)
    assert secondary.met(state, "capitol") and state.pool["razide"] == before + 1  # met at once: back in the box
    assert secondary.count(state, "capitol", "eliminated close") == 1
    state.secondary["capitol"] = "sample-collector"  # two Necromutants: the first waits on the card
    brute = state.figs["watts"].copy()
    brute.id, brute.side, brute.kind, brute.cell = "brute", "legion", "necromutant", (3, 0)
    state.pool["necromutant"] -= 1
    state.figs["brute"] = brute
    eliminate(state, brute)
    assert state.held == {"capitol": ("necromutant",)} and not secondary.met(state, "capitol")
    start = (state.teams["capitol"].score, state.teams["bauhaus"].score, state.legion_score)
    state.attack = None
    finish(state)
    card = {i.id: i for i in pack().of_type("secondary_mission")}
    assert state.teams["capitol"].score == start[0] - card["sample-collector"]["penalty"]
    assert state.teams["bauhaus"].score == start[1] - card["clean-sweep"]["penalty"]
    assert state.legion_score >= start[2] + card["sample-collector"]["dark_legion"] + card["clean-sweep"]["dark_legion"]
    assert not state.held and state.pool["necromutant"] == 9  # revealed: the figure goes back


@pytest.mark.rules("commander-secondary")
def test_a_commander_failing_its_card_loses_more_but_keeps_the_primary_reward(tmp_path: Path) -> None:
    state = position(
        tmp_path,
        CORRIDOR.replace(
            "corporations: [capitol, bauhaus]", "corporations: [capitol, bauhaus]\n    ranks: {capitol: [3, 4]}"
        ),
    )
    assert state.commander == "capitol"
    state.secondary = {"capitol": "no-man-left-behind"}
    del state.figs["watts"]
    state.goal_done = True
    finish(state)
    card = next(i for i in pack().of_type("secondary_mission") if i.id == "no-man-left-behind")
    reward = state.game.mission.success
    assert state.teams["capitol"].score == reward - card["penalty"] - card["commander"]


@pytest.mark.parametrize(
    "goal, feats, met",
    [
        ("door-breaker", {"doors": 2}, True),
        ("door-breaker", {"doors": 1}, False),
        ("scout-ahead", {"first tiles": 3}, True),
        ("point-man", {"first to objective": 1}, True),
        ("marksman", {"eliminated far": 1}, True),
        ("lone-wolf", {"eliminated by hunter": 4}, True),
        ("lone-wolf", {"eliminated by hunter": 2, "eliminated by watts": 2}, False),
        ("demolition", {"destroyed portal": 1}, True),
        ("hacker-s-pride", {"destroyed terminal": 1}, True),
        ("clean-hands", {}, True),
        ("stay-together", {}, True),
        ("untouchable", {}, True),
    ],
)
def test_each_kind_of_goal(tmp_path: Path, goal: str, feats: dict, met: bool) -> None:
    state = position(tmp_path, CORRIDOR)
    state.secondary = {"capitol": goal}
    state.feats = {f"capitol|{k}": v for k, v in feats.items()}
    assert secondary.met(state, "capitol") is met
    if goal in ("clean-hands", "untouchable"):
        state.teams["capitol"].reckless = 1
        state.figs["hunter"].health = 2
        assert not secondary.met(state, "capitol")


GATE = """
    start: legion
    corporations: [capitol]
    round: 2
    rounds: 2
    map: |
      +-+-+-+-+-+-+-+-+-+-+
      |. . . . . . . . . .|
      +-+-+-+-+-+-+-+-+-+-+
    entrances:
      - {at: [0, 0], edge: west, colour: white}
      - {at: [9, 0], edge: east, colour: red}
    figures:
      - {id: hunter, corporation: capitol, specialty: close_combat, weapon: punisher-short-sword, outside: 0}
      - {id: watts, corporation: capitol, specialty: firearms, weapon: plasma-carbine, outside: 0}
      - {id: grunt, creature: legionnaire, outside: 1}
"""


@pytest.mark.parametrize("round_, met", [(2, False), (1, True)])
def test_rearguard_fails_when_a_creature_steps_in_on_the_team_s_tile_in_the_last_round(
    tmp_path: Path, round_: int, met: bool
) -> None:
    from pnpforge.games.siege_of_the_citadel import turns

    state = position(tmp_path, GATE.replace("round: 2\n", f"round: {round_}\n"))
    state.secondary = {"capitol": "rearguard"}
    assert state.teams["capitol"].entrance == 0 and secondary.met(state, "capitol")
    grunt = next(f for f in state.figs.values() if f.side == "legion" and f.outside == 1)
    turns.move(state, grunt, (8, 0))
    assert secondary.met(state, "capitol") is met


def test_rearguard_watches_the_tile_of_the_team_s_own_entrance() -> None:
    state = game("battle-plans", players=3, draft=False).new_initial_state()
    mission = state.game.mission
    tile = {i: mission.tile_of[e.cell] for i, e in enumerate(mission.entrances)}
    white = [i for i, e in enumerate(mission.entrances) if e.colour == "white"]
    red = next(i for i, e in enumerate(mission.entrances) if e.colour == "red" and tile[i] == tile[white[0]])
    first, second = sorted(state.teams)
    state.teams[first].entrance, state.teams[second].entrance = white[0], white[1]
    state.secondary = {first: "rearguard", second: "rearguard"}
    state.round = mission.rounds
    secondary.legion_entered(state, red)
    assert not secondary.met(state, first) and secondary.met(state, second)


PREY = """
    start: corporation
    corporations: [capitol, bauhaus]
    map: |
      +-+-+-+-+-+-+-+-+-+-+
      |. . . . . . . . . .|
      +-+-+-+-+-+-+-+-+-+-+
    figures:
      - {id: hunter, corporation: capitol, specialty: close_combat, weapon: punisher-short-sword, at: [1, 0]}
      - {id: duval, corporation: bauhaus, specialty: close_combat, weapon: punisher-short-sword, at: [9, 0]}
      - {id: grunt, creature: legionnaire, at: [0, 0]}
      - {id: razor, creature: razide, at: [2, 0]}
"""


@pytest.mark.parametrize(
    "card, lean, target",
    [("razide-slayer", True, "razor"), ("razide-slayer", False, "grunt"), ("clean-sweep", True, "grunt")],
)
def test_the_greedy_bot_attacks_what_its_kept_card_counts(tmp_path: Path, card: str, lean: bool, target: str) -> None:
    from pnpforge.games.siege_of_the_citadel.bots import GreedyBot

    state = position(tmp_path, PREY)
    state.secondary = {"capitol": card}
    act(state, "activate hunter")
    choice = GreedyBot(secondary=lean).choose(state, state.current_player(), random.Random(1))
    assert choice[0] == "attack" and choice[2] == target


def test_the_lean_favours_a_fresh_tile_for_a_scout_and_nothing_once_the_goal_is_met() -> None:
    state = game("battle-plans", players=3, draft=False).new_initial_state()
    corp = sorted(state.teams)[0]
    fig = state.figs[state.teams[corp].troopers[0]]
    state.secondary = {corp: "scout-ahead"}
    mission = state.game.mission
    fresh = next(iter(mission.tile_cells[0]))
    assert secondary.lean(state, fig, ("move", fresh)) == secondary.LEAN_TILE
    state.teams[corp].tiles = frozenset({0})
    assert secondary.lean(state, fig, ("move", fresh)) == 0.0  # a tile already entered
    state.feats[f"{corp}|first tiles"] = 3
    assert secondary.lean(state, fig, ("move", next(iter(mission.tile_cells[1])))) == 0.0  # met


def test_the_greedy_bot_keeps_no_card_the_map_rules_out() -> None:
    from pnpforge.games.siege_of_the_citadel.bots import GreedyBot

    state = game("secret-mission", players=3, draft=False).new_initial_state()
    cards = {i.id: i for i in pack().of_type("secondary_mission")}
    assert secondary.hopeless(state, cards["demolition"]) and secondary.hopeless(state, cards["hacker-s-pride"])
    assert not secondary.hopeless(state, cards["clean-sweep"]) and not secondary.hopeless(state, cards["door-breaker"])
    while not (state.agenda[-1][0] == "decide" and state.agenda[-1][2] == "keep"):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    corp = state.agenda[-1][3]
    state.drawn[corp] = ("demolition", "clean-sweep")  # demolition pays more, but the map has nothing to destroy
    state._options = None
    assert GreedyBot().choose(state, state.current_player(), random.Random(0)) == ("keep", "clean-sweep")
    assert GreedyBot(secondary=False).choose(state, state.current_player(), random.Random(0)) == ("keep", "demolition")
