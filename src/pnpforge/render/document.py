"""Faces to HTML: one document per component type, one page per face, each page sized to trim plus bleed.

For each face the renderer builds the template's context (the item, its zones as CSS boxes, the fitted text
sizes, the art) and renders the layout's template into a page; the pages of a type share one document whose
``@page`` rules give each layout its size. Every URL in the HTML uses the ``pnp:`` scheme (``pnp:fonts/...``,
``pnp:layouts/...``, ``pnp:art/...``), which only the PDF stage's fetcher resolves, so the HTML is the same on
every machine and nothing outside the layouts, the pack and the art cache can be fetched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

from pnpforge.content.pack import Item, Pack
from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.findings import Finding, Mark
from pnpforge.render.art import Art, placeholder, prepare_art, resolve_art
from pnpforge.render.environment import PackView, RenderError, field_label, humanise, make_environment, type_label
from pnpforge.render.faces import Face
from pnpforge.render.fit import Fit, Run, emphasised, fit_text, overflow_finding
from pnpforge.render.fonts import FontSet
from pnpforge.render.icons import IconSet
from pnpforge.render.geometry import LayoutError, layout_error
from pnpforge.render.layouts import LAYOUTS_DIR, Layout, LayoutSet
from pnpforge.render.resolver import Resolver
from pnpforge.render.template_errors import RENDER_FAILURES, template_finding

DOCUMENT_TEMPLATE = "document.html"
TITLE_FIELD = "name"
FIGURE_TITLE = "figures"  # the title of a face's document drawn for a figure or a web image: one title, one document


@dataclass
class Roots:
    """The folders behind the ``pnp:`` URL prefixes: each layout layer, the pack, the art cache."""

    resolver: Resolver
    pack: Path
    art: Path
    _resolved: list[tuple[str, Path]] | None = field(default=None, init=False, repr=False, compare=False)

    def pairs(self) -> list[tuple[str, Path]]:
        """``(prefix, folder)`` for every root, most specific first."""
        return [*self.resolver.url_roots(), ("pack", self.pack), ("art", self.art)]

    def as_dict(self) -> dict[str, Path]:
        """The roots by prefix, as the PDF stage's fetcher takes them."""
        return dict(self.pairs())

    def url(self, path: Path) -> str:
        """The ``pnp:`` URL of a file below one of the roots."""
        resolved = path.resolve()
        if self._resolved is None:
            self._resolved = [(prefix, root.resolve()) for prefix, root in self.pairs()]
        for prefix, root in self._resolved:
            try:
                return f"pnp:{prefix}/{resolved.relative_to(root).as_posix()}"
            except ValueError:
                continue
        raise RenderError(f"file '{path}' is outside the layouts, the pack and the art cache")


