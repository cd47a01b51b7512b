"""Template helpers that draw a square or a hex grid with its coordinates: ``square_grid`` and ``hex_grid``.

Each returns a block of the grid's own size in mm (place it inside a zone's element): the lines as one inline SVG
path, in mm, and each cell's coordinate as a small label. Square cells are named like a chess board, a column letter
and a row number from the top-left (``A1``, ``B1``, ... ``AA1`` after ``Z1``); hexes as wargame maps name them, the
column then the row in two digits each (``0101``, ``0201``, ...). Flat-topped hexes stand in columns, every second
column half a hex lower; pointy-topped hexes in rows, every second row half a hex to the right. The numbers and
the outline of one hex are those of a size's ``shape: hex`` (``render/outline.py``), so a hex grid printed on a
board fits the hex tiles and counters of the same ``across_flats``. A mistake in the arguments raises
``ValueError``, which the template environment reports as an error of the template that called the helper.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from pnpforge.render.outline import hex_corners

MAX_CELLS = 10_000
COLOUR_CHARACTERS = set("#0123456789abcdefABCDEF")


def column_name(index: int) -> str:
    """A column letter from 0: A ... Z, AA, AB, ..."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 200:
        raise ValueError(f"{name}: expected a whole number from 1 to 200, found {value!r}")
    return value


def _length(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1000:
        raise ValueError(f"{name}: expected mm above 0 and at most 1000, found {value!r}")
    return float(value)


def _colour(value: Any) -> str:
    text = str(value)
    if not (text.startswith("#") and len(text) in (4, 7) and set(text) <= COLOUR_CHARACTERS):
        raise ValueError(f"colour: expected #rgb or #rrggbb, found {value!r}")
    return text


def _block(width: float, height: float, path: str, labels: list[tuple[float, float, float, str]], colour: str,
           stroke: float, font_pt: float) -> Markup:
    """The grid's block: the path in an SVG of its size, then the labels (centre x, top y, box width, text)."""
    parts = [f'<div class="pnp-grid" style="position:relative;width:{width:.3f}mm;height:{height:.3f}mm">',
             f'<svg style="position:absolute;left:0;top:0;width:{width:.3f}mm;height:{height:.3f}mm" '
             f'viewBox="0 0 {width:.3f} {height:.3f}"><path d="{path}" fill="none" stroke="{colour}" '
             f'stroke-width="{stroke:g}" stroke-linejoin="round"/></svg>']
    for cx, top, box, text in labels:
        parts.append(f'<span style="position:absolute;left:{cx - box / 2:.3f}mm;top:{top:.3f}mm;width:{box:.3f}mm;'
                     f'text-align:center;font-size:{font_pt:g}pt;line-height:1;color:{colour}">{escape(text)}</span>')
    parts.append("</div>")
    return Markup("".join(parts))


def square_grid(columns: int, rows: int, pitch: float, labels: bool = True, colour: str = "#333333",
                stroke: float = 0.25, font_pt: float = 5) -> Markup:
    """``columns`` x ``rows`` squares of ``pitch`` mm, each labelled in its top-left corner when ``labels``."""
    columns, rows = _count(columns, "columns"), _count(rows, "rows")
    pitch, stroke = _length(pitch, "pitch"), _length(stroke, "stroke")
    if columns * rows > MAX_CELLS:
        raise ValueError(f"square_grid: at most {MAX_CELLS} cells, found {columns * rows}")
    width, height = columns * pitch, rows * pitch
    lines = [f"M{c * pitch:.3f} 0V{height:.3f}" for c in range(columns + 1)]
    lines += [f"M0 {r * pitch:.3f}H{width:.3f}" for r in range(rows + 1)]
    named = [(c * pitch + pitch / 2, r * pitch + 0.6, pitch, f"{column_name(c)}{r + 1}")
             for r in range(rows) for c in range(columns)] if labels else []
    return _block(width, height, "".join(lines), named, _colour(colour), stroke, font_pt)


def hex_centres(columns: int, rows: int, across_flats: float, top: str) -> tuple[float, float, list]:
    """The grid's width and height and each hex's (column, row, centre x, centre y), in reading order."""
    radius = across_flats / 3 ** 0.5
    if top == "flat":
        width = 2 * radius + (columns - 1) * 1.5 * radius
        height = rows * across_flats + (across_flats / 2 if columns > 1 else 0)
        cells = [(c, r, radius + c * 1.5 * radius, across_flats / 2 + r * across_flats + (c % 2) * across_flats / 2)
                 for r in range(rows) for c in range(columns)]
    else:
        width = columns * across_flats + (across_flats / 2 if rows > 1 else 0)
        height = 2 * radius + (rows - 1) * 1.5 * radius
        cells = [(c, r, across_flats / 2 + c * across_flats + (r % 2) * across_flats / 2, radius + r * 1.5 * radius)
                 for r in range(rows) for c in range(columns)]
    return width, height, cells


def hex_grid(columns: int, rows: int, across_flats: float, top: str = "flat", labels: bool = True,
             colour: str = "#333333", stroke: float = 0.25, font_pt: float = 5) -> Markup:
    """``columns`` x ``rows`` hexes ``across_flats`` mm across, ``flat`` or ``pointy`` on top, each labelled
    near its top when ``labels``."""
    columns, rows = _count(columns, "columns"), _count(rows, "rows")
    across_flats, stroke = _length(across_flats, "across_flats"), _length(stroke, "stroke")
    if top not in ("flat", "pointy"):
        raise ValueError(f"hex_grid: top: expected flat or pointy, found {top!r}")
    if columns * rows > MAX_CELLS:
        raise ValueError(f"hex_grid: at most {MAX_CELLS} cells, found {columns * rows}")
    hex_w, hex_h, corners = hex_corners(across_flats, top)
    width, height, cells = hex_centres(columns, rows, across_flats, top)
    path = []
    named = []
    for c, r, cx, cy in cells:
        points = [(cx + x - hex_w / 2, cy + y - hex_h / 2) for x, y in corners]
        path.append("M" + "L".join(f"{x:.3f} {y:.3f}" for x, y in points) + "Z")
        if labels:
            named.append((cx, cy - across_flats * 0.42, across_flats * 0.6, f"{c + 1:02d}{r + 1:02d}"))
    return _block(width, height, "".join(path), named, _colour(colour), stroke, font_pt)
