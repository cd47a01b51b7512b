"""Figures of scenarios on the table (the package's ``example_plane``), drawn by the plane kit's drawer.

The scenario is played by the script runner as ``replay`` plays it (``table_play.py``), and the figure shows where
it ends: each side's bases in its colour (the first faction of game.yaml red, the second blue), a dashed outline
where a model stood before it moved or fell, each blast where it landed with a measured line from its aim point,
the named points (objectives, aim points), and for each ``fire`` or ``charge`` the sight line between the nearest
models as the position stood before the choices: measured when open, red when something blocks it. The key says
what each mark means, only for the marks the figure has.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.content.source import LoadError, load_yaml_shared
from pnpforge.engine.plane import Base, Point, dist2
from pnpforge.engine.plane_figure import PlaneFigure
from pnpforge.engine.plane_sight import sight
from pnpforge.engine.script import play
from pnpforge.games.dystopian_legions import table_play, templates
from pnpforge.games.dystopian_legions.table_play import TableState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

LOOKS = ("fire", "charge")  # choices whose sight line the figure draws


def _choices(path: Path) -> list[dict[str, Any]]:
    try:
        data = load_yaml_shared(path).data
    except LoadError:
        return []
    return [c for c in (data.get("choices") or []) if isinstance(c, dict)] if isinstance(data, dict) else []


def _nearest_pair(first: list[Base], second: list[Base]) -> tuple[Base, Base]:
    return min(
        ((a, b) for a in first for b in second), key=lambda ab: (dist2(ab[0].centre, ab[1].centre), ab[0].id, ab[1].id)
    )


def _sight_lines(start: TableState, path: Path) -> tuple[list[tuple[Point, Point]], list[tuple[Point, Point]]]:
    clear: list[tuple[Point, Point]] = []
    blocked: list[tuple[Point, Point]] = []
    for choice in _choices(path):
        for kind in LOOKS:
            pair = choice.get(kind)
            if not isinstance(pair, list) or len(pair) != 2:
                continue
            mine, theirs = (start.unit(str(name)) for name in pair)
            if mine is None or theirs is None or not start.bases(mine) or not start.bases(theirs):
                continue
            a, b = _nearest_pair(start.bases(mine), start.bases(theirs))
            line = sight(a, b, start.field.pieces, start.field.bases)
            (clear if line.open else blocked).append((a.centre, b.centre))
    return clear, blocked


def example_plane(pack: Pack, path: Path) -> PlaneFigure:
    """The position a table scenario ends in, with where it started; ``ValueError`` for a file that sets no
    position on the table or does not replay."""
    if not table_play.on_table_file(path):
        raise ValueError("it sets no position on the table (no 'table:')")
    played = play(table_play.ADAPTER, pack, path)
    first, final = played.first, played.final
    if played.findings or not isinstance(first, TableState) or not isinstance(final, TableState):
        raise ValueError(played.findings[0].message if played.findings else "the scenario sets up no position")
    start = first.game.start
    factions = [f.id for f in pack.game.factions]
    groups = {}
    for unit in start.units.values():
        player = start.players[unit.player]
        group = factions.index(player) if player in factions else unit.player
        groups.update({base_id: group for base_id, _ in unit.models})
    now = {b.id: b for b in final.field.bases}
    ghosts = tuple(b for b in first.field.bases if now.get(b.id) != b)
    shapes = tuple(templates.blast(c) for _, centres in final.landed for c in centres)
    scattered = [(aim, centres[0]) for aim, centres in final.landed]
    clear, blocked = _sight_lines(first, path)
    lines = tuple(scattered + clear)
    marks = tuple((at, name) for name, at in start.points.items())
    key = _key(pack, start.players, ghosts, shapes, clear, blocked, marks, first)
    return PlaneFigure(
        final.field.table,
        final.field.pieces,
        final.field.bases,
        groups,
        ghosts,
        shapes,
        lines,
        tuple(blocked),
        marks,
        key,
    )


def _key(
    pack: Pack,
    players: tuple[str, ...],
    ghosts: tuple,
    shapes: tuple,
    clear: list,
    blocked: list,
    marks: tuple,
    first: TableState,
) -> tuple[str, ...]:
    names = {f.id: f.name for f in pack.game.factions}
    factions = [f.id for f in pack.game.factions]
    colours = ("red", "blue")
    sides = []
    for player in players:
        group = factions.index(player) if player in factions else players.index(player)
        sides.append(f"{colours[group % 2]}: {names.get(player, player)}")
    lines = ["Bases in " + " and ".join(sides) + ", each with a stroke to its front."]
    kinds = {kind for _, kind in _kinds(first)}
    terrain = {
        "building": "grey: a building, which blocks sight",
        "wood": "green: a wood, seen into through 3 inches",
        "wall": "grey: a wall, which blocks sight",
    }
    said = [terrain[k] for k in ("building", "wall", "wood") if k in kinds]
    if said:
        lines.append("Terrain in " + "; ".join(said) + ".")
    marks_said = []
    if ghosts:
        marks_said.append("dashed outline: where a model stood before it moved or fell")
    if shapes:
        marks_said.append("yellow disc: the 3-inch blast where it landed, measured from its aim point")
    if clear:
        marks_said.append("dashed black line: an open sight line, measured")
    if blocked:
        marks_said.append("dashed red line: a sight line something blocks")
    if marks:
        marks_said.append("black ring: a named point")
    if marks_said:
        lines.append("; ".join(marks_said).capitalize() + ".")
    return tuple(lines)


def _kinds(first: TableState) -> list[tuple[str, str]]:
    found = []
    for piece in first.field.pieces:
        kind = "wood" if piece.open_depth else "building" if piece.blocks_sight else "open"
        found.append((piece.id, kind))
    return found
