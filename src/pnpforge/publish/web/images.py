"""Files the site makes from the render stage's output: card images (WebP) and web fonts (subset WOFF).

Card images are rasterised with pypdfium2 from the pages the render stage already laid out (its master PDFs,
cut to the trim), so a web card is the printed card; once, at the largest resolution wanted, each smaller image
being that drawing scaled down. A face the master does not hold (an item written inline in a worked example) is
taken from the rulebook's PDF of its figures when the build made one, else drawn from its HTML first, as the
render stage draws faces. Fonts are the vendored files of
``layouts/fonts/``, cut down to the Latin ranges the packs use (Czech and German included) and compressed, with their
licences beside them.

Everything is cached in the build's cache folder (``web/``) by a key of its inputs (the face's render key or HTML, the
resolution; the font file's bytes), so a rebuild makes only what changed; many tasks run in worker processes.
"""

from __future__ import annotations

import io
import math
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnpforge.caches import code
from pnpforge.files import write_atomic, write_if_changed
from pnpforge.render.cache import hash_of
from pnpforge.render.drawing import faces_pdf
from pnpforge.render.fonts import FontSet
from pnpforge.render.raster import release_buffer, render_page
from pnpforge.workers import give_back_memory, spread

if TYPE_CHECKING:
    from PIL import Image


IMAGE_CODE = ("publish.web.images", "render")  # the code that makes a web image or font (``caches.code``)
CACHE_DIR = "web"  # in the cache folder (``caches.paths``)
# libwebp's fastest method: a third less time than method 2 for the same look (a mean PSNR of 43.6 dB against 44.5
# on a deck of cards drawn at 2x), in files about a quarter larger.
WEBP = {"quality": 75, "method": 0}
MASKS_KEPT = 8  # round and outline masks kept by a process, by size (each a few hundred kB)
TASKS_IN_PROCESS = 6  # fewer tasks than this run here, without starting worker processes
TASKS_PER_BATCH = 6
# Basic Latin, Latin-1, Latin Extended-A and B (Czech, German, Polish ...), punctuation, arrows, the euro.
FONT_RANGES = [(0x20, 0x7E), (0xA0, 0x24F), (0x2000, 0x206F), (0x20AC, 0x20AC), (0x2122, 0x2122),
               (0x2190, 0x2193), (0x2212, 0x2212)]


@dataclass(frozen=True)
class ImageTask:
    """One face to rasterise from a page of a PDF, with ``bleed_mm`` cut from its edges, into an image at each
    scale of ``targets`` (``(scale, file)``; ``dpi`` is scale 1's resolution).

    The face is drawn once, at the largest scale, and each smaller image is that one scaled down (every pixel of
    the half-size image the average of four): a face costs one drawing, not one a resolution.
    """

    targets: tuple[tuple[int, str], ...]
    dpi: float
    trim_mm: tuple[float, float]  # the face's width and height: each image is these at its resolution, rounded
    transparent: bool
    round: bool
    pdf: str = ""
    page: int = 0
    bleed_mm: float = 0.0
    outline: tuple[tuple[float, float], ...] = ()  # a hex, polygon or path face: its corners, mm from the trim


@dataclass(frozen=True)
class LayoutTask:
    """Faces the render stage has not drawn, as HTML documents (one a face) to draw first.

    They are drawn as the render stage draws faces (natively where it can) into one PDF, a page a face, whose
    fonts are embedded whole: the PDF is only rasterised.
    """

    documents: tuple  # the HTML document of each face
    fonts: FontSet
    roots: tuple  # (name, folder) pairs for the documents' pnp: URLs
    pages: tuple  # the ImageTask of each document, in the same sequence (pdf and page unused)


@dataclass(frozen=True)
class FontTask:
    """One font file to subset into a web font."""

    key: str
    target: str
    source: str


def image_key(source_key: str, dpi: float, transparent: bool, round_shape: bool,
              outline: tuple[tuple[float, float], ...] = ()) -> str:
    """The cache key of a face image."""
    return hash_of("web-image", code.digest(*IMAGE_CODE), source_key, f"{dpi:g}", str(transparent), str(round_shape),
                   *([repr(outline)] if outline else []))


def font_key(path: Path) -> str:
    """The cache key of a web font: the source file's bytes."""
    return hash_of("web-font", code.digest(*IMAGE_CODE), "harfbuzz", path.read_bytes(), repr(FONT_RANGES))


def cached(cache: Path, key: str, suffix: str) -> Path:
    """Where a cache entry lives."""
    return cache / f"{key}{suffix}"


def files_of(tasks: list) -> int:
    """How many files the tasks make (each image at each scale, each font)."""
    return sum(len(task.targets) if isinstance(task, ImageTask) else
               sum(len(page.targets) for page in task.pages) if isinstance(task, LayoutTask) else 1
               for task in tasks)


