"""The flow plan of a book's last layout, kept to be tried first when the book is laid out again.

Deciding where the worked examples break takes up to eight layouts of the book (``flow.py``). Most edits leave
every block of the book as tall as it was (a card renamed in a figure's caption, a word changed in a paragraph
that keeps its lines), and then those layouts would decide the same again. So the plan is kept with the layout it
gave: where every numbered block's pieces fall and each page's text area. When the book is laid out again with the
same blocks (the same numbers, tags, classes and chapters, in the same chapters), it is laid out once with the kept
plan; when every piece lands exactly where it did, each block is as tall as before, so the trial layouts (the same
blocks in other sequences) would find the same plan, and it is used. Otherwise the trials run as for a new book.

The plan is kept in the rulebook's cache folder under this user's seal (``caches.store``), and checked against the
book before it is used: a plan that names blocks the book does not have is ignored.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pnpforge.caches import code
from pnpforge.caches.store import Store
from pnpforge.publish.rulebook.blocks import Book
from pnpforge.publish.rulebook.flow import Layout, Plan, placed

PLAN_KEY = "rulebook-flow-plan"
PLAN_CODE = ("publish.rulebook", "render")  # the code that lays out and measures the book (``caches.code``)


def shape(book: Book) -> str:
    """A digest of what a plan refers to: the book's chapters and blocks (numbers, tags, classes, places)."""
    parts = [[c.number, sorted(c.classes)] for c in book.chapters]
    parts += [[b.number, b.tag, sorted(b.classes), b.chapter, b.within] for b in book.blocks.values()]
    digest = hashlib.sha256(code.digest(*PLAN_CODE).encode("ascii"))
    digest.update(json.dumps(parts).encode("utf-8"))
    return digest.hexdigest()


class PlanMemory:
    """The kept plan of one book (one language's rulebook) in a cache folder."""

    def __init__(self, store: Store):
        self.store = store

    def recall(self, book: Book) -> tuple[Plan, dict[str, Any]] | None:
        """The kept plan and the layout it gave, when it was made for a book of this shape; else None."""
        data = self.store.read(PLAN_KEY)
        if data is None:
            return None
        try:
            kept = json.loads(data)
            if kept["shape"] != shape(book):
                return None
            plan = Plan(long={int(n) for n in kept["long"]}, moves={int(n): int(c) for n, c in kept["moves"].items()})
            layout = kept["layout"]
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        return (plan, layout) if fits(plan, book) else None

    def keep(self, book: Book, plan: Plan, layout: Layout) -> None:
        """Keep the plan a book was laid out with and where its blocks fell."""
        data = {"shape": shape(book), "long": sorted(plan.long), "moves": {str(n): c for n, c in plan.moves.items()},
                "layout": placed(layout)}
        self.store.keep(PLAN_KEY, json.dumps(data).encode("utf-8"))


def fits(plan: Plan, book: Book) -> bool:
    """True when the plan names only examples of the book, each moved past no more blocks than follow it."""
    examples = {b.number for b in book.blocks.values() if b.example}
    if not plan.long <= examples:
        return False
    for number, count in plan.moves.items():
        block = book.blocks.get(number)
        if block is None or not block.example or block.chapter is None or count < 1:
            return False
        numbers = [b.number for b in book.in_chapter(block.chapter)]
        if numbers.index(number) + count >= len(numbers):
            return False
    return True
