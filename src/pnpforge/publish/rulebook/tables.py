"""Column widths for the rulebook's tables, decided before layout.

WeasyPrint's automatic table layout measures every cell several times; with ``table-layout: fixed`` and widths
given here, a table is laid out in one go. A column's share follows the length of its longest cell, but never
falls below what its longest word needs, and long texts do not crowd the others out.
"""

from __future__ import annotations

import re

from markupsafe import Markup

SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
TAG = re.compile(r"<[^>]+>")

ICON_CHARS = 2.5  # an icon is about as wide as this many letters
HEADING = 1.45  # headings are set in spaced capitals: wider per letter
LONGEST = 48  # beyond this many letters a cell wraps anyway


def column_widths(columns: list[list[tuple[str, int]]]) -> list[float]:
    """Percentages per column, from each cell's ``(text, icons)``; a column's first cell is its heading."""
    weights = []
    for cells in columns:
        scaled = [(text, icons, HEADING if row == 0 else 1.0) for row, (text, icons) in enumerate(cells)]
        natural = max((len(text) * k + icons * ICON_CHARS for text, icons, k in scaled), default=1)
        word = max((max((len(w) for w in text.split()), default=0) * k + (ICON_CHARS if icons else 0)
                    for text, icons, k in scaled), default=1)
        weights.append(max(min(natural, LONGEST), word * 1.15, 3.0))
    total = sum(weights) or 1.0
    return [round(100 * w / total, 2) for w in weights]


def colgroup(widths: list[float]) -> Markup:
    """``<colgroup>`` with the widths in per cent."""
    return Markup("<colgroup>" + "".join(f'<col style="width:{w:g}%">' for w in widths) + "</colgroup>")


def measured(html: str) -> tuple[str, int]:
    """A rendered cell as ``(text, icons)``."""
    icons = html.count("<svg")
    return " ".join(TAG.sub(" ", SVG.sub(" ", html)).split()), icons
