"""Siege's maps for the rulebook's ``{map}`` figures, read as the engine reads them: a mission's joined sides with
its entrances, door tokens, tokens and objective squares (``data.mission_of``, the reading play uses), and the
position a scenario of ``examples/`` starts from, set up by the script runner as ``replay`` sets it up (its map, its
figures numbered in the file's order, its tokens and the lines of sight it asks about). The drawing and the figure
are shared (``engine/map_marks.py``, ``render/map_drawing.py``, ``publish/rulebook/maps.py``); this module only
says where each mark stands and what the key calls it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnpforge.engine.grid import Cell, Grid
from pnpforge.engine.map_marks import Entrance, MapMarks, Piece, Sight
from pnpforge.engine.script import play
from pnpforge.games.siege_of_the_citadel.data import Mission, mission_of
from pnpforge.games.siege_of_the_citadel.game import LEGION
from pnpforge.games.siege_of_the_citadel.replay import ADAPTER
from pnpforge.games.siege_of_the_citadel.state import SiegeState

if TYPE_CHECKING:
    from pnpforge.content.pack import Item, Pack

ENTRANCE = {"white": "#f4f1ea", "red": "#b3261e"}  # the colours of the mission brief's entrances
TOKENS = {
    "terminal": "TERM",
    "defence_turret": "TUR",
    "debris": "DEB",
    "equipment_container": "BOX",
    "primary_target": "TGT",
    "cell_sample": "CELL",
    "message": "MSG",
    "portal": "PORT",
    "scan": "SCAN",
    "trap": "TRAP",
}  # the labels the mission brief gives the tokens
DOOMTROOPERS, CREATURES, TOKEN = 0, 1, 2  # colour groups: blue, dark red, green


def _closed(grid: Grid, doors: tuple | frozenset) -> Grid:
    """The map with a door token on each of ``doors``: closed, as the brief shows them."""
    for key in doors:
        grid = grid.with_door(key, False)
    return grid


def _entrances(mission: Mission) -> tuple[Entrance, ...]:
    return tuple(Entrance(e.cell, e.direction, ENTRANCE.get(e.colour, ENTRANCE["white"])) for e in mission.entrances)


def _tiles(mission: Mission, taken: set[Cell]) -> tuple[tuple[Cell, str], ...]:
    """Each side's number in its first square, reading from the top-left, that no mark covers, for a map joined from
    the pack's sides (none for a scenario's own ASCII map)."""
    if len(mission.tiles) == 1 and mission.tiles[0] == 0:
        return ()
    found = []
    for number, cells in zip(mission.tiles, mission.tile_cells):
        order = sorted(cells, key=lambda c: (c[1], c[0]))
        free = [c for c in order if c not in taken]
        if order:
            found.append(((free or order)[0], str(number)))
    return tuple(found)


def _tokens(tokens: dict[Cell, str]) -> tuple[tuple[Piece, ...], tuple[str, ...]]:
    """Tokens as labelled pieces and a line of the key for each kind."""
    pieces = tuple(Piece(cell, TOKENS.get(token, token[:4].upper()), TOKEN) for cell, token in sorted(tokens.items()))
    kinds = sorted(set(tokens.values()))
    key = ("Tokens: " + ", ".join(f"{TOKENS.get(t, t[:4].upper())} {t.replace('_', ' ')}" for t in kinds) + ".",)
    return pieces, key if kinds else ()


def mission_map(pack: Pack, item: Item) -> MapMarks | None:
    """A mission's map as its brief shows it: the sides, the entrances, the door tokens closed, the tokens and the
    objective squares, with a key to the tokens (the missions chapter says what the other marks mean); None for any
    other item."""
    if item.type != "mission":
        return None
    mission = mission_of(pack, item.id)
    pieces, token_key = _tokens(mission.markers)
    return MapMarks(
        _closed(mission.grid, mission.doors),
        mission.name,
        pieces,
        _entrances(mission),
        mission.targets,
        _tiles(mission, {*mission.markers, *mission.targets}),
        (),
        token_key,
    )


def example_map(pack: Pack, path: Path) -> MapMarks:
    """The position a scenario file starts from, set up by the script runner: its map, its figures numbered in the
    file's order (Doomtroopers blue, creatures red), its tokens, entrances and objective squares, the door tokens
    closed and the lines of sight it asks about, clear or blocked as the engine finds them. The figure takes its
    caption from the file's ``name``."""
    played = play(ADAPTER, pack, path)
    if played.findings or not isinstance(played.first, SiegeState):
        raise ValueError(played.findings[0].message if played.findings else "the scenario sets up no position")
    first: SiegeState = played.first
    mission = first.game.mission
    names = {f.id: f.name for f in pack.game.factions}
    items = pack.by_id()
    pieces, key = [], []
    for number, fig in enumerate(first.figs.values(), 1):
        if fig.cell is None:
            continue
        if fig.side == LEGION:
            what = fig.name
        else:
            weapon = items.get(fig.weapon or "")
            held = f", {weapon.get('name')}" if weapon is not None else ""
            what = f"{names.get(fig.side, fig.side)}, {fig.kind.replace('_', ' ')}{held}"
        pieces.append(Piece(fig.cell, str(number), CREATURES if fig.side == LEGION else DOOMTROOPERS))
        key.append(f"{number} {fig.id}: {what}")
    tokens, token_key = _tokens(first.tokens)
    sight = tuple(
        Sight(tuple(s["from"]), tuple(s["to"]), bool(s["clear"])) for s in (played.outcome or {}).get("sight", [])
    )
    lines = ["; ".join(key) + "."] if key else []
    kinds = [
        words
        for clear, words in ((True, "green line: sight is clear"), (False, "dashed red line: sight is blocked"))
        if any(line.clear == clear for line in sight)
    ]
    if kinds:
        lines.append("; ".join(kinds).capitalize() + ".")
    if mission.grid.doors:
        lines.append("Brown bar: a closed door; white bar: an open one.")
    tiles = _tiles(mission, {p.cell for p in (*pieces, *tokens)} | set(mission.targets))
    return MapMarks(
        _closed(mission.grid, first.doors),
        "",
        (*pieces, *tokens),
        _entrances(mission),
        mission.targets,
        tiles,
        sight,
        (*lines, *token_key),
        outline=not tiles,
    )
