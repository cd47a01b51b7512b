"""Check everything the render stage reads before any PDF is made: the layouts, their templates, stylesheets,
fonts and the files they fetch, by rendering the first item of each type (front and back) to HTML.

It also measures the fitted text of every face (``fit_findings``: the fit code, nothing drawn), so that text too long
for its box even at the floor size is an error before any output is made.

``validate --static`` and ``build`` both run it, so a pack that validates builds and both report a broken layout
with the same located message: a template's syntax error or undefined name at its line, a missing stylesheet or
template at the layout key naming it, a ``fit`` or ``art`` naming a field the type does not have, a file a
template or stylesheet fetches that is not there, an icon or SVG art file the SVG sanitizer refuses (located in the
file: not UTF-8, not well-formed, entities, a viewBox of words, too much work).
"""

from __future__ import annotations

import posixpath
import re
import tempfile
from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.content.source import utf8_error
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.art import art_findings
from pnpforge.render.cache import CSS_URL, PNP_URL
from pnpforge.render.document import Renderer
from pnpforge.render.faces import Face, pack_faces
from pnpforge.render.fit import FIT_RULE
from pnpforge.render.fonts import FontSet, load_fonts
from pnpforge.render.geometry import Layout, LayoutError, layout_error
from pnpforge.render.icons import icon_findings
from pnpforge.render.layouts import LAYOUTS_DIR, LayoutSet, load_sizes, search_path
from pnpforge.render.resolver import url_path

FIT_ANY = "*"


def check_layouts(pack: Pack, lang: str | None = None, layouts_dir: Path = LAYOUTS_DIR) -> list[Finding]:
    """Every problem a build of ``pack`` would meet in its layouts, each located; empty when it would build."""
    lang = lang or pack.game.languages[0]
    problems = icon_findings(pack, layouts_dir) + art_findings(pack)
    try:
        layouts = LayoutSet(search_path(pack, layouts_dir), load_sizes(layouts_dir, pack))
        fonts = load_fonts(layouts_dir, pack)
        faces, _ = pack_faces(pack, layouts)
    except LayoutError as exc:
        return problems + exc.findings
    broken = set()  # layouts naming a field or font that is not there: their faces cannot be drawn to check
    for layout, type_name in _layouts_by_type(faces):
        found = _field_problems(pack, layout, type_name, fonts)
        problems += found
        if found:
            broken.add(layout.name)
    with tempfile.TemporaryDirectory(prefix="pnpforge-preflight-") as art:
        renderer = Renderer(pack, lang, layouts, fonts, Path(art), layouts_dir, bleed=0.0)
        fetched: dict[str, tuple[Path, list[str]] | None] = {}
        for face in _samples(faces):
            if face.layout.name in broken:
                continue
            try:
                html = renderer.document([face], face.key)
            except LayoutError as exc:
                problems += exc.findings
                continue
            problems += _missing_files(html, renderer, face.layout, fetched)
        problems += fit_findings(renderer, [face for face in faces if face.layout.name not in broken])
    return list(dict.fromkeys(problems))


def fit_findings(renderer: Renderer, faces: list[Face]) -> list[Finding]:
    """Text that does not fit its box even at the floor size, on any face: the fit measured, nothing drawn (the
    renderer reports each item's box once, also when a face of it was drawn to check it)."""
    unusable: set[str] = set()  # layouts whose font cannot be measured: the face drawn above reported it
    for face in faces:
        if face.layout.name in unusable:
            continue
        try:
            renderer.fits(face.item, renderer.layout_of(face))
        except LayoutError:
            unusable.add(face.layout.name)
    return [f for f in renderer.findings if f.rule == FIT_RULE]


def _layouts_by_type(faces: list[Face]) -> list[tuple[Layout, str]]:
    """Each distinct (layout, type) pair the faces use."""
    seen: dict[tuple[str, str], tuple[Layout, str]] = {}
    for face in faces:
        seen.setdefault((face.layout.name, face.type), (face.layout, face.type))
    return list(seen.values())


def _samples(faces: list[Face]) -> list[Face]:
    """The first front and the first back of each layout of each type."""
    chosen: dict[tuple[str, str, str], Face] = {}
    for face in faces:
        chosen.setdefault((face.type, face.side, face.layout.name), face)
    return list(chosen.values())


