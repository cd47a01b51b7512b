"""Icons: ``:id:`` in card text and icons placed by templates, drawn as inline vector SVG.

An icon id resolves, first hit wins, to the file its pack names in ``game.yaml`` (``icons: {id: {file: ...}}``,
a path inside the pack or the name of a layout icon), then ``<id>.svg`` in the ``icons/`` folder of each layer of
the pack's resolver: its own ``layouts/icons/``, its ``layouts_from`` packs', the shared ``layouts/icons/``. Icons are
drawn with ``currentColor``; the inline copy gets its colour from the ``color`` attribute, which the PDF stage's SVG
renderer honours. An id with no file is drawn as a small label badge (unknown ids are reported by the static checks, not
here).

An id is a name (``content.text.ICON_NAME``): anything else (``../x``, ``/abs/path``) is no icon, so it is never
looked up on disk. A file counts only when its real path (symlinks resolved) stays inside the folder it was found in:
the pack for a declared ``file``, the layer's ``layouts/`` folder for the icon folders. Its markup goes through the
shared SVG sanitizer (``svg_clean.py``) before it is inlined; ``icon_findings`` reports, located in the file, every
icon file the sanitizer refuses, and such a file is drawn as the badge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import re
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup, escape

from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.content import markup
from pnpforge.content.text import ICON_NAME, in_language
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.resolver import Layer, Resolver
from pnpforge.render.svg_clean import SvgProblem, clean_svg

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

ICONS = "icons"
DEFAULT_VIEW_BOX = "0 0 24 24"
COLOUR = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-z]{3,20})$")
DEFAULT_INK = "#1d1d1b"
PRESENTATION = {"fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "opacity", "fill-rule"}


class IconSet:
    """The icons one pack can use, with their labels in one language."""

    def __init__(self, pack: Pack, lang: str, layouts_dir: Path = LAYOUTS_DIR):
        """The icon folders of one pack, first match first."""
        self.pack = pack
        self.lang = lang
        self.layers = Resolver.for_pack(pack, layouts_dir).layers
        self._paths: dict[str, Path | None] = {}

    def label(self, icon_id: str) -> str:
        """What the icon means, in the pack's words."""
        declared = self.pack.game.icons.get(icon_id)
        return in_language(declared.label, self.lang) if declared else icon_id.replace("-", " ")

    def path(self, icon_id: str) -> Path | None:
        """The SVG file of an icon, or None when it has none (always None for an id that is not a name)."""
        if not ICON_NAME.match(icon_id):
            return None
        if icon_id not in self._paths:
            self._paths[icon_id] = self._find(icon_id)
        return self._paths[icon_id]

    def _find(self, icon_id: str) -> Path | None:
        """Look an icon up: the pack's declared file, then the icon folders."""
        declared = self.pack.game.icons.get(icon_id)
        name = icon_id
        if declared and declared.file:
            if declared.file.lower().endswith(".svg"):
                try:
                    path = inside_pack(self.pack.root, declared.file)
                except PathEscape:
                    path = None
                if path is not None and path.is_file():
                    return path
            elif ICON_NAME.match(declared.file):
                name = declared.file
            else:
                return None  # not a name: the static checks report it
        for layer in self.layers:
            candidate = layer_file(layer, name)
            if candidate is not None and candidate.is_file():
                return candidate
        return None

    def svg(self, icon_id: str, colour: str | None = None, css_class: str = "icon") -> Markup:
        """The icon as inline SVG markup in ``colour`` (a badge with its label when it has no usable file)."""
        ink = colour if colour and COLOUR.match(colour) else DEFAULT_INK
        label = escape(self.label(icon_id))
        path = self.path(icon_id)
        try:
            view_box, inner = icon_drawing(path) if path is not None else (None, "")
        except (OSError, SvgProblem):  # reported by icon_findings, located in the file
            view_box = None
        if view_box is None:
            return Markup(f'<span class="{escape(css_class)} icon-badge" style="color:{ink}" '
                          f'title="{label}">{label}</span>')
        return Markup(f'<svg class="{escape(css_class)} icon-{escape(icon_id)}" viewBox="{view_box}" '
                      f'color="{ink}" role="img" aria-label="{label}">{inner}</svg>')

    def rich(self, text: str, colour: str | None = None) -> Markup:
        """Content text as HTML: escaped, its ``**bold**`` and ``*italic*`` as ``strong`` and ``em``
        (``content.markup``), each ``:id:`` drawn as an inline icon."""
        return markup.html(text, lambda icon_id: self.svg(icon_id, colour))


def layer_file(layer: Layer, name: str) -> Path | None:
    """``<name>.svg`` in the layer's icon folder, or None when its real path leaves the layer's folder."""
    try:
        return inside_pack(layer.root, f"{ICONS}/{name}.svg")
    except PathEscape:
        return None


def icon_drawing(path: Path) -> tuple[str, str]:
    """``(viewBox, inner markup)`` of an icon file, sanitized; raise ``SvgProblem`` when it cannot be used."""
    return _drawing(path.read_bytes())


@lru_cache(maxsize=1024)
def _drawing(data: bytes) -> tuple[str, str]:
    """``(viewBox, inner markup)`` of an icon's bytes: the sanitized drawing, its newlines folded, the root's
    presentation attributes moved to a group (the inline ``svg`` carries the icon's own class and colour)."""
    drawing = clean_svg(data, inline=True)
    inner = re.sub(r"\s*\n\s*", " ", drawing.inner).strip()
    styling = " ".join(f'{name}="{escape(value)}"' for name, value in drawing.attrs if name in PRESENTATION)
    if styling:
        inner = f"<g {styling}>{inner}</g>"
    return drawing.view_box or DEFAULT_VIEW_BOX, inner


def icon_findings(pack: Pack, layouts_dir: Path = LAYOUTS_DIR) -> list[Finding]:
    """Every icon file the pack can draw that cannot be used, located in the file: the SVG files its icons name,
    and every SVG named like an icon in the icon folders of its own and its borrowed layouts (the shared set is
    pnpforge's, checked by its own tests). A file that leads out of its folder is one too."""
    files: dict[Path, str] = {}
    for icon_id, declared in pack.game.icons.items():
        if declared.file and declared.file.lower().endswith(".svg"):
            try:
                files.setdefault(inside_pack(pack.root, declared.file), icon_id)
            except PathEscape:
                continue  # the static checks report it at game.yaml
    findings = []
    for layer in Resolver.for_pack(pack, layouts_dir).layers:
        folder = layer.folder(ICONS)
        if layer.shared or not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.svg")):
            if not ICON_NAME.match(path.stem):
                continue  # no id names it: never drawn
            if layer_file(layer, path.stem) is None:
                findings.append(Finding("error", f"icon '{path.stem}': the file leads out of "
                                                 f"{display_path(layer.root)}/", mark=Mark(display_path(path)),
                                        blocking=True, rule="input"))
            else:
                files.setdefault(path, path.stem)
    for path, icon_id in files.items():
        if not path.is_file():
            continue
        try:
            icon_drawing(path)
        except SvgProblem as exc:
            findings.append(Finding("error", f"icon '{icon_id}': {exc.message}",
                                    mark=Mark(display_path(path), exc.line, exc.col), blocking=True, rule="input"))
        except OSError as exc:
            findings.append(Finding("error", f"icon '{icon_id}': cannot be read ({exc.strerror or exc})",
                                    mark=Mark(display_path(path)), blocking=True, rule="input"))
    return findings
