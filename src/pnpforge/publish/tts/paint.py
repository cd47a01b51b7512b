"""Drawing the Tabletop Simulator images: faces from the master render, trimmed, at an exact pixel size.

A face's master page carries bleed; it is drawn at the resolution that makes its trim the wanted width, the bleed
is cut away, and a pixel of rounding is taken up by resampling. Every image file is stamped with the render keys
of its faces, so a build draws only the images whose faces changed; ``finish`` removes the folder's images that no
longer belong to the export (a deck renamed, a card removed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from pnpforge.caches import code
from pnpforge.files import write_atomic
from pnpforge.publish.tts.grid import MM_PER_INCH, SheetGrid
from pnpforge.render.cache import hash_of
from pnpforge.render.faces import Face
from pnpforge.render.raster import png_bytes, release_buffer, render_page
from pnpforge.render.stage import RenderResult

TTS_CODE = ("publish.tts", "render")  # the code that paints the images: part of every image's stamp
PAPER = (255, 255, 255)
PLAIN = (58, 58, 62)  # a back for cards that have none: dark grey with a lighter frame
PLAIN_FRAME = (120, 120, 126)


class Painter:
    """Draws faces into image files, keeping the master's PDFs open while it works."""

    def __init__(self, master: RenderResult, folder: Path):
        self.master = master
        self.folder = folder
        self.faces = {face.key: face for face in master.faces}
        self.documents: dict[Path, Any] = {}  # pypdfium2's documents, open while painting
        self.drawn = 0

    def sheet(self, target: Path, grid: SheetGrid, cells: Sequence[Face | None], hidden: Face | None) -> None:
        """A grid of faces (None: a plain back), the hidden card in the last cell, as an RGB PNG."""
        from PIL import Image  # noqa: PLC0415 - loaded by the builds that export

        entries = [face.key if face else "-" for face in cells] + [hidden.key if hidden else "-"]
        key = hash_of("tts-sheet", code.digest(*TTS_CODE), repr(grid), *(self.master.keys.get(k, k) for k in entries))
        if self.master.stamps.fresh(target, key):
            return
        sheet = Image.new("RGB", grid.size, PAPER)
        for index, face in enumerate([*cells] + [None] * (grid.hidden_cell - len(cells)) + [hidden]):
            if index < len(cells) or index == grid.hidden_cell:
                image = self.face(face, grid.cell_width, grid.cell_height) if face else \
                    plain(grid.cell_width, grid.cell_height)
                sheet.paste(image, grid.cell_origin(index))
        self._write(target, sheet, grid.dpi, key)

    def single(self, target: Path, face: Face, width: int, height: int) -> None:
        """One face as an RGB PNG of exactly ``width`` x ``height`` pixels."""
        key = hash_of("tts-face", code.digest(*TTS_CODE), f"{width}x{height}", self.master.keys[face.key])
        if self.master.stamps.fresh(target, key):
            return
        dpi = width / (face.layout.width / MM_PER_INCH)
        self._write(target, self.face(face, width, height), dpi, key)

    def plain(self, target: Path, width: int, height: int) -> Path:
        """The plain back at a cell's size (``plain-back-<w>x<h>.png`` beside ``target``)."""
        path = target.with_name(f"{target.stem}-{width}x{height}.png")
        key = hash_of("tts-plain", code.digest(*TTS_CODE), f"{width}x{height}")
        if not self.master.stamps.fresh(path, key):
            self._write(path, plain(width, height), 300, key)
        return path

    def face(self, face: Face, width: int, height: int):
        """A face's trim as an RGB image of exactly ``width`` x ``height`` pixels."""
        from PIL import Image  # noqa: PLC0415

        pdf, index = self.master.pages[face.key]
        dpi = width / (face.layout.width / MM_PER_INCH)
        page = self._document(pdf)[index]
        image = render_page(page, dpi, reuse=True)
        page.close()
        cut = self.master.bleeds[face.key] * dpi / MM_PER_INCH
        image = image.crop((round(cut), round(cut), round(image.width - cut), round(image.height - cut)))
        if image.size != (width, height):
            image = image.resize((width, height), Image.Resampling.LANCZOS)
        return image

    def finish(self, keep: list[Path]) -> None:
        """Close the PDFs, save the stamps and remove images of earlier builds that are no longer exported."""
        for document in self.documents.values():
            document.close()
        self.documents.clear()
        release_buffer()
        self.master.stamps.save()
        kept = {path.resolve() for path in keep}
        if self.folder.is_dir():
            for path in sorted(self.folder.rglob("*")):
                if path.is_file() and path.suffix in (".png", ".json") and path.resolve() not in kept:
                    path.unlink()

    def _document(self, pdf: Path):
        """The master PDF, opened once."""
        import pypdfium2 as pdfium  # noqa: PLC0415

        if pdf not in self.documents:
            self.documents[pdf] = pdfium.PdfDocument(str(pdf))
        return self.documents[pdf]

    def _write(self, target: Path, image, dpi: float, key: str) -> None:
        """Write the image as PNG and stamp it."""
        import numpy  # noqa: PLC0415

        write_atomic(target, png_bytes(numpy.asarray(image), dpi))
        self.master.stamps.record(target, key)
        self.drawn += 1


def plain(width: int, height: int):
    """A plain card back: dark grey with a lighter frame inside the edge."""
    from PIL import Image, ImageDraw  # noqa: PLC0415

    image = Image.new("RGB", (width, height), PLAIN)
    inset = max(2, round(min(width, height) * 0.05))
    ImageDraw.Draw(image).rectangle((inset, inset, width - inset - 1, height - inset - 1), outline=PLAIN_FRAME,
                                    width=max(1, inset // 4))
    return image
