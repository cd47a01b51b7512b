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


def rasterise_arrays(pdf_path: Path, dpi: float, transparent: bool, pages: list[int] | None = None):
    """``(page index, pixels)`` for each page (every page without ``pages``), at the exact pixel size of ``dpi``,
    as arrays (height x width x 3, or 4 with alpha) taken from pdfium's buffer with no image in between: what
    print-shop files are encoded from. A rounding pixel more is cut, one less is blank paper."""
    import numpy  # noqa: PLC0415 - loaded by the builds that write PNG files
    import pypdfium2 as pdfium  # noqa: PLC0415

    document = pdfium.PdfDocument(str(pdf_path))
    try:
        for index in range(len(document)) if pages is None else pages:
            page = document[index]
            width, height = page_size_px(*page.get_size(), dpi)
            bitmap = _draw(page, dpi, transparent)
            drawn = bitmap.to_numpy()  # a view of pdfium's buffer: RGB, or BGRA with alpha
            if transparent:
                drawn = drawn[..., [2, 1, 0, 3]]
            paper = (255, 255, 255, 0) if transparent else (255, 255, 255)
            pixels = numpy.full((height, width, len(paper)), paper, dtype=numpy.uint8)
            rows, columns = min(height, drawn.shape[0]), min(width, drawn.shape[1])
            pixels[:rows, :columns] = drawn[:rows, :columns]  # a rounding pixel more is cut, one less is paper
            del drawn, bitmap
            page.close()
            yield index, pixels
    finally:
        document.close()


def png_bytes(image, dpi: float) -> bytes:
    """An RGB or RGBA image (or its pixels as an array) as a PNG file that says its resolution: deflate at speed,
    each row filtered by its left neighbour.

    Pillow chooses a filter for every row by trying them all, which is most of its time at low compression;
    imagecodecs (libpng) with one fixed filter gives files of about the same size in a third of the time.
    """
    import imagecodecs  # noqa: PLC0415 - loaded by the builds that write PNG files
    import numpy  # noqa: PLC0415

    data = imagecodecs.png_encode(numpy.asarray(image), level=1, filter=imagecodecs.PNG.FILTER.SUB)
    if data[12:16] != b"IHDR":
        raise ValueError("the PNG encoder wrote no header first")
    per_metre = int(dpi / 0.0254 + 0.5)
    chunk = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)  # pixels per metre, on both axes
    header_end = 8 + 4 + 4 + 13 + 4  # the signature, then IHDR's length, name, data and checksum
    return data[:header_end] + struct.pack(">I", 9) + chunk + struct.pack(">I", zlib.crc32(chunk)) + \
        data[header_end:]


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
    """``(page index, image)`` for each page: RGB on a paper-coloured ground, or RGBA when ``transparent``."""
    from PIL import Image  # noqa: PLC0415

    for index, pixels in rasterise_arrays(pdf_path, dpi, transparent, pages):
        yield index, Image.fromarray(pixels, "RGBA" if transparent else "RGB")


def render_page(page, dpi: float, transparent: bool = False, size: tuple[int, int] | None = None) -> Image.Image:
    """A pypdfium2 page as an RGB image on blank paper, or RGBA on nothing (``transparent``); cut to ``size``
    when pdfium drew a rounding pixel more.

    pdfium draws an opaque page straight into a buffer in the image's own byte order, and Pillow takes the rows it
    needs from it: half the time and a third of the memory of drawing BGRA, converting and cropping (an A4 page at
    300 dpi is 27 MB as drawn).
    """
    from PIL import Image  # noqa: PLC0415

    bitmap = _draw(page, dpi, transparent)
    mode = "RGBA" if transparent else "RGB"
    width, height = size if size is not None else (bitmap.width, bitmap.height)
    if bitmap.mode not in ("RGB", "BGRA") or width > bitmap.width or height > bitmap.height:
        return bitmap.to_pil().convert(mode)
    return Image.frombuffer(mode, (width, height), bitmap.buffer, "raw", bitmap.mode, bitmap.stride, 1)


def _draw(page, dpi: float, transparent: bool):
    """pdfium's drawing of a page: RGB on blank paper (BGR in reversed byte order), or with alpha BGRA as pdfium
    composes it best (its reversed order blends translucent pixels on a transparent ground differently)."""
    import pypdfium2.raw as pdfium_c  # noqa: PLC0415

    options = {} if transparent else {"rev_byteorder": True, "force_bitmap_format": pdfium_c.FPDFBitmap_BGR}
    return page.render(scale=dpi / POINTS_PER_INCH, fill_color=(255, 255, 255, 0 if transparent else 255),
                       may_draw_forms=False, **options)
