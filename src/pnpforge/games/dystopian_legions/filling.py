"""A force built to a points limit at the pack's costs, by the force rules' own moves: how a trial cost of the
fair-points fit enters a battle (``fair_points.py``, the battle's ``filled`` and ``keep`` options).

What a cheaper section or upgrade leaves buys more troopers for the force's sections at their reinforcement cost, up
to each section's maximum (``engine/fair_points.py``'s ``spend``). A dearer one is paid for as a player would pay
for it, in three steps, each taken only while the force is still over its limit:

1. troopers the filling had added come off (never below a section as listed: the rule ``section-size``);
2. optional picks come off, the last bought first: added models (a bugler, a drummer) and upgrades (a Rifle
   Grenadier goes back to the rifleman he replaced);
3. whole sections come off, the cheapest that clears the excess (else the dearest), never the HQ and only while
   every platoon still has its required sections and every section its slot (the rules ``platoon-required``,
   ``slot-ladder`` and ``heavy-support-max``).

Then whatever the steps freed buys troopers again. The item being fitted (``keep``: a section's id, or
``section: upgrade``) is never taken off, so the fit weighs it against what its price displaces.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from pnpforge.engine.fair_points import spend
from pnpforge.games.dystopian_legions.force_list import Force, listed_size, points, reinforcement
from pnpforge.games.dystopian_legions.force_list import _entry as priced
from pnpforge.games.dystopian_legions.force_rules import heavy_support_max, platoon_required, slot_ladder


def filled(force: Force, limit: Fraction | int, keep: str | None = None) -> Force:
    """The force with troopers, optional picks and sections added or taken off so that its points come as close to
    ``limit`` as whole models allow, never above it unless nothing more may come off (module doc); the force itself
    when nothing changes."""
    limit = Fraction(limit)
    lists = [dict(entry.values) for entry in force.entries]
    for values in lists:
        values["upgrades"] = list(values.get("upgrades", []))
    built = _troopers(force, lists, limit)
    if built.total > limit:
        built = _shed_picks(force, lists, limit, keep)
    if built.total > limit:
        built = _shed_sections(force, lists, limit, keep)
    if all(v == e.values or _same(v, e.values) for v, e in zip(lists, force.entries)) and len(lists) == len(
        force.entries
    ):
        return force
    return built


def _same(values: dict[str, Any], written: dict[str, Any]) -> bool:
    """Whether an entry's values price as written (an empty list of upgrades where the list wrote none)."""
    return {k: v for k, v in values.items() if v != []} == {k: v for k, v in written.items() if v != []}


def _build(force: Force, lists: list[dict[str, Any]]) -> Force:
    """The force whose entries are ``lists`` (the values of each section as bought), priced as the list reader
    prices them."""
    other = replace(force)
    other.entries = [
        priced(entry.at, entry.platoon, values, force.units) for entry, values in zip(force.entries, lists)
    ]
    return other


def _troopers(force: Force, lists: list[dict[str, Any]], limit: Fraction) -> Force:
    """Step 1 (and the buying): each section's troopers set by ``spend`` from the points left under ``limit``;
    ``lists`` updated in place."""
    built = _build(force, lists)
    options = []
    for index, entry in enumerate(built.entries):
        more = reinforcement(entry.unit) if entry.unit is not None else None
        if more is None or entry.unit is None:
            continue
        options.append((index, points(more["points"]), entry.size, listed_size(entry.unit), entry.unit["max_models"]))
    sizes, _ = spend(limit - built.total, options)
    changed = False
    for index, _, now, _, _ in options:
        if sizes[index] != now:
            lists[index]["models"] = sizes[index]
            changed = True
    return _build(force, lists) if changed else built


def _shed_picks(force: Force, lists: list[dict[str, Any]], limit: Fraction, keep: str | None) -> Force:
    """Step 2: optional picks off, the last bought first, until within ``limit``; then troopers bought again."""
    built = _build(force, lists)
    for index in reversed(range(len(lists))):
        section = lists[index]["section"]
        picks = lists[index]["upgrades"]
        for pick in reversed(list(picks)):
            if built.total <= limit:
                break
            if f"{section}: {pick['upgrade']}" == keep:
                continue
            picks.remove(pick)
            built = _build(force, lists)
    return _troopers(force, lists, limit)


def _shed_sections(force: Force, lists: list[dict[str, Any]], limit: Fraction, keep: str | None) -> Force:
    """Step 3: whole sections off while over ``limit`` (the cheapest that clears the excess, else the dearest; the
    platoons kept legal); then troopers bought again. ``lists`` loses the sections taken off."""
    entries = list(force.entries)
    built = _build(force, lists)
    while built.total > limit:
        over = built.total - limit
        candidates = []
        for index, entry in enumerate(built.entries):
            if entry.unit is None or entry.unit["slot"] == "hq" or entry.section == keep:
                continue
            if keep is not None and keep.startswith(f"{entry.section}: "):
                continue
            rest = replace(built, entries=built.entries[:index] + built.entries[index + 1 :])
            if any(True for check in (platoon_required, slot_ladder, heavy_support_max) for _ in check(rest, {})):
                continue
            candidates.append((entry.points < over, entry.points if entry.points >= over else -entry.points, index))
        if not candidates:
            break
        _, _, index = min(candidates)
        del entries[index], lists[index]
        force = replace(force, entries=entries)
        entries = list(force.entries)
        built = _build(force, lists)
    return _troopers(force, lists, limit)
