"""Text fit: shrink a box's text in steps until it fits, down to the layout's floor size.

Text is measured with the vendored fonts' advance widths and broken into lines greedily at spaces, the way the
PDF stage breaks it (no hyphenation). Widths are linear in the font size, so each paragraph is measured once and
every candidate size is a multiplication. An inline icon counts as a square of ``ICON_EM`` plus a space.
Below the floor the text is set at the floor size and the build reports a warning naming the item and field.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpforge.content import markup
from pnpforge.content.text import ICON_PATTERN
from pnpforge.findings import Finding
from pnpforge.render.fonts import STYLES, FontSet
from pnpforge.render.layouts import FitSpec, Zone

PT_PER_MM = 72 / 25.4
ICON_EM = 1.05  # the width an inline icon takes, in em (its CSS box plus a hair of spacing)
WIDTH_SLACK = 0.97  # measure against 97% of the box: Pango's shaping may differ from plain advances
STYLE_AXES = {style: (weight, slant == "italic") for style, (slant, weight) in STYLES.items()}  # (weight, italic)
AXES_STYLE = {axes: style for style, axes in STYLE_AXES.items()}


@dataclass(frozen=True)
class Run:
    """A piece of a paragraph in one face (``role/style``)."""

    text: str
    font: str


@dataclass(frozen=True)
class Fit:
    """The size chosen for one text box."""

    size: float
    line_height: float
    pad: float
    gap: float
    fits: bool
    lines: int

    @property
    def style(self) -> str:
        """CSS for the box: the chosen size and the line height the measurement assumed."""
        return (f"font-size:{self.size:g}pt;line-height:{self.line_height:g};padding:{self.pad:g}mm;"
                "box-sizing:border-box;overflow:hidden;")

    @property
    def paragraph_style(self) -> str:
        """CSS for each paragraph in the box: the gap the measurement assumed."""
        return f"margin:0 0 {self.gap * self.line_height:g}em 0;"


def emphasised(text: str, font: str) -> list[Run]:
    """The runs of a piece of player text set in ``font`` (``role/style``): its ``**bold**`` and ``*italic*``
    (``content.markup``) in the role's bold and italic faces, the markers left out."""
    role, _, style = font.partition("/")
    weight, slanted = STYLE_AXES.get(style or "regular", (400, False))
    runs = []
    for piece in markup.styled(text):
        axes = (max(weight, 700) if piece.bold else weight, slanted or piece.italic)
        runs.append(Run(piece.text, f"{role}/{AXES_STYLE.get(axes, style or 'regular')}"))
    return runs


def _words(paragraph: list[Run], fonts: FontSet) -> tuple[list[float], float]:
    """Widths of the paragraph's words at 1 pt, and the width of a space."""
    widths: list[float] = []
    space = 0.0
    glue = False  # the previous run ended inside a word
    for run in paragraph:
        metrics = fonts.metrics(run.font)
        space = space or metrics.width(" ", 1.0)
        pieces = run.text.split(" ")
        for index, piece in enumerate(pieces):
            width = _piece_width(piece, metrics)
            if index == 0 and glue and widths:
                widths[-1] += width
            elif piece or index == 0:
                widths.append(width)
        glue = bool(pieces[-1])
    return [w for w in widths if w > 0], space


def _piece_width(piece: str, metrics) -> float:
    """Width at 1 pt of a piece of a word, its icons counted as squares."""
    width = 0.0
    last = 0
    for match in ICON_PATTERN.finditer(piece):
        width += metrics.width(piece[last:match.start()], 1.0) + ICON_EM
        last = match.end()
    return width + metrics.width(piece[last:], 1.0)


def count_lines(words: list[float], space: float, size: float, width_pt: float) -> int | None:
    """Lines the words take at ``size`` in a box ``width_pt`` wide (None when a word alone is too wide)."""
    lines, current = 0, None
    for word in words:
        w = word * size
        if w > width_pt:
            return None
        if current is None:
            lines, current = lines + 1, w
        elif current + space * size + w <= width_pt:
            current += space * size + w
        else:
            lines, current = lines + 1, w
    return lines


def fit_text(paragraphs: list[list[Run]], spec: FitSpec, zone: Zone, fonts: FontSet) -> Fit:
    """The largest size, from ``spec.size`` down to ``spec.floor`` in steps, at which the paragraphs fit."""
    measured = [_words(p, fonts) for p in paragraphs if any(run.text.strip() for run in p)]
    width_pt = (zone.w - 2 * spec.pad) * PT_PER_MM * WIDTH_SLACK
    height_pt = (zone.h - 2 * spec.pad) * PT_PER_MM
    size = spec.size
    while True:
        lines = _total_lines(measured, size, width_pt)
        if lines is not None and _height(lines, len(measured), size, spec) <= height_pt + 1e-6:
            return Fit(size, spec.line_height, spec.pad, spec.gap, True, lines)
        smaller = round(size - spec.step, 3)
        if smaller < spec.floor - 1e-9 or spec.step <= 0:
            return Fit(spec.floor, spec.line_height, spec.pad, spec.gap, False, lines or 0)
        size = smaller


def _total_lines(measured: list[tuple[list[float], float]], size: float, width_pt: float) -> int | None:
    """Lines all paragraphs take at ``size`` (None when a word does not fit a line)."""
    total = 0
    for words, space in measured:
        lines = count_lines(words, space, size, width_pt)
        if lines is None:
            return None
        total += lines
    return total


def _height(lines: int, paragraphs: int, size: float, spec: FitSpec) -> float:
    """Height in points of the lines plus the gaps between paragraphs."""
    line = size * spec.line_height
    return lines * line + max(paragraphs - 1, 0) * spec.gap * line


def overflow_finding(subject: str, field: str, spec: FitSpec, mark) -> Finding:
    """The warning for text that does not fit even at the floor size."""
    return Finding("warning", f"{field}: text does not fit its box ('{spec.zone}') even at the floor size "
                              f"{spec.floor:g} pt; shorten it or enlarge the zone",
                   mark=mark, subject=subject, rule="render-fit")
