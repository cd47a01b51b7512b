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
from pnpforge.publish.rulebook.captions import ANCHOR as CAPTION
from pnpforge.publish.rulebook.pdf import Laid

SLACK_PT = 3.0  # a caption's page is shown this far around its box


def finish(laid: Laid, figures: Figures, pages: dict[str, PageObject], targets: Mapping[Path, tuple[float, float]],
           cover: str, captions: tuple[Sequence[PageObject], Sequence[Sequence[float]]] = ((), ())) -> int:
    """Put the index and the faces into the laid-out text once, then for each target and its paper (``(w, h)`` in
    mm) centre the pages on the paper, paint the first page's background in ``cover`` (``#rrggbb``) and write the
    PDF (only when its bytes changed).

    The papers share everything but the page boxes and the first page's background, so the text is read and the
    faces are drawn into it once: for each paper after the first, the boxes are set again and the background's
    stream (the same object) is given that paper's rectangle, which leaves the PDF as a composition for that paper
    alone writes it. ``captions`` are the figures' captions laid out alone (each one's page and box, see
    ``captions.py``), drawn into their empty boxes. Returns the page count.
    """
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(laid.pdf)))
    if laid.index_pdf is not None:
        _replace_tail(writer, PdfReader(io.BytesIO(laid.index_pdf)), laid.index_at)
    compose(writer, laid.boxes, figures.placements, pages)
    place_captions(writer, laid.boxes, *captions)
    sizes = [(float(page.mediabox.width), float(page.mediabox.height)) for page in writer.pages]
    fill: StreamObject | None = None
    for target, paper in targets.items():
        for number, page in enumerate(writer.pages):
            _boxes(page, sizes[number], paper)
        if writer.pages and cover:
            fill = _background(writer, writer.pages[0], sizes[0], paper, cover, fill)
        identifier = ByteStringObject(hashlib.sha256(laid.pdf + target.name.encode("utf-8")).digest()[:16])
        writer._ID = ArrayObject([identifier, identifier])  # one per paper size, from the content (pinned pypdf)
        buffer = io.BytesIO()
        writer.write(buffer)
        output = buffer.getvalue()
        if not target.is_file() or target.read_bytes() != output:
            write_atomic(target, output)
    return len(writer.pages)


def _margins(size: tuple[float, float], paper: tuple[float, float]) -> tuple[float, float, float, float]:
    """The paper's width and height in points and the margins left and below a page of ``size`` centred on it."""
    paper_w, paper_h = paper[0] * PT_PER_MM, paper[1] * PT_PER_MM
    return paper_w, paper_h, (paper_w - size[0]) / 2, (paper_h - size[1]) / 2


def _boxes(page: PageObject, size: tuple[float, float], paper: tuple[float, float]) -> None:
    """Grow the boxes of a page of ``size`` (points) to the paper around its content."""
    _, _, left, bottom = _margins(size, paper)
    box = RectangleObject([-left, -bottom, size[0] + left, size[1] + bottom])
    for name in ("/MediaBox", "/CropBox", "/TrimBox", "/BleedBox", "/ArtBox"):
        if name == "/MediaBox" or name in page:
            page[NameObject(name)] = box


def _background(writer: PdfWriter, page: PageObject, size: tuple[float, float], paper: tuple[float, float],
                colour: str, fill: StreamObject | None) -> StreamObject:
    """Fill the whole paper behind a page of ``size`` with a colour: in ``fill`` when the page has it already (drawn
    for another paper), else in a new stream put first on the page. Returns the stream."""
    paper_w, paper_h, left, bottom = _margins(size, paper)
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    data = (f"q {red:.4f} {green:.4f} {blue:.4f} rg {-left:.3f} {-bottom:.3f} {paper_w:.3f} "
            f"{paper_h:.3f} re f Q\n").encode("ascii")
    if fill is not None:
        fill.set_data(data)
        return fill
    fill = StreamObject()
    fill.set_data(data)
    raw = page.raw_get("/Contents")
    parts = list(raw.get_object()) if isinstance(raw.get_object(), ArrayObject) else [raw]
    page[NameObject("/Contents")] = ArrayObject([writer._add_object(fill), *parts])
    return fill


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


def place_captions(writer: PdfWriter, anchors: Sequence[Mapping[str, Sequence[float]]],
                   pages: Sequence[PageObject], boxes: Sequence[Sequence[float]]) -> None:
    """Draw each caption's page into the caption's empty box on the rulebook's pages: moved so that its box lands
    on the empty one, clipped to a little more than its box (glyphs may reach past it), each a Form XObject."""
    if not pages:
        return
    for page, found in zip(writer.pages, anchors):
        height_pt = float(page.mediabox.height)
        drawn: list[str] = []
        names = DictionaryObject()
        for anchor, (x1, y1, _x2, _y2) in sorted(found.items(), key=lambda pair: _anchor_number(pair[0], CAPTION)):
            number = _anchor_number(anchor, CAPTION)
            if not anchor.startswith(CAPTION) or not 0 < number <= len(boxes):
                continue
            if not 0 <= boxes[number - 1][0] < len(pages):  # lost in the captions' layout: nothing to draw
                continue
            at, cx1, cy1, cx2, cy2 = boxes[number - 1]
            source = pages[int(at)]
            source_h = float(source.mediabox.height)
            clip = (cx1 * PT_PER_PX - SLACK_PT, source_h - cy2 * PT_PER_PX - SLACK_PT,
                    cx2 * PT_PER_PX + SLACK_PT, source_h - cy1 * PT_PER_PX + SLACK_PT)
            name = f"/RbCaption{number}"
            names[NameObject(name)] = _form(writer, source, clip)
            dx = (x1 - cx1) * PT_PER_PX
            dy = (height_pt - y1 * PT_PER_PX) - (source_h - cy1 * PT_PER_PX)
            drawn.append(f"q 1 0 0 1 {dx:.4f} {dy:.4f} cm {name} Do Q")
        if drawn:
            _append(writer, page, names, "\n".join(drawn))


def _anchor_number(anchor: str, prefix: str = ANCHOR_PREFIX) -> int:
    """Figures are drawn in the sequence they were placed."""
    tail = anchor[len(prefix):]
    return int(tail) if tail.isdigit() else 0


def _form(writer: PdfWriter, face: PageObject, clip: Sequence[float] | None = None) -> IndirectObject:
    """A face page as a Form XObject of the writer (its resources copied along), shown whole or within
    ``clip`` (points)."""
    content = StreamObject()
    content.set_data(_contents(face))
    form = content.flate_encode()
    box = face.mediabox
    corners = ([FloatObject(v) for v in (box.left, box.bottom, box.right, box.top)] if clip is None
               else [FloatObject(round(float(v), 4)) for v in clip])
    form.update({
        NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(corners),
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