def run_tasks(tasks: list, jobs: int | None) -> None:
    """Make every task's file; in worker processes too when there are many."""
    if not tasks:
        return
    workers = min(jobs or os.cpu_count() or 1, -(-len(tasks) // TASKS_PER_BATCH))
    if len(tasks) < TASKS_IN_PROCESS or workers <= 1:
        _batch(tasks)
        return
    spread(_batch, _batches(tasks, workers), workers)


def _batches(tasks: list, workers: int) -> list[list]:
    """Tasks in batches that keep the pages of one PDF together and share the work out evenly.

    The fonts are one batch, first (they take a few milliseconds each).
    """
    fonts = [t for t in tasks if isinstance(t, FontTask)]
    documents = [t for t in tasks if isinstance(t, LayoutTask)]  # a batch of faces to draw: a batch of its own
    pages = sorted((t for t in tasks if isinstance(t, ImageTask)), key=lambda t: (t.pdf, t.page))
    size = max(1, min(TASKS_PER_BATCH * 4, -(-len(pages) // (workers * 3))))
    return ([fonts] if fonts else []) + [[task] for task in documents] + \
        [pages[i:i + size] for i in range(0, len(pages), size)]


def _batch(tasks: list) -> int:
    """Worker: make a batch of files (each PDF opened once)."""
    import pypdfium2 as pdfium  # noqa: PLC0415 - loaded by the builds that make images

    documents: dict[str, pdfium.PdfDocument] = {}
    try:
        for task in tasks:
            if isinstance(task, FontTask):
                _subset_font(task)
            elif isinstance(task, LayoutTask):
                _lay_out(task)
            else:
                if task.pdf not in documents:
                    documents[task.pdf] = pdfium.PdfDocument(task.pdf)
                _images(documents[task.pdf][task.page], task)
            give_back_memory()  # a font subset, a batch of faces drawn or an image leaves tens of MB free but held
    finally:
        for document in documents.values():
            document.close()
        release_buffer()
    return len(tasks)


def _lay_out(task: LayoutTask) -> None:
    """Draw a batch of faces, then save each page as its face's image."""
    import pypdfium2 as pdfium  # noqa: PLC0415

    data, _ = faces_pdf(list(task.documents), task.fonts, dict(task.roots), subset=False)
    document = pdfium.PdfDocument(data)
    try:
        for index, wanted in enumerate(task.pages):
            _images(document[index], wanted)
    finally:
        document.close()


def _images(page, task: ImageTask) -> None:
    """Draw a face at the largest scale it is wanted at and save it, then each smaller scale from that drawing.

    Each image is the face's size at its resolution, rounded to whole pixels (as ``srcset`` says).
    """
    top = max(scale for scale, _ in task.targets)
    drawn = _render(page, task.dpi * top, task.transparent, task.bleed_mm, _size(task, top))
    for scale, target in sorted(task.targets, reverse=True):
        _save(target, drawn if scale == top else _smaller(drawn, top // scale, _size(task, scale)), task.round,
              task.outline, task.trim_mm)


def _smaller(drawn: Image.Image, factor: int, size: tuple[int, int]) -> Image.Image:
    """``drawn`` scaled down to ``size``: each pixel the average of ``factor`` by ``factor`` of its pixels (Pillow's
    ``reduce``, a third of a box resize's time) when ``size`` is a ``factor``-th of its size, less at most a pixel
    at the right and bottom edges; a box resize otherwise."""
    from PIL import Image  # noqa: PLC0415

    width, height = size
    if 0 <= drawn.width - width * factor < factor and 0 <= drawn.height - height * factor < factor:
        return drawn.reduce(factor, (0, 0, width * factor, height * factor))
    return drawn.resize(size, Image.Resampling.BOX)


def _size(task: ImageTask, scale: int) -> tuple[int, int]:
    """The size of a face's image at ``scale``, in pixels."""
    width, height = (round(side * task.dpi * scale / 25.4) for side in task.trim_mm)
    return width, height


def _save(target: str, image: Image.Image, round_shape: bool, outline: tuple[tuple[float, float], ...] = (),
          trim_mm: tuple[float, float] = (1.0, 1.0)) -> None:
    """Write a face image as WebP (round and outlined faces transparent outside their outline)."""
    if outline:
        image = _outlined(image, outline, trim_mm)
    elif round_shape:
        image = _round(image)
    buffer = io.BytesIO()
    image.save(buffer, "WEBP", **WEBP)
    write_atomic(Path(target), buffer.getvalue())


def _render(page, dpi: float, transparent: bool, bleed_mm: float, size: tuple[int, int]) -> Image.Image:
    """A PDF page as an image of ``size`` pixels: ``bleed_mm`` cut from its left and top edges, and from its right
    and bottom edges what is left over (pdfium draws only what is kept)."""
    from pnpforge.render.raster import POINTS_PER_INCH  # noqa: PLC0415

    width_pt, height_pt = page.get_size()
    cut = round(bleed_mm * dpi / 25.4)
    drawn_w, drawn_h = (math.ceil(side * dpi / POINTS_PER_INCH) for side in (width_pt, height_pt))
    image = render_page(page, dpi, transparent, reuse=True,
                        cut=(cut, cut, max(0, drawn_w - cut - size[0]), max(0, drawn_h - cut - size[1])))
    page.close()
    return image if image.size == size else image.resize(size)


def _round(image: Image.Image) -> Image.Image:
    """A round face: transparent outside its circle."""
    from PIL import Image  # noqa: PLC0415

    mask = _round_mask(image.size)
    rounded = image.convert("RGBA")
    alpha = rounded.getchannel("A")
    rounded.putalpha(Image.composite(alpha, mask, mask))
    return rounded


@lru_cache(maxsize=MASKS_KEPT)
def _round_mask(size: tuple[int, int]) -> Image.Image:
    """The alpha of a round face of ``size`` (a circle drawn 4 times larger and scaled down, for a smooth edge),
    made once per size in a process: every face of a type shares it. Read, never changed."""
    from PIL import Image, ImageDraw  # noqa: PLC0415

    large = Image.new("L", (size[0] * 4, size[1] * 4), 0)
    ImageDraw.Draw(large).ellipse((0, 0, large.width - 1, large.height - 1), fill=255)
    return large.resize(size, Image.Resampling.LANCZOS)


def _outlined(image: Image.Image, outline: tuple[tuple[float, float], ...], trim_mm: tuple[float, float]) \
        -> Image.Image:
    """A hex, polygon or path face: transparent outside its outline."""
    from PIL import Image  # noqa: PLC0415

    mask = _outline_mask(image.size, outline, trim_mm)
    shaped = image.convert("RGBA")
    shaped.putalpha(Image.composite(shaped.getchannel("A"), mask, mask))
    return shaped


@lru_cache(maxsize=MASKS_KEPT)
def _outline_mask(size: tuple[int, int], outline: tuple[tuple[float, float], ...], trim_mm: tuple[float, float]) \
        -> Image.Image:
    """The alpha of an outlined face of ``size`` (its outline drawn 4 times larger and scaled down), made once per
    size and outline in a process. Read, never changed."""
    from PIL import Image, ImageDraw  # noqa: PLC0415

    large = Image.new("L", (size[0] * 4, size[1] * 4), 0)
    sx, sy = large.width / trim_mm[0], large.height / trim_mm[1]
    ImageDraw.Draw(large).polygon([(x * sx, y * sy) for x, y in outline], fill=255)
    return large.resize(size, Image.Resampling.LANCZOS)


def _subset_font(task: FontTask) -> None:
    """A vendored font cut to ``FONT_RANGES`` by HarfBuzz's subsetter (with its layout closure: ligatures and
    kerning of the kept glyphs stay), without hinting, wrapped as WOFF.

    HarfBuzz keeps the same glyphs and tables as fontTools' subsetter in about a fiftieth of the time: fontTools
    decompiles every layout table to find the names they use, half a second a font.
    """
    import logging

    import uharfbuzz
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # vendored fonts carry harmless old timestamps
    wanted = uharfbuzz.SubsetInput()
    for low, high in FONT_RANGES:
        for point in range(low, high + 1):
            wanted.unicode_set.add(point)
    wanted.flags = uharfbuzz.SubsetFlags.NO_HINTING  # screens rasterise without TrueType hints; a third smaller
    subset = uharfbuzz.subset(uharfbuzz.Face(uharfbuzz.Blob.from_file_path(task.source)), wanted)
    if subset is None:
        raise ValueError(f"{task.source}: HarfBuzz could not subset this font")
    font = TTFont(io.BytesIO(subset.blob.data), recalcTimestamp=False)  # the same font gives the same bytes
    font.flavor = "woff"
    buffer = io.BytesIO()
    font.save(buffer)
    write_atomic(Path(task.target), buffer.getvalue())


def publish(source: Path, target: Path) -> bool:
    """Copy a cached file into the site unless the site already has the same bytes; True when written."""
    return write_if_changed(target, source.read_bytes())


def prune(folder: Path, keep: set[Path], pattern: str) -> None:
    """Remove files under ``folder`` matching ``pattern`` that are not in ``keep``."""
    if not folder.is_dir():
        return
    for path in folder.rglob(pattern):
        if path.is_file() and path not in keep:
            path.unlink(missing_ok=True)
