"""The kept flow plan (``plans.py``): a book whose blocks land where they did is laid out once with the plan its
last layout found, and gives what the trial layouts give; a book whose blocks moved, or a plan that does not fit the
book, goes through the trials again."""

from __future__ import annotations

from pathlib import Path

from weasyprint import HTML

from pnpforge.caches.store import Store
from pnpforge.publish.rulebook.blocks import numbered, parse
from pnpforge.publish.rulebook.flow import arrange
from pnpforge.publish.rulebook.plans import PLAN_KEY, PlanMemory
from tests.publish.rulebook.test_flow import book, box, chapter, example


def moving(caption: str = "Ivan Sablin", second: float = 8) -> str:
    """A book whose example leaves a gap the text after it fills (a move), with a caption in the moved text."""
    named = f'<p id="named" style="height: 8mm">{caption}</p>'
    return book(chapter(box(48, "first"), example("short", 8, 8, 14, 6), box(second, "second"), named,
                        box(30, "fourth")))


def laid(html: str, memory: PlanMemory | None) -> tuple[str, int]:
    """The HTML ``arrange`` laid out last, and how many layouts it took."""
    renders: list[str] = []
    _, done = arrange(html, lambda text: renders.append(text) or HTML(string=text).render(), memory)
    return done, len(renders)


def test_the_kept_plan_lays_out_a_book_whose_blocks_did_not_move_once(tmp_path: Path) -> None:
    memory = PlanMemory(Store(tmp_path))
    first, trials = laid(moving(), memory)
    assert trials > 2  # the examples alone, the chapters, a move tried, the book
    renamed, once = laid(moving("Ivan Nilbas"), memory)
    assert once == 1
    assert renamed == laid(moving("Ivan Nilbas"), None)[0]  # what the trials find
    assert 'Ivan Nilbas' in renamed and renamed.index('id="named"') < renamed.index('id="short"')


def test_a_new_build_folder_lays_out_a_book_the_user_laid_out_before_once(tmp_path: Path) -> None:
    shared = Store(tmp_path / "user")
    first, trials = laid(moving(), PlanMemory(Store(tmp_path / "first"), shared))
    assert trials > 2
    again, once = laid(moving(), PlanMemory(Store(tmp_path / "second"), shared))
    assert once == 1
    assert again == first
    _, alone = laid(moving(), PlanMemory(Store(tmp_path / "third")))  # no shared store: the trials again
    assert alone == trials
    # another book of the same shape (a pack's other language) is not offered this plan: no layout is wasted on it
    _, other = laid(moving(second=20), PlanMemory(Store(tmp_path / "fourth"), shared))
    assert other == laid(moving(second=20), None)[1]


def test_a_book_whose_blocks_moved_goes_through_the_trials_again(tmp_path: Path) -> None:
    memory = PlanMemory(Store(tmp_path))
    laid(moving(), memory)
    taller, trials = laid(moving(second=20), memory)  # the moved text no longer fits the gap the same way
    assert trials > 2
    assert taller == laid(moving(second=20), None)[0]


def test_a_plan_that_does_not_fit_the_book_is_not_used(tmp_path: Path) -> None:
    store = Store(tmp_path)
    memory = PlanMemory(store)
    laid(moving(), memory)
    shape_book = parse(numbered(moving()))
    recalled = memory.recall(shape_book)
    assert recalled is not None
    plan, where = recalled
    plan.moves = {number: 99 for number in plan.moves}  # past the end of its chapter
    memory.keep(shape_book, plan, _layout(where))
    assert memory.recall(shape_book) is None
    _, trials = laid(moving("Ivan Nilbas"), memory)
    assert trials > 2


def test_a_plan_not_sealed_by_this_user_is_ignored(tmp_path: Path) -> None:
    memory = PlanMemory(Store(tmp_path))
    laid(moving(), memory)
    path = Store(tmp_path).path(PLAN_KEY)
    assert path is not None
    path.write_bytes(path.read_bytes()[:-2] + b"0}")  # the data no longer matches its seal
    _, trials = laid(moving("Ivan Nilbas"), memory)
    assert trials > 2


def _layout(where: dict):
    """A measured layout back from its kept form."""
    from pnpforge.publish.rulebook.measured import Layout, Piece

    pieces = {int(n): [Piece(*p) for p in found] for n, found in where["pieces"].items()}
    return Layout(pieces, [tuple(area) for area in where["areas"]])
