"""A force built to a points limit at the pack's costs: what a cheaper section or upgrade leaves buys more troopers
for the force's sections at their reinforcement cost, up to each section's maximum; a dearer one sheds troopers the
list had added, never below a section as listed (``engine/fair_points.py``'s ``spend``). How a trial cost of the
fair-points fit enters a battle (``fair_points.py``, the battle's ``filled`` option).
"""

from __future__ import annotations

import copy
from fractions import Fraction

from pnpforge.engine.fair_points import spend
from pnpforge.games.dystopian_legions.force_list import Force, listed_size, points, reinforcement


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
