"""Dice race: a tiny game from the engine toolkit alone (steps, dice, grid, sealed bids; three bots for free).

Two runners race from the bottom corners of a walled 5x5 map to the goal at the top. Each round both bid energy in
secret (0-2); the higher bid moves first and throws one die more. A runner throws d6s at 4+ and moves up to one step
plus one per success. Ending a move in sight of the rival, at most three steps away, zaps it: it loses one energy.
The first to reach the goal wins; after ten rounds the runner nearer to it wins, else the race is drawn.
"""

from __future__ import annotations

import random

from pnpforge.engine import dice
from pnpforge.engine.contract import GameConfig, GamePackage, GoldenGame
from pnpforge.engine.grid import Grid
from pnpforge.engine.matches import Pairing
from pnpforge.engine.loop import random_bot
from pnpforge.engine.sealed import Sealed
from pnpforge.engine.steps import StepMachine, Steps, chance, decision, task

MAP = Grid.from_ascii("""
    +-+-+-+-+-+
    |. . . . .|
    + +-+ +-+ +
    |. . . . .|
    + + + + + +
    |. # . # .|
    + + +-+ + +
    |. . . . .|
    + + + + + +
    |. . . . .|
    +-+-+-+-+-+
""")
GOAL, STARTS, ROUNDS, MAX_ENERGY, ZAP_RANGE = (2, 0), ((0, 4), (4, 4)), 10, 3, 3
D6 = dice.DiceSet((dice.Die.d6("die"),))

def distance(cell, others=()) -> int:
    steps = MAP.path_distance(cell, GOAL, occupied=set(others) - {GOAL})
    return 99 if steps is None else steps

@task("round")
def start_round(s) -> None:
    first = s.round % 2
    s.sealed = Sealed((first, 1 - first), {p: range(min(2, s.energy[p]) + 1) for p in (0, 1)})
    s.push(("bid", first), ("bid", 1 - first), ("reveal",))

@decision("bid", lambda s, p: s.sealed.legal(p))
def bid(s, amount: int, p: int) -> None:
    s.sealed = s.sealed.choose(p, amount)

@task("reveal")
def reveal(s) -> None:
    bids = s.sealed.revealed()
    s.energy = [s.energy[p] - bids[p] for p in (0, 1)]
    lead = None if bids[0] == bids[1] else int(bids[1] > bids[0])
    order = s.sealed.players if lead is None else (lead, 1 - lead)
    s.sealed = None
    s.push(*((step, p, int(p == lead)) for p in order for step in ("throw", "move")), ("end",))

@chance("throw", lambda s, p, bonus: dice.chance_outcomes(D6.pool({"die": 1 + bonus}, target=4)), weighted=True)
def throw(s, successes: int, p: int, bonus: int) -> None:
    s.reach = 1 + successes

@decision("move", lambda s, p, bonus: sorted(MAP.reachable(s.at[p], s.reach, occupied={s.at[1 - p]})))
def move(s, cell, p: int, bonus: int) -> None:
    s.at[p], rival = cell, s.at[1 - p]
    if MAP.line_of_sight(cell, rival) and MAP.path_distance(cell, rival) <= ZAP_RANGE:
        s.energy[1 - p] = max(0, s.energy[1 - p] - 1)
    s.winner, s.over = (p, True) if cell == GOAL else (None, False)

@task("end")
def end_round(s) -> None:
    s.round += 1
    s.energy = [min(MAX_ENERGY, e + 1) for e in s.energy]
    near = [distance(s.at[p]) for p in (0, 1)]
    if s.round < ROUNDS:
        return s.push(("round",))
    s.winner, s.over = None if near[0] == near[1] else int(near[1] < near[0]), True

STEPS = Steps.collect(start_round, bid, reveal, throw, move, end_round)

class Race(StepMachine):
    def __init__(self, game: RaceGame):
        self.game, self.at, self.energy, self.round, self.sealed, self.reach, self.winner = \
            game, list(STARTS), [2, 2], 0, None, 0, None
        self.start_steps(STEPS)
        self.push(("round",))
        self.run()

    def returns(self) -> list[float]:
        return [0.0, 0.0] if not self.over else [0.5, 0.5] if self.winner is None else \
            [float(self.winner == 0), float(self.winner == 1)]

    def observation(self, p: int) -> tuple:
        hidden = self.sealed.observation(p) if self.sealed is not None else None
        return tuple(self.at), tuple(self.energy), self.round, self.reach, self.pending, self.over, hidden

    def clone(self) -> Race:
        other = Race.__new__(Race)
        other.__dict__.update(self.__dict__, at=list(self.at), energy=list(self.energy), agenda=list(self.agenda))
        return other

    def action_to_string(self, action) -> str:
        return f"{self.pending[0]} {action}" if self.pending else str(action)

    def __str__(self) -> str:
        return f"round {self.round}: at {self.at}, energy {self.energy}, winner {self.winner}"

class RaceGame:
    num_players = 2

    def new_initial_state(self) -> Race:
        return Race(self)

def determinize(s: Race, p: int, rng: random.Random) -> Race:
    """The rival's sealed bid, made but not revealed, drawn again among its options."""
    world = s.clone()
    if s.sealed is not None and 1 - p in s.sealed.chosen:
        world.sealed = Sealed(s.sealed.players, s.sealed.options)
        for q in s.sealed.chosen:
            world.sealed = world.sealed.choose(q, s.sealed.choice_of(q) if q == p else rng.choice(s.sealed.legal(q)))
    return world

class Greedy:
    """Bids one when it can spare it; moves as near to the goal as it can. ``rank`` gives the search its candidates."""

    def rank(self, s: Race, p: int, rng: random.Random) -> list:
        if s.pending[0] == "bid":
            return sorted(s.legal_actions(), key=lambda a: (a != min(1, s.energy[p] - 1), rng.random()))
        return sorted(s.legal_actions(), key=lambda cell: (distance(cell, [s.at[1 - p]]), rng.random()))

    def choose(self, s: Race, p: int, rng: random.Random):
        return self.rank(s, p, rng)[0]

def invariants(s: Race) -> list[str]:
    broken = [f"runner {p} off the floor at {c}" for p, c in enumerate(s.at) if MAP.blocks_movement(c)]
    broken += ["both runners on one cell"] * (s.at[0] == s.at[1])
    return broken + [f"energy {e} out of range" for e in s.energy if not 0 <= e <= MAX_ENERGY]

def new_game(pack, config: GameConfig) -> RaceGame:
    return RaceGame()

def greedy_bot(game, seat, rng, **options) -> Greedy:
    return Greedy()

PACKAGE = GamePackage(name="dice_race", new_game=new_game, invariants=invariants, determinize=determinize,
                      bots={"greedy": greedy_bot, "random": random_bot},
                      goldens=(GoldenGame("search-greedy", GameConfig(), ("search", "greedy"), 5),),
                      matches=(Pairing(("search", "greedy")),))
