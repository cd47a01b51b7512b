"""The event cards' instructions (``effect:`` in event-cards.yaml), each played when its card is drawn at the start
of the Dark Legion turn; the this-round ones last until the next round begins."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnpforge.games.siege_of_the_citadel import cards, combat, turns
from pnpforge.games.siege_of_the_citadel.bots import GreedyBot
from pnpforge.games.siege_of_the_citadel.state import SiegeState

from tests.games.siege_of_the_citadel.helpers import position

HALL = """
    start: legion
    corporations: [mishima]
    hands: {mishima: [field-dressing]}
    events: [{event}]
    map: |
      +-+-+-+-+-+-+-+-+-+-+-+-+
      |. 3 . . . . . . . . . .|
      +-+-+-+-+-+-+-+-+-+-+-+-+
    figures:
      - {id: tatsu, corporation: mishima, specialty: firearms, weapon: plasma-carbine, at: [1, 0]}
      - {id: kenji, corporation: mishima, specialty: tech, weapon: tentacle-kit, at: [0, 0]}
      - {id: brute, creature: necromutant, at: [11, 0]}
    """


def drawn(tmp_path: Path, number: int, text: str = HALL) -> SiegeState:
    """The position just after event ``number`` is drawn (its instruction played, the reinforcements next)."""
    state = position(tmp_path, text.replace("{event}", str(number)))
    assert state.agenda[-1] == ("chance", "event")
    state.apply_action(number)
    return state


def force_draws(state: SiegeState) -> int:
    return sum(1 for step in state.agenda if step[:2] == ("chance", "force"))


@pytest.mark.rules("event-no-reinforcements", "dl-reinforcements")
def test_silence_draws_no_force_card_where_an_event_without_reinforcements_draws_one(tmp_path: Path) -> None:
    assert force_draws(drawn(tmp_path, 4)) == 1  # Stirring Dead: one force card for the one corporation
    assert force_draws(drawn(tmp_path, 3)) == 0
    assert not any(step[0] in ("ai_red", "decide") and "red" in step for step in drawn(tmp_path, 3).agenda)


@pytest.mark.rules("event-stairs-damage")
def test_citadel_quake_hurts_only_a_doomtrooper_on_the_stairs(tmp_path: Path) -> None:
    state = drawn(tmp_path, 16)
    assert state.figs["tatsu"].health == 4  # on the stairs square
    assert state.figs["kenji"].health == 5
    assert state.legion_score == 1


@pytest.mark.rules("event-extra-action", "dl-activate")
def test_shadow_command_gives_each_creature_one_more_action(tmp_path: Path) -> None:
    for number, actions in ((1, 2), (17, 3)):
        state = drawn(tmp_path, number)
        while state.agenda[-1][:3] != ("decide", state.agenda[-1][1], "activate"):
            state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
        state.apply_action(("activate", "brute"))
        assert state.figs["brute"].left == actions


@pytest.mark.rules("event-tech-white")
def test_power_surge_adds_a_white_die_to_tech_attacks_until_the_round_ends(tmp_path: Path) -> None:
    state = drawn(tmp_path, 8)
    kenji = state.figs["kenji"]
    assert (
        combat.trooper_dice(state, kenji, "tech", 1, (), "brute").count("white")
        == combat.trooper_dice(state, kenji, "firearms", 1, (), "brute").count("white") + 1
    )
    before = drawn(tmp_path, 1)
    assert combat.trooper_dice(before, before.figs["kenji"], "tech", 1, (), "brute") == combat.trooper_dice(
        before, before.figs["kenji"], "firearms", 1, (), "brute"
    )
    turns.new_round(state)
    assert combat.trooper_dice(state, kenji, "tech", 1, (), "brute") == combat.trooper_dice(
        state, kenji, "firearms", 1, (), "brute"
    )


@pytest.mark.rules("event-firearm-range")
def test_smoke_in_the_vents_keeps_firearms_within_8_squares(tmp_path: Path) -> None:
    def shots(state: SiegeState) -> list[tuple]:
        state.figs.pop("tatsu")  # kenji alone, on the floor 11 squares from the creature
        return [a for a in combat.creature_attacks(state, state.figs["brute"]) if a[1] == "firearms"]

    assert shots(drawn(tmp_path, 1)) == [("attack", "firearms", "kenji")]
    state = drawn(tmp_path, 11)
    assert shots(state) == []
    state.figs["brute"].cell = (8, 0)  # 8 squares away
    assert [a for a in combat.creature_attacks(state, state.figs["brute"]) if a[1] == "firearms"] == [
        ("attack", "firearms", "kenji")
    ]


@pytest.mark.rules("event-free-move")
def test_final_stand_moves_every_creature_toward_the_nearest_doomtrooper(tmp_path: Path) -> None:
    state = drawn(tmp_path, 22)
    cell = state.figs["brute"].cell
    assert cell is not None and cell[0] < 11
    assert drawn(tmp_path, 1).figs["brute"].cell == (11, 0)


@pytest.mark.rules("event-mute")
def test_dark_whispers_lets_the_dark_legion_silence_a_corporation_for_the_round(tmp_path: Path) -> None:
    state = drawn(tmp_path, 9)
    assert state.legal_actions() == [("mute", "mishima")]
    tatsu = state.figs["tatsu"]
    assert cards.own_turn_options(state, tatsu) != []  # not yet chosen
    state.apply_action(("mute", "mishima"))
    assert cards.own_turn_options(state, tatsu) == []
    assert cards.reaction_card(state, "mishima", "heal") is None
    turns.new_round(state)
    assert cards.own_turn_options(state, tatsu) != []


@pytest.mark.rules("event-mute", "ai-corporation")
def test_dark_whispers_against_the_ai_deck_silences_the_icon_s_corporation(tmp_path: Path) -> None:
    text = HALL.replace("start: legion", "start: legion\n    legion: ai").replace("{event}", "9")
    base = position(tmp_path, text)
    while base.agenda[-1] != ("chance", "event"):
        base.apply_action(base.chance_outcomes()[0][0])
    for corp in ("mishima", "capitol"):
        state = base.clone()
        state.tiebreak = next(c.number for c in state.game.ai if c.target == corp)  # the card set aside
        state.apply_action(9)
        assert state.muted == (corp if corp == "mishima" else None)  # nobody plays Capitol: nobody is silenced


@pytest.mark.rules("event-mute")
def test_the_greedy_dark_legion_silences_the_corporation_holding_most_cards(tmp_path: Path) -> None:
    text = (
        HALL.replace("corporations: [mishima]", "corporations: [mishima, bauhaus]")
        .replace(
            "hands: {mishima: [field-dressing]}", "hands: {mishima: [field-dressing], bauhaus: [dodge, overclock]}"
        )
        .replace("{event}", "9")
    )
    state = position(tmp_path, text)
    state.apply_action(9)
    assert sorted(state.legal_actions()) == [("mute", "bauhaus"), ("mute", "mishima")]
    assert GreedyBot().choose(state, state.current_player(), random.Random(1)) == ("mute", "bauhaus")


DOOR = """
    start: corporation
    corporations: [mishima]
    events: [{event}]
    map: |
      +-+-+
      |. .|
      +D+-+
      |. .|
      +-+-+
    figures:
      - {id: kenji, corporation: mishima, specialty: tech, weapon: tentacle-kit, at: [0, 0]}
    """


@pytest.mark.rules("event-door-alarm", "door-card")
def test_alarm_makes_a_tech_specialist_draw_a_door_card(tmp_path: Path) -> None:
    state = position(tmp_path, DOOR.replace("{event}", "6"))
    calm = state.clone()
    turns.move(calm, calm.figs["kenji"], (0, 1))
    assert calm.agenda[-1][:2] != ("chance", "door")  # a tech specialist disarms it
    state.round_events = (6,)
    turns.move(state, state.figs["kenji"], (0, 1))
    assert state.agenda[-1][:2] == ("chance", "door")