def _field_problems(pack: Pack, layout: Layout, type_name: str, fonts: FontSet) -> list[Finding]:
    """``fit`` and ``art`` entries naming fields the type does not have, or fonts the pack does not have."""
    problems = []
    fields = pack.types[type_name].fields
    for fit_name, spec in layout.fit.items():
        for index, path in enumerate(spec.fields):
            if path == FIT_ANY:
                continue
            unknown = _unknown_field(pack, type_name, path)
            if unknown:
                problems.append(layout_error(layout.mark("fit", fit_name, "fields", index),
                                             f"fit: {fit_name}: {unknown}", layout.name))
        role = spec.font.split("/")[0]
        if f"{role}/regular" not in fonts.faces and spec.font not in fonts.faces:
            known = sorted({key.split("/")[0] for key in fonts.faces})
            problems.append(layout_error(layout.mark("fit", fit_name, "font"),
                                         f"fit: {fit_name}: no font '{spec.font}'; roles: {', '.join(known)}",
                                         layout.name))
    art_field = (layout.art or {}).get("field")
    if art_field and art_field not in fields:
        problems.append(layout_error(layout.mark("art", "field"),
                                     f"art: {type_name} has no field '{art_field}'; fields: {', '.join(fields)}",
                                     layout.name))
    return problems


def _unknown_field(pack: Pack, type_name: str, path: str) -> str | None:
    """Why ``field`` or ``ref_field.field`` names nothing on ``type_name``, or None when it names a field."""
    head, _, rest = path.partition(".")
    fields = pack.types[type_name].fields
    if head not in fields:
        return f"{type_name} has no field '{head}'; fields: {', '.join(fields)}"
    spec = fields[head]
    if not rest:
        return None
    target = getattr(spec, "to", None)
    if spec.kind != "ref" or target not in pack.types:
        return f"'{head}' of {type_name} is not a reference to a component type, so '{path}' names nothing"
    return _unknown_field(pack, target, rest)


def _missing_files(html: str, renderer: Renderer, layout: Layout,
                   fetched: dict[str, tuple[Path, list[str]] | None]) -> list[Finding]:
    """Files the page fetches (directly or from a stylesheet) that are not there; ``fetched`` keeps what each URL
    was found to be (its file and the URLs it pulls in, or None), for the other pages of the check."""
    problems = []
    seen: set[str] = set()
    pending: list[tuple[str, Path | None]] = [(url, None) for url in sorted(set(PNP_URL.findall(html)))]
    while pending:
        url, stylesheet = pending.pop(0)
        if url in seen or url.startswith("pnp:art/"):
            continue
        seen.add(url)
        if url not in fetched:
            fetched[url] = _fetch(url, renderer.roots.as_dict())
        found = fetched[url]
        if found is None:
            problems.append(_missing(url, stylesheet, layout, renderer))
            continue
        path, pulled = found
        if path.suffix.lower() == ".css":
            problems += _not_text(path)
        pending += [(target, path) for target in pulled]
    return problems


def _fetch(url: str, roots: dict[str, Path]) -> tuple[Path, list[str]] | None:
    """The file behind a URL and the URLs it pulls in (a stylesheet's), or None when there is no such file."""
    path = url_path(roots, url)
    if path is None or not path.is_file():
        return None
    pulled = []
    if path.suffix.lower() == ".css":
        text = path.read_text(encoding="utf-8", errors="replace")
        base = posixpath.dirname(url[4:])
        for found in CSS_URL.finditer(text):
            target = found.group(1) or found.group(2)
            if ":" in target and not target.startswith("pnp:"):
                continue
            pulled.append(target if target.startswith("pnp:") else
                          f"pnp:{posixpath.normpath(posixpath.join(base, target))}")
    return path, pulled


def _not_text(stylesheet: Path) -> list[Finding]:
    """A stylesheet that is not UTF-8 text, located at its first wrong byte (once, whichever layouts use it)."""
    bad = utf8_error(stylesheet.read_bytes())
    if bad is None:
        return []
    line, col, message = bad
    return [layout_error(Mark(display_path(stylesheet), line, col), f"stylesheet '{stylesheet.name}': {message}")]


def _missing(url: str, stylesheet: Path | None, layout: Layout, renderer: Renderer) -> Finding:
    """A missing file, located where it is named: a stylesheet's line, else the template's, else the layout."""
    name = url.rsplit("/", 1)[-1]
    places = [stylesheet] if stylesheet else [folder / layout.template for folder in renderer.layouts.search]
    for place in places:
        if place is None or not place.is_file():
            continue
        for number, line in enumerate(place.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            at = line.find(name)
            if at >= 0:
                return layout_error(Mark(display_path(place), number, at + 1), f"'{_shown(url)}' does not exist",
                                    layout.name)
        if stylesheet is None:
            break  # the template found first is the one rendered
    return layout_error(layout.mark("template"), f"'{_shown(url)}' does not exist", layout.name)


def _shown(url: str) -> str:
    """A ``pnp:`` URL as the folder a designer knows."""
    return re.sub(r"^pnp:", "", url)
