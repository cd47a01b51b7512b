"""The page breaks around worked examples (``flow.py``), on small pages with boxes of known heights: a short example
is never split and the text after it moves up into the space it would leave; a long one splits after its figures;
nothing moves out of its chapter; the blocks keep their HTML."""

from __future__ import annotations

import re

from weasyprint import HTML

from pnpforge.publish.rulebook.blocks import ATTRIBUTE, numbered, parse
from pnpforge.publish.rulebook.flow import arrange, measure

STYLE = """@page { size: 100mm 100mm; margin: 10mm; }
body { margin: 0; } p, div { margin: 0; }
.rb-break-before { break-before: page; }
.rb-example { break-inside: avoid; } .rb-example.rb-example-long { break-inside: auto; }
.rb-example-head, .rb-example-doc { break-after: avoid; }
.rb-example-long .rb-example-doc, .rb-example-long .rb-situation { break-inside: avoid; }
.rb-outcome { break-inside: avoid; }"""  # the rules of rulebook.css that matter here; the text area is 80 mm


def box(mm: float, name: str, tag: str = "p", kind: str = "") -> str:
    return f'<{tag} id="{name}" class="{kind}" style="height: {mm}mm"></{tag}>'


def example(name: str, head: float, doc: float, situation: float, outcome: float) -> str:
    parts = [box(head, f"{name}-head", "div", "rb-example-head"), box(doc, f"{name}-doc", "p", "rb-example-doc"),
             box(situation, f"{name}-situation", "div", "rb-situation"),
             box(outcome, f"{name}-outcome", "div", "rb-outcome")]
    return f'<div class="rb-example" id="{name}">{"".join(parts)}</div>'


def book(*chapters: str) -> str:
    return f"<html><head><style>{STYLE}</style></head><body>\n{''.join(chapters)}</body></html>"


def chapter(*blocks: str, breaks: bool = False) -> str:
    opening = f'<section class="rb-chapter{" rb-break-before" if breaks else ""}">'
    return opening + "\n" + "\n".join(blocks) + "\n</section>\n"


def laid_out(html: str) -> tuple[dict[str, list[int]], str]:
    """The pages each element with an id lies on after ``arrange`` (its top's page, and for the blocks every page
    they reach), and the HTML it laid out."""
    renders = []
    document, laid = arrange(html, lambda text: renders.append(text) or HTML(string=text).render())
    assert renders[-1] == laid
    pages = {anchor: [number] for number, page in enumerate(document.pages) for anchor in page.anchors}
    ids = {b.number: re.search(r' id="([^"]+)"', laid[b.start:laid.index(">", b.start)])
           for b in parse(laid).blocks.values()}
    for number, pieces in measure(document).pieces.items():
        if ids[number]:
            pages[ids[number].group(1)] = sorted({piece.page for piece in pieces})
    return pages, laid


def test_a_short_example_is_not_split_and_the_text_after_it_fills_the_page() -> None:
    html = book(chapter(box(48, "first"), example("short", 8, 8, 14, 6), box(8, "second"), box(8, "third"),
                        box(30, "fourth")))
    pages, laid = laid_out(html)
    assert pages["short"] == [1]  # 36 mm: less than half the page, so it is never split
    assert pages["second"] == pages["third"] == [0]  # they fill the 32 mm it would have left empty
    assert laid.index('id="third"') < laid.index('id="short"') < laid.index('id="fourth"')


def test_a_long_example_splits_only_after_its_figures() -> None:
    html = book(chapter(box(20, "first"), example("long", 8, 10, 30, 16), box(10, "after")))
    pages, laid = laid_out(html)
    assert pages["long"] == [0, 1]  # 64 mm: more than half the page
    assert pages["long-head"] == pages["long-doc"] == pages["long-situation"] == [0]
    assert pages["long-outcome"] == [1]
    assert 'class="rb-example-long rb-example"' in laid


def test_a_long_example_whose_figures_do_not_fit_goes_to_the_next_page_whole() -> None:
    html = book(chapter(box(40, "first"), example("long", 8, 10, 30, 16)))
    pages, _ = laid_out(html)
    assert pages["long-head"] == pages["long-situation"] == [1]


def test_nothing_moves_out_of_its_chapter_nor_past_the_next_example() -> None:
    html = book(chapter(box(48, "first"), example("short", 8, 8, 14, 6)),
                chapter(box(8, "next-chapter")),
                chapter(box(48, "third-chapter"), example("one", 8, 8, 14, 6), example("two", 4, 4, 4, 4),
                        box(8, "after-two"), breaks=True))
    pages, laid = laid_out(html)
    assert pages["short"] == [1] and pages["next-chapter"] == [1]
    assert laid.index('id="one"') < laid.index('id="two"') < laid.index('id="after-two"')


def test_a_heading_above_an_example_goes_with_it_and_a_moved_part_never_ends_on_a_heading() -> None:
    html = book(chapter(box(40, "first"), box(6, "example-heading", "h3"), example("short", 8, 8, 14, 6),
                        box(6, "next-heading", "h2"), box(8, "next-text"), box(6, "last-heading", "h2"),
                        box(30, "last-text")))
    pages, laid = laid_out(html)
    assert pages["example-heading"] == pages["short"] == [1]
    assert pages["next-heading"] == pages["next-text"] == [0]
    order = [laid.index(f'id="{key}"') for key in ("next-heading", "next-text", "example-heading", "short",
                                                   "last-heading")]
    assert order == sorted(order)


def test_the_blocks_are_numbered_without_changing_anything_else() -> None:
    html = book(chapter("<h1>Title</h1>", "<p>One <br>two<img src='x.png'/></p>", "<hr>",
                        '<ul><li><div class="rb-example">inside</div></li></ul>'))
    marked = numbered(html)
    assert re.sub(f' {ATTRIBUTE}="\\d+"', "", marked) == html
    found = parse(marked)
    assert [(b.tag, b.chapter) for b in sorted(found.blocks.values(), key=lambda b: b.start)] == \
        [("h1", 0), ("p", 0), ("hr", 0), ("ul", 0), ("div", None)]  # the example inside the list is found too
    assert all(marked[b.start] == "<" and marked[b.end - 1] == ">" for b in found.blocks.values())


def test_the_same_book_gives_the_same_layout() -> None:
    html = book(chapter(box(48, "first"), example("short", 8, 8, 14, 6), box(8, "second"), box(30, "third")))
    assert arrange(html, lambda text: HTML(string=text).render())[1] == \
        arrange(html, lambda text: HTML(string=text).render())[1]


def test_a_template_without_chapter_sections_still_marks_its_long_examples() -> None:
    html = f"<html><head><style>{STYLE}</style></head><body>{example('long', 8, 10, 30, 16)}</body></html>"
    renders = []
    _, laid = arrange(html, lambda text: renders.append(text) or HTML(string=text).render())
    assert 'class="rb-example-long rb-example"' in laid and len(renders) == 2  # the example alone, then the book
