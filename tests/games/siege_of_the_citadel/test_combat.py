"""Attacks: dice, hits against the defence value, armour, re-rolls, damage and points, close combat, firearms, tech,
the area weapons and traps, checked on small ASCII maps with scripted or exactly enumerated dice."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tests.games.siege_of_the_citadel.helpers import act, exact, options, position, scenario

ROOM = """
start: corporation
corporations: [{corp}]
rank: {rank}
map: |
  +-+-+-+-+-+-+
  |. . . . . .|
  + + + + + + +
  |. . . . . .|
  + + + + + + +
  |. . . . . .|
  +-+-+-+-+-+-+
figures:
{figures}
"""


def room(tmp_path: Path, figures: str, corp: str = "capitol", rank: int = 1):
    return position(tmp_path, ROOM.format(corp=corp, rank=rank, figures=figures))


def hits_of(state) -> int:
    return state.attacks[-1]["hits"] if state.attacks else -1


def attacked(state) -> bool:
    return bool(state.attacks)


@pytest.mark.rules("attack-dice", "attack-hits", "attack-success")
def test_white_white_red_against_defence_value_1_succeeds_one_time_in_three(tmp_path: Path) -> None:
    """By hand: P(0 hits) = 2/3 * 2/3 * 1/2 = 2/9, P(1 hit) = 2 * (1/3 * 2/3 * 1/2) + 2/3 * 2/3 * 1/2 = 4/9, so
    P(success) = P(hits >= 2) = 1/3 against a Legionnaire (defence value 1, no defence die, p.16)."""
    state = room(tmp_path, "  - {id: hunter, corporation: capitol, specialty: close_combat, "
                           "weapon: punisher-short-sword, at: [1, 0]}\n"
                           "  - {id: guard, creature: legionnaire, at: [2, 0]}", rank=2)
    act(state, "activate hunter")
    act(state, "attack guard (close combat)")
    odds = exact(state, lambda s: "guard" not in s.figs, attacked)
    assert odds == {True: Fraction(1, 3), False: Fraction(2, 3)}


@pytest.mark.rules("attack-armor", "dl-defence-value")
def test_a_necromutant_armour_die_cancels_a_point_of_damage_exactly(tmp_path: Path) -> None:
    """Three white dice (rank 1) at a Necromutant, defence value 1 and a white defence die: success needs 2 hits and
    a blank defence die, or 3 hits. P(2 hits) = 3 * 1/9 * 2/3 = 2/9, P(3) = 1/27; P = 2/9 * 2/3 + 1/27
    (three hits leave two points, and one armour hit cancels only one) = 5/27."""
    state = room(tmp_path, "  - {id: watts, corporation: capitol, specialty: firearms, weapon: plasma-carbine, "
                           "at: [0, 0]}\n  - {id: brute, creature: necromutant, at: [4, 2]}")
    act(state, "activate watts")
    act(state, "attack brute (firearms)")
    odds = exact(state, lambda s: "brute" not in s.figs, attacked)
    assert odds[True] == Fraction(5, 27)


@pytest.mark.rules("attack-rerolls")
def test_bauhaus_re_rolls_failed_firearm_dice_only_once_each(tmp_path: Path) -> None:
    state = room(tmp_path, "  - {id: steiner, corporation: bauhaus, specialty: firearms, weapon: plasma-carbine, "
                           "at: [0, 0]}\n  - {id: guard, creature: legionnaire, at: [4, 2]}", corp="bauhaus")
    act(state, "activate steiner")
    act(state, "attack guard (firearms)")
    for face in ("blank", "blank", "hit"):
        state.apply_action(face)
    assert options(state) == ["reroll none", "reroll 1", "reroll 2"]  # one re-roll at rank 1, failed dice only
    act(state, "reroll 2")
    assert state.is_chance_node()
    state.apply_action("hit")
    assert state.attacks[-1]["rerolled"] == [2] and "guard" not in state.figs


@pytest.mark.rules("attack-rerolls")
def test_capitol_has_no_re_roll(tmp_path: Path) -> None:
    state = room(tmp_path, "  - {id: watts, corporation: capitol, specialty: firearms, weapon: plasma-carbine, "
                           "at: [0, 0]}\n  - {id: guard, creature: legionnaire, at: [4, 2]}")
    act(state, "activate watts")
    act(state, "attack guard (firearms)")
    for face in ("blank", "blank", "blank"):
        state.apply_action(face)
    assert not state.attacks[-1]["success"] and "reroll" not in " ".join(options(state))


@pytest.mark.rules("close-combat", "firearm-not-adjacent", "firearm-range", "attack-one-type", "attack-off-map")
def test_who_can_be_attacked_from_where(tmp_path: Path) -> None:
    state = room(tmp_path, "  - {id: watts, corporation: capitol, specialty: firearms, weapon: plasma-carbine, "
                           "at: [0, 0]}\n  - {id: near, creature: legionnaire, at: [0, 1]}\n"
                           "  - {id: far, creature: legionnaire, at: [5, 2]}\n"
                           "  - {id: waiting, creature: legionnaire, outside: 0}")
    act(state, "activate watts")
    said = options(state)
    assert "attack near (close combat)" in said and "attack near (firearms)" not in said
    assert "attack far (firearms)" in said and "attack far (close combat)" not in said
    assert not any("waiting" in s for s in said)


@pytest.mark.rules("attack-damage", "points-dark-legion", "round-team-out")
def test_a_doomtrooper_loses_health_and_the_dark_legion_scores_it(tmp_path: Path) -> None:
    played = scenario(tmp_path, """
        start: legion
        corporations: [mishima]
        events: [3]
        map: |
          +-+-+-+
          |. . .|
          +-+-+-+
        figures:
          - {id: tatsu, corporation: mishima, specialty: firearms, weapon: plasma-carbine, at: [0, 0], health: 2}
          - {id: razide, creature: razide, at: [1, 0]}
        choices:
          - {player: dark-legion, figure: razide, attack: tatsu, with: close_combat}
        chance:
          - {event: 3}
          - {die: hit}
          - {die: hit}
          - {die: hit}
          - {armour: blank}
        """)
    assert not played.findings, [str(f) for f in played.findings]
    final = played.final
    assert "tatsu" not in final.figs and final.teams["mishima"].out
    assert final.legion_score == 2 + 2 + 4  # two health lost, 2 for the elimination, the brief's 4 on failure


@pytest.mark.rules("overrun", "specialist-only")
def test_a_close_combat_specialist_may_step_into_the_square_it_cleared(tmp_path: Path) -> None:
    state = room(tmp_path, "  - {id: hunter, corporation: capitol, specialty: close_combat, "
                           "weapon: punisher-short-sword, at: [1, 0]}\n"
                           "  - {id: guard, creature: legionnaire, at: [2, 0]}")
    act(state, "activate hunter")
    act(state, "attack guard (close combat)")
    for face in ("hit", "hit", "blank"):
        state.apply_action(face)
    assert options(state) == ["overrun", "stay"]
    act(state, "overrun")
    assert state.figs["hunter"].cell == (2, 0)


@pytest.mark.rules("overrun", "specialist-only")
def test_a_marksman_does_not_overrun(tmp_path: Path) -> None:
    state = room(tmp_path, "  - {id: watts, corporation: capitol, specialty: firearms, weapon: plasma-carbine, "
                           "at: [1, 0]}\n  - {id: guard, creature: legionnaire, at: [2, 0]}")
    act(state, "activate watts")
    act(state, "attack guard (close combat)")
    state.apply_action("hit")
    state.apply_action("hit") if state.is_chance_node() else None
    assert "overrun" not in options(state)


@pytest.mark.rules("charge")
def test_a_charge_adds_a_white_die_to_the_next_close_combat(tmp_path: Path) -> None:
    state = room(tmp_path, "  - {id: hunter, corporation: capitol, specialty: close_combat, "
                           "weapon: punisher-short-sword, at: [0, 0]}\n"
                           "  - {id: guard, creature: legionnaire, at: [3, 0]}")
    act(state, "activate hunter")
    act(state, "move to 2,0")
    act(state, "attack guard (close combat)")
    assert state.attack is not None and state.attack["dice"] == ["white"] * 4


@pytest.mark.rules("concentrated-fire", "tech-concentrated")
def test_firing_again_at_the_same_target_adds_a_white_die(tmp_path: Path) -> None:
    state = room(tmp_path, "  - {id: watts, corporation: capitol, specialty: firearms, weapon: plasma-carbine, "
                           "at: [0, 0]}\n  - {id: brute, creature: centurion, at: [5, 2]}")
    act(state, "activate watts")
    act(state, "attack brute (firearms)")
    for face in ("blank", "blank", "blank"):
        state.apply_action(face)
    act(state, "attack brute (firearms)")
    assert state.attack is not None and state.attack["dice"] == ["white"] * 4


@pytest.mark.rules("tech-no-sight", "tentacle-kit", "traps")
def test_the_tentacle_kit_strikes_without_sight_and_leaves_a_trap(tmp_path: Path) -> None:
    state = position(tmp_path, """
        start: corporation
        corporations: [bauhaus]
        map: |
          +-+-+-+-+
          |. . . .|
          + + + + +
          |. . . .|
          +-+-+-+-+
        figures:
          - {id: lind, corporation: bauhaus, specialty: tech, weapon: tentacle-kit, at: [0, 0]}
          - {id: screen, creature: legionnaire, at: [1, 0]}
          - {id: behind, creature: legionnaire, at: [2, 0]}
        """)
    act(state, "activate lind")
    assert "attack behind (tech)" in options(state)  # sight blocked by the screen; tech needs none
    act(state, "attack behind (tech)")
    for face in ("hit", "hit", "hit"):
        state.apply_action(face)
    if state.legal_actions() and "reroll" in options(state)[0]:
        act(state, "reroll none")
    assert "behind" not in state.figs and state.traps == {(2, 0): "lind"}


@pytest.mark.rules("tech-terminal-hack", "attack-terrain", "points-corporation")
def test_a_tech_specialist_hacks_a_terminal_from_beside_it(tmp_path: Path) -> None:
    text = """
        start: corporation
        corporations: [cybertronic]
        map: |
          +-+-+-+-+
          |. . . .|
          +-+-+-+-+
        tokens:
          - {at: [2, 0], token: terminal}
        figures:
          - {id: %s, corporation: cybertronic, specialty: %s, weapon: %s, at: [1, 0]}
        """
    hacker = position(tmp_path, text % ("faust", "tech", "tentacle-kit"))
    act(hacker, "activate faust")
    assert "attack token@2,0 (tech)" in options(hacker)
    act(hacker, "attack token@2,0 (tech)")
    for face in ("hit", "hit", "blank"):
        hacker.apply_action(face)
    if "reroll none" in options(hacker):
        act(hacker, "reroll none")
    assert (2, 0) not in hacker.tokens and hacker.teams["cybertronic"].score == 1  # the board's terminal: DV 1, 1 pt
    gunner = position(tmp_path, text % ("beach", "firearms", "plasma-carbine"))
    act(gunner, "activate beach")
    assert not any("token" in s for s in options(gunner))
