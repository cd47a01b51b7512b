"""Dice race: a tiny game from the engine toolkit alone (steps, dice, grid, sealed bids; three bots for free).

Two runners race from the bottom corners of a walled 5x5 map to the goal at the top. Each round both bid energy in
secret (0-2); the higher bid moves first and throws one die more. A runner throws d6s at 4+ and moves up to one step
plus one per success. Ending a move in sight of the rival, at most three steps away, zaps it: it loses one energy.
The first to reach the goal wins; after ten rounds the runner nearer to it wins, else the race is drawn.

Two more modes try the engine's roles. In ``ghost`` a ghost the rules move races too, a side with no seat: after the
runners it throws a die at 4+ and drifts two steps plus one per success towards the goal, through the runners; if
it gets there first it wins, and after ten rounds the nearest of all three wins (a tie shares the win). In ``co-op``
the runners win together when either reaches the goal within four rounds, and ending in sight of the partner gives
it one energy instead of taking one; when the rounds run out, everybody has lost.
"""

from __future__ import annotations

import random

from pnpforge.engine import dice
from pnpforge.engine.analyses import outcome_bands, outcomes, replay_hint
from pnpforge.engine.contract import GameConfig, GamePackage, GoldenGame
from pnpforge.engine.grid import Grid
from pnpforge.engine.matches import Pairing
from pnpforge.engine.loop import random_bot
from pnpforge.engine.sealed import Sealed
from pnpforge.engine.seating import Roles
from pnpforge.engine.steps import StepMachine, Steps, chance, decision, task
from pnpforge.engine.validate import Analysis, Chart

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
GHOST, GHOST_START, GHOST_REACH, CO_OP_ROUNDS = 2, (2, 4), 2, 4  # the ghost is side 2, after the two seats
D6 = dice.DiceSet((dice.Die.d6("die"),))
ROLES = {"base": Roles(), "ghost": Roles(automaton="ghost"), "co-op": Roles(loss_for_all=True, cooperative=True)}

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
    haunt = (("haunt",),) if s.game.mode == "ghost" else ()
    s.push(*((step, p, int(p == lead)) for p in order for step in ("throw", "move")), *haunt, ("end",))

@chance("throw", lambda s, p, bonus: dice.chance_outcomes(D6.pool({"die": 1 + bonus}, target=4)), weighted=True)
def throw(s, successes: int, p: int, bonus: int) -> None:
    s.reach = 1 + successes

@decision("move", lambda s, p, bonus: sorted(MAP.reachable(s.at[p], s.reach, occupied={s.at[1 - p]})))
def move(s, cell, p: int, bonus: int) -> None:
    s.at[p], rival = cell, s.at[1 - p]
    if MAP.line_of_sight(cell, rival) and MAP.path_distance(cell, rival) <= ZAP_RANGE:
        change = 1 if s.game.mode == "co-op" else -1  # co-op: a boost for the partner
        s.energy[1 - p] = min(MAX_ENERGY, max(0, s.energy[1 - p] + change))
    if cell == GOAL:
        s.winners, s.over = ((0, 1) if s.game.mode == "co-op" else (p,)), True

@chance("haunt", lambda s: dice.chance_outcomes(D6.pool({"die": 1}, target=4)), weighted=True)
def haunt(s, successes: int) -> None:
    s.ghost = min(sorted(MAP.reachable(s.ghost, GHOST_REACH + successes)), key=distance)
    if s.ghost == GOAL:
        s.winners, s.over = (GHOST,), True

@task("end")
def end_round(s) -> None:
    s.round += 1
    s.energy = [min(MAX_ENERGY, e + 1) for e in s.energy]
    if s.round < s.game.rounds:
        return s.push(("round",))
    near = {p: distance(cell) for p, cell in enumerate(s.at + [s.ghost] * (s.ghost is not None))}
    nearest = tuple(p for p in near if near[p] == min(near.values()))
    s.winners, s.over = () if s.game.mode == "co-op" else nearest, True

STEPS = Steps.collect(start_round, bid, reveal, throw, move, haunt, end_round)

