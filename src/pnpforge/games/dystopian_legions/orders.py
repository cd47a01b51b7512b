"""Orders and Command Points: what each order costs and needs, the shared pool and each officer's cap (rules
``cp-generate``, ``cp-spend-limit``, ``cp-spent-anyway``, ``nco-range``, ``officer-range``, ``order-issue``).

Every officer and NCO adds its Command Points to its side's pool at the start of a turn; a Shaken section with an
officer or NCO costs the pool one point per marker (``pre-turn-shaken-cp``). Nobody spends more than it made this
turn, cards excepted (``tac-cost``); an NCO spends on its own section only, an officer on any section within its
command range. Points are spent before the check and stay spent if it fails.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Order:
    """An order's cost in Command Points (by the issuer's quality where it varies) and the successes it needs."""

    id: str
    cost: dict[str, int] | int
    needed: int
    routed_may: bool = False  # the only order a Routed section takes is Rally
    shaken_only: bool = False

    def cost_for(self, quality: str) -> int:
        return self.cost[quality] if isinstance(self.cost, dict) else self.cost


ORDERS = {
    "with-me": Order("with-me", {"veteran": 1, "regular": 2, "militia": 3}, 2),
    "make-safe": Order("make-safe", 3, 3),
    "form-line": Order("form-line", 1, 1),
    "focus-fire": Order("focus-fire", 2, 3),
    "snap-out": Order("snap-out", 1, 1, shaken_only=True),
    "disengage": Order("disengage", 1, 2),
    "on-my-mark": Order("on-my-mark", 3, 3),
    "rally": Order("rally", 3, 1, routed_may=True),
}


@dataclass(frozen=True)
class Commander:
    """One officer or NCO: the Command Points it made this turn and has spent, its range (0: its own section)."""

    name: str
    made: int
    spent: int = 0
    reach: int = 0
    nco: bool = False

    @property
    def left(self) -> int:
        return self.made - self.spent


def may_spend(commander: Commander, pool: int, amount: int, own_section: bool, inches: int = 0) -> str | None:
    """Why the commander may not spend ``amount`` from the pool, or None when it may."""
    if amount > pool:
        return f"the pool holds {pool} Command Points, not {amount}"
    if amount > commander.left:
        return f"{commander.name} made {commander.made} Command Points this turn and has {commander.left} left"
    if not own_section and (commander.nco or inches > commander.reach):
        return f"{commander.name} cannot reach that section"
    return None


def may_order(order: Order, markers: int, routed_at: int = 3) -> str | None:
    """Why a section may not take the order now, or None (rules ``order-rally``, ``order-snap-out``)."""
    if markers >= routed_at and not order.routed_may:
        return "a Routed section takes no order but Rally"
    if order.shaken_only and not 0 < markers < routed_at:
        return "Snap Out Of It is for a Shaken section"
    return None


def pool_at_start(made: list[int], shaken: int, led: bool) -> int:
    """The side's pool at the start of a turn: what its officers and NCOs made, less one per Shaken marker on a
    section with one of them."""
    return max(0, sum(made) - (shaken if led else 0))
