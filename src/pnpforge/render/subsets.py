"""Fonts of faces drawn natively, embedded once per PDF: one subset per font, with widths and a Unicode map.

Faces drawn natively name their fonts by a placeholder; the PDF builder collects the glyphs every face of the
file uses and writes each font once: a Type 0 font with Identity-H encoding over a CID font whose glyph ids are
the font's own (the subset keeps them, so content streams need no rewriting), its widths, its ToUnicode map (so
text stays selectable and searchable), and the subset font program (TrueType as FontFile2, CFF-flavoured
OpenType as FontFile3/OpenType, as WeasyPrint embeds them). Subsets are cached per process by glyph set.

What fontTools reads of a font (its metrics, the glyphs of a text, a subset's program) is also kept in the user's
cache folder (``caches.store``: sealed, keyed by the SHA-256 of the font file's bytes, the glyphs asked for,
fontTools' version and the render stage's code), so a build of faces whose glyphs an earlier build of this user
embedded loads neither fontTools nor the font: the bytes written are those fontTools made then.
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import asdict, dataclass
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING

from pnpforge.caches import code
from pnpforge.caches.store import Store, user_store
from pnpforge.render.epoch import fixed_epoch

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

USER_STORE = "fonts"  # of the user's stores (``caches.store``): what fontTools read of font files


@dataclass(frozen=True)
class Metrics:
    """What a font's dictionaries say of it, read once by fontTools."""

    units: int  # per em
    name: str  # the PostScript name (name 6), or the file's stem
    cff: bool  # CFF-flavoured OpenType
    bbox: tuple[int, int, int, int]  # head: xMin, yMin, xMax, yMax
    ascent: int  # hhea
    descent: int
    cap: int  # OS/2 sCapHeight, else the ascent
    italic: float  # post italicAngle
    advances: tuple[int, ...]  # hmtx, by glyph id


def _store() -> Store:
    return user_store(USER_STORE)


@lru_cache(maxsize=64)
def _identity(path: str) -> str:
    """What a kept entry of a font file is found by: the file's bytes, fontTools' version, the render code."""
    data = Path(path).read_bytes()
    return f"{hashlib.sha256(data).hexdigest()}\0{version('fonttools')}\0{code.digest('render')}"


def _kept(kind: str, path: str, made, *asked: object) -> bytes:
    """The bytes ``made()`` gives for a font file and ``asked``, kept for this user by the file's bytes."""
    store = _store()
    key = f"font-{kind}\0{_identity(path)}\0{asked!r}"
    found = store.read(key)
    if found is None:
        found = made()
        store.keep(key, found)
    return found


@lru_cache(maxsize=16)
def metrics(path: str) -> Metrics:
    """The metrics of the font in ``path``."""

    def made() -> bytes:
        font = _font(path)
        head, hhea, os2, post = font["head"], font["hhea"], font.get("OS/2"), font["post"]
        name = font["name"].getDebugName(6) or Path(path).stem
        order = font.getGlyphOrder()
        hmtx = font["hmtx"].metrics
        found = Metrics(head.unitsPerEm, name, "CFF " in font, (head.xMin, head.yMin, head.xMax, head.yMax),
                        hhea.ascent, hhea.descent, getattr(os2, "sCapHeight", 0) or hhea.ascent,
                        post.italicAngle, tuple(hmtx[glyph][0] for glyph in order))
        return json.dumps(asdict(found)).encode("utf-8")

    data = json.loads(_kept("metrics", path, made))
    return Metrics(**{**data, "bbox": tuple(data["bbox"]), "advances": tuple(data["advances"])})


@lru_cache(maxsize=16)
def _font(path: str) -> TTFont:
    from fontTools.ttLib import TTFont  # noqa: PLC0415 - loaded when a font is read that no build kept

    with fixed_epoch():  # quiet about the vendored fonts' old dates
        font = TTFont(path, lazy=True)
        for tag in ("head", "hhea", "maxp", "OS/2", "post", "hmtx", "name"):  # what the dictionaries read
            font.get(tag)
        font.getGlyphOrder()
        return font


@lru_cache(maxsize=512)
def subset_program(path: str, gids: tuple[int, ...]) -> bytes:
    """The font program of ``path`` keeping only ``gids`` (at their own ids)."""
    return _kept("subset", path, lambda: _subset(path, gids), gids)


