"""SVG from a pack made safe to draw and to put in a page: its drawing kept, everything else taken out.

Every SVG a pack hands us goes through ``clean_svg`` before it is drawn or written: the icons inlined into faces,
rulebooks and web pages (``icons.py``), the SVG art of items (``art.py``) and the site's favicon
(``publish/web/favicon.py``). It reads the file with expat directly, refusing what could read other files or
multiply text (an internal DTD subset, any entity declaration, an entity it would have to look up), and rebuilds
the drawing from an allow-list:

- elements that draw or structure a drawing (``ELEMENTS``); ``a`` is unwrapped (its children stay, the link
  goes); anything else is dropped with its content (``script``, ``foreignObject``, ``image``, ``iframe``, editors'
  metadata, elements of other namespaces);
- presentation and geometry attributes (``ATTRIBUTES``), a ``style`` attribute keeping only those properties, an
  ``href`` only on ``use`` and gradients and only to ``#id`` in the same file, ``url()`` only as ``url(#id)``;
  every ``on*`` attribute, every ``javascript:`` value and every attribute of another namespace is dropped;
- a ``<style>`` element only in a file drawn on its own (art, the favicon), and only without ``@`` rules, escapes
  or ``url()`` to anything but ``#id``; an inlined icon has none, since it would style the whole page.

The work is bounded: at most ``MAX_BYTES`` of UTF-8 text, ``MAX_ELEMENTS`` elements nested at most ``MAX_DEPTH``
deep, and at most ``MAX_DRAWN`` elements drawn once every ``<use>`` is expanded (a ``use`` that contains itself is
refused). A ``viewBox`` must be four numbers. Whatever breaks a rule that makes the file unusable raises
``SvgProblem`` with the line and column it is at; the caller turns it into a located finding.

The drawing is written back without namespace prefixes, every text and attribute value escaped, so nothing in the
file can close the ``<svg>`` it sits in.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Iterator, Union
from xml.parsers import expat

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
NS_SEPARATOR = " "
MAX_BYTES = 8 * 1024 * 1024
MAX_ELEMENTS = 50_000
MAX_DEPTH = 100
MAX_DRAWN = 100_000

ELEMENTS = frozenset({
    "svg", "g", "path", "circle", "ellipse", "line", "polyline", "polygon", "rect", "text", "tspan", "defs",
    "linearGradient", "radialGradient", "stop", "clipPath", "mask", "symbol", "use", "title", "desc", "style",
})
UNWRAPPED = frozenset({"a"})  # its children are drawn; the element (a link) is not kept
TEXT_ELEMENTS = frozenset({"text", "tspan", "title", "desc", "style"})
HREF_ELEMENTS = frozenset({"use", "linearGradient", "radialGradient"})
VIEW_BOX_ELEMENTS = frozenset({"svg", "symbol"})
PROPERTIES = frozenset({
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
    "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "color", "display",
    "visibility", "clip-path", "clip-rule", "mask", "stop-color", "stop-opacity", "font", "font-family",
    "font-size", "font-weight", "font-style", "font-variant", "font-stretch", "text-anchor", "dominant-baseline",
    "alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing", "text-decoration", "writing-mode",
    "paint-order", "vector-effect", "shape-rendering",
})
ATTRIBUTES = PROPERTIES | frozenset({
    "d", "points", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr", "dx", "dy",
    "rotate", "width", "height", "transform", "viewBox", "preserveAspectRatio", "offset", "gradientUnits",
    "gradientTransform", "spreadMethod", "clipPathUnits", "maskUnits", "maskContentUnits", "pathLength",
    "textLength", "lengthAdjust", "id", "class", "style",
})
NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
SEPARATOR = r"(?:\s*,\s*|\s+)"
VIEW_BOX = re.compile(rf"\s*({NUMBER}){SEPARATOR}({NUMBER}){SEPARATOR}({NUMBER}){SEPARATOR}({NUMBER})\s*\Z")
LOCAL_HREF = re.compile(r"#[A-Za-z_][\w.:-]*\Z")
URL = re.compile(r"url\(", re.IGNORECASE)
LOCAL_URL = re.compile(r"""url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)""", re.IGNORECASE)
ACTIVE = re.compile(r"javascript:|vbscript:|expression\(|data:|[\\<>@]", re.IGNORECASE)
ACTIVE_SHEET = re.compile(r"javascript:|vbscript:|expression\(|data:|[\\<@]", re.IGNORECASE)  # ">" is a selector
INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")


class SvgProblem(Exception):
    """An SVG file that cannot be used, with the 1-based line and column of what is wrong (0 when unknown)."""

    def __init__(self, message: str, line: int = 0, col: int = 0):
        """The problem and where it is."""
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col


@dataclass
class Node:
    """One kept element: its name, its allowed attributes in source order, its children and where it starts."""

    tag: str
    attrs: dict[str, str]
    line: int
    col: int
    children: list[Union["Node", str]] = field(default_factory=list)


@dataclass(frozen=True)
class CleanSvg:
    """An SVG reduced to its drawing: the root's attributes and the markup inside it."""

    attrs: tuple[tuple[str, str], ...]
    inner: str

    @property
    def view_box(self) -> str | None:
        """The root's viewBox (already checked to be four numbers), or None."""
        return dict(self.attrs).get("viewBox")

    def document(self) -> str:
        """The drawing as a file of its own (the SVG namespace declared, no prefixes)."""
        attrs = "".join(f' {name}="{_attribute(value)}"' for name, value in self.attrs)
        return f'<svg xmlns="{SVG_NS}"{attrs}>{self.inner}</svg>\n'


