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

The runners' die is the ``die`` of the pack's ``dice:`` block in game.yaml.

The ``league`` is a campaign declared in the pack's game.yaml: a heat, then a final, in one game. A race won is
worth two points (one each when drawn); points raise a runner's rank on the pack's ladder, and each rank gives one
energy more at the start of every later race. The runner with the most points after the final wins the league.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from pnpforge.content.pack import load_pack
from pnpforge.engine.analyses import outcome_bands, outcomes, replay_hint
from pnpforge.engine.campaign import Campaign, CampaignPlan
from pnpforge.engine.contract import GameConfig, GamePackage, GoldenGame
from pnpforge.engine.dice import DiceSet
from pnpforge.engine.dice_exact import chance_outcomes
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
PACK, TARGET = Path(__file__).parents[1] / "data" / "dice-race", 4  # a runner throws d6s at 4+
ROLES = {"base": Roles(), "ghost": Roles(automaton="ghost"), "co-op": Roles(loss_for_all=True, cooperative=True),
         "league": Roles()}

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

@chance("throw", lambda s, p, bonus: chance_outcomes(s.game.dice.pool({"die": 1 + bonus}, target=TARGET)),
        weighted=True)
def throw(s, successes: int, p: int, bonus: int) -> None:
    s.reach = 1 + successes

@decision("move", lambda s, p, bonus: sorted(MAP.reachable(s.at[p], s.reach, occupied={s.at[1 - p]})))
def move(s, cell, p: int, bonus: int) -> None:
    s.at[p], rival = cell, s.at[1 - p]
    if MAP.line_of_sight(cell, rival) and MAP.path_distance(cell, rival) <= ZAP_RANGE:
        change = 1 if s.game.mode == "co-op" else -1  # co-op: a boost for the partner
        s.energy[1 - p] = min(MAX_ENERGY, max(0, s.energy[1 - p] + change))
    if cell == GOAL:
        finish(s, (0, 1) if s.game.mode == "co-op" else (p,))

@chance("haunt", lambda s: chance_outcomes(s.game.dice.pool({"die": 1}, target=TARGET)), weighted=True)
def haunt(s, successes: int) -> None:
    s.ghost = min(sorted(MAP.reachable(s.ghost, GHOST_REACH + successes)), key=distance)
    if s.ghost == GOAL:
        finish(s, (GHOST,))

@task("end")
def end_round(s) -> None:
    s.round += 1
    s.energy = [min(MAX_ENERGY, e + 1) for e in s.energy]
    if s.round < s.rounds:
        return s.push(("round",))
    near = {p: distance(cell) for p, cell in enumerate(s.at + [s.ghost] * (s.ghost is not None))}
    finish(s, () if s.game.mode == "co-op" else tuple(p for p in near if near[p] == min(near.values())))

