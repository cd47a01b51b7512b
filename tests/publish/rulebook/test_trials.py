"""Trial layouts from the first page a move changes (``trials.py``): the pages they give are those a layout of the
whole chapters gives, whether the page they start from opens after a break WeasyPrint chose, inside a chapter with
a margin and padding of its own, or after a page break the chapter asks for."""

from __future__ import annotations

from weasyprint import HTML

from pnpforge.publish.rulebook.blocks import numbered, parse
from pnpforge.publish.rulebook.flow import Plan, chapters, long_examples, measure, next_move
from pnpforge.publish.rulebook.measured import placed
from pnpforge.publish.rulebook.trials import HIDDEN_STYLE, trial
from tests.publish.rulebook.test_flow import book, box, chapter, example

PADDED = ".rb-chapter { padding-top: 4mm; margin-top: 6mm; } h2 + p { margin-top: 3mm; }"


def compared(html: str) -> tuple[dict, dict, str]:
    """The trial layout of the first move, a layout of the whole chapters with that move, and the HTML the trial
    laid out."""
    numbered_book = parse(numbered(html))
    render = lambda text: HTML(string=text).render()  # noqa: E731 - a test's one-line renderer
    plan = Plan(long=long_examples(measure(render(numbered_book.html)), numbered_book))
    laid = parse(chapters(parse(plan.apply(numbered_book))))
    layout = measure(render(laid.html))
    candidate = next_move(layout, numbered_book, plan, set())
    assert candidate is not None, "the book has a gap to fill"
    trying = parse(chapters(parse(candidate.apply(numbered_book))))
    rendered: list[str] = []
    got = trial(layout, laid, trying, lambda text: rendered.append(text) or render(text))
    assert len(rendered) == 1
    return placed(got), placed(measure(render(trying.html))), rendered[0]


def test_a_trial_from_a_later_page_gives_the_pages_of_the_whole_chapters() -> None:
    html = book(chapter(box(70, "a"), box(20, "b"), box(30, "c"), example("short", 8, 8, 14, 6), box(8, "d"),
                        box(8, "e"), box(30, "f")))
    got, whole, laid_out = compared(html)
    assert got == whole
    assert HIDDEN_STYLE in laid_out and '<p hidden data-rb-block="0" id="a"' in laid_out  # from page 2, not 1


def test_a_chapter_with_padding_and_neighbour_styles_going_on_from_an_earlier_page() -> None:
    html = book(chapter(box(30, "a"), box(30, "b"), box(10, "h", "h2"), box(6, "p"), box(30, "c"),
                        example("short", 8, 8, 14, 6), box(8, "d"), box(8, "e"), box(30, "f")))
    html = html.replace("</style>", PADDED + "</style>")
    got, whole, laid_out = compared(html)
    assert got == whole
    assert HIDDEN_STYLE in laid_out  # a trial from a later page, not the whole chapters again


def test_a_chapter_that_starts_a_page_of_its_own() -> None:
    html = book(chapter(box(50, "a")),
                chapter(box(30, "b"), box(48, "c"), example("short", 8, 8, 14, 6), box(8, "d"), box(30, "f"),
                        breaks=True))
    html = html.replace("</style>", PADDED + "</style>")
    got, whole, laid_out = compared(html)
    assert got == whole
    assert HIDDEN_STYLE in laid_out  # a trial from a later page, not the whole chapters again