def clean_svg(data: bytes | str, inline: bool = False) -> CleanSvg:
    """The drawing of an SVG file (``inline``: for a page that inlines it, so without ``<style>``); raise
    ``SvgProblem`` when the file cannot be used."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_BYTES:
        raise SvgProblem(f"the file is {len(raw)} bytes; an SVG may have at most {MAX_BYTES}")
    _check_utf8(raw)
    root = _Reader(inline).read(raw.removeprefix(b"\xef\xbb\xbf"))
    _check_drawn(root)
    return CleanSvg(tuple(root.attrs.items()), "".join(_markup(child) for child in root.children))


def _check_utf8(raw: bytes) -> None:
    """Raise with the place (line, and column in characters) of the first byte that is not UTF-8."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = len(raw[raw.rfind(b"\n", 0, exc.start) + 1:exc.start].decode("utf-8")) + 1
        raise SvgProblem(f"not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot start or continue a character",
                         line, col) from None


class _Reader:
    """Builds the tree of kept elements while expat reads the file."""

    def __init__(self, inline: bool):
        """A reader for a file drawn inline (in a page) or on its own."""
        self.inline = inline
        self.parser = expat.ParserCreate(encoding="utf-8", namespace_separator=NS_SEPARATOR)
        self.parser.ordered_attributes = True
        self.parser.specified_attributes = True
        self.parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end
        self.parser.CharacterDataHandler = self._text
        self.parser.StartDoctypeDeclHandler = self._doctype
        self.parser.EntityDeclHandler = self._entity
        self.parser.UnparsedEntityDeclHandler = self._entity
        self.parser.NotationDeclHandler = self._entity
        self.parser.SkippedEntityHandler = self._skipped
        self.parser.ExternalEntityRefHandler = self._external
        self.root: Node | None = None
        self.stack: list[Node | None] = []  # where each open element's children go (None: dropped)
        self.count = 0

    def read(self, raw: bytes) -> Node:
        """The kept tree of the whole file."""
        try:
            self.parser.Parse(raw, True)
        except expat.ExpatError as exc:
            raise SvgProblem(f"not well-formed XML: {expat.ErrorString(exc.code)}", exc.lineno,
                             exc.offset + 1) from None
        if self.root is None:
            raise SvgProblem("the file holds no <svg> element")
        return self.root

    def _here(self) -> tuple[int, int]:
        """The line and column expat is at."""
        return self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1

    def _start(self, name: str, attributes: list[str]) -> None:
        """An element opens: keep it (with its allowed attributes), unwrap it, or drop it with its content."""
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise SvgProblem(f"more than {MAX_ELEMENTS} elements in one SVG file", *self._here())
        if len(self.stack) >= MAX_DEPTH:
            raise SvgProblem(f"elements nested more than {MAX_DEPTH} deep", *self._here())
        namespace, _, tag = name.rpartition(NS_SEPARATOR)
        svg = namespace in ("", SVG_NS)
        if not self.stack:
            if not svg or tag != "svg":
                raise SvgProblem(f"the file's root element is <{tag}>, not <svg>", *self._here())
            self.root = Node(tag, self._attributes(tag, attributes), *self._here())
            self.stack.append(self.root)
            return
        parent = self.stack[-1]
        if parent is None or not svg or (tag not in ELEMENTS and tag not in UNWRAPPED) or \
                (tag == "style" and self.inline):
            self.stack.append(None)
            return
        if tag in UNWRAPPED:
            self.stack.append(parent)
            return
        node = Node(tag, self._attributes(tag, attributes), *self._here())
        parent.children.append(node)
        self.stack.append(node)

    def _end(self, name: str) -> None:
        """An element closes; a ``<style>`` whose rules reach outside the file is dropped."""
        node = self.stack.pop()
        if node is not None and node.tag == "style" and not _safe_style_sheet(node):
            parent = self.stack[-1]
            if parent is not None:
                parent.children.remove(node)

    def _text(self, text: str) -> None:
        """Character data: kept in text elements, whitespace elsewhere (the drawing's own spacing)."""
        node = self.stack[-1] if self.stack else None
        if node is None or (node.tag not in TEXT_ELEMENTS and text.strip()):
            return
        if node.children and isinstance(node.children[-1], str):
            node.children[-1] += text
        else:
            node.children.append(text)

    def _attributes(self, tag: str, attributes: list[str]) -> dict[str, str]:
        """The attributes kept on ``tag``: allowed names with safe values; a viewBox must be four numbers."""
        kept = {}
        for name, value in zip(attributes[::2], attributes[1::2]):
            namespace, _, local = name.rpartition(NS_SEPARATOR)
            if local == "href" and namespace in ("", XLINK_NS):
                if tag in HREF_ELEMENTS and LOCAL_HREF.match(value.strip()):
                    kept["href"] = value.strip()
                continue
            if namespace or local not in ATTRIBUTES:
                continue
            if local == "viewBox" and tag in VIEW_BOX_ELEMENTS:
                _check_view_box(value, *self._here())
            if local == "style":
                value = _style(value)
                if not value:
                    continue
            elif not _safe_value(value):
                continue
            kept[local] = value
        return kept

    def _doctype(self, name: str, system_id: str | None, public_id: str | None, internal: int) -> None:
        """A DOCTYPE is allowed only without an internal subset (an external one is never read)."""
        if internal:
            raise SvgProblem("a DOCTYPE with declarations of its own: SVG files may not declare entities",
                             *self._here())

    def _entity(self, *args: object) -> None:
        """An entity or notation declaration: refused."""
        raise SvgProblem("an entity declaration: SVG files may not declare entities", *self._here())

    def _skipped(self, name: str, is_parameter: int) -> None:
        """A reference to an entity nobody declared here: refused (it would have to be looked up elsewhere)."""
        raise SvgProblem(f"the entity '&{name};' is not one XML defines: SVG files may not use entities",
                         *self._here())

    def _external(self, *args: object) -> int:
        """An external entity: never read."""
        raise SvgProblem("an external entity: SVG files may not read other files", *self._here())


