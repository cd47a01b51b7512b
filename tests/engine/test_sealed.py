"""Sealed choices: turns, errors, what each player sees before and after the reveal, and a sealed-bid game."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Hashable, Sequence

import pytest

from pnpforge.engine.api import TERMINAL, Action, Game, State
from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.engine.sealed import Options, Sealed

BIDS = range(4)


class BidState:
    """One round of sealed bids of 0..3 coins: the highest bid nobody else made wins; no such bid, all share."""

    def __init__(self, players: int) -> None:
        self.sealed = Sealed(tuple(range(players)), BIDS)

    def current_player(self) -> int:
        pending = self.sealed.pending()
        return TERMINAL if pending is None else pending

    def legal_actions(self) -> list[Action]:
        return [] if self.sealed.complete else self.sealed.legal()

    def apply_action(self, action: Action) -> None:
        self.sealed = self.sealed.choose(self.current_player(), action)

    def is_chance_node(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return []

    def observation(self, player: int) -> Hashable:
        return self.sealed.observation(player)

    def is_terminal(self) -> bool:
        return self.sealed.complete

    def returns(self) -> Sequence[float]:
        players = len(self.sealed.players)
        if not self.sealed.complete:
            return [0.0] * players
        bids = self.sealed.revealed()
        unique = [bid for bid in bids.values() if list(bids.values()).count(bid) == 1]
        if not unique:
            return [1.0 / players] * players
        return [1.0 if bids[p] == max(unique) else 0.0 for p in range(players)]

    def action_to_string(self, action: Action) -> str:
        return f"bid {action}"

    def clone(self) -> "BidState":
        copy = BidState.__new__(BidState)
        copy.sealed = self.sealed
        return copy


@dataclass(frozen=True)
class BidGame:
    """The sealed-bid game for a number of players."""

    num_players: int = 3

    def new_initial_state(self) -> BidState:
        return BidState(self.num_players)


@dataclass(frozen=True)
class Bidder:
    """Bids a fixed amount, and remembers nothing (a bot acts on what it is shown)."""

    bid: int

    def choose(self, state: State, player: int, rng: random.Random) -> Action:
        assert self.bid in state.legal_actions()
        return self.bid


def played(*bids: int) -> BidState:
    final = play_game(BidGame(len(bids)), [Bidder(b) for b in bids], random.Random(0))
    assert isinstance(final, BidState)
    return final


def test_the_state_keeps_the_protocol() -> None:
    assert isinstance(BidGame(), Game) and isinstance(BidState(3), State)


def test_players_choose_in_turn_and_errors_are_refused() -> None:
    sealed = Sealed((0, 2, 3), options=range(4))
    assert sealed.pending() == 0 and sealed.legal() == [0, 1, 2, 3] and not sealed.complete
    with pytest.raises(ValueError):
        sealed.choose(2, 1)  # not their turn
    with pytest.raises(ValueError):
        sealed.choose(0, 7)  # not an option
    after = sealed.choose(0, 1)
    assert sealed.pending() == 0 and after.pending() == 2 and after.chosen == (0,)
    with pytest.raises(ValueError):
        after.choose(0, 2)  # already chosen
    with pytest.raises(ValueError):
        after.revealed()
    done = after.choose(2, 3).choose(3, 0)
    assert done.complete and done.pending() is None and done.revealed() == {0: 1, 2: 3, 3: 0}
    with pytest.raises(ValueError):
        done.choose(3, 1)


def test_options_by_player_and_any_choice() -> None:
    sealed = Sealed((0, 1), options={0: (0, 1), 1: (0, 1, 2)})
    assert sealed.legal(1) == [0, 1, 2] and sealed.options == Options(((0, 1), (0, 1, 2)))
    assert sealed.choose(0, 1) == Sealed((0, 1), sealed.options, (1,))
    with pytest.raises(ValueError):
        sealed.choose(0, 2)
    free = Sealed((1, 0)).choose(1, ("any", "value")).choose(0, None)
    assert free.revealed() == {1: ("any", "value"), 0: None}
    with pytest.raises(ValueError):
        Sealed((0, 0), options=(1,))


def test_before_the_reveal_a_player_sees_only_their_own_choice() -> None:
    low, high = Sealed((0, 1, 2), BIDS).choose(0, 1), Sealed((0, 1, 2), BIDS).choose(0, 3)
    assert low.observation(1) == high.observation(1) and low.observation(2) == high.observation(2)
    assert low.observation(0) != high.observation(0)
    assert low.choose(1, 2).observation(2) == high.choose(1, 0).observation(2)
    assert low.observation(1) != low.choose(1, 2).observation(1)  # the player's own choice, once made


def test_the_player_to_act_sees_the_same_whatever_an_earlier_bidder_bid() -> None:
    states = []
    for first in BIDS:
        state = BidGame().new_initial_state()
        state.apply_action(first)
        state.apply_action(2)
        states.append(state)
    assert {s.current_player() for s in states} == {2}
    assert len({s.observation(2) for s in states}) == 1 and len({s.observation(1) for s in states}) == 1
    assert len({s.observation(0) for s in states}) == len(BIDS)
    assert len({tuple(s.legal_actions()) for s in states}) == 1


def test_after_the_reveal_every_player_sees_every_bid() -> None:
    final = played(3, 1, 2)
    seen = {final.observation(p) for p in range(3)}
    assert seen == {("revealed", ((0, 3), (1, 1), (2, 2)))}
    assert final.observation(1) != played(3, 0, 2).observation(1)


@pytest.mark.parametrize("bids, returns", [
    ((3, 1, 2), [1.0, 0.0, 0.0]),
    ((3, 3, 1), [0.0, 0.0, 1.0]),
    ((2, 3, 2), [0.0, 1.0, 0.0]),
    ((0, 0, 0), [1 / 3, 1 / 3, 1 / 3]),
])
def test_the_highest_unique_bid_wins(bids: tuple[int, ...], returns: list[float]) -> None:
    final = played(*bids)
    assert final.is_terminal() and final.current_player() == TERMINAL
    assert final.returns() == pytest.approx(returns)


def test_random_playouts_end_with_shared_returns_and_independent_clones() -> None:
    for seed in range(20):
        start = BidGame().new_initial_state()
        copy = start.clone()
        final = play_game(BidGame(), [RandomBot()] * 3, random.Random(seed), start=start)
        assert sum(final.returns()) == pytest.approx(1.0)
        assert not copy.sealed.chosen and len(final.sealed.chosen) == 3
