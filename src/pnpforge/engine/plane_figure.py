"""What a figure of a position on the table shows: the table, its terrain, the bases with their side's colour,
where moved bases stood before, templates, measured and blocked lines, named points, and a key in the pack's words.

A game package reads a scenario of ``examples/`` into one (``GamePackage.example_plane``); the rulebook's
``{plane example:STEM}`` figure, the web page that shows the same chapter and ``pnpforge replay --svg`` draw it with
the plane kit's one drawer (``plane_svg.drawing``). Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pnpforge.engine.plane import Base, Point, Shape, Table
from pnpforge.engine.plane_sight import Piece
from pnpforge.engine.plane_svg import drawing

SCOPE = "plane-figure"  # the class an inline figure's style is limited to
MAX_MARK = 12  # characters a named point's label holds


@dataclass(frozen=True)
class PlaneFigure:
    """A position to draw. ``groups`` picks each base's colour (a side); ``lines`` are measured (their length is
    written beside them), ``blocked`` are sight lines that something stops; ``marks`` are named points; ``key`` the
    figure's key, line by line."""

    table: Table
    pieces: tuple[Piece, ...] = ()
    bases: tuple[Base, ...] = ()
    groups: Mapping[str, int] = field(default_factory=dict)
    ghosts: tuple[Base, ...] = ()
    templates: tuple[Shape, ...] = ()
    lines: tuple[tuple[Point, Point], ...] = ()
    blocked: tuple[tuple[Point, Point], ...] = ()
    marks: tuple[tuple[Point, str], ...] = ()
    key: tuple[str, ...] = ()

    def problems(self) -> list[str]:
        """What a game package got wrong: a base or a mark off the table, a label too long."""
        found = [f"base {b.id} lies off the table" for b in self.bases if not self.table.holds(b.shape)]
        for at, name in self.marks:
            if not (0 <= at[0] <= self.table.width and 0 <= at[1] <= self.table.height):
                found.append(f"mark {name!r} lies off the table")
            if not 1 <= len(name) <= MAX_MARK:
                found.append(f"mark label {name!r}: 1 to {MAX_MARK} characters")
        return found

    def svg(self, width_mm: int | None = None) -> str:
        """The SVG text, printed ``width_mm`` wide (the table's real size without it)."""
        return drawing(
            self.table,
            self.pieces,
            self.bases,
            self.templates,
            self.lines,
            self.groups,
            labels=True,
            ghosts=self.ghosts,
            blocked=self.blocked,
            marks=self.marks,
            width_mm=width_mm,
            scope=SCOPE,
        )