@dataclass
class Renderer:
    """Renders a pack's faces to HTML in one language."""

    pack: Pack
    lang: str
    layouts: LayoutSet
    fonts: FontSet
    art_cache: Path
    layouts_dir: Path = LAYOUTS_DIR
    bleed: float | None = None
    findings: list[Finding] = field(default_factory=list)

    def __post_init__(self) -> None:
        """Set up the icons, the template helpers and the Jinja environment."""
        self.resolver = Resolver.for_pack(self.pack, self.layouts_dir)
        self.roots = Roots(self.resolver, self.pack.root, self.art_cache)
        self.font_faces = Markup(self.fonts.font_face_css(self.roots.url))  # every face's document starts with them
        self.icons = IconSet(self.pack, self.lang, self.layouts_dir)
        self.view = PackView(self.pack, self.lang, self.icons)
        self.env = make_environment(self.layouts.search)
        self.view.install(self.env)
        self._reported: set[tuple[str, str]] = set()
        self._sheet_urls: dict[tuple[str, str], str] = {}  # looked up once per renderer (one build)

    def layout_of(self, face: Face) -> Layout:
        """The face's layout with the bleed this build asks for."""
        return face.layout if self.bleed is None else face.layout.with_bleed(self.bleed)

    def document(self, faces: list[Face], title: str) -> str:
        """One HTML document holding every face as a page."""
        layouts: dict[str, Layout] = {}
        for face in faces:
            layout = self.layout_of(face)
            layouts.setdefault(layout.name, layout)
        sheets: list[str] = []
        for layout in layouts.values():
            for sheet in layout.stylesheets:
                url = self._stylesheet_url(sheet, layout)
                if url not in sheets:
                    sheets.append(url)
        pages = [self.page(face) for face in faces]
        try:
            return self.env.get_template(DOCUMENT_TEMPLATE).render(
                title=title, pages=pages, stylesheets=sheets,
                font_faces=self.font_faces,
                page_rules=Markup("\n".join(_page_rule(layout) for layout in layouts.values())))
        except RENDER_FAILURES as exc:
            first = self.layout_of(faces[0]) if faces else None
            mark = first.mark() if first else Mark(DOCUMENT_TEMPLATE)
            raise LayoutError([template_finding(exc, first.name if first else DOCUMENT_TEMPLATE,
                                                DOCUMENT_TEMPLATE, mark, self.layouts.search)]) from None

    def page(self, face: Face) -> Markup:
        """One face rendered by its layout's template."""
        layout = self.layout_of(face)
        try:
            template = self.env.get_template(layout.template)
            html = template.render(**self.context(face, layout))
        except RENDER_FAILURES as exc:
            raise LayoutError([template_finding(exc, layout.name, layout.template, layout.mark("template"),
                                                self.layouts.search)]) from None
        style = (f"page:{_page_name(layout)};width:{layout.page_width:g}mm;height:{layout.page_height:g}mm;")
        classes = f"face face-{face.side} {layout_classes(layout)}" + (" transparent" if layout.transparent else "")
        return Markup(f'<section class="{classes}" data-face="{face.key}" style="{style}">\n{html}</section>\n')

    def context(self, face: Face, layout: Layout) -> dict[str, Any]:
        """What a face's template sees."""
        item = face.item
        faction_field = self.view.faction_field(item)
        shared = face.side == "back" and not {"id", faction_field} & set(face.same_for)
        colour = self.view.type_colour(item.type) if shared else self.view.colour_of(item)
        return {
            "face": face, "item": item, "v": item.values, "id": item.id, "layout": layout,
            "params": layout.params, "colour": colour, "side": face.side,
            "faction_id": item.get(faction_field) if faction_field else None,
            "type_label": self.type_label(item.type),
            "zone": lambda name, inset=0.0: Markup(_zone_css(layout, name, inset, face.layout.bleed)),
            "fit": self.fits(item, layout),
            "art": self.art(item, layout, colour),
            "rows": self.rows(item, layout),
            "copies": face.copies,
        }

    def type_label(self, type_name: str) -> str:
        """How players call a type: its declared label, else its name."""
        return type_label(self.pack, type_name, self.lang)

    def rows(self, item: Item, layout: Layout) -> list[tuple[str, str, str]]:
        """``(field, label, value)`` for the fields a generic card prints as labelled text."""
        skip = {TITLE_FIELD, *layout.params.get("hide_fields", [])}
        faction_field = self.view.faction_field(item)
        art = (layout.art or {}).get("field") or self._image_field(item)
        rows = []
        for name, spec in self.pack.types[item.type].fields.items():
            if name in skip or name in (faction_field, art) or spec.kind in ("image", "grid"):
                continue  # a map is a drawing, not a line of text
            value = self.view.display(item, name)
            if value:
                rows.append((name, field_label(spec, name, self.lang), value))
        return rows

    def fits(self, item: Item, layout: Layout) -> dict[str, Fit]:
        """The chosen text size of each of the layout's fit boxes."""
        result = {}
        for name, spec in layout.fit.items():
            paragraphs, first_field = self._paragraphs(item, layout, spec)
            zone = layout.zones[spec.zone]
            fit = fit_text(paragraphs, spec, zone, self.fonts)
            result[name] = fit
            if not fit.fits and first_field and (item.id, name) not in self._reported:
                self._reported.add((item.id, name))
                length = sum(len(run.text) for paragraph in paragraphs for run in paragraph)
                self.findings.append(overflow_finding(item.subject, first_field, spec, zone, length,
                                                      self._field_mark(item, first_field)))
        return result

    def _field_mark(self, item: Item, field_name: str):
        """Where a field's text in this renderer's language was written (its language's own value, if any)."""
        value = item.get(field_name)
        return item.mark(field_name, self.lang) if isinstance(value, dict) and self.lang in value else \
            item.mark(field_name)

    def _paragraphs(self, item: Item, layout: Layout, spec) -> tuple[list[list[Run]], str | None]:
        """The runs a fit box measures, and the field a warning should name."""
        font = spec.font
        bold = f"{font.split('/')[0]}/bold"
        if spec.fields == ("*",):
            rows = self.rows(item, layout)
            longest = max(rows, key=lambda row: len(row[2]))[0] if rows else None  # the field to blame
            if spec.labelled:
                return [[Run(f"{label}: ", bold), *emphasised(value, font)] for _, label, value in rows], longest
            return [emphasised(value, font) for _, _, value in rows], longest
        paragraphs, first = [], None
        for path in spec.fields:
            text = self.field_text(item, path)
            if text:
                first = first or path.split(".")[0]
                label = [Run(f"{humanise(path.split('.')[-1])}: ", bold)] if spec.labelled else []
                paragraphs += [label + emphasised(part, font) for part in text.split("\n") if part.strip()]
        return paragraphs, first

    def field_text(self, item: Item, path: str) -> str:
        """The text at ``field`` or ``ref_field.field`` (following a reference), in the build's language."""
        head, _, rest = path.partition(".")
        if rest:
            target = self.view.ref(item.get(head)) if isinstance(item.get(head), str) else None
            return self.field_text(target, rest) if target is not None else ""
        if head not in self.pack.types[item.type].fields:
            return ""
        return self.view.display(item, head)

    def _image_field(self, item: Item) -> str | None:
        """The type's first field of kind image."""
        for name, spec in self.pack.types[item.type].fields.items():
            if spec.kind == "image":
                return name
        return None

    def art(self, item: Item, layout: Layout, colour: str) -> Art | None:
        """The picture of the layout's art zone: the item's file fitted to it, else a placeholder."""
        if not layout.art:
            return None
        zone = layout.zones[layout.art["zone"]]
        field_name = layout.art.get("field") or self._image_field(item)
        source = resolve_art(self.pack.root, item.get(field_name)) if field_name else None
        name = prepare_art(source, zone, self.art_cache)
        if name is not None:
            return Art(url=f"pnp:art/{name}", colour=colour)
        return placeholder(f"{item.type}/{item.id}", zone, colour, self.view.t(item.get(TITLE_FIELD, item.id)))

    def _stylesheet_url(self, sheet: str, layout: Layout) -> str:
        """The ``pnp:`` URL of a stylesheet, looked up like layouts (once per renderer)."""
        key = (sheet, layout.name)
        if key not in self._sheet_urls:
            self._sheet_urls[key] = self._find_stylesheet(sheet, layout)
        return self._sheet_urls[key]

    def _find_stylesheet(self, sheet: str, layout: Layout) -> str:
        """The ``pnp:`` URL of a stylesheet, looked up like layouts."""
        index = layout.stylesheets.index(sheet)
        for folder in self.layouts.search:
            try:
                path = inside_pack(folder, sheet)
            except PathEscape as exc:
                raise LayoutError([layout_error(layout.mark("stylesheets", index), f"stylesheet: {exc}",
                                                layout.name)]) from None
            if path.is_file():
                return self.roots.url(path)
        raise LayoutError([layout_error(layout.mark("stylesheets", index),
                                        f"stylesheet '{sheet}' not found; looked in {self.layouts.places()}",
                                        layout.name)])


