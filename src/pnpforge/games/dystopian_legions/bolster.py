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
from pnpforge.games.dystopian_legions.state import DuelState


def spender(s: DuelState, p: int) -> tuple[int, int] | None:
    """The officer or NCO of the section who may spend the most now, as (its number, the most), or None."""
    side = s.sides[p]
    best: tuple[int, int] | None = None
    for trooper in side.troopers:
        if s.profile(trooper).rank not in ("officer", "nco"):
            continue
        most = min(side.cp, s.made_by(trooper) - side.spent.get(trooper.number, 0))
        if most > 0 and (best is None or most > best[1]):
            best = (trooper.number, most)
    return best


def _options(s: DuelState, p: int, check: str) -> list[int]:
    found = spender(s, p)
    return list(range(found[1] + 1)) if found else []


@decision("bolster", _options)
def bolster(s: DuelState, points: int, p: int, check: str) -> None:
    side = s.sides[p]
    found = spender(s, p)
    if points and found is not None:
        side.spent = {**side.spent, found[0]: side.spent.get(found[0], 0) + points}
        side.cp -= points
    s.last = {**s.last, ("bolster", p): points}


def dice(s: DuelState, p: int) -> tuple[tuple[str, int], ...]:
    """The bolstering dice waiting for side ``p``'s next check (taken: a second check needs new points)."""
    points = s.last.get(("bolster", p), 0)
    s.last = {k: v for k, v in s.last.items() if k != ("bolster", p)}
    return ((s.colour(s.sides[p]), points),) if points else ()
