"""Where the rulebook's pages break around worked examples, decided from WeasyPrint's own layout.

What a reader expects of a printed rulebook:

- an example box is never split, unless it is taller than half a page; then it may go on over the page, but only
  after its figures (``.rb-example-long`` in ``rulebook.css``: head, description and situation stay together);
- an example never leaves more than a quarter of a page empty before it. Where it would, what follows it in its
  chapter (paragraphs, lists, tables, rows of cards and headings, up to the next example) moves up before it, as
  much as fits in that space, and the example (with the headings right above it) opens the next page, as a figure
  does in a printed book. Nothing moves into another chapter, so an example that ends its chapter may still leave
  a gap (less than its own height).

CSS cannot say either: an example's height is known only after layout, and WeasyPrint moves a box that does not
fit to the next page together with everything after it. So the book is laid out more than once:

1. the examples alone, each on a page of its own, to find the long ones;
2. the chapters (the cover and contents left out, and whatever follows a page break after the last example: they
   cannot change where the examples fall), to find the first example that leaves a gap it can fill. The move is
   tried in a further layout (of the pages from the first one it changes: ``trials.py``) and kept only when the
   pages as a whole are fuller (``badness``): text moved up may leave a larger gap further on. Then the next
   example is looked at, and so on;
3. the whole book, with the moves kept.

At most ``MAX_LAYOUTS`` layouts in all. The decisions depend on the HTML alone, so the same book gives the same
pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pnpforge.publish.rulebook.blocks import ATTRIBUTE, Book, numbered, parse
from pnpforge.publish.rulebook.measured import Layout, extent, measure, placed
from pnpforge.publish.rulebook.trials import trial

MAX_LAYOUTS = 8
LONG = 0.5  # an example taller than this share of the page's text area may split
GAP = 0.25  # an example may leave at most this share of the page's text area empty before it
SLACK = 12.0  # CSS px kept free when text moves up into a gap (margins, rounding)
BETTER = 0.02  # a move is kept when it makes the pages this much fuller (in pages of badness)
LONG_CLASS = "rb-example-long"


@dataclass
class Plan:
    """What the layouts decided: the examples that may split, and how many of the blocks that follow an example
    in its chapter go before it (the example moves with the headings right above it, which belong to it)."""

    long: set[int] = field(default_factory=set)
    moves: dict[int, int] = field(default_factory=dict)

    def order(self, book: Book) -> dict[int, list[int]]:
        """Each chapter's blocks (numbers) in the sequence the plan puts them."""
        order = {chapter.number: [b.number for b in book.in_chapter(chapter.number)] for chapter in book.chapters}
        for example, count in sorted(self.moves.items()):
            chapter = book.blocks[example].chapter
            assert chapter is not None  # only examples that stand in a chapter are moved
            numbers = order[chapter]
            at = numbers.index(example)
            first = at - lead(book, numbers, at)
            numbers[first:at + count + 1] = numbers[at + 1:at + count + 1] + numbers[first:at + 1]
        return order

    def apply(self, book: Book) -> str:
        """The book's (numbered) HTML with its blocks in the plan's sequence and the long examples marked."""
        html, parts, last = book.html, [], 0
        for chapter, numbers in sorted(self.order(book).items()):
            for slot, number in zip(book.in_chapter(chapter), numbers):
                chosen = book.blocks[number]
                parts += [html[last:slot.start], html[chosen.start:chosen.end]]
                last = slot.end
        html = "".join(parts) + html[last:]
        for number in sorted(self.long):
            at = html.index(f' {ATTRIBUTE}="{number}"')
            opening = html.find('class="', at, html.index(">", at)) + len('class="')
            html = f"{html[:opening]}{LONG_CLASS} {html[opening:]}"
        return html


def lead(book: Book, numbers: list[int], at: int) -> int:
    """How many headings stand right above the block at ``at`` (they go where it goes)."""
    count = 0
    while at - count > 0 and book.blocks[numbers[at - count - 1]].heading:
        count += 1
    return count


def long_examples(layout: Layout, book: Book) -> set[int]:
    """The examples taller than half a page."""
    return {b.number for b in book.blocks.values() if b.example and b.number in layout.pieces and
            extent(layout.pieces[b.number]) > LONG * layout.height(layout.pieces[b.number][0].page)}


def next_move(layout: Layout, book: Book, plan: Plan, tried: set[int]) -> Plan | None:
    """The plan with a move for the first example (not yet tried) that leaves more than a quarter of a page empty
    before it and can be helped (None: there is none)."""
    order = plan.order(book)
    placed = [(b.chapter, b) for b in book.blocks.values() if b.example and b.chapter is not None]
    for chapter, example in sorted(placed, key=lambda pair: (pair[0], order[pair[0]].index(pair[1].number))):
        more = 0 if example.number in tried else _fill(layout, book, order[chapter], example.number)
        if more:
            tried.add(example.number)
            moves = {**plan.moves, example.number: plan.moves.get(example.number, 0) + more}
            return Plan(set(plan.long), moves)
    return None


