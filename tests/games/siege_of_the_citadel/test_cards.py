"""Doomtrooper cards: the hands dealt at set-up and hidden from the other players, a card discarded for one more action
or played for its text on the team's own turn, and the cards played on another player's turn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnpforge.games.siege_of_the_citadel import board
from pnpforge.games.siege_of_the_citadel.bots import determinize

from tests.games.siege_of_the_citadel.helpers import act, game, options, position, scenario

ROOM = """
    map: |
      +-+-+-+-+-+-+-+
      |. . . . . . .|
      + + + + + + + +
      |. . . . . . .|
      +-+-+-+-+-+-+-+
"""


def own_turn(tmp_path: Path, cards: list[str], *figures: str) -> object:
    lines = "\n".join(f"          - {f}" for f in figures)
    return position(
        tmp_path,
        f"""
        start: corporation
        corporations: [imperial]
        hands: {{imperial: [{", ".join(cards)}]}}
        map: |
          +-+-+-+-+-+-+-+
          |. . . . . . .|
          + + + + + + + +
          |. . . . . . .|
          +-+-+-+-+-+-+-+
        figures:
{lines}
        """,
    )


@pytest.mark.rules("setup-doomtrooper-cards")
def test_each_team_is_dealt_its_rank_cards_hidden_from_the_others() -> None:
    state = game("battle-plans", players=3, rank=3).new_initial_state()
    deals = 0
    rng = random.Random(3)
    while state.is_chance_node() and state.agenda[-1][1] == "deal":
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 22 - deals  # every card not dealt yet, alike
        state.apply_action(rng.choice(outcomes)[0])
        deals += 1
    assert deals == 4 and {len(h) for h in state.hands.values()} == {2}  # rank 3 deals 2 cards a team
    assert len({c for h in state.hands.values() for c in h}) == 4
    seat = state.game.seat_of("bauhaus")
    other = state.clone()
    other.hands["capitol"] = tuple(reversed(other.hands["capitol"]))
    assert other.observation(seat) == state.observation(seat)  # another team's cards: only how many
    assert other.observation(state.game.seat_of("capitol")) != state.observation(state.game.seat_of("capitol"))
    world = determinize(state, seat, random.Random(1))
    assert world.hands["bauhaus"] == state.hands["bauhaus"] and len(world.hands["capitol"]) == 2
    assert not set(world.hands["capitol"]) & set(state.hands["bauhaus"])


@pytest.mark.rules("card-field-dressing", "card-one-per-turn", "card-resolve-discard")
def test_field_dressing_heals_a_team_member_and_is_the_turns_one_card(tmp_path: Path) -> None:
    state = own_turn(
        tmp_path,
        ["field-dressing", "cold-resolve"],
        "{id: murdoch, corporation: imperial, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}",
        "{id: kingsfield, corporation: imperial, specialty: tech, weapon: tentacle-kit, health: 3, at: [3, 1]}",
    )
    act(state, "activate murdoch")
    assert "play field-dressing on murdoch" not in options(state)  # nobody heals above 5
    act(state, "play field-dressing on kingsfield")
    assert state.figs["kingsfield"].health == 4 and state.figs["murdoch"].left == 2  # no action spent
    assert not any(o.startswith(("play", "discard")) for o in options(state))
    assert state.hands["imperial"] == ("cold-resolve",) and state.played == ("field-dressing",)


@pytest.mark.rules("card-cold-resolve", "card-overclock")
def test_cold_resolve_and_overclock_add_a_die_to_the_next_attack(tmp_path: Path) -> None:
    played = scenario(
        tmp_path,
        """
        start: corporation
        corporations: [capitol]
        hands: {capitol: [cold-resolve]}
        map: |
          +-+-+-+-+-+
          |. . . . .|
          +-+-+-+-+-+
        figures:
          - {id: hunter, corporation: capitol, specialty: close_combat, weapon: punisher-short-sword, at: [1, 0]}
          - {id: guard, creature: legionnaire, at: [2, 0]}
        choices:
          - {player: capitol, figure: hunter, card: cold-resolve}
          - {player: capitol, figure: hunter, attack: guard, with: close_combat}
          - {player: capitol, figure: hunter, attack: guard, with: close_combat}
        chance:
          - {die: blank}
          - {die: blank}
          - {die: blank}
          - {die: blank}
          - {die: blank}
          - {die: blank}
          - {die: blank}
        """,
    )
    assert not played.findings, [str(f) for f in played.findings]
    first, second = played.final.attacks
    assert first["dice"] == ["white", "white", "white", "red"] and second["dice"] == ["white", "white", "white"]
    state = own_turn(
        tmp_path,
        ["overclock"],
        "{id: kingsfield, corporation: imperial, specialty: tech, weapon: tentacle-kit, at: [0, 0]}",
    )
    act(state, "activate kingsfield")
    act(state, "play overclock")
    fig = state.figs["kingsfield"]
    from pnpforge.games.siege_of_the_citadel.combat import trooper_dice

    assert trooper_dice(state, fig, "close_combat", 1, (), "x") == ("white",)  # not a tech attack: kept
    assert trooper_dice(state, fig, "tech", 2, (), "x") == ("white", "white", "white")
    assert trooper_dice(state, fig, "tech", 2, (), "x") == ("white", "white")  # used up


@pytest.mark.rules("card-adrenaline-surge", "card-second-wind", "card-forced-march", "move-blocked")
def test_cards_that_lengthen_a_move_or_lift_blocking(tmp_path: Path) -> None:
    trooper = "{id: murdoch, corporation: imperial, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}"
    mate = "{id: gallagher, corporation: imperial, specialty: close_combat, weapon: punisher-short-sword, at: [0, 1]}"
    state = own_turn(tmp_path, ["adrenaline-surge"], trooper)
    act(state, "activate murdoch")
    assert max(c[0] for c in board.destinations(state, state.figs["murdoch"])) == 3
    act(state, "play adrenaline-surge")
    assert max(c[0] for c in board.destinations(state, state.figs["murdoch"])) == 4
    act(state, "move to 4,0")
    assert "extra_move" not in state.boosts.get("murdoch", ())  # used up by the Move
    for card in ("second-wind", "forced-march"):
        state = own_turn(tmp_path, [card], trooper, mate, "{id: guard, creature: legionnaire, at: [1, 1]}")
        act(state, "activate murdoch")
        assert max(c[0] for c in board.destinations(state, state.figs["murdoch"])) == 2  # blocked
        act(state, f"play {card}")
        assert max(c[0] for c in board.destinations(state, state.figs["murdoch"])) == 3
        lifted = board.destinations(state, state.figs["gallagher"])
        assert (max(c[0] for c in lifted) == 3) is (card == "forced-march")  # the whole team, or one figure


@pytest.mark.rules("card-breach-and-clear", "card-regroup")
def test_breach_and_clear_saves_the_door_card_and_regroup_trades_squares(tmp_path: Path) -> None:
    state = position(
        tmp_path,
        """
        start: corporation
        corporations: [bauhaus]
        hands: {bauhaus: [breach-and-clear]}
        map: |
          +-+-+-+-+
          |. . . .|
          +-+-+D+-+
          |. . . .|
          +-+-+-+-+
        figures:
          - {id: duval, corporation: bauhaus, specialty: close_combat, weapon: punisher-short-sword, at: [2, 1]}
        """,
    )
    act(state, "activate duval")
    act(state, "play breach-and-clear")
    act(state, "move to 2,0")
    assert not state.is_chance_node() and not state.doors  # the door opened with no door card drawn
    state = own_turn(
        tmp_path,
        ["regroup"],
        "{id: murdoch, corporation: imperial, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}",
        "{id: gallagher, corporation: imperial, specialty: close_combat, weapon: punisher-short-sword, at: [3, 1]}",
    )
    act(state, "activate murdoch")
    act(state, "play regroup on gallagher")
    assert state.figs["murdoch"].cell == (3, 1) and state.figs["gallagher"].cell == (0, 0)


@pytest.mark.rules("card-hold-the-line", "card-other-turns")
def test_hold_the_line_is_played_on_the_dark_legions_turn(tmp_path: Path) -> None:
    played = scenario(
        tmp_path,
        """
        start: legion
        corporations: [mishima]
        hands: {mishima: [hold-the-line]}
        events: [3]
        map: |
          +-+-+-+-+
          |. . . .|
          +-+-+-+-+
        figures:
          - {id: tatsu, corporation: mishima, specialty: firearms, weapon: plasma-carbine, at: [1, 0]}
          - {id: brute, creature: necromutant, at: [2, 0]}
        choices:
          - {player: dark-legion, figure: brute, attack: tatsu, with: close_combat}
          - {player: mishima, react: hold-the-line}
        chance:
          - {event: 3}
          - {die: hit}
          - {die: hit}
        """,
    )
    assert not played.findings, [str(f) for f in played.findings]
    attack = played.final.attacks[0]
    assert attack["hits"] == 2 and attack["success"] is False  # 2 hits against 1 + 1
    assert played.final.figs["tatsu"].health == 5 and played.final.played == ("hold-the-line",)


@pytest.mark.rules("card-last-stand", "card-other-turns")
def test_last_stand_keeps_a_doomtrooper_on_one_health(tmp_path: Path) -> None:
    text = """
        start: legion
        corporations: [mishima]
        hands: {mishima: [last-stand]}
        events: [3]
        map: |
          +-+-+-+-+
          |. . . .|
          +-+-+-+-+
        figures:
          - {id: tatsu, corporation: mishima, specialty: firearms, weapon: plasma-carbine, health: 1, at: [1, 0]}
          - {id: brute, creature: necromutant, at: [2, 0]}
        choices:
          - {player: dark-legion, figure: brute, attack: tatsu, with: close_combat}
          - {player: mishima, react: REACT}
        chance:
          - {event: 3}
          - {die: hit}
          - {die: hit}
          - {armour: blank}
        """
    kept = scenario(tmp_path, text.replace("REACT", "last-stand"), "kept")
    assert not kept.findings, [str(f) for f in kept.findings]
    assert kept.final.figs["tatsu"].health == 1 and kept.final.attacks[0]["damage"] == {"tatsu": 0}
    lost = scenario(tmp_path, text.replace("REACT", "pass"), "lost")
    assert not lost.findings, [str(f) for f in lost.findings]
    assert "tatsu" not in lost.final.figs and lost.final.hands["mishima"] == ("last-stand",)
