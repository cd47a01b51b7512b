"""The box tree: styled elements as block, flex and inline boxes, the way CSS builds them.

An element with ``display: block`` (or ``list-item`` without a marker) is a block box, ``display: flex`` a flex
container; text, inline elements, ``<br>``, inline ``<svg>`` and ``<img>`` are inline content. A block holding
both blocks and inline content gets anonymous blocks around the inline runs, and a flex container makes each
child (and each run of text) a flex item, as CSS says. What the tree cannot represent raises ``Unsupported``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import cssselect2

from pnpforge.render.native.css import Percent, Style, Stylesheets, compute
from pnpforge.render.native.dom import SVG_MARKUP, Unsupported

if TYPE_CHECKING:  # tables.py works on boxes
    from pnpforge.render.native.tables import Grid

COLLAPSIBLE = " \t\n\r\f"
SIDES = ("top", "right", "bottom", "left")


@dataclass
class Text:
    """A run of text in one style (whitespace not yet collapsed)."""

    text: str
    style: Style


@dataclass
class Replaced:
    """An inline svg or image."""

    element: ET.Element
    style: Style
    width: float = 0.0  # used size, set by layout
    height: float = 0.0


@dataclass
class Break:
    """A forced line break (``<br>``)."""

    style: Style


@dataclass
class Spacer:
    """The horizontal margin and padding at the start or end of an inline element (without borders or background)."""

    width: float
    style: Style


Inline = Text | Replaced | Break | Spacer


@dataclass
class Box:
    """A block-level box: a block container or a flex container, with its used geometry once laid out."""

    element: ET.Element | None
    style: Style
    children: list["Box"] = field(default_factory=list)
    inline: list[Inline] | None = None  # set when the box holds inline content only
    replaced: Replaced | None = None  # a blockified svg or image (a flex item, or display: block)
    # used values, in points, page coordinates of the border box
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0
    content_x: float = 0.0  # the content box's top-left corner (inside border and padding)
    content_y: float = 0.0
    lines: list = field(default_factory=list)  # laid-out lines of inline content
    atoms: list | None = None  # the inline content shaped once, for intrinsic widths before layout
    rows: list[list["Box"]] | None = None  # a table: its cells, row by row
    borders: tuple[float, float, float, float] | None = None  # used widths of collapsed borders (table, cell)
    grid: Grid | None = None  # a table's resolved border grid, set by layout for painting

    @property
    def is_flex(self) -> bool:
        return self.style["display"] == "flex"

    @property
    def positioned(self) -> bool:
        return self.style["position"] in ("absolute", "relative")

    @property
    def absolute(self) -> bool:
        return self.style["position"] == "absolute"


def build(root: ET.Element, sheets: Stylesheets) -> Box:
    """The box of the face: the one ``section`` in the body of ``root`` (an ``html`` element)."""
    body = root[0]
    sections = [child for child in body if child.tag == "section"]
    if len(sections) != 1 or (body.text or "").strip() or any((c.tail or "").strip() for c in body):
        raise Unsupported("a face is one <section>")
    html_wrapper = cssselect2.ElementWrapper.from_html_root(root)
    body_wrapper = next(html_wrapper.iter_children())
    section_wrapper = next(w for w in body_wrapper.iter_children() if w.etree_element is sections[0])
    html_style = compute(root, html_wrapper, sheets, None)
    body_style = compute(body, body_wrapper, sheets, html_style)
    return _block(sections[0], section_wrapper, sheets, body_style)


def _block(element: ET.Element, wrapper, sheets: Stylesheets, parent: Style | None, item: bool = False) -> Box:
    style = compute(element, wrapper, sheets, parent, blockify=item)
    display = style["display"]
    if display == "list-item" and style["list-style-type"] != "none":
        raise Unsupported("list markers")
    if display == "inline-block":
        raise Unsupported("inline-block")
    box = Box(element, style)
    if element.tag in ("svg", "img"):
        box.replaced = Replaced(element, style)
        return box
    items: list[Box | Inline] = []
    if element.text:
        items.append(Text(element.text, style))
    for child_wrapper in wrapper.iter_children():
        child = child_wrapper.etree_element
        if box.is_flex and child.tag not in ("svg", "img", "br"):  # every child element is a flex item
            child_style = compute(child, child_wrapper, sheets, style)
            if child_style["display"] != "none":
                items.append(_block(child, child_wrapper, sheets, style, item=True))
        else:
            items += _content(child, child_wrapper, sheets, style)
        if child.tail:
            items.append(Text(child.tail, style))
    blocks = [item for item in items if isinstance(item, Box)]
    if box.is_flex:
        box.children = _flex_items(items, style)
    elif not blocks:
        box.inline = [item for item in items if not isinstance(item, Box)]
    else:
        box.children = _wrap_inline_runs(items, style)
    return box


def _content(element: ET.Element, wrapper, sheets: Stylesheets, parent: Style) -> list[Box | Inline]:
    """What one child element contributes: a block box, or inline content."""
    style = compute(element, wrapper, sheets, parent)
    display = style["display"]
    if display == "none":
        return []
    if display == "table" and style["position"] == "static":
        return [_table(element, wrapper, sheets, style)]
    if display in ("table-row", "table-cell"):
        raise Unsupported(f"a {display} outside a table")
    if style["position"] == "absolute" or display in ("block", "flex", "list-item", "inline-block"):
        return [_block(element, wrapper, sheets, parent)]
    if style["position"] == "relative":
        raise Unsupported("a relatively positioned inline element")
    if element.tag == "br":
        return [Break(style)]
    if element.tag in ("svg", "img"):
        if element.tag == "svg" and SVG_MARKUP not in element.attrib:
            raise Unsupported("svg without markup")
        if any(style[f"padding-{side}"] or style[f"border-{side}-width"] for side in SIDES):
            raise Unsupported(f"an inline <{element.tag}> with padding or borders")
        start, end = (_margin(style, "left"), _margin(style, "right"))  # vertical ones move nothing
        edged: list[Box | Inline] = [Spacer(start, style)] if start else []
        return edged + [Replaced(element, style)] + ([Spacer(end, style)] if end else [])
    if any(style[f"border-{side}-width"] for side in ("top", "right", "bottom", "left")):
        raise Unsupported(f"an inline <{element.tag}> with borders")
    if style["background-color"] is not None:
        raise Unsupported(f"an inline <{element.tag}> with a background")
    if style["vertical-align"] != "baseline" or style["opacity"] != 1.0:
        raise Unsupported(f"an inline <{element.tag}> raised or transparent")
    start, end = (_inline_edge(style, "left"), _inline_edge(style, "right"))  # vertical ones move nothing
    found: list[Box | Inline] = [Spacer(start, style)] if start else []
    if element.text:
        found.append(Text(element.text, style))
    for child_wrapper in wrapper.iter_children():
        child = child_wrapper.etree_element
        inner = _content(child, child_wrapper, sheets, style)
        if any(isinstance(item, Box) for item in inner):
            raise Unsupported(f"a block inside an inline <{element.tag}>")
        found += inner
        if child.tail:
            found.append(Text(child.tail, style))
    if end:
        found.append(Spacer(end, style))
    return found


def _table(element: ET.Element, wrapper, sheets: Stylesheets, style: Style) -> Box:
    """A table of rows of cells (``<tr>`` children of the ``<table>``, ``<td>``/``<th>`` children of each row), each
    cell a block container; collapsed borders only, no spans, no row or table decoration of its own."""
    if style["border-collapse"] != "collapse":
        raise Unsupported("a table with separated borders")
    if style["background-color"] is not None or any(style[f"border-{side}-width"] for side in SIDES) or \
            any(style[f"padding-{side}"] for side in SIDES):
        raise Unsupported("a table with a background, borders or padding of its own")
    if (element.text or "").strip(COLLAPSIBLE):
        raise Unsupported("text in a table outside its cells")
    rows = []
    for row_wrapper in wrapper.iter_children():
        row = row_wrapper.etree_element
        row_style = compute(row, row_wrapper, sheets, style)
        if row_style["display"] != "table-row" or (row.tail or "").strip(COLLAPSIBLE) or \
                (row.text or "").strip(COLLAPSIBLE):
            raise Unsupported(f"<{row.tag}> in a table")
        if row_style["background-color"] is not None or any(row_style[f"border-{side}-width"] for side in SIDES):
            raise Unsupported("a table row with a background or borders")
        cells = []
        for cell_wrapper in row_wrapper.iter_children():
            cell = cell_wrapper.etree_element
            if (cell.tail or "").strip(COLLAPSIBLE) or cell.get("colspan") or cell.get("rowspan"):
                raise Unsupported("a table cell spanning columns or rows, or text between cells")
            box = _block(cell, cell_wrapper, sheets, row_style)
            if box.style["display"] != "table-cell" or box.style["position"] != "static":
                raise Unsupported(f"<{cell.tag}> in a table row")
            cells.append(box)
        if cells:
            rows.append(cells)
    if not rows:
        raise Unsupported("an empty table")
    return Box(element, style, rows=rows)


def _margin(style: Style, side: str) -> float:
    """An inline replaced element's horizontal margin on one side, in points."""
    value = style[f"margin-{side}"]
    if value == "auto" or isinstance(value, Percent):
        raise Unsupported(f"an inline element's margin-{side}: {value}")
    return float(value)


