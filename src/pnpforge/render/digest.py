"""A page WeasyPrint drew, reduced to a fragment (``fragments.Fragment``): the one place a face's PDF is parsed.

Natively drawn faces are fragments from the start; only a face WeasyPrint drew comes here, so pypdf is loaded
only by builds that have such a face.
"""

from __future__ import annotations

import io
import zlib

from pypdf import PdfReader
from pypdf.generic import (ArrayObject, BooleanObject, ByteStringObject, DictionaryObject, FloatObject,
                           IndirectObject, NameObject, NullObject, NumberObject, StreamObject, TextStringObject)

from pnpforge.render.fragments import Fragment


def digest(pdf: bytes) -> Fragment:
    """The first page of a PDF as a fragment."""
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    box = page.mediabox
    mediabox = (float(box.left), float(box.bottom), float(box.right), float(box.top))
    objects: dict[int, tuple[bytes, bytes | None]] = {}
    pending: list[IndirectObject] = []

    def note(ref: IndirectObject) -> None:
        if ref.idnum not in objects and all(ref.idnum != p.idnum for p in pending):
            pending.append(ref)

    resources = _serialise(page.get("/Resources") or DictionaryObject(), note)
    group = _serialise(page["/Group"], note) if "/Group" in page else None
    contents_obj = page.get("/Contents")
    if isinstance(contents_obj, IndirectObject) and isinstance(contents_obj.get_object(), StreamObject):
        contents = contents_obj.idnum
        note(contents_obj)
    else:  # no content or an array of streams: join them into one stream of our own
        found = page.get_contents() if contents_obj is not None else None
        data = found.get_data() if found is not None else b""
        contents = -1
        objects[contents] = (b"/Filter/FlateDecode", zlib.compress(data, 6))
    while pending:
        ref = pending.pop()
        if ref.idnum in objects:
            continue
        value = ref.get_object()
        if isinstance(value, StreamObject):
            inner = b"".join(_name(k) + b" " + _serialise(v, note) for k, v in value.items() if k != "/Length")
            objects[ref.idnum] = (inner, value._data)
        else:
            objects[ref.idnum] = (_serialise(value, note), None)
    ordered = [(number, body, data) for number, (body, data) in sorted(objects.items())]
    return Fragment(ordered, contents, resources, group, mediabox)


def _name(name: str) -> bytes:
    """A PDF name as bytes."""
    out = io.BytesIO()
    NameObject(name).write_to_stream(out)
    return out.getvalue()


def _serialise(value, note) -> bytes:
    """PDF syntax for a value, references written as placeholders (``note`` collects them)."""
    if isinstance(value, IndirectObject):
        note(value)
        return b"\x00%d\x00" % value.idnum
    if isinstance(value, StreamObject):
        raise ValueError("a stream can only be reached through a reference")
    if isinstance(value, DictionaryObject):
        return b"<<" + b"".join(_name(k) + b" " + _serialise(v, note) for k, v in value.items()) + b">>"
    if isinstance(value, ArrayObject):
        return b"[" + b" ".join(_serialise(v, note) for v in value) + b"]"
    if isinstance(value, NameObject):
        return _name(value)
    if isinstance(value, BooleanObject):
        return b"true" if value else b"false"
    if isinstance(value, NullObject) or value is None:
        return b"null"
    if isinstance(value, (NumberObject, FloatObject, int, float)):
        out = io.BytesIO()
        (value if isinstance(value, (NumberObject, FloatObject)) else FloatObject(value)).write_to_stream(out)
        return out.getvalue()
    if isinstance(value, TextStringObject):
        return b"<" + value.get_original_bytes().hex().encode() + b">"
    if isinstance(value, (ByteStringObject, bytes)):
        return b"<" + bytes(value).hex().encode() + b">"
    raise ValueError(f"unexpected PDF value {value!r}")
