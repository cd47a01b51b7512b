"""The flow plan of a book's last layout, kept to be tried first when the book is laid out again.

Deciding where the worked examples break takes up to eight layouts of the book (``flow.py``). Most edits leave
every block of the book as tall as it was (a card renamed in a figure's caption, a word changed in a paragraph
that keeps its lines), and then those layouts would decide the same again. So the plan is kept with the layout it
gave: where every numbered block's pieces fall and each page's text area. When the book is laid out again with the
same blocks (the same numbers, tags, classes and chapters, in the same chapters), it is laid out once with the kept
plan; when every piece lands exactly where it did, each block is as tall as before, so the trial layouts (the same
blocks in other sequences) would find the same plan, and it is used. Otherwise the trials run as for a new book.

The plan is kept in the rulebook's cache folder under this user's seal (``caches.store``), and checked against the
book before it is used: a plan that names blocks the book does not have is ignored. It is kept in the user's store
of plans too (``plans/``, by the book's shape and its whole HTML: the books of a pack's languages have one shape
and other text), so that a book already laid out once by this user is laid out once in a new build folder as well
(a fresh clone, a new ``--out``); the plan found there is checked the same way.
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
USER_STORE = "plans"  # the user's store of plans, whatever the build folder (``caches.store.user_store``)


def shape(book: Book) -> str:
    """A digest of what a plan refers to: the book's chapters and blocks (numbers, tags, classes, places)."""
    parts = [[c.number, sorted(c.classes)] for c in book.chapters]
    parts += [[b.number, b.tag, sorted(b.classes), b.chapter, b.within] for b in book.blocks.values()]
    digest = hashlib.sha256(code.digest(*PLAN_CODE).encode("ascii"))
    digest.update(json.dumps(parts).encode("utf-8"))
    return digest.hexdigest()


class PlanMemory:
    """The kept plan of one book (one language's rulebook) in a cache folder, and in a store shared by every build
    folder (``shared``, the user's), found there by the book's shape and HTML."""

    def __init__(self, store: Store, shared: Store | None = None):
        self.store, self.shared = store, shared

    def recall(self, book: Book) -> tuple[Plan, dict[str, Any]] | None:
        """The kept plan and the layout it gave, when it was made for a book of this shape; else None."""
        digest = shape(book)
        found = self._recall(self.store.read(PLAN_KEY), book, digest)
        if found is None and self.shared is not None:
            found = self._recall(self.shared.read(_shared_key(book, digest)), book, digest)
        return found

    @staticmethod
    def _recall(data: bytes | None, book: Book, digest: str) -> tuple[Plan, dict[str, Any]] | None:
        """A kept plan read back, when it was made for a book of this shape and fits it; else None."""
        if data is None:
            return None
        try:
            kept = json.loads(data)
            if kept["shape"] != digest:
                return None
            plan = Plan(long={int(n) for n in kept["long"]}, moves={int(n): int(c) for n, c in kept["moves"].items()})
            layout = kept["layout"]
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        return (plan, layout) if fits(plan, book) else None

    def keep(self, book: Book, plan: Plan, layout: Layout) -> None:
        """Keep the plan a book was laid out with and where its blocks fell."""
        digest = shape(book)
        data = {"shape": digest, "long": sorted(plan.long), "moves": {str(n): c for n, c in plan.moves.items()},
                "layout": placed(layout)}
        text = json.dumps(data).encode("utf-8")
        self.store.keep(PLAN_KEY, text)
        if self.shared is not None:
            self.shared.keep(_shared_key(book, digest), text)


def _shared_key(book: Book, digest: str) -> str:
    """A book's plan in the user's store: by its shape (``digest``) and its HTML."""
    return f"{PLAN_KEY}-{digest}-{hashlib.sha256(book.html.encode('utf-8')).hexdigest()}"


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
