"""The Doomtrooper cards that answer a moment of play (reactions.py: the throw, the dice against a Doomtrooper, the
defence die, a close combat attack, a creature's Move), the own-turn texts that need the board (card_texts.py) and
the ordered force pile (pile.py); exact odds against hand computation where a card changes a throw."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import pytest

from pnpforge.games.siege_of_the_citadel import board, legion, pile
from pnpforge.games.siege_of_the_citadel.bots import GreedyBot, determinize
from pnpforge.games.siege_of_the_citadel.state import SiegeState
from pnpforge.games.siege_of_the_citadel.steps import outcomes

from tests.games.siege_of_the_citadel.helpers import act, options, position

MAP = """
    map: |
      +-+-+-+-+-+-+-+
      |. . . . . . .|
      + + + + + + + +
      |. . . . . . .|
      +-+-+-+-+-+-+-+
"""


def at(tmp_path: Path, start: str, hands: dict[str, list[str]], *figures: str, extra: str = "") -> SiegeState:
    corps = sorted(hands)
    lines = "\n".join(f"          - {f}" for f in figures)
    held = ", ".join(f"{c}: [{', '.join(h)}]" for c, h in hands.items())
    return position(
        tmp_path,
        f"""
        start: {start}
        corporations: [{", ".join(corps)}]
        hands: {{{held}}}
        events: [3]
        map: |
          +-+-+-+-+-+-+-+
          |. . . . . . .|
          + + + + + + + +
          |. . . . . . .|
          +-+-+-+-+-+-+-+
        figures:
{lines}
{extra}
        """,
    )


def roll(state: SiegeState, *faces: Any) -> None:
    for face in faces:
        assert state.is_chance_node(), state.agenda[-1]
        state.apply_action(face)


def to_legion_acts(state: SiegeState) -> None:
    """Past the event (3: no reinforcements of its own), the force cards it draws and the placements."""
    rng = random.Random(0)
    while state.is_chance_node() or state.agenda[-1][2] in ("red", "place"):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0] if state.agenda[-1][1] != "event" else 3)
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def odds(
    state: SiegeState,
    value: Callable[[SiegeState], Any],
    done: Callable[[SiegeState], bool],
    answer: Callable[[SiegeState], Any],
) -> dict:
    """The exact distribution of ``value`` once ``done`` holds, decisions answered by ``answer``."""
    found: dict[Any, Fraction] = {}

    def walk(now: SiegeState, p: Fraction) -> None:
        if done(now) or now.is_terminal():
            found[value(now)] = found.get(value(now), Fraction(0)) + p
            return
        for outcome, q in outcomes(now, now.agenda[-1]) if now.is_chance_node() else [(answer(now), 1)]:
            nxt = now.clone()
            nxt.apply_action(outcome)
            walk(nxt, p * q)

    walk(state, Fraction(1))
    return found


def react_or_pass(play: bool) -> Callable[[SiegeState], Any]:
    def answer(state: SiegeState) -> Any:
        legal = state.legal_actions()
        wanted = [a for a in legal if a[0] == ("react" if play else "pass")]
        return wanted[0] if wanted else legal[0]

    return answer


BRUTE = "{id: brute, creature: necromutant, at: [2, 0]}"
TATSU = "{id: tatsu, corporation: mishima, specialty: firearms, weapon: plasma-carbine, at: [1, 0]}"


def swing(tmp_path: Path, card: str) -> SiegeState:
    state = at(tmp_path, "legion", {"mishima": [card]}, TATSU, BRUTE)
    to_legion_acts(state)
    act(state, "activate brute")
    act(state, "attack tatsu (close combat)")
    return state


def wounded(state: SiegeState) -> bool:
    return "tatsu" not in state.figs or state.figs["tatsu"].health < 5


@pytest.mark.rules("card-dodge", "card-other-turns")
def test_dodge_throws_the_weakest_hit_again_exact_odds(tmp_path: Path) -> None:
    state = swing(tmp_path, "dodge")

    def done(s: SiegeState) -> bool:
        return bool(s.attacks)

    # white + red against defence value 1: two hits wound (1/3 * 1/2), the white defence die cancels on 1/3
    kept = odds(state, wounded, done, react_or_pass(False))
    assert kept[True] == Fraction(1, 6) * Fraction(2, 3)
    # Dodge throws the white die again: it hits again on 1/3
    dodged = odds(state, wounded, done, react_or_pass(True))
    assert dodged[True] == Fraction(1, 6) * Fraction(1, 3) * Fraction(2, 3)
    roll(state, "hit", "hit")
    act(state, "play dodge")
    assert state.agenda[-1] == ("chance", "die", 0) and state.attack["faces"] == [None, "hit"]  # the white one


@pytest.mark.rules("card-armor-plating", "attack-armor")
def test_armor_plating_throws_the_defence_die_again(tmp_path: Path) -> None:
    state = swing(tmp_path, "armor-plating")

    def done(s: SiegeState) -> bool:
        return bool(s.attacks)

    kept = odds(state, wounded, done, react_or_pass(False))
    plated = odds(state, wounded, done, react_or_pass(True))
    assert kept[True] == Fraction(1, 6) * Fraction(2, 3)
    assert plated[True] == Fraction(1, 6) * Fraction(2, 3) * Fraction(2, 3)  # a second white die to cancel
    roll(state, "hit", "hit", "hit")  # the first defence die cancels already: no question
    assert not state.agenda or state.agenda[-1][2:3] != ("react",)


@pytest.mark.rules("card-counterstrike")
def test_counterstrike_answers_a_failed_close_combat_attack_only(tmp_path: Path) -> None:
    state = swing(tmp_path, "counterstrike")
    roll(state, "hit", "blank")  # one hit: fails
    assert options(state) == ["pass", "play counterstrike"]
    act(state, "play counterstrike")
    assert state.attack["dice"] == ["white"] and state.attack["by"] == "tatsu"
    roll(state, "hit", "blank")  # one hit is a point of damage; the white defence die shows a blank
    assert "brute" not in state.figs
    state = swing(tmp_path, "counterstrike")
    roll(state, "hit", "hit", "hit")  # a hit that the defence die cancelled: the attack failed, asked
    assert options(state) == ["pass", "play counterstrike"]
    state = swing(tmp_path, "counterstrike")
    roll(state, "hit", "hit", "blank")  # wounded: no question
    assert state.figs["tatsu"].health == 4 and "react" not in str(state.agenda[-1:])


@pytest.mark.rules("card-covering-fire")
def test_covering_fire_when_a_creature_steps_next_to_a_doomtrooper(tmp_path: Path) -> None:
    murdoch = "{id: murdoch, corporation: imperial, specialty: firearms, weapon: plasma-carbine, at: [1, 0]}"
    state = at(
        tmp_path,
        "legion",
        {"imperial": ["covering-fire"]},
        murdoch,
        "{id: brute, creature: legionnaire, at: [4, 1]}",
        "{id: guard, creature: legionnaire, at: [5, 0]}",
    )
    to_legion_acts(state)
    act(state, "activate brute")
    act(state, "move to 2,1")
    assert options(state) == ["pass", "play covering-fire at guard"]  # another figure in sight, not the mover
    act(state, "play covering-fire at guard")
    assert state.attack["by"] == "murdoch" and state.figs["murdoch"].left == 0
    roll(state, "hit", "hit", "blank")
    assert "guard" not in state.figs and state.agenda[-1][2:4] == ("act", "brute")  # the brute goes on
    assert state.hands["imperial"] == () and state.played == ("covering-fire",)


@pytest.mark.rules("card-steady-aim", "attack-rerolls", "card-one-per-turn")
def test_steady_aim_is_a_second_re_roll_window(tmp_path: Path) -> None:
    stone = "{id: stone, corporation: bauhaus, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}"
    state = at(
        tmp_path, "corporation", {"bauhaus": ["steady-aim"]}, stone, "{id: guard, creature: legionnaire, at: [4, 0]}"
    )
    act(state, "activate stone")
    act(state, "attack guard (firearms)")
    roll(state, "blank", "blank", "hit")
    act(state, "reroll 1")  # Bauhaus' rank card: one failed die
    roll(state, "blank")
    assert options(state) == ["pass", "play steady-aim"]
    act(state, "play steady-aim")
    assert options(state) == ["reroll none", "reroll 1", "reroll 2", "reroll 1, 2"]  # die 1 may go again
    act(state, "reroll 1, 2")
    roll(state, "hit", "blank")
    assert state.attacks[-1]["hits"] == 2 and state.card_used and "guard" not in state.figs


@pytest.mark.rules("card-blade-dance", "card-one-per-turn")
def test_blade_dance_strikes_another_neighbour_without_an_action(tmp_path: Path) -> None:
    hunter = "{id: hunter, corporation: capitol, specialty: close_combat, weapon: punisher-short-sword, at: [1, 0]}"
    state = at(
        tmp_path,
        "corporation",
        {"capitol": ["blade-dance"]},
        hunter,
        "{id: guard, creature: legionnaire, at: [2, 0]}",
        "{id: sentry, creature: legionnaire, at: [0, 1]}",
    )
    act(state, "activate hunter")
    act(state, "attack guard (close combat)")
    roll(state, "blank", "blank", "blank")
    assert options(state) == ["pass", "play blade-dance at sentry"]  # not the guard again
    act(state, "play blade-dance at sentry")
    roll(state, "hit", "hit", "blank")
    assert "sentry" not in state.figs and state.figs["hunter"].left == 1 and state.card_used


@pytest.mark.rules("card-suppressing-fire", "ai-actions")
def test_a_pinned_creature_may_not_move_on_the_next_dark_legion_turn(tmp_path: Path) -> None:
    drake = "{id: drake, corporation: capitol, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}"
    state = at(
        tmp_path, "corporation", {"capitol": ["suppressing-fire"]}, drake, "{id: brute, creature: razide, at: [6, 0]}"
    )
    act(state, "activate drake")
    assert "play suppressing-fire on brute" in options(state)
    act(state, "play suppressing-fire on brute")
    brute = state.figs["brute"]
    assert board.destinations(state, brute) == {} and legion.follow(state, brute, "move_toward_nearest") is None
    legion.legion_end(state)  # the mark lasts to the end of the next Dark Legion turn
    assert board.destinations(state, brute) and state.pinned == ()


@pytest.mark.rules("card-quick-reload")
def test_quick_reload_fires_with_one_die_fewer_for_no_action(tmp_path: Path) -> None:
    drake = "{id: drake, corporation: capitol, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}"
    state = at(
        tmp_path,
        "corporation",
        {"capitol": ["quick-reload"]},
        drake,
        "{id: guard, creature: legionnaire, at: [4, 0]}",
        "{id: brute, creature: legionnaire, at: [1, 1]}",
    )
    act(state, "activate drake")
    assert "play quick-reload on guard" in options(state)
    assert "play quick-reload on brute" not in options(state)  # no firearm attack at a neighbour
    act(state, "play quick-reload on guard")
    assert state.attack["dice"] == ["white", "white"] and state.figs["drake"].left == 2


@pytest.mark.rules("card-scavenged-parts", "time-bomb")
def test_scavenged_parts_gives_back_a_used_one_use_card(tmp_path: Path) -> None:
    drake = (
        "{id: drake, corporation: capitol, specialty: firearms, weapon: plasma-carbine, gear: [time-bomb], at: [0, 0]}"
    )
    hunter = "{id: hunter, corporation: capitol, specialty: close_combat, weapon: punisher-short-sword, at: [3, 1]}"
    state = at(tmp_path, "corporation", {"capitol": ["scavenged-parts"]}, drake, hunter)
    act(state, "activate drake")
    assert not [o for o in options(state) if o.startswith("play scavenged")]  # nothing used yet
    act(state, "bomb at 1,0")
    assert state.spent == (("capitol", "time-bomb"),)
    assert [o for o in options(state) if o.startswith("play")] == [
        "play scavenged-parts: time-bomb to drake",
        "play scavenged-parts: time-bomb to hunter",
    ]
    act(state, "play scavenged-parts: time-bomb to hunter")
    assert state.figs["hunter"].gear == ("time-bomb",) and state.spent == ()


@pytest.mark.rules("card-shoulder-to-shoulder")
def test_shoulder_to_shoulder_adds_a_white_die_next_to_a_team_mate(tmp_path: Path) -> None:
    from pnpforge.games.siege_of_the_citadel.combat import trooper_dice

    drake = "{id: drake, corporation: capitol, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}"
    hunter = "{id: hunter, corporation: capitol, specialty: close_combat, weapon: punisher-short-sword, at: [4, 1]}"
    state = at(tmp_path, "corporation", {"capitol": ["shoulder-to-shoulder"]}, drake, hunter)
    act(state, "activate drake")
    assert "play shoulder-to-shoulder" not in options(state)  # not side by side
    act(state, "move to 3,0")
    act(state, "play shoulder-to-shoulder")
    drake_fig = state.figs["drake"]
    assert len(trooper_dice(state, drake_fig, "firearms", 3, (), "x")) == 4  # each attack while beside him
    assert len(trooper_dice(state, drake_fig, "firearms", 3, (), "x")) == 4
    drake_fig.cell = (2, 0)
    assert len(trooper_dice(state, drake_fig, "firearms", 3, (), "x")) == 3  # 2 squares from Hunter


@pytest.mark.rules("card-leap-of-faith", "move-through")
def test_leap_of_faith_steps_between_a_creature_and_a_wall(tmp_path: Path) -> None:
    state = position(
        tmp_path,
        """
        start: corporation
        corporations: [imperial]
        hands: {imperial: [leap-of-faith]}
        map: |
          +-+-+-+-+
          |. . . .|
          +-+ + + +
          |. . . .|
          +-+-+-+-+
        figures:
          - {id: murdoch, corporation: imperial, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}
          - {id: guard, creature: legionnaire, at: [1, 0]}
        """,
    )
    act(state, "activate murdoch")
    fig = state.figs["murdoch"]
    assert board.destinations(state, fig) == {}  # a wall below, a creature beside
    act(state, "play leap-of-faith")
    assert board.destinations(state, fig) == {(1, 1): 1, (0, 1): 2, (2, 1): 2, (2, 0): 2}  # blocked: 2 squares
    assert board.route(state, fig, (2, 1)) == [(1, 1), (2, 1)]


@pytest.mark.rules("card-intelligence-report")
def test_intelligence_report_orders_the_top_of_the_force_pile(tmp_path: Path) -> None:
    drake = "{id: drake, corporation: capitol, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}"
    murdoch = "{id: murdoch, corporation: imperial, specialty: firearms, weapon: plasma-carbine, at: [0, 1]}"
    state = at(tmp_path, "corporation", {"capitol": ["intelligence-report"], "imperial": []}, drake, murdoch)
    act(state, "activate drake")
    act(state, "play intelligence-report")
    roll(state, 9, 28, 2)
    assert len(options(state)) == 6 and "put back 2, 9, 28" in options(state)
    act(state, "put back 28, 2, 9")
    assert state.stacked == (28, 2, 9) and state.stacked_by == "capitol"
    assert legion.force_outcomes(state, -1, "reinforce") == [(28, 1)]  # the pile's next card
    assert not {9, 28, 2} & {n for n, _ in legion.force_outcomes(state, 0, "spawn")}  # a tile's card: another
    legion.force(state, 28, -1, "reinforce")
    assert state.stacked == (2, 9)
    seat = state.game.seat_of("imperial")
    worlds = {determinize(state, seat, random.Random(s)).stacked for s in range(8)}
    assert len(worlds) > 1 and all(len(w) == 2 for w in worlds)  # Imperial never saw them
    assert determinize(state, state.game.seat_of("capitol"), random.Random(1)).stacked == (2, 9)
    other = state.clone()
    other.stacked = (9, 2)
    assert other.observation(seat) == state.observation(seat)
    assert other.observation(state.game.seat_of("capitol")) != state.observation(state.game.seat_of("capitol"))
    pile.drawn(state, 2)
    pile.drawn(state, 9)
    assert state.stacked == () and state.stacked_by is None


@pytest.mark.rules("card-suppressing-fire", "card-quick-reload", "card-steady-aim")
def test_the_greedy_bot_plays_a_card_that_helps(tmp_path: Path) -> None:
    drake = "{id: drake, corporation: capitol, specialty: firearms, weapon: plasma-carbine, at: [0, 0]}"
    state = at(
        tmp_path, "corporation", {"capitol": ["quick-reload"]}, drake, "{id: guard, creature: legionnaire, at: [4, 0]}"
    )
    act(state, "activate drake")
    bot = GreedyBot()
    choice = bot.choose(state, state.current_player(), random.Random(0))
    assert state.action_to_string(choice) == "play quick-reload on guard"  # a free shot before the others
    state = at(
        tmp_path, "corporation", {"capitol": ["steady-aim"]}, drake, "{id: guard, creature: legionnaire, at: [4, 0]}"
    )
    act(state, "activate drake")
    act(state, "attack guard (firearms)")
    roll(state, "blank", "blank", "hit")
    assert state.action_to_string(bot.choose(state, state.current_player(), random.Random(0))) == "play steady-aim"
    act(state, "play steady-aim")
    assert state.action_to_string(bot.choose(state, state.current_player(), random.Random(0))) == "reroll 1, 2"


@pytest.mark.rules("card-covering-fire", "card-resolve-discard")
def test_covering_fire_is_asked_of_each_doomtrooper_but_played_once(tmp_path: Path) -> None:
    state = position(
        tmp_path,
        """
        start: legion
        corporations: [imperial]
        hands: {imperial: [covering-fire]}
        events: [3]
        map: |
          +-+-+-+-+-+-+-+
          |. . . . . . .|
          + + + + + + + +
          |. . . . . . .|
          + + + + + + + +
          |. . . . . . .|
          +-+-+-+-+-+-+-+
        figures:
          - {id: murdoch, corporation: imperial, specialty: firearms, weapon: plasma-carbine, at: [1, 0]}
          - {id: sherman, corporation: imperial, specialty: firearms, weapon: plasma-carbine, at: [1, 2]}
          - {id: brute, creature: legionnaire, at: [4, 1]}
          - {id: guard, creature: legionnaire, at: [5, 0]}
          - {id: sentry, creature: legionnaire, at: [5, 2]}
        """,
    )
    to_legion_acts(state)
    act(state, "activate brute")
    act(state, "move to 2,1")  # next to both Doomtroopers
    assert options(state) == ["pass", "play covering-fire at guard"]
    act(state, "play covering-fire at guard")
    roll(state, "blank", "blank", "blank")
    assert state.agenda[-1][2:5] == ("react", "covering-fire", "sherman") and options(state) == ["pass"]
