"""The site's icon (the browser tab's favicon), made from the game's own symbol.

``game.yaml: icon:`` names it: an icon id of the pack's ``icons`` (drawn light on a tile of the site's accent
colour, so it reads on light and dark tab bars) or an SVG or PNG file inside the pack (a PNG used as it is). Without
it, the first faction's icon is used; a pack with neither has no icon. The file is ``assets/icon.svg`` or
``assets/icon.png``. An SVG from the pack is data, not a page: it goes through the shared SVG sanitizer
(``render/svg_clean.py``), which keeps its drawing only (no scripts, event attributes, foreign content or links to
other files), since the file can be opened on its own. An SVG the sanitizer refuses is a warning located in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.icons import IconSet, icon_drawing
from pnpforge.render.svg_clean import SvgProblem, clean_svg

ASSETS = "assets"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
INK = "#ffffff"


@dataclass
class SiteIcon:
    """The favicon's file name in ``assets/`` and its bytes."""

    name: str
    data: bytes
    mime: str


def _tile(path: Path, accent: str) -> bytes:
    """An icon drawn light on a rounded tile of the accent colour; raise ``SvgProblem`` when it cannot be used."""
    view_box, inner = icon_drawing(path)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            f'<rect width="64" height="64" rx="12" fill="{accent}"/>'
            f'<svg x="9" y="9" width="46" height="46" viewBox="{view_box}" color="{INK}" '
            f'fill="{INK}">{inner}</svg></svg>\n').encode("utf-8")


def _refused(named: str, path: Path, exc: SvgProblem | OSError) -> Finding:
    """The warning for an SVG the site's icon cannot be made from, located in the file."""
    if isinstance(exc, SvgProblem):
        return Finding("warning", f"icon: '{named}' cannot be the site's icon: {exc.message}", rule="web",
                       mark=Mark(display_path(path), exc.line, exc.col))
    return Finding("warning", f"icon: '{named}' cannot be read ({exc.strerror or exc})", rule="web",
                   mark=Mark(display_path(path)))


def site_icon(pack: Pack, icons: IconSet, accent: str, findings: list[Finding]) -> SiteIcon | None:
    """The pack's favicon, or None; a named icon that cannot be used is a warning at ``game.yaml`` (or in the SVG
    file, where the file is what is wrong)."""
    named = pack.game.icon
    if named is None:
        first = next((f.icon for f in pack.game.factions if f.icon and f.icon in pack.game.icons), None)
        path = icons.path(first) if first else None
        try:
            return SiteIcon("icon.svg", _tile(path, accent), "image/svg+xml") if path else None
        except (SvgProblem, OSError):
            return None  # the icon itself is reported where icons are checked
    where = Mark(display_path(pack.game_doc.path))
    if named in pack.game.icons:
        path = icons.path(named)
        if path is None:
            findings.append(Finding("warning", f"icon: the icon '{named}' has no SVG file to make the site's icon "
                                               "from", mark=where, rule="web"))
            return None
        try:
            return SiteIcon("icon.svg", _tile(path, accent), "image/svg+xml")
        except (SvgProblem, OSError) as exc:
            findings.append(_refused(named, path, exc))
            return None
    try:
        found = inside_pack(pack.root, named)
    except PathEscape:
        found = None
    suffix = Path(named).suffix.lower()
    if found is None or not found.is_file() or suffix not in (".svg", ".png"):
        findings.append(Finding("warning", f"icon: '{named}' is neither an icon id of icons ("
                                           f"{', '.join(sorted(pack.game.icons)) or 'none'}) nor an SVG or PNG file "
                                           "inside the pack", mark=where, rule="web"))
        return None
    try:
        data = found.read_bytes()
        if suffix == ".svg":
            return SiteIcon("icon.svg", clean_svg(data).document().encode("utf-8"), "image/svg+xml")
    except (SvgProblem, OSError) as exc:
        findings.append(_refused(named, found, exc))
        return None
    if not data.startswith(PNG_SIGNATURE):
        findings.append(Finding("warning", f"icon: '{named}' is not a PNG image", mark=where, rule="web"))
        return None
    return SiteIcon("icon.png", data, "image/png")
