"""What a player can see of a position, as the greedy bot weighs it: combat power at a plot (an opponent's
face-down card counts as an average card, their unrevealed tokens as nothing), the strongest rival, Assault threats.

A ``Sight`` answers for one player and one position and remembers its answers, so a question with fifty options
works out each plot once, not once per option. It is made anew for every question (the position changes between).
"""

from __future__ import annotations

from typing import NamedTuple

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story.resolution import ORDER_POWER, character_power, plot_types
from pnpforge.games.legion_siberian_story.state import LegionState

UNKNOWN_POWER = 2  # what an opponent's face-down card is assumed to bring


class PlotView(NamedTuple):
    """What the viewer sees at one plot: each present player's power (face-down cards and tokens of others
    guessed), the strongest rival's power, the viewer's own (None when absent), the opposing face-up Assault
    characters, and the plot's types this round."""

    powers: dict[int, int]
    rivals: int
    own: int | None
    threat: int
    types: frozenset[str]


def look(state: LegionState, viewer: int, plot: int) -> PlotView:
    """The viewer's ``PlotView`` of a plot, in one pass over its characters."""
    powers: dict[int, int] = {}
    threat = 0
    owner, face_down, tokens, orders = state.game.owner_of, state.face_down, state.tokens, state.data.orders
    for c in state.members[plot]:
        p = owner[c]
        if p != viewer and c in face_down:
            power = UNKNOWN_POWER
        else:
            power = character_power(state, c)
            if p != viewer and "assault" in ch.abilities(state, c):
                threat += 1
        if tokens and c in tokens:
            power += _token_power(tokens[c], orders, p == viewer)
        powers[p] = powers.get(p, 0) + power
    rivals = None
    for q, power in powers.items():
        if q != viewer and (rivals is None or power > rivals):
            rivals = power
    return PlotView(powers, 0 if rivals is None else rivals, powers.get(viewer), threat, plot_types(state, plot))


def _token_power(token: list, orders, own: bool) -> int:
    """What a token adds to its carrier's power, when it is turned up or its owner is the viewer."""
    if not (token[1] or own):
        return 0
    total = 0
    for effect in orders[token[0]].effects:
        if effect["effect"] == "combat_power" and effect["scope"] in ORDER_POWER:
            total += effect["amount"]
        if effect["effect"] == "sacrifice_own":
            total += effect["power"] - 1
    return total


_UNSEEN = object()


class Sight:
    """One player's view of one position, each answer worked out once."""

    __slots__ = ("state", "viewer", "_kept", "_plots", "_present")

    def __init__(self, state: LegionState, viewer: int):
        self.state, self.viewer = state, viewer
        self._kept: dict = {}
        self._plots: dict[int, PlotView] = {}  # the answers asked most often, kept by plot
        self._present: dict[int, list[int]] = {}

    def remember(self, key, make, *args):
        """The answer ``make(*args)`` about this position, worked out the first time ``key`` is asked."""
        found = self._kept.get(key, _UNSEEN)
        if found is _UNSEEN:
            found = self._kept[key] = make(*args)
        return found

    def plot(self, plot: int) -> PlotView:
        """What the viewer sees at ``plot`` (callers must not change its parts)."""
        found = self._plots.get(plot)
        if found is None:
            found = self._plots[plot] = look(self.state, self.viewer, plot)
        return found

    def power(self, owner: int, plot: int) -> int:
        """``owner``'s combat power at ``plot`` as the viewer sees it (0 when they have nobody there)."""
        return self.plot(plot).powers.get(owner, 0)

    def rivals(self, plot: int) -> int:
        """The strongest opposing power at ``plot``."""
        return self.plot(plot).rivals

    def present(self, plot: int) -> list[int]:
        """The players with a character at ``plot``, in turn order (callers must not change the list)."""
        found = self._present.get(plot)
        if found is None:
            found = self._present[plot] = self.state.present(plot)
        return found

    def threat(self, plot: int) -> int:
        """Opposing face-up Assault characters at ``plot``."""
        return self.plot(plot).threat

    def freezing(self) -> bool:
        """Whether any plot of this round is Freezing."""
        return self.remember("freezing", self._freezing)

    def _freezing(self) -> bool:
        return any("freezing" in plot_types(self.state, i) for i in range(len(self.state.plots)))
