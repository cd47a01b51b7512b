"""A face's HTML as an element tree the native renderer can style: ElementTree elements, svg kept as markup.

The faces' HTML is what pnpforge's own document template and a pack's layout templates write, so the parser
only has to be faithful for well-formed markup; anything it cannot represent raises ``Unsupported`` and the
face is laid out by WeasyPrint instead. An ``<svg>`` element is not expanded: its markup is kept whole (the
``svg`` module draws it) and the element stands in the tree as an empty replaced element.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                  "wbr"})
SVG_MARKUP = "data-pnp-svg"  # the attribute holding an svg element's markup (never in a face's own HTML)


class Unsupported(Exception):
    """Something the native renderer does not lay out; the face is laid out by WeasyPrint instead."""


class _Builder(HTMLParser):
    """Builds ElementTree elements from HTML start and end tags."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.text = text
        self.root = ET.Element("html")
        self.stack: list[ET.Element] = [ET.SubElement(self.root, "body")]
        self.svg_depth = 0
        self.svg_start = 0
        self.offsets = [0]
        for index, char in enumerate(text):
            if char == "\n":
                self.offsets.append(index + 1)

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.offsets[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.svg_depth:
            self.svg_depth += 1
            return
        if tag == "svg":
            self.svg_depth = 1
            self.svg_start = self._offset()
        element = ET.SubElement(self.stack[-1], tag, {name: value or "" for name, value in attrs})
        if SVG_MARKUP in element.attrib and tag != "svg":
            raise Unsupported(f"attribute {SVG_MARKUP}")
        if tag not in VOID and tag != "svg":
            self.stack.append(element)
        elif tag == "svg":
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.svg_depth:
            return
        if tag == "svg":
            raise Unsupported("an empty svg element")
        ET.SubElement(self.stack[-1], tag, {name: value or "" for name, value in attrs})

    def handle_endtag(self, tag: str) -> None:
        if self.svg_depth:
            if tag == "svg":
                self.svg_depth -= 1
                if self.svg_depth == 0:
                    end = self.text.index(">", self._offset()) + 1
                    element = self.stack.pop()
                    element.set(SVG_MARKUP, self.text[self.svg_start:end])
            elif tag not in VOID:
                self.svg_depth -= 1
            return
        if tag in VOID:
            return
        if len(self.stack) < 2 or self.stack[-1].tag != tag:
            raise Unsupported(f"unbalanced </{tag}>")
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.svg_depth:
            return
        parent = self.stack[-1]
        if len(parent):
            last = parent[-1]
            last.tail = (last.tail or "") + data
        else:
            parent.text = (parent.text or "") + data


def parse_fragment(html: str) -> ET.Element:
    """An ``html`` element whose ``body`` holds the elements of an HTML fragment (a document's body)."""
    builder = _Builder(html)
    builder.feed(html)
    builder.close()
    if len(builder.stack) != 1 or builder.svg_depth:
        raise Unsupported("an element is not closed")
    return builder.root
