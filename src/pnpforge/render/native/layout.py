"""Block, flex and absolute layout of a face's box tree, in points from the face's top-left corner.

The face is a block of the page's size. Absolutely positioned boxes (every ``zone()``) are placed in the padding
box of their nearest positioned ancestor once that ancestor's size is known; blocks stack with their vertical
margins collapsing between siblings; a flex container lays out one line of items (row or column), growing and
shrinking them and aligning them as ``justify-content`` and ``align-items`` say, with an item's automatic
minimum size being its min-content size, as CSS says. A combination outside these rules is ``Unsupported``.
"""

from __future__ import annotations

from pnpforge.render.fonts import FontSet
from pnpforge.render.native import inline, tables
from pnpforge.render.native.boxes import Box, Replaced
from pnpforge.render.native.css import Percent
from pnpforge.render.native.dom import SVG_MARKUP, Unsupported

SIDES = ("top", "right", "bottom", "left")
DEFAULT_REPLACED = (225.0, 112.5)  # 300 x 150 CSS px, the size of a replaced element that states none
OVERFLOW = 0.01  # pt: a flex column's items longer than this past its height overflow it


def _length(value, base: float | None) -> float | None:
    """A used length; None for ``auto`` (and for a percentage of an indefinite size)."""
    if value in ("auto", "none", "content"):
        return None
    if isinstance(value, Percent):
        if base is None:
            return None
        return value * base
    return float(value)


