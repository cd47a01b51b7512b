"""Fonts for the native renderer: the pack's vendored faces, shaped with HarfBuzz as Pango shapes them.

A CSS family ``pnp-<role>`` with a weight and a style picks a face of the pack's font list (``render.fonts``):
the exact style when there is one, otherwise ``Unsupported`` (WeasyPrint would synthesise or substitute, which
the native renderer does not imitate). Shaping uses the same HarfBuzz defaults Pango uses (kerning and standard
ligatures; ligatures off when letter-spacing is set), and the vertical metrics HarfBuzz reports (the OS/2 typo
metrics when the font asks for them, otherwise hhea), which is what WeasyPrint's line boxes are made of.
Fonts are loaded once per process; shaped words are cached.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import uharfbuzz as hb

from pnpforge.render.fonts import STYLES, FontSet
from pnpforge.render.native.dom import Unsupported

NO_LIGATURES = {"liga": False, "clig": False, "dlig": False, "hlig": False, "calt": False}


@dataclass(frozen=True)
class Glyphs:
    """A shaped piece of text at 1 pt: glyph ids, advances and offsets in points per point of size."""

    ids: tuple[int, ...]
    advances: tuple[float, ...]
    offsets: tuple[tuple[float, float], ...]
    clusters: tuple[int, ...]  # index in the text of each glyph's first character
    width: float


@dataclass
class Font:
    """One font file, ready to shape."""

    path: Path
    key: str  # how fragments name the font (its file's digest)
    font: hb.Font
    units: int
    ascent: float  # per point of size
    descent: float  # positive, per point of size
    x_height: float  # per point of size
    line_gap: float  # per point of size; ``line-height: normal`` adds it (split above and below)
    used: dict[int, str] = field(default_factory=dict)  # glyph id -> text, for the embedding

    def own_advance(self, gid: int) -> int:
        """A glyph's advance in font units, without kerning (what the embedded font's widths say)."""
        return _own_advance(str(self.path), gid)

    def shape(self, text: str, ligatures: bool = True) -> Glyphs:
        """``text`` shaped at 1 pt."""
        return _shaped(str(self.path), text, ligatures)


@lru_cache(maxsize=100_000)
def _own_advance(path: str, gid: int) -> int:
    return _FONTS[path].font.get_glyph_h_advance(gid)


@lru_cache(maxsize=200_000)
def _shaped(path: str, text: str, ligatures: bool) -> Glyphs:
    font = _FONTS[path]
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font.font, buffer, {} if ligatures else NO_LIGATURES)
    scale = 1.0 / font.units
    infos, positions = buffer.glyph_infos, buffer.glyph_positions
    ids = tuple(info.codepoint for info in infos)
    clusters = tuple(info.cluster for info in infos)
    advances = tuple(position.x_advance * scale for position in positions)
    offsets = tuple((position.x_offset * scale, position.y_offset * scale) for position in positions)
    return Glyphs(ids, advances, offsets, clusters, sum(advances))


OS2_X_HEIGHT = 86  # byte offset of sxHeight (int16) in the OS/2 table
_FONTS: dict[str, Font] = {}  # process cache: parsed font files by path


def load_font(path: Path) -> Font:
    """The font in ``path``, loaded once per process."""
    key = str(path)
    if key not in _FONTS:
        data = path.read_bytes()
        face = hb.Face(hb.Blob(data))
        font = hb.Font(face)
        extents = font.get_font_extents("ltr")
        x_height = _x_height(face) or 0.5 * face.upem
        _FONTS[key] = Font(path, hashlib.sha256(data).hexdigest()[:16], font, face.upem,
                           extents.ascender / face.upem, -extents.descender / face.upem, x_height / face.upem,
                           extents.line_gap / face.upem)
    return _FONTS[key]


def _x_height(face: hb.Face) -> int | None:
    """The font's x-height in font units (OS/2 ``sxHeight``, from the table's version 2), when it states one."""
    os2 = face.reference_table("OS/2").data
    if len(os2) < OS2_X_HEIGHT + 2 or int.from_bytes(os2[:2], "big") < 2:
        return None
    return int.from_bytes(os2[OS2_X_HEIGHT:OS2_X_HEIGHT + 2], "big", signed=True) or None


def pick(fonts: FontSet, family: str, weight: int, style: str) -> Font:
    """The face of ``family`` (``pnp-<role>``) with exactly this weight and style; ``Unsupported`` when the pack has
    none (WeasyPrint would substitute a near one or synthesise it, which the native renderer does not imitate)."""
    if not family.startswith("pnp-"):
        raise Unsupported(f"font family {family!r}")
    role = family[4:]
    for face in fonts.faces.values():
        if face.role == role and STYLES.get(face.style, ("normal", 400)) == (style, weight):
            return load_font(face.path)
    raise Unsupported(f"pnp-{role} has no {style} face of weight {weight}")
