"""Skirmish: two forces of squads built to a points limit trade volleys, for the fair-points fit.

Each side's force is its squads in the pack (``tests/data/skirmish``), every squad as bought, and the points left
under the limit (``thresholds.points_limit``) spent on models added to squads at their cost per model
(``engine/fair_points.py``'s ``spend``); a force over the limit sheds added models. Every model is alike: each
volley, both sides at once, a side hits with each of its models on a 5 or 6 of a d6 (one chance step of the number of
hits), and each hit removes an enemy model. A side with no models left loses; after twenty volleys the side with
more models wins, else the game is drawn. So a force's worth is its number of models, and a squad's fair cost is
what the same number of models costs elsewhere in its force.

The pack's two forces are mirror images, but Red's pikes cost 70 points where Blue's identical pikes cost 100: Red
buys six more models with the 30 points, and its pikes' fair cost against Blue is 100 (within the five points one
model costs).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import comb

from pnpforge.engine.contract import GameConfig, GamePackage
from pnpforge.engine.events import Scores
from pnpforge.engine.fair_points import FitPlan, Subject, spend
from pnpforge.engine.loop import random_bot
from pnpforge.engine.playout import Run
from pnpforge.engine.steps import StepMachine, Steps, chance
from pnpforge.engine.validate import Analysis

SIDES = ("red", "blue")
VOLLEYS = 20


def force(pack, side: str) -> int:
    """The models of ``side``'s force built to the pack's points limit from the pack's costs."""
    squads = [s for s in pack.of_type("squad") if s["side"] == side]
    left = int(pack.game.thresholds["points_limit"]) - sum(s["points"] for s in squads)
    options = [
        (s.id, s["per_model"], s["models"], s["models"] if s["per_model"] == 0 else 1, s["max_models"]) for s in squads
    ]
    models, _ = spend(int(left), options)
    return sum(models.values())


@lru_cache(maxsize=None)
def hits(models: int) -> list[tuple[int, float]]:
    """The number of hits of ``models`` dice at 5+, with its probability."""
    third = Fraction(1, 3)
    return [(k, float(comb(models, k) * third**k * (1 - third) ** (models - k))) for k in range(models + 1)]


@chance("volley", lambda s, side: hits(s.models[side]), weighted=True)
def volley(s, count: int, side: int) -> None:
    s.hit[side] = count
    if side == 0:
        s.push(("volley", 1))
        return
    s.models = [max(0, s.models[0] - s.hit[1]), max(0, s.models[1] - s.hit[0])]
    s.volleys += 1
    if min(s.models) == 0 or s.volleys >= VOLLEYS:
        s.over = True
    else:
        s.push(("volley", 0))


STEPS = Steps.collect(volley)


class Fight(StepMachine):
    def __init__(self, game: SkirmishGame):
        self.game, self.models, self.hit, self.volleys = game, list(game.models), [0, 0], 0
        self.start_steps(STEPS)
        self.push(("volley", 0))
        self.run()

    def returns(self) -> list[float]:
        a, b = self.models
        return [1.0, 0.0] if a > b else [0.0, 1.0] if b > a else [0.5, 0.5]

    def observation(self, p: int) -> tuple:
        return (tuple(self.models), self.volleys, self.pending)

    def clone(self) -> Fight:
        other = object.__new__(Fight)
        other.__dict__.update(self.__dict__)
        other.models, other.hit, other.agenda = list(self.models), list(self.hit), list(self.agenda)
        return other

    def __str__(self) -> str:
        return f"models {self.models} after {self.volleys} volleys"


class SkirmishGame:
    num_players = 2

    def __init__(self, pack, config: GameConfig):
        sides = config.sides or SIDES
        self.models = tuple(force(pack, side) for side in sides)

    def new_initial_state(self) -> Fight:
        return Fight(self)


def sides(pack) -> tuple[str, ...]:
    return SIDES


def analyse(pack, tallies: dict, settings) -> Analysis:
    return Analysis()


def fair_points(pack) -> FitPlan:
    """Red's pikes against Blue's force as printed."""
    squad = next(s for s in pack.of_type("squad") if s.id == "red-pikes")
    units = int(pack.game.thresholds.get("fair_points_units", 60))
    return FitPlan(
        (
            Subject(
                "red-pikes",
                "squad:red-pikes.points",
                int(squad["points"]),
                "red",
                Run(players=2, bots=("random",)),
                squad.mark(),
            ),
        ),
        units=units,
    )


PACKAGE = GamePackage(
    name="skirmish",
    new_game=SkirmishGame,
    modes=("base",),
    bots={"random": random_bot},
    factions=sides,
    analyse=analyse,
    fair_points=fair_points,
)


def scores(state: Fight) -> list:
    """The models each side has left: the score a fit by the margin judges."""
    return [Scores((state.models[0], state.models[1]))]


def fair_points_by_margin(pack) -> FitPlan:
    """The same fit judged by the margin of models left instead of the win share."""
    return replace(fair_points(pack), statistic="margin")


MARGIN = replace(PACKAGE, events=scores, fair_points=fair_points_by_margin)
