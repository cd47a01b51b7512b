"""Icons: ``:id:`` in card text and icons placed by templates, drawn as inline vector SVG.

An icon id resolves, first hit wins, to the file its pack names in ``game.yaml`` (``icons: {id: {file: ...}}``,
a path inside the pack or the name of a layout icon), then ``<id>.svg`` in the ``icons/`` folder of each layer of
the pack's resolver: its own ``layouts/icons/``, its ``layouts_from`` packs', the shared ``layouts/icons/``. Icons are
drawn with ``currentColor``; the inline copy gets its colour from the ``color`` attribute, which the PDF stage's SVG
renderer honours. An id with no file is drawn as a small label badge (unknown ids are reported by the static checks, not
here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import re
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup, escape

from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.content.text import ICON_NAME, ICON_PATTERN, in_language
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.resolver import Resolver

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

ICONS = "icons"
SVG_PATTERN = re.compile(r"<svg\b([^>]*)>(.*)</svg>", re.DOTALL)
VIEWBOX = re.compile(r'viewBox="([-0-9. ]+)"')
COLOUR = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-z]{3,20})$")
DEFAULT_INK = "#1d1d1b"
ATTRIBUTE = re.compile(r'([a-zA-Z][a-zA-Z:-]*)="([^"]*)"')
PRESENTATION = {"fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "opacity", "fill-rule"}


class IconSet:
    """The icons one pack can use, with their labels in one language."""

    def __init__(self, pack: Pack, lang: str, layouts_dir: Path = LAYOUTS_DIR):
        """The icon folders of one pack, first match first."""
        self.pack = pack
        self.lang = lang
        self.folders = Resolver.for_pack(pack, layouts_dir).folders(ICONS)
        self._paths: dict[str, Path | None] = {}

    def label(self, icon_id: str) -> str:
        """What the icon means, in the pack's words."""
        declared = self.pack.game.icons.get(icon_id)
        return in_language(declared.label, self.lang) if declared else icon_id.replace("-", " ")

    def path(self, icon_id: str) -> Path | None:
        """The SVG file of an icon, or None when it has none."""
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
        for folder in self.folders:
            candidate = folder / f"{name}.svg"
            if candidate.is_file():
                return candidate
        return None

    def svg(self, icon_id: str, colour: str | None = None, css_class: str = "icon") -> Markup:
        """The icon as inline SVG markup in ``colour`` (a badge with its label when it has no file)."""
        ink = colour if colour and COLOUR.match(colour) else DEFAULT_INK
        label = escape(self.label(icon_id))
        path = self.path(icon_id)
        if path is None:
            return Markup(f'<span class="{escape(css_class)} icon-badge" style="color:{ink}" '
                          f'title="{label}">{label}</span>')
        view_box, inner = _read_svg(path)
        return Markup(f'<svg class="{escape(css_class)} icon-{escape(icon_id)}" viewBox="{view_box}" '
                      f'color="{ink}" role="img" aria-label="{label}">{inner}</svg>')

    def rich(self, text: str, colour: str | None = None) -> Markup:
        """Content text as HTML: escaped, with each ``:id:`` drawn as an inline icon."""
        parts: list[str] = []
        last = 0
        for match in ICON_PATTERN.finditer(text):
            parts.append(str(escape(text[last:match.start()])))
            parts.append(str(self.svg(match.group(1), colour)))
            last = match.end()
        parts.append(str(escape(text[last:])))
        return Markup("".join(parts))


@lru_cache(maxsize=None)
def _read_svg(path: Path) -> tuple[str, str]:
    """``(viewBox, inner markup)`` of an SVG file."""
    text = path.read_text(encoding="utf-8")
    match = SVG_PATTERN.search(text)
    if not match:
        return "0 0 24 24", ""
    box = VIEWBOX.search(match.group(1))
    inner = re.sub(r"<!--.*?-->", "", match.group(2), flags=re.DOTALL)
    inner = re.sub(r"\s*\n\s*", " ", inner).strip()
    styling = " ".join(f'{name}="{value}"' for name, value in ATTRIBUTE.findall(match.group(1))
                       if name in PRESENTATION)
    if styling:
        inner = f"<g {styling}>{inner}</g>"
    return (box.group(1) if box else "0 0 24 24"), inner
