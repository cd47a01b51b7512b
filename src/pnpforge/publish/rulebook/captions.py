"""Figure captions laid out on their own, so that renaming a card does not lay the whole book out again.

A figure's caption is the name of the card it shows; renamed, it is the only thing in the book's HTML that changes,
and the book's layout (by far the dearest part of a rulebook build, see ``flow.py``) is keyed by that HTML. So the
PDF stage takes the captions' text out of the book before it is laid out:

- ``split`` finds each caption written by ``Figures.draw`` (a ``span.rb-caption`` holding plain text) and the
  elements it stands in;
- ``document`` writes every caption on a page of its own, inside elements with the same tags and classes as in the
  book (so the book's stylesheet gives it the same font, size, colour and alignment) and in a figure of the same
  width; WeasyPrint lays that small document out, and the box of each caption is read from the layout;
- ``placeholders`` puts in the book, in place of each caption, an empty box of the height its text took: a caption
  renamed on as many lines leaves the book's HTML, and therefore its cached layout, as they were;
- ``assemble.place_captions`` draws each caption's page into its box, clipped to a little more than the box, as the
  faces are drawn into theirs: the text stays vector and can be selected and searched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

from markupsafe import escape

CAPTION = re.compile(r'<span class="rb-caption">([^<]*)</span>')
ANCHOR = "rb-cap-"  # the id of a caption's box, in the book and in the captions' document
PAGE = "rb-caption-page"  # the named page and the class of each caption's page in the captions' document
TABLE_PARTS = {"table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "colgroup"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
OUTSIDE = {"html", "head", "body"}
# Each caption's page: nothing but the caption, at the top left, the elements around it giving only what they pass
# down (font, colour, alignment), no box of their own.
STYLE = (
    f"@page {PAGE} {{ size: 200mm 200mm; margin: 0; @top-left {{ content: none; }} "
    f"@top-center {{ content: none; }} @top-right {{ content: none; }} @bottom-left {{ content: none; }} "
    f"@bottom-center {{ content: none; }} @bottom-right {{ content: none; }} }}\n"
    f".{PAGE} {{ page: {PAGE}; }}\n.{PAGE} + .{PAGE} {{ break-before: page; }}\n"
    f".{PAGE} .rb-around {{ display: block !important; margin: 0 !important; padding: 0 !important; "
    f"border: none !important; background: none !important; box-shadow: none !important; "
    f"position: static !important; float: none !important; width: auto !important; height: auto !important; "
    f"column-count: auto !important; transform: none !important; }}\n"
    f".{PAGE} .rb-figure {{ display: block !important; margin: 0 !important; }}\n"
)


@dataclass(frozen=True)
class Caption:
    """One caption of the book: its text (HTML, escaped) and the elements it stands in (tag, classes, style)."""

    text: str
    around: tuple[tuple[str, str, str], ...]


class _Finder(HTMLParser):
    """Walks the book's HTML and notes, for each caption, the elements open around it."""

    def __init__(self, starts: set[int]):
        super().__init__(convert_charrefs=False)
        self.starts = starts
        self.open: list[tuple[str, str, str]] = []
        self.found: dict[int, tuple[tuple[str, str, str], ...]] = {}
        self.lines = [0]

    def at(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        at = self.at()
        if at in self.starts:
            self.found[at] = tuple(self.open)
        values = dict(attrs)
        self.open.append((tag, values.get("class") or "", values.get("style") or ""))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open) - 1, -1, -1):  # close up to the element this tag ends (HTML forgives)
            if self.open[depth][0] == tag:
                del self.open[depth:]
                return


def split(html: str) -> list[Caption]:
    """The captions of the book's HTML, in the sequence they stand in it."""
    matches = list(CAPTION.finditer(html))
    if not matches:
        return []
    finder = _Finder({match.start() for match in matches})
    for line in html.split("\n"):  # the parser counts lines by newlines alone
        finder.lines.append(finder.lines[-1] + len(line) + 1)
    finder.feed(html)
    finder.close()
    return [Caption(match.group(1), finder.found.get(match.start(), ())) for match in matches]


def document(html: str, captions: list[Caption]) -> str:
    """The captions' document: the book's head (its stylesheets and fonts) with a page for each caption."""
    body = re.search(r"<body[^>]*>", html)
    head = html[: body.end()] if body else "<html><head></head><body>"
    head = head.replace("</head>", f"<style>{STYLE}</style></head>", 1)
    pages = []
    for number, caption in enumerate(captions, 1):
        opened, closed = [], []
        for tag, classes, style in caption.around:
            if tag in OUTSIDE:
                continue
            figure = "rb-figure" in classes.split()
            name = "div" if tag in TABLE_PARTS else tag
            kept = f' style="{escape(style)}"' if figure and style else ""
            extra = "" if figure else " rb-around"
            opened.append(f'<{name} class="{escape(classes)}{extra}"{kept}>')
            closed.append(f"</{name}>")
        pages.append(
            f'<div class="{PAGE}">{"".join(opened)}<span class="rb-caption" id="{ANCHOR}{number}">'
            f"{caption.text}</span>{''.join(reversed(closed))}</div>"
        )
    return head + "\n".join(pages) + "\n</body></html>"


def placeholders(html: str, heights: list[float]) -> str:
    """The book's HTML with each caption an empty box of its laid-out height (CSS pixels, border box)."""
    counter = iter(range(1, len(heights) + 1))

    def empty(_match: re.Match) -> str:
        number = next(counter)
        return (
            f'<span class="rb-caption" id="{ANCHOR}{number}" '
            f'style="height:{heights[number - 1]:.4f}px;box-sizing:border-box;"></span>'
        )

    return CAPTION.sub(empty, html)
