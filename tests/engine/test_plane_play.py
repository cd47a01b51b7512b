"""The plane's move lists as a game's legal actions: a toy race played by the random bot and the search bot.

Two runners start on opposite sides of a 24" table, each behind a wood it cannot enter; the first to end its turn
within 1" of the objective in the middle wins, and after 8 turns each it is a draw. A turn is one move from
``choices``: towards the objective, towards a point beside the woods, or back home, by up to 6" (p.65), ending at
least 1" from the other runner (p.65).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pnpforge.engine.api import TERMINAL
from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.engine.plane import INCH, Base, Point, Shape, Table, inches, polygon
from pnpforge.engine.plane_measure import overlap, within
from pnpforge.engine.plane_moves import Field, Move, choices
from pnpforge.engine.plane_sight import Piece
from pnpforge.engine.search import SearchBot, SearchPlan

OBJECTIVE: Point = (inches(12), inches(12))
WOODS = tuple(Piece(name, polygon([(inches(x, 2), inches(21, 2)), (inches(x + 4, 2), inches(21, 2)),
                                   (inches(x + 4, 2), inches(27, 2)), (inches(x, 2), inches(27, 2))]),
                    blocks_sight=True, open_depth=inches(3)) for name, x in (("west-wood", 10), ("east-wood", 34)))
POINTS = {"objective": OBJECTIVE, "north": (inches(12), inches(20)), "south": (inches(12), inches(4))}
HOMES = ((inches(2), inches(12)), (inches(22), inches(12)))
TURNS = 8


class Race:
    num_players = 2

    def new_initial_state(self) -> RaceState:
        bases = tuple(Base(f"runner-{seat}", home, 250) for seat, home in enumerate(HOMES))
        return RaceState(Field(Table(inches(24), inches(24)), WOODS, bases))


class RaceState:
    def __init__(self, field: Field, player: int = 0, turn: int = 0, winner: int | None = None) -> None:
        self.field, self.player, self.turn, self.winner = field, player, turn, winner

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    def legal_actions(self) -> list[Move]:
        me, other = f"runner-{self.player}", f"runner-{1 - self.player}"
        points = POINTS | {"home": HOMES[self.player]}
        moves = choices(self.field, me, points, inches(6), impassable={p.id for p in WOODS}, keep_away={other},
                        away=INCH)
        return moves or [Move("towards", me, "nowhere", self.field.base(me), 0)]

    def apply_action(self, action: Move) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"not a legal move: {action}")
        self.field = self.field.placed(action.after)
        if within(action.after.shape, Shape((OBJECTIVE,)), INCH):
            self.winner = self.player
        self.turn += self.player
        self.player = 1 - self.player

    def is_chance_node(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return []

    def observation(self, player: int) -> tuple:
        return (self.field, self.player, self.turn, self.winner)

    def is_terminal(self) -> bool:
        return self.winner is not None or self.turn >= TURNS

    def returns(self) -> Sequence[float]:
        if self.winner is None:
            return [0.5, 0.5]
        return [1.0 if seat == self.winner else 0.0 for seat in range(2)]

    def action_to_string(self, action: Move) -> str:
        return str(action)

    def clone(self) -> RaceState:
        return RaceState(self.field, self.player, self.turn, self.winner)


def test_random_play_uses_the_move_lists_and_never_enters_a_wood() -> None:
    for seed in range(6):
        transcript: list[str] = []
        state = play_game(Race(), [RandomBot(), RandomBot()], random.Random(seed), transcript=transcript)
        assert state.is_terminal() and transcript
        assert not any(overlap(b.shape, wood.shape) for b in state.field.bases for wood in WOODS)


def test_the_search_bot_picks_moves_that_win_the_race() -> None:
    def policy(game: Any, seat: int, rng: random.Random) -> RandomBot:
        return RandomBot()

    wins = 0
    for seed in range(6):
        searcher = SearchBot(Race(), 0, policy, lambda state, player, rng: state.clone(),
                             SearchPlan(samples=4, candidates=5))
        state = play_game(Race(), [searcher, RandomBot()], random.Random(seed))
        wins += state.winner == 0
    assert wins >= 5
