"""The rulebook as one HTML document: cover, contents, the chapters, the glossary and the index of terms.

Chapters follow one another on the same page unless ``rulebook.yaml`` (``page_breaks``) starts one on a new
page; the cover, the contents and the index always have pages of their own. Every word the book writes itself
comes from ``Sources.label`` (``strings.py``). The page furniture is CSS paged media
(``layouts/rulebook/rulebook.css``): running headers from the chapter titles (``string-set``), page numbers, and
the contents' page numbers with ``target-counter``. The index lists, per glossary term, the pages where the text
uses it; since a page is only known after layout, ``index_html`` takes the anchors to keep (one per term and page)
from a first layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup, escape

from pnpforge.findings import Finding, Mark, display_path
from pnpforge.publish.rulebook import TEMPLATE_DIR
from pnpforge.publish.rulebook.book import Sources
from pnpforge.publish.rulebook.chapters import Chapter, ChapterWriter, rule_coverage
from pnpforge.publish.rulebook.figures import Figures
from pnpforge.publish.rulebook.macros import Macros, slug, term_key
from pnpforge.publish.rulebook.markdown import Where
from pnpforge.publish.rulebook.words import fill
from pnpforge.render.environment import make_environment
from pnpforge.render.geometry import LayoutError, layout_error
from pnpforge.render.resolver import Resolver
from pnpforge.render.template_errors import RENDER_FAILURES, template_finding

TEMPLATE = "rulebook.html"
STYLESHEET = "rulebook.css"
INDEX_START, INDEX_END = "<!--rb-index-->", "<!--/rb-index-->"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # paper sizes in mm
PAGE = (200.0, 275.0)  # the laid-out page: it fits on both papers, and is centred on each
COVER_SCALE = 0.62
INDEX_COLUMNS = 3


@dataclass
class IndexEntry:
    """A term of the index: its definition's anchor and the anchors of its uses in the text."""

    term: str
    anchor: str
    uses: list[str] = field(default_factory=list)


@dataclass
class Rulebook:
    """Everything laid out once: chapters, glossary, index entries, and the findings on the way."""

    sources: Sources
    macros: Macros
    chapters: list[Chapter]
    glossary: list[tuple[str, str, Markup]]
    index: list[IndexEntry]
    cover: list[Markup]
    findings: list[Finding]

    @property
    def figures(self) -> Figures:
        """The card figures the pages asked for."""
        return self.macros.figures


def write_rulebook(sources: Sources, figures: Figures, lang: str) -> Rulebook:
    """Parse and render every page, the glossary and the index entries; check the rule ids."""
    macros = Macros(sources, figures, lang)
    writer = ChapterWriter(macros)
    chapters = [writer.chapter(page) for page in sources.pages]
    glossary = _glossary(sources, macros, writer)
    uses: dict[str, list[str]] = {}
    for use in macros.uses:
        uses.setdefault(use.term, []).append(use.anchor)
    index = [IndexEntry(term, f"term-{slug(term)}", uses.get(term, [])) for term, _, _ in glossary]
    cover = []
    for card_id in sources.book.cover.cards:
        face = figures.face_of(card_id)
        if face is None:
            mark = sources.book_doc.mark(("cover", "cards")) if sources.book_doc else None
            macros.error(mark.path if mark else "", Where(mark.line, mark.col) if mark else None,
                         f"unknown card '{card_id}' on the cover")
        else:
            cover.append(figures.draw(face, COVER_SCALE, caption=""))
    findings = list(sources.findings) + macros.findings + figures.findings + rule_coverage(sources.pack, chapters)
    return Rulebook(sources, macros, chapters, glossary, index, cover, findings)


def _glossary(sources: Sources, macros: Macros, writer: ChapterWriter) -> list[tuple[str, str, Markup]]:
    """``(term, anchor, definition HTML)`` sorted by term; a term defined twice is an error."""
    doc = sources.glossary_doc
    seen: dict[str, str] = {}
    entries = []
    for index, entry in enumerate(sources.glossary):
        mark = doc.mark((index, "definition")) if doc else None
        where = Where(mark.line, mark.col) if mark else None
        page = doc.path if doc else ""
        for name in (entry.term, *entry.aliases):
            if term_key(name) in seen and seen[term_key(name)] != entry.term:
                macros.error(page, where, f"glossary term '{name}' is also a form of '{seen[term_key(name)]}'")
            seen.setdefault(term_key(name), entry.term)
        html = writer.md.renderInline(entry.definition, {"page": page, "where": where, "glossary": True})
        entries.append((entry.term, f"term-{slug(entry.term)}", Markup(html)))
    return sorted(entries, key=lambda e: term_key(e[0]))


