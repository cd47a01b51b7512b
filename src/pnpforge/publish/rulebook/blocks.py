"""The blocks of the rulebook's HTML: the elements directly in a chapter's ``<section>``, and every worked example
wherever it stands, with where their HTML is.

``flow.py`` moves blocks and marks examples between layouts. Each block gets a ``data-rb-block`` number in its start
tag (``numbered``), which WeasyPrint's boxes carry, so a box of a layout is matched to its HTML without guessing,
however the blocks were moved since. A chapter whose tags do not nest is left as it is (its blocks do not move).
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

ATTRIBUTE = "data-rb-block"
CHAPTER, EXAMPLE, FIGURES = "rb-chapter", "rb-example", "rb-figures"
FORCED = {"rb-break-before", "rb-index"}  # a chapter with one of these classes starts a page of its own
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
TEXT = {"p", "ul", "ol", "dl", "table", "blockquote"}  # with rows of card figures: what may move up before an example
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Chapter:
    """A chapter's ``<section>``: its start tag and where it ends."""

    number: int
    start: int
    opened: int  # just after its start tag
    end: int  # just after its end tag
    classes: set[str]

    @property
    def forced(self) -> bool:
        """True when the chapter starts a page of its own."""
        return bool(self.classes & FORCED)


@dataclass
class Block:
    """A block: where its HTML is, what it is, and the chapter it stands in."""

    number: int
    start: int  # its start tag
    end: int  # just after its end tag
    tag: str
    classes: set[str]
    chapter: int | None  # the chapter it stands in directly (None: deeper down, or in a chapter left as it is)
    within: int | None  # the chapter it is somewhere in

    @property
    def example(self) -> bool:
        return EXAMPLE in self.classes

    @property
    def heading(self) -> bool:
        return self.tag in HEADINGS

    @property
    def text(self) -> bool:
        """Text that may move up before an example: paragraphs, lists, tables, quotes, rows of card figures."""
        return not self.example and (self.tag in TEXT or (self.tag == "div" and FIGURES in self.classes))


@dataclass
class Book:
    """A book's HTML cut into its parts."""

    html: str
    body: int  # just after ``<body>``
    chapters: list[Chapter]  # by number
    blocks: dict[int, Block]  # by number

    def in_chapter(self, chapter: int) -> list[Block]:
        """The blocks standing directly in a chapter, in their sequence in this HTML."""
        return [b for b in self.blocks.values() if b.chapter == chapter]


class _Parser(HTMLParser):
    """Finds chapters and blocks with their offsets."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.html = html
        self.line_starts = [0]
        for line in html.splitlines(keepends=True):
            self.line_starts.append(self.line_starts[-1] + len(line))
        self.stack: list[tuple[str, Block | None, Chapter | None]] = []
        self.blocks: list[Block] = []
        self.chapters: list[Chapter] = []
        self.body = 0
        self.broken: set[int] = set()

    def _at(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def _chapter(self) -> Chapter | None:
        return next((chapter for _, _, chapter in reversed(self.stack) if chapter is not None), None)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = dict(attrs)
        classes = set((values.get("class") or "").split())
        text = self.get_starttag_text() or ""
        start = self._at()
        parent = self.stack[-1] if self.stack else None
        around = self._chapter()
        block = None
        if (parent is not None and parent[2] is not None) or (tag == "div" and EXAMPLE in classes):
            number = int(values[ATTRIBUTE]) if (values.get(ATTRIBUTE) or "").isdigit() else len(self.blocks)
            direct = parent[2].number if parent is not None and parent[2] is not None else None
            block = Block(number, start, -1, tag, classes, direct, around.number if around else None)
            self.blocks.append(block)
        if tag == "body":
            self.body = start + len(text)
        if tag in VOID or text.endswith("/>"):
            if block is not None:
                block.end = start + len(text)
            return
        chapter = None
        if tag == "section" and CHAPTER in classes and around is None:
            chapter = Chapter(len(self.chapters), start, start + len(text), -1, classes)
            self.chapters.append(chapter)
        self.stack.append((tag, block, chapter))

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self.handle_starttag(tag, attrs)  # written as <tag/>: nothing to close

    def handle_endtag(self, tag: str) -> None:
        if not any(open_tag == tag for open_tag, _, _ in self.stack):
            return
        end = self.html.index(">", self._at()) + 1
        while self.stack:
            open_tag, block, chapter = self.stack.pop()
            for done in (block, chapter):
                if done is not None:
                    done.end = end
            if open_tag == tag:
                return
            self.broken |= {c.number for _, _, c in self.stack if c is not None}  # an element left open


def parse(html: str) -> Book:
    """The chapters and blocks of a book's HTML."""
    parser = _Parser(html)
    parser.feed(html)
    parser.close()
    blocks = {}
    for block in parser.blocks:
        if block.end > block.start:
            if block.chapter in parser.broken:
                block.chapter = None
            blocks[block.number] = block
    return Book(html, parser.body, parser.chapters, blocks)


def numbered(html: str) -> str:
    """The HTML with each block's number in its start tag."""
    parts, last = [], 0
    for block in sorted(parse(html).blocks.values(), key=lambda b: b.start):
        after_name = block.start + 1 + len(block.tag)
        parts += [html[last:after_name], f' {ATTRIBUTE}="{block.number}"']
        last = after_name
    return "".join(parts) + html[last:]
