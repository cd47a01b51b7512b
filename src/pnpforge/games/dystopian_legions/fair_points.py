"""What ``validate --fit-points`` weighs in Dystopian Legions.

The subjects are the sections and upgrades of each nation's battle force (game.yaml's ``battle.forces``: the
500-point forces), each weighed in that force against the other nation's force as printed. A trial cost enters as
the pack with the cost changed (``engine/fair_points.py``); the battle builds each force from its list at the pack's
costs and then to the points limit (``filling.filled``, the battle's ``filled`` option): what a cheaper item leaves
buys more troopers, a dearer one sheds troopers, optional picks and at last whole sections, never the item
being fitted (the battle's ``keep`` option). So the force at the printed costs is the list
as written, unless the list left a trooper's worth of points unspent.

The battles are judged by their Battle Log Points margin, on the scenario game.yaml's ``battle.fit_scenario`` names
(Annihilate: Battle Log Points for the sections destroyed, the most of what a force's models decide, and the fewest
from its seat); without one, the generator deals each battle and the win share judges (docs/why/fair-points.md).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from pnpforge.engine.fair_points import FitPlan, Subject
from pnpforge.engine.playout import Run
from pnpforge.games.dystopian_legions.battle_mode import load_force, settings
from pnpforge.games.dystopian_legions.force_list import Force
from pnpforge.games.dystopian_legions.generator import PATHS, tables

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

LIMIT = 500  # the forces force balance and the fit play
FACTORS = (0.5, 1.5)  # half and half again: the slope of a line is weighed at its ends (docs/why/fair-points.md)


def forces_at(pack: Pack) -> dict[str, Force]:
    """Each nation's battle force (game.yaml's ``battle.forces``), by nation; one that cannot be read is left out
    (the battle's own checks report it)."""

    found = {}
    for nation, path in sorted(dict(settings(pack).get("forces", {})).items()):
        try:
            found[str(nation)] = load_force(pack, str(path))
        except ValueError:
            continue
    return found


def subjects(pack: Pack, run_for) -> tuple[Subject, ...]:
    """Every section and upgrade of the nations' 500-point forces, each once, the dearest first (a fit of a few points'
    upgrade rarely decides; ``run_for(nation, item)``: the games that weigh that nation's force against the
    other's)."""
    found: dict[str, Subject] = {}
    for nation, force in sorted(forces_at(pack).items()):
        for entry in force.entries:
            unit = entry.unit
            if unit is None:
                continue
            target = f"unit:{unit.id}.points"
            if target not in found:
                found[target] = Subject(
                    unit.id, target, _whole(unit["points"]), nation, run_for(nation, unit.id), unit.mark()
                )
            options = unit.get("options", [])
            for pick in entry.values.get("upgrades", []):
                index = next((n for n, o in enumerate(options) if o["id"] == pick["upgrade"]), None)
                if index is None:
                    continue
                target = f"unit:{unit.id}.options[{index}].points"
                name = f"{unit.id}: {pick['upgrade']}"
                if target not in found:
                    found[target] = Subject(
                        name,
                        target,
                        _whole(options[index]["points"]),
                        nation,
                        run_for(nation, name),
                        unit.mark("options"),
                    )
    return tuple(sorted(found.values(), key=lambda s: -s.printed))  # dearest first: where a fit can decide


def plan(pack: Pack) -> FitPlan:
    """The fit of the 500-point forces' sections and upgrades in battles of greedy bots: by the Battle Log Points
    margin on the fit's scenario when the pack names one (``fit_rows``), else by the win share on the generator's."""
    units = int(pack.game.thresholds.get("fair_points_units", 100))
    step = int(pack.game.thresholds.get("fair_points_step", 0))
    rows = fit_rows(pack)
    scenario = (("scenario", rows),) if rows is not None else ()

    def run_for(nation: str, item: str) -> Run:
        return Run(players=2, mode="battle", bots=("greedy",), options=(("filled", LIMIT), ("keep", item)) + scenario)

    return FitPlan(subjects(pack, run_for), FACTORS, units, step, "margin" if rows is not None else "wins")


def fit_rows(pack: Pack) -> tuple[int, int, int] | None:
    """The generator's rows of game.yaml's ``battle.fit_scenario`` (a deployment, a mission and a condition by id),
    or None when it names none or an id the scenario tables lack: the generator then deals and the win share
    judges."""
    names = settings(pack).get("fit_scenario")
    if not names or len(names) != len(PATHS):
        return None
    found = tables(pack)
    try:
        rows = tuple(found[path].index(str(name)) for path, name in zip(PATHS, names))
    except ValueError:
        return None
    return (rows[0], rows[1], rows[2])


def _whole(value) -> int:
    return round(Fraction(str(value)))
