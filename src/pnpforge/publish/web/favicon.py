"""The site's icon (the browser tab's favicon), made from the game's own symbol.

``game.yaml: icon:`` names it: an icon id of the pack's ``icons`` (drawn light on a tile of the site's accent
colour, so it reads on light and dark tab bars) or an SVG or PNG file inside the pack (used as it is). Without
it, the first faction's icon is used; a pack with neither has no icon. The file is ``assets/icon.svg`` or
``assets/icon.png``. An SVG from the pack is data, not a page: scripts, event attributes, foreign content and
links to other files are taken out of it, since the file can be opened on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.icons import SVG_PATTERN, VIEWBOX, IconSet

ASSETS = "assets"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
UNSAFE = (re.compile(r"<script\b.*?</script\s*>", re.DOTALL | re.IGNORECASE),
          re.compile(r"<foreignObject\b.*?</foreignObject\s*>", re.DOTALL | re.IGNORECASE),
          re.compile(r"<(script|foreignObject|iframe|image|use)\b[^>]*/?>", re.IGNORECASE),
          re.compile(r"""\s(on[a-z]+|(?:xlink:)?href)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""", re.IGNORECASE))
INK = "#ffffff"


@dataclass
class SiteIcon:
    """The favicon's file name in ``assets/`` and its bytes."""

    name: str
    data: bytes
    mime: str


def clean_svg(text: str) -> str:
    """SVG markup without scripts, event attributes, foreign content or references to other files."""
    for pattern in UNSAFE:
        text = pattern.sub("", text)
    return text


def _tile(svg_text: str, accent: str) -> bytes | None:
    """An icon drawn light on a rounded tile of the accent colour."""
    match = SVG_PATTERN.search(svg_text)
    if not match:
        return None
    box = VIEWBOX.search(match.group(1))
    view_box = box.group(1) if box else "0 0 24 24"
    inner = clean_svg(re.sub(r"<!--.*?-->", "", match.group(2), flags=re.DOTALL))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            f'<rect width="64" height="64" rx="12" fill="{accent}"/>'
            f'<svg x="9" y="9" width="46" height="46" viewBox="{view_box}" color="{INK}" fill="{INK}">{inner}</svg>'
            f"</svg>\n").encode("utf-8")


def site_icon(pack: Pack, icons: IconSet, accent: str, findings: list[Finding]) -> SiteIcon | None:
    """The pack's favicon, or None; a named icon that cannot be used is a warning at ``game.yaml``."""
    named = pack.game.icon
    if named is None:
        first = next((f.icon for f in pack.game.factions if f.icon and f.icon in pack.game.icons), None)
        path = icons.path(first) if first else None
        data = _tile(path.read_text(encoding="utf-8"), accent) if path else None
        return SiteIcon("icon.svg", data, "image/svg+xml") if data else None
    where = Mark(display_path(pack.game_doc.path))
    if named in pack.game.icons:
        path = icons.path(named)
        data = _tile(path.read_text(encoding="utf-8"), accent) if path else None
        if data:
            return SiteIcon("icon.svg", data, "image/svg+xml")
        findings.append(Finding("warning", f"icon: the icon '{named}' has no SVG file to make the site's icon from",
                                mark=where, rule="web"))
        return None
    try:
        path = inside_pack(pack.root, named)
    except PathEscape:
        path = None
    suffix = Path(named).suffix.lower()
    if path is None or not path.is_file() or suffix not in (".svg", ".png"):
        findings.append(Finding("warning", f"icon: '{named}' is neither an icon id of icons ("
                                           f"{', '.join(sorted(pack.game.icons)) or 'none'}) nor an SVG or PNG file "
                                           "inside the pack", mark=where, rule="web"))
        return None
    data = path.read_bytes()
    if suffix == ".png":
        if not data.startswith(PNG_SIGNATURE):
            findings.append(Finding("warning", f"icon: '{named}' is not a PNG image", mark=where, rule="web"))
            return None
        return SiteIcon("icon.png", data, "image/png")
    text = data.decode("utf-8", errors="replace")
    if not SVG_PATTERN.search(text):
        findings.append(Finding("warning", f"icon: '{named}' holds no <svg> drawing", mark=where, rule="web"))
        return None
    return SiteIcon("icon.svg", clean_svg(text).encode("utf-8"), "image/svg+xml")
