"""The site's pages: what each shows, rendered with the templates of ``layouts/web/`` and written to disk.

```
index.html                 the cover, the contents, what the game is about
rules/<NN-name>.html       one page per rules page of the pack (``rules/NN-name.md``)
glossary.html              terms, icons, factions and faceless items, one anchor each
examples.html              the worked examples, with the page that explains each
cards/index.html           the gallery, with filters by type and by the pack's facets
cards/<id>.html            one page per printed card: front, back, every field, where the rules show it
search.html                search over all of it (assets/search-index.js)
assets/                    site.css, print.css, site.js, search.js, fonts.css and fonts/, vendor/
img/<type>/<id>.webp       the printed faces (and <id>@2x.webp at twice the resolution)
```
Templates are looked up in the pack's ``layouts/web/`` first, then in ``layouts/web/``; ``write`` renders and
writes the pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from pnpforge.content.pack import Pack
from pnpforge.content.source import LoadError, load_yaml
from pnpforge.findings import Finding, display_path
from pnpforge.games import load_package
from pnpforge.publish.rulebook.analyses import tables_html
from pnpforge.publish.rulebook.document import Rulebook
from pnpforge.publish.rulebook.examples import EXAMPLES_DIR, example_html
from pnpforge.publish.rulebook.macros import Macros, slug
from pnpforge.publish.web.cards import CardEntry, build_facets, card_entries
from pnpforge.render.environment import type_label
from pnpforge.publish.web.figures import ROOT, WebFigures, card_page, image_path, srcset
from pnpforge.publish.web.glossary import GlossaryBuilder, item_anchor, where_used
from pnpforge.publish.web.languages import Switcher
from pnpforge.publish.web.links import Linker
from pnpforge.publish.web.settings import Settings
from pnpforge.publish.web.values import Values
from pnpforge.render.stage import RenderResult

RULES_DIR = "rules"
TABLE = re.compile(r"<table\b")
TABLE_END = re.compile(r"</table>")
FACE_ON_PAGE = re.compile(r'data-face="([^"]+)"')
EXAMPLE_ON_PAGE = re.compile(r'data-example="([^"]+)"')
DEFAULT_ACCENT = "#7a2418"
CARD_PAGE_PX_PER_MM = 4.72  # a card page shows faces at one scale: a poker card 300 CSS px wide
CARD_PAGE_MAX_PX = 760


@dataclass
class SitePage:
    """One page: its path in the site, its template, and what the template shows."""

    path: str
    template: str
    title: str
    kind: str
    source: str  # the file a problem on this page is reported at
    toc: list[tuple[int, str, str]] = field(default_factory=list)  # (level, text, anchor)
    context: dict[str, Any] = field(default_factory=dict)


@dataclass
class SiteContent:
    """Everything the pages are made from."""

    pack: Pack
    lang: str
    settings: Settings
    figures: WebFigures
    macros: Macros
    book: Rulebook | None
    master: RenderResult
    layouts_dir: Path
    site_dir: Path
    downloads: list[dict] = field(default_factory=list)  # {label, href, size, files}: the build's PDFs and report
    switcher: Switcher | None = None  # the same pages in the pack's other languages

    def __post_init__(self) -> None:
        """Cards, facets and the lookups the pages share."""
        self.values = Values(self.pack, self.macros, self.href_of, self.settings.label,
                             tuple(self.settings.file.hidden_fields))
        faces = [face for face in self.master.faces  # the printed dice are no cards of the pack's types
                 if face.key in self.master.pages and face.type in self.pack.types]
        self.cards = card_entries(self.pack, faces, self.macros)
        self.facets = build_facets(self.pack, self.cards, self.settings, self.macros)
        self.card_ids = {entry.item.id for entry in self.cards}
        layouts = self.figures.renderer.layouts
        self.faceless = [name for name in self.pack.types if not layouts.for_type(name).render]
        self.faceless_ids = {item.id: item for name in self.faceless for item in self.pack.of_type(name)}
        self.chapters = list(self.book.chapters) if self.book else []
        self.label = self.settings.label

    @property
    def title(self) -> str:
        """The site's title: the rulebook's, else the game's name."""
        if self.book and self.book.sources.book.title:
            return self.book.sources.book.title
        return self.macros.t(self.pack.game.name)

    @property
    def accent(self) -> str:
        """Colour of headings and links."""
        if self.settings.file.accent:
            return self.settings.file.accent
        return self.book.sources.book.accent if self.book else DEFAULT_ACCENT

    def href_of(self, target: str, to: str) -> str | None:
        """Where a reference leads: a card page, a glossary entry, or nowhere."""
        if to == "faction":
            return f"#faction-{slug(target)}"
        if target in self.card_ids:
            return f"{ROOT}{card_page(target)}"
        if target in self.faceless_ids:
            return f"#{item_anchor(self.faceless_ids[target])}"
        return None

    def chapter_path(self, chapter) -> str:
        """A rules page's path in the site."""
        return f"{RULES_DIR}/{chapter.page.path.stem}.html"


