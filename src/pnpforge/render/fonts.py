"""Vendored fonts: the @font-face rules that point at ``layouts/fonts/`` and the metrics that measure text.

Faces are only ever loaded from the files listed in ``fonts/fonts.yaml`` (the shared set's, then each layer of the
pack's resolver adding roles or replacing them by name, files relative to the list naming them); a layout names a role
(``display``, ``body``, ``serif``) and a style, never a system font, so every machine renders the same glyphs. Metrics
come from the same files through fontTools (advance widths per code point), which lets the fit stage measure text
without rendering it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnpforge.caches import code
from pnpforge.caches.store import NOWHERE, Store, user_store
from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.content.source import LoadError, load_yaml
from pnpforge.findings import Mark, display_path
from pnpforge.render.geometry import LayoutError
from pnpforge.render.geometry import layout_error as _error
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.resolver import Resolver

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

FONT_DIR = "fonts"
METRICS_FOLDER = "font-metrics"
USER_STORE = "fonts"  # of the user's stores (``caches.store``), beside the build's
SFNT_TAGS = {b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf"}  # how TrueType, OpenType and collections begin
STYLES = {
    "regular": ("normal", 400), "bold": ("normal", 700), "italic": ("italic", 400),
    "bold-italic": ("italic", 700), "heavy": ("normal", 900),
}


@dataclass(frozen=True)
class FontFace:
    """One vendored font file and the role/style it serves."""

    role: str
    style: str
    family: str
    path: Path

    @property
    def css_family(self) -> str:
        """The CSS family name; prefixed so that no installed font can answer to it."""
        return f"pnp-{self.role}"


@dataclass(frozen=True)
class FontMetrics:
    """Advance widths of one face, for measuring text."""

    units_per_em: int
    advances: dict[int, int]
    fallback: int
    ascent: int
    descent: int

    def width(self, text: str, size_pt: float) -> float:
        """Width of ``text`` in points at ``size_pt`` (no kerning: kerning only narrows Latin text)."""
        units = sum(self.advances.get(ord(ch), self.fallback) for ch in text)
        return units * size_pt / self.units_per_em


class FontSet:
    """The vendored faces by ``role/style``."""

    def __init__(self, faces: dict[str, FontFace], store: Store = NOWHERE):
        """Faces by ``role/style``; their metrics are kept in ``store`` between builds."""
        self.faces = faces
        self.store = store

    def face(self, key: str) -> FontFace:
        """The face for ``role/style`` (``role`` alone means its regular style)."""
        role, _, style = key.partition("/")
        return self.faces.get(f"{role}/{style or 'regular'}") or self.faces[f"{role}/regular"]

    def metrics(self, key: str) -> FontMetrics:
        """Metrics of the face for ``role/style``."""
        return _metrics(self.face(key).path, self.store)

    def font_face_css(self, url_of) -> str:
        """@font-face rules for every face; ``url_of(path)`` gives the URL the PDF stage can fetch."""
        rules = []
        for face in self.faces.values():
            css_style, weight = STYLES.get(face.style, ("normal", 400))
            rules.append(f"@font-face {{ font-family: '{face.css_family}'; src: url('{url_of(face.path)}'); "
                         f"font-style: {css_style}; font-weight: {weight}; }}")
        return "\n".join(rules)


def load_fonts(layouts_dir: Path = LAYOUTS_DIR, pack: Pack | None = None, store: Store = NOWHERE) -> FontSet:
    """The faces declared in ``fonts/fonts.yaml`` of every layer; raise ``LayoutError`` when one is missing. A
    build passes the store its font metrics are kept in."""
    roles: dict[str, dict[str, FontFace]] = {}
    for path in reversed(Resolver.for_pack(pack, layouts_dir).files(f"{FONT_DIR}/fonts.yaml")):
        roles.update(_font_list(path))
    return FontSet({key: face for faces in roles.values() for key, face in faces.items()}, store)


def _font_list(path: Path) -> dict[str, dict[str, FontFace]]:
    """The faces of each role one ``fonts.yaml`` declares."""
    folder = path.parent
    try:
        doc = load_yaml(path)
    except LoadError as exc:
        raise LayoutError(exc.findings) from None
    roles = doc.data.get("roles") if isinstance(doc.data, dict) else None
    if not isinstance(roles, dict):
        raise LayoutError([_error(doc.mark(()), "expected 'roles:' with a mapping of font roles")])
    found: dict[str, dict[str, FontFace]] = {}
    problems = []
    for role, spec in roles.items():
        if not isinstance(spec, dict):
            problems.append(_error(doc.mark(("roles", role)), f"role '{role}': expected {{family, faces}}"))
            continue
        faces = found.setdefault(role, {})
        declared = spec.get("faces") or {}
        if not isinstance(declared, dict):
            problems.append(_error(doc.mark(("roles", role, "faces")), f"role '{role}': faces: expected a mapping of "
                                                                       f"style -> font file, e.g. regular: my.otf"))
            continue
        for style, file in declared.items():
            try:
                path = inside_pack(folder, str(file))
            except PathEscape as exc:
                problems.append(_error(doc.mark(("roles", role, "faces", style)), str(exc)))
                continue
            if style not in STYLES:
                problems.append(_error(doc.mark(("roles", role, "faces", style)),
                                       f"unknown style '{style}'; styles: {', '.join(STYLES)}"))
            elif not path.is_file():
                problems.append(_error(doc.mark(("roles", role, "faces", style)), f"font file '{file}' is missing"))
            elif not _looks_like_a_font(path):
                problems.append(_error(doc.mark(("roles", role, "faces", style)),
                                       f"font file '{file}' is not a TrueType or OpenType font"))
            else:
                faces[f"{role}/{style}"] = FontFace(role, style, str(spec.get("family", role)), path)
    if problems:
        raise LayoutError(problems)
    return found


@lru_cache(maxsize=None)
def _metrics(path: Path, store: Store = NOWHERE) -> FontMetrics:
    """Advance widths and vertical metrics of one font file: read once per process (a documented process cache),
    and kept in the build's ``store`` for the next build, found by the font's bytes and the code reading them."""
    key = f"{code.digest('render.fonts')}|{hashlib.sha256(path.read_bytes()).hexdigest()}"
    users = user_store(USER_STORE)  # what this user's builds read of the same font file, whatever the build folder
    for where in (store, users):
        kept = where.read(key)
        if kept is None:
            continue
        try:
            data = json.loads(kept)
            found = FontMetrics(data["units_per_em"], {int(code): width for code, width in data["advances"].items()},
                                data["fallback"], data["ascent"], data["descent"])
        except (ValueError, KeyError, TypeError, AttributeError):
            continue  # damaged: read the font
        if where is users:
            store.keep(key, kept)
        return found
    metrics = _read_metrics(path)
    data = json.dumps(dataclasses.asdict(metrics)).encode("utf-8")
    store.keep(key, data)
    users.keep(key, data)
    return metrics


def _looks_like_a_font(path: Path) -> bool:
    """True when the file starts as a TrueType or OpenType font does (its first four bytes)."""
    try:
        with path.open("rb") as source:
            return source.read(4) in SFNT_TAGS
    except OSError:
        return False


def _read_metrics(path: Path) -> FontMetrics:
    """Advance widths and vertical metrics from the font file."""
    from fontTools.ttLib import TTFont  # noqa: PLC0415 - loaded when a font's metrics are not kept

    head_log = logging.getLogger("fontTools.ttLib.tables._h_e_a_d")
    level = head_log.level
    head_log.setLevel(logging.ERROR)  # some vendored fonts carry a pre-1970 creation date; harmless
    try:
        font = TTFont(path, lazy=True)
        cmap = font.getBestCmap() or {}
        hmtx = font["hmtx"].metrics
        advances = {code: hmtx[glyph][0] for code, glyph in cmap.items() if glyph in hmtx}
        hhea = font["hhea"]
        fallback = hmtx.get(".notdef", (font["head"].unitsPerEm // 2, 0))[0]
        return FontMetrics(font["head"].unitsPerEm, advances, fallback, hhea.ascent, -hhea.descent)
    except Exception as exc:  # noqa: BLE001 - fontTools raises many kinds on a damaged file; one located error
        raise LayoutError([_error(Mark(display_path(path)), f"font file cannot be read ({type(exc).__name__}: "
                                                            f"{str(exc)[:80]}); replace it with a working .ttf or "
                                                            ".otf")]) from None
    finally:
        head_log.setLevel(level)