def _subset(path: str, gids: tuple[int, ...]) -> bytes:
    from fontTools import subset as ft_subset  # noqa: PLC0415 - loaded when a subset is made that no build kept
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    options = ft_subset.Options(retain_gids=True, notdef_outline=True, hinting=False, desubroutinize=True,
                                name_IDs=["*"], name_languages=["*"], layout_features=[], ignore_missing_glyphs=True)
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "DSIG", "SVG "]
    font = TTFont(path, lazy=True)
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(gids=list(gids))
    with fixed_epoch():
        subsetter.subset(font)
        out = io.BytesIO()
        font.save(out)
    return out.getvalue()


def base_glyphs(path: str, text: str) -> list[int]:
    """The glyph ids that draw the characters of ``text`` in a font (those it has)."""

    def made() -> bytes:
        font = _font(path)
        cmap = font.getBestCmap() or {}
        return json.dumps(sorted({font.getGlyphID(cmap[ord(ch)]) for ch in text if ord(ch) in cmap})).encode()

    return json.loads(_kept("glyphs", path, made, text))


@lru_cache(maxsize=16)
def _whole(path: str) -> bytes:
    """A whole font file, as embedded when nothing is subset."""
    return Path(path).read_bytes()


def _tag(path: str, gids: tuple[int, ...]) -> str:
    digest = hashlib.sha256(f"{Path(path).name}:{gids}".encode()).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


def font_dictionaries(builder, path: str, used: dict[int, str], target: int, subset: bool = True,
                      planned: tuple[int, ...] = ()) -> None:
    """Write the objects of one embedded font into ``builder``, its Type 0 font dictionary as object ``target``;
    the font program is the subset of the glyphs used and ``planned`` (``glyphs.GlyphPlan``), or the whole file
    (``subset=False``). Widths and the Unicode map list the glyphs used."""
    font = metrics(path)
    gids = tuple(sorted(set(used) | set(planned) | {0}))
    program = subset_program(path, gids) if subset else _whole(path)
    scale = 1000 / font.units
    name = "".join(ch for ch in font.name if ch.isalnum() or ch in "-_") or "Font"
    base = f"{_tag(path, gids)}+{name}" if subset else name  # a subset's name carries its tag
    cff = font.cff
    if cff:
        stream = builder.add_stream(b"/Subtype/OpenType", program)
    else:
        stream = builder.add_stream(b"/Length1 %d" % len(program), program)
    bbox = [round(v * scale) for v in font.bbox]
    flags = 4 | (64 if font.italic else 0)
    descriptor = builder.add(
        b"<</Type/FontDescriptor/FontName/" + base.encode() + b"/Flags %d/FontBBox[%s]/ItalicAngle %s"
        b"/Ascent %d/Descent %d/CapHeight %d/StemV 80/%s %d 0 R>>" % (
            flags, " ".join(str(v) for v in bbox).encode(), str(round(font.italic, 3)).encode(),
            round(font.ascent * scale), round(font.descent * scale), round(font.cap * scale),
            b"FontFile3" if cff else b"FontFile2", stream))
    advances = font.advances
    widths = b" ".join(b"%d[%s]" % (gid, str(round(advances[gid] * scale, 3)).encode())
                       for gid in sorted(set(used) | {0}) if gid < len(advances))
    subtype = b"CIDFontType0" if cff else b"CIDFontType2"
    cid_font = builder.add(
        b"<</Type/Font/Subtype/" + subtype + b"/BaseFont/" + base.encode() +
        b"/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor %d 0 R/DW 0/W[%s]%s>>"
        % (descriptor, widths, b"" if cff else b"/CIDToGIDMap/Identity"))
    to_unicode = builder.add_stream(b"", _cmap(used))
    builder.put(target, b"<</Type/Font/Subtype/Type0/BaseFont/" + base.encode() +
                       b"/Encoding/Identity-H/DescendantFonts[%d 0 R]/ToUnicode %d 0 R>>" % (cid_font, to_unicode))


def _cmap(used: dict[int, str]) -> bytes:
    lines = [b"/CIDInit/ProcSet findresource begin 12 dict begin begincmap",
             b"/CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def",
             b"/CMapName/Adobe-Identity-UCS def/CMapType 2 def",
             b"1 begincodespacerange <0000> <ffff> endcodespacerange"]
    entries = [(gid, text) for gid, text in sorted(used.items()) if text]
    for start in range(0, len(entries), 100):
        chunk = entries[start:start + 100]
        lines.append(b"%d beginbfchar" % len(chunk))
        lines += [b"<%04x> <%s>" % (gid, text.encode("utf-16-be").hex().encode()) for gid, text in chunk]
        lines.append(b"endbfchar")
    lines.append(b"endcmap CMapName currentdict/CMap defineresource pop end end")
    return b"\n".join(lines)
