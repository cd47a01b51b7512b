"""Equipment beyond the weapons' plain attacks (smoke, time bombs, the Manus Kit's spores, the Disruptor, the
Talon Combo), leaving the map, doors that cannot be attacked, quick start loadouts, the commander and the turret of
High Command Error."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.games.siege_of_the_citadel import board

from tests.games.siege_of_the_citadel.helpers import act, dealt, game, options, position, scenario

CORRIDOR = """
start: {start}
corporations: [{corp}]
map: |
  +-+-+-+-+-+-+
  |. . . . . .|
  + + + + + + +
  |. . . . . .|
  +-+-+-+-+-+-+
entrances:
  - {{at: [0, 1], edge: west, colour: white}}
figures:
{figures}
"""


def corridor(tmp_path: Path, figures: str, corp: str = "bauhaus", start: str = "corporation"):
    return position(tmp_path, CORRIDOR.format(start=start, corp=corp, figures=figures))


@pytest.mark.rules("move-off-map", "round-team-out")
def test_a_doomtrooper_who_leaves_the_map_is_out_for_the_mission(tmp_path: Path) -> None:
    state = corridor(tmp_path, "  - {id: duval, corporation: bauhaus, specialty: close_combat, "
                               "weapon: punisher-short-sword, at: [0, 1]}")
    act(state, "activate duval")
    act(state, "leave")
    assert "duval" not in state.figs and state.escaped == ("duval",) and state.teams["bauhaus"].out
    assert state.legion_score == 4  # no health lost, no elimination: only the failed brief


@pytest.mark.rules("door-no-attack")
def test_a_door_is_never_a_target(tmp_path: Path) -> None:
    state = position(tmp_path, """
        start: corporation
        corporations: [capitol]
        map: |
          +-+-+-+
          |. . .|
          +-+D+-+
          |. . .|
          +-+-+-+
        figures:
          - {id: watts, corporation: capitol, specialty: firearms, weapon: plasma-carbine, at: [1, 1]}
        """)
    act(state, "activate watts")
    assert state.doors and not any(o.startswith("attack") for o in options(state))


@pytest.mark.rules("smoke-grenade")
def test_smoke_fills_the_sector_no_firearms_and_short_moves(tmp_path: Path) -> None:
    state = corridor(tmp_path, "  - {id: steiner, corporation: bauhaus, specialty: firearms, "
                               "weapon: plasma-carbine, gear: [smoke-grenade], at: [0, 0]}\n"
                               "  - {id: far, creature: legionnaire, at: [5, 1]}")
    act(state, "activate steiner")
    assert "attack far (firearms)" in options(state)
    act(state, "smoke")
    assert state.smoke == (0,) and "smoke" not in options(state)
    assert not any("firearms" in o for o in options(state))
    assert max(a[1][0] for a in state.legal_actions() if a[0] == "move") == 2


@pytest.mark.rules("time-bomb")
def test_a_time_bomb_goes_off_at_the_next_dark_legion_turn(tmp_path: Path) -> None:
    played = scenario(tmp_path, CORRIDOR.format(start="corporation", corp="capitol", figures=(
        "  - {id: hunter, corporation: capitol, specialty: close_combat, weapon: punisher-short-sword, "
        "gear: [time-bomb], at: [0, 0]}\n  - {id: grunt, creature: legionnaire, at: [2, 1]}")) + """
rounds: 2
events: [3, 3]
choices:
  - {player: capitol, do: "activate hunter"}
  - {player: capitol, do: "bomb at 1,0"}
  - {player: capitol, figure: hunter, move: [3, 0]}
chance:
  - {marker: legion}
  - {die: hit}
  - {die: hit}
