"""The final rulebook PDFs put together from the cached layouts: the faces drawn into their boxes as vector forms,
the index laid out alone put in place of the book's last pages, and each page centred on its paper.

Only a build whose rulebook changed comes here (``build_rulebook`` keeps a stamp of what each PDF was made from),
so pypdf is loaded only then.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Mapping, Sequence

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, ByteStringObject, DictionaryObject, FloatObject, IndirectObject, NameObject,
                           RectangleObject, StreamObject)

from pnpforge.files import write_atomic
from pnpforge.publish.rulebook.figures import ANCHOR_PREFIX, PT_PER_MM, PT_PER_PX, Figures, Placement
from pnpforge.publish.rulebook.pdf import Laid


def finish(laid: Laid, figures: Figures, pages: dict[str, PageObject], target: Path, paper: tuple[float, float],
           cover: str) -> int:
    """Put the index and the faces into the laid-out text, centre the pages on the paper (``(w, h)`` in mm),
    paint the first page's background in ``cover`` (``#rrggbb``) and write the PDF (only when its bytes changed).

    Returns the page count.
    """
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(laid.pdf)))
    if laid.index_pdf is not None:
        _replace_tail(writer, PdfReader(io.BytesIO(laid.index_pdf)), laid.index_at)
    compose(writer, laid.boxes, figures.placements, pages)
    for number, page in enumerate(writer.pages):
        _centre(writer, page, paper, cover if number == 0 else None)
    identifier = ByteStringObject(hashlib.sha256(laid.pdf + target.name.encode("utf-8")).digest()[:16])
    writer._ID = ArrayObject([identifier, identifier])  # one per paper size, from the content (pinned pypdf)
    buffer = io.BytesIO()
    writer.write(buffer)
    output = buffer.getvalue()
    if not target.is_file() or target.read_bytes() != output:
        write_atomic(target, output)
    return len(writer.pages)


def _centre(writer: PdfWriter, page: PageObject, paper: tuple[float, float], background: str | None) -> None:
    """Grow the page's boxes to the paper around its content; optionally fill the whole paper with a colour."""
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    paper_w, paper_h = paper[0] * PT_PER_MM, paper[1] * PT_PER_MM
    left, bottom = (paper_w - width) / 2, (paper_h - height) / 2
    box = RectangleObject([-left, -bottom, width + left, height + bottom])
    for name in ("/MediaBox", "/CropBox", "/TrimBox", "/BleedBox", "/ArtBox"):
        if name == "/MediaBox" or name in page:
            page[NameObject(name)] = box
    if background:
        red, green, blue = (int(background[i:i + 2], 16) / 255 for i in (1, 3, 5))
        fill = StreamObject()
        fill.set_data(f"q {red:.4f} {green:.4f} {blue:.4f} rg {-left:.3f} {-bottom:.3f} {paper_w:.3f} "
                      f"{paper_h:.3f} re f Q\n".encode("ascii"))
        raw = page.raw_get("/Contents")
        parts = list(raw.get_object()) if isinstance(raw.get_object(), ArrayObject) else [raw]
        page[NameObject("/Contents")] = ArrayObject([writer._add_object(fill), *parts])


def _replace_tail(writer: PdfWriter, index: PdfReader, at: int) -> None:
    """The pages from ``at`` on show the index laid out alone; bookmarks to its first page stay valid.

    The index alone is never longer than with every use listed, so each of its pages takes over an existing page
    (content and resources; the old links go) and pages left over are removed.
    """
    for offset, source in enumerate(index.pages):
        page = writer.pages[at + offset]
        content = StreamObject()
        content.set_data(_contents(source))
        page[NameObject("/Contents")] = writer._add_object(content.flate_encode())
        page[NameObject("/Resources")] = source["/Resources"].clone(writer)
        if "/Annots" in page:
            del page["/Annots"]
    for number in range(len(writer.pages) - 1, at + len(index.pages) - 1, -1):
        writer.remove_page(number)


def compose(writer: PdfWriter, anchors: Sequence[Mapping[str, Sequence[float]]], placements: list[Placement],
            faces: dict[str, PageObject]) -> None:
    """Draw each placement's faces onto the rulebook page that holds its box, scaled to the box's width.

    Each face becomes one Form XObject in the rulebook's PDF, however often it is drawn.
    """
    wanted = {p.anchor: p for p in placements}
    forms: dict[str, tuple[IndirectObject, float]] = {}
    for page, found in zip(writer.pages, anchors):
        height_pt = float(page.mediabox.height)
        drawn: list[str] = []
        names = DictionaryObject()
        for anchor, (x1, _y1, x2, y2) in sorted(found.items(), key=lambda pair: _anchor_number(pair[0])):
            placement = wanted.get(anchor)
            if placement is None:
                continue
            for key in placement.keys:
                if key not in forms:
                    forms[key] = (_form(writer, faces[key]), float(faces[key].mediabox.width))
                form, width_pt = forms[key]
                name = f"/RbFace{list(forms).index(key) + 1}"
                names[NameObject(name)] = form
                scale = (x2 - x1) * PT_PER_PX / width_pt
                drawn.append(f"q {scale:.6f} 0 0 {scale:.6f} {x1 * PT_PER_PX:.4f} "
                             f"{height_pt - y2 * PT_PER_PX:.4f} cm {name} Do Q")
        if drawn:
            _append(writer, page, names, "\n".join(drawn))


def _anchor_number(anchor: str) -> int:
    """Figures are drawn in the sequence they were placed."""
    tail = anchor[len(ANCHOR_PREFIX):]
    return int(tail) if tail.isdigit() else 0


def _form(writer: PdfWriter, face: PageObject) -> IndirectObject:
    """A face page as a Form XObject of the writer (its resources copied along)."""
    content = StreamObject()
    content.set_data(_contents(face))
    form = content.flate_encode()
    box = face.mediabox
    form.update({
        NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject([FloatObject(v) for v in (box.left, box.bottom, box.right, box.top)]),
        NameObject("/Resources"): face["/Resources"].clone(writer),
    })
    if "/Group" in face:
        form[NameObject("/Group")] = face["/Group"].clone(writer)
    return writer._add_object(form)  # pypdf (pinned) offers no public call to add a new indirect object


def _contents(page: PageObject) -> bytes:
    """A page's content stream, decoded (every page WeasyPrint lays out has one)."""
    contents = page.get_contents()
    if contents is None:
        raise ValueError("a page without content")
    return contents.get_data()


def _append(writer: PdfWriter, page: PageObject, names: DictionaryObject, drawing: str) -> None:
    """Add the drawing after the page's own content, in a clean graphics state."""
    resources = page["/Resources"].get_object()
    assert isinstance(resources, DictionaryObject)  # a page's resources are a dictionary
    xobjects = resources.get("/XObject")
    if xobjects is None:
        resources[NameObject("/XObject")] = names
    else:
        xobjects.get_object().update(names)
    before, after = StreamObject(), StreamObject()
    before.set_data(b"q\n")
    after.set_data(f"\nQ\n{drawing}\n".encode("ascii"))
    after = after.flate_encode()
    raw = page.raw_get("/Contents")
    contents = raw.get_object()
    parts = list(contents) if isinstance(contents, ArrayObject) else [raw]
    page[NameObject("/Contents")] = ArrayObject([writer._add_object(before), *parts, writer._add_object(after)])