# --- pages -------------------------------------------------------------------------------------------------------
def rules_pages(content: SiteContent) -> list[SitePage]:
    """One page per chapter, with its sections as the table of contents."""
    pages = []
    chapters = content.chapters
    for index, chapter in enumerate(chapters):
        toc = [(h.level, h.text, h.anchor) for h in chapter.headings if h.level in (2, 3)]
        html = _scrollable_tables(str(chapter.html), content.label("table"))
        previous = chapters[index - 1] if index else None
        following = chapters[index + 1] if index + 1 < len(chapters) else None
        pages.append(SitePage(content.chapter_path(chapter), "rules.html", chapter.title, "rules",
                              chapter.page.shown, toc, {
                                  "chapter": chapter, "html": Markup(html), "classes": chapter.classes,
                                  "previous": _link(content, previous), "next": _link(content, following)}))
    return pages


def _link(content: SiteContent, chapter) -> dict | None:
    return {"title": chapter.title, "href": f"{ROOT}{content.chapter_path(chapter)}"} if chapter else None


def _scrollable_tables(html: str, label: str) -> str:
    """Each table in a focusable box that scrolls sideways on a narrow screen (the page itself never does);
    the boxes are numbered, so that each landmark has a name of its own."""
    count = iter(range(1, 10_000))

    def opening(_: re.Match) -> str:
        return f'<div class="wb-scroll" tabindex="0" role="region" aria-label="{escape(label)} {next(count)}"><table'
    return TABLE_END.sub("</table></div>", TABLE.sub(opening, html))


def glossary_page(content: SiteContent, linker: Linker, titles: dict[str, str]) -> tuple[SitePage, list]:
    """The glossary, letter by letter."""
    builder = GlossaryBuilder(content.pack, content.macros, content.settings, content.href_of, content.values)
    if content.book:
        builder.terms(content.book)
    builder.icons(content.facets)
    builder.factions(content.facets)
    builder.faceless(content.faceless, content.cards)
    builder.cards(content.cards)
    entries = builder.result()

    def page_of(anchor: str):
        path = linker.owner.get(anchor)
        return (path, titles[path]) if path in titles else None

    letters: dict[str, list] = {}
    for entry in entries:
        letters.setdefault(entry.letter, []).append((entry, where_used(entry, page_of)))
    toc = [(2, letter, f"letter-{slug(letter) if letter != '#' else 'signs'}") for letter in letters]
    groups = [(letter, anchor, letters[letter]) for (_, letter, anchor) in toc]
    source = display_path(content.book.sources.glossary_doc.path) if content.book and \
        content.book.sources.glossary_doc else display_path(content.pack.game_doc.path)
    return SitePage("glossary.html", "glossary.html", content.label("glossary"), "glossary", source, toc,
                    {"groups": groups}), entries


def gallery_page(content: SiteContent) -> SitePage:
    """Every card, grouped by type, with the filters."""
    groups: dict[str, list[CardEntry]] = {}
    for entry in content.cards:
        groups.setdefault(entry.item.type, []).append(entry)
    sections = [(type_name, type_label(content.pack, type_name, content.lang), f"type-{slug(type_name)}", cards)
                for type_name, cards in groups.items()]
    toc = [(2, label, anchor) for _, label, anchor, _ in sections]
    return SitePage("cards/index.html", "gallery.html", content.label("cards"), "cards",
                    display_path(content.pack.game_doc.path), toc,
                    {"sections": sections, "facets": content.facets, "total": len(content.cards),
                     "image": lambda face: f"{ROOT}{image_path(face.key)}", "size": _size,
                     "srcset": lambda face: srcset(face, content.figures.dpi_of(face))})


def _size(face, width_px: float) -> tuple[int, int]:
    """An image's width and height in CSS pixels for a given width."""
    return round(width_px), round(width_px * face.layout.height / face.layout.width)


def card_pages(content: SiteContent, shown_in: dict[str, list[tuple[str, str]]]) -> list[SitePage]:
    """One page per card: its faces, its fields, where the rules show it, and its neighbours of the same type."""
    pages = []
    by_type: dict[str, list[CardEntry]] = {}
    for entry in content.cards:
        by_type.setdefault(entry.item.type, []).append(entry)
    package = load_package(content.pack.game.engine) if content.pack.game.engine else None
    tables_of = package.item_tables(content.pack) if package is not None and package.item_tables else None
    for entry in content.cards:
        tables = tables_html(tables_of(entry.item)) if tables_of is not None else Markup("")
        siblings = by_type[entry.item.type]
        index = siblings.index(entry)
        rows = content.values.rows(entry.item)
        faces = [(content.label("front"), entry.front)] + ([(content.label("back"), entry.back)] if entry.back else [])
        pictures = [_picture(content, entry, side, face) for side, face in faces]
        shown = shown_in.get(entry.front.key, [])
        toc = [(2, content.label("faces"), "faces"), (2, content.label("details"), "details")]
        if tables:
            toc.append((2, content.label("figures"), "figures"))
        if shown:
            toc.append((2, content.label("in_rules"), "in-rules"))
        neighbours = {"previous": siblings[index - 1] if index else None,
                      "next": siblings[index + 1] if index + 1 < len(siblings) else None}
        pages.append(SitePage(entry.page, "card.html", entry.name, "card", entry.item.mark().path, toc, {
            "entry": entry, "rows": rows, "pictures": pictures, "shown_in": shown, "tables": tables,
            "neighbours": {k: ({"title": v.name, "href": f"{ROOT}{v.page}"} if v else None)
                           for k, v in neighbours.items()},
            "faction": _faction(content, entry)}))
    return pages