def _page_name(layout: Layout) -> str:
    """The layout's name as a CSS page name."""
    return _page_name_of(layout.name)


def layout_classes(layout: Layout) -> str:
    """``layout-<name>`` for the layout and every layout it extends, parents first (``layout-card
    layout-card-variant``), so a layout that extends another keeps the CSS written for it; a layout that extends its
    own name (a pack's ``card`` over the shared one) is named once."""
    names = dict.fromkeys(_page_name_of(name) for name in reversed(layout.chain or (layout.name,)))
    return " ".join(f"layout-{name}" for name in names)


def _page_name_of(name: str) -> str:
    return re.sub(r"[^a-zA-Z0-9-]", "-", name)


def _page_rule(layout: Layout) -> str:
    """The ``@page`` rule sizing a layout's pages to trim plus bleed."""
    return (f"@page {_page_name(layout)} {{ size: {layout.page_width:g}mm {layout.page_height:g}mm; "
            f"margin: 0; }}")


def _zone_css(layout: Layout, name: str, inset: float = 0.0, designed_bleed: float | None = None) -> str:
    """Absolute CSS box of a zone on the page (zones are measured from the trim, pages include the bleed); a round
    zone clips its content to its circle.

    A zone drawn out to the layout's own bleed edge keeps reaching the page edge when an output asks for a
    wider bleed, so art that bleeds still covers a print shop's whole bleed.
    """
    zone = layout.zones.get(name)
    if zone is None:
        raise RenderError(f"layout '{layout.name}' has no zone '{name}'; zones: {', '.join(layout.zones)}")
    edge = layout.bleed if designed_bleed is None else designed_bleed
    extra = layout.bleed - edge
    left, top = zone.x + layout.bleed, zone.y + layout.bleed
    width, height = zone.w, zone.h
    if zone.x <= -edge + 1e-6:
        left, width = left - extra, width + extra
    if zone.y <= -edge + 1e-6:
        top, height = top - extra, height + extra
    if zone.x + zone.w >= layout.width + edge - 1e-6:
        width += extra
    if zone.y + zone.h >= layout.height + edge - 1e-6:
        height += extra
    box = (f"position:absolute;left:{left + inset:g}mm;top:{top + inset:g}mm;"
           f"width:{width - 2 * inset:g}mm;height:{height - 2 * inset:g}mm;")
    if zone.shape == "round":  # what the zone holds is cut to its circle (an ellipse in a zone that is not square)
        box += "border-radius:50%;overflow:hidden;"
    return box