""")
    assert [str(f) for f in played.findings] == []
    blast = played.final.attacks[0]
    assert blast["kind"] == "trap" and blast["targets"] == ["grunt"] and blast["eliminated"] == ["grunt"]


@pytest.mark.rules("disruptor", "attack-armor")
def test_the_disruptor_stops_the_defence_die(tmp_path: Path) -> None:
    state = corridor(tmp_path, "  - {id: watts, corporation: capitol, specialty: firearms, weapon: plasma-carbine, "
                               "augment: disruptor, at: [0, 0]}\n  - {id: brute, creature: necromutant, at: [5, 1]}",
                     corp="capitol")
    act(state, "activate watts")
    act(state, "attack brute (firearms)")
    for face in ("hit", "hit", "blank"):
        state.apply_action(face)
    assert "brute" not in state.figs  # no armour roll came up


@pytest.mark.rules("talon-combo")
def test_the_talon_combo_attacks_with_a_white_die_more(tmp_path: Path) -> None:
    state = corridor(tmp_path, "  - {id: lind, corporation: bauhaus, specialty: tech, weapon: talon-combo, "
                               "at: [0, 0]}\n  - {id: far, creature: centurion, at: [4, 1]}")
    talon = state.game.equipment["talon-combo"]
    assert all("white" in a.extra for a in talon.attacks)
    act(state, "activate lind")
    attack = next(o for o in options(state) if o.startswith("attack far"))
    act(state, attack)
    assert state.attack is not None and len(state.attack["dice"]) == 4


@pytest.mark.rules("manus-kit", "tentacle-kit")
def test_the_manus_kit_spores_strike_every_neighbour_of_the_new_trap(tmp_path: Path) -> None:
    state = corridor(tmp_path, "  - {id: lind, corporation: bauhaus, specialty: tech, weapon: manus-kit, "
                               "at: [0, 0]}\n  - {id: target, creature: legionnaire, at: [3, 0]}\n"
                               "  - {id: beside, creature: legionnaire, at: [3, 1]}")
    act(state, "activate lind")
    act(state, "attack target (tech)")
    for face in ("hit", "hit", "hit"):
        state.apply_action(face)
    act(state, "reroll none") if "reroll none" in options(state) else None
    assert state.traps == {(3, 0): "lind"}
    assert state.attack is not None and state.attack["kind"] == "spores" and state.attack["dice"] == ["white"]
    state.apply_action("hit")
    assert "beside" not in state.figs or state.attacks[-1]["targets"] == ["beside"]


@pytest.mark.rules("setup-quick-start", "equip-no-trade", "setup-no-denial")
def test_quick_start_loadouts_replace_the_draft_and_gear_stays_with_its_bearer() -> None:
    state = game(draft=False).new_initial_state()
    assert state.teams["capitol"].troopers == ("mitch-hunter", "big-bob-watts")
    assert state.figs["mitch-hunter"].gear == ("time-bomb",) and state.figs["big-bob-watts"].weapon == "plasma-carbine"
    drafted = dealt(game().new_initial_state())
    act(drafted, options(drafted)[0])
    act(drafted, options(drafted)[0])
    for action in drafted.legal_actions():  # every card taken goes to a Doomtrooper who may carry it
        assert action == ("done",) or action[2] in drafted.teams[drafted.agenda[-1][3]].troopers
    kinds = {a[0] for a in drafted.legal_actions()}
    assert kinds <= {"take", "done"}  # and nothing ever passes a card from one Doomtrooper to another


@pytest.mark.rules("setup-commander", "commander-demotion")
def test_the_commander_pays_for_a_failed_mission(tmp_path: Path) -> None:
    played = scenario(tmp_path, CORRIDOR.format(start="corporation", corp="imperial", figures=(
        "  - {id: gallagher, corporation: imperial, specialty: close_combat, weapon: punisher-short-sword, "
        "at: [0, 0]}")).replace("corporations: [imperial]", "corporations: [imperial, mishima]\nranks: "
                                "{imperial: [3, 4], mishima: [1, 0]}"))
    assert not played.findings, [str(f) for f in played.findings]
    assert played.first.commander == "imperial"
    team = played.final.teams["imperial"]
    assert (team.rank, team.points, team.score) == (2, 2, -2)  # the brief's 2 points and one rank card


@pytest.mark.rules("dl-special-attacks")
def test_the_turret_fires_at_the_nearest_doomtrooper_in_sight(tmp_path: Path) -> None:
    state = position(tmp_path, CORRIDOR.format(start="legion", corp="cybertronic", figures=(
        "  - {id: faust, corporation: cybertronic, specialty: tech, weapon: tentacle-kit, at: [0, 0]}\n"
        "  - {id: beach, corporation: cybertronic, specialty: firearms, weapon: plasma-carbine, at: [4, 1]}"))
        + "tokens:\n  - {at: [5, 0], token: defence_turret}\nevents: [3]\n")
    assert state.attack is not None and state.attack["targets"] == ["beach"]
    assert state.attack["dice"] == list(state.game.board().terrain["defence_turret"]["dice"])
    assert board.can_see(state, board.sight_grid(state), (5, 0), (4, 1))


@pytest.mark.rules("nimrod")
def test_the_nimrod_fires_twice_at_one_target_or_at_two_close_together(tmp_path: Path) -> None:
    state = position(tmp_path, """
        start: corporation
        corporations: [capitol]
        map: |
          +-+-+-+-+-+-+-+-+-+-+-+-+-+-+
          |. . . . . . . . . . . . . .|
          +-+-+-+-+-+-+-+-+-+-+-+-+-+-+
        figures:
          - {id: watts, corporation: capitol, specialty: firearms, weapon: nimrod-autocannon, at: [0, 0]}
          - {id: close, creature: legionnaire, at: [2, 0]}
          - {id: a, creature: centurion, at: [5, 0]}
          - {id: b, creature: centurion, at: [13, 0]}
        """)
    act(state, "activate watts")
    shots = [o for o in options(state) if o.startswith("nimrod")]
    assert shots == []  # the first Legionnaire is too near and blocks the rest
    del state.figs["close"]
    state.pool["legionnaire"] += 1
    state._options = None
    shots = [o for o in options(state) if o.startswith("nimrod")]
    assert shots == ["nimrod at a and a"]  # b is beyond 12 squares
    act(state, "nimrod at a and a")
    for face in ("blank", "blank", "blank", "blank"):  # three rank dice and the Nimrod's black
        state.apply_action(face)
    assert len(state.attacks) == 1 and state.attack is not None and state.attack["targets"] == ["a"]
    assert state.attack["dice"] == ["white", "white", "white", "black", "white"]  # concentrated fire


@pytest.mark.rules("mission-face-up-force")
def test_the_throne_s_nepharite_waits_until_a_doomtrooper_enters_the_throne_room() -> None:
    from pnpforge.games.siege_of_the_citadel import legion, turns

    state = game("throne-of-alakhai", players=3, draft=False).new_initial_state()
    mission = state.game.mission
    assert 33 not in mission.forces  # dealt face up: never drawn
    (lord,) = [f for f in state.figs.values() if f.side == "legion"]
    throne = mission.face_up[0][1]
    assert lord.kind == "nepharite" and lord.cell == throne and lord.asleep == mission.tile_of[throne]
    waiting = state.clone()
    legion.turn(waiting)
    assert waiting.figs[lord.id].done and not legion.ready(waiting)  # the Legion's turn passes it by
    room = sorted(c for c in mission.tile_cells[lord.asleep] if c[1] == throne[1] + 6)
    trooper = next(f for f in state.figs.values() if f.side != "legion")
    elsewhere = next(c for c in mission.tile_cells[mission.tile_of[mission.entrances[0].cell]])
    trooper.cell = elsewhere
    turns.move(state, trooper, elsewhere)  # a Move on another tile wakes nothing
    assert lord.asleep is not None
    trooper.cell = room[0]
    turns.move(state, trooper, room[1])
    assert lord.asleep is None
    legion.turn(state)
    assert lord in legion.ready(state)
