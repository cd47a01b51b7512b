"""A trial layout of a move from the first page the move changes, not from the book's first page.

``flow.py`` tries each move in a layout of the book's chapters. A move changes nothing before the first block it
puts in another place, so the pages before the one where the block before it ends are those of the layout the move
is tried against, and only the rest needs laying out: the trial document is the book from the block that opens
that page (or an earlier page that a block opens: a paragraph going on from the page before cannot be cut), and
the pages before it are taken from the last layout.

The trial document must lay that block out as the whole book would. In the book it opens a page after a break
WeasyPrint chose (its margin dropped, its chapter going on from an earlier page without the space above it: the
trial document takes that space away) or after a page break the chapter asks for. So the trial document starts
with a block as tall as the page, which the first page holds alone; the block opening the page follows and goes to
the second page after the same kind of break. The blocks of its chapter before it stay in the document, hidden
(``display: none``), so that a style that depends on an element's neighbours (``h2 + p``) applies as in the book;
the chapters before it are left out. When no page after the first can be cut, the trial is a layout of the whole
chapters. The tests hold a trial's pages to those of the whole chapters.
"""

from __future__ import annotations

from typing import Any, Callable

from pnpforge.publish.rulebook.blocks import Book
from pnpforge.publish.rulebook.measured import Layout, Piece, measure

HIDDEN_STYLE = "[hidden] { display: none !important; }"
GOING_ON = "data-rb-going-on"  # the chapter went on from an earlier page: no space above it (sliced, as WeasyPrint)
GOING_ON_STYLE = (f"[{GOING_ON}] {{ margin-top: 0 !important; padding-top: 0 !important; "
                  "border-top-width: 0 !important; }")


def in_sequence(book: Book) -> list[int]:
    """The numbers of the blocks that stand directly in a chapter, in the book's sequence."""
    return [b.number for b in sorted(book.blocks.values(), key=lambda b: b.start) if b.chapter is not None]


def trial(current: Layout, laid: Book, tried: Book, render: Callable[[str], Any]) -> Layout:
    """The layout of ``tried`` (a book's chapters in another sequence), given ``current``, the layout of ``laid``
    (the same chapters in the sequence they were laid out in)."""
    before, after = in_sequence(laid), in_sequence(tried)
    changed = next((at for at, (old, new) in enumerate(zip(before, after)) if old != new), None)
    page = _opening(current, laid, before, changed) if changed is not None else None
    if page is None:
        return measure(render(tried.html))
    opener = _opener(current, laid, page)
    assert opener is not None  # _opening found a block opening the page
    cut = measure(render(_from_block(tried, before.index(opener), current.height(page))))
    pieces: dict[int, list[Piece]] = {}
    for number, found in current.pieces.items():
        kept = [p for p in found if p.page < page]
        if kept:
            pieces[number] = kept
    for number, found in cut.pieces.items():
        moved = [Piece(p.page - 1 + page, p.top, p.bottom) for p in found if p.page >= 1]
        if moved:
            pieces.setdefault(number, []).extend(moved)
    return Layout(pieces, current.areas[:page] + cut.areas[1:])


def _opening(layout: Layout, book: Book, sequence: list[int], changed: int) -> int | None:
    """The page to lay out from: the page where the last block before the first that changed place ends (what
    follows it may now fit there), or the last one before it that a block opens (None: only the first page, so
    the whole chapters are laid out)."""
    if changed == 0 or sequence[changed - 1] not in layout.pieces:
        return None
    page = layout.pieces[sequence[changed - 1]][-1].page
    while page > 0:
        opener = _opener(layout, book, page)
        if opener is not None and layout.pieces[opener][0].page == page:
            return page
        page -= 1
    return None


def _opener(layout: Layout, book: Book, page: int) -> int | None:
    """The block (standing directly in a chapter) whose piece is the highest on ``page``."""
    found = [(piece.top, number) for number, pieces in layout.pieces.items()
             if number in book.blocks and book.blocks[number].chapter is not None
             for piece in pieces if piece.page == page]
    return min(found)[1] if found else None


def _from_block(book: Book, at: int, page_height: float) -> str:
    """The trial document: the page-tall block, then the chapter of the block at place ``at`` of the sequence,
    its blocks before it hidden, and the chapters after it."""
    html = book.html
    sequence = in_sequence(book)
    first = book.blocks[sequence[at]]
    assert first.chapter is not None  # a block of the sequence stands in a chapter
    chapter = book.chapters[first.chapter]
    opening = html[chapter.start:chapter.opened]
    if book.in_chapter(chapter.number)[0] is not first:  # the chapter began on an earlier page
        opening = opening.replace("<section", f"<section {GOING_ON}", 1)
    parts = [html[:book.body].replace("</head>", f"<style>{HIDDEN_STYLE} {GOING_ON_STYLE}</style></head>", 1),
             f'<div style="height: {page_height + 1:.3f}px; margin: 0; padding: 0; border: 0"></div>', opening]
    last = chapter.opened
    for number in sequence[:at]:
        block = book.blocks[number]
        if block.chapter != chapter.number:
            continue
        after_name = block.start + 1 + len(block.tag)
        parts += [html[last:after_name], " hidden"]
        last = after_name
    parts.append(html[last:])
    return "".join(parts)

