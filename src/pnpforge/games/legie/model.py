"""Legie's rules data as read from the pack: the two armies, the board parts, the scenarios and the numbers.

Nothing here is a game rule in Python: strength, defence, symbols, counts, board faces and scenario goals all come
from ``content/legie/``. The engine (``state.py``) reads this model; the static checks (``checks.py``) judge it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpforge.content.pack import Pack

DEFAULT_TURN_LIMIT = 200  # used only when game.yaml gives no thresholds.turn_limit (DECISIONS.md)


@dataclass(frozen=True)
class UnitKind:
    """One kind of unit of one army: its symbols, strength, defence and how many tiles the army has."""

    kind: str
    name: Any
    symbols: tuple[str, ...]
    strength: int
    defence: int | None
    count: int

    @property
    def shield(self) -> bool:
        return "shield" in self.symbols

    @property
    def immobile(self) -> bool:
        return "immobility" in self.symbols

    @property
    def arrow(self) -> bool:
        return "arrow" in self.symbols

    @property
    def crown(self) -> bool:
        return "crown" in self.symbols

    @property
    def symbol_kinds(self) -> int:
        """How many different symbols the tile shows (Wasser: only units with one kind may stand on water)."""
        return len(set(self.symbols))


@dataclass(frozen=True)
class BoardFace:
    """One printed face of a board part: its terrain, top row first, unrotated."""

    part: str
    side: str
    name: Any
    rows: tuple[tuple[str, ...], ...]

    def has(self, terrain: str) -> bool:
        return any(terrain in row for row in self.rows)


@dataclass(frozen=True)
class BoardPart:
    """A double-sided 3x3 board part."""

    id: str
    faces: tuple[BoardFace, ...]

    def face(self, side: str) -> BoardFace | None:
        return next((f for f in self.faces if f.side == side), None)

    def face_on(self, side: str) -> BoardFace:
        """The face on ``side``, one the part is known to have."""
        face = self.face(side)
        if face is None:
            raise KeyError(f"board part '{self.id}' has no side {side!r}")
        return face


@dataclass(frozen=True)
class Scenario:
    """A scenario of the advanced game: what the board must show and how it is won."""

    id: str
    name: Any
    board_needs: str
    objective: dict

    @property
    def effect(self) -> str:
        return self.objective.get("effect", "")


@dataclass(frozen=True)
class Ruleset:
    """Everything the engine needs from the pack."""

    players: tuple[str, ...]  # faction ids; the first listed moves first (Spielverlauf: Black begins)
    kinds: tuple[str, ...]  # every unit kind, in file order
    armies: tuple[dict[str, UnitKind], ...]  # per player: kind -> UnitKind
    parts: tuple[BoardPart, ...]
    scenarios: dict[str, Scenario]
    turn_limit: int

    def unit(self, player: int, kind: str) -> UnitKind | None:
        return self.armies[player].get(kind)

    def army_size(self, player: int) -> int:
        return sum(u.count for u in self.armies[player].values())

    def player_index(self, player_id: str) -> int | None:
        return self.players.index(player_id) if player_id in self.players else None

    @property
    def part_size(self) -> int:
        return len(self.parts[0].faces[0].rows) if self.parts and self.parts[0].faces else 3

    @property
    def size(self) -> int:
        """Squares per board edge: two parts side by side."""
        return 2 * self.part_size


def ruleset_from_pack(pack: Pack) -> Ruleset:
    """Read the armies, board parts, scenarios and turn limit from a loaded pack."""
    players = tuple(f.id for f in pack.game.factions)
    kinds: list[str] = []
    armies: list[dict[str, UnitKind]] = [{} for _ in players]
    for item in pack.of_type("unit_tile"):
        if item["player"] not in players:
            continue  # a dangling reference: reported by the shared checks
        kind = item["kind"]
        if kind not in kinds:
            kinds.append(kind)
        army = armies[players.index(item["player"])]
        previous = army.get(kind)
        count = item.qty + (previous.count if previous else 0)
        army[kind] = UnitKind(kind, item["name"], tuple(item["symbols"]), item["strength"], item.get("defence"), count)
    parts = tuple(
        BoardPart(item.id, tuple(BoardFace(item.id, face["side"], face["name"], tuple(tuple(r) for r in face["rows"]))
                                 for face in item["sides"]))
        for item in pack.of_type("board_part"))
    scenarios = {item.id: Scenario(item.id, item["name"], item.get("board_needs", "nothing"), dict(item["objective"]))
                 for item in pack.of_type("scenario_card")}
    limit = int(pack.game.thresholds.get("turn_limit", DEFAULT_TURN_LIMIT))
    return Ruleset(players, tuple(kinds), tuple(armies), parts, scenarios, limit)
