"""``{map ...}``: a map figure on a rules page, drawn from the pack's data by the drawer faces use.

``{map ITEM}`` draws the item's first map: a ``grid`` field, or a list of tiles (objects whose ``tile`` refers to an
item with a ``grid`` field, placed by ``x``, ``y``, ``turn`` and ``mirror``) joined as the engine joins them.
``{map ITEM.FIELD}`` names the field. After the item come options: ``cell=MM`` (a square's side in the PDF, 6 by
default) and markers such as ``B3=1`` (a short label in a disc on that square). The figure carries the map's
coordinates, column letters above and row numbers beside it, so that the text can name squares. The same SVG goes
into the PDF rulebook and the web page (``render/map_drawing.py``: one drawer for faces, rulebook and site); every
mistake is an error at the macro's line and column, and the macro is then drawn as a visible mark.

A game package may read an item's map its own way (``GamePackage.item_map``: a mission that names its tiles by
their printed side numbers, say, with its entrances, doors and objective squares) and the position a scenario file
of ``examples/`` starts from (``GamePackage.example_map``, drawn by ``{map example:STEM}`` with its pieces
labelled): the game gives the board and its marks (``engine/map_marks.py``), this figure draws them with the key the
game writes under the name. This module knows no game.
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from pnpforge.content.fields import GridField, ListField, ObjectField, RefField
from pnpforge.content.pack import Item
from pnpforge.engine.contract import GamePackage
from pnpforge.engine.grid import Cell, Grid
from pnpforge.engine.map_marks import MapMarks
from pnpforge.games import load_package
from pnpforge.publish.rulebook.examples import EXAMPLE_NAME, EXAMPLES_DIR, replay_example
from pnpforge.publish.rulebook.markdown import Where
from pnpforge.render.map_drawing import cell_named, field_grid, joined, map_svg

if TYPE_CHECKING:
    from pnpforge.publish.rulebook.macros import Macros

CELL_MM = 6.0
MAX_MARKER = 3  # characters in a marker's label
EXAMPLE = "example:"  # {map example:STEM}: the position a scenario of examples/ starts from
TARGET = re.compile(r"^([a-z0-9][a-z0-9-]*)(?:\.([a-z][a-z0-9_]*))?$")


class MapProblem(ValueError):
    """What is wrong with a ``{map}`` macro, in a sentence."""


def map_figure(macros: Macros, args: str, page: str, where: Where | None) -> Markup:
    """The figure of ``{map ITEM[.FIELD] [cell=MM] [SQUARE=LABEL ...]}`` or ``{map example:STEM ...}``, or a
    visible mark and an error."""
    words = args.split()
    marks: MapMarks | None = None
    try:
        if not words:
            raise MapProblem("{map} needs an item id: {map ITEM}, {map ITEM.FIELD} or {map example:STEM}")
        if words[0].startswith(EXAMPLE):
            name, example = _example(macros, words[0][len(EXAMPLE):])
            marks, grid = example, example.grid
        else:
            item, grid, marks = _grid(macros, words[0])
            name = macros.t(item.get("name", item.id))
        cell, markers = _options(words[1:], grid)
    except MapProblem as exc:
        macros.error(page, where, str(exc))
        return Markup(f'<span class="rb-missing">{{map {escape(args)}}}</span>')
    border = marks is None or not marks.outline
    svg = map_svg(grid, border, cell, coordinates=True, markers=markers, marks=marks)
    key = Markup("").join(Markup('<span class="rb-map-key">{}</span>').format(line) for line in
                          (marks.key if marks is not None else ()))
    return (Markup('<figure class="rb-map">') + svg +
            Markup("<figcaption>{}{}</figcaption></figure>").format(name, key))


def _game(macros: Macros) -> GamePackage | None:
    """The pack's game package, when it names one."""
    engine = macros.pack.game.engine
    return load_package(engine) if engine else None


def _checked(marks: MapMarks, what: str) -> MapMarks:
    """The game's marks, or the first thing wrong with them as a problem of the figure."""
    wrong = marks.problems()
    if wrong:
        raise MapProblem(f"{{map}}: {what}: {wrong[0]}")
    return marks


def _example(macros: Macros, stem: str) -> tuple[str, MapMarks]:
    """The name of ``examples/<stem>.yaml`` and the position it starts from, as the game package reads it; an
    example the engine cannot replay is a problem of the figure."""
    replayed = replay_example(macros, stem) if EXAMPLE_NAME.fullmatch(stem) else None
    if replayed is None:
        known = sorted(p.stem for p in (macros.pack.root / EXAMPLES_DIR).glob("*.yaml"))
        near = difflib.get_close_matches(stem, known, n=1)
        hint = f"; did you mean 'example:{near[0]}'?" if near else ""
        raise MapProblem(f"{{map}}: no example '{stem}' in {EXAMPLES_DIR}/{hint}")
    package = _game(macros)
    if package is None or package.example_map is None:
        raise MapProblem(f"{{map}}: pack '{macros.pack.id}' has no game package that reads an example's position")
    wrong = [f for f in replayed.findings if f.severity == "error"]
    if wrong:
        raise MapProblem(f"{{map}}: example '{stem}' does not replay: {wrong[0].message}")
    data = replayed.doc.data if isinstance(replayed.doc.data, dict) else {}
    try:
        marks = package.example_map(macros.pack, macros.pack.root / EXAMPLES_DIR / f"{stem}.yaml")
    except ValueError as exc:
        raise MapProblem(f"{{map}}: example '{stem}': {exc}") from None
    return macros.t(data.get("name", stem)), _checked(marks, f"example '{stem}'")


