"""Rasterising: PDF pages to images (or pixel arrays) with pypdfium2 at an exact pixel size, and the PNG files print
shops take, with their resolution."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    from PIL import Image

POINTS_PER_INCH = 72
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def rasterise_arrays(pdf_path: Path, dpi: float, transparent: bool, pages: list[int] | None = None,
                     reuse: bool = False):
    """``(page index, pixels)`` for each page (every page without ``pages``), at the exact pixel size of ``dpi``,
    as arrays (height x width x 3, or 4 with alpha) taken from pdfium's buffer with no image in between: what
    print-shop files are encoded from. pdfium's bitmap is the page's size rounded up and the exact size is
    rounded to the nearest pixel, so the bitmap is never smaller: a rounding pixel more is cut.

    With ``reuse`` pdfium draws every page into one buffer kept by the process, and an opaque page's array is a
    view of it, valid until the next page is drawn: no page's memory is allocated, zeroed and given back (for
    300 dpi cards that was a third of the time of rasterising). The view is not copied when a rounding pixel is
    cut from each row (its rows are then not packed): a board at 300 dpi is a hundred megabytes a copy.
    """
    import numpy  # noqa: PLC0415 - loaded by the builds that write PNG files
    import pypdfium2 as pdfium  # noqa: PLC0415

    document = pdfium.PdfDocument(str(pdf_path))
    try:
        for index in range(len(document)) if pages is None else pages:
            page = document[index]
            width_pt, height_pt = page.get_size()
            width, height = page_size_px(width_pt, height_pt, dpi)
            bitmap = _draw(page, dpi, transparent, _SCRATCH.bitmap if reuse else None)
            drawn = bitmap.to_numpy()  # a view of pdfium's buffer: RGB, or BGRA with alpha
            if transparent:
                drawn = numpy.concatenate((drawn[..., 2::-1], drawn[..., 3:]), axis=2)  # RGBA, rows packed
            pixels = drawn[:height, :width]  # a rounding pixel more is cut
            if not reuse:  # pdfium's own buffer goes with its bitmap: the pixels are copied out of it first
                pixels = numpy.ascontiguousarray(pixels)
            del drawn, bitmap
            page.close()
            yield index, pixels
    finally:
        document.close()


def rasterise_pngs(pdf_path: Path, dpi: float, pages: list[int]) -> Iterator[tuple[int, bytes, tuple[int, int]]]:
    """``(page index, PNG file, (width, height))`` for each opaque page of ``pages``: what ``png_bytes`` makes of
    ``rasterise_arrays``'s pixels, byte for byte, drawn in the process's buffer laid out as the PNG's rows.

    pdfium draws each row one byte after the start of its row of the file, leaving that byte for the row's filter
    type; when pdfium's drawing is a rounding pixel wider than the page, each row is then moved left over that
    pixel. The rows are deflated where they were drawn: a page costs its drawing's memory once, not three times (a
    board at 300 dpi is a hundred megabytes a copy).
    """
    import numpy  # noqa: PLC0415 - loaded by the builds that write PNG files
    import pypdfium2 as pdfium  # noqa: PLC0415

    document = pdfium.PdfDocument(str(pdf_path))
    try:
        for index in pages:
            page = document[index]
            width_pt, height_pt = page.get_size()
            width, height = page_size_px(width_pt, height_pt, dpi)
            bitmap = _draw(page, dpi, False, _SCRATCH.rows_bitmap)
            drawn_stride, row = bitmap.width * 3 + 1, width * 3 + 1
            del bitmap
            page.close()
            assert _SCRATCH.buffer is not None  # just drawn into
            data = numpy.frombuffer(memoryview(_SCRATCH.buffer).cast("B"), dtype=numpy.uint8)
            if drawn_stride != row:
                for y in range(1, height):  # each row left over the rounding pixel of those above it
                    data[y * row + 1:(y + 1) * row] = data[y * drawn_stride + 1:y * drawn_stride + row]
            data = data[:height * row]
            data[::row] = 0  # each row's filter type: none
            yield index, png_file(data, width, height, 3, dpi), (width, height)
    finally:
        document.close()


class _Scratch:
    """The pixel buffer a process draws pages into when arrays are reused, grown to the largest page so far and
    kept until ``release_buffer``."""

    buffer = None

    def bitmap(self, width: int, height: int, format: int, rev_byteorder: bool = False):
        """A pdfium bitmap on the buffer (pypdfium2's ``bitmap_maker``), rows packed."""
        import ctypes  # noqa: PLC0415

        import pypdfium2 as pdfium  # noqa: PLC0415
        import pypdfium2.raw as pdfium_c  # noqa: PLC0415

        channels = 3 if format == pdfium_c.FPDFBitmap_BGR else 4
        size = width * height * channels
        if self.buffer is None or len(self.buffer) < size:
            self.buffer = (ctypes.c_ubyte * size)()
        return pdfium.PdfBitmap.new_native(width, height, format, rev_byteorder, buffer=self.buffer)

    def rows_bitmap(self, width: int, height: int, format: int, rev_byteorder: bool = False):
        """A pdfium bitmap on the buffer whose rows are a byte apart and begin one byte in: a PNG's unfiltered
        rows, each behind the byte of its filter type (``rasterise_pngs``)."""
        import ctypes  # noqa: PLC0415

        import pypdfium2 as pdfium  # noqa: PLC0415

        stride = width * 3 + 1  # RGB: pdfium draws opaque pages in BGR, its byte order reversed
        size = stride * height
        if self.buffer is None or len(self.buffer) < size + 1:
            self.buffer = (ctypes.c_ubyte * (size + 1))()
        rows = (ctypes.c_ubyte * size).from_buffer(self.buffer, 1)
        return pdfium.PdfBitmap.new_native(width, height, format, rev_byteorder, buffer=rows, stride=stride)


_SCRATCH = _Scratch()


def release_buffer() -> None:
    """Let go of the buffer pages are drawn into (an A4 page at 300 dpi is 27 MB), once a batch of pages is done:
    a worker that goes on to other tasks should not hold it."""
    _SCRATCH.buffer = None


def png_bytes(image, dpi: float) -> bytes:
    """An RGB or RGBA image (or its pixels as an array) as a PNG file that says its resolution: 8 bits a channel,
    rows unfiltered, deflated by zlib-ng at level 2.

    Measured on a box's print-shop faces (flat colour, text, some art), that is a third of the time of libpng at
    zlib's fastest level with each row filtered by its left neighbour, and files a tenth smaller; a PNG is only
    a few chunks around the deflated rows, so they are written here.
    """
    import numpy  # noqa: PLC0415 - loaded by the builds that write PNG files

    pixels = numpy.asarray(image)
    if pixels.dtype != numpy.uint8 or pixels.ndim != 3 or pixels.shape[2] not in (3, 4):
        raise ValueError(f"expected RGB or RGBA pixels of 8 bits, found {pixels.dtype} {pixels.shape}")
    height, width, channels = pixels.shape
    rows = numpy.zeros((height, width * channels + 1), dtype=numpy.uint8)  # each row: filter 0 (none), pixels
    rows[:, 1:] = pixels.reshape(height, width * channels)
    return png_file(rows, width, height, channels, dpi)


def png_file(rows, width: int, height: int, channels: int, dpi: float) -> bytes:
    """A PNG file of ``rows`` (a buffer: each row its filter type, then its pixels), deflated by zlib-ng at level 2."""
    import imagecodecs  # noqa: PLC0415 - loaded by the builds that write PNG files

    per_metre = int(dpi / 0.0254 + 0.5)
    return PNG_SIGNATURE + \
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6 if channels == 4 else 2, 0, 0, 0)) + \
        _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)) + \
        _chunk(b"IDAT", imagecodecs.zlibng_encode(rows, level=2)) + _chunk(b"IEND", b"")


