"""Deck sheets for Tabletop Simulator: how many cells across and down, and how large each cell is.

Tabletop Simulator cuts a deck image into ``NumWidth`` x ``NumHeight`` equal cells, at most 10 x 7, and the image
may be at most 4096 px on either side. The last cell is the hidden card (what players see of a card in someone
else's hand), so a sheet holds at most 69 cards; a longer deck is split over several sheets. Each sheet takes
the grid that draws its cards largest (a deck of 12 gets larger cells than one of 69), never above 300 dpi, and
never smaller than 2 x 2 (the smallest deck Tabletop Simulator imports).
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_COLUMNS, MAX_ROWS = 10, 7
MIN_COLUMNS, MIN_ROWS = 2, 2
MAX_PIXELS = 4096
MAX_DPI = 300.0
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last cell is the hidden card
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class SheetGrid:
    """One deck sheet: its cells, each card's pixel size, and the resolution that gives it."""

    columns: int
    rows: int
    cell_width: int
    cell_height: int
    dpi: float

    @property
    def size(self) -> tuple[int, int]:
        """The sheet's pixel size."""
        return self.columns * self.cell_width, self.rows * self.cell_height

    @property
    def hidden_cell(self) -> int:
        """The index of the hidden card's cell: the last one."""
        return self.columns * self.rows - 1

    def cell_origin(self, index: int) -> tuple[int, int]:
        """The top-left pixel of a cell, cells counted row by row from the top left."""
        row, column = divmod(index, self.columns)
        return column * self.cell_width, row * self.cell_height


def split(count: int) -> list[int]:
    """How many cards each sheet of a deck of ``count`` holds: 69 a sheet, the rest on the last."""
    sizes = [CARDS_PER_SHEET] * (count // CARDS_PER_SHEET)
    if count % CARDS_PER_SHEET or not sizes:
        sizes.append(count % CARDS_PER_SHEET)
    return sizes


def sheet_grid(cards: int, width_mm: float, height_mm: float) -> SheetGrid:
    """The grid holding ``cards`` cards and the hidden one that draws them largest.

    Among grids with enough cells the one with the highest resolution wins, then the one with fewer cells.
    """
    if not 0 < cards <= CARDS_PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {CARDS_PER_SHEET} cards, not {cards}")
    best: tuple[float, int, int, int] | None = None
    for columns in range(MIN_COLUMNS, MAX_COLUMNS + 1):
        for rows in range(MIN_ROWS, MAX_ROWS + 1):
            if columns * rows < cards + 1:
                continue
            dpi = min(MAX_PIXELS / (columns * width_mm / MM_PER_INCH),
                      MAX_PIXELS / (rows * height_mm / MM_PER_INCH), MAX_DPI)
            candidate = (-dpi, columns * rows, columns, rows)
            if best is None or candidate < best:
                best = candidate
    assert best is not None  # a sheet of the largest grid holds CARDS_PER_SHEET cards and the back
    _, _, columns, rows = best
    return _fitted(columns, rows, width_mm, height_mm)


def _fitted(columns: int, rows: int, width_mm: float, height_mm: float) -> SheetGrid:
    """Whole-pixel cells for the grid: the largest that keep the card's proportions and the sheet within 4096 px."""
    dpi = min(MAX_PIXELS / (columns * width_mm / MM_PER_INCH), MAX_PIXELS / (rows * height_mm / MM_PER_INCH),
              MAX_DPI)
    while True:
        cell_width = round(width_mm / MM_PER_INCH * dpi)
        cell_height = round(height_mm / MM_PER_INCH * dpi)
        if cell_width * columns <= MAX_PIXELS and cell_height * rows <= MAX_PIXELS:
            return SheetGrid(columns, rows, cell_width, cell_height, dpi)
        dpi *= 0.999  # rounding up took a side past the limit: a hair smaller
