"""The AI deck's reading of its instructions: when one applies, and what it asks of a creature."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.games.siege_of_the_citadel import legion

from tests.games.siege_of_the_citadel.helpers import position

CORRIDOR = """
    start: corporation
    legion: ai
    corporations: [bauhaus]
    map: |
      +-+-+-+-+-+-+
      |. . . . . .|
      +-+-+-+-+-+-+
    targets: [[5, 0]]
    entrances:
      - {at: [0, 0], edge: west, colour: red}
    figures:
      - {id: steiner, corporation: bauhaus, specialty: firearms, weapon: plasma-carbine, at: [1, 0]}
      - {id: grunt, creature: legionnaire, outside: 0}
    """


@pytest.mark.rules("ai-actions", "move-dark-legion")
def test_a_creature_waiting_outside_moves_toward_a_doomtrooper_by_stepping_onto_its_entrance(tmp_path: Path) -> None:
    state = position(tmp_path, CORRIDOR)
    grunt = state.figs["grunt"]
    # the entrance square is the only one it can reach (the Doomtrooper beside it blocks the corridor), and it is
    # nearer the Doomtrooper than waiting outside
    assert legion.follow(state, grunt, "move_toward_nearest") == ("move", (0, 0))
    assert legion.follow(state, grunt, "move_toward_objective") == ("move", (0, 0))
    assert legion.follow(state, grunt, "attack_nearest") is None  # nobody attacks from outside the map


@pytest.mark.rules("ai-actions")
def test_a_creature_beside_its_target_cannot_move_toward_it(tmp_path: Path) -> None:
    state = position(tmp_path, CORRIDOR.replace("outside: 0", "at: [2, 0]"))
    grunt = state.figs["grunt"]
    assert legion.follow(state, grunt, "move_toward_nearest") is None
    assert legion.follow(state, grunt, "attack_nearest") == ("attack", "close_combat", "steiner")
    assert legion.follow(state, grunt, "fire_nearest") is None  # no firearm at a neighbour


def test_high_command_error_s_reinforcements_are_not_penned_in_at_their_entrance() -> None:
    """Each red entrance opens onto a square from which a creature can go on: High Command Error's used to open
    into the walled nook between the Tekronmancy Hall's terminal slots, beside the terminal the teams hack, and
    close to half of the AI deck's actions found no line that applied (DECISIONS.md)."""
    import random

    from pnpforge.engine.loop import play_game
    from pnpforge.games.siege_of_the_citadel.bots import GreedyBot

    from tests.games.siege_of_the_citadel.helpers import game

    idle = acted = 0
    for seed in range(8):
        state = play_game(game("high-command-error-ai", players=2), [GreedyBot(), GreedyBot()], random.Random(seed))
        idle += state.stats.get("ai instruction none", 0)
        acted += sum(v for k, v in state.stats.items() if k.startswith("ai instruction "))
    assert acted > 300 and idle / acted < 0.2
    mission = game("high-command-error-ai", players=2).new_initial_state().game.mission
    for entrance in mission.entrances:
        if entrance.colour == "red":
            assert mission.tile_of[entrance.cell] not in {mission.tile_of[t] for t in mission.targets}
