"""What a player can see of a position, as the greedy bot weighs it: combat power at a plot (an opponent's
face-down card counts as an average card, their unrevealed tokens as nothing), the strongest rival, Assault threats.

A ``Sight`` answers for one player and one position and remembers its answers, so a question with fifty options
works out each plot once, not once per option. It is made anew for every question (the position changes between).
"""

from __future__ import annotations

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story.resolution import character_power, plot_types
from pnpforge.games.legion_siberian_story.state import LegionState

UNKNOWN_POWER = 2  # what an opponent's face-down card is assumed to bring


def visible_powers(state: LegionState, viewer: int, plot: int) -> dict[int, int]:
    """Each present player's combat power at a plot as ``viewer`` sees it (face-down cards and tokens of others
    guessed), worked out in one pass over the plot."""
    found: dict[int, int] = {}
    owner, face_down, tokens, orders = state._owner, state.face_down, state.tokens, state.data.orders
    for c in state.members[plot]:
        p = owner[c]
        power = UNKNOWN_POWER if p != viewer and c in face_down else character_power(state, c)
        token = tokens.get(c) if tokens else None
        if token and (token[1] or p == viewer):
            for effect in orders[token[0]].effects:
                if effect["effect"] == "combat_power" and effect["scope"] in ("faction_at_plot", "self"):
                    power += effect["amount"]
                if effect["effect"] == "sacrifice_own":
                    power += effect["power"] - 1
        found[p] = found.get(p, 0) + power
    return found


def assault_threat(state: LegionState, viewer: int, plot: int) -> int:
    """Opposing characters showing Assault at a plot, face-up ones only."""
    return sum(1 for c in state.at_plot(plot) if state.owner(c) != viewer and c not in state.face_down
               and "assault" in ch.abilities(state, c))


_UNSEEN = object()


class Sight:
    """One player's view of one position, each answer worked out once."""

    __slots__ = ("state", "viewer", "_kept", "_powers", "_rivals", "_types", "_threat", "_present")

    def __init__(self, state: LegionState, viewer: int):
        self.state, self.viewer = state, viewer
        self._kept: dict = {}
        # the answers asked most often, kept by plot (or owner and plot) rather than by a general key
        self._powers: dict[int, dict[int, int]] = {}
        self._rivals: dict[int, int] = {}
        self._types: dict[int, set[str]] = {}
        self._threat: dict[int, int] = {}
        self._present: dict[int, list[int]] = {}

    def remember(self, key, make, *args):
        """The answer ``make(*args)`` about this position, worked out the first time ``key`` is asked."""
        found = self._kept.get(key, _UNSEEN)
        if found is _UNSEEN:
            found = self._kept[key] = make(*args)
        return found

    def powers(self, plot: int) -> dict[int, int]:
        """Each present player's power at ``plot`` as the viewer sees it (callers must not change the dict)."""
        found = self._powers.get(plot)
        if found is None:
            found = self._powers[plot] = visible_powers(self.state, self.viewer, plot)
        return found

    def power(self, owner: int, plot: int) -> int:
        """``owner``'s combat power at ``plot`` as the viewer sees it (0 when they have nobody there)."""
        return self.powers(plot).get(owner, 0)

    def own(self, plot: int) -> int | None:
        """The viewer's own power at ``plot``, or None when they have nobody there."""
        return self.powers(plot).get(self.viewer)

    def rivals(self, plot: int) -> int:
        """The strongest opposing power at ``plot``."""
        found = self._rivals.get(plot)
        if found is None:
            viewer = self.viewer
            found = self._rivals[plot] = max((power for q, power in self.powers(plot).items() if q != viewer),
                                             default=0)
        return found

    def present(self, plot: int) -> list[int]:
        """The players with a character at ``plot``, in turn order (callers must not change the list)."""
        found = self._present.get(plot)
        if found is None:
            found = self._present[plot] = self.state.present(plot)
        return found

    def types(self, plot: int) -> set[str]:
        """The plot's types this round (the location may add one); callers must not change the set."""
        found = self._types.get(plot)
        if found is None:
            found = self._types[plot] = plot_types(self.state, plot)
        return found

    def threat(self, plot: int) -> int:
        """Opposing face-up Assault characters at ``plot``."""
        found = self._threat.get(plot)
        if found is None:
            found = self._threat[plot] = assault_threat(self.state, self.viewer, plot)
        return found

    def freezing(self) -> bool:
        """Whether any plot of this round is Freezing."""
        return self.remember("freezing", self._freezing)

    def _freezing(self) -> bool:
        return any("freezing" in self.types(i) for i in range(len(self.state.plots)))
