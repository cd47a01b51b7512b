"""Medics in the End Phase (rule ``end-medics``): a section with a model that has Medic[X+] leaves its casualties
of an enemy's attack tipped over instead of removing them; in the End Phase's Repairs and Medics step, if it is not
in melee, each throws a D6 and stands again with one Life Point on X or more, or is removed. Drone Engineer[X+] does
the same for Drones; neither tends an Ironclad.

A tipped model counts as lost for everything else (Morale, the chain, a wiped-out section) until it stands again;
each side keeps them in ``Side.fallen`` with the X of the model that tended them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.steps import task
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.throws import ask

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.state import DuelState, Side, Trooper


def tender(s: DuelState, side: Side, casualty: Trooper) -> int | None:
    """The X+ a standing model of the side tends this casualty with (the best one), or None: a Medic tends all but
    Drones and Ironclads, a Drone Engineer only Drones."""
    profile = s.profile(casualty)
    if profile.ironclad:
        return None
    mar = "drone-engineer" if profile.has("drone") else "medic"
    values = [m.value or 6 for t in side.troopers if (m := s.profile(t).mar(mar)) is not None]
    return min(values) if values else None


def medic_steps(s: DuelState) -> list[tuple]:
    """The End Phase's Repairs and Medics step: a D6 for each tipped model of a section not in melee."""
    entries: list[tuple] = []
    for p, side in enumerate(s.sides):
        if side.fallen and not side.engaged:
            for _ in side.fallen:
                entries += [ask(s, "d6", p, {"black": 1}, 0), ("tended", p)]
    return entries


@task("tended")
def tended(s: DuelState, p: int) -> None:
    """The first tipped model's D6: on its X or more it stands again with one Life Point in its place on the chain;
    otherwise it is removed as killed."""
    side = s.sides[p]
    (casualty, x), side.fallen = side.fallen[0], side.fallen[1:]
    roll = s.last[("d6", p)]
    if roll >= x:
        up = type(casualty)(casualty.profile, 1, casualty.cover, casualty.number)
        side.troopers = sorted([*side.troopers, up], key=lambda t: t.number)
        side.lp_lost -= 1
        s.log.append(Said(f"{side.setup.player}: a {casualty.profile} stands again ({roll} against {x}+)"))
    else:
        side.killed.append(casualty.profile)
        s.log.append(Said(f"{side.setup.player}: a {casualty.profile} is removed ({roll} against {x}+)"))
