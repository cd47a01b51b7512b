"""Campaigns: a mode that plays scenarios one after another in one game, each player carrying values (a rank,
points, items) from one scenario to the next.

A pack declares its campaigns as data, in game.yaml's ``campaigns:`` under the name of a mode of its game package:
the scenarios in order, the values every player carries with the value each starts with, a rank ladder, the value
that decides the campaign, and whether a scenario every player loses ends it. ``GameConfig.options`` may start a
campaign elsewhere: an option named after a carried value, with one value per player (``("rank", (2, 0))``).

The game's state plays the whole campaign, one state from the first scenario to the last, and keeps a ``Campaign``
record: the record gives the scenario being played and the values carried into it; when a scenario ends, the state
hands the record the scenario's returns and the values it leaves, and the record says whether the campaign goes on
and, once it is over, the campaign's returns. Records are immutable values, so a state's clone shares them safely.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from pnpforge.engine.contract import GameConfig

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


def _frozen(value: Any) -> Any:
    """A declared value as a hashable one (lists become tuples)."""
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value


@dataclass(frozen=True)
class CampaignPlan:
    """A campaign as the pack declares it: the mode, its scenarios, what is carried and from where, the ranks."""

    mode: str
    scenarios: tuple[str, ...]
    carry: tuple[tuple[str, Any], ...] = ()  # each carried value's name and the value every player starts with
    ranks: tuple[tuple[str, int], ...] = ()  # (rank id, points it needs), lowest first
    decided_by: str | None = None
    ends_on_loss: bool = True

    @classmethod
    def of(cls, pack: Pack, mode: str) -> CampaignPlan | None:
        """The campaign the pack declares for ``mode``, or None."""
        declared = pack.game.campaigns.get(mode)
        if declared is None:
            return None
        return cls(mode, tuple(declared.scenarios), tuple((k, _frozen(v)) for k, v in declared.carry.items()),
                   tuple((r.id, r.points) for r in declared.ranks), declared.decided_by, declared.ends_on_loss)

    def rank_for(self, points: int) -> int:
        """The index of the highest rank ``points`` reach (0, the lowest, without a ladder)."""
        return max((i for i, (_, needed) in enumerate(self.ranks) if points >= needed), default=0)

    def rank_name(self, index: int) -> str:
        """A rank's id, or its number when the campaign has no ladder."""
        return self.ranks[index][0] if index < len(self.ranks) else str(index)


@dataclass(frozen=True)
class Campaign:
    """Where a game is in its campaign: the scenario being played, the values carried into it (one per player), and
    the returns of the scenarios finished."""

    plan: CampaignPlan
    players: int
    index: int = 0
    values: tuple[tuple[str, tuple], ...] = ()
    results: tuple[tuple[float, ...], ...] = ()

    @classmethod
    def start(cls, plan: CampaignPlan, config: GameConfig) -> Campaign:
        """The record before the first scenario: each carried value at its start, or as ``config.options`` give it
        (one value per player); ``ValueError`` naming an option that does not give one per player."""
        players = config.players
        values = []
        for name, start in plan.carry:
            given = config.option(name)
            if given is None:
                values.append((name, (start,) * players))
            elif isinstance(given, tuple) and len(given) == players:
                values.append((name, tuple(_frozen(v) for v in given)))
            else:
                raise ValueError(f"campaign '{plan.mode}': option '{name}' gives {given!r}; expected a tuple of "
                                 f"{players} values, one per player")
        return cls(plan, players, 0, tuple(values))

    @property
    def scenario(self) -> str:
        """The scenario being played (the last one, once the campaign is over)."""
        return self.plan.scenarios[min(self.index, len(self.plan.scenarios) - 1)]

    @property
    def number(self) -> int:
        """The scenario being played, counted from 1."""
        return self.index + 1

    def value(self, name: str) -> tuple:
        """A carried value, one per player; ``KeyError`` naming the carried ones."""
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(f"campaign '{self.plan.mode}' carries no '{name}'; carried: "
                       f"{', '.join(k for k, _ in self.values) or 'nothing'}")

    def finish(self, returns: Sequence[float], left: Mapping[str, Sequence[Any]]) -> Campaign:
        """The record after a scenario that ended with ``returns``, leaving the values in ``left`` (every carried
        value, one per player); ``ValueError`` for a value missing, unknown or not one per player."""
        carried = [k for k, _ in self.values]
        if sorted(left) != sorted(carried):
            raise ValueError(f"campaign '{self.plan.mode}': a scenario left {', '.join(sorted(left)) or 'nothing'}; "
                             f"it carries {', '.join(sorted(carried)) or 'nothing'}")
        short = [name for name in carried if len(left[name]) != self.players]
        if short:
            raise ValueError(f"campaign '{self.plan.mode}': '{short[0]}' has {len(left[short[0]])} values for "
                             f"{self.players} players")
        values = tuple((name, tuple(_frozen(v) for v in left[name])) for name in carried)
        return Campaign(self.plan, self.players, self.index + 1, values, self.results + (tuple(returns),))

    @property
    def over(self) -> bool:
        """Whether the campaign has ended: its last scenario finished, or one every player lost when a loss for all
        ends it."""
        if self.index >= len(self.plan.scenarios):
            return True
        return bool(self.results) and self.plan.ends_on_loss and not any(self.results[-1])

    def returns(self) -> list[float]:
        """The campaign's result: the players with the most of its deciding value share the win; without one, the
        last scenario's returns (all 0 before any ended)."""
        if self.plan.decided_by is None:
            return list(self.results[-1]) if self.results else [0.0] * self.players
        if self.results and self.plan.ends_on_loss and not any(self.results[-1]):
            return list(self.results[-1])  # lost by all before the end: nobody is decided the winner
        totals = self.value(self.plan.decided_by)
        best = [p for p, total in enumerate(totals) if total == max(totals)]
        return [1 / len(best) if p in best else 0.0 for p in range(self.players)]

    def __str__(self) -> str:
        """``scenario 2 of 2 (final); rank (1, 0), points (3, 1)``."""
        carried = "; ".join(f"{name} {value}" for name, value in self.values)
        return (f"scenario {min(self.number, len(self.plan.scenarios))} of {len(self.plan.scenarios)} "
                f"({self.scenario})" + (f"; {carried}" if carried else ""))