def finish(s, winners: tuple) -> None:
    """The race is won (or lost by all); in a league the next race starts, with the points and ranks it carries."""
    s.winners = winners
    if s.campaign is None:
        s.over = True
        return
    points = [n + (2 // len(winners) if p in winners else 0) for p, n in enumerate(s.campaign.value("points"))]
    ranks = [s.campaign.plan.rank_for(n) for n in points]
    s.campaign = s.campaign.finish(s.race_returns(), {"points": points, "rank": ranks})
    s.over = s.campaign.over
    if not s.over:
        s.agenda.clear()
        s.set_up()

STEPS = Steps.collect(start_round, bid, reveal, throw, move, haunt, end_round)

class Race(StepMachine):
    def __init__(self, game: RaceGame):
        self.game, self.campaign = game, Campaign.start(game.plan, game.config) if game.plan else None
        self.start_steps(STEPS)
        self.set_up()
        self.run()

    def set_up(self) -> None:
        """The runners (and the ghost) at the start of a race, with the race's rounds and energy plus their ranks."""
        rounds, energy = self.game.races.get(self.campaign.scenario if self.campaign else None, (None, 2))
        self.rounds = rounds or (CO_OP_ROUNDS if self.game.mode == "co-op" else ROUNDS)
        ranks = self.campaign.value("rank") if self.campaign else (0, 0)
        self.at, self.energy = list(STARTS), [min(MAX_ENERGY, energy + rank) for rank in ranks]
        self.round, self.sealed, self.reach, self.winners = 0, None, 0, ()
        self.ghost = GHOST_START if self.game.mode == "ghost" else None
        self.push(("round",))

    def race_returns(self) -> list[float]:
        """A shared win splits 1 among its winners; what the runners do not win is the ghost's, or nobody's."""
        return [1 / len(self.winners) if p in self.winners else 0.0 for p in (0, 1)]

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        return self.campaign.returns() if self.campaign else self.race_returns()

    def observation(self, p: int) -> tuple:
        hidden = self.sealed.observation(p) if self.sealed is not None else None
        return (tuple(self.at), tuple(self.energy), self.round, self.reach, self.pending, self.over, hidden,
                self.ghost, self.campaign)

    def clone(self) -> Race:
        other = Race.__new__(Race)
        other.__dict__.update(self.__dict__, at=list(self.at), energy=list(self.energy))
        self.copy_steps(other)  # the step machine's own state: outside __dict__ when the step machine is compiled
        return other

    def action_to_string(self, action) -> str:
        return f"{self.pending[0]} {action}" if self.pending else str(action)

    def __str__(self) -> str:
        if self.game.mode == "base":
            winner = self.winners[0] if len(self.winners) == 1 else None
            return f"round {self.round}: at {self.at}, energy {self.energy}, winner {winner}"
        won = ", ".join("ghost" if w == GHOST else f"runner {w}" for w in self.winners) or "nobody"
        ghost = f", ghost at {self.ghost}" if self.ghost is not None else ""
        league = f"; {self.campaign}" if self.campaign else ""
        return f"round {self.round}: at {self.at}, energy {self.energy}{ghost}, won by {won}{league}"

class RaceGame:
    num_players = 2

    def __init__(self, mode: str = "base", config: GameConfig | None = None, plan: CampaignPlan | None = None,
                 races: dict | None = None, dice: DiceSet | None = None):
        self.mode, self.config, self.plan, self.races = mode, config or GameConfig(), plan, races or {}
        self.dice = dice or pack_dice()  # the dice the pack's game.yaml declares

    def new_initial_state(self) -> Race:
        return Race(self)

@cache
def pack_dice() -> DiceSet:
    """The dice of the fixture's pack, for a game made without one."""
    pack, problems = load_pack(PACK)
    if pack is None:
        raise ValueError("; ".join(map(str, problems)))
    return DiceSet.of_pack(pack)

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
    if s.campaign is not None:
        points, ranks = s.campaign.value("points"), s.campaign.value("rank")
        broken += [f"rank {r} with {n} points" for n, r in zip(points, ranks) if r != s.campaign.plan.rank_for(n)]
    return broken + [f"energy {e} out of range" for e in s.energy if not 0 <= e <= MAX_ENERGY]

def new_game(pack, config: GameConfig) -> RaceGame:
    mode = config.mode or "base"
    plan = CampaignPlan.of(pack, mode)
    if mode == "league" and plan is None:
        raise ValueError(f"pack '{pack.id}' declares no campaign 'league'")
    races = {name: (race["rounds"], race["energy"]) for name, race in pack.game.parameters.get("races", {}).items()}
    return RaceGame(mode, config, plan, races, DiceSet.of_pack(pack))

def scenarios(pack) -> tuple[str, ...]:
    return tuple(pack.game.parameters.get("races", {}))

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
                      roles=roles, analyse=analyse, scenarios=scenarios,
                      goldens=(GoldenGame("search-greedy", GameConfig(), ("search", "greedy"), 5),
                               GoldenGame("ghost", GameConfig(mode="ghost"), ("greedy", "random"), 2),
                               GoldenGame("co-op", GameConfig(mode="co-op"), ("random", "greedy"), 7),
                               GoldenGame("league", GameConfig(mode="league"), ("greedy", "random"), 4)),
                      matches=(Pairing(("search", "greedy")), Pairing(("greedy", "random"), mode="ghost")))
