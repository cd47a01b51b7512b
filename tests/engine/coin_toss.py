"""Coin toss: a game whose sides are equal by construction, for the validator's false-warning test.

Two players, sides ``heads`` and ``tails`` rotating over the seats. A coin says which seat wins, whoever sits
there, and a ten-sided die drawn first makes the game a draw on a 0: every seat and every side wins half of the
games that are not drawn, and a tenth of the games are drawn. The analysis checks exactly those truths at the edge
of their bands (a tolerance of 0 around an equal share; at most 10% draws), where a check is the most likely to
raise a warning it should not.
"""

from __future__ import annotations

from pnpforge.engine.analyses import judged, side_balance
from pnpforge.engine.contract import GameConfig, GamePackage
from pnpforge.engine.loop import random_bot
from pnpforge.engine.paired import unit_outside
from pnpforge.engine.steps import StepMachine, Steps, chance
from pnpforge.engine.validate import Analysis

SIDES = ("heads", "tails")
TOLERANCE, DRAW_MAX = 0.0, 0.10  # the truths themselves: a side wins 50%, 10% of games are drawn


@chance("die", lambda s: list(range(10)))
def die(s, face: int) -> None:
    if face == 0:
        s.winners, s.over = (0, 1), True
    else:
        s.push(("coin",))


@chance("coin", lambda s: [0, 1])
def coin(s, seat: int) -> None:
    s.winners, s.over = (seat,), True


STEPS = Steps.collect(die, coin)


class Toss(StepMachine):
    def __init__(self, game: TossGame):
        self.game, self.winners = game, ()
        self.start_steps(STEPS)
        self.push(("die",))
        self.run()

    def returns(self) -> list[float]:
        return [1 / len(self.winners) if p in self.winners else 0.0 for p in (0, 1)]

    def observation(self, p: int) -> tuple:
        return (self.winners, self.pending)

    def clone(self) -> Toss:
        other = Toss.__new__(Toss)
        other.__dict__.update(self.__dict__, agenda=list(self.agenda))
        return other

    def action_to_string(self, action) -> str:
        return str(action)

    def __str__(self) -> str:
        return f"won by {self.winners}"


class TossGame:
    num_players = 2

    def __init__(self, config: GameConfig | None = None):
        self.config = config or GameConfig()

    def new_initial_state(self) -> Toss:
        return Toss(self)


def analyse(pack, tallies: dict, settings) -> Analysis:
    """Each side's win share, the first seat's, and the draws, against bands whose edges are the truths."""
    result = Analysis()
    for players, tally in sorted(tallies.items()):
        findings, _, _ = side_balance(tally, [(side, None) for side in SIDES], players, TOLERANCE,
                                      lambda tally, key: "", "side", family=len(SIDES))
        result.findings += findings
        first = unit_outside(tally, "wins/seat/0", 0.5 - TOLERANCE, 0.5 + TOLERANCE)
        if first is not None:
            result.findings.append(judged(first, "the first seat's share", "games", "", None, "first-player",
                                          players=players))
        draws = unit_outside(tally, "draws", 0.0, DRAW_MAX)
        if draws is not None:
            result.findings.append(judged(draws, "draws", "games", "", None, "draws", players=players))
    return result


PACKAGE = GamePackage(name="coin_toss", new_game=lambda pack, config: TossGame(config), modes=("base",),
                      bots={"random": random_bot}, factions=lambda pack: SIDES, analyse=analyse)
