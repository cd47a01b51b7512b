"""Face fragments: a rendered face page reduced once to bytes, so later PDFs copy it without parsing it again.

Every output that shows a face (the face PDFs, the print-shop PDFs, the home-print sheets) is assembled from the
render cache, one face at a time. Parsing a WeasyPrint page with pypdf for each output costs ~25 ms a face (its
font tables are large), so each face is parsed once, when it is rendered: ``digest.digest`` walks the page's content and
resources and serialises every object they reach, writing references as placeholders; ``PdfBuilder`` then copies
those bytes into a new PDF with fresh object numbers. A face can become a page of its own (``face_page``) or a
form XObject that sheets place many times (``face_form``).

The builder writes a classic cross-reference table, no dates and a file identifier derived from the content, so
the same fragments placed the same way always give the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.caches import code
from pnpforge.files import replacing

PT_PER_MM = 72 / 25.4
_REF = re.compile(rb"\x00(\d+)\x00")
_FONT = re.compile(rb"\x01F([0-9a-f]+)\x01")  # a font the builder embeds once per file (natively drawn faces)


@dataclass
class Fragment:
    """One face page as bytes: its objects, its content stream and resources, and its page box in points."""

    objects: list[tuple[int, bytes, bytes | None]]  # (number, body or stream dictionary, stream data)
    contents: int  # the number of the content stream among ``objects``
    resources: bytes  # the page's resource dictionary
    group: bytes | None  # the page's transparency group, if any
    mediabox: tuple[float, float, float, float]
    fonts: dict[str, tuple[str, dict[int, str]]] = field(default_factory=dict)  # key -> (font file, glyph -> text)

    @property
    def size_pt(self) -> tuple[float, float]:
        """Width and height of the page in points."""
        x0, y0, x1, y1 = self.mediabox
        return x1 - x0, y1 - y0


def dump(fragment: Fragment, path: Path, meta: dict) -> None:
    """Write a fragment (and some facts about it) to ``path``, atomically."""
    index, blobs, offset = [], [], 0
    for number, body, data in fragment.objects:
        parts = [body] + ([data] if data is not None else [])
        index.append([number, len(body), -1 if data is None else len(data)])
        blobs += parts
        offset += sum(len(p) for p in parts)
    header = {"version": code.digest("render.fragments"), "contents": fragment.contents,
              "mediabox": list(fragment.mediabox),
              "resources": fragment.resources.hex(), "group": fragment.group.hex() if fragment.group else None,
              "objects": index, "meta": meta,
              "fonts": {key: [path, {str(gid): text for gid, text in used.items()}]
                        for key, (path, used) in fragment.fonts.items()}}
    with replacing(path) as temporary, temporary.open("wb") as out:
        out.write(json.dumps(header, separators=(",", ":")).encode() + b"\n")
        for blob in blobs:
            out.write(blob)


def load(path: Path) -> tuple[Fragment, dict]:
    """A fragment written by ``dump``, and its facts."""
    raw = path.read_bytes()
    newline = raw.index(b"\n")
    header = json.loads(raw[:newline])
    position = newline + 1
    objects = []
    for number, body_length, data_length in header["objects"]:
        body = raw[position:position + body_length]
        position += body_length
        data = None
        if data_length >= 0:
            data = raw[position:position + data_length]
            position += data_length
        objects.append((number, body, data))
    group = bytes.fromhex(header["group"]) if header["group"] else None
    fonts = {key: (path, {int(gid): text for gid, text in used.items()})
             for key, (path, used) in header.get("fonts", {}).items()}
    fragment = Fragment(objects, header["contents"], bytes.fromhex(header["resources"]), group,
                        tuple(header["mediabox"]), fonts)
    return fragment, header["meta"]


def number(value: float) -> bytes:
    """A coordinate for a content stream: at most four decimals, no float noise."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return (text if text not in ("-0", "") else "0").encode()


