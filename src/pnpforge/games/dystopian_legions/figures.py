"""Figures of scenarios on the table (the package's ``example_plane``), drawn by the plane kit's drawer.

The scenario is played by the script runner as ``replay`` plays it (``table_play.py``), and the figure shows where
it ends: each side's bases in its colour (the first faction of game.yaml red, the second blue), a dashed outline
where a model stood before it moved or fell, each blast where it landed with a measured line from its aim point,
the named points (objectives, aim points), and for each ``fire`` or ``charge`` the sight line between the nearest
models as the position stood before the choices, allowed or refused: measured when open, red when blocked. The key says
what each mark means, only for the marks the figure has.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnpforge.engine.plane import Base, Point, dist2
from pnpforge.engine.plane_figure import PlaneFigure
from pnpforge.engine.plane_sight import Piece, sight
from pnpforge.engine.script import play
from pnpforge.games.dystopian_legions import templates
from pnpforge.games.dystopian_legions.scenario import ADAPTER
from pnpforge.games.dystopian_legions.table import Terrain
from pnpforge.games.dystopian_legions.table_play import TableState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


def _nearest_pair(first: list[Base], second: list[Base]) -> tuple[Base, Base]:
    return min(
        ((a, b) for a in first for b in second), key=lambda ab: (dist2(ab[0].centre, ab[1].centre), ab[0].id, ab[1].id)
    )


def _sight_lines(start: TableState, final: TableState) -> tuple[list[tuple[Point, Point]], list[tuple[Point, Point]]]:
    """The sight line of each fire or charge asked for, allowed or not, between the nearest models as the position
    stood before the choices: open or blocked."""
    clear: list[tuple[Point, Point]] = []
    blocked: list[tuple[Point, Point]] = []
    for section, target in final.asked:
        mine, theirs = start.unit(section), start.unit(target)
        if mine is None or theirs is None or not start.bases(mine) or not start.bases(theirs):
            continue
        a, b = _nearest_pair(start.bases(mine), start.bases(theirs))
        line = sight(a, b, start.field.pieces, start.field.bases, ignore={x.id for x in start.bases(mine)})
        (clear if line.open else blocked).append((a.centre, b.centre))
    return clear, blocked


def example_plane(pack: Pack, path: Path) -> PlaneFigure:
    """The position a table scenario ends in, with where it started; ``ValueError`` for a file that sets no
    position on the table or does not replay."""
    played = play(ADAPTER, pack, path)
    first, final = played.first, played.final
    if played.findings:
        raise ValueError(played.findings[0].message)
    if not isinstance(first, TableState) or not isinstance(final, TableState):
        raise ValueError("it sets no position on the table (no 'table:')")
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
    clear, blocked = _sight_lines(first, final)
    lines = tuple(scattered + clear)
    marks = tuple((at, name) for name, at in start.points.items())
    key = _key(pack, start.players, ghosts, shapes, clear, blocked, marks, first)
    return PlaneFigure(
        final.field.table,
        tuple(_as_drawn(piece, start.kinds[piece.id]) for piece in final.field.pieces),
        final.field.bases,
        groups,
        ghosts,
        shapes,
        lines,
        tuple(blocked),
        marks,
        key,
    )


def _as_drawn(piece: Piece, kind: Terrain) -> Piece:
    """A piece as the figure colours it: one giving hard cover (a building) grey, though its occupants see out of
    it; a wood green; what does not block sight light."""
    return replace(piece, open_depth=0) if kind.cover == "hard" else piece


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
    for group, faction in enumerate(factions):
        if faction in players:
            sides.append(f"{colours[group % 2]} bases: {names.get(faction, faction)}")
    sides += [f"other bases: {p}" for p in players if p not in factions]
    said_sides = "; ".join(sides)
    lines = [said_sides[:1].upper() + said_sides[1:] + "; the stroke on each base points to its front."]
    kinds = {kind for _, kind in _kinds(first)}
    terrain = {
        "building": "grey: a building, which blocks sight",
        "wood": "green: a wood, seen into through 3 inches",
        "stone-wall": "light green: a stone wall, seen across",
        "hedge": "light green: a hedge, seen across",
    }
    said = [words for kind, words in terrain.items() if kind in kinds]
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
    return [(piece, kind.id) for piece, kind in first.game.start.kinds.items()]


def battle_figure(state: object) -> PlaneFigure | None:
    """The package's ``position_figure``: a battle's position as it stands, each section drawn as the block it
    stands on (``table.py``) in its side's colour with its number, the table's terrain and the objectives; None for a
    duel, which has no table."""
    from pnpforge.games.dystopian_legions.battle import BattleState

    if not isinstance(state, BattleState):
        return None
    factions = [f.id for f in state.game.pack.game.factions]
    groups, marks = {}, []
    for unit in state.units:
        if unit.block is None or unit.side.wiped:
            continue
        player = state.game.players[unit.spec.player]
        groups[unit.block.id] = factions.index(player) if player in factions else unit.spec.player
        marks.append((unit.block.centre, unit.block.id))
    marks += [(point, f"obj {n}") for n, point in enumerate(state.objectives, 1)]
    setup = state.game.setup
    names = {f.id: f.name for f in state.game.pack.game.factions}
    sides = "; ".join(
        f"{('red', 'blue')[factions.index(p) % 2] if p in factions else 'grey'} blocks: {names.get(p, p)}"
        for p in state.game.players
    )
    key = (
        sides[:1].upper() + sides[1:] + "; each block is a section, numbered as the transcript numbers it.",
        "Black rings: the sections' centres and the objectives.",
    )
    pieces = tuple(_as_drawn(piece, setup.kinds[piece.id]) for piece in setup.pieces)
    return PlaneFigure(setup.table, pieces, state.blocks(), groups, marks=tuple(marks), key=key)
