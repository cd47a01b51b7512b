"""The immutable game: one mission of Siege of the Citadel with its seats, sides, ranks and the reference board side
the Dark Legion uses, read from the pack once (rule ids ``setup-mission``, ``setup-rank-single``,
``setup-reference-board``, ``setup-commander``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from pnpforge.content.pack import Pack
from pnpforge.engine.grid import Cell, Edge, Grid
from pnpforge.engine.grid_table import StepTable, table_for
from pnpforge.games.siege_of_the_citadel import data
from pnpforge.games.siege_of_the_citadel.data import AiCard, Board, Equipment, Mission, Rank, Trooper

LEGION = "legion"
CORPORATIONS = ("bauhaus", "capitol", "cybertronic", "imperial", "mishima")


@dataclass(frozen=True)
class Settings:
    """The parameters of one game: the mission, the corporations by seat (the Dark Legion's seat or none), the
    rank every team starts at, and whether the AI deck commands the Dark Legion."""

    mission: str = "battle-plans"
    corporations: tuple[str, ...] = ("bauhaus", "capitol")
    legion_seat: int | None = 0  # None: the AI deck commands the Dark Legion
    rank: int = 1
    points: int = 0
    draft: bool = True
    solo: bool = False  # one player runs every corporation against the AI deck (rule ai-deck)
    campaign: tuple[str, ...] = ()  # the campaign's missions, when this one is part of it
    number: int = 0  # this mission's place in the campaign
    seats: tuple[str, ...] = ()  # the campaign's corporations by seat
    carried: tuple[tuple[str, int, int], ...] = ()  # (corporation, rank, points) carried into this mission


@dataclass(eq=False)
class SiegeGame:
    """Everything fixed for one game (shared by all its states)."""

    pack: Pack
    settings: Settings
    mission: Mission
    hit: dict[str, Fraction]
    ranks: dict[str, dict[int, Rank]]
    boards: tuple[Board, ...]
    equipment: dict[str, Equipment]
    troopers: dict[str, tuple[Trooper, ...]]
    forces: dict[int, Any]
    events: dict[int, Any]
    doors: tuple[Any, ...]
    ai: tuple[AiCard, ...]
    start: Callable[[SiegeGame], Any]  # the state's constructor (``SiegeState.start``)
    card_effects: dict[str, str] = field(default_factory=dict)  # Doomtrooper cards by id -> effect
    _faces: dict[str, tuple[tuple[str, Fraction], ...]] = field(default_factory=dict)
    # a campaign's next missions, made once for each set of ranks carried into them
    _chain: dict[tuple[tuple[str, int, int], ...], SiegeGame] = field(default_factory=dict)
    # the map's steps and distances, figures ignored: shared by every game of the process on this map
    _paths: tuple[Any, StepTable] | None = None  # (the grid it was looked up for, the table)
    _closed: tuple[Any, dict[frozenset[Edge], Grid]] | None = None  # (the grid, its versions with doors closed)

    @classmethod
    def of(cls, pack: Pack, settings: Settings, start: Callable[[SiegeGame], Any]) -> SiegeGame:
        for corp in settings.corporations:
            if corp not in CORPORATIONS:
                raise ValueError(f"no corporation '{corp}'; corporations: {', '.join(CORPORATIONS)}")
        if len(set(settings.corporations)) != len(settings.corporations) or not settings.corporations:
            raise ValueError("each corporation plays at most once, and at least one plays")
        return cls(pack, settings, data.mission_of(pack, settings.mission), data.hit_chance(pack), data.ranks(pack),
                   data.boards(pack), data.equipment(pack), data.troopers(pack), data.cards(pack, "force_card"),
                   data.cards(pack, "event_card"), tuple(pack.of_type("door_card")), data.ai_deck(pack), start,
                   data.card_effects(pack))

    # --- seats ----------------------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        if self.settings.solo:
            return 1
        return len(self.settings.corporations) + (self.settings.legion_seat is not None)

    def side_of(self, seat: int) -> str:
        """The side a seat plays: ``legion`` or a corporation."""
        legion = self.settings.legion_seat
        if legion is not None and seat == legion:
            return LEGION
        index = seat - (1 if legion is not None and seat > legion else 0)
        return self.settings.corporations[index]

    def seat_of(self, side: str) -> int | None:
        """The seat playing a side (None: the Dark Legion's AI deck)."""
        if self.settings.solo:
            return 0 if side in self.settings.corporations else None
        for seat in range(self.num_players):
            if self.side_of(seat) == side:
                return seat
        return None

    @property
    def secondary(self) -> bool:
        return self.mission.secondary

    @property
    def automaton(self) -> bool:
        return self.settings.legion_seat is None

    # --- the board the Dark Legion uses ---------------------------------------------------------------------------
    def board(self) -> Board:
        """The reference board side of the second-best corporation (rule ``setup-reference-board``): every team
        starts at one rank here, so it is that rank's side."""
        rank = self.settings.rank
        for side in self.boards:
            if rank in side.ranks:
                return side
        return self.boards[-1]

    def rank_of(self, corp: str, rank: int) -> Rank:
        return self.ranks[corp][max(1, min(12, rank))]

    def die_faces(self, colour: str) -> list[tuple[str, Fraction]]:
        """A die's faces with their chances: a hit, or a blank."""
        found = self._faces.get(colour)
        if found is None:
            chance = self.hit[colour]
            found = self._faces[colour] = (("hit", chance), ("blank", 1 - chance))
        return list(found)

    # --- distances on the map (figures ignored) -------------------------------------------------------------------
    @property
    def paths(self) -> StepTable:
        """The map's step table (``engine/grid_table.py``), the mission's grid's as it is now (a scenario lays a
        map of its own)."""
        found, grid = self._paths, self.mission.grid
        if found is None or found[0] is not grid:
            found = self._paths = (grid, table_for(grid, diagonal=True))
        return found[1]

    def distance(self, a: Cell, b: Cell) -> int:
        """Steps between two squares on the map, figures ignored (for "nearest" in the AI's rules)."""
        return self.paths.distances_from(a).get(b, 999)

    def with_closed(self, doors: frozenset[Edge]) -> Grid:
        """The map with a closed door on each edge of ``doors``, made once per set of doors."""
        grid = self.mission.grid
        if not doors:
            return grid
        if self._closed is None or self._closed[0] is not grid:
            self._closed = (grid, {})
        made = self._closed[1]
        found = made.get(doors)
        if found is None:
            found = grid
            for key in sorted(doors):
                found = found.with_door(key, False)
            made[doors] = found
        return found

    def steps(self, cell: Cell) -> tuple[Cell, ...]:
        """The squares one step (straight or diagonal) from ``cell`` on the map, figures ignored: the shared grid's
        ``steps`` (figures only stop a step onto their own square)."""
        return self.paths.steps(cell)

    def chained(self, carried: tuple[tuple[str, int, int], ...], make: Callable[[], SiegeGame]) -> SiegeGame:
        """The campaign's next mission for the ranks carried into it, made once per ranks."""
        found = self._chain.get(carried)
        if found is None:
            found = make()
            self._chain[carried] = found
        return found

    def new_initial_state(self) -> Any:
        return self.start(self)