def _chunk(name: bytes, data: bytes | bytearray) -> bytes:
    """A PNG chunk: length, name, data and the checksum of name and data."""
    return struct.pack(">I", len(data)) + name + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(name)))


def png_size(path: Path) -> tuple[int, int]:
    """Width and height of a PNG file, read from its header (no image library, nothing decoded)."""
    with open(path, "rb") as file:
        head = file.read(24)
    if len(head) < 24 or not head.startswith(PNG_SIGNATURE) or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG file")
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def page_size_px(width_pt: float, height_pt: float, dpi: float) -> tuple[int, int]:
    """The pixel size of a page at ``dpi`` (rounded to the nearest pixel)."""
    return round(width_pt * dpi / POINTS_PER_INCH), round(height_pt * dpi / POINTS_PER_INCH)


def rasterise(pdf_path: Path, dpi: float = 300, transparent: bool = False,
              pages: list[int] | None = None) -> Iterator[tuple[int, Image.Image]]:
    """``(page index, image)`` for each page: RGB on a paper-coloured ground, or RGBA when ``transparent``.

    Only the tests use it (to look at pages as images); the builds take ``rasterise_arrays`` or ``render_page``.
    """
    from PIL import Image  # noqa: PLC0415

    for index, pixels in rasterise_arrays(pdf_path, dpi, transparent, pages):
        yield index, Image.fromarray(pixels, "RGBA" if transparent else "RGB")


def render_page(page, dpi: float, transparent: bool = False, reuse: bool = False,
                cut: tuple[int, int, int, int] = (0, 0, 0, 0)) -> Image.Image:
    """A pypdfium2 page as an RGB image on blank paper, or RGBA on nothing (``transparent``), at the size pdfium
    draws it less ``cut`` pixels at its left, top, right and bottom edges (pdfium draws only the rest). With
    ``reuse`` pdfium draws into the process's buffer (the image is always a copy).

    pdfium draws an opaque page straight into a buffer in the image's own byte order, and Pillow takes the rows it
    needs from it: half the time and a third of the memory of drawing BGRA, converting and cropping (an A4 page at
    300 dpi is 27 MB as drawn).
    """
    from PIL import Image  # noqa: PLC0415

    bitmap = _draw(page, dpi, transparent, _SCRATCH.bitmap if reuse else None, cut)
    mode = "RGBA" if transparent else "RGB"
    return Image.frombuffer(mode, (bitmap.width, bitmap.height), bitmap.buffer, "raw", bitmap.mode, bitmap.stride, 1)


def _draw(page, dpi: float, transparent: bool, bitmap_maker=None, cut: tuple[int, int, int, int] = (0, 0, 0, 0)):
    """pdfium's drawing of a page: RGB on blank paper (BGR in reversed byte order), or with alpha BGRA as pdfium
    composes it best (its reversed order blends translucent pixels on a transparent ground differently); into a
    bitmap from ``bitmap_maker`` when one is given."""
    import pypdfium2.raw as pdfium_c  # noqa: PLC0415

    options = {} if transparent else {"rev_byteorder": True, "force_bitmap_format": pdfium_c.FPDFBitmap_BGR}
    if bitmap_maker is not None:
        options["bitmap_maker"] = bitmap_maker
    scale = dpi / POINTS_PER_INCH
    if any(cut):  # pypdfium2's crop is in points (left, bottom, right, top), rounded up to whole pixels
        left, top, right, bottom = ((max(0.0, px - 0.5)) / scale for px in cut)
        options["crop"] = (left, bottom, right, top)
    return page.render(scale=scale, fill_color=(255, 255, 255, 0 if transparent else 255),
                       may_draw_forms=False, **options)