def index_html(index: list[IndexEntry], label: str, pages: dict[str, int] | None = None) -> str:
    """The index of terms: per term, the pages of its uses, then (in italics) the page of its definition.

    Without ``pages`` every use is a ``target-counter`` link; with ``pages`` (anchor -> page number, from a
    layout) each page is listed once, as plain text. The entries are dealt into three columns of one table row
    (CSS columns would cost a layout pass of their own).
    """
    rows = []
    for entry in index:
        if pages is None:
            numbers = "".join(f'<a class="rb-page" href="#{a}"></a>' for a in entry.uses)
            numbers += f'<a class="rb-page rb-defined" href="#{entry.anchor}"></a>'
        else:
            used = list(dict.fromkeys(pages[a] for a in entry.uses if a in pages))
            numbers = "".join(f'<span class="rb-pageno">{n}</span>' for n in used)
            if entry.anchor in pages:
                numbers += f'<span class="rb-pageno rb-defined">{pages[entry.anchor]}</span>'
        rows.append(f'<li><span class="rb-index-term">{escape(entry.term)}</span> '
                    f'<span class="rb-index-pages">{numbers}</span></li>')
    size = -(-len(rows) // INDEX_COLUMNS) or 1
    cells = "".join(f'<td><ul class="rb-index-list">{"".join(rows[i:i + size])}</ul></td>'
                    for i in range(0, max(len(rows), 1), size))
    return (f'{INDEX_START}<section class="rb-chapter rb-index"><h1 id="index">{escape(label)}</h1>'
            f'<table class="rb-index-columns"><tr>{cells}</tr></table></section>{INDEX_END}')


def index_document(html: str, index: list[IndexEntry], label: str, pages: dict[str, int], first: int) -> str:
    """The index alone, with its page numbers written out, numbered from ``first``: the same head and styles."""
    head, _, _ = html.partition("<body>")
    restart = f"<style>@page:first {{ counter-reset: page {first}; }}</style>"
    return f"{head.replace('</head>', restart + '</head>')}<body>{index_html(index, label, pages)}</body></html>"


def book_html(book: Rulebook, layouts_dir: Path) -> str:
    """The whole rulebook, with every use of a term in the index.

    It is laid out once, on a page (``PAGE``) that fits both A4 and US Letter; each paper size's PDF centres the
    same pages on its paper, so both editions have the same pages, page numbers and contents.
    """
    sources, pack = book.sources, book.sources.pack
    figures = book.figures
    resolver = Resolver.for_pack(pack, layouts_dir)
    folders = resolver.folders(TEMPLATE_DIR)
    env = make_environment(folders)
    stylesheet = resolver.first(f"{TEMPLATE_DIR}/{STYLESHEET}")
    if stylesheet is None:
        raise LayoutError([layout_error(Mark(f"{display_path(resolver.layers[0].folder(TEMPLATE_DIR))}/{STYLESHEET}"),
                                        f"no stylesheet '{STYLESHEET}'; looked in {resolver.places(TEMPLATE_DIR)}")])
    toc = [[(heading.level, heading.text, heading.anchor) for heading in chapter.headings if heading.level <= 2]
           for chapter in book.chapters]
    toc += [[(1, sources.label("glossary"), "glossary")], [(1, sources.label("index"), "index")]]
    title = sources.book.title or book.macros.t(pack.game.name)
    try:
        return _render(env, book, title, figures.roots.url(stylesheet), toc)
    except RENDER_FAILURES as exc:  # a pack's own rulebook template: its faults are located, never a crash
        raise LayoutError([template_finding(exc, "rulebook", TEMPLATE, Mark(TEMPLATE_DIR), folders)]) from None


def _render(env, book: Rulebook, title: str, stylesheet: str, toc: list) -> str:
    """The rulebook's template rendered with the book."""
    sources, pack, figures = book.sources, book.sources.pack, book.figures
    return env.get_template(TEMPLATE).render(
        lang=book.macros.lang, title=title,
        subtitle=sources.book.subtitle or sources.label("subtitle"), note=sources.book.cover.note,
        accent=sources.book.accent, page_width=PAGE[0], page_height=PAGE[1],
        font_faces=Markup(figures.renderer.fonts.font_face_css(figures.roots.url)),
        stylesheet=stylesheet, labels=lambda key, **values: fill(sources.label(key), values),
        breaks=sources.breaks_before(), toc=halves(toc, len), chapters=book.chapters, glossary=book.glossary,
        cover_cards=book.cover,
        index=Markup(index_html(book.index, sources.label("index"))),
        version=pack.game.version or "", running_title=Markup(_css_string(title)))


def halves(groups: list, size) -> list[list]:
    """Groups dealt into two columns of about equal ``size``, keeping their sequence."""
    total = sum(size(g) for g in groups)
    done, first = 0, []
    for group in groups:
        if done and done + size(group) / 2 > total / 2:
            break
        first.append(group)
        done += size(group)
    return [first, groups[len(first):]]


def _css_string(text: str) -> str:
    """Text for a CSS string in double quotes."""
    return (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("<", "\\3c ")
            .replace("&", "\\26 "))