def badness(layout: Layout, book: Book, plan: Plan) -> float:
    """How far the pages fall short: per page (but the last, and those before a page break the book asks for) the
    share of its text area left empty beyond a quarter, and ten times what is beyond a half."""
    forced = {layout.pieces[numbers[0]][0].page for chapter, numbers in plan.order(book).items()
              if numbers and book.chapters[chapter].forced and numbers[0] in layout.pieces}
    bottoms: dict[int, float] = {}
    for number, found in layout.pieces.items():
        if book.blocks[number].chapter is not None:
            for piece in found:
                bottoms[piece.page] = max(bottoms.get(piece.page, piece.bottom), piece.bottom)
    total = 0.0
    for page in range(len(layout.areas) - 1):
        if page + 1 not in forced:
            empty = (layout.areas[page][1] - bottoms.get(page, layout.areas[page][0])) / layout.height(page)
            total += max(0.0, empty - GAP) + 10 * max(0.0, empty - LONG)
    return total


def _fill(layout: Layout, book: Book, chapter: list[int], example: int) -> int:
    """How many of the blocks after ``example`` go up into the space it leaves empty before it (0: none)."""
    at = chapter.index(example)
    leader = book.blocks[chapter[at - lead(book, chapter, at)]]
    if leader.number not in layout.pieces:
        return 0
    page = layout.pieces[leader.number][0].page
    assert leader.chapter is not None  # a block of the chapter
    if page == 0 or (leader.number == chapter[0] and book.chapters[leader.chapter].forced):
        return 0
    in_chapters = [p for n, found in layout.pieces.items() if book.blocks[n].chapter is not None for p in found]
    if min(p.top for p in in_chapters if p.page == page) != layout.pieces[leader.number][0].top:
        return 0  # something else opens the page
    before = [p.bottom for p in in_chapters if p.page == page - 1]
    if not before or layout.areas[page - 1][1] - max(before) <= GAP * layout.height(page - 1):
        return 0
    gap = layout.areas[page - 1][1] - max(before)
    count, taken, fits = 0, [], 0
    for offset, number in enumerate(chapter[at + 1:], 1):
        block = book.blocks[number]
        if number not in layout.pieces or not (block.text or block.heading) or \
                (block.heading and _heads_example(book, chapter, at + offset)):
            break  # only text and headings move, never the headings of the next example
        taken += layout.pieces[number]
        if extent(taken) + SLACK > gap:
            break
        count = offset
        if not block.heading:
            fits = count  # never end on a heading: it would follow the example to the next page
    return fits


def _heads_example(book: Book, chapter: list[int], at: int) -> bool:
    """True when the block at ``at`` is one of the headings right above an example."""
    while at < len(chapter) and book.blocks[chapter[at]].heading:
        at += 1
    return at < len(chapter) and book.blocks[chapter[at]].example


def examples_alone(book: Book) -> str:
    """The examples of a (numbered) book, each on a page of its own inside its chapter's section."""
    html = book.html
    parts = [_head(html, book, ".rb-chapter { break-before: page; margin-top: 0 !important; }")]
    for block in sorted((b for b in book.blocks.values() if b.example), key=lambda b: b.start):
        chapter = book.chapters[block.within] if block.within is not None else None
        opening = html[chapter.start:chapter.opened] if chapter else '<section class="rb-chapter">'
        parts.append(f"{opening}{html[block.start:block.end]}</section>\n")
    return "".join(parts) + "</body></html>"


def chapters(book: Book) -> str:
    """The part of a (planned) book whose layout decides where its examples fall: its chapters, up to the first page
    break after the last chapter with an example."""
    html = book.html
    last = max((b.within for b in book.blocks.values() if b.example and b.within is not None), default=-1)
    cut = next((c.start for c in book.chapters if c.number > last and c.forced), html.rindex("</body>"))
    return html[:book.body] + html[book.chapters[0].start:cut] + "</body></html>"


def _head(html: str, book: Book, style: str) -> str:
    """The document up to ``<body>``, with one more style rule."""
    head = html[:book.body]
    return head.replace("</head>", f"<style>{style}</style></head>", 1) if style else head


def _moves(book: Book, plan: Plan, render: Callable[[str], Any]) -> Plan:
    """The plan with the moves that make the pages fuller, each tried in a layout of the chapters."""
    laid = parse(chapters(parse(plan.apply(book))))
    layout = measure(render(laid.html))
    score = badness(layout, book, plan)
    tried: set[int] = set()
    for _ in range(MAX_LAYOUTS - 3):
        candidate = next_move(layout, book, plan, tried)
        if candidate is None:
            break
        trying = parse(chapters(parse(candidate.apply(book))))
        moved = trial(layout, laid, trying, render)
        better = badness(moved, book, candidate)
        if better < score - BETTER:
            plan, layout, score, laid = candidate, moved, better, trying
    return plan


def arrange(html: str, render: Callable[[str], Any], memory: Any = None) -> tuple[Any, str]:
    """Lay the book out so that its examples break as they should; the final WeasyPrint document and the HTML it
    was laid out from. ``memory`` (``plans.PlanMemory``) keeps the plan for the next layout of the book, and offers
    the last one, used when the book's blocks land where they did (see ``plans.py``)."""
    html = numbered(html)
    book = parse(html)
    if not any(block.example for block in book.blocks.values()):
        return render(html), html
    kept = memory.recall(book) if memory is not None else None
    if kept is not None:
        plan, where = kept
        planned = plan.apply(book)
        document = render(planned)
        if placed(measure(document)) == where:
            return document, planned
    plan = Plan(long=long_examples(measure(render(examples_alone(book))), book))
    if book.chapters:  # a pack's own template may have no chapter sections: then nothing moves
        plan = _moves(book, plan, render)
    planned = plan.apply(book)
    document = render(planned)
    if memory is not None:
        memory.keep(book, plan, measure(document))
    return document, planned
