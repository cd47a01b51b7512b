"""Bolstering a check (rule ``command-bolster``): before a Command or Morale check is thrown, an officer or NCO of
the section may spend Command Points from the shared pool, each adding one die of the spender's colour; the points
count towards what that officer or NCO may spend this turn. A model's colour is its section's quality here, as the
pack gives no model a quality of its own.

The ``bolster`` decision comes before the throw (none first, then one more point each, up to what the best-placed
officer or NCO may still spend); with no points to spend it is skipped. The points chosen wait in ``s.last`` under
``("bolster", p)`` until the throw adds them (``dice``).
"""

from __future__ import annotations

from pnpforge.engine.steps import decision
from pnpforge.games.dystopian_legions.state import DuelState, Side


def spender(s: DuelState, p: int) -> tuple[Side, int, int] | None:
    """The officer or NCO who may spend the most on the section now (the section's own first, then an officer
    within command range, ``DuelState.commanders``), as (the section it stands in, its number, the most), or None."""
    side = s.sides[p]
    best: tuple[Side, int, int] | None = None
    for owner, trooper in s.commanders(p):
        if s.profile(trooper).rank not in ("officer", "nco"):
            continue
        most = min(side.cp, s.made_by(trooper) - owner.spent.get(trooper.number, 0))
        if most > 0 and (best is None or most > best[2]):
            best = (owner, trooper.number, most)
    return best


def _options(s: DuelState, p: int, check: str) -> list[int]:
    found = spender(s, p)
    return list(range(found[2] + 1)) if found else []


@decision("bolster", _options)
def bolster(s: DuelState, points: int, p: int, check: str) -> None:
    side = s.sides[p]
    found = spender(s, p)
    s.last = {**s.last, ("bolster", p): points}
    if points and found is not None:
        owner, number, _ = found
        owner.spent = {**owner.spent, number: owner.spent.get(number, 0) + points}
        side.cp -= points
        if owner is not side:  # the dice are the spender's colour: its own section's quality
            s.last = {**s.last, ("bolster-colour", p, s.colour(owner)): 1}


def dice(s: DuelState, p: int) -> tuple[tuple[str, int], ...]:
    """The bolstering dice waiting for side ``p``'s next check, in the spender's colour (taken: a second check needs
    new points)."""
    points = s.last.get(("bolster", p), 0)
    colour = next((k[2] for k in s.last if k[:2] == ("bolster-colour", p)), s.colour(s.sides[p]))
    s.last = {k: v for k, v in s.last.items() if k != ("bolster", p) and k[:2] != ("bolster-colour", p)}
    return ((colour, points),) if points else ()