class Layout:
    """Lays out one face."""

    def __init__(self, fonts: FontSet):
        self.fonts = fonts

    def face(self, box: Box, width: float, height: float) -> Box:
        box.x, box.y, box.width, box.height = 0.0, 0.0, width, height
        self._contents(box, box, height_definite=True)
        return box

    # --- geometry helpers -------------------------------------------------------------------------------

    def _edges(self, box: Box, cb_width: float) -> tuple[float, float, float, float]:
        style = box.style
        if box.rows is not None and box.grid is None:
            box.grid = tables.collapse(box)  # the table's and its cells' used border widths
        borders = box.borders or tuple(float(style[f"border-{side}-width"]) for side in SIDES)
        top, right, bottom, left = (border + (_length(style[f"padding-{side}"], cb_width) or 0.0)
                                    for border, side in zip(borders, SIDES))
        return top, right, bottom, left

    def _margins(self, box: Box, cb_width: float, centring: bool = False) -> tuple[float, float, float, float]:
        """Margins in points; ``auto`` only left and right of a block in flow (``centring``), where it counts 0."""
        style = box.style
        found = []
        for side in SIDES:
            value = style[f"margin-{side}"]
            if value == "auto" and centring and side in ("left", "right"):
                value = 0.0
            elif value == "auto":
                raise Unsupported("margin: auto")
            found.append(_length(value, cb_width) or 0.0)
        return found[0], found[1], found[2], found[3]

    def _border_size(self, box: Box, specified: float | None, before: float, after: float) -> float | None:
        """A specified width or height as a border-box size, given the border and padding on its two sides."""
        if specified is None:
            return None
        if box.style["box-sizing"] == "border-box":
            return max(specified, before + after)
        return specified + before + after

    def _border_width(self, box: Box, specified: float | None, edges) -> float | None:
        return self._border_size(box, specified, edges[1], edges[3])

    def _max_width(self, box: Box, cb_width: float | None, edges) -> float:
        """The border-box width ``max-width`` allows (infinite for ``none``)."""
        value = box.style["max-width"]
        limit = None if value == "none" else self._border_width(box, _length(value, cb_width), edges)
        return float("inf") if limit is None else limit

    def _border_height(self, box: Box, specified: float | None, edges) -> float | None:
        return self._border_size(box, specified, edges[0], edges[2])

    def _check(self, box: Box) -> None:
        style = box.style
        for name, default in (("min-width", "auto"), ("min-height", "auto"), ("max-height", "none")):
            if style[name] != default and not (name.startswith("min") and style[name] == 0):
                raise Unsupported(f"{name}")
        if style["flex-wrap"] == "wrap-reverse" or (style["flex-wrap"] == "wrap" and box.is_flex
                                                     and style["flex-direction"] != "row"):
            raise Unsupported(f"flex-wrap: {style['flex-wrap']} in a {style['flex-direction']} container")

    # --- intrinsic widths ----------------------------------------------------------------------------------

    def intrinsic(self, box: Box, cb_width: float) -> tuple[float, float]:
        """Min-content and max-content border-box widths."""
        self._check(box)
        if box.rows is not None:
            raise Unsupported("a table sized by its content")
        edges = self._edges(box, cb_width)
        most = self._max_width(box, None, edges)
        specified = self._border_width(box, _length(box.style["width"], None), edges)
        if specified is not None:
            return min(specified, most), min(specified, most)
        extra = edges[1] + edges[3]
        if box.replaced is not None:
            width = self._replaced_size(box.replaced, None, None)[0]
            return width + extra, width + extra
        if box.inline is not None or not (box.is_flex and box.style["flex-direction"] == "row"):
            low, high = self._content_widths(box, cb_width)
            return min(low + extra, most), min(high + extra, most)
        low = high = 0.0
        flow = [child for child in box.children if not child.absolute]
        gap = self._gap(box, "column-gap") * max(0, len(flow) - 1)
        for child in flow:
            margins = self._margins(child, cb_width)
            child_low, child_high = self.intrinsic(child, cb_width)
            child_low += margins[1] + margins[3]
            child_high += margins[1] + margins[3]
            if box.style["flex-wrap"] == "wrap":  # each item may have a line of its own
                low, high = max(low, child_low), high + child_high
            else:
                low, high = low + child_low, high + child_high
        return min(low + gap + extra, most), min(high + gap + extra, most)

    def _atoms(self, box: Box, cb_width: float):
        if box.atoms is None:
            assert box.inline is not None  # asked of inline content only
            box.atoms = inline.atoms(box.inline, self.fonts, lambda r: self._size_replaced(r, cb_width, None))
        return box.atoms

    def _gap(self, box: Box, name: str) -> float:
        value = box.style[name]
        return 0.0 if value == "normal" else float(value)

    # --- replaced elements -----------------------------------------------------------------------------------

    def _replaced_size(self, replaced: Replaced, cb_width: float | None,
                       cb_height: float | None) -> tuple[float, float]:
        style = replaced.style
        if replaced.element.tag != "svg" or SVG_MARKUP not in replaced.element.attrib:
            raise Unsupported(f"<{replaced.element.tag}>")
        if "width" in replaced.element.attrib or "height" in replaced.element.attrib:
            raise Unsupported("svg with width or height attributes")
        width = _length(style["width"], cb_width)
        height = _length(style["height"], cb_height)
        if width is None and height is None:
            return DEFAULT_REPLACED
        if width is None or height is None:
            raise Unsupported("an svg sized on one axis only")
        return width, height

    def _size_replaced(self, replaced: Replaced, cb_width: float | None, cb_height: float | None) -> None:
        replaced.width, replaced.height = self._replaced_size(replaced, cb_width, cb_height)

    # --- block layout -----------------------------------------------------------------------------------------

    def _contents(self, box: Box, positioned: Box, height_definite: bool) -> None:
        """Lay out what is inside a box whose border box is placed and sized (its height may still grow)."""
        self._check(box)
        edges = self._edges(box, box.width)
        cx, cy = box.content_x, box.content_y = box.x + edges[3], box.y + edges[0]
        cw = max(0.0, box.width - edges[1] - edges[3])
        ch = box.height - edges[0] - edges[2] if height_definite else None
        container = box if box.positioned else positioned
        if box.replaced is not None:
            self._size_replaced(box.replaced, cw, ch)
            content = box.replaced.height
        elif box.inline is not None:
            box.lines = inline.lay_out(box.inline, box.style, cw, self.fonts,
                                       lambda r: self._size_replaced(r, cw, ch))
            box.atoms = None
            content = sum(line.height for line in box.lines)
        elif box.rows is not None:
            content = self._table(box, cx, cy, cw, container)
        elif box.is_flex:
            content = self._flex(box, cx, cy, cw, ch, container)
        else:
            content = self._flow(box, cx, cy, cw, ch, container)
        if not height_definite:
            box.height = content + edges[0] + edges[2]
        for child in box.children:
            if child.absolute:
                if not box.positioned:
                    raise Unsupported("an absolutely positioned box whose parent is not positioned")
                self._absolute(child, box)

    def _flow(self, box: Box, cx: float, cy: float, cw: float, ch: float | None, container: Box) -> float:
        """Stack in-flow block children; the content height."""
        y = 0.0
        previous_margin = None
        for child in box.children:
            if child.absolute:
                continue
            margins = self._margins(child, cw, centring=True)
            left, available = margins[3], cw - margins[1] - margins[3]
            autos = [child.style[f"margin-{side}"] == "auto" for side in ("left", "right")]
            width = self._border_width(child, _length(child.style["width"], cw), self._edges(child, cw))
            if any(autos) and width is not None:  # auto margins share the room the width leaves
                room = cw - margins[1] - margins[3] - width
                left += room / 2 if all(autos) else (room if autos[0] else 0.0)
                available = width
            if previous_margin is None:
                if margins[0] and not (box.style["overflow"] == "hidden" or box.absolute or box is container
                                       or self._edges(box, cw)[0]):
                    raise Unsupported("a first child's top margin collapsing through its parent")
                y += margins[0]
            else:
                y += max(previous_margin, margins[0]) if previous_margin >= 0 and margins[0] >= 0 \
                    else previous_margin + margins[0]
            self._block(child, cx + left, cy + y, available, cw, ch, container)
            y += child.height
            previous_margin = margins[2]
        if previous_margin:
            if not (box.style["overflow"] == "hidden" or box.absolute or box is container or
                    self._edges(box, cw)[2] or box.style["height"] != "auto"):
                raise Unsupported("a last child's bottom margin collapsing through its parent")
            y += previous_margin
        return y

    def _block(self, box: Box, x: float, y: float, available: float, cb_width: float, cb_height: float | None,
               container: Box, width: float | None = None, height: float | None = None) -> None:
        """Place and lay out an in-flow block at ``x, y`` (its margin edge's left is ``x - margin``)."""
        edges = self._edges(box, cb_width)
        box.x, box.y = x, y
        box.width = width if width is not None else min(
            self._border_width(box, _length(box.style["width"], cb_width), edges) or available,
            self._max_width(box, cb_width, edges))
        specified = height if height is not None else self._border_height(
            box, _length(box.style["height"], cb_height), edges)
        box.height = specified or 0.0
        self._contents(box, container, height_definite=specified is not None)

    def _absolute(self, box: Box, container: Box) -> None:
        """Place an absolutely positioned box in its containing block, the container's padding box."""
        c_style = container.style
        left_edge = float(c_style["border-left-width"])
        top_edge = float(c_style["border-top-width"])
        cb_x, cb_y = container.x + left_edge, container.y + top_edge
        cb_w = container.width - left_edge - float(c_style["border-right-width"])
        cb_h = container.height - top_edge - float(c_style["border-bottom-width"])
        style = box.style
        left, right = _length(style["left"], cb_w), _length(style["right"], cb_w)
        top, bottom = _length(style["top"], cb_h), _length(style["bottom"], cb_h)
        if left is None and right is None or top is None and bottom is None:
            raise Unsupported("an absolutely positioned box without left/right or top/bottom")
        margins = self._margins(box, cb_w)
        edges = self._edges(box, cb_w)
        width = self._border_width(box, _length(style["width"], cb_w), edges)
        if width is None:
            if left is not None and right is not None:
                width = cb_w - left - right - margins[1] - margins[3]
            else:
                low, high = self.intrinsic(box, cb_w)
                width = min(max(low, cb_w - (left or right or 0.0) - margins[1] - margins[3]), high)
        width = min(width, self._max_width(box, cb_w, edges))
        height = self._border_height(box, _length(style["height"], cb_h), edges)
        if height is None and top is not None and bottom is not None:
            height = cb_h - top - bottom - margins[0] - margins[2]
        if left is not None:
            x = cb_x + left + margins[3]
        else:
            assert right is not None  # one of the two, checked above
            x = cb_x + cb_w - right - margins[1] - width
        box.x, box.width = x, width
        if height is not None:
            box.height = height
            if top is not None:
                box.y = cb_y + top + margins[0]
            else:
                assert bottom is not None  # one of the two, checked above
                box.y = cb_y + cb_h - bottom - margins[2] - height
            self._contents(box, box, height_definite=True)
        else:
            box.y = cb_y + (top or 0.0) + margins[0]
            box.height = 0.0
            self._contents(box, box, height_definite=False)
            if top is None:
                assert bottom is not None
                self._shift(box, cb_y + cb_h - bottom - margins[2] - box.height - box.y)

    # --- tables -------------------------------------------------------------------------------------------------

    def _table(self, box: Box, cx: float, cy: float, cw: float, container: Box) -> float:
        """Lay out a table's rows of cells in its content box; the content height (``render.native.tables``)."""
        grid = box.grid
        assert grid is not None and box.rows is not None  # a table, its borders collapsed by _edges
        if box.style["table-layout"] == "fixed" and box.style["width"] != "auto":
            widths = tables.fixed_columns(box, cw, lambda cell: self._cell_width(cell, cw))
        else:
            widths = self._auto_columns(box, cw)
        columns = [cx]
        for width in widths:
            columns.append(columns[-1] + width)
        rows = [cy]
        for row in box.rows:
            height = max(self._cell(cell, columns[x], rows[-1], widths[x], container) for x, cell in enumerate(row))
            for cell in row:
                self._align_cell(cell, height)
            rows.append(rows[-1] + height)
        grid.columns = [x - box.x for x in columns]  # from the table's corner: the table may move later
        grid.rows = [y - box.y for y in rows]
        box.children = [cell for row in box.rows for cell in row]
        return rows[-1] - cy

    def _cell_width(self, cell: Box, cb_width: float) -> float:
        """A cell's stated width as a border-box width (its padding and collapsed borders added)."""
        edges = self._edges(cell, cb_width)
        return self._border_width(cell, _length(cell.style["width"], cb_width), edges) or 0.0

    def _auto_columns(self, box: Box, cw: float) -> list[float]:
        """Column widths by the automatic table layout, from the cells' min- and max-content widths."""
        assert box.rows is not None  # a table
        count = len(box.rows[0])
        minimums, maximums, constrained = [0.0] * count, [0.0] * count, [False] * count
        for row in box.rows:
            for x, cell in enumerate(row):
                if isinstance(cell.style["width"], Percent):
                    raise Unsupported("a table cell with a percentage width")
                edges = self._edges(cell, cw)
                low, high = self._content_widths(cell, cw)
                low, high = low + edges[1] + edges[3], high + edges[1] + edges[3]
                stated = _length(cell.style["width"], cw)
                if stated is not None:
                    constrained[x] = True
                    high = self._border_width(cell, stated, edges) or 0.0  # never None: the width is stated
                minimums[x] = max(minimums[x], low)
                maximums[x] = max(maximums[x], max(low, high))
        if cw < sum(minimums):
            raise Unsupported("a table narrower than its content")
        return tables.auto_columns(cw, minimums, maximums, constrained)

    def _content_widths(self, box: Box, cb_width: float) -> tuple[float, float]:
        """Min-content and max-content widths of the content of a block (or a column flex container) or of
        inline content, its own width not considered."""
        if box.inline is not None:
            return inline.intrinsic(self._atoms(box, cb_width))
        low = high = 0.0
        for child in box.children:
            if child.absolute:
                continue
            margins = self._margins(child, cb_width)
            child_low, child_high = self.intrinsic(child, cb_width)
            low = max(low, child_low + margins[1] + margins[3])
            high = max(high, child_high + margins[1] + margins[3])
        return low, high

    def _cell(self, cell: Box, x: float, y: float, width: float, container: Box) -> float:
        """Lay out a cell's content at its natural height; the height its row needs for it.

        A cell's stated height is the least its row's height can be, padding and borders included (as WeasyPrint
        lays it out)."""
        cell.x, cell.y, cell.width, cell.height = x, y, width, 0.0
        self._contents(cell, container, height_definite=False)
        return max(cell.height, _length(cell.style["height"], None) or 0.0)

    def _align_cell(self, cell: Box, row_height: float) -> None:
        """Grow a cell to its row's height and move its content as ``vertical-align`` says."""
        align = cell.style["vertical-align"]
        if align not in ("top", "middle", "bottom"):
            raise Unsupported(f"a table cell aligned vertically by {align}")
        extra = row_height - cell.height  # the room below the content
        move = {"top": 0.0, "middle": extra / 2, "bottom": extra}[align]
        if move:
            cell.content_y += move
            for child in cell.children:
                self._shift(child, move)
        cell.height = row_height

    def _shift(self, box: Box, dy: float) -> None:
        box.y += dy
        box.content_y += dy
        for child in box.children:
            self._shift(child, dy)

    # --- flex layout -------------------------------------------------------------------------------------------

    def _flex(self, box: Box, cx: float, cy: float, cw: float, ch: float | None, container: Box) -> float:
        items = [child for child in box.children if not child.absolute]
        style = box.style
        align = style["align-items"]
        justify = style["justify-content"]
        if style["flex-direction"] == "row" and style["flex-wrap"] == "wrap":
            return self._flex_lines(box, items, cx, cy, cw, ch, container, align, justify)
        if style["flex-direction"] == "row":
            return self._flex_row(box, items, cx, cy, cw, ch, container, align, justify)
        return self._flex_column(box, items, cx, cy, cw, ch, container, align, justify)

    def _item_align(self, item: Box, align: str) -> str:
        own = item.style["align-self"]
        value = align if own in ("auto",) else own
        return {"normal": "stretch", "start": "flex-start", "end": "flex-end"}.get(value, value)

    def _flex_basis(self, item: Box, cw: float, ch: float | None) -> tuple[float, float]:
        """A row item's hypothetical main size (border box) and the least it shrinks to."""
        edges = self._edges(item, cw)
        basis = item.style["flex-basis"]
        basis = _length(basis, cw) if basis != "auto" else None
        if basis is not None:
            basis = self._border_width(item, basis, edges)
        if item.replaced is not None:
            size = self._replaced_size(item.replaced, cw, ch)
            basis, minimum = basis if basis is not None else size[0] + edges[1] + edges[3], 0.0
        else:
            low, high = self.intrinsic(item, cw)
            basis = basis if basis is not None else high
            minimum = low if item.style["overflow"] == "visible" else 0.0
        return min(basis, self._max_width(item, cw, edges)), minimum

    def _flex_lines(self, box, items, cx, cy, cw, ch, container, align, justify) -> float:
        """A wrapping row: items in lines as they fit, lines stacked and stretched to fill the container."""
        gap, row_gap = self._gap(box, "column-gap"), self._gap(box, "row-gap")
        lines: list[list[Box]] = []
        used = 0.0
        for item in items:
            m = self._margins(item, cw)
            outer = self._flex_basis(item, cw, ch)[0] + m[1] + m[3]
            if lines and lines[-1] and used + gap + outer <= cw + 1e-6:
                lines[-1].append(item)
                used += gap + outer
            else:
                lines.append([item])
                used = outer
        heights = [self._flex_row(box, line, cx, cy, cw, None, container, align, justify) for line in lines]
        free = (ch - sum(heights) - row_gap * (len(lines) - 1)) if ch is not None else 0.0
        if free > 0:  # align-content: normal stretches the lines
            heights = [height + free / len(lines) for height in heights]
        y = cy
        for line, height in zip(lines, heights):
            self._flex_row(box, line, cx, y, cw, height, container, align, justify)
            y += height + row_gap
        return sum(heights) + row_gap * (len(lines) - 1)

    def _flex_row(self, box, items, cx, cy, cw, ch, container, align, justify) -> float:
        gap = self._gap(box, "column-gap")
        bases, minimums, margins = [], [], []
        for item in items:
            margins.append(self._margins(item, cw))
            basis, minimum = self._flex_basis(item, cw, ch)
            bases.append(basis)
            minimums.append(minimum)
        sizes = self._resolve_flexible(items, bases, minimums, [m[1] + m[3] for m in margins],
                                       cw - gap * max(0, len(items) - 1))
        sizes = [min(size, self._max_width(item, cw, self._edges(item, cw))) for item, size in zip(items, sizes)]
        for item, size, m in zip(items, sizes, margins):
            edges = self._edges(item, cw)
            specified = self._border_height(item, _length(item.style["height"], ch), edges)
            stretch = self._item_align(item, align) == "stretch" and specified is None and ch is not None
            height = ch - m[0] - m[2] if stretch else specified
            item.x, item.y, item.width, item.height = 0.0, 0.0, size, height or 0.0
            if item.replaced is not None:
                w, h = self._replaced_size(item.replaced, cw, ch)
                item.replaced.width, item.replaced.height = size - edges[1] - edges[3], h
                item.height = height if height is not None else h + edges[0] + edges[2]
                item.content_x, item.content_y = item.x + edges[3], item.y + edges[0]
            else:
                self._contents(item, container, height_definite=height is not None)
        line = ch if ch is not None else max((item.height + m[0] + m[2] for item, m in zip(items, margins)),
                                             default=0.0)
        used = sum(sizes) + sum(m[1] + m[3] for m in margins) + gap * max(0, len(items) - 1)
        x, between = self._distribute(justify, cw - used, len(items))
        for item, size, m in zip(items, sizes, margins):
            mode = self._item_align(item, align)
            if mode == "stretch" and item.style["height"] == "auto" and ch is None:
                item.height = line - m[0] - m[2]
            outer = item.height + m[0] + m[2]
            offset = {"center": (line - outer) / 2, "flex-end": line - outer}.get(mode, 0.0)
            self._shift_x(item, cx + x + m[3])
            self._shift(item, cy + offset + m[0])
            x += size + m[1] + m[3] + gap + between
        return line

    def _shift_x(self, box: Box, dx: float) -> None:
        box.x += dx
        box.content_x += dx
        for child in box.children:
            self._shift_x(child, dx)

    def _resolve_flexible(self, items, bases, minimums, margin_sums, available) -> list[float]:
        free = available - sum(bases) - sum(margin_sums)
        sizes = list(bases)
        if free < 0:
            weights = [item.style["flex-shrink"] * base for item, base in zip(items, bases)]
            frozen = [False] * len(items)
            for _ in range(len(items) + 1):
                total = sum(w for w, f in zip(weights, frozen) if not f)
                remaining = available - sum(margin_sums) - sum(sizes[i] if frozen[i] else bases[i]
                                                               for i in range(len(items)))
                if total <= 0 or remaining >= 0:
                    break
                clamped = False
                for i in range(len(items)):
                    if frozen[i]:
                        continue
                    sizes[i] = bases[i] + remaining * weights[i] / total
                    if sizes[i] < minimums[i]:
                        sizes[i], frozen[i], clamped = minimums[i], True, True
                if not clamped:
                    break
        elif free > 0:
            grow = [item.style["flex-grow"] for item in items]
            if sum(grow) > 0:
                sizes = [base + free * g / sum(grow) for base, g in zip(bases, grow)]
        return sizes

    def _distribute(self, justify: str, free: float, count: int) -> tuple[float, float]:
        """The start offset and the extra space between items along the main axis."""
        if justify in ("center",):
            return free / 2, 0.0
        if justify in ("flex-end", "end"):
            return free, 0.0
        if justify == "space-between" and count > 1 and free > 0:
            return 0.0, free / (count - 1)
        if justify == "space-around" and count and free > 0:
            return free / count / 2, free / count
        if justify == "space-evenly" and count and free > 0:
            return free / (count + 1), free / (count + 1)
        if justify == "space-between" or justify in ("space-around", "space-evenly"):
            return (free / 2 if justify != "space-between" else 0.0), 0.0
        return 0.0, 0.0

    def _flex_column(self, box, items, cx, cy, cw, ch, container, align, justify) -> float:
        gap = self._gap(box, "row-gap")
        total = 0.0
        placed = []
        for item in items:
            m = self._margins(item, cw)
            edges = self._edges(item, cw)
            mode = self._item_align(item, align)
            width = self._border_width(item, _length(item.style["width"], cw), edges)
            if width is None:
                if mode == "stretch":
                    width = cw - m[1] - m[3]
                else:
                    low, high = self.intrinsic(item, cw)
                    width = min(max(low, cw - m[1] - m[3]), high)
            width = min(width, self._max_width(item, cw, edges))
            height = self._border_height(item, _length(item.style["height"], ch), edges)
            item.x, item.y, item.width, item.height = cx + m[3], cy, width, height or 0.0
            if item.replaced is not None:
                w, h = self._replaced_size(item.replaced, cw, ch)
                item.replaced.width, item.replaced.height = w, h
                item.height = height if height is not None else h + edges[0] + edges[2]
                item.content_x, item.content_y = item.x + edges[3], item.y + edges[0]
            else:
                self._contents(item, container, height_definite=height is not None)
            offset = {"center": (cw - width - m[1] - m[3]) / 2,
                      "flex-end": cw - width - m[1] - m[3]}.get(mode, 0.0)
            self._shift_x(item, offset)
            placed.append((item, m))
            total += item.height + m[0] + m[2]
        total += gap * max(0, len(items) - 1)
        if ch is not None and total > ch + OVERFLOW and any(item.style["flex-shrink"] for item, _ in placed):
            # WeasyPrint shrinks such items below their content and starts them at the top; CSS keeps their
            # content size and, centred, lets them overflow both ends: the two disagree, so this face is WeasyPrint's
            raise Unsupported("a flex column whose items overflow it")
        y, between = self._distribute(justify, (ch - total) if ch is not None else 0.0, len(items))
        for item, m in placed:
            self._shift(item, y + m[0])
            y += item.height + m[0] + m[2] + gap + between
        return total if ch is None else max(total, 0.0)