def _inline_edge(style: Style, side: str) -> float:
    """The margin and padding on one side of an inline element, in points."""
    total = 0.0
    for name in (f"margin-{side}", f"padding-{side}"):
        value = style[name]
        if value == "auto" or isinstance(value, Percent):
            raise Unsupported(f"an inline element's {name}: {value}")
        total += float(value)
    return total


def _only_space(items: list[Inline]) -> bool:
    return all(isinstance(item, Text) and not item.text.strip(COLLAPSIBLE) for item in items)


class _Runs:
    """Children of a block: boxes as they come, each run of inline content (not only white space) wrapped."""

    def __init__(self, style: Style):
        self.style = style
        self.children: list[Box] = []
        self.run: list[Inline] = []

    def inline(self, item: Inline) -> None:
        self.run.append(item)

    def box(self, box: Box) -> None:
        self.flush()
        self.children.append(box)

    def flush(self) -> list[Box]:
        if self.run and not _only_space(self.run):
            self.children.append(Box(None, _anonymous_style(self.style), inline=list(self.run)))
        self.run.clear()
        return self.children


def _wrap_inline_runs(items: list[Box | Inline], style: Style) -> list[Box]:
    """Block children, with each run of inline content in an anonymous block (out-of-flow boxes do not split it)."""
    runs = _Runs(style)
    for item in items:
        if isinstance(item, Box) and item.absolute:
            runs.children.append(item)
        elif isinstance(item, Box):
            runs.box(item)
        else:
            runs.inline(item)
    return runs.flush()


def _flex_items(items: list[Box | Inline], style: Style) -> list[Box]:
    """A flex container's items: each child box, each run of text in an anonymous item, inline svg blockified."""
    runs = _Runs(style)
    for item in items:
        if isinstance(item, Box):
            runs.box(item)
        elif isinstance(item, Replaced):
            runs.box(Box(item.element, item.style, replaced=item))
        else:
            runs.inline(item)
    return runs.flush()


def _anonymous_style(parent: Style) -> Style:
    """An anonymous block's style: the inherited properties of its parent, everything else initial."""
    from pnpforge.render.native.css import anonymous_style

    return anonymous_style(parent)