def _grid(macros: Macros, target: str) -> tuple[Item, Grid, MapMarks | None]:
    """The item named by ``ITEM`` or ``ITEM.FIELD``, the map it holds and the game's marks on it: the game
    package's reading of the item first (``GamePackage.item_map``), else a ``grid`` field or a list of tiles."""
    found = TARGET.match(target)
    if found is None:
        raise MapProblem(f"{{map}}: expected an item id or ITEM.FIELD, found {target!r}")
    item_id, field_name = found.groups()
    item = macros.items.get(item_id)
    if item is None:
        near = difflib.get_close_matches(item_id, list(macros.items), n=1)
        hint = f"; did you mean '{near[0]}'?" if near else ""
        raise MapProblem(f"{{map}}: unknown item '{item_id}'{hint}")
    package = _game(macros)
    if field_name is None and package is not None and package.item_map is not None:
        try:
            marks = package.item_map(macros.pack, item)
        except ValueError as exc:
            raise MapProblem(f"{{map}}: {item.type} '{item.id}': {exc}") from None
        if marks is not None:
            return item, marks.grid, _checked(marks, f"{item.type} '{item.id}'")
    fields = macros.pack.types[item.type].fields
    maps = [name for name in fields if _kind_of_map(macros, item.type, name)]
    if field_name is None:
        if not maps:
            raise MapProblem(f"{{map}}: {item.type} '{item.id}' has no map: no grid field and no list of tiles")
        field_name = maps[0]
    elif field_name not in maps:
        what = "has no field" if field_name not in fields else "holds no map in its field"
        raise MapProblem(f"{{map}}: {item.type} '{item.id}' {what} '{field_name}'; its maps: "
                         f"{', '.join(maps) or 'none'}")
    value = item.get(field_name)
    if _kind_of_map(macros, item.type, field_name) == "grid":
        grid = field_grid(value)
        if grid is None:
            raise MapProblem(f"{{map}}: {item.type} '{item.id}': {field_name} holds no map")
        return item, grid, None
    try:
        return item, joined(value, lambda tile, own: _tile_value(macros, tile, own)), None
    except ValueError as exc:
        raise MapProblem(f"{{map}}: {item.type} '{item.id}': {field_name}: {exc}") from None


def _kind_of_map(macros: Macros, type_name: str, field_name: str) -> str | None:
    """``grid`` for a grid field, ``tiles`` for a list of objects whose ``tile`` refers to a type with a map."""
    spec = macros.pack.types[type_name].fields[field_name]
    if isinstance(spec, GridField):
        return "grid"
    if isinstance(spec, ListField) and isinstance(spec.of, ObjectField):
        tile = spec.of.fields.get("tile")
        if isinstance(tile, RefField) and tile.to in macros.pack.types:
            if any(f.kind == "grid" for f in macros.pack.types[tile.to].fields.values()):
                return "tiles"
    return None


def _tile_value(macros: Macros, tile: Any, own: Any = None) -> Any:
    """The value of the grid field ``own`` (the side face up) of the item a tile names, else its first grid
    field's value, or None."""
    item = macros.items.get(str(tile))
    if item is None:
        return None
    if own is not None:
        return item.get(str(own))
    for name, spec in macros.pack.types[item.type].fields.items():
        if spec.kind == "grid":
            return item.get(name)
    return None


def _options(words: list[str], grid: Grid) -> tuple[float, dict[Cell, str]]:
    """``cell=MM`` and the markers ``SQUARE=LABEL``."""
    cell, markers = CELL_MM, {}
    for word in words:
        key, sign, value = word.partition("=")
        if not sign or not value:
            raise MapProblem(f"{{map}}: expected cell=MM or a marker such as B3=1, found {word!r}")
        if key == "cell":
            try:
                cell = float(value)
            except ValueError:
                cell = 0.0
            if not 2 <= cell <= 30:
                raise MapProblem(f"{{map}}: cell: a square is from 2 to 30 mm a side, found {value!r}")
            continue
        try:
            square = cell_named(key, grid)
        except ValueError as exc:
            raise MapProblem(f"{{map}}: {exc}") from None
        if len(value) > MAX_MARKER:
            raise MapProblem(f"{{map}}: the marker on {key} is at most {MAX_MARKER} characters, found {value!r}")
        markers[square] = value
    return cell, markers
