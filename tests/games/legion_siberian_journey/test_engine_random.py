"""The Journey engine under random play: games end, the invariants hold after every action, a player's observation
holds nothing of another's hand, and a seed gives the same game twice (the shared engine suite,
``tests/engine/test_games.py``, checks the protocol besides)."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.loop import sample_chance
from pnpforge.games.legion_siberian_journey.bots import GreedyBot
from pnpforge.games.legion_siberian_journey.data import journey_data
from pnpforge.games.legion_siberian_journey.game import JourneyGame
from pnpforge.games.legion_siberian_journey.hidden import determinize
from pnpforge.games.legion_siberian_journey.invariants import check_invariants

from tests.conftest import REPO
from tests.engine.registered import pack_at

PACK = REPO / "content" / "legion-siberian-journey"


def _game(players: int) -> JourneyGame:
    data = journey_data(pack_at(PACK))
    return JourneyGame(data, players, data.factions[:players])


def _play(game: JourneyGame, seed: int, after=None) -> list[str]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    lines = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            actions = state.legal_actions()
            assert actions, f"seed {seed}: a player to act has no legal action"
            action = actions[rng.randrange(len(actions))]
        lines.append(state.action_to_string(action))
        state.apply_action(action)
        if after:
            after(state)
    assert sum(state.returns()) == pytest.approx(1.0)
    assert state.round == len(game.data.parameters.journey)
    return lines


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_the_invariants_holding_after_every_action(players: int) -> None:
    game = _game(players)
    hidden_seen = []

    def check(state) -> None:
        broken = check_invariants(state)
        assert broken == [], broken
        if not state.is_terminal() and not state.is_chance_node():
            mover = state.current_player()
            seen = dict((name, shown) for name, _, shown in state.observation(mover)[-3])
            for other in range(state.n):
                zone = state.zones[f"hand:{other}"]
                hidden = [card for i, card in enumerate(zone.cards) if not zone.sees(i, mover)]
                if other != mover and hidden:
                    hidden_seen.append(len(hidden))
                    assert seen[f"hand:{other}"] == zone.view(mover) and zone.view(mover)[0] == zone.size
                    assert not set(hidden) & {card for card, _ in zone.view(mover)[1]}, (hidden, zone.view(mover))

    for seed in range(8):
        _play(game, seed, check)
    assert hidden_seen  # some hand held cards the mover could not see, so the check above was made


@pytest.mark.parametrize("players", [2, 4])
def test_a_world_drawn_anew_looks_the_same_to_the_player(players: int) -> None:
    """What ``determinize`` redeals is hidden from the player: their observation and legal actions are unchanged."""
    game = _game(players)
    counter = {"decisions": 0, "differed": 0}

    def check(state) -> None:
        if state.is_terminal() or state.is_chance_node():
            return
        counter["decisions"] += 1
        if counter["decisions"] % 5:
            return
        mover = state.current_player()
        rng = random.Random(counter["decisions"])
        for player in {mover, (mover + 1) % state.n}:
            world = determinize(state, player, rng)
            assert world.observation(player) == state.observation(player)
            counter["differed"] += world.zones != state.zones
            if player == mover:
                assert world.legal_actions() == state.legal_actions()

    for seed in range(3):
        _play(game, seed, check)
    assert counter["differed"] > 0  # the worlds do differ where the player cannot see


def test_the_invariants_see_a_character_in_two_places() -> None:
    state = _game(2).new_initial_state()
    character = state.zones["characters"].contents()[0]
    state.lineup[0].append(character)
    state.owner[character] = 0
    assert any("in 2 places" in problem for problem in check_invariants(state))


def test_a_seed_gives_the_same_game_twice() -> None:
    game = _game(3)
    assert _play(game, 7) == _play(game, 7)


def test_the_greedy_bot_beats_random_players() -> None:
    """One greedy seat (rotating) against three random players: it wins nearly every game (the first draft wins
    all of 60; a bot that judged nothing would win about one in four)."""
    data = journey_data(pack_at(PACK))
    won = 0.0
    for seed in range(12):
        rng = random.Random(seed)
        state = JourneyGame(data, 4, tuple(data.factions[(seed + i) % 4] for i in range(4))).new_initial_state()
        seat, bot = seed % 4, GreedyBot()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_chance(state, rng)
            elif state.current_player() == seat:
                action = bot.choose(state, seat, rng)
            else:
                actions = state.legal_actions()
                action = actions[rng.randrange(len(actions))]
            state.apply_action(action)
        won += state.returns()[seat]
    assert won >= 9, won
