"""What ``validate --fit-points`` weighs in Dystopian Legions, and how a force is built at a trial cost.

The subjects are the sections and upgrades of each nation's battle force (game.yaml's ``battle.forces``: the
500-point forces), each weighed
in that force against the other nation's 500-point force as printed. A trial cost enters as the pack with the cost
changed (``engine/fair_points.py``); the battle builds each force from its list at the pack's costs and then to the
points limit with ``filled``: what a cheaper section or upgrade leaves buys more troopers for the force's sections
at their reinforcement cost, up to each section's maximum, and a dearer one sheds troopers the list had added,
never below a section as listed. So the force at the printed costs is the list as written, unless the list left a
trooper's worth of points unspent.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import TYPE_CHECKING

from pnpforge.engine.fair_points import FitPlan, Subject, spend
from pnpforge.engine.playout import Run
from pnpforge.games.dystopian_legions.force_list import Force, listed_size, points, reinforcement

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

LIMIT = 500  # the forces force balance and the fit play
FACTORS = (0.5, 0.75, 1.0, 1.25, 1.5)


def filled(force: Force, limit: Fraction | int) -> Force:
    """The force with troopers added or shed so that its points come as close to ``limit`` as whole troopers
    allow, never above it unless nothing more can be shed (``spend``, over the sections in list order)."""
    options = []
    for index, entry in enumerate(force.entries):
        more = reinforcement(entry.unit) if entry.unit is not None else None
        if more is None or entry.unit is None:
            continue
        options.append((index, points(more["points"]), entry.size, listed_size(entry.unit), entry.unit["max_models"]))
    sizes, _ = spend(Fraction(limit) - force.total, options)
    if all(sizes[index] == force.entries[index].size for index, *_ in options):
        return force
    other = copy.copy(force)
    other.entries = list(force.entries)
    for index, cost, now, _, _ in options:
        change = sizes[index] - now
        if not change:
            continue
        entry = other.entries[index] = copy.copy(force.entries[index])
        model = reinforcement(entry.unit)["model"]  # type: ignore[index, arg-type]
        entry.models = copy.copy(entry.models)
        entry.models[model] += change
        entry.models = +entry.models
        entry.size += change
        entry.points += change * cost
    return other


def forces_at(pack: Pack) -> dict[str, Force]:
    """Each nation's battle force (game.yaml's ``battle.forces``), by nation; one that cannot be read is left out
    (the battle's own checks report it)."""
    from pnpforge.games.dystopian_legions.battle_mode import load_force, settings

    found = {}
    for nation, path in sorted(dict(settings(pack).get("forces", {})).items()):
        try:
            found[str(nation)] = load_force(pack, str(path))
        except ValueError:
            continue
    return found


def subjects(pack: Pack, run_for) -> tuple[Subject, ...]:
    """Every section and upgrade of the nations' 500-point forces, each once (``run_for(nation)``: the games that
    weigh that nation's force against the other's)."""
    found: dict[str, Subject] = {}
    for nation, force in sorted(forces_at(pack).items()):
        for entry in force.entries:
            unit = entry.unit
            if unit is None:
                continue
            target = f"unit:{unit.id}.points"
            if target not in found:
                found[target] = Subject(unit.id, target, _whole(unit["points"]), nation, run_for(nation), unit.mark())
            options = unit.get("options", [])
            for pick in entry.values.get("upgrades", []):
                index = next((n for n, o in enumerate(options) if o["id"] == pick["upgrade"]), None)
                if index is None:
                    continue
                target = f"unit:{unit.id}.options[{index}].points"
                name = f"{unit.id}: {pick['upgrade']}"
                if target not in found:
                    found[target] = Subject(
                        name, target, _whole(options[index]["points"]), nation, run_for(nation), unit.mark("options")
                    )
    return tuple(found.values())


def plan(pack: Pack) -> FitPlan:
    """The fit of the 500-point forces' sections and upgrades in battles of greedy bots."""
    units = int(pack.game.thresholds.get("fair_points_units", 100))

    def run_for(nation: str) -> Run:
        return Run(players=2, mode="battle", bots=("greedy",), options=(("filled", LIMIT),))

    return FitPlan(subjects(pack, run_for), FACTORS, units)


def _whole(value) -> int:
    return round(Fraction(str(value)))
