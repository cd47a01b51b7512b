"""The position on the table: the standard tables and their terrain as the pack declares them, sections placed as
bases, sight and cover between sections through terrain, coherency, objectives held within 1", base contact, and an
Ironclad's arcs and 45 degree turn (rules ``setup-table``, ``measure-inches``, ``terrain-area``, ``terrain-linear``,
``terrain-cover``, ``los-centres``, ``los-arcs``, ``coherency``, ``end-objectives``, ``move-charge``,
``ironclad-move``).

Everything is measured on the shared plane kit (``engine/plane*.py``): integer units, 254 to the inch, no floating
point. A section stands on the table as one rectangular base, its ``block``: the models of an infantry section in
ranks of up to five (``RANK``) half an inch apart, facing its heading; an Ironclad on its own base. The block is what
moves, what blocks sight and what is touched in a charge; each model's place inside it (``model_points``) gives the
target priority chain (nearest first) and coherency after casualties.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from pnpforge.engine.plane import HEADINGS, INCH, MM, Base, Point, Shape, Table, add, left_of, nearest_along, polygon
from pnpforge.engine.plane_measure import contains_point, overlap, point_within, touching, within
from pnpforge.engine.plane_moves import Field, Move, coherent, turn
from pnpforge.engine.plane_sight import Piece, arcs, in_arc, sight
from pnpforge.findings import Finding

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

COVERS = ("open", "soft", "hard")
RANK = 5  # models abreast in a block
GAP = INCH // 2  # between neighbours in a block: within every coherency distance
FACINGS = {"front": 0, "left": 2, "rear": 4, "right": 6}  # heading steps from the base's own


@dataclass(frozen=True)
class Terrain:
    """A kind of terrain as battles read it (``terrain.yaml``)."""

    id: str
    category: str
    cover: str
    blocks_sight: bool
    exposure: int  # units
    difficult: frozenset[str]
    impassable: frozenset[str]


@dataclass(frozen=True)
class TableSetup:
    """A standard table: its size, its pieces, each piece's kind, and the force value it serves."""

    id: str
    name: str
    table: Table
    up_to: int
    pieces: tuple[Piece, ...]
    kinds: dict[str, Terrain]

    def closed_to(self, model_types: Iterable[str], difficult: bool = False) -> frozenset[str]:
        """The pieces no model of these types may enter (and, with ``difficult``, those it may not cross At The
        Double or in a long charge)."""
        types = set(model_types)
        return frozenset(
            piece.id
            for piece in self.pieces
            if types & self.kinds[piece.id].impassable or (difficult and types & self.kinds[piece.id].difficult)
        )

    def area(self) -> Fraction:
        """The share of the table the pieces cover (exact)."""
        covered = sum(_area(piece.shape.core) for piece in self.pieces)
        return Fraction(covered, self.table.width * self.table.height)


def _area(core: tuple[Point, ...]) -> int:
    twice = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(core, core[1:] + core[:1]))
    return abs(twice) // 2


def units(value: object) -> int:
    """Inches as written (an integer or a decimal such as 14.5) in plane units; not a whole unit is an error."""
    exact = Fraction(str(value)) * INCH
    if exact.denominator != 1:
        raise ValueError(f"{value} inches is not a whole number of plane units")
    return int(exact)


def terrain_kinds(pack: Pack) -> dict[str, Terrain]:
    return {
        item.id: Terrain(
            item.id,
            item["category"],
            item["cover"],
            bool(item.get("blocks_sight", False)),
            int(item.get("exposure", 0)) * INCH,
            frozenset(item.get("difficult", [])),
            frozenset(item.get("impassable", [])),
        )
        for item in pack.of_type("terrain")
    }


def read_tables(pack: Pack) -> dict[str, TableSetup]:
    """The pack's standard tables by id (a piece whose corners are not convex raises ``ValueError``)."""
    kinds = terrain_kinds(pack)
    found = {}
    for item in pack.of_type("table"):
        pieces, by_piece = [], {}
        for spec in item["pieces"]:
            kind = kinds[spec["kind"]]
            shape = polygon([(units(x), units(y)) for x, y in spec["corners"]])
            pieces.append(Piece(spec["id"], shape, kind.blocks_sight, kind.exposure))
            by_piece[spec["id"]] = kind
        table = Table(int(item["width"]) * INCH, int(item["depth"]) * INCH)
        found[item.id] = TableSetup(item.id, str(item["name"]), table, int(item["up_to"]), tuple(pieces), by_piece)
    return found


