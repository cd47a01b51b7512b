"""Drawing one face: natively when the renderer lays out all of its HTML and CSS, with WeasyPrint otherwise.

The native renderer (``render.native``) draws a face's document straight into a PDF content stream in a few
milliseconds; a face whose CSS goes beyond what it lays out (``Unsupported``) is drawn by WeasyPrint instead,
whole, so every face looks as WeasyPrint draws it whichever path it took (the pixel tests hold the native path to
that, and ``render.verify`` a pack's own layouts: the faces of a layout it finds drawn wrong come marked for
WeasyPrint, and the native renderer refuses them). WeasyPrint is imported only when a face needs it.
``PNPFORGE_RENDERER=weasyprint`` draws every face with WeasyPrint, for comparing the two.
"""

from __future__ import annotations

import atexit
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from pnpforge.render import fragments, native
from pnpforge.render.cache import FaceCache, FileDigests, face_key
from pnpforge.render.fonts import FontSet
from pnpforge.render.native.dom import Unsupported


@dataclass
class DrawnPages:
    """Faces an earlier stage of the build drew into PDFs, a page each, found by their HTML document: a later stage
    that needs the same document as an image takes its page instead of drawing it again."""

    pages: dict[str, tuple[str, int]] = field(default_factory=dict)

    def add(self, pdf: Path, documents: list[str]) -> None:
        """The pages of ``pdf``, one for each of ``documents`` in sequence."""
        for page, document in enumerate(documents):
            self.pages.setdefault(document, (str(pdf), page))

    def find(self, document: str) -> tuple[str, int] | None:
        """The PDF file and page that hold this document's face, or None."""
        return self.pages.get(document)


@dataclass
class Drawn:
    """A face drawn: its page, the warnings on the way and whether the native renderer drew it."""

    fragment: fragments.Fragment
    warnings: list[str]
    native: bool


class FaceDrawer:
    """Draws faces for one pack's fonts and ``pnp:`` roots; stylesheets, fonts and icons load once."""

    def __init__(self, fonts: FontSet, roots: dict[str, Path]):
        self.roots = {name: Path(path) for name, path in roots.items()}
        self.renderer = None
        if native.enabled():
            from pnpforge.render.native.face import NativeRenderer  # noqa: PLC0415 - loaded when a face is drawn
            self.renderer = NativeRenderer(fonts, self.roots)
        self._weasy = None  # WeasyPrint's font configuration, made when a face first needs it
        self.refusals: dict[str, int] = {}  # why faces went to WeasyPrint, with counts

    def draw(self, html: str) -> Drawn:
        """The face of one document."""
        if self.renderer is not None:
            try:
                return Drawn(self.renderer.render(html), [], True)
            except Unsupported as refusal:
                reason = str(refusal)
                self.refusals[reason] = self.refusals.get(reason, 0) + 1
        from pnpforge.render.digest import digest  # noqa: PLC0415 - pypdf, like WeasyPrint, loads only when used
        data, warnings = self.weasyprint(html)
        return Drawn(digest(data), warnings, False)

    def weasyprint(self, html: str) -> tuple[bytes, list[str]]:
        """The face of one document drawn by WeasyPrint, as a PDF, and the warnings it gave."""
        from pnpforge.render.pdf import html_to_pdf  # noqa: PLC0415 - WeasyPrint loads only when used
        if self._weasy is None:
            from weasyprint.text.fonts import FontConfiguration  # noqa: PLC0415
            self._weasy = FontConfiguration()
            atexit.register(self._let_go)  # its temporary font folder is removed while Python still can
        return html_to_pdf(html, self.roots, self._weasy)

    def _let_go(self) -> None:
        """Drop WeasyPrint's font configuration (it removes its temporary folder as it goes)."""
        self._weasy = None


_DRAWERS: dict[tuple, FaceDrawer] = {}  # process cache: a drawer per pack's fonts and roots


def drawer_for(fonts: FontSet, roots: Mapping[str, str | Path]) -> FaceDrawer:
    """This process's drawer for a pack's fonts and ``pnp:`` roots (a worker keeps it between tasks)."""
    signature = (tuple(sorted((name, str(path)) for name, path in roots.items())),
                 tuple(sorted((key, str(face.path)) for key, face in fonts.faces.items())))
    drawer = _DRAWERS.get(signature)
    if drawer is None:
        _DRAWERS.clear()
        drawer = _DRAWERS[signature] = FaceDrawer(fonts, {name: Path(path) for name, path in roots.items()})
    return drawer


def faces_pdf(documents: list[str], fonts: FontSet, roots: Mapping[str, str | Path], subset: bool = True,
              title: str = "", cache: FaceCache | None = None, keys: list[str] | None = None
              ) -> tuple[bytes, list[str]]:
    """A PDF with a page per face document (each page the face's own box), and the warnings drawing them gave.

    ``subset=False`` embeds whole font files: quicker, for a PDF that is only rasterised. With a ``cache`` and the
    documents' render-cache ``keys`` (``face_keys``), a face drawn before is taken from the cache and one drawn now
    is kept there; its fragment is the same either way, so the PDF is too.
    """
    drawer = drawer_for(fonts, roots)
    builder = fragments.PdfBuilder(subset=subset)
    warnings: list[str] = []
    for number, html in enumerate(documents):
        key = keys[number] if cache is not None and keys is not None else None
        found = _cached(cache, key)
        if found is None:
            drawn = drawer.draw(html)
            found = drawn.fragment, drawn.warnings
            if cache is not None and key is not None:
                cache.store(key, *found)
        builder.face_page(found[0], {"/MediaBox": found[0].mediabox})
        warnings += found[1]
    return builder.to_bytes(title), warnings


def face_keys(documents: list[str], roots: Mapping[str, str | Path]) -> list[str]:
    """The render-cache key of each face document (its HTML and every file it fetches)."""
    files = FileDigests({name: Path(path) for name, path in roots.items()})
    return [face_key(html, files) for html in documents]


def _cached(cache: FaceCache | None, key: str | None) -> tuple[fragments.Fragment, list[str]] | None:
    """A face kept in ``cache`` under ``key`` with its warnings, or None (none kept, or gone or damaged since)."""
    if cache is None or key is None or not cache.has(key):
        return None
    try:
        return cache.fragment(key), cache.warnings(key)
    except (OSError, ValueError, KeyError, IndexError):
        return None