def _check_view_box(value: str, line: int, col: int) -> None:
    """Raise unless ``value`` is four finite numbers with a width and height not below zero."""
    found = VIEW_BOX.match(value)
    numbers = [float(n) for n in found.groups()] if found else []
    if not numbers or not all(math.isfinite(n) for n in numbers) or numbers[2] < 0 or numbers[3] < 0:
        raise SvgProblem(f'viewBox="{value[:60]}" is not four numbers (min-x min-y width height, the width and '
                         "height not negative)", line, col)


def _safe_value(value: str) -> bool:
    """True when an attribute value names nothing outside the file and runs nothing."""
    if ACTIVE.search(INVISIBLE.sub("", value)):
        return False
    return len(URL.findall(value)) == len(LOCAL_URL.findall(value))


def _style(value: str) -> str:
    """A ``style`` attribute with only presentation properties whose values are safe."""
    kept = []
    for declaration in value.split(";"):
        name, colon, setting = declaration.partition(":")
        name, setting = name.strip().lower(), setting.strip()
        if colon and name in PROPERTIES and setting and _safe_value(setting):
            kept.append(f"{name}:{setting}")
    return ";".join(kept)


def _safe_style_sheet(node: Node) -> bool:
    """True when a ``<style>`` element's rules have no at-rules, escapes or url() leaving the file."""
    text = "".join(child for child in node.children if isinstance(child, str))
    if ACTIVE_SHEET.search(INVISIBLE.sub("", text)):
        return False
    return len(URL.findall(text)) == len(LOCAL_URL.findall(text))