def standard_table(pack: Pack, mfv: int, name: str | None = None) -> TableSetup:
    """The named table, or the first the force value fits (rule ``setup-table``)."""
    tables = read_tables(pack)
    if name is not None:
        if name not in tables:
            raise ValueError(f"unknown table {name!r}; tables: {', '.join(tables)}")
        return tables[name]
    fitting = [t for t in tables.values() if mfv <= t.up_to]
    if not fitting:
        raise ValueError(f"no standard table for {mfv} points")
    return fitting[0]


# --- sections as bases -------------------------------------------------------------------------------------------
def base_size(text: str) -> tuple[int, int]:
    """A profile's base (``25`` round, ``50 x 100`` rectangular) as (length, width) in units; width 0 when round."""
    parts = [int(p) for p in text.replace(" ", "").split("x")]
    if len(parts) == 1:
        return parts[0] * MM, 0
    width, length = parts
    return length * MM, width * MM


def block_size(count: int, model: tuple[int, int]) -> tuple[int, int]:
    """The block of ``count`` models on one base size: (depth along the heading, frontage across), even units."""
    length, width = model
    if count == 1:
        return (length, width or length)
    across = min(count, RANK)
    ranks = -(-count // RANK)
    size = length if not width else max(length, width)
    front = across * size + (across - 1) * GAP
    depth = ranks * size + (ranks - 1) * GAP
    return (depth + depth % 2, front + front % 2)


def block(section_id: str, centre: Point, heading: int, count: int, model: tuple[int, int]) -> Base:
    """The section's base on the table: one model's own base, or the block of its models."""
    length, width = model
    if count == 1 and width:
        return Base(section_id, centre, length, width, heading)
    depth, front = block_size(count, model)
    return Base(section_id, centre, depth, front, heading)


def model_points(section: Base, count: int, model: tuple[int, int]) -> list[Point]:
    """Where each model of the block stands, rank by rank from the front, left to right: lattice points within half a
    unit of true at a diagonal heading."""
    if count == 1:
        return [section.centre]
    length, width = model
    size = length if not width else max(length, width)
    step = size + GAP
    ahead, left = HEADINGS[section.heading], HEADINGS[left_of(section.heading)]
    ranks = -(-count // RANK)
    points = []
    for n in range(count):
        rank, file = divmod(n, RANK)
        across = min(RANK, count - rank * RANK)
        forward = (ranks - 1) * step // 2 - rank * step  # the first rank in front
        sideways = (across - 1) * step // 2 - file * step
        points.append(add(add(section.centre, _along(ahead, forward)), _along(left, sideways)))
    return points


def _along(vector: Point, length: int) -> Point:
    """``length`` along the vector, backwards when negative, to the nearest lattice point."""
    if length < 0:
        return nearest_along((-vector[0], -vector[1]), -length)
    return nearest_along(vector, length) if length else (0, 0)


def coherent_models(points: Sequence[Point], model: tuple[int, int], distance: int) -> bool:
    """The models at these points, each on its base, form one chain with gaps of at most ``distance`` (rule
    ``coherency``)."""
    length, width = model
    diameter = max(length, width) if width else length
    bases = [Base(str(n), p, diameter - diameter % 2) for n, p in enumerate(points)]
    return coherent(bases, distance)


# --- sight and cover -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class View:
    """What one section sees of another: whether the line is open, the target's cover, what the line crosses."""

    open: bool
    cover: str = "open"
    blocked_by: tuple[str, ...] = ()
    crossed: tuple[str, ...] = ()


def better(a: str, b: str) -> str:
    return a if COVERS.index(a) >= COVERS.index(b) else b


def view(setup: TableSetup, firer: Base, target: Base, others: Iterable[Base] = ()) -> View:
    """The line from the firer's centre to the target's (rule ``los-centres``): blocked by a piece
    that blocks sight (unless a section wholly inside it sees no more than its exposure through it) or by another
    section's block. The target's cover is that of an area piece it stands in, or of a linear piece the line crosses
    that the firer does not touch (rules ``terrain-area``, ``terrain-linear``)."""
    line = sight(firer, target, setup.pieces, others)
    if not line.open:
        return View(False, "open", line.blocked_by, line.crossed)
    cover = "open"
    for piece in setup.pieces:
        kind = setup.kinds[piece.id]
        if kind.category == "area" and contains_point(piece.shape, target.centre):
            cover = better(cover, kind.cover)
        elif kind.category == "linear" and piece.id in line.crossed and not touching(firer.shape, piece.shape):
            cover = better(cover, kind.cover)
    return View(True, cover, (), line.crossed)


def standing_in(setup: TableSetup, base: Base) -> str:
    """The cover of the area piece the section's centre stands in (open when none)."""
    cover = "open"
    for piece in setup.pieces:
        kind = setup.kinds[piece.id]
        if kind.category == "area" and contains_point(piece.shape, base.centre):
            cover = better(cover, kind.cover)
    return cover


def gap_inches(a: Base, b: Base) -> int:
    """The range between two blocks, edge to edge, in whole inches rounded up (12.3" is 13")."""
    lo, hi = 0, 4 * max(a.shape.reach, b.shape.reach) // INCH + 2
    while not within(a.shape, b.shape, hi * INCH):
        hi *= 2
    while lo < hi:  # the smallest whole number of inches the gap is within
        mid = (lo + hi) // 2
        if within(a.shape, b.shape, mid * INCH):
            hi = mid
        else:
            lo = mid + 1
    return lo


# --- objectives, contact, arcs -----------------------------------------------------------------------------------
def near_objective(section: Base, objective: Point) -> bool:
    """The section is within 1" of the objective marker's point (rule ``end-objectives``)."""
    return point_within(section.shape, objective, INCH)


def in_contact(a: Base, b: Base) -> bool:
    """Base contact (rule ``move-charge``)."""
    return touching(a.shape, b.shape)


def facing_hit(target: Base, firer: Point) -> tuple[str, ...]:
    """The Ironclad's arcs an attack from ``firer`` hits: front, side or rear (two on a dividing line)."""
    names = {"front": "front", "rear": "rear", "left": "side", "right": "side"}
    return tuple(sorted({names[a] for a in arcs(target, firer)}))


def bears(mount_base: Base, facing: str, degrees: int, point: Point) -> bool:
    """A weapon mounted on ``facing`` of the base with an arc of ``degrees`` bears on the point (rule
    ``los-arcs``)."""
    turned = mount_base.at(mount_base.centre, mount_base.heading + FACINGS.get(facing, 0))
    return in_arc(turned, degrees, point)


def ironclad_turns(field: Field, base_id: str, impassable: Iterable[str] = ()) -> list[Move]:
    """The Ironclad's 45 degree turns either way on the template, each one checked against what it would sweep
    (rule ``ironclad-move``)."""
    closed = tuple(impassable)
    return [m for m in (turn(field, base_id, 1, closed), turn(field, base_id, -1, closed)) if m is not None]


# --- the static check ----------------------------------------------------------------------------------------------
TERRAIN_SHARE = (Fraction(1, 4), Fraction(1, 3))  # of the table, as the book asks (p.51)


def table_terrain(pack: Pack) -> Iterator[Finding]:
    """Each standard table's pieces are convex, lie on the table, do not overlap, have ids of their own and cover a
    quarter to a third of it (rule ``setup-table``)."""
    if "table" not in pack.types:
        return
    kinds = terrain_kinds(pack)
    for item in pack.of_type("table"):
        table = Table(int(item["width"]) * INCH, int(item["depth"]) * INCH)
        shapes: list[tuple[str, Shape]] = []
        seen: set[str] = set()
        for n, spec in enumerate(item["pieces"]):
            mark = item.mark("pieces", n)
            if spec["id"] in seen:
                yield Finding("error", f"two pieces are called {spec['id']!r}", mark=mark, subject=item.subject)
            seen.add(spec["id"])
            try:
                shape = polygon([(units(x), units(y)) for x, y in spec["corners"]])
            except ValueError as exc:
                yield Finding("error", f"piece {spec['id']}: {exc}", mark=mark, subject=item.subject)
                continue
            if not table.holds(shape):
                yield Finding("error", f"piece {spec['id']} reaches off the table", mark=mark, subject=item.subject)
            for other, other_shape in shapes:
                if overlap(shape, other_shape):
                    yield Finding("error", f"pieces {other} and {spec['id']} overlap", mark=mark, subject=item.subject)
            shapes.append((spec["id"], shape))
        if any(s["kind"] not in kinds for s in item["pieces"]):
            continue  # the reference check reports an unknown kind
        share = Fraction(sum(_area(shape.core) for _, shape in shapes), table.width * table.height)
        low, high = TERRAIN_SHARE
        if not low <= share <= high:
            yield Finding(
                "error",
                f"its terrain covers {float(share):.1%} of the table; the book asks for a quarter to a third",
                mark=item.mark("pieces"),
                subject=item.subject,
            )