def _picture(content: SiteContent, entry: CardEntry, side: str, face) -> dict:
    """A face on its card page: its images, its size, its words, and the larger image it enlarges to."""
    size = _size(face, min(CARD_PAGE_MAX_PX, face.layout.width * CARD_PAGE_PX_PER_MM))
    alt = f"{side}: {entry.name}" if side == content.label("back") else entry.name
    return {"side": side, "src": f"{ROOT}{image_path(face.key)}", "srcset": srcset(face, content.figures.dpi_of(face)),
            "sizes": f"min({size[0]}px, calc(100vw - 2rem))", "size": size, "alt": alt,
            "zoom": f"{ROOT}{image_path(face.key, 2)}", "wide": face.layout.width > face.layout.height,
            "film": face.layout.transparent}


def _faction(content: SiteContent, entry: CardEntry) -> dict | None:
    """The card's faction (its first field that refers to a faction)."""
    view = content.figures.renderer.view
    field_name = view.faction_field(entry.item)
    faction = view.faction(entry.item.get(field_name)) if field_name else None
    if faction is None:
        return None
    return {"name": content.macros.t(faction.name), "href": f"#faction-{slug(faction.id)}",
            "colour": faction.colour or ""}


def example_files(content: SiteContent) -> list[Path]:
    """The worked examples the site can draw: ``examples/*.yaml``, when the rulebook or the game draws them."""
    folder = content.pack.root / EXAMPLES_DIR
    drawing = content.book.sources.book.examples if content.book else None
    package = load_package(content.pack.game.engine) if content.pack.game.engine else None
    drawn = drawing is not None or (package is not None and package.example is not None)
    return sorted(folder.glob("*.yaml")) if folder.is_dir() and drawn else []


def examples_page(content: SiteContent, used: dict[str, tuple[str, str]],
                  findings: list[Finding]) -> SitePage:
    """Every worked example: where the rules explain it, or drawn here when no rules page shows it."""
    folder = content.pack.root / EXAMPLES_DIR
    drawing = content.book.sources.book.examples if content.book else None
    items = []
    for path in example_files(content):
        try:
            data = load_yaml(path).data
        except LoadError as exc:
            findings.extend(exc.findings)
            continue
        data = data if isinstance(data, dict) else {}
        title = content.macros.t(data.get("name") or path.stem)
        doc = content.macros.rich(content.macros.t(data.get("doc") or ""))
        if path.stem in used:
            page, chapter_title = used[path.stem]
            items.append({"stem": path.stem, "title": title, "doc": doc, "chapter": chapter_title,
                          "href": f"{ROOT}{page}#example-{path.stem}", "html": None})
        else:
            html = example_html(content.macros, drawing, path.stem, display_path(path), None, findings)
            items.append({"stem": path.stem, "title": title, "doc": doc, "chapter": None, "href": None,
                          "html": html})
    toc = [(2, str(item["title"]), f"about-{item['stem']}") for item in items]
    return SitePage("examples.html", "examples.html", content.label("examples"), "examples",
                    display_path(folder), toc, {"examples": items})


def home_page(content: SiteContent, counts: dict[str, int]) -> SitePage:
    """The cover and the contents."""
    book = content.book
    chapters = [{"title": c.title, "href": f"{ROOT}{content.chapter_path(c)}",
                 "sections": [(h.text, f"{ROOT}{content.chapter_path(c)}#{h.anchor}")
                              for h in c.headings if h.level == 2]} for c in content.chapters]
    about = content.macros.rich(content.macros.t(content.pack.game.about))
    downloads = [{"label": content.label(d["label"]), "href": f"{ROOT}{d['href']}",
                  "size": f"{d['size'] / 1e6:.1f} MB" if d["size"] >= 1e5 else f"{d['size'] / 1e3:.0f} kB"}
                 for d in content.downloads]
    toc = ([(2, content.label("contents"), "contents")] if chapters else []) + \
        [(2, content.label("explore"), "explore")] + \
        ([(2, content.label("downloads"), "downloads")] if downloads else []) + \
        ([(2, content.label("about"), "about")] if about else [])
    return SitePage("index.html", "home.html", content.title, "home", display_path(content.pack.game_doc.path),
                    toc, {"subtitle": book.sources.book.subtitle if book else "",
                          "note": book.sources.book.cover.note if book else "",
                          "cover": book.cover if book else [], "chapters": chapters, "counts": counts,
                          "about": about, "downloads": downloads})


def search_page(content: SiteContent) -> SitePage:
    """The search form and its results."""
    return SitePage("search.html", "search.html", content.label("search"), "search",
                    display_path(content.pack.game_doc.path), [(2, content.label("results"), "results")], {})