def _check_drawn(root: Node) -> None:
    """Raise when the drawing, every ``<use>`` expanded, holds more than ``MAX_DRAWN`` elements or a ``use``
    contains itself (each element counted once, bottom-up, without recursion)."""
    ids = {node.attrs["id"]: node for node in _walk(root) if "id" in node.attrs}
    drawn: dict[int, int] = {}
    open_: set[int] = set()
    pending: list[tuple[Node, bool]] = [(root, False)]
    while pending:
        node, ready = pending.pop()
        if id(node) in drawn:
            continue
        target = ids.get(node.attrs.get("href", "")[1:]) if node.tag == "use" else None
        needed = [child for child in node.children if isinstance(child, Node)] + ([target] if target else [])
        if not ready:
            if id(node) in open_:
                continue
            open_.add(id(node))
            pending.append((node, True))
            for other in needed:
                if id(other) in open_ and id(other) not in drawn:
                    raise SvgProblem(f"<{node.tag}> draws '{node.attrs.get('href', '')}', which contains it",
                                     node.line, node.col)
                pending.append((other, False))
            continue
        total = 1 + sum(drawn[id(other)] for other in needed)
        if total > MAX_DRAWN:
            raise SvgProblem(f"<{node.tag}> draws more than {MAX_DRAWN} elements once the <use> elements in it "
                             "are expanded", node.line, node.col)
        drawn[id(node)] = total


def _walk(root: Node) -> Iterator[Node]:
    """Every kept element, in document order."""
    pending = [root]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(reversed([child for child in node.children if isinstance(child, Node)]))


def _markup(part: Node | str) -> str:
    """A kept element (or text) as markup without namespace prefixes."""
    if isinstance(part, str):
        return _text_markup(part)
    attrs = "".join(f' {name}="{_attribute(value)}"' for name, value in part.attrs.items())
    if not part.children:
        return f"<{part.tag}{attrs}/>"
    return f"<{part.tag}{attrs}>{''.join(_markup(child) for child in part.children)}</{part.tag}>"


def _text_markup(text: str) -> str:
    """Text escaped for XML and HTML alike."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attribute(value: str) -> str:
    """An attribute value escaped for a double-quoted attribute."""
    return _text_markup(value).replace('"', "&quot;")
