"""Morale and Command Checks: the dice of a check by quality, what changes them, and the Shaken markers a section
carries (rules ``command-check``, ``command-bolster``, ``morale-check``, ``morale-modifiers``, ``morale-shaken``,
``morale-routed``, ``end-restore-order``, ``order-rally``, ``order-snap-out``).

A check throws two dice of the section's quality colour (red Veteran, blue Regular, black Militia) at 4+ and passes
with as many successes as it needs: one for a Morale check. Below half its starting Life Points (half rounded up)
a section throws one die fewer, unless it is Steadfast; an officer of the section adds a die of its colour, an
Inspiring model a red one; Command Points spent bolster the throw, a die each; Suppression and Battle Weary each
need one success more.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpforge.engine.dice import half_up

IN_GOOD_ORDER, SHAKEN, ROUTED = "in good order", "shaken", "routed"


@dataclass(frozen=True)
class Check:
    """The dice of one check and the successes it needs."""

    dice: tuple[tuple[str, int], ...]  # colour -> count, in a stable order
    needed: int

    def passed(self, successes: int) -> bool:
        return successes >= self.needed

    def excess(self, successes: int) -> int:
        return max(0, successes - self.needed)


def _add(dice: dict[str, int], colour: str, count: int) -> None:
    dice[colour] = dice.get(colour, 0) + count


def command_check(
    colour: str, base: int = 2, needed: int = 1, bolster: int = 0, extra: tuple[tuple[str, int], ...] = ()
) -> Check:
    """A Command Check: ``base`` dice of the quality's colour, a die more per Command Point spent (in the
    spender's colour, the same here), and any extra dice a card or a model adds."""
    dice: dict[str, int] = {}
    _add(dice, colour, base + bolster)
    for more, count in extra:
        _add(dice, more, count)
    return Check(tuple((c, n) for c, n in sorted(dice.items()) if n > 0), needed)


def morale_check(
    colour: str,
    lp_start: int,
    lp_left: int,
    *,
    base: int = 2,
    steadfast: bool = False,
    officer: str | None = None,
    inspiring: bool = False,
    suppressed: bool = False,
    triggers: int = 1,
    weary: bool = False,
    extra: tuple[tuple[str, int], ...] = (),
) -> Check:
    """A Morale check (rules ``morale-check`` and ``morale-modifiers``)."""
    below_half = lp_left < half_up(lp_start)
    dice = base - (1 if below_half and not steadfast else 0)
    more = list(extra)
    if officer is not None:
        more.append((officer, 1))
    if inspiring:
        more.append(("red", 1))
    needed = 1 + int(suppressed) + int(triggers >= 2) + int(weary)
    return command_check(colour, max(0, dice), needed, 0, tuple(more))


def state_of(markers: int, routed_at: int = 3) -> str:
    """In good order with no Shaken marker, Shaken with one or two, Routed at three (rules ``morale-shaken``,
    ``morale-routed``)."""
    return ROUTED if markers >= routed_at else SHAKEN if markers else IN_GOOD_ORDER


def failed(markers: int, routed_at: int = 3) -> int:
    """The markers after a failed check: one more, never beyond the count that routs (DECISIONS.md, point 9)."""
    return min(routed_at, markers + 1)


def restored(markers: int, check: Check, successes: int) -> int:
    """The markers after a Restore Order check in the End Phase: a pass removes one, and one per extra success."""
    if not check.passed(successes):
        return markers
    return max(0, markers - 1 - check.excess(successes))


def rallied(markers: int, d3: int) -> int:
    """Rally removes D3+1 markers; Snap Out Of It removes D3 (with ``plus`` 0, see ``snapped``)."""
    return max(0, markers - d3 - 1)


def snapped(markers: int, d3: int) -> int:
    return max(0, markers - d3)


def shoots_rushed(markers: int, routed_at: int = 3) -> bool:
    """A Shaken section's shots are Rushed (rule ``morale-shaken``)."""
    return 0 < markers < routed_at


def may_shoot(markers: int, routed_at: int = 3) -> bool:
    """A Routed section does not shoot (rule ``morale-routed``)."""
    return markers < routed_at


def melee_target(markers: int) -> int:
    """A Shaken (or Routed) section hits on 5+ in melee, else on 4+."""
    return 5 if markers else 4
