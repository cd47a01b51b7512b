"""Where a layout put the rulebook's blocks: each numbered block's pieces, page by page, read from WeasyPrint's
boxes, and each page's text area (``flow.py`` decides from them, ``plans.py`` keeps them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpforge.publish.rulebook.blocks import ATTRIBUTE


@dataclass(frozen=True)
class Piece:
    """The part of a block on one page: its border box's top and bottom, in CSS px from the page's top."""

    page: int
    top: float
    bottom: float


@dataclass
class Layout:
    """Where each block's pieces are, and each page's text area (top, bottom)."""

    pieces: dict[int, list[Piece]]
    areas: list[tuple[float, float]]

    def height(self, page: int) -> float:
        top, bottom = self.areas[page]
        return bottom - top


def measure(document: Any) -> Layout:
    """The blocks' pieces in a WeasyPrint document (``HTML(...).render()``), read from its layout boxes."""
    pieces: dict[int, list[Piece]] = {}
    areas = []
    for page_number, page in enumerate(document.pages):
        box = page._page_box  # WeasyPrint keeps the laid-out boxes only here
        top = box.content_box_y()
        areas.append((top, top + box.height))
        for child in box.children:
            if type(child).__name__ != "MarginBox":
                _walk(child, page_number, None, pieces)
    return Layout(pieces, areas)


def _walk(box: Any, page: int, owner: Any, pieces: dict[int, list[Piece]]) -> None:
    """Record the pieces of numbered elements under ``box`` (anonymous boxes share their element: counted once)."""
    for child in getattr(box, "children", ()):
        if type(child).__name__ == "LineBox":
            continue
        element = child.element
        number = element.get(ATTRIBUTE) if element is not None and element is not owner else None
        if number is not None:
            top = child.position_y + child.margin_top
            pieces.setdefault(int(number), []).append(Piece(page, top, top + child.border_height()))
        _walk(child, page, element if number is not None else owner, pieces)


def extent(pieces: list[Piece]) -> float:
    """The height some blocks take, page by page."""
    pages: dict[int, tuple[float, float]] = {}
    for piece in pieces:
        top, bottom = pages.get(piece.page, (piece.top, piece.bottom))
        pages[piece.page] = (min(top, piece.top), max(bottom, piece.bottom))
    return sum(bottom - top for top, bottom in pages.values())


def placed(layout: Layout) -> dict[str, Any]:
    """A layout as plain data, as JSON keeps it (floats written as Python reads them back, exactly)."""
    pieces = {str(n): [[p.page, p.top, p.bottom] for p in found] for n, found in sorted(layout.pieces.items())}
    return {"pieces": pieces,
            "areas": [list(area) for area in layout.areas]}