class PdfBuilder:
    """A new PDF assembled from fragments and content streams of our own."""

    def __init__(self, subset: bool = True, glyphs: dict[str, tuple[int, ...]] | None = None) -> None:
        """An empty document: object 1 is the catalogue, object 2 the page tree.

        Fonts are embedded as subsets of the glyphs the document uses, or of ``glyphs`` (per font file: the
        glyphs of every face of a build, so that all its PDFs share one subset of each font); ``subset=False``
        embeds whole font files (for a PDF that is only rasterised: subsetting costs more than it saves there).
        """
        self.subset = subset
        self.glyphs = glyphs or {}
        self._bodies: list[bytes | None] = [None, None]
        self._pages: list[int] = []
        self._fonts: dict[str, tuple[str, dict[int, str], int]] = {}  # key -> (file, glyphs used, object)

    def new_object(self) -> int:
        """A new object number, filled in later with ``put``."""
        self._bodies.append(None)
        return len(self._bodies)

    def put(self, number: int, body: bytes) -> None:
        """Set the body of an object numbered by ``new_object``."""
        self._bodies[number - 1] = body

    def add(self, body: bytes) -> int:
        """A new object with this body."""
        number = self.new_object()
        self.put(number, body)
        return number

    def add_stream(self, dictionary: bytes, data: bytes, compress: bool = True) -> int:
        """A new stream object (``dictionary`` without its brackets and ``/Length``)."""
        if compress:
            data = zlib.compress(data, 6)
            dictionary = b"/Filter/FlateDecode" + dictionary
        return self.add(_stream(dictionary, data))

    def _import(self, fragment: Fragment, skip: int | None = None) -> dict[int, int]:
        """Copy a fragment's objects (but ``skip``) under new numbers; the old-to-new table."""
        table = {old: self.new_object() for old, _, _ in fragment.objects if old != skip}
        if skip is not None:
            table[skip] = 0
        for key, (path, used) in fragment.fonts.items():
            if key not in self._fonts:
                self._fonts[key] = (path, {}, self.new_object())
            self._fonts[key][1].update(used)
        for old, body, data in fragment.objects:
            if old == skip:
                continue
            body = self._resolve(body, table)
            self.put(table[old], body if data is None else _stream(body, data))
        return table

    def _resolve(self, body: bytes, table: dict[int, int]) -> bytes:
        """A fragment's bytes with its references renumbered and its font placeholders resolved."""
        body = _renumber(body, table)
        if b"\x01" in body:
            body = _FONT.sub(lambda m: b"%d 0 R" % self._fonts[m.group(1).decode()][2], body)
        return body

    def face_form(self, fragment: Fragment) -> int:
        """A form XObject drawing the whole face page; its box is the page's box."""
        table = self._import(fragment, skip=fragment.contents)
        contents = next((body, data) for old, body, data in fragment.objects if old == fragment.contents)
        assert contents[1] is not None  # a page's contents are a stream
        box = b"[" + b" ".join(number(v) for v in fragment.mediabox) + b"]"
        group = b"/Group " + _renumber(fragment.group, table) if fragment.group else b""
        dictionary = (b"/Type/XObject/Subtype/Form/BBox" + box + b"/Resources " +
                      self._resolve(fragment.resources, table) + group + _renumber(contents[0], table))
        return self.add(_stream(dictionary, contents[1]))

    def face_page(self, fragment: Fragment, boxes: dict[str, tuple[float, float, float, float]]) -> int:
        """The face as a page of its own, with page boxes (``/MediaBox`` ... in points) as given."""
        table = self._import(fragment)
        group = b"/Group " + _renumber(fragment.group, table) if fragment.group else b""
        return self.page(boxes, b"%d 0 R" % table[fragment.contents], self._resolve(fragment.resources, table),
                         group)

    def page(self, boxes: dict[str, tuple[float, float, float, float]], contents: bytes, resources: bytes,
             extra: bytes = b"") -> int:
        """A page with the given boxes, content reference and resource dictionary."""
        box_bytes = b"".join(name.encode() + b"[" + b" ".join(number(v) for v in box) + b"]"
                             for name, box in boxes.items())
        number_ = self.add(b"<</Type/Page/Parent 2 0 R" + box_bytes + b"/Contents " + contents +
                           b"/Resources " + resources + extra + b">>")
        self._pages.append(number_)
        return number_

    def to_bytes(self, title: str = "") -> bytes:
        """The finished document."""
        if self._fonts:
            from pnpforge.render.subsets import font_dictionaries

            for key in sorted(self._fonts):
                path, used, target = self._fonts[key]
                font_dictionaries(self, path, used, target, self.subset, self.glyphs.get(path, ()))
        kids = b" ".join(b"%d 0 R" % n for n in self._pages)
        self.put(1, b"<</Type/Catalog/Pages 2 0 R>>")
        self.put(2, b"<</Type/Pages/Kids[" + kids + b"]/Count %d>>" % len(self._pages))
        bodies = self._bodies + [b"<</Producer(pnpforge)" + (b"/Title<" + _utf16(title) + b">" if title else b"")
                                 + b">>"]
        info = len(bodies)
        out = io.BytesIO()
        out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        identity = hashlib.md5()
        for index, body in enumerate(bodies, start=1):
            offsets.append(out.tell())
            assert body is not None, f"object {index} was reserved but never written"
            out.write(b"%d 0 obj\n" % index + body + b"\nendobj\n")
            identity.update(body)
        xref = out.tell()
        out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(bodies) + 1))
        for offset in offsets:
            out.write(b"%010d 00000 n \n" % offset)
        digest_hex = identity.hexdigest().encode()
        out.write(b"trailer\n<</Size %d/Root 1 0 R/Info %d 0 R/ID[<%s><%s>]>>\nstartxref\n%d\n%%%%EOF\n"
                  % (len(bodies) + 1, info, digest_hex, digest_hex, xref))
        return out.getvalue()


def _stream(dictionary: bytes, data: bytes) -> bytes:
    """A stream object's body."""
    return b"<<" + dictionary + b"/Length %d>>\nstream\n" % len(data) + data + b"\nendstream"


def _renumber(body: bytes, table: dict[int, int]) -> bytes:
    """Placeholders become references to the new object numbers."""
    return _REF.sub(lambda m: b"%d 0 R" % table[int(m.group(1))], body)


def _utf16(text: str) -> bytes:
    """A text string as UTF-16BE hex, BOM first."""
    return ("feff" + text.encode("utf-16-be").hex()).encode()



