"""Where WeasyPrint puts each glyph: Pango's integer arithmetic, reproduced.

Pango asks HarfBuzz for advances at a scale of the font size in 1/1024 px (``int(size_px * 1024)``), which
HarfBuzz multiplies through a 16.16 fixed-point factor, the glyph's own advance and its kerning separately.
WeasyPrint then writes each glyph's width in 1/1000 em, rounded, computed the first time the document draws that
glyph in that font (whatever the size then), and moves to the next glyph by that width less the kerning (the
difference to Pango's advance), truncated. Letter spacing is split by Pango around each glyph: a part before it,
drawn as an offset, and a part after it, with the parts at a line's ends dropped; WeasyPrint writes the offset
in Pango units per pixel of size. Getting all of this right puts every glyph where a WeasyPrint render puts it,
to a thousandth of a point; approximating it shifts long lines by a few hundredths, enough to change pixels.
"""

from __future__ import annotations

from pnpforge.render.native.css import PT
from pnpforge.render.native.fonts import Font

PANGO_UNITS = 1024  # Pango's units per CSS pixel
PX = PT["px"]  # points per CSS pixel


def _scaled(units: int, scale: int, upem: int) -> int:
    """Font units at a scale, as HarfBuzz computes them (16.16 multiplier, rounded)."""
    return (units * ((scale << 16) // upem) + 32768) >> 16


class GlyphWidths:
    """One face's glyph widths as WeasyPrint writes them: fixed by each glyph's first use in the document."""

    def __init__(self) -> None:
        self._logical: dict[tuple[str, int], int] = {}

    def advance(self, font: Font, gid: int, units: int, size: float, spacing: float = 0.0,
                before: bool = False, after: bool = False) -> float:
        """How far WeasyPrint moves from this glyph to the next, in 1/1000 em of ``size``.

        ``units`` is the glyph's shaped advance in font units (kerning included); with letter spacing,
        ``before`` and ``after`` say whether the glyph takes the spacing's part before and after it.
        """
        scale = int(size / PX * PANGO_UNITS)
        own = font.own_advance(gid)
        width = _scaled(own, scale, font.units) + _scaled(units - own, scale, font.units)
        logical = self._logical.setdefault((font.key, gid),
                                           round(_scaled(own, scale, font.units) * 1000 / scale))
        if not spacing:
            return logical - int(logical - width * 1000 / scale)
        total = int(spacing / PX * PANGO_UNITS)
        first = total // 2
        if total % PANGO_UNITS == 0:
            first = (first + PANGO_UNITS // 2) & ~(PANGO_UNITS - 1)
        width += (first if before else 0) + (total - first if after else 0)
        offset = first * PANGO_UNITS / scale if before else 0.0
        kerning = int(logical + offset - width * 1000 / scale)
        return logical - kerning + first * PANGO_UNITS / scale  # the next glyph's offset: it always has one
