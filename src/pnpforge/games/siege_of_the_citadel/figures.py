"""The pieces a position holds: figures (Doomtroopers and creatures) and corporation teams, each copied cheaply
when a state is cloned."""

from __future__ import annotations

from pnpforge.engine.grid import Cell


class Fig:
    """One figure: a Doomtrooper (side: its corporation, kind: its specialty) or a creature (side ``legion``)."""

    __slots__ = ("id", "side", "kind", "name", "cell", "outside", "health", "weapon", "gear", "augment", "left",
                 "done", "streak", "charge", "asleep")

    def __init__(self, fid: str, side: str, kind: str, name: str, health: int = 1):
        self.id, self.side, self.kind, self.name = fid, side, kind, name
        self.cell: Cell | None = None
        self.outside: int | None = None  # the entrance it waits at, off the map
        self.health = health
        self.weapon: str | None = None
        self.gear: tuple[str, ...] = ()
        self.augment: str | None = None
        self.left = 0  # actions left in its activation
        self.done = False  # activated this turn
        self.streak: tuple[str, str, int] | None = None  # (kind, target, attacks in a row) for concentrated fire
        self.charge: str | None = None  # the target a charge may strike with its next action
        self.asleep: int | None = None  # a face-up force card's creature: the tile whose first Doomtrooper wakes it

    def copy(self) -> Fig:
        new = Fig.__new__(Fig)
        for slot in Fig.__slots__:
            setattr(new, slot, getattr(self, slot))
        return new

    def key(self) -> tuple:
        return tuple(getattr(self, slot) for slot in Fig.__slots__)


class Team:
    """A corporation team: its Doomtroopers, rank and point track, mission score and reckless tokens."""

    __slots__ = ("corp", "troopers", "rank", "points", "stars", "score", "reckless", "credits", "entered", "out",
                 "tiles", "eliminations", "damage", "entrance")

    def __init__(self, corp: str, rank: int, points: int, credits: int):
        self.corp = corp
        self.troopers: tuple[str, ...] = ()
        self.rank, self.points, self.stars = rank, points, 0
        self.score = 0  # promotion points gained in this mission
        self.reckless = 0
        self.credits = credits
        self.entered = False
        self.out = False
        self.tiles: frozenset[int] = frozenset()  # tiles it has ended a Move on
        self.eliminations = 0
        self.damage = 0
        self.entrance: int | None = None  # the white entrance it came in by

    def copy(self) -> Team:
        new = Team.__new__(Team)
        for slot in Team.__slots__:
            setattr(new, slot, getattr(self, slot))
        return new

    def key(self) -> tuple:
        return tuple(getattr(self, slot) for slot in Team.__slots__)
