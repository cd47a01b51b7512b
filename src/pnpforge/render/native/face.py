"""One face's HTML document to a fragment, drawn natively, or ``Unsupported`` when WeasyPrint must lay it out.

The document is the one the render stage keys its cache by: the head names the stylesheets (``pnp:`` URLs,
read through the same roots the PDF stage fetches from, and parsed once per process), the body holds one
``section.face``. The section's box is the page; its content is laid out (``layout``), painted (``paint``) and
returned as a ``Fragment`` whose fonts the PDF builder embeds once per file.
"""

from __future__ import annotations

import html as html_text
import re
import zlib
from pathlib import Path

from pnpforge.render.fonts import FontSet
from pnpforge.render.fragments import Fragment, number
from pnpforge.render.native.boxes import build
from pnpforge.render.native.css import Stylesheets
from pnpforge.render.native.dom import Unsupported, parse_fragment
from pnpforge.render.native.layout import Layout
from pnpforge.render.native.paint import Canvas, Painter
from pnpforge.render.resolver import url_path

LINK = re.compile(r'<link rel="stylesheet" href="([^"]+)">')
BODY = re.compile(r"<body>(.*)</body>", re.DOTALL)
FOR_WEASYPRINT = re.compile(r'<meta name="pnpforge-renderer" content="weasyprint: ([^"]*)">')


def for_weasyprint(html: str, reason: str) -> str:
    """A face document marked to be drawn by WeasyPrint, which the native renderer refuses with ``reason``
    (``render.verify`` marks the faces of a layout it draws wrong)."""
    marker = f'<meta name="pnpforge-renderer" content="weasyprint: {html_text.escape(reason, quote=True)}">'
    return html.replace("<head>", "<head>\n" + marker, 1)


class NativeRenderer:
    """Draws faces natively; one per process and font set (stylesheets and svg are cached)."""

    def __init__(self, fonts: FontSet, roots: dict[str, Path]):
        self.fonts = fonts
        self.roots = {name: Path(path) for name, path in roots.items()}
        self._sheets: dict[tuple[str, ...], Stylesheets] = {}
        self._svg: dict[str, object] = {}

    def _stylesheets(self, urls: tuple[str, ...]) -> Stylesheets:
        found = self._sheets.get(urls)
        if found is None:
            texts = []
            for url in urls:
                path = url_path(self.roots, url)
                if path is None or not path.is_file():
                    raise Unsupported(f"stylesheet {url} not found")
                text = path.read_text(encoding="utf-8")
                if "@import" in text or "url(" in text:
                    raise Unsupported(f"stylesheet {url} fetches other files")
                texts.append(text)
            found = self._sheets[urls] = Stylesheets(texts)
        return found

    def svg_of(self, markup: str):
        found = self._svg.get(markup)
        if found is None:
            from pnpforge.render.native import svg  # noqa: PLC0415 - a face without inline SVG never loads it

            found = svg.parse_svg(markup)  # its Unsupported is the renderer's: the face falls back
            if len(self._svg) > 20_000:
                self._svg.clear()
            self._svg[markup] = found
        return found

    def render(self, html: str) -> Fragment:
        """The face of ``html`` as a fragment; ``Unsupported`` when it needs WeasyPrint."""
        head, _, _ = html.partition("<body>")
        marked = FOR_WEASYPRINT.search(head)
        if marked is not None:
            raise Unsupported(html_text.unescape(marked.group(1)))
        body = BODY.search(html)
        if body is None:
            raise Unsupported("no body")
        if "<style>" in head:
            style_block = head[head.index("<style>") + 7:head.index("</style>")]
            if re.sub(r"@font-face \{[^}]*\}|@page [\w-]* ?\{[^}]*\}|\s", "", style_block):
                raise Unsupported("a style element with rules of its own")
        sheets = self._stylesheets(tuple(LINK.findall(head)))
        root = parse_fragment(body.group(1))
        box = build(root, sheets)
        width, height = box.style["width"], box.style["height"]
        if type(width) is not float or type(height) is not float:  # a length, not auto or a percentage
            raise Unsupported("a face without a size in its style")
        Layout(self.fonts).face(box, width, height)
        canvas = Canvas()
        Painter(self.svg_of).paint(box, canvas)
        return _fragment(canvas, width, height)


def _fragment(canvas: Canvas, width: float, height: float) -> Fragment:
    contents = b"1 0 0 -1 0 %s cm\n" % number(height) + b"\n".join(canvas.ops)
    objects: list[tuple[int, bytes, bytes | None]] = [(1, b"/Filter/FlateDecode", _deflate(contents))]
    xobjects = b""
    box = b"[0 0 %s %s]" % (number(width), number(height))
    for index, form in enumerate(canvas.forms):
        objects.append((2 + index, b"/Type/XObject/Subtype/Form/BBox" + box +
                        b"/Group<</S/Transparency>>/Resources \x00%d\x00/Filter/FlateDecode" % (2 + len(canvas.forms)),
                        _deflate(form)))
        xobjects += b"/Fm%d \x00%d\x00" % (index, 2 + index)
    fonts = b"".join(b"/F" + key.encode() + b" \x01F" + key.encode() + b"\x01" for key in sorted(canvas.fonts))
    states = b"".join(b"/a" + number(alpha) + b"<</ca " + number(alpha) + b"/CA " + number(alpha) + b">>"
                      for alpha in sorted(canvas.alphas))
    shadings = b"".join(b"/" + name.encode() + b" " + body for name, body in sorted(canvas.shadings.items()))
    resources = (b"<<" + (b"/Font<<" + fonts + b">>" if fonts else b"") +
                 (b"/ExtGState<<" + states + b">>" if states else b"") +
                 (b"/Shading<<" + shadings + b">>" if shadings else b"") +
                 (b"/XObject<<" + xobjects + b">>" if xobjects else b"") + b">>")
    if canvas.forms:  # the forms share the page's resources, through one object
        objects.append((2 + len(canvas.forms), resources, None))
    used = {key: (str(font.path), dict(sorted(canvas.used.get(key, {}).items())))
            for key, font in sorted(canvas.fonts.items())}
    return Fragment(objects, 1, resources, None, (0.0, 0.0, width, height), used)


def _deflate(data: bytes) -> bytes:
    return zlib.compress(data, 6)
