"""What the terrain does to each unit on each square, worked out once per field so that a turn is table look-ups.

Basisspiel: terrain has no effect. Spiel für Fortgeschrittene: forest stops arrows from and into it, water takes
only units with a single kind of symbol, a fortification shields a unit without a shield, a mountain refuses
immobile units. Tables are cached per game and field, since a simulation replays the same few fields many times.
``Bits`` holds the same facts as bitboards, one bit per square, for bots that weigh many positions at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final, Iterable, Sequence

from pnpforge.games.legie.board import Layout

if TYPE_CHECKING:
    from pnpforge.games.legie.state import LegieGame

NEVER: Final = 10**6  # the defence of a unit nothing can remove (Unbeweglichkeit)
CACHE_LIMIT: Final = 4096
# one player's units on the board (``Bits.side``): all, removable, shootable, per defence, per strength, the King
Side = tuple[int, int, int, list[int], dict[int, int], int]
# units alike but for strength (``Bits.strikers``): crown, arrow, squares allowed, [(kind, strength), ...]
Striker = tuple[bool, bool, int, list[tuple[int, int]]]
# two strengths (a, b) and per support r the fewest (units of a, units of b) that bring it (``_pair``)
Plan = tuple[tuple[int, int], list[list[tuple[int, int]]]]


@dataclass(frozen=True)
class Tables:
    """Per unit index (player * kinds + kind) and square: where it may be laid, its defence, its cover."""

    layout: Layout
    allowed: tuple[tuple[bool, ...], ...]
    defence: tuple[tuple[int, ...], ...]
    arrow_safe: tuple[tuple[bool, ...], ...]
    can_shoot: tuple[bool, ...]
    forest: tuple[bool, ...]
    actions: tuple[tuple[int, ...], ...]  # per kind: the action laying it on each square (kind * squares + s)
    mask: tuple[int, ...]  # per unit index: 0 when every square takes it, else a number shared by equal masks


def terrain_tables(game: "LegieGame", layout: Layout) -> Tables:
    """The tables of ``layout`` for ``game`` (cached)."""
    cache = game.kept_tables
    found = cache.get(layout.terrain)
    if found is not None and found.layout == layout:
        return found
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    tables = _build(game, layout)
    cache[layout.terrain] = tables
    return tables


def _build(game: "LegieGame", layout: Layout) -> Tables:
    terrain = layout.terrain if game.advanced else ("plain",) * game.squares
    allowed, defence, safe = [], [], []
    for unit in game.units:
        allowed.append(tuple(unit is not None and _may_stand(unit, t) for t in terrain))
        defence.append(tuple(_defence(unit, t) for t in terrain))
        safe.append(tuple(_arrow_safe(unit, t) for t in terrain))
    can_shoot = tuple(t != "forest" for t in terrain)  # Wald: no ranged combat from a forest square
    forest = tuple(t == "forest" for t in terrain)
    squares, kinds = len(terrain), len(game.kinds)
    actions = tuple(tuple(kind * squares + s for s in range(squares)) for kind in range(kinds))
    numbers = {(True,) * squares: 0}
    mask = tuple(numbers.setdefault(row, len(numbers)) for row in allowed)
    return Tables(layout, tuple(allowed), tuple(defence), tuple(safe), can_shoot, forest, actions, mask)


def _may_stand(unit, terrain: str) -> bool:
    if terrain == "water":
        return unit.symbol_kinds == 1  # Wasser: only units with one kind of symbol
    if terrain == "mountain":
        return not unit.immobile  # Gebirge: no immobile units
    return True


def _defence(unit, terrain: str) -> int:
    if unit is None or unit.immobile or unit.defence is None:
        return NEVER
    if terrain == "fortification" and not unit.shield:
        return unit.defence + 1  # Befestigung: a shield for units without one
    return unit.defence


def _arrow_safe(unit, terrain: str) -> bool:
    if unit is None or unit.shield or unit.immobile:
        return True
    return terrain in ("fortification", "forest")  # Befestigung's shield; Wald's cover from arrows outside it


class Bits:
    """The field and its tables as bitboards (bit s for square s), for bots that weigh many positions at once:
    shifts to the edge neighbours, counting and support by whole boards, and per unit index the squares it may take,
    the squares where an arrow can hit it, and the squares of each of its defences."""

    def __init__(self, game: "LegieGame", tables: Tables) -> None:
        n, squares, kinds = game.size, game.squares, len(game.kinds)
        self.size, self.full, self.kinds, self.hunted = n, (1 << squares) - 1, kinds, game.hunted
        self.none = (self.full, 0, 0, 0, 0, 0)  # counts of an empty board
        self.counted: dict[int, tuple[int, ...]] = {}  # counts of boards seen before
        self.not_first = _mask(s for s in range(squares) if s % n)  # every column but the first
        self.not_last = _mask(s for s in range(squares) if s % n != n - 1)
        self.near = tuple(_mask(game.neighbours[s]) for s in range(squares))
        if any(self.spread(1 << s) != self.near[s] for s in range(squares)):
            raise ValueError("the field's neighbours are not its edge neighbours")
        self.allow = tuple(_mask(s for s, ok in enumerate(row) if ok) for row in tables.allowed)
        self.shootable = tuple(_mask(s for s, safe in enumerate(row) if not safe) for row in tables.arrow_safe)
        self.can_shoot = _mask(s for s, ok in enumerate(tables.can_shoot) if ok)
        self.forest = _mask(s for s, ok in enumerate(tables.forest) if ok)
        self.defences = tuple(() if game.immobile[i] or game.units[i] is None else  # (defence, squares)
                              tuple((d, _mask(s for s, e in enumerate(row) if e == d)) for d in sorted(set(row))
                                    if d < NEVER) for i, row in enumerate(tables.defence))
        self.deepest = max([d for row in self.defences for d, _ in row] + [0])
        self.reach = self.deepest + max(game.strength + [0])  # the support a removal may lower to the deepest
        alike: dict[tuple, int] = {}  # units a laid unit's opponent sees alike: the same new target
        self.profile = tuple(alike.setdefault((game.immobile[i], self.defences[i], self.shootable[i],
                                               i % kinds == game.hunted), len(alike)) for i in range(len(game.units)))
        self.strikers = tuple(self._strikers(game, player) for player in range(2))
        self.powers = tuple((game.strength[i], game.crown[i], game.arrow[i]) for i in range(len(game.units)))
        self.roles = tuple(tuple((self.shootable[i], not game.immobile[i], self.defences[i], game.strength[i])
                                 for i in range(p * kinds, p * kinds + kinds)) for p in range(2))
        values = sorted({s for s in game.strength if s > 0})
        self.pair: Plan | None = None
        if len(values) <= 2:
            self.pair = _pair(values + [self.reach + 1] * (2 - len(values)), self.reach)
        self.scoring: bool = game.objective["effect"] == "score_at_end"
        self.forest_measure: bool = game.objective.get("measure") == "units_in_forest"
        self.chunks = _chunks(squares)

    def _strikers(self, game: "LegieGame", player: int) -> list[Striker]:
        """A player's units that can remove anything, as (crown, arrow, squares allowed, [(kind, strength), ...]):
        units alike but for strength together, the strongest first (a crown counts no strength)."""
        kinds = len(game.kinds)
        alike: dict[tuple[bool, bool, int], list[tuple[int, int]]] = {}
        for k in range(kinds):
            i = player * kinds + k
            if game.units[i] is not None and (game.strength[i] or game.crown[i] or game.arrow[i]):
                alike.setdefault((game.crown[i], game.arrow[i], self.allow[i]), []).append(
                    (k, 0 if game.crown[i] else game.strength[i]))
        return [key + (sorted(members, key=lambda m: -m[1]),) for key, members in alike.items()]

    def units(self, board: list[int]) -> list[int]:
        """Per unit index: the squares of ``board`` holding that unit."""
        per = [0] * (2 * self.kinds)
        for s, v in enumerate(board):
            if v >= 0:
                per[v] |= 1 << s
        return per

    def side(self, per: list[int], player: int) -> Side:
        """One player's units (``per``: ``units``): all, those that can be removed, those an arrow can hit, per
        defence, per strength, and the hunted King."""
        every = mobile = shootable = 0
        defended = [0] * (self.deepest + 1)
        strengths: dict[int, int] = {}
        for x, (shoot, movable, defences, strength) in zip(per[player * self.kinds:], self.roles[player]):
            if x:
                every |= x
                shootable |= x & shoot
                if movable:
                    mobile |= x
                    for d, squares in defences:
                        defended[d] |= x & squares
                if strength:
                    strengths[strength] = strengths.get(strength, 0) | x
        king = per[player * self.kinds + self.hunted] if self.hunted >= 0 else 0
        return every, mobile, shootable, defended, strengths, king

    def spread(self, x: int) -> int:
        """The squares sharing an edge with a square of ``x``."""
        n = self.size
        return ((x << n) & self.full) | (x >> n) | ((x << 1) & self.not_first) | ((x >> 1) & self.not_last)

    def counts(self, x: int) -> tuple[int, ...]:
        """Index c: the squares with at least c edge neighbours in ``x`` (0 to 5); kept, as boards recur."""
        found = self.counted.get(x)
        if found is None:
            if len(self.counted) >= CACHE_LIMIT:
                self.counted.clear()
            n = self.size
            a, b = (x << n) & self.full, x >> n
            c, d = (x << 1) & self.not_first, (x >> 1) & self.not_last
            ab, cd, a_b, c_d = a | b, c | d, a & b, c & d
            found = self.counted[x] = (self.full, ab | cd, a_b | c_d | (ab & cd), (a_b & cd) | (c_d & ab), a_b & c_d, 0)
        return found

    def support(self, strengths: dict[int, int], top: int) -> list[int]:
        """Index r up to ``top`` (at most ``reach``): the squares around which the units of {strength: squares}
        bring at least r strength."""
        if self.pair is not None:  # at most two strengths: each r is an OR of (so many of one) AND (of the other)
            (a, b), plan = self.pair
            ca = self.counts(strengths[a]) if a in strengths else self.none
            cb = self.counts(strengths[b]) if b in strengths else self.none
            return [self.full] + [_any_pair(ca, cb, terms) for terms in plan[1:top + 1]]
        # three strengths or more (a content pack may have others than 1 and 2): one strength added at a time
        at_least = [self.full] + [0] * top
        for strength, x in strengths.items():
            c, grown = self.counts(x), [self.full]
            for r in range(1, top + 1):
                grown.append(_any_pair(c, at_least, [(i, max(r - strength * i, 0)) for i in range(5)]))
            at_least = grown
        return at_least

    def squares(self, x: int) -> tuple[int, ...]:
        """The squares of a bitboard, lowest first."""
        found: tuple[int, ...] = ()
        if not x:
            return found
        for table in self.chunks:
            found += table[x & 511]
            x >>= 9
            if not x:
                break
        return found

    def falls(self, defended: Iterable[tuple[int, int]], at_least: list[int], strength: int) -> int:
        """The units (``defended``: (defence, squares) pairs) a tile of ``strength`` beside them removes,
        ``at_least`` giving the support around them (a draw leaves the defender standing)."""
        out = 0
        for d, x in defended:
            if x:
                out |= x & at_least[d - strength + 1] if d >= strength else x
        return out


def bits_of(game: "LegieGame", tables: Tables) -> Bits:
    """The bitboards of a game on a field (cached per field, as the tables are)."""
    cache = game.kept_bits
    found = cache.get(id(tables))
    if found is None or found[0] is not tables:
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        found = cache[id(tables)] = (tables, Bits(game, tables))
    return found[1]


def _mask(squares: Iterable[int]) -> int:
    return sum(1 << s for s in squares)


def _any_pair(first: Sequence[int], second: Sequence[int], pairs: Sequence[tuple[int, int]]) -> int:
    out = 0
    for i, k in pairs:
        out |= first[i] & second[k]
    return out


def _pair(strengths: list[int], reach: int) -> Plan:
    """Strengths a < b and, per r up to ``reach``, the fewest (units of a, units of b) around a square for r."""
    a, b = strengths
    plan: list[list[tuple[int, int]]] = [[]]
    for r in range(1, reach + 1):
        terms = []
        for k in range(5):
            i = max(0, -(-(r - b * k) // a))
            if i <= 4:
                terms.append((i, k))
            if i == 0:
                break
        plan.append(terms)
    return (a, b), plan


@lru_cache(maxsize=8)
def _chunks(squares: int) -> list[tuple[tuple[int, ...], ...]]:
    """Per 9 squares: the squares of each 9-bit pattern."""
    return [tuple(tuple(c * 9 + b for b in range(9) if x >> b & 1) for x in range(512))
            for c in range((squares + 8) // 9)]
