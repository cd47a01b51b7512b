"""A map drawn as an inline SVG: a ``grid`` field on a web card page, or in a face, and a map joined from tiles.

Each board cell is a square filled by its terrain (floor, rock and water in fixed colours, any other terrain in
one of a few colours picked from its name, so the same terrain looks the same on every page) with the terrain's
name as the square's title; walls are thick dark lines, a closed door a brown bar across its edge, an open door
an outlined one. The drawing uses presentation attributes only (no ``style``, no script), every text in it is
escaped, and it reads to a screen reader as "map, W by H squares". In a face (``cell_mm`` given) the drawing is
sized in mm by its ``style``, each square ``cell_mm`` a side, so the native renderer draws it; a template reaches it
through ``grid_map`` (a ``grid`` field's value) and ``tiles_map`` (tiles joined by ``engine/tiles.py``), which the
pack view installs. A rules page's ``{map}`` figure (``publish/rulebook/maps.py``) adds the coordinates and markers
the text refers to. The web page, the face, the rulebook and the engine read the same ``Grid``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Callable

from markupsafe import Markup, escape

from pnpforge.engine.grid import Cell, Edge, Grid
from pnpforge.engine.map_marks import COLOUR, MapMarks
from pnpforge.engine.tiles import Placement, assemble
from pnpforge.render.grids import column_name

CELL = 24  # px per square
WALL, DOOR = "#2b2520", "#8a5a2b"
FILLS = {"floor": "#f4efe6", "rock": "#6b6257", "water": "#8fb8d8"}
OTHER_FILLS = ("#d9cfa8", "#b9d3a4", "#e3b8a8", "#c8bfe0", "#e8d98a", "#a8d5d0")


def terrain_fill(terrain: str) -> str:
    """The colour a terrain is drawn in."""
    return FILLS.get(terrain) or OTHER_FILLS[sum(terrain.encode("utf-8")) % len(OTHER_FILLS)]


def _line(key: Edge) -> tuple[int, int, int, int]:
    """The end points in px of the line between the two cells of an edge."""
    (ax, ay), (bx, by) = key
    if ax != bx:  # side by side: a vertical line at the right of a
        x = max(ax, bx) * CELL
        return x, ay * CELL, x, (ay + 1) * CELL
    y = max(ay, by) * CELL
    return ax * CELL, y, (ax + 1) * CELL, y


def _borders(grid: Grid, border: bool) -> set[Edge]:
    """The edges between a board cell and an absent one, when the map does not keep its own border."""
    if border:
        return set()
    found = set()
    for x, y in grid.cells():
        for other in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            key = (min((x, y), other), max((x, y), other))
            if other not in grid and key not in grid.doors:
                found.add(key)
    return found


COORDINATE = 14  # px beside the map for its coordinates
LABEL, MARKER = "#5a5048", "#1f4e79"
GROUPS = (MARKER, "#8a1c17", "#3d6b35", "#6b4f8a")  # a piece's disc by its group: one colour a side
TARGET, TARGET_FILL = "#c98a1b", "#f3dfb3"
SIGHT = {"clear": "#2f7d32", "blocked": "#b3261e"}
STEPS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def map_svg(grid: Grid, border: bool = True, cell_mm: float | None = None, coordinates: bool = False,
            markers: Mapping[Cell, str] | None = None, marks: MapMarks | None = None) -> Markup:
    """The map as an inline SVG; without ``border`` the board's outline is drawn as a wall. With ``cell_mm`` it is
    sized for a face: each square that many mm a side (the margin for the walls' thickness included). With
    ``coordinates`` each column is named by a letter above the map and each row by a number at its left, as
    ``square_grid`` names squares (``A1`` the top-left); ``markers`` puts a short label in a disc on squares.
    ``marks`` (``engine/map_marks.py``) adds a game's marks: entrances on the squares beyond the map's edge (the
    drawing grows a square on each side that has one), objective squares outlined, tile labels, lines of sight and
    pieces in discs coloured by their group."""
    width, height = grid.width * CELL, grid.height * CELL
    pad = _pads(marks)
    before = COORDINATE if coordinates else 0
    left, top = -2 - before - pad[3], -2 - before - pad[0]
    full_w, full_h = width + 4 + before + pad[1] + pad[3], height + 4 + before + pad[0] + pad[2]
    if cell_mm is None:
        size = f'width="{full_w}" height="{full_h}"'
    else:
        scale = cell_mm / CELL
        size = f'style="width:{full_w * scale:.3f}mm;height:{full_h * scale:.3f}mm"'
    parts = [f'<svg class="wb-map" xmlns="http://www.w3.org/2000/svg" viewBox="{left} {top} {full_w} {full_h}" '
             f'{size} role="img" aria-label="map, {grid.width} by {grid.height} squares">']
    for x, y in grid.cells():
        terrain = grid.terrain((x, y)) or ""
        parts.append(f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" '
                     f'fill="{terrain_fill(terrain)}" stroke="#c9bfae" stroke-width="0.5">'
                     f'<title>{escape(terrain)}</title></rect>')
    if marks is not None:
        parts += [_target(cell) for cell in marks.targets]
    for key in sorted(grid.walls | _borders(grid, border)):
        x1, y1, x2, y2 = _line(key)
        parts.append(f'<line class="wb-map-wall" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{WALL}" '
                     'stroke-width="4" stroke-linecap="square"/>')
    for key in sorted(grid.doors):
        parts.append(_door(key, key in grid.open_doors))
    if coordinates:
        parts += _coordinates(grid, pad)
    if marks is not None:
        parts += _marks(marks)
    for (x, y), label in sorted((markers or {}).items()):
        parts.append(_disc((x, y), label, MARKER))
    parts.append("</svg>")
    return Markup("".join(parts))


def _pads(marks: MapMarks | None) -> tuple[int, int, int, int]:
    """The room beyond the map, north, east, south and west: a square where an entrance lies outside."""
    if marks is None:
        return 0, 0, 0, 0
    grid = marks.grid
    beyond = [_outside(e.cell, e.direction) for e in marks.entrances]
    return (CELL if any(y < 0 for _, y in beyond) else 0, CELL if any(x >= grid.width for x, _ in beyond) else 0,
            CELL if any(y >= grid.height for _, y in beyond) else 0, CELL if any(x < 0 for x, _ in beyond) else 0)


def _outside(cell: Cell, direction: str) -> Cell:
    dx, dy = STEPS.get(direction, (0, 0))
    return cell[0] + dx, cell[1] + dy


def _target(cell: Cell) -> str:
    x, y = cell
    return (f'<rect class="wb-map-target" x="{x * CELL + 2}" y="{y * CELL + 2}" width="{CELL - 4}" '
            f'height="{CELL - 4}" fill="{TARGET_FILL}" stroke="{TARGET}" stroke-width="2.5">'
            "<title>objective</title></rect>")


def _marks(marks: MapMarks) -> list[str]:
    """Tile labels, entrances, lines of sight and pieces, in that order (a piece is drawn over a line's end)."""
    found = []
    for (x, y), label in marks.tiles:
        w = 5 * len(label) + 5
        found.append(f'<g class="wb-map-tile"><rect x="{x * CELL + 1}" y="{y * CELL + 1}" width="{w}" height="11" '
                     f'fill="#ffffff" fill-opacity="0.85"/><text x="{x * CELL + 3}" y="{y * CELL + 10}" '
                     f'font-size="9" font-weight="700" fill="{LABEL}">{escape(label)}</text></g>')
    for entrance in marks.entrances:
        x, y = _outside(entrance.cell, entrance.direction)
        colour = entrance.colour if COLOUR.fullmatch(entrance.colour) else "#ffffff"
        found.append(f'<g class="wb-map-entrance"><title>entrance</title><rect x="{x * CELL + 2}" '
                     f'y="{y * CELL + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="3" fill="{colour}" '
                     f'stroke="{WALL}" stroke-width="1"/><text x="{x * CELL + CELL // 2}" y="{y * CELL + 15}" '
                     f'font-size="8" font-weight="700" text-anchor="middle" fill="{_ink(colour)}">'
                     f"{escape(entrance.label)}</text></g>")
    for line in marks.sight:
        (ax, ay), (bx, by) = line.seen_from, line.to
        kind = "clear" if line.clear else "blocked"
        dash = "" if line.clear else ' stroke-dasharray="5 3"'
        found.append(f'<line class="wb-map-sight-{kind}" x1="{ax * CELL + CELL // 2}" y1="{ay * CELL + CELL // 2}" '
                     f'x2="{bx * CELL + CELL // 2}" y2="{by * CELL + CELL // 2}" stroke="{SIGHT[kind]}" '
                     f'stroke-width="2"{dash}><title>sight {kind}</title></line>')
    for piece in marks.pieces:
        found.append(_disc(piece.cell, piece.label, GROUPS[piece.group % len(GROUPS)]))
    return found


def _disc(cell: Cell, label: str, fill: str) -> str:
    """A short label on a square: in a disc, or in a chip as wide as the square for four characters."""
    x, y = cell
    cx, cy = x * CELL + CELL // 2, y * CELL + CELL // 2
    size = {1: 10, 2: 10, 3: 8}.get(len(label), 7.5)
    shape = (f'<circle cx="{cx}" cy="{cy}" r="9" fill="{fill}"/>' if len(label) < 4 else
             f'<rect x="{x * CELL + 1}" y="{cy - 7}" width="{CELL - 2}" height="14" rx="4" fill="{fill}"/>')
    return (f'<g class="wb-map-marker"><title>{escape(label)}</title>{shape}<text x="{cx}" y="{cy + size * 0.35:g}" '
            f'font-size="{size:g}" font-weight="700" text-anchor="middle" fill="#ffffff">{escape(label)}</text></g>')


def _ink(colour: str) -> str:
    """Dark text on a light fill, light text on a dark one."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return WALL if 299 * r + 587 * g + 114 * b > 150_000 else "#ffffff"


def _coordinates(grid: Grid, pad: tuple[int, int, int, int] = (0, 0, 0, 0)) -> list[str]:
    """The column letters above the map and the row numbers at its left (beyond the room for entrances)."""
    found = []
    for x in range(grid.width):
        found.append(f'<text class="wb-map-column" x="{x * CELL + CELL // 2}" y="{-6 - pad[0]}" font-size="9" '
                     f'text-anchor="middle" fill="{LABEL}">{column_name(x)}</text>')
    for y in range(grid.height):
        found.append(f'<text class="wb-map-row" x="{-6 - pad[3]}" y="{y * CELL + CELL // 2 + 3}" font-size="9" '
                     f'text-anchor="end" fill="{LABEL}">{y + 1}</text>')
    return found


def cell_named(name: str, grid: Grid) -> Cell:
    """The square a coordinate such as ``B3`` names on ``grid`` (column letters, then the row from 1); raise
    ``ValueError`` for a name that is not one or lies off the map."""
    found = re.fullmatch(r"([A-Z]{1,2})([0-9]{1,3})", name)
    if found is None:
        raise ValueError(f"{name!r} is not a square: a column letter and a row number, such as B3")
    letters, row = found.groups()
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - 64
    cell = (column - 1, int(row) - 1)
    if cell not in grid:
        raise ValueError(f"square {name} is not on the map ({column_name(0)}1 to "
                         f"{column_name(grid.width - 1)}{grid.height})")
    return cell


def _door(key: tuple[Cell, Cell], is_open: bool) -> str:
    """A door: a bar across the middle of its edge, filled when closed, outlined when open."""
    x1, y1, x2, y2 = _line(key)
    long, short = CELL * 3 // 5, 6
    w, h = (short, long) if x1 == x2 else (long, short)
    cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
    kind = "open" if is_open else "closed"
    fill = "#ffffff" if is_open else DOOR
    return (f'<rect class="wb-map-door-{kind}" x="{cx - w // 2}" y="{cy - h // 2}" width="{w}" height="{h}" '
            f'fill="{fill}" stroke="{DOOR}" stroke-width="1.5"><title>{kind} door</title></rect>')


def field_grid(value: Any) -> Grid | None:
    """The grid of a ``grid`` field's value; None for a value that is not a map."""
    if not isinstance(value, Mapping) or not isinstance(value.get("map"), str):
        return None
    try:
        return Grid.from_field(value, move_blocking=frozenset(), sight_blocking=frozenset())
    except ValueError:
        return None  # the loader reports a broken map


def field_map(value: Any, cell_mm: float | None = None) -> Markup:
    """A ``grid`` field's value (``{map, legend, border}``) as an SVG; nothing for a value that is not a map."""
    grid = field_grid(value)
    if grid is None:
        return Markup("")  # the page shows none
    return map_svg(grid, bool(value.get("border", True)), cell_mm)


TURNS = (0, 90, 180, 270)
TILE_KEYS = ("tile", "x", "y", "turn", "mirror", "field")


def joined(tiles: Any, grid_of: Callable[[Any, Any], Any]) -> Grid:
    """The map of ``tiles``, each ``{tile, x, y, turn, mirror, field}`` (the tile's ``grid`` value found by
    ``grid_of(tile, field)``, ``field`` None unless the entry names the field of its side face up; its top-left
    cell at ``x``, ``y`` after it is mirrored and turned clockwise by ``turn`` degrees), joined by
    ``engine/tiles.py``; raise ``ValueError`` saying what is wrong."""
    if not isinstance(tiles, Sequence) or isinstance(tiles, str) or not tiles:
        raise ValueError(f"tiles_map: expected a list of tiles {{tile, x, y, turn, mirror}}, found {tiles!r}")
    placements = []
    for index, spec in enumerate(tiles):
        if not isinstance(spec, Mapping) or "tile" not in spec or any(key not in TILE_KEYS for key in spec):
            raise ValueError(f"tiles_map: tile {index + 1}: expected {{{', '.join(TILE_KEYS)}}}, found {spec!r}")
        grid = field_grid(grid_of(spec["tile"], spec.get("field")))
        if grid is None:
            raise ValueError(f"tiles_map: tile {index + 1}: {spec['tile']!r} has no map"
                             + (f" in its field {spec['field']!r}" if spec.get("field") is not None else ""))
        x, y, turn = spec.get("x", 0), spec.get("y", 0), spec.get("turn", 0)
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 1000 for v in (x, y)):
            raise ValueError(f"tiles_map: tile {index + 1}: x and y are cells from 0, found {x!r}, {y!r}")
        if turn not in TURNS:
            raise ValueError(f"tiles_map: tile {index + 1}: turn is one of 0, 90, 180, 270, found {turn!r}")
        placements.append(Placement(grid, (x, y), turn, bool(spec.get("mirror", False))))
    return assemble(placements, move_blocking=frozenset(), sight_blocking=frozenset()).grid