class Race(StepMachine):
    def __init__(self, game: RaceGame):
        self.game, self.at, self.energy, self.round, self.sealed, self.reach, self.winners = \
            game, list(STARTS), [2, 2], 0, None, 0, ()
        self.ghost = GHOST_START if game.mode == "ghost" else None
        self.start_steps(STEPS)
        self.push(("round",))
        self.run()

    def returns(self) -> list[float]:
        """A shared win splits 1 among its winners; what the runners do not win is the ghost's, or nobody's."""
        won = self.winners if self.over else ()
        return [1 / len(won) if p in won else 0.0 for p in (0, 1)]

    def observation(self, p: int) -> tuple:
        hidden = self.sealed.observation(p) if self.sealed is not None else None
        return tuple(self.at), tuple(self.energy), self.round, self.reach, self.pending, self.over, hidden, self.ghost

    def clone(self) -> Race:
        other = Race.__new__(Race)
        other.__dict__.update(self.__dict__, at=list(self.at), energy=list(self.energy), agenda=list(self.agenda))
        return other

    def action_to_string(self, action) -> str:
        return f"{self.pending[0]} {action}" if self.pending else str(action)

    def __str__(self) -> str:
        if self.game.mode == "base":
            winner = self.winners[0] if len(self.winners) == 1 else None
            return f"round {self.round}: at {self.at}, energy {self.energy}, winner {winner}"
        won = ", ".join("ghost" if w == GHOST else f"runner {w}" for w in self.winners) or "nobody"
        ghost = f", ghost at {self.ghost}" if self.ghost is not None else ""
        return f"round {self.round}: at {self.at}, energy {self.energy}{ghost}, won by {won}"

class RaceGame:
    num_players = 2

    def __init__(self, mode: str = "base"):
        self.mode, self.rounds = mode, CO_OP_ROUNDS if mode == "co-op" else ROUNDS

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
    broken += [f"the ghost off the floor at {s.ghost}"] * (s.ghost is not None and MAP.blocks_movement(s.ghost))
    broken += [f"winners {s.winners} in {s.game.mode}"] * (s.over and s.game.mode == "co-op" and len(s.winners) == 1)
    return broken + [f"energy {e} out of range" for e in s.energy if not 0 <= e <= MAX_ENERGY]

def new_game(pack, config: GameConfig) -> RaceGame:
    return RaceGame(config.mode or "base")

def greedy_bot(game, seat, rng, **options) -> Greedy:
    return Greedy()

def roles(pack, mode: str) -> Roles:
    return ROLES[mode]

def analyse(pack, tallies: dict, settings) -> Analysis:
    """How the races ended (the runners' wins, the ghost's, losses for all, draws), against game.yaml's bands."""
    roles, result = ROLES[settings.mode], Analysis()
    mode = "" if settings.mode == "base" else settings.mode
    for players, tally in sorted(tallies.items()):
        summary, bars = outcomes(tally, roles.automaton, roles.loss_for_all)
        result.summary[f"{players}p"] = {"games": tally.get("games"), **summary}
        result.charts.append(Chart(f"outcomes-{players}p", f"How the {players}-player races ended", bars))

        def hint(tally, key: str, players: int = players) -> str:
            return replay_hint(pack.id, players, tally, key, mode)
        result.findings += outcome_bands(tally, players, pack.game.thresholds,
                                         lambda key: pack.game_doc.mark(("thresholds", key)), hint, roles.automaton)
    return result

PACKAGE = GamePackage(name="dice_race", new_game=new_game, invariants=invariants, determinize=determinize,
                      bots={"greedy": greedy_bot, "random": random_bot}, modes=tuple(ROLES),
                      roles=roles, analyse=analyse,
                      goldens=(GoldenGame("search-greedy", GameConfig(), ("search", "greedy"), 5),
                               GoldenGame("ghost", GameConfig(mode="ghost"), ("greedy", "random"), 2),
                               GoldenGame("co-op", GameConfig(mode="co-op"), ("random", "greedy"), 7)),
                      matches=(Pairing(("search", "greedy")), Pairing(("greedy", "random"), mode="ghost")))
